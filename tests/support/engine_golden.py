"""Seeded hands and analysis answers, digested: the engine's behaviour pinned byte for byte.

`tests/data/engine_golden.json` was written by `python -m tests.support.engine_golden`
on the commit before the rules tables got one owner (shared/suit.py, shared/groups.py):
for each of a fixed set of seeded hands, the action log the bots played and the digest
of every event the table sent; and a digest of the analysis's answers (shanten, waits,
有效牌, the discard table, readings, scores) on seeded random hands. tests/test_engine_golden.py
replays those logs and asks those questions again: a refactor or a compiled build that
changes one byte of an event or one answer fails it. The file keeps the logs, not the
bots' play, so that a change to a bot (a separate concern) does not move it.

`play_digest` (bots playing seeded hands, one digest over every log and event) is what
.ci/run compares between the pure and the compiled tree.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import msgspec

from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable
from shared import analysis
from shared.actions import AnyAction
from shared.fan import score_hand
from shared.notation import Hand
from shared.patterns import WinContext
from shared.ruleset import Ruleset, make_ruleset
from shared.tiles import Tile

DATA = Path(__file__).resolve().parents[1] / "data" / "engine_golden.json"
LINEUPS = (
    ("random", "random", "random", "random"),
    ("competent", "competent", "competent", "competent"),
    ("strong", "greedy", "easy", "competent"),
    ("greedy", "random", "strong", "easy"),
)
"""The bots of each group of hands: every level and baseline plays some."""
PRESETS = ("jipinghu", "jipinghu", "qq3", "baohu5")
HANDS_PER_LINEUP = 12
_ACTION = msgspec.json.Decoder(AnyAction)
_encode = msgspec.msgpack.encode


def _setups(rules: Ruleset, n: int, seed: int) -> list[HandSetup]:
    rng = random.Random(seed)
    east = rng.randrange(4)
    start = rules.starting_score
    return [
        HandSetup(
            rules=rules,
            seed=rng.getrandbits(64),
            dealer=(east + i) % 4,
            prevailing_wind=(i // 4) % 4,
            scores=(start, start, start, start),
            hand_number=i + 1,
        )
        for i in range(n)
    ]


def _setup_of(rules: Ruleset, row: dict[str, object]) -> HandSetup:
    start = rules.starting_score
    return HandSetup(
        rules=rules,
        seed=int(row["seed"]),  # type: ignore[call-overload]
        dealer=int(row["dealer"]),  # type: ignore[call-overload]
        prevailing_wind=int(row["prevailing_wind"]),  # type: ignore[call-overload]
        scores=(start, start, start, start),
        hand_number=int(row["hand_number"]),  # type: ignore[call-overload]
    )


def play_hands(lineup: tuple[str, ...], preset: str, n: int, seed: int) -> list[dict[str, object]]:
    """Bots play `n` seeded hands; each hand's setup, log and event digest."""
    rules = make_ruleset({"preset": preset})
    rng = random.Random(seed)
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for kind in lineup]
    rows: list[dict[str, object]] = []
    for setup in _setups(rules, n, rng.getrandbits(64)):
        table = HandTable(setup)
        events = hashlib.sha256(_encode(table.start()))
        while not table.ended:
            seat = table.awaiting()[0]
            events.update(_encode(table.step(seat, bots[seat].choose(table.live_view(seat)))))
        events.update(_encode(table.view(None)))
        rows.append(
            {
                "preset": preset,
                "seed": setup.seed,
                "dealer": setup.dealer,
                "prevailing_wind": setup.prevailing_wind,
                "hand_number": setup.hand_number,
                "log": [[seat, msgspec.json.encode(a).decode()] for seat, a in table.log],
                "events": events.hexdigest(),
            }
        )
    return rows


def replay_digest(row: dict[str, object]) -> str:
    """The digest of the events a hand's logged actions give, replayed on a new table."""
    rules = make_ruleset({"preset": row["preset"]})
    table = HandTable(_setup_of(rules, row))
    events = hashlib.sha256(_encode(table.start()))
    for seat, text in row["log"]:  # type: ignore[attr-defined]
        events.update(_encode(table.step(seat, _ACTION.decode(text))))
    events.update(_encode(table.view(None)))
    return events.hexdigest()


