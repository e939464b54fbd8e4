"""The random hand's hot path made cheap (the speed itself: tests/bench/bench_table.py):
the random bot's written-out choice, the seats' base-5 group codes
that replaced the NEIGHBOURS memo on the table's path, and the untracked Delivery."""

from __future__ import annotations

import gc
import random

import pytest

from server.engine.bots import make_bot
from server.engine.bots.random_bot import RandomBot
from server.engine.table import HandSetup, HandTable
from shared import groups
from shared.actions import AnyAction, Discard, Pass
from shared.analysis import is_win
from shared.errors import MahjongError
from shared.events import Delivery, TileDrawn
from shared.groups import group_ids, may_be_ready, may_be_win
from shared.ruleset import make_ruleset
from shared.tiles import KINDS


class _View:
    """As much of a SeatView as the random bot reads."""

    def __init__(self, legal: tuple[AnyAction, ...]) -> None:
        self.legal = legal


def _actions(n: int) -> tuple[AnyAction, ...]:
    return tuple(Discard(k % KINDS) if k < KINDS else Pass() for k in range(n))


def test_the_random_bot_chooses_as_randoms_choice_did() -> None:
    # The expectation is random.py's own `choice` on a twin generator, list by list.
    for seed in range(200):
        bot = RandomBot(random.Random(seed))
        twin = random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 17, 31, 33, 40):
            legal = _actions(n)
            assert bot.choose(_View(legal)) is twin.choice(legal)
        assert bot.rng.getrandbits(32) == twin.getrandbits(32)


def test_the_random_bot_does_not_call_randoms_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: random.Random, seq: object) -> object:
        raise AssertionError("random.Random.choice called")

    bot = RandomBot(random.Random(3))
    monkeypatch.setattr(random.Random, "choice", refuse)
    legal = _actions(14)
    assert bot.choose(_View(legal)) in legal


def test_a_random_of_another_kind_keeps_its_own_choice() -> None:
    class Last(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def, override]
            return seq[-1]

    legal = _actions(9)
    assert RandomBot(Last(1)).choose(_View(legal)) is legal[-1]


def _hands(rng: random.Random, tiles: int) -> list[list[int]]:
    """Count vectors of `tiles` tiles, most of them near complete (pairs, pungs, runs)."""
    hands = []
    for _ in range(3000):
        counts = [0] * KINDS
        while sum(counts) < tiles:
            k = rng.randrange(KINDS)
            grab = rng.choice((1, 2, 3)) if rng.random() < 0.6 else 1
            for _ in range(grab):
                if sum(counts) < tiles and counts[k] < 4:
                    counts[k] += 1
        hands.append(counts)
    return hands


def test_the_codes_quick_tests_agree_with_the_ids_and_never_miss_a_win() -> None:
    rng = random.Random(11)
    for melds in range(5):
        for short, tiles in ((0, 14 - 3 * melds), (1, 13 - 3 * melds)):
            for seven_pairs in (False, True):
                for counts in _hands(rng, tiles)[:400]:
                    suits, honours = groups.group_codes(counts)
                    got = groups.may_complete_codes(suits, honours, melds, seven_pairs, short)
                    check = may_be_win if short == 0 else may_be_ready
                    assert got == check(group_ids(counts), melds, seven_pairs), counts
                    if short == 0 and is_win(counts, melds, seven_pairs):
                        assert got, counts


def test_group_codes_refuses_what_is_not_a_hand() -> None:
    with pytest.raises(MahjongError, match="34 counts from 0 to 4"):
        groups.group_codes([5] + [0] * 33)
    with pytest.raises(MahjongError, match="34 counts from 0 to 4"):
        groups.group_codes([0] * 33)
    with pytest.raises(MahjongError, match="34 counts from 0 to 4"):
        groups.group_codes([-1] + [0] * 33)


def test_random_hands_keep_the_codes_and_read_no_neighbours_memo() -> None:
    """The table keeps each seat's codes tile by tile (checked against the counts after
    every action) without the NEIGHBOURS memo it read twice a turn before."""
    rules = make_ruleset({})
    rng = random.Random(5)
    bots = [make_bot("random", rules, rng.getrandbits(32)) for _ in range(4)]
    before = len(groups.NEIGHBOURS)
    for hand in range(30):
        table = HandTable(HandSetup(rules, 1000 + hand, hand % 4, 0, (0, 0, 0, 0)))
        table.start()
        while not table.ended:
            seat = table.awaiting()[0]
            table.step(seat, bots[seat].choose(table.live_view(seat)))
            for st in table.seats:
                if st.suit_code >= 0:
                    assert (st.suit_code, st.honor_code) == groups.group_codes(st.counts)
    assert len(groups.NEIGHBOURS) == before


def test_a_delivery_is_not_tracked_by_the_garbage_collector() -> None:
    # An event holds no Delivery, so a Delivery is in no cycle: untracked, the many a
    # hand makes do not wake the collector.
    delivery = Delivery(1, TileDrawn(0, False, 50, 3))
    assert not gc.is_tracked(delivery)


def test_a_played_hand_leaves_no_cycle_for_the_collector() -> None:
    """A table keeps its seats' live views, each holding the table: a cycle, which left
    each hand's table, seats and log (some 160 objects) to the garbage collector. They
    are dropped when the hand ends."""
    rules = make_ruleset({})
    rng = random.Random(9)
    bots = [make_bot("random", rules, rng.getrandbits(32)) for _ in range(4)]

    def play(hand: int) -> None:
        table = HandTable(HandSetup(rules, 2000 + hand, hand % 4, 0, (0, 0, 0, 0)))
        table.start()
        while not table.ended:
            seat = table.awaiting()[0]
            table.step(seat, bots[seat].choose(table.live_view(seat)))

    play(0)  # warm: the tables' first entries are made outside the count
    gc.collect()
    gc.disable()
    try:
        for hand in range(1, 6):
            play(hand)
        assert gc.collect() == 0
    finally:
        gc.enable()
