"""Checking a deal (PROTOCOL.md §15.5): every seat and a spectator follow real hands and
find no fault in an honest host; a host that stacks the wall, changes its secret, drops a
contribution or fakes the dice is caught at the table; and a record file whose wall,
secret, contribution or actions were changed afterwards fails `verify_record`."""

from __future__ import annotations

import json

import msgspec
import pytest

from server.engine.bots import make_bot
from server.engine.deal import HandDeal
from server.engine.session import Session
from server.records import record_of, replay, replayed_result
from shared.actions import Discard
from shared.events import (
    DealCommitted,
    DealRevealed,
    FlowerRevealed,
    HandStarted,
    TileDiscarded,
    TilesDealt,
)
from shared.records import (
    RecordSeat,
    RecordSession,
    decode_record_file,
    encode_record_file,
    make_record_file,
)
from shared.ruleset import TableOptions, make_ruleset
from shared.shuffle import commitment
from shared.verification import DealObserver, verify_record
from shared.views import TableView
from tests.support.deals import WATCHERS, play_observed

CONFIGS = [
    TableOptions(),
    TableOptions(flowers=True),
    TableOptions(flowers=True, horses=2),
    TableOptions(horses=1),
]


@pytest.mark.parametrize("options", CONFIGS, ids=["plain", "flowers", "flowers+horses", "horses"])
def test_an_honest_host_passes_every_check(options: TableOptions) -> None:
    rules = make_ruleset(options)
    kinds: set[str] = set()
    for hand in play_observed(rules, hands=60, seed=11):
        assert hand.table.result is not None
        kinds.add(hand.table.result.kind)
        for watcher in WATCHERS:
            check = hand.checks[watcher]
            assert check.problems == (), (watcher, check.problems)
            assert len(check.held) == 4 and check.taken and check.commitment
            assert check.held[0] or check.held[1]  # what the seats took was accounted for
        verdict = verify_record(hand.record_file(0), replayed_result)
        assert verdict.status == "verified", verdict
    assert {"self_drawn", "discard"} <= kinds  # the accounting met both kinds of win


def _swap(wall: tuple[int, ...], first: int, since: int) -> tuple[tuple[int, ...], int]:
    """The wall with the tile at `first` swapped for the first different one from `since`
    on (so the two go to different seats: a swap within one seat's deal changes nothing)."""
    other = next(p for p in range(since, len(wall)) if wall[p] != wall[first])
    tiles = list(wall)
    tiles[first], tiles[other] = tiles[other], tiles[first]
    return tuple(tiles), other


@pytest.mark.parametrize(
    ("place", "since"), [(0, 4), (60, 70), (135, 20)], ids=["dealt", "drawn", "tail"]
)
def test_a_stacked_wall_is_seen_by_every_player(
    monkeypatch: pytest.MonkeyPatch, place: int, since: int
) -> None:
    honest = HandDeal.derive
    swapped: list[int] = []

    def stacked(self: HandDeal, flowers: bool) -> tuple[tuple[int, ...], tuple[int, int]]:
        wall, dice = honest(self, flowers)
        wall, other = _swap(wall, place, since)
        swapped.append(other)
        return wall, dice

    monkeypatch.setattr(HandDeal, "derive", stacked)
    rules = make_ruleset(TableOptions())
    caught = 0
    for n, hand in enumerate(play_observed(rules, hands=8, seed=5)):
        if not all(hand.checks[w].problems for w in WATCHERS):
            # When one seat took both changed places, only that seat can tell (its own
            # draws); when no seat drew either, nobody's tiles changed.
            wall = hand.table.wall
            drawn = [wall.head > p or wall.tail <= p for p in (place, swapped[n])]
            assert any(hand.checks[w].problems for w in WATCHERS) or not any(drawn)
            continue
        caught += 1
    assert caught >= 6


def test_a_secret_other_than_the_committed_one_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = HandDeal.revealed

    def other_secret(self: HandDeal):  # type: ignore[no-untyped-def]
        return msgspec.structs.replace(honest(self), secret="ab" * 32)

    monkeypatch.setattr(HandDeal, "revealed", other_secret)
    for hand in play_observed(make_ruleset(TableOptions()), hands=3, seed=6):
        for watcher in WATCHERS:
            assert any("commitment" in p for p in hand.checks[watcher].problems)


