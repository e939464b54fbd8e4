"""Settlement (RULES.md §6.5) and horses (§7): who pays whom, checked with hand-written payments.

Seats are 0–3 in turn order; seat s + 1 (mod 4) is s's 下家. Every expected delta below was
worked out by hand from RULES.md, never computed with the code under test.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.errors import MahjongError
from shared.ruleset import make_ruleset
from shared.settlement import HandResult, Winner, choose_winners, horse_offset, settle
from shared.tiles import Tile


@cache
def rules(base: int = 1, twelve: str = "all"):
    return make_ruleset({"base": base, "twelve_tile_liability": twelve})


def no_horses() -> tuple[tuple[int, ...], ...]:
    return ((), (), (), ())


# ---------------------------------------------------------------------------------------------
# plain payments: (result, base, deltas, liable)

PAYMENTS = [
    # §6.5 example: base 2, fan 3 → 16
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(1, 3),)),
        2,
        (-16, 48, -16, -16),
        None,
        id="example-self-drawn",
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 3),), loser=3),
        2,
        (0, 16, 0, -16),
        None,
        id="example-discard",
    ),
    pytest.param(
        HandResult("robbing_kong", dealer=0, winners=(Winner(1, 3),), loser=2),
        2,
        (0, 48, -48, 0),
        2,
        id="example-robbing-the-kong",
    ),
    pytest.param(
        HandResult("self_drawn", dealer=2, winners=(Winner(2, 0),)),
        5,
        (-5, -5, 15, -5),
        None,
        id="self-drawn-fan0-base5",
    ),
    # one discard, two winners: each paid its own points, no floor
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 2), Winner(3, 4)), loser=0),
        1,
        (-20, 4, 0, 16),
        None,
        id="two-winners",
    ),
    pytest.param(
        HandResult("discard", dealer=1, winners=(Winner(2, 1), Winner(3, 0)), loser=1),
        2,
        (0, -6, 4, 2),
        None,
        id="two-winners-no-floor",
    ),
    # one discard, three winners: each winner's fan has a floor of 3
    pytest.param(
        HandResult(
            "discard", dealer=0, winners=(Winner(1, 1), Winner(2, 5), Winner(3, 0)), loser=0
        ),
        1,
        (-48, 8, 32, 8),
        None,
        id="three-winners-floor-3",
    ),
    pytest.param(
        HandResult(
            "discard", dealer=3, winners=(Winner(3, 3), Winner(0, 4), Winner(1, 2)), loser=2
        ),
        2,
        (32, 16, -64, 16),
        None,
        id="three-winners-floor-3-base2",
    ),
    # seed003's base bonus: one base more from each payer on a self-drawn win
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(0, 2, self_drawn_base_bonus=1),)),
        2,
        (30, -10, -10, -10),
        None,
        id="self-drawn-base-bonus",
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(0, 2, self_drawn_base_bonus=1),), loser=1),
        2,
        (8, -8, 0, 0),
        None,
        id="base-bonus-not-on-discard",
    ),
]


@pytest.mark.parametrize(("result", "base", "deltas", "liable"), PAYMENTS)
def test_payments(result, base, deltas, liable):
    s = settle(result, rules(base))
    assert s.deltas == deltas
    assert s.liable == liable


def test_drawn_hand_pays_nothing():
    s = settle(HandResult("draw", dealer=2, horses=((1,), (2,), (3,), (4,))), rules(5))
    assert s.payments == ()
    assert s.deltas == (0, 0, 0, 0)
    assert s.liable is None


def test_two_winners_each_paid_by_the_discarder():
    s = settle(
        HandResult("discard", dealer=0, winners=(Winner(1, 2), Winner(3, 4)), loser=0),
        rules(1),
    )
    paid = sorted((p.payer, p.payee, p.amount) for p in s.payments)
    assert paid == [(0, 1, 4), (0, 3, 16)]


# ---------------------------------------------------------------------------------------------
# liability (包): (winner, kind, loser, twelve_tile_liability, liable, deltas); base 1, fan 3 → 8

LIABILITY = [
    pytest.param(
        Winner(0, 3, kong_feeder=2), "self_drawn", None, "all", 2, (24, 0, -24, 0), id="kong-feeder"
    ),
    pytest.param(
        Winner(1, 3, big_hand_feeder=3),
        "self_drawn",
        None,
        "all",
        3,
        (0, 24, 0, -24),
        id="big-hand-feeder",
    ),
    pytest.param(
        Winner(2, 3, twelve_tile_feeder=0),
        "self_drawn",
        None,
        "all",
        0,
        (-24, 0, 24, 0),
        id="twelve-tiles-all",
    ),
    pytest.param(
        Winner(2, 3, twelve_tile_feeder=0, twelve_tile_first=False),
        "self_drawn",
        None,
        "all",
        0,
        (-24, 0, 24, 0),
        id="twelve-tiles-all-not-first",
    ),
    pytest.param(
        Winner(2, 3, twelve_tile_feeder=0),
        "self_drawn",
        None,
        "first_only",
        0,
        (-24, 0, 24, 0),
        id="twelve-tiles-first-only-first",
    ),
    pytest.param(
        Winner(2, 3, twelve_tile_feeder=0, twelve_tile_first=False),
        "self_drawn",
        None,
        "first_only",
        None,
        (-8, -8, 24, -8),
        id="twelve-tiles-first-only-later",
    ),
    # several apply: the first in §6.5's list wins
    pytest.param(
        Winner(0, 3, kong_feeder=2, big_hand_feeder=3),
        "self_drawn",
        None,
        "all",
        2,
        (24, 0, -24, 0),
        id="kong-before-big-hand",
    ),
    pytest.param(
        Winner(0, 3, kong_feeder=2, twelve_tile_feeder=3),
        "self_drawn",
        None,
        "all",
        2,
        (24, 0, -24, 0),
        id="kong-before-twelve",
    ),
    pytest.param(
        Winner(0, 3, big_hand_feeder=1, twelve_tile_feeder=3),
        "self_drawn",
        None,
        "all",
        1,
        (24, -24, 0, 0),
        id="big-hand-before-twelve",
    ),
    pytest.param(
        Winner(0, 3, kong_feeder=1, big_hand_feeder=2, twelve_tile_feeder=3),
        "self_drawn",
        None,
        "all",
        1,
        (24, -24, 0, 0),
        id="all-three-kong-wins",
    ),
    pytest.param(
        Winner(0, 3, kong_feeder=2, big_hand_feeder=3, twelve_tile_feeder=3),
        "robbing_kong",
        1,
        "all",
        1,
        (24, -24, 0, 0),
        id="robbing-before-all",
    ),
    pytest.param(
        Winner(0, 3, big_hand_feeder=1, twelve_tile_feeder=2, twelve_tile_first=False),
        "self_drawn",
        None,
        "first_only",
        1,
        (24, -24, 0, 0),
        id="big-hand-while-twelve-not-liable",
    ),
    # liability is for self-drawn (or robbing) wins only: a discard win is paid by the discarder
    pytest.param(
        Winner(0, 3, kong_feeder=2, big_hand_feeder=2, twelve_tile_feeder=2),
        "discard",
        3,
        "all",
        None,
        (8, 0, 0, -8),
        id="no-liability-on-discard",
    ),
]


@pytest.mark.parametrize(("winner", "kind", "loser", "twelve", "liable", "deltas"), LIABILITY)
def test_liability(winner, kind, loser, twelve, liable, deltas):
    s = settle(HandResult(kind, dealer=0, winners=(winner,), loser=loser), rules(1, twelve))
    assert s.liable == liable
    assert s.deltas == deltas
    if liable is not None:
        assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(liable, winner.seat, 24)]


def test_liability_with_base_bonus_pays_three_times_points():
    # seed003: points = base × 2^fan + base = 2 × 8 + 2 = 18 per payer; the liable player pays 54
    winner = Winner(3, 3, self_drawn_base_bonus=1, kong_feeder=1)
    s = settle(HandResult("self_drawn", dealer=0, winners=(winner,)), rules(2))
    assert s.deltas == (0, -54, 0, 54)


# ---------------------------------------------------------------------------------------------
# 截胡 and 一炮多响: (candidates {seat: fan}, discarder, multiple_winners, winners)

CHOOSE = [
    pytest.param({0: 2, 1: 3, 2: 1}, 3, False, [1], id="off-highest-fan"),
    pytest.param({0: 2, 1: 2, 2: 2}, 3, False, [0], id="off-tie-discarder3-seat0-first"),
    pytest.param({1: 2, 2: 2}, 3, False, [1], id="off-tie-seat1-before-seat2"),
    pytest.param({0: 5, 2: 5, 3: 5}, 1, False, [2], id="off-tie-discarder1-seat2-first"),
    pytest.param({0: 4, 3: 4}, 2, False, [3], id="off-tie-wraps-around"),
    pytest.param({0: 4, 3: 1}, 2, False, [0], id="off-higher-fan-later-in-turn"),
    pytest.param({2: 0}, 1, False, [2], id="off-single"),
    pytest.param({0: 1, 1: 6, 2: 3}, 3, True, [0, 1, 2], id="on-all-in-turn-order"),
    pytest.param({0: 1, 2: 6, 3: 3}, 1, True, [2, 3, 0], id="on-turn-order-from-discarder1"),
    pytest.param({3: 1, 1: 2}, 2, True, [3, 1], id="on-two-wrap"),
    pytest.param({1: 1}, 0, True, [1], id="on-single"),
]


@pytest.mark.parametrize(("candidates", "discarder", "multiple", "expected"), CHOOSE)
def test_choose_winners(candidates, discarder, multiple, expected):
    assert choose_winners(candidates, discarder, multiple) == expected


# ---------------------------------------------------------------------------------------------
# horses (买马, §7)

_BY_RANK = {1: 0, 2: 1, 3: 2, 4: 3, 5: 0, 6: 1, 7: 2, 8: 3, 9: 0}
HORSE_OFFSETS = [
    *(
        pytest.param(tile, _BY_RANK[rank], id=f"{rank}{suit}")
        for suit, tiles in (
            (
                "m",
                [Tile.M1, Tile.M2, Tile.M3, Tile.M4, Tile.M5, Tile.M6, Tile.M7, Tile.M8, Tile.M9],
            ),
            (
                "p",
                [Tile.P1, Tile.P2, Tile.P3, Tile.P4, Tile.P5, Tile.P6, Tile.P7, Tile.P8, Tile.P9],
            ),
            (
                "s",
                [Tile.S1, Tile.S2, Tile.S3, Tile.S4, Tile.S5, Tile.S6, Tile.S7, Tile.S8, Tile.S9],
            ),
        )
        for rank, tile in enumerate(tiles, start=1)
    ),
    pytest.param(Tile.EAST, 0, id="east"),
    pytest.param(Tile.SOUTH, 1, id="south"),
    pytest.param(Tile.WEST, 2, id="west"),
    pytest.param(Tile.NORTH, 3, id="north"),
    pytest.param(Tile.RED, 0, id="red-zhong"),
    pytest.param(Tile.GREEN, 1, id="green-fa"),
    pytest.param(Tile.WHITE, 2, id="white-bai"),
]


@pytest.mark.parametrize(("tile", "offset"), HORSE_OFFSETS)
def test_horse_offset(tile, offset):
    assert horse_offset(tile) == offset


# (result, base, deltas)
HORSES = [
    # seat 2 self-draws fan 3 (8 each); seat 1's horse 3m names the opposite of dealer 0 = seat 2:
    # seat 1 also receives 8 from seat 0 and 8 from seat 3, and nothing from itself.
    pytest.param(
        HandResult(
            "self_drawn", dealer=0, winners=(Winner(2, 3),), horses=((), (int(Tile.M3),), (), ())
        ),
        1,
        (-16, 8, 24, -16),
        id="horse-on-self-drawn-winner",
    ),
    # seat 0 wins fan 2 (4) on seat 2's discard; dealer 1, seat 3's 南 names dealer's 下家 = 2:
    # seat 3 pays seat 0 what seat 2 paid.
    pytest.param(
        HandResult(
            "discard",
            dealer=1,
            winners=(Winner(0, 2),),
            loser=2,
            horses=((), (), (), (int(Tile.SOUTH),)),
        ),
        1,
        (8, 0, -4, -4),
        id="horse-on-the-loser-pays",
    ),
    # seat 1 wins fan 1 (base 2 → 4) on seat 3's discard; seat 3's own horse 6p names seat 1:
    # the only payment to seat 1 comes from seat 3 itself, so the horse adds nothing.
    pytest.param(
        HandResult(
            "discard",
            dealer=0,
            winners=(Winner(1, 1),),
            loser=3,
            horses=((), (), (), (int(Tile.P6),)),
        ),
        2,
        (0, 4, 0, -4),
        id="discarders-horse-on-winner",
    ),
    # the same, but seat 2 owns the 6p: the discarder pays seat 2 too.
    pytest.param(
        HandResult(
            "discard",
            dealer=0,
            winners=(Winner(1, 1),),
            loser=3,
            horses=((), (), (int(Tile.P6),), ()),
        ),
        2,
        (0, 4, 4, -8),
        id="bystanders-horse-on-winner",
    ),
    # dealer 2 self-draws fan 0 (1 each). Seat 0's 中 names the dealer: 1 from seat 1, 1 from
    # seat 3. Seat 3's 北 names the dealer's 上家 = seat 1, who paid 1 to seat 2: seat 3 pays 1.
    pytest.param(
        HandResult(
            "self_drawn",
            dealer=2,
            winners=(Winner(2, 0),),
            horses=((int(Tile.RED),), (), (), (int(Tile.NORTH),)),
        ),
        1,
        (1, -2, 4, -3),
        id="two-owners",
    ),
    # a robbed kong: seat 2 pays 24 alone to seat 1; seat 3's 3s names seat 2 → pays 24 too.
    pytest.param(
        HandResult(
            "robbing_kong",
            dealer=0,
            winners=(Winner(1, 3),),
            loser=2,
            horses=((), (), (), (int(Tile.S3),)),
        ),
        1,
        (0, 48, -24, -24),
        id="horse-on-the-liable-seat",
    ),
    # dealer 0 self-draws fan 1 (2 each) and owns 东 naming itself: each of the three pays again.
    pytest.param(
        HandResult(
            "self_drawn", dealer=0, winners=(Winner(0, 1),), horses=((int(Tile.EAST),), (), (), ())
        ),
        1,
        (12, -4, -4, -4),
        id="winners-own-horse",
    ),
    # seat 1 owns two horses 5m and 9p, both naming dealer 3, who wins fan 2 (4) on seat 0's
    # discard: seat 0 pays seat 1 twice more.
    pytest.param(
        HandResult(
            "discard",
            dealer=3,
            winners=(Winner(3, 2),),
            loser=0,
            horses=((), (int(Tile.M5), int(Tile.P9)), (), ()),
        ),
        1,
        (-12, 8, 0, 4),
        id="two-horses-same-seat",
    ),
    # seat 1 wins fan 0 (1) on seat 2's discard, dealer 0. Seat 0's 白 names seat 2, the
    # discarder: seat 0 pays seat 1 what seat 2 paid. Seat 3's 北 names seat 3, who neither
    # pays nor receives: nothing.
    pytest.param(
        HandResult(
            "discard",
            dealer=0,
            winners=(Winner(1, 0),),
            loser=2,
            horses=((int(Tile.WHITE),), (), (), (int(Tile.NORTH),)),
        ),
        1,
        (-1, 2, -1, 0),
        id="horse-naming-loser-and-horse-naming-bystander",
    ),
    pytest.param(
        HandResult(
            "discard",
            dealer=0,
            winners=(Winner(1, 0),),
            loser=2,
            horses=((int(Tile.GREEN),), (int(Tile.M4),), (), ()),
        ),
        1,
        (1, 1, -2, 0),
        id="horse-naming-winner-and-horse-naming-bystander",
    ),
]


@pytest.mark.parametrize(("result", "base", "deltas"), HORSES)
def test_horse_payments(result, base, deltas):
    s = settle(result, rules(base))
    assert s.deltas == deltas
    assert sum(s.deltas) == 0


def test_horse_payments_are_marked():
    s = settle(
        HandResult(
            "self_drawn", dealer=0, winners=(Winner(2, 3),), horses=((), (int(Tile.M3),), (), ())
        ),
        rules(1),
    )
    horse = sorted((p.payer, p.payee, p.amount) for p in s.payments if p.reason == "horse")
    assert horse == [(0, 1, 8), (3, 1, 8)]


# ---------------------------------------------------------------------------------------------
# bad input

BAD = [
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(4, 1),), loser=0), id="winner-seat-4"
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(-1, 1),)), id="winner-seat-negative"
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 1), Winner(1, 2)), loser=0),
        id="duplicate-winners",
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(1, 1), Winner(2, 1))),
        id="self-drawn-two-winners",
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 1),), loser=1),
        id="discard-loser-is-winner",
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 1), Winner(2, 1)), loser=2),
        id="discard-loser-is-second-winner",
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 1),)), id="discard-loser-missing"
    ),
    pytest.param(
        HandResult("robbing_kong", dealer=0, winners=(Winner(1, 1),)), id="robbing-loser-missing"
    ),
    pytest.param(
        HandResult("discard", dealer=0, winners=(Winner(1, 1),), loser=4), id="discard-loser-seat-4"
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(1, 1, kong_feeder=1),)),
        id="kong-feeder-is-winner",
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(2, 1, big_hand_feeder=2),)),
        id="big-hand-feeder-is-winner",
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(3, 1, twelve_tile_feeder=3),)),
        id="twelve-tile-feeder-is-winner",
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(3, 1, kong_feeder=4),)),
        id="feeder-seat-4",
    ),
    pytest.param(HandResult("self_drawn", dealer=0, winners=()), id="self-drawn-no-winner"),
    pytest.param(HandResult("draw", dealer=0, winners=(Winner(1, 1),)), id="draw-with-winner"),
    pytest.param(HandResult("self_drawn", dealer=4, winners=(Winner(1, 1),)), id="dealer-4"),
    pytest.param(HandResult("self_drawn", dealer=0, winners=(Winner(1, -1),)), id="negative-fan"),
    pytest.param(
        HandResult(
            "discard",
            dealer=0,
            loser=0,
            winners=(Winner(1, 1), Winner(2, 1), Winner(3, 1), Winner(0, 1)),
        ),
        id="four-winners-include-the-loser",
    ),
    pytest.param(
        HandResult("self_drawn", dealer=0, winners=(Winner(1, 1),), horses=((), (), ())),
        id="horses-for-three-seats",
    ),
]


@pytest.mark.parametrize("result", BAD)
def test_bad_input(result):
    with pytest.raises(MahjongError):
        settle(result, rules(1))


# ---------------------------------------------------------------------------------------------
# property: any valid result settles to zero with positive payments between distinct seats

KINDS = ("draw", "self_drawn", "discard", "robbing_kong")


@st.composite
def hand_results(draw) -> HandResult:
    kind = draw(st.sampled_from(KINDS))
    dealer = draw(st.integers(0, 3))
    horses = draw(
        st.one_of(
            st.just(()),
            st.tuples(*[st.lists(st.integers(0, 33), max_size=2).map(tuple)] * 4),
        )
    )
    if kind == "draw":
        return HandResult(kind, dealer=dealer, horses=horses)
    if kind == "self_drawn":
        loser = None
        seats = [draw(st.integers(0, 3))]
    else:
        loser = draw(st.integers(0, 3))
        others = [s for s in range(4) if s != loser]
        seats = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
    winners = []
    for seat in seats:
        feeder = st.one_of(st.none(), st.sampled_from([s for s in range(4) if s != seat]))
        winners.append(
            Winner(
                seat,
                draw(st.integers(0, 10)),
                self_drawn_base_bonus=draw(st.integers(0, 1)),
                kong_feeder=draw(feeder),
                big_hand_feeder=draw(feeder),
                twelve_tile_feeder=draw(feeder),
                twelve_tile_first=draw(st.booleans()),
            )
        )
    return HandResult(kind, dealer=dealer, winners=tuple(winners), loser=loser, horses=horses)


@settings(max_examples=400, deadline=None)
@given(
    result=hand_results(),
    base=st.sampled_from((1, 2, 5, 10, 20, 50, 100)),
    twelve=st.sampled_from(("all", "first_only")),
)
def test_settlement_properties(result, base, twelve):
    s = settle(result, rules(base, twelve))
    assert sum(s.deltas) == 0
    for p in s.payments:
        assert p.amount > 0
        assert p.payer != p.payee
        assert 0 <= p.payer < 4 and 0 <= p.payee < 4
    recomputed = [0, 0, 0, 0]
    for p in s.payments:
        recomputed[p.payer] -= p.amount
        recomputed[p.payee] += p.amount
    assert tuple(recomputed) == s.deltas
    if result.kind == "draw":
        assert s.payments == ()
    else:
        winners = {w.seat for w in result.winners}
        if not result.horses:
            # without horses only winners gain, and the winners gain exactly what others lose
            assert all(s.deltas[seat] > 0 for seat in winners)
            assert all(s.deltas[seat] <= 0 for seat in range(4) if seat not in winners)