def play_digest(n: int = HANDS_PER_LINEUP) -> str:
    """One digest over the logs and events of every lineup's seeded hands."""
    total = hashlib.sha256()
    for i, (lineup, preset) in enumerate(zip(LINEUPS, PRESETS, strict=True)):
        for row in play_hands(lineup, preset, n, 1000 + i):
            total.update(json.dumps(row, sort_keys=True).encode())
    return total.hexdigest()


def _random_hand(rng: random.Random, size: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts


def _near_complete(rng: random.Random) -> list[int]:
    """A 14-tile hand of four sets and a pair (often a win), sometimes one tile off."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                suit = rng.randrange(3)
                low = 9 * suit + rng.randrange(7)
                for t in (low, low + 1, low + 2):
                    counts[t] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if rng.random() < 0.3:
            held = [t for t in range(34) if counts[t]]
            counts[rng.choice(held)] -= 1
            counts[rng.randrange(34)] += 1
        if max(counts) <= 4:
            return counts


def analysis_digest(n: int = 1500, seed: int = 7) -> str:
    """One digest of the analysis's answers on seeded hands: random ones of every size a
    hand has (melds 0–4), hands near a win, and their scores."""
    rng = random.Random(seed)
    rules = make_ruleset({"preset": "jipinghu"})
    out: list[object] = []
    for i in range(n):
        melds = i % 5
        short = _random_hand(rng, 13 - 3 * melds)
        full = _random_hand(rng, 14 - 3 * melds)
        for sp in (False, True):
            out.append(
                (
                    analysis.shanten(short, melds, sp),
                    analysis.shanten(full, melds, sp),
                    [int(t) for t in analysis.waits(short, melds, sp)],
                    sorted(analysis.wait_kinds(short, melds, sp)),
                    analysis.is_win(full, melds, sp),
                )
            )
        out.append(
            (
                analysis.standard_shanten(short, melds),
                analysis.orphans_shanten(short),
                analysis.seven_pairs_shanten(short),
                analysis.improving_kinds(short, melds),
                [(int(t), s, b) for t, s, b in analysis.discard_table(full, melds)],
                [analysis.shanten_within(short, melds, g) for g in ("m", "pz", "sz", "mps")],
                [analysis.improving_kinds_within(short, melds, g) for g in ("m", "pz", "z")],
            )
        )
        win = _near_complete(rng)
        out.append(
            (
                analysis.is_standard_win(win),
                analysis.is_win(win),
                sorted(analysis.chow_counts(win)),
                [repr(r) for r in analysis.readings(win)],
                [(int(t), s, b) for t, s, b in analysis.discard_table(win)],
            )
        )
        if analysis.is_win(win):
            tiles = [Tile(k) for k in range(34) for _ in range(win[k])]
            last = tiles.pop(rng.randrange(len(tiles)))
            hand = Hand(tuple(tiles), winning_tile=last)
            for self_drawn in (False, True):
                score = score_hand(hand, WinContext(self_drawn=self_drawn), rules)
                out.append(msgspec.json.encode(score).decode())
    return hashlib.sha256(json.dumps(out).encode()).hexdigest()


def make() -> dict[str, object]:
    hands: list[dict[str, object]] = []
    for i, (lineup, preset) in enumerate(zip(LINEUPS, PRESETS, strict=True)):
        for row in play_hands(lineup, preset, HANDS_PER_LINEUP, 1000 + i):
            row["bots"] = list(lineup)
            hands.append(row)
    return {"hands": hands, "analysis": analysis_digest()}


if __name__ == "__main__":
    if sys.argv[1:] == ["--play-digest"]:
        print(play_digest())
    else:
        DATA.parent.mkdir(exist_ok=True)
        DATA.write_text(json.dumps(make(), indent=0) + "\n")
        print(f"wrote {DATA}")