def test_a_dropped_contribution_is_seen_by_its_player(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = HandDeal.contribute

    def drop_seat_two(self: HandDeal, seat: int, value: bytes) -> None:
        honest(self, seat, bytes(32) if seat == 2 else value)

    monkeypatch.setattr(HandDeal, "contribute", drop_seat_two)
    for hand in play_observed(make_ruleset(TableOptions()), hands=3, seed=7, contribute=1.0):
        assert "your own contribution was not the one used" in hand.checks[2].problems
        assert hand.checks[1].problems == ()  # the others cannot know what seat 2 sent


def test_dice_other_than_the_derived_ones_are_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = HandDeal.derive

    def loaded(self: HandDeal, flowers: bool) -> tuple[tuple[int, ...], tuple[int, int]]:
        wall, dice = honest(self, flowers)
        return wall, (dice[0] % 6 + 1, dice[1])

    monkeypatch.setattr(HandDeal, "derive", loaded)
    for hand in play_observed(make_ruleset(TableOptions()), hands=2, seed=8):
        for watcher in WATCHERS:
            assert any("dice" in p for p in hand.checks[watcher].problems)


@pytest.fixture(scope="module")
def kept():  # type: ignore[no-untyped-def]
    """A finished hand's record file, as seat 1 kept it."""
    rules = make_ruleset(TableOptions(flowers=True))
    hand = next(h for h in play_observed(rules, hands=6, seed=9) if len(h.table.log) > 20)
    return hand.record_file(1)


def test_the_kept_file_verifies_and_survives_being_written(kept) -> None:  # type: ignore[no-untyped-def]
    again = decode_record_file(encode_record_file(kept))
    assert again == kept and again.verification is not None
    assert verify_record(again, replayed_result).status == "verified"


def _tampered_deal(kept, **changes):  # type: ignore[no-untyped-def]
    deal = msgspec.structs.replace(kept.record.deal, **changes)
    return msgspec.structs.replace(kept, record=msgspec.structs.replace(kept.record, deal=deal))


def test_a_tampered_wall_fails(kept) -> None:  # type: ignore[no-untyped-def]
    wall = tuple(reversed(range(34))) * 4 + tuple(range(34, 42))
    file = msgspec.structs.replace(kept, record=msgspec.structs.replace(kept.record, wall=wall))
    assert verify_record(file).status == "mismatch"


def test_a_tampered_secret_fails(kept) -> None:  # type: ignore[no-untyped-def]
    verdict = verify_record(_tampered_deal(kept, secret="cd" * 32))
    assert verdict.status == "mismatch" and "commitment" in " ".join(verdict.problems)
    # Secret and commitment changed together: the player's own note of the commitment
    # (and the wall they saw) still give it away.
    forged = _tampered_deal(
        kept, secret="cd" * 32, commitment=commitment(kept.record.deal.session_tag,
                                                      kept.record.hand_number, b"\xcd" * 32)
    )
    assert verify_record(forged).status == "mismatch"


def test_a_tampered_contribution_fails(kept) -> None:  # type: ignore[no-untyped-def]
    contributions = (*kept.record.deal.contributions[:3], "ef" * 32)
    assert verify_record(_tampered_deal(kept, contributions=contributions)).status == "mismatch"
    # Changed in the player's note too: the wall derived from it is not the one they saw.
    seen = msgspec.structs.replace(kept.verification, contributions=contributions)
    both = msgspec.structs.replace(_tampered_deal(kept, contributions=contributions),
                                   verification=seen)
    assert verify_record(both).status == "mismatch"


def test_a_tampered_action_fails_on_replay(kept) -> None:  # type: ignore[no-untyped-def]
    actions = list(kept.record.actions)
    index = next(i for i, (_s, a) in enumerate(actions) if isinstance(a, Discard))
    seat, discard = actions[index]
    actions[index] = (seat, Discard((discard.tile + 9) % 34))
    record = msgspec.structs.replace(kept.record, actions=tuple(actions))
    file = msgspec.structs.replace(kept, record=record)
    verdict = verify_record(file, replayed_result)
    assert verdict.status == "mismatch", verdict
    assert verify_record(kept, replayed_result).status == "verified"


def test_a_tampered_sighting_fails(kept) -> None:  # type: ignore[no-untyped-def]
    place, tile = kept.verification.known[0]
    known = ((place, (tile + 1) % 34), *kept.verification.known[1:])
    seen = msgspec.structs.replace(kept.verification, known=known)
    assert verify_record(msgspec.structs.replace(kept, verification=seen)).status == "mismatch"


@pytest.mark.parametrize(
    ("where", "changes"),
    [
        ("record", {"hand_number": -1}),
        ("record", {"hand_number": 2**40}),
        ("deal", {"session_tag": "é" * 300}),
        ("deal", {"contributions": ("00",) * 4}),
        ("seen", {"seat": 9}),
        ("seen", {"known": ((-5, 3), (10**9, 4))}),
        ("seen", {"taken": ((7, 3), (0, -1))}),
        ("seen", {"held": ((1, 2),) * 9}),
        ("seen", {"contributions": ("zz",)}),
        ("seen", {"secret": "0" * 63}),
    ],
)
def test_a_damaged_file_is_a_verdict_never_a_crash(kept, where, changes) -> None:  # type: ignore[no-untyped-def]
    if where == "record":
        file = msgspec.structs.replace(kept, record=msgspec.structs.replace(kept.record,
                                                                            **changes))
    elif where == "deal":
        file = _tampered_deal(kept, **changes)
    else:
        seen = msgspec.structs.replace(kept.verification, **changes)
        file = msgspec.structs.replace(kept, verification=seen)
    verdict = verify_record(file, replayed_result)
    assert verdict.status in ("mismatch", "unverifiable") and verdict.problems


def test_unreadable_or_old_deals_are_said_so(kept) -> None:  # type: ignore[no-untyped-def]
    assert verify_record(_tampered_deal(kept, secret="not hex")).status == "mismatch"
    assert verify_record(_tampered_deal(kept, shuffle="mt19937")).status == "unverifiable"
    old = msgspec.structs.replace(kept, record=msgspec.structs.replace(kept.record, deal=None))
    assert verify_record(old).status == "unverifiable"


def test_an_observer_takes_a_hosts_nonsense_without_crashing() -> None:
    observer = DealObserver(0)
    observer.see(HandStarted(1, 0, (0, 1, 2, 3), 0, (1000,) * 4, 136, 0))
    observer.see(FlowerRevealed(9, 34))
    observer.see(TileDiscarded(-1, 3))
    for _ in range(4):
        observer.see(TilesDealt(2, 13))  # four times the same seat
    assert observer.problems and not observer.followed


def test_an_old_file_is_read_replayed_the_old_way_and_said_unverifiable() -> None:
    """A version 1 file (before verifiable deals): its hand shuffled from the seed."""
    rules = make_ruleset(TableOptions())
    session = Session(rules, 2024)  # no deal key: the old shuffle
    session.start()
    hand = session.hand
    assert hand is not None
    bots = [make_bot("normal", rules, s) for s in range(4)]
    while not hand.ended:
        seat = hand.awaiting()[0]
        session.step(seat, bots[seat].choose(hand.live_view(seat)))
    seats = tuple(RecordSeat(f"P{s}", "bot") for s in range(4))
    file = make_record_file(record_of(hand), RecordSession("s", "T", "2026-01-01T00:00:00Z"),
                            (seats[0], seats[1], seats[2], seats[3]), "0.1.0")
    raw = json.loads(encode_record_file(file))
    raw["version"] = 1
    del raw["record"]["deal"]
    old = decode_record_file(json.dumps(raw).encode())
    assert old.record.deal is None
    assert replay(old.record).result == hand.result
    assert verify_record(old, replayed_result).status == "unverifiable"


def test_a_player_who_came_in_after_the_roll_checks_the_commitment_and_dice() -> None:
    """From a snapshot's `deal` alone (PROTOCOL.md §15.2 step 6): an honest reveal passes,
    another secret or other dice than the snapshot showed do not."""
    hand = next(iter(play_observed(make_ruleset(TableOptions()), hands=1, seed=12)))
    assert hand.revealed is not None and hand.table.result is not None
    deal = DealCommitted(hand.table.setup.hand_number, hand.tag, hand.commitment)
    view = hand.table.view(None)
    assert view.dice is not None

    def resumed_check(revealed: DealRevealed, view: TableView) -> tuple[str, ...]:
        observer = DealObserver(None)
        observer.resumed(deal, view)
        observer.see(revealed)
        observer.see(hand.table.result)  # type: ignore[arg-type]
        check = observer.verification(False)
        assert check.commitment == hand.commitment and check.dice == view.dice
        return check.problems

    assert resumed_check(hand.revealed, view) == ()
    other = msgspec.structs.replace(hand.revealed, secret="cd" * 32)
    assert any("commitment" in p for p in resumed_check(other, view))
    loaded = msgspec.structs.replace(view, dice=(view.dice[0] % 6 + 1, view.dice[1]))
    assert any("dice" in p for p in resumed_check(hand.revealed, loaded))


def test_the_seats_named_without_a_contribution_are_checked_from_the_file(kept) -> None:  # type: ignore[no-untyped-def]
    """The record names the seats dealt the default (protocol 4): each must hold it, and
    each computer player's seat must be among them."""
    deal = kept.record.deal
    zero = "0" * 64
    assert deal.defaulted == tuple(s for s, c in enumerate(deal.contributions) if c == zero)
    assert verify_record(kept).status == "verified"
    given = next(s for s, c in enumerate(deal.contributions) if c != zero)
    verdict = verify_record(_tampered_deal(kept, defaulted=(given,)))
    assert verdict.status == "mismatch" and f"seat {given}" in " ".join(verdict.problems)
    seats = list(kept.seats)
    seats[given] = RecordSeat("Bot", "bot")  # a computer player's seat, with a chosen value
    verdict = verify_record(msgspec.structs.replace(kept, seats=tuple(seats)))
    assert verdict.status == "mismatch" and "computer" in " ".join(verdict.problems)
    assert verify_record(_tampered_deal(kept, defaulted=None)).status == "verified"  # older
