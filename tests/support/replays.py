"""Hands played by computer players, as the records the replay viewer and the coach read."""

from __future__ import annotations

from functools import cache

from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable
from server.records import record_of
from shared.actions import AddedKong, Chow, ClaimKong, ConcealedKong, Pung
from shared.records import HandRecord, RecordFile, RecordSeat, RecordSession, make_record_file
from shared.ruleset import make_ruleset

LEVELS = ("strong", "normal", "greedy", "easy")
SEATS = (
    RecordSeat(name="阿强", kind="human", identity="ab12cd34"),
    RecordSeat(name="电脑 2", kind="bot", level="strong"),
    RecordSeat(name="阿珍", kind="human", identity="ef56aa78"),
    RecordSeat(name="Computer 4", kind="bot", level="easy"),
)
SESSION = RecordSession(
    session_id="s-1", table="阿强's table", started="2026-12-01T19:30:00Z", host="阿强"
)


def played_table(seed: int, options: dict[str, object] | None = None) -> HandTable:
    """One hand from `seed` under the default rules (or `options`), four computer players
    of different levels playing it out."""
    rules = make_ruleset(options)
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=seed,
            dealer=seed % 4,
            prevailing_wind=0,
            scores=(100, 100, 100, 100),
        )
    )
    bots = [make_bot(level, rules, seed * 7 + i) for i, level in enumerate(LEVELS)]
    table.start()
    while not table.ended:
        seat = table.awaiting()[0]
        table.step(seat, bots[seat].choose(table.live_view(seat)))
    return table


def played_record(seed: int, options: dict[str, object] | None = None) -> HandRecord:
    return record_of(played_table(seed, options))


@cache
def record_with(kinds: frozenset[str], flowers: bool = False, first: int = 0) -> HandRecord:
    """The first seed's hand (from `first`) that has every one of `kinds` ("chow", "kong",
    "robbing_kong", "draw", …: see kinds_of), played out by the four levels, under the
    default rules or with flowers, horses and seven pairs. Found by search rather than
    fixed, so that a change to how a computer player plays keeps the test's hand."""
    options = FLOWERS if flowers else None
    for seed in range(first, first + 2000):
        record = played_record(seed, options)
        if kinds <= kinds_of(record):
            return record
    raise LookupError(f"no hand among 2,000 seeds has {sorted(kinds)}")


FLOWERS: dict[str, object] = {"flowers": True, "horses": 2, "seven_pairs": True}


def as_file(record: HandRecord) -> RecordFile:
    return make_record_file(record, SESSION, SEATS, "0.1.0")


def kinds_of(record: HandRecord) -> set[str]:
    """What happens in a hand: "chow", "pung", "kong", "discard" / "self_drawn" / "draw"."""
    found = {record.result.kind if record.result.winners else "draw"}
    for _seat, action in record.actions:
        if isinstance(action, Chow):
            found.add("chow")
        elif isinstance(action, Pung):
            found.add("pung")
        elif isinstance(action, ClaimKong | ConcealedKong | AddedKong):
            found.add("kong")
    return found
