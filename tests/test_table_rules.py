"""Scenario tests of the table engine (server/engine/table.py) against RULES.md §3–§7.

Every scenario is played on a rigged wall (`server.engine.wall.rig`): the hands, the head draws and
the tail (horses, then replacement tiles) are written in notation, and every expectation —
who may claim, who pays whom and how much — was worked out by hand from RULES.md (and
shared/RULES_NOTES.md where RULES.md is silent), never computed with the code under test.

Seats 0–3 are in turn order: seat s + 1 (mod 4) is s's 下家. The dealer is always East and
the others South, West, North in turn order from it (§2), so with the dealer at seat 0, as
in most scenarios, the seat winds are 东南西北 for seats 0–3; the prevailing wind is 东, so
there only 1z pungs score a wind bonus, for seat 0 both winds and for the others the
prevailing wind. Base 1: points = 2^fan.

In the default preset any win in the first go-around is 地胡 (6 fan), so scenarios about
other rules first play a quiet go-around (`first_go_around`) and win in the second.

Hands that must stay out of the way ("quiet" hands) hold no pair and, within a suit, no two
tiles closer than three ranks apart, so they can never pung, chow or be ready to win.
"""

from __future__ import annotations

import pytest

from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable
from server.records import record_of, replay
from shared.actions import (
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    ContinueGame,
    DeclareWin,
    Discard,
    LeaveTable,
    Pass,
    Pung,
    RollDice,
    Timeout,
)
from shared.events import (
    EVERYONE,
    DiceRolled,
    FlowerRevealed,
    HandEnded,
    KongDeclared,
    MeldClaimed,
    MissedWin,
    MissedWinCleared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    all_but,
    only,
)
from shared.ruleset import make_ruleset
from shared.views import MeldView
from tests.support.table import (
    scenario_assert_illegal,
    scenario_events,
    scenario_roll,
    scenario_started,
    scenario_step,
    scenario_table,
    scenario_tile,
    scenario_tiles,
    scenario_timeouts,
)

T = scenario_tile

# Quiet hands (see the module docstring). Q0 is the dealer's first 13 tiles.
Q0 = "147m258p369s1234z"
Q1 = "258m369p147s1567z"
Q2 = "369m147p258s3456z"
Q3 = "147m258p369s4567z"

FULL_WALL = 136
DEALT = 14 + 3 * 13
AFTER_DEAL = FULL_WALL - DEALT  # 83


def discards_of(tiles: str) -> list[Discard]:
    """The Discard actions of a hand, one per kind, in tile order (as legal_actions lists)."""
    return [Discard(k) for k in sorted(set(scenario_tiles(tiles)))]


def whole_hand(table: HandTable, seat: int) -> list[int]:
    """The seat's concealed tiles as it sees them, the drawn tile included, sorted."""
    view = table.view(seat)
    extra = (view.drawn,) if view.drawn is not None else ()
    return sorted(view.hand + extra)


def drawn_tile(out, seat: int) -> int:
    """The tile `seat` drew, as told to that seat (the last draw in `out`)."""
    mine = [d.event for d in scenario_events(out, TileDrawn) if d.audience == only(seat)]
    assert mine, f"seat {seat} drew nothing"
    return mine[-1].tile


def ended(table: HandTable) -> HandEnded:
    assert table.ended
    assert table.result is not None
    table.check_invariants()
    return table.result


def first_go_around(table: HandTable, dealer_discard: str) -> None:
    """A first go-around without claims: the dealer discards `dealer_discard`, the three
    others each discard the tile they draw, and the dealer draws again (its draw is kept).

    Wins after it are no longer 地胡 (§6.2), so scenarios about other rules start here.
    """
    dealer = table.setup.dealer
    scenario_step(table, dealer, Discard(T(dealer_discard)))
    for i in (1, 2, 3):
        seat = (dealer + i) % 4
        assert table.awaiting() == [seat]
        assert table.view(seat).phase == "turn"
        scenario_step(table, seat, Timeout())
    assert table.awaiting() == [dealer]
    assert table.view(dealer).phase == "turn"


def pattern_ids(result: HandEnded, seat: int) -> set[str]:
    (winner,) = [w for w in result.winners if w.seat == seat]
    return {p.id for p in winner.patterns}


def winner_fan(result: HandEnded, seat: int) -> int:
    (winner,) = [w for w in result.winners if w.seat == seat]
    return winner.fan


def payments(result: HandEnded) -> set[tuple[int, int, int, str]]:
    return {(p.payer, p.payee, p.amount, p.reason) for p in result.payments}


# =============================================================================================
# §3 Dealing


DEAL_HANDS = [Q0 + "9m", Q1, Q2, Q3]
"""The dealer discards 9m first: nobody holds two 9m or 7m8m."""


def rotated(hands: list[str], dealer: int) -> list[str]:
    """`hands` written for dealer 0, seated for another dealer (the same tiles move along)."""
    return [hands[(s - dealer) % 4] for s in range(4)]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_dealer_gets_14_others_13(dealer):
    hands = rotated(DEAL_HANDS, dealer)
    table = scenario_table(hands, dealer=dealer)
    for s in range(4):
        assert table.view(s).phase == "roll"
        assert table.view(s).hand == ()
    out = scenario_roll(table)

    assert table.awaiting() == [dealer]
    assert table.view(dealer).current_seat == dealer
    for s in range(4):
        view = table.view(s)
        assert view.phase == "turn"
        assert view.wall_left == AFTER_DEAL
        assert whole_hand(table, s) == sorted(scenario_tiles(hands[s]))
        for viewer in (0, 1, 2, 3, None):
            counts = table.view(viewer).seats[s].concealed_count
            assert counts == (14 if s == dealer else 13)
        dealt = [d for d in scenario_events(out, TilesDealt) if d.event.seat == s]
        mine = [d.event for d in dealt if d.audience == only(s)]
        theirs = [d.event for d in dealt if d.audience == all_but(s)]
        assert len(mine) == 1 and len(theirs) == 1
        assert sorted(mine[0].tiles) == sorted(scenario_tiles(hands[s]))
        assert mine[0].count == theirs[0].count == (14 if s == dealer else 13)
        assert theirs[0].tiles is None  # nobody learns another seat's tiles
    # The dealer's fourteenth tile counts as drawn: no draw at the start of the hand.
    assert scenario_events(out, TileDrawn) == []
    # The dealer's step 2: nothing to declare with this hand, so only discards.
    assert table.legal_actions(dealer) == discards_of(hands[dealer])
    for s in range(4):
        if s != dealer:
            assert table.legal_actions(s) == []


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_only_the_dealer_rolls(dealer):
    table = scenario_table(rotated(DEAL_HANDS, dealer), dealer=dealer)
    assert table.awaiting() == [dealer]
    assert table.legal_actions(dealer) == [RollDice()]
    for s in range(4):
        if s != dealer:
            assert table.legal_actions(s) == []
            scenario_assert_illegal(table, s, RollDice())
            scenario_assert_illegal(table, s, Timeout())
            scenario_assert_illegal(table, s, Discard(0))
    scenario_assert_illegal(table, dealer, Discard(0))  # nothing dealt yet
    out = scenario_roll(table)
    (rolled,) = scenario_events(out, DiceRolled)
    assert rolled.audience == EVERYONE
    assert rolled.event.seat == dealer
    # The dice are rolled once.
    scenario_assert_illegal(table, dealer, RollDice())


# RULES.md §3: the sum counts seats in turn order from the dealer as 1:
# 1 5 9 → dealer, 2 6 10 → 下家, 3 7 11 → opposite, 4 8 12 → 上家.
BREAK_OFFSET = {2: 1, 3: 2, 4: 3, 5: 0, 6: 1, 7: 2, 8: 3, 9: 0, 10: 1, 11: 2, 12: 3}


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_dice_break_seat_counts_from_the_dealer_as_one(dealer):
    rules = make_ruleset({})
    seen: set[int] = set()
    for seed in range(400):
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=seed,
                dealer=dealer,
                prevailing_wind=0,
                scores=(1000,) * 4,
            )
        )
        table.start()
        out = table.step(dealer, RollDice())
        table.check_invariants()
        (rolled,) = [d.event for d in scenario_events(out, DiceRolled)]
        a, b = rolled.dice
        assert 1 <= a <= 6 and 1 <= b <= 6
        total = a + b
        assert rolled.seat == dealer
        assert rolled.break_stack == total
        assert rolled.break_seat == (dealer + BREAK_OFFSET[total]) % 4
        for viewer in (0, 1, 2, 3, None):
            assert table.view(viewer).dice == (a, b)
        seen.add(total)
        if len(seen) == 11:
            break
    assert seen == set(range(2, 13))


def test_deal_timeout_in_the_roll_phase_rolls():
    table = scenario_table(DEAL_HANDS)
    out = scenario_step(table, 0, Timeout())
    assert len(scenario_events(out, DiceRolled)) == 1
    assert table.view(0).phase == "turn"
    assert table.log[-1] == (0, Timeout())  # logged as it came
    assert whole_hand(table, 0) == sorted(scenario_tiles(DEAL_HANDS[0]))


def test_deal_dealer_starts_at_step_two_and_may_declare_a_concealed_kong():
    # The dealer's fourteenth tile counts as drawn: a concealed kong may be declared at once.
    hands = ["2222z147m258p369s9m", Q1, Q2, Q3]
    table = scenario_started(hands, tail="3z")
    assert ConcealedKong(T("2z")) in table.legal_actions(0)
    assert DeclareWin() not in table.legal_actions(0)
    out = scenario_step(table, 0, ConcealedKong(T("2z")))
    assert drawn_tile(out, 0) == T("3z")
    (drawn,) = [d.event for d in scenario_events(out, TileDrawn) if d.audience == only(0)]
    assert drawn.from_tail and drawn.wall_left == AFTER_DEAL - 1
    assert table.awaiting() == [0]


# =============================================================================================
# §4 A turn: draws from the head, kongs and their replacement tiles from the tail


def test_draws_come_from_the_head_in_turn_order():
    table = scenario_started(DEAL_HANDS, draws="2z2z2z1z")
    out = scenario_step(table, 0, Timeout())  # the dealer discards 9m
    assert [d.event.tile for d in scenario_events(out, TileDiscarded)] == [T("9m")]
    expected = [(1, T("2z")), (2, T("2z")), (3, T("2z")), (0, T("1z"))]
    left = AFTER_DEAL
    for seat, tile in expected:
        left -= 1
        draws = scenario_events(out, TileDrawn)
        mine = [d.event for d in draws if d.audience == only(seat)]
        theirs = [d.event for d in draws if d.audience == all_but(seat)]
        assert mine == [TileDrawn(seat, False, left, tile)]
        assert theirs == [TileDrawn(seat, False, left, None)]
        assert table.awaiting() == [seat]
        assert table.view(seat).wall_left == left
        assert tile in whole_hand(table, seat)
        out = scenario_step(table, seat, Timeout())


def test_concealed_kong_takes_a_replacement_from_the_tail():
    # Seat 1 holds four 5m; it draws 2z and lays the kong, the replacement 3z comes from the
    # tail, and seat 1 goes on with its turn (step 2).
    hands = [Q0 + "9m", "5555m369p147s157z", Q2, Q3]
    table = scenario_started(hands, draws="2z1z", tail="3z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    assert ConcealedKong(T("5m")) in table.legal_actions(1)
    out = scenario_step(table, 1, ConcealedKong(T("5m")))

    kongs = scenario_events(out, KongDeclared)
    assert {(d.audience, d.event.tile) for d in kongs} == {
        (only(1), T("5m")),
        (all_but(1), None),
    }
    assert all(d.event.kind == "concealed" for d in kongs)
    draws = scenario_events(out, TileDrawn)
    assert [d.event for d in draws if d.audience == only(1)] == [
        TileDrawn(1, True, AFTER_DEAL - 2, T("3z"))
    ]
    assert table.awaiting() == [1]
    assert table.view(1).phase == "turn"
    assert whole_hand(table, 1) == sorted(scenario_tiles("369p147s157z2z3z"))
    assert table.view(1).seats[1].melds == (MeldView("concealed_kong", (T("5m"),) * 4, None),)
    for viewer in (0, 2, 3, None):
        assert table.view(viewer).seats[1].melds == (MeldView("concealed_kong", None, None),)
    # The turn goes on after the replacement: seat 1 discards, seat 2 draws from the head.
    out = scenario_step(table, 1, Discard(T("3z")))
    assert table.awaiting() == [2]
    assert drawn_tile(out, 2) == T("1z")
    assert table.view(2).wall_left == AFTER_DEAL - 3


DEALER_NO_2Z = "147m258p369s134z6z"
"""A quiet dealer's first 13 tiles without 2z (南), so that others may hold three or four."""

ADDED_KONG_HANDS = [
    DEALER_NO_2Z + "2z",
    Q1,
    "369m147p258s22z56z",  # pungs 2z, discards 5z, draws the fourth 2z
    Q3,
]


def test_added_kong_on_an_exposed_pung_takes_a_replacement():
    # d1 3z (seat 3), d2 3z (dealer), d3 4m (seat 1), d4 2z (seat 2); replacement 3z.
    table = scenario_started(ADDED_KONG_HANDS, draws="3z3z4m2z", tail="3z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [Pung(), Pass()]
    scenario_step(table, 2, Pung())
    scenario_step(table, 2, Discard(T("5z")))
    for seat in (3, 0, 1):
        assert table.awaiting() == [seat]
        scenario_step(table, seat, Timeout())
    assert table.awaiting() == [2]
    assert AddedKong(T("2z")) in table.legal_actions(2)
    out = scenario_step(table, 2, AddedKong(T("2z")))
    assert [(d.audience, d.event) for d in scenario_events(out, KongDeclared)] == [
        (EVERYONE, KongDeclared(2, "added", T("2z")))
    ]
    assert drawn_tile(out, 2) == T("3z")
    assert [d.event.from_tail for d in scenario_events(out, TileDrawn)] == [True, True]
    assert table.awaiting() == [2]
    assert table.view(3).seats[2].melds == (MeldView("kong", (T("2z"),) * 4, 0),)


def test_added_kong_with_the_fourth_tile_held():
    # Seat 2 holds three 2z but only pungs the dealer's 2z; on a later turn it adds the fourth
    # tile it already held (§4: "just drawn, or held").
    hands = [DEALER_NO_2Z + "2z", Q1, "369m147p258s222z5z", Q3]
    table = scenario_started(hands, draws="3z3z4m1p", tail="3z")
    scenario_step(table, 0, Timeout())
    assert table.legal_actions(2) == [ClaimKong(), Pung(), Pass()]
    scenario_step(table, 2, Pung())
    scenario_step(table, 2, Discard(T("5z")))
    for seat in (3, 0, 1):
        scenario_step(table, seat, Timeout())
    assert table.awaiting() == [2]
    assert table.view(2).drawn == T("1p")
    assert AddedKong(T("2z")) in table.legal_actions(2)
    out = scenario_step(table, 2, AddedKong(T("2z")))
    assert drawn_tile(out, 2) == T("3z")
    assert table.view(0).seats[2].melds == (MeldView("kong", (T("2z"),) * 4, 0),)
    assert whole_hand(table, 2) == sorted(scenario_tiles("369m147p258s1p3z"))


EXPOSED_KONG_HANDS = [DEALER_NO_2Z + "2z", Q1, "369m147p258s222z5z", "147m258p369s4567z"]


def test_exposed_kong_claimed_from_a_discard_takes_a_replacement_and_skips_seats():
    table = scenario_started(EXPOSED_KONG_HANDS, draws="1z", tail="3z")
    scenario_step(table, 0, Timeout())  # 2z
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [ClaimKong(), Pung(), Pass()]
    out = scenario_step(table, 2, ClaimKong())
    (claimed,) = [d for d in scenario_events(out, MeldClaimed)]
    assert claimed.audience == EVERYONE
    assert claimed.event == MeldClaimed(2, "kong", (T("2z"),) * 4, T("2z"), 0)
    assert drawn_tile(out, 2) == T("3z")
    assert table.view(2).wall_left == AFTER_DEAL - 1
    assert table.view(1).seats[0].river == ()  # the claimed tile left the river
    assert table.awaiting() == [2]
    out = scenario_step(table, 2, Timeout())  # discards the replacement 3z
    # Play continues from the claimer's 下家 (seat 3); seat 1 was skipped.
    assert table.awaiting() == [3]
    assert drawn_tile(out, 3) == T("1z")


def test_no_concealed_kong_when_the_wall_is_empty():
    # Seat 3 holds 222z; the fourth 2z is the very last tile of the wall (seat 3 draws it:
    # 83 draws after the deal, the 83rd goes to seat 3).
    hands = [DEALER_NO_2Z + "9m", Q1, Q2, "147m258p369s222z7z"]
    table = scenario_started(hands, tail="2z")
    scenario_timeouts(table, until=lambda t: t.wall.left == 0)
    assert table.awaiting() == [3]
    assert table.view(3).drawn == T("2z")
    assert whole_hand(table, 3).count(T("2z")) == 4
    assert table.legal_actions(3) == discards_of("147m258p369s2z7z")
    scenario_assert_illegal(table, 3, ConcealedKong(T("2z")))


def test_no_added_kong_when_the_wall_is_empty():
    # Seat 1 pungs 2z from seat 3's first discard (80 tiles left); it then draws every fourth
    # tile and the last one, the fourth 2z.
    hands = [DEALER_NO_2Z + "9m", "258m369p147s22z56z", Q2, "147m258p369s2567z"]
    table = scenario_started(hands, draws="1z1z1z", tail="2z")
    for seat in (0, 1, 2):
        scenario_step(table, seat, Timeout())
    scenario_step(table, 3, Discard(T("2z")))
    assert table.awaiting() == [1]
    scenario_step(table, 1, Pung())
    scenario_step(table, 1, Discard(T("5z")))
    # 80 tiles were left after the pung; seat 2 has drawn the first of them.
    assert table.awaiting() == [2]
    assert table.view(1).wall_left == 79
    scenario_timeouts(table, until=lambda t: t.wall.left == 0)
    assert table.awaiting() == [1]
    assert table.view(1).drawn == T("2z")
    assert table.legal_actions(1) == discards_of("258m369p147s6z2z")
    scenario_assert_illegal(table, 1, AddedKong(T("2z")))


# =============================================================================================
# §4 Claims on a discard

CLAIM_DEALER = "17m258p369s1234z6z" + "4m"  # discards 4m first
CLAIM_CHOW = "238m369p147s1567z"  # seat 1 (下家): 234m only
CLAIM_PUNG = "44m369m147p258s56z"
CLAIM_KONG = "444m369m147p258s5z"
CLAIM_WIN = "56m123p456p789p11s"  # seat 3: 456m, all_chows 1 fan


@pytest.mark.parametrize("order", ["chow_first", "pung_first"])
def test_claim_pung_beats_the_chow_of_the_next_player(order):
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_PUNG, Q3], draws="2z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1, 2]
    assert table.legal_actions(1) == [Chow(T("2m")), Pass()]
    assert table.legal_actions(2) == [Pung(), Pass()]
    assert table.legal_actions(3) == []
    answers = [(1, Chow(T("2m"))), (2, Pung())]
    if order == "pung_first":
        answers.reverse()
    first, second = answers
    out = scenario_step(table, *first)
    assert scenario_events(out, MeldClaimed) == []
    assert table.awaiting() == [second[0]]
    out = scenario_step(table, *second)
    assert [d.event for d in scenario_events(out, MeldClaimed)] == [
        MeldClaimed(2, "pung", (T("4m"),) * 3, T("4m"), 0)
    ]
    # After a pung: discard at once, no draw.
    assert scenario_events(out, TileDrawn) == []
    assert table.view(2).wall_left == AFTER_DEAL
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == discards_of("369m147p258s56z")
    assert whole_hand(table, 1) == sorted(scenario_tiles(CLAIM_CHOW))  # the chow is cancelled
    out = scenario_step(table, 2, Discard(T("5z")))
    # Play continues with the claimer's 下家: seat 3 draws; seat 1 is skipped.
    assert table.awaiting() == [3]
    assert drawn_tile(out, 3) == T("2z")


def test_claim_kong_beats_the_chow_of_the_next_player():
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_KONG, "17m258p369s24567z"], tail="3z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1, 2]
    assert table.legal_actions(2) == [ClaimKong(), Pung(), Pass()]
    scenario_step(table, 1, Chow(T("2m")))
    out = scenario_step(table, 2, ClaimKong())
    assert [d.event.kind for d in scenario_events(out, MeldClaimed)] == ["kong"]
    assert drawn_tile(out, 2) == T("3z")
    assert whole_hand(table, 1) == sorted(scenario_tiles(CLAIM_CHOW))


@pytest.mark.parametrize("order", [(1, 2, 3), (3, 2, 1), (2, 3, 1)])
def test_claim_win_beats_pung_and_chow(order):
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_PUNG, CLAIM_WIN], draws="2z2z2z1z")
    first_go_around(table, "1z")
    scenario_step(table, 0, Discard(T("4m")))
    assert table.awaiting() == [1, 2, 3]
    assert table.legal_actions(3) == [DeclareWin(), Pass()]
    answer = {1: Chow(T("2m")), 2: Pung(), 3: DeclareWin()}
    for seat in order:
        scenario_step(table, seat, answer[seat])
    result = ended(table)
    assert result.kind == "discard"
    assert result.loser == 0
    assert [w.seat for w in result.winners] == [3]
    assert winner_fan(result, 3) == 1
    assert result.deltas == (-2, 0, 0, 2)
    assert result.scores == (998, 1000, 1000, 1002)
    assert table.view(2).seats[2].melds == ()


def test_claim_chow_only_by_the_discarders_next_player():
    # Seats 2 (35m) and 3 (56m) could make a run with 4m, but only seat 1 is the 下家.
    hands = [CLAIM_DEALER, CLAIM_CHOW, "35m9m147p258s3456z", "56m1m258p369s4567z"]
    table = scenario_started(hands, draws="2z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    for seat, low in ((2, T("3m")), (3, T("4m")), (2, T("2m"))):
        assert table.legal_actions(seat) == []
        scenario_assert_illegal(table, seat, Chow(low))
    scenario_step(table, 1, Pass())
    assert table.awaiting() == [1]
    assert table.view(1).phase == "turn"


@pytest.mark.parametrize(
    ("discard", "seat1"),
    [
        pytest.param("9m", "128m369p147s1567z", id="9-and-1-do-not-connect"),
        pytest.param("1z", "258m369p147s2357z", id="honors-make-no-run"),
    ],
)
def test_claim_no_chow_across_9_1_or_with_honors(discard, seat1):
    table = scenario_started([Q0 + discard, seat1, Q2, Q3])
    out = scenario_step(table, 0, Timeout())
    # Nobody may claim: the table goes straight on to seat 1's draw.
    assert table.view(1).phase == "turn"
    assert table.awaiting() == [1]
    assert len([d for d in scenario_events(out, TileDrawn) if d.audience == only(1)]) == 1


@pytest.mark.parametrize(
    ("low", "run", "kept"),
    [
        pytest.param("2m", "234m", "56m", id="23+4"),
        pytest.param("3m", "345m", "26m", id="35+4"),
        pytest.param("4m", "456m", "23m", id="56+4"),
    ],
)
def test_claim_chow_choice_when_several_runs_are_possible(low, run, kept):
    seat1 = "2356m369p147s157z"
    table = scenario_started([CLAIM_DEALER, seat1, Q2, Q3])
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    assert table.legal_actions(1) == [Chow(T("2m")), Chow(T("3m")), Chow(T("4m")), Pass()]
    out = scenario_step(table, 1, Chow(T(low)))
    assert [d.event for d in scenario_events(out, MeldClaimed)] == [
        MeldClaimed(1, "chow", tuple(scenario_tiles(run)), T("4m"), 0)
    ]
    assert whole_hand(table, 1) == sorted(scenario_tiles(kept + "369p147s157z"))
    assert table.view(0).seats[1].melds == (MeldView("chow", tuple(scenario_tiles(run)), 0),)


def test_claim_after_a_chow_discard_at_once_no_win():
    # Seat 1 could win on 1m (all_chows) but chows instead; its 14 tiles then form a winning
    # hand, yet after a chow the claimer only discards: no draw, no win.
    seat1 = "23m456p789p123s99s"
    table = scenario_started([Q0 + "1m", seat1, Q2, Q3])
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    assert table.legal_actions(1) == [DeclareWin(), Chow(T("1m")), Pass()]
    out = scenario_step(table, 1, Chow(T("1m")))
    assert scenario_events(out, TileDrawn) == []
    assert table.view(1).wall_left == AFTER_DEAL
    assert table.legal_actions(1) == discards_of("456p789p123s99s")
    scenario_assert_illegal(table, 1, DeclareWin())
    scenario_step(table, 1, Discard(T("9s")))
    assert table.awaiting() == [2]


def test_claim_after_a_pung_discard_at_once_no_kong():
    # Seat 2 pungs 4m while holding four 2z: no concealed kong before its discard.
    dealer = "17m258p369s134z56z" + "4m"
    seat2 = "44m2222z147p258s6m"
    table = scenario_started([dealer, Q1, seat2, Q3], draws="3z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    scenario_step(table, 2, Pung())
    assert table.legal_actions(2) == discards_of("2222z147p258s6m")
    scenario_assert_illegal(table, 2, ConcealedKong(T("2z")))
    scenario_assert_illegal(table, 2, DeclareWin())
    out = scenario_step(table, 2, Discard(T("6m")))
    assert table.awaiting() == [3]
    assert drawn_tile(out, 3) == T("3z")


# =============================================================================================
# §4 Several winners on one discard (一炮多响) and 截胡

MW_DEALER = "147p258s134567z9m" + "3m"
MW_SEAT1 = "12m456p789p234s55s"  # + 3m: all_chows, 1 fan
MW_SEAT2 = "12m345p678p345s99s"  # + 3m: all_chows, 1 fan
MW_SEAT3 = "12m456m789m11z222z"  # + 3m: mixed_one_suit, 2 fan


def multiple_winners_table(**options) -> HandTable:
    table = scenario_started([MW_DEALER, MW_SEAT1, MW_SEAT2, MW_SEAT3], draws="3z3z3z4z", **options)
    first_go_around(table, "9m")
    scenario_step(table, 0, Discard(T("3m")))
    assert table.awaiting() == [1, 2, 3]
    assert table.legal_actions(1) == [DeclareWin(), Chow(T("1m")), Pass()]
    assert table.legal_actions(2) == [DeclareWin(), Pass()]
    assert table.legal_actions(3) == [DeclareWin(), Pass()]
    return table


def test_multiple_winners_two_winners_each_paid_their_own_points():
    table = multiple_winners_table()
    scenario_step(table, 1, DeclareWin())
    scenario_step(table, 2, Pass())
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert result.kind == "discard" and result.loser == 0
    assert sorted(w.seat for w in result.winners) == [1, 3]
    assert winner_fan(result, 1) == 1 and winner_fan(result, 3) == 2
    assert payments(result) == {(0, 1, 2, "win"), (0, 3, 4, "win")}
    assert result.deltas == (-6, 2, 0, 4)


def test_multiple_winners_three_winners_fan_floor_of_three():
    table = multiple_winners_table()
    for seat in (3, 1, 2):
        scenario_step(table, seat, DeclareWin())
    result = ended(table)
    assert sorted(w.seat for w in result.winners) == [1, 2, 3]
    # §6.5: one discard, three winners: each winner's fan has a floor of 3 → 8 points each.
    assert payments(result) == {(0, 1, 8, "win"), (0, 2, 8, "win"), (0, 3, 8, "win")}
    assert result.deltas == (-24, 8, 8, 8)


def test_multiple_winners_three_winners_result_shows_the_floored_fan():
    # §6.5: "each winner's fan has a floor of 3" — the result box should say what was paid
    # (as it does for the other floors of 3: 抢杠, 杠上开花, 海底捞月).
    table = multiple_winners_table()
    for seat in (1, 2, 3):
        scenario_step(table, seat, DeclareWin())
    result = ended(table)
    for winner in result.winners:
        assert winner.fan == 3, f"seat {winner.seat} is shown with {winner.fan} fan, paid as 3"
        assert winner.points == 8


def test_multiple_winners_off_highest_fan_wins():
    table = multiple_winners_table(multiple_winners=False)
    for seat in (1, 2, 3):
        scenario_step(table, seat, DeclareWin())
    result = ended(table)
    assert [w.seat for w in result.winners] == [3]
    assert result.deltas == (-4, 0, 0, 4)


def test_multiple_winners_off_tie_goes_to_first_after_the_discarder():
    # Dealer seat 2 discards 3m; seats 3 and 0 (1 fan each) declare, seat 1 (2 fan) passes.
    # Turn order after seat 2 is 3, 0, 1: seat 3 wins.
    hands = [MW_SEAT2, MW_SEAT3, MW_DEALER, MW_SEAT1]
    table = scenario_started(hands, draws="3z3z3z4z", dealer=2, multiple_winners=False)
    first_go_around(table, "9m")
    scenario_step(table, 2, Discard(T("3m")))
    assert sorted(table.awaiting()) == [0, 1, 3]
    scenario_step(table, 0, DeclareWin())
    scenario_step(table, 1, Pass())
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert [w.seat for w in result.winners] == [3]
    assert result.loser == 2
    assert result.deltas == (0, 0, -2, 2)


# =============================================================================================
# §4 Robbing the kong (抢杠)

ROB_DEALER = "147m369s1234z7z28p" + "5p"
ROB_SEAT2 = "55p1p369m258s3456z"  # pungs 5p, discards 1p, draws the fourth 5p
ROB_SEAT3 = "123m789m111s46p99s"  # waits on 5p: a chicken hand (0 fan)


def robbing_table() -> HandTable:
    hands = [ROB_DEALER, Q1, ROB_SEAT2, ROB_SEAT3]
    table = scenario_started(hands, draws="2z2z2z9m" + "4z4z5z5p", tail="3z")
    first_go_around(table, "7z")
    scenario_step(table, 0, Discard(T("5p")))  # seat 3's chicken hand may not win on it
    assert table.awaiting() == [2]
    scenario_step(table, 2, Pung())
    scenario_step(table, 2, Discard(T("1p")))
    for seat in (3, 0, 1):
        assert table.awaiting() == [seat]
        scenario_step(table, seat, Timeout())
    assert table.awaiting() == [2]
    assert AddedKong(T("5p")) in table.legal_actions(2)
    out = scenario_step(table, 2, AddedKong(T("5p")))
    assert scenario_events(out, TileDrawn) == []  # no replacement while it may be robbed
    assert table.awaiting() == [3]
    assert table.view(3).phase == "rob"
    assert table.view(0).pending_kong == (2, T("5p"))
    assert table.legal_actions(3) == [DeclareWin(), Pass()]
    return table


def test_robbing_the_kong_robbed_player_pays_three_times_alone():
    table = robbing_table()
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert result.kind == "robbing_kong"
    assert result.loser == 2
    assert [w.seat for w in result.winners] == [3]
    assert "robbing_the_kong" in pattern_ids(result, 3)
    assert winner_fan(result, 3) == 3  # chicken 0, floor 3 (不满3番按3番计)
    assert payments(result) == {(2, 3, 24, "liability")}
    assert result.deltas == (0, 0, -24, 24)
    assert result.liable == 2


def test_robbing_the_kong_passed_kong_completes_and_locks():
    table = robbing_table()
    out = scenario_step(table, 3, Pass())
    assert [(d.audience, d.event) for d in scenario_events(out, MissedWin)] == [
        (only(3), MissedWin(3, T("5p")))
    ]
    assert table.view(3).missed_win_tiles == (T("5p"),)
    assert drawn_tile(out, 2) == T("3z")
    assert table.awaiting() == [2]
    assert table.view(0).seats[2].melds == (MeldView("kong", (T("5p"),) * 4, 0),)


def test_robbing_a_concealed_kong_is_not_allowed():
    dealer = "147m369s1234z7z28p" + "9p"
    seat2 = "555p1p369m258s356z"
    table = scenario_started([dealer, Q1, seat2, ROB_SEAT3], draws="2z5p", tail="3z")
    scenario_step(table, 0, Timeout())
    scenario_step(table, 1, Timeout())
    assert table.awaiting() == [2]
    out = scenario_step(table, 2, ConcealedKong(T("5p")))
    assert table.view(3).phase == "turn"
    assert table.awaiting() == [2]
    assert table.view(3).pending_kong is None
    assert table.legal_actions(3) == []
    assert drawn_tile(out, 2) == T("3z")


# =============================================================================================
# §4 Missed win (过水)

LOCK_DEALER = "1m7m258p369s1234z6z" + "4m"
LOCK_SEAT1 = "48m369p147s12567z"  # holds 4m and 7z to discard
LOCK_SEAT2 = "23m456p789p99s777z"  # waits on 1m and 4m, 1 fan (中 pung)
LOCK_SEAT3 = "4m9m147p258s9s3456z"  # holds 4m to discard


def locked_table(draws: str = "", **options) -> HandTable:
    """The dealer discards 4m, seat 2 passes the win: seat 2 is locked on 4m."""
    hands = [LOCK_DEALER, LOCK_SEAT1, LOCK_SEAT2, LOCK_SEAT3]
    table = scenario_started(hands, draws="4z4z5z5z" + draws, tail="2z", **options)
    first_go_around(table, "6z")
    scenario_step(table, 0, Discard(T("4m")))
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [DeclareWin(), Pass()]
    out = scenario_step(table, 2, Pass())
    assert [(d.audience, d.event) for d in scenario_events(out, MissedWin)] == [
        (only(2), MissedWin(2, T("4m")))
    ]
    assert table.view(2).missed_win_tiles == (T("4m"),)
    for seat in (0, 1, 3):
        assert table.view(seat).missed_win_tiles == ()
    return table


def test_missed_win_locks_the_tile_from_anyone_until_own_discard():
    table = locked_table(draws="3z2z1p")
    # Seat 1 discards another 4m: seat 2 may chow it but not win on it.
    scenario_step(table, 1, Discard(T("4m")))
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [Chow(T("2m")), Pass()]
    scenario_step(table, 2, Pass())
    # Seat 2 draws 2z: drawing does not lift the default lock; its own discard does.
    assert table.awaiting() == [2]
    assert table.view(2).missed_win_tiles == (T("4m"),)
    out = scenario_step(table, 2, Discard(T("2z")))
    assert [(d.audience, d.event) for d in scenario_events(out, MissedWinCleared)] == [
        (only(2), MissedWinCleared(2))
    ]
    assert table.view(2).missed_win_tiles == ()
    # Seat 3 discards the last 4m: seat 2 may win on it again.
    scenario_step(table, 3, Discard(T("4m")))
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [DeclareWin(), Pass()]
    scenario_step(table, 2, DeclareWin())
    result = ended(table)
    assert result.loser == 3
    assert result.deltas == (0, 0, 2, -2)


def test_missed_win_self_drawn_win_is_never_locked():
    table = locked_table(draws="3z4m")
    scenario_step(table, 1, Timeout())  # discards the drawn 3z
    assert table.awaiting() == [2]
    assert table.view(2).drawn == T("4m")
    assert table.view(2).missed_win_tiles == (T("4m"),)
    assert DeclareWin() in table.legal_actions(2)
    scenario_step(table, 2, DeclareWin())
    result = ended(table)
    assert result.kind == "self_drawn"
    assert result.deltas == (-2, -2, 6, -2)


@pytest.mark.parametrize("until", ["discard", "any_move"])
@pytest.mark.parametrize("move", ["draw", "chow", "pung", "kong"])
def test_missed_win_lock_until_any_move(until, move):
    table = locked_table(draws="3z2z", missed_win_lock_until=until)
    if move == "draw":
        out = scenario_step(table, 1, Timeout())  # 3z; seat 2 draws 2z
        assert table.awaiting() == [2]
    elif move == "chow":
        scenario_step(table, 1, Discard(T("4m")))
        assert table.legal_actions(2) == [Chow(T("2m")), Pass()]  # no win: locked
        out = scenario_step(table, 2, Chow(T("2m")))
    else:
        scenario_step(table, 1, Discard(T("7z")))
        assert table.legal_actions(2) == [ClaimKong(), Pung(), Pass()]
        out = scenario_step(table, 2, ClaimKong() if move == "kong" else Pung())
    assert table.awaiting() == [2]
    cleared = [(d.audience, d.event) for d in scenario_events(out, MissedWinCleared)]
    if until == "any_move":
        assert table.view(2).missed_win_tiles == ()
        assert cleared == [(only(2), MissedWinCleared(2))]
    else:
        assert table.view(2).missed_win_tiles == (T("4m"),)
        assert cleared == []


def test_missed_win_timeout_on_a_win_is_a_pass_and_locks():
    hands = [LOCK_DEALER, LOCK_SEAT1, LOCK_SEAT2, LOCK_SEAT3]
    table = scenario_started(hands, draws="3z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    out = scenario_step(table, 2, Timeout())
    assert table.log[-1] == (2, Timeout())
    assert [d.event for d in scenario_events(out, MissedWin)] == [MissedWin(2, T("4m"))]
    assert table.awaiting() == [1]


# =============================================================================================
# §6.4 step 5: min_fan


@pytest.mark.parametrize(
    ("seat1", "tile", "min_fan", "deltas"),
    [
        # 123m456p777s3z +3z: chicken hand, no bonus → 0 fan
        pytest.param("123m456p777s789s3z", "3z", 1, None, id="chicken-min1-no-win"),
        pytest.param("123m456p777s789s3z", "3z", 0, (-1, 1, 0, 0), id="chicken-min0-wins"),
        # chicken hand with a 东 pung (prevailing wind): 1 fan
        pytest.param("123m456p777s111z3z", "3z", 1, (-2, 2, 0, 0), id="chicken-bonus-min1"),
    ],
)
def test_min_fan_chicken_hand_win_on_a_discard(seat1, tile, min_fan, deltas):
    dealer = "147m258p369s245z" + ("6z" if "111z" in seat1 else "1z") + tile
    table = scenario_started([dealer, seat1, Q2, Q3], draws="2z2z2z9p6z", min_fan=min_fan)
    first_go_around(table, "2z")
    out = scenario_step(table, 0, Discard(T(tile)))
    if deltas is None:
        # No DeclareWin is offered: nobody may claim, seat 1 simply draws.
        assert table.awaiting() == [1]
        assert table.view(1).phase == "turn"
        assert drawn_tile(out, 1) == T("6z")
        return
    assert table.awaiting() == [1]
    assert table.legal_actions(1) == [DeclareWin(), Pass()]
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert result.deltas == deltas
    if min_fan == 0:
        assert pattern_ids(result, 1) == {"chicken_hand"}
        assert winner_fan(result, 1) == 0


# =============================================================================================
# §2 The dealer is always East: 门风 follows the deal


@pytest.mark.parametrize(
    ("pung", "wind_pattern"),
    [
        # Dealer seat 2 is East, seat 3 South, seat 0 West, seat 1 North: 西 is seat 0's wind.
        pytest.param("333z", "seat_wind_pung", id="west-pung-is-seat-0s-wind"),
        # 东 is the prevailing wind, and no longer seat 0's own: one wind bonus, not two.
        pytest.param("111z", "prevailing_wind_pung", id="east-pung-prevailing-only"),
    ],
)
def test_seat_winds_count_from_the_dealer_for_seat_wind_pungs(pung, wind_pattern):
    """Worked from RULES.md §2 and §6.3: with seat 2 dealing, seat 0 sits West. Its
    123m456p777s + a wind pung + 7z waits on 7z, which the dealer discards: a chicken hand
    with one wind bonus, 1 fan, paid 2^1 = 2 by the dealer."""
    seat0 = f"123m456p777s{pung}7z"
    dealer = "147m258p369s245z6z7z"
    table = scenario_started([seat0, Q1, dealer, Q3], dealer=2, draws="2z2z2z9p6z")
    assert [table.view(0).seat_winds[s] for s in range(4)] == [2, 3, 0, 1]
    first_go_around(table, "2z")
    scenario_step(table, 2, Discard(T("7z")))
    assert table.awaiting() == [0]
    assert table.legal_actions(0) == [DeclareWin(), Pass()]
    scenario_step(table, 0, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 0) - {"chicken_hand"} == {wind_pattern}
    assert winner_fan(result, 0) == 1
    assert result.deltas == (2, 0, -2, 0)


# =============================================================================================
# §6.2 天胡, 地胡 and (§8 qq3) 人和

READY_CHICKEN = "123m456p789s222s5z"  # + 5z: a chicken hand (0 fan)


def test_heavenly_hand_dealer_wins_on_the_first_14():
    dealer = "123m456p789s222s55z"
    table = scenario_started([dealer, Q1, Q2, "147m258p369s1467z"])
    assert DeclareWin() in table.legal_actions(0)
    scenario_step(table, 0, DeclareWin())
    result = ended(table)
    assert result.kind == "self_drawn"
    assert pattern_ids(result, 0) == {"heavenly_hand"}
    assert winner_fan(result, 0) == 6
    assert result.deltas == (192, -64, -64, -64)


def test_earthly_hand_self_drawn_in_the_first_go_around():
    table = scenario_started([Q0 + "9m", READY_CHICKEN, Q2, Q3], draws="5z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    assert DeclareWin() in table.legal_actions(1)
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 1) == {"earthly_hand"}
    assert result.deltas == (-64, 192, -64, -64)


def test_earthly_hand_on_the_dealers_first_discard():
    dealer = Q0 + "5z"
    table = scenario_started([dealer, Q1, READY_CHICKEN, Q3])
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [DeclareWin(), Pass()]
    scenario_step(table, 2, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 2) == {"earthly_hand"}
    assert result.deltas == (-64, 0, 64, 0)


def test_earthly_hand_on_a_discard_before_the_winners_first_draw():
    # Seat 1 draws 5z and discards it; seat 3 (not yet drawn) wins on it.
    table = scenario_started([Q0 + "9m", Q1, Q2, READY_CHICKEN], draws="5z")
    scenario_step(table, 0, Timeout())
    scenario_step(table, 1, Timeout())
    assert table.awaiting() == [3]
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 3) == {"earthly_hand"}
    assert result.deltas == (0, -64, 0, 64)


def test_earthly_hand_on_a_discard_after_the_winners_first_draw_in_the_first_go_around():
    # §6.2: "a non-dealer wins during the first go-around, before any chow, pung or kong by
    # anyone and before the winner's second draw". Seat 1 draws once (6z) and discards it;
    # seat 2 then discards 5z — still the first go-around, seat 1 has not drawn again.
    seat2 = "369m147p258s346z" + "7z"
    table = scenario_started([Q0 + "9m", READY_CHICKEN, seat2, Q3], draws="6z5z")
    scenario_step(table, 0, Timeout())  # 9m
    scenario_step(table, 1, Timeout())  # 6z
    assert table.awaiting() == [2]
    scenario_step(table, 2, Timeout())  # 5z
    assert table.awaiting() == [1], "地胡 (6 fan) should be offered to seat 1"
    assert table.legal_actions(1) == [DeclareWin(), Pass()]
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 1) == {"earthly_hand"}
    assert result.deltas == (0, 64, -64, 0)


def test_earthly_hand_not_in_the_second_go_around():
    # Seat 1 (all_chows, 1 fan) wins on the dealer's second discard: a plain 1-fan win.
    seat1 = "123m456p789s234s5z"
    table = scenario_started([Q0 + "9m", seat1, Q2, Q3], draws="1z1z1z5z")
    for seat in (0, 1, 2, 3, 0):
        scenario_step(table, seat, Timeout())
    assert table.awaiting() == [1]
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 1) == {"all_chows"}
    assert result.deltas == (-2, 2, 0, 0)


def test_earthly_hand_not_after_a_pung():
    # The dealer discards 2z, seat 2 pungs it and discards 5z; seat 3 wins on it with a plain
    # all_chows hand: a claim ended the first go-around.
    seat2 = "22z369m147p258s5z6z"
    seat3 = "123m456p789s234s5z"
    table = scenario_started([Q0 + "2z", Q1, seat2, seat3])
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    scenario_step(table, 2, Pung())
    scenario_step(table, 2, Discard(T("5z")))
    assert table.awaiting() == [3]
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 3) == {"all_chows"}
    assert result.deltas == (0, 0, -2, 2)


def test_earthly_hand_not_after_a_concealed_kong():
    # The dealer lays a concealed kong of 2z on its first turn: "before any chow, pung or kong
    # by anyone" no longer holds, so seat 1's first self-drawn win is a plain all_chows.
    dealer = "2222z147m258p369s9m"
    seat1 = "123m456p789s234s5z"
    table = scenario_started([dealer, seat1, Q2, Q3], draws="5z", tail="3z")
    scenario_step(table, 0, ConcealedKong(T("2z")))
    scenario_step(table, 0, Timeout())  # the replacement 3z
    assert table.awaiting() == [1]
    assert table.view(1).drawn == T("5z")
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 1) == {"all_chows"}
    assert result.deltas == (-2, 6, -2, -2)


def test_human_hand_in_qq3_on_the_dealers_first_discard():
    table = scenario_started([Q0 + "5z", Q1, READY_CHICKEN, Q3], preset="qq3")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    scenario_step(table, 2, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 2) == {"human_hand"}
    assert result.deltas == (-64, 0, 64, 0)


def test_qq3_no_earthly_hand_on_a_discard():
    # qq3: 地胡 is the self-drawn case only; a win on seat 1's first discard is a chicken hand
    # (0 fan, qq3's min_fan is 0).
    table = scenario_started([Q0 + "9m", Q1, Q2, READY_CHICKEN], draws="5z", preset="qq3")
    scenario_step(table, 0, Timeout())
    scenario_step(table, 1, Timeout())
    assert table.awaiting() == [3]
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 3) == {"chicken_hand"}
    assert result.deltas == (0, -1, 0, 1)


def test_qq3_earthly_hand_self_drawn():
    table = scenario_started([Q0 + "9m", READY_CHICKEN, Q2, Q3], draws="5z", preset="qq3")
    scenario_step(table, 0, Timeout())
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert pattern_ids(result, 1) == {"earthly_hand"}
    assert result.deltas == (-64, 192, -64, -64)


# =============================================================================================
# §4 End of a hand: 海底捞月, the exhausted wall, the last discard

LAST_DEALER = Q0 + "9m"


def play_to_the_last_tile(hands: list[str], tail: str) -> HandTable:
    table = scenario_started(hands, tail=tail)
    scenario_timeouts(table, until=lambda t: t.wall.left == 0)
    assert table.awaiting() == [3]  # the 83rd draw after the deal is seat 3's
    assert table.view(3).wall_left == 0
    return table


def test_last_tile_self_drawn_win_has_a_floor_of_three():
    table = play_to_the_last_tile([LAST_DEALER, Q1, Q2, READY_CHICKEN], tail="5z")
    assert table.view(3).drawn == T("5z")
    assert DeclareWin() in table.legal_actions(3)
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert result.kind == "self_drawn"
    assert "last_tile_draw" in pattern_ids(result, 3)
    assert winner_fan(result, 3) == 3
    assert result.deltas == (-8, -8, -8, 24)


def test_exhausted_wall_is_a_draw_without_payments():
    table = play_to_the_last_tile([LAST_DEALER, Q1, Q2, READY_CHICKEN], tail="5z")
    scenario_step(table, 3, Timeout())  # discards the last tile; nobody may win on it
    result = ended(table)
    assert result.kind == "draw"
    assert result.winners == ()
    assert result.payments == ()
    assert result.deltas == (0, 0, 0, 0)
    assert result.scores == (1000, 1000, 1000, 1000)
    assert result.loser is None
    scenario_assert_illegal(table, 0, Timeout())


LAST_DISCARD_DEALER = "444m56m258p369s123z"  # seat 3's 下家: could kong, pung or chow 4m
LAST_DISCARD_WINNER = "35m456p789p777z99s"  # waits on 4m, 1 fan (中 pung)
LAST_DISCARD_SEAT3 = "17m258p369s14567z"


@pytest.mark.parametrize("seat1", ["win", "pass", "quiet"])
def test_last_discard_can_only_be_won(seat1):
    hands = [
        LAST_DISCARD_DEALER,
        Q1 if seat1 == "quiet" else LAST_DISCARD_WINNER,
        Q2,
        LAST_DISCARD_SEAT3,
    ]
    table = play_to_the_last_tile(hands, tail="4m")
    assert table.view(3).drawn == T("4m")
    scenario_step(table, 3, Discard(T("4m")))
    # Seat 0 holds 444m and 56m: no kong, pung or chow on the last discard.
    assert table.legal_actions(0) == []
    if seat1 == "quiet":
        result = ended(table)
        assert result.kind == "draw"
        return
    assert table.awaiting() == [1]
    assert table.legal_actions(1) == [DeclareWin(), Pass()]
    for action in (ClaimKong(), Pung(), Chow(T("4m"))):
        scenario_assert_illegal(table, 0, action)
    scenario_step(table, 1, DeclareWin() if seat1 == "win" else Pass())
    result = ended(table)
    if seat1 == "win":
        assert result.kind == "discard"
        assert result.deltas == (0, 2, 0, -2)
    else:
        assert result.kind == "draw"
        assert result.deltas == (0, 0, 0, 0)


# =============================================================================================
# §6.4 杠上开花 and §6.5 its liability

KONG_WIN = "555p123m789m456s9s"  # kong of 5p, then 9s completes a chicken hand


def test_win_on_kong_replacement_has_a_floor_of_three():
    dealer = "47m28p369s1234z56z" + "9p"
    seat3 = "147m128p369s4567z"
    table = scenario_started([dealer, KONG_WIN, Q2, seat3], draws="5p", tail="9s")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    scenario_step(table, 1, ConcealedKong(T("5p")))
    assert table.view(1).drawn == T("9s")
    assert DeclareWin() in table.legal_actions(1)
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert result.kind == "self_drawn"
    assert "win_on_kong" in pattern_ids(result, 1)
    assert winner_fan(result, 1) == 3
    assert result.deltas == (-8, 24, -8, -8)
    assert result.liable is None


def test_win_on_kong_claimed_from_a_discard_the_discarder_pays_alone():
    dealer = "47m28p369s1234z56z" + "5p"
    seat3 = "147m128p369s4567z"
    table = scenario_started([dealer, Q1, KONG_WIN, seat3], tail="9s")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [2]
    assert table.legal_actions(2) == [ClaimKong(), Pung(), Pass()]
    scenario_step(table, 2, ClaimKong())
    assert DeclareWin() in table.legal_actions(2)
    scenario_step(table, 2, DeclareWin())
    result = ended(table)
    assert "win_on_kong" in pattern_ids(result, 2)
    assert winner_fan(result, 2) == 3
    assert payments(result) == {(0, 2, 24, "liability")}
    assert result.deltas == (-24, 0, 24, 0)
    assert result.liable == 0


# =============================================================================================
# §6.5 Liability: 大三元 and twelve tiles (十二张落地)

DRAGONS_DEALER = "147m258p369s4z1z2z3z" + "5z"
DRAGONS_SEAT1 = "55z66z77z123m9s1z2z3z"
DRAGONS_SEAT2 = "369m147p258s4z6z7z9p"
DRAGONS_SEAT3 = "147m258p369s4z5z6z7z"


@pytest.mark.parametrize("how", ["self_drawn", "discard"])
def test_big_three_dragons_liability(how):
    # Seat 1 pungs 5z (from the dealer), 6z and then 7z (both from seat 2), then wins on 9s.
    draws = "1p1p2z2z3z9s" if how == "self_drawn" else "1p1p2z2z"
    hands = [DRAGONS_DEALER, DRAGONS_SEAT1, DRAGONS_SEAT2, DRAGONS_SEAT3]
    table = scenario_started(hands, draws=draws)
    scenario_step(table, 0, Timeout())
    for discard_by_1, dragon in (("1z", "6z"), ("2z", "7z"), ("3z", None)):
        assert table.awaiting() == [1]
        assert table.legal_actions(1) == [Pung(), Pass()]
        scenario_step(table, 1, Pung())
        scenario_step(table, 1, Discard(T(discard_by_1)))
        assert table.awaiting() == [2]
        if dragon is not None:
            scenario_step(table, 2, Discard(T(dragon)))
    scenario_step(table, 2, Timeout())
    if how == "self_drawn":
        scenario_step(table, 3, Timeout())
        scenario_step(table, 0, Timeout())
        assert table.awaiting() == [1]
        scenario_step(table, 1, DeclareWin())
        result = ended(table)
        assert "big_three_dragons" in pattern_ids(result, 1)
        assert winner_fan(result, 1) == 6
        # The third dragon pung was claimed from seat 2: it pays 3 × 64 alone.
        assert payments(result) == {(2, 1, 192, "liability")}
        assert result.deltas == (0, 192, -192, 0)
        assert result.liable == 2
    else:
        scenario_step(table, 3, Discard(T("9s")))
        assert table.awaiting() == [1]
        scenario_step(table, 1, DeclareWin())
        result = ended(table)
        # A discard win is always paid by the discarder.
        assert payments(result) == {(3, 1, 64, "win")}
        assert result.deltas == (0, 64, 0, -64)


TWELVE_X = "258m369s158p2z4z5z6z" + "1z"  # seat 0, the dealer
TWELVE_A = "258m9s11z22z33z44z7z"  # seat 1: pungs 1z, 2z, 3z and (from seat 0) 4z
TWELVE_B = "22m55m88m55p2z3z6z9m9p"  # seat 2: pungs 2m, 5m, 8m and 5p, waits on 9p
TWELVE_C = "369m59p147s1z3z5z6z7z"  # seat 3


@pytest.mark.parametrize("liability", ["all", "first_only"])
@pytest.mark.parametrize("feeder", [0, 3])
def test_twelve_tile_liability(liability, feeder):
    """Seat 1's fourth exposed set is claimed from seat 0; seat 2's fourth from `feeder`.

    Seat 2 then self-draws [222m][555m][888m][555p] 99p: all_pungs, 2 fan, 4 points.
    """
    draws = "4m4m4m4m1m1m1m1m9p" if feeder == 0 else "4m4m4m4m1m1m1m9p"
    hands = [TWELVE_X, TWELVE_A, TWELVE_B, TWELVE_C]
    table = scenario_started(hands, draws=draws, twelve_tile_liability=liability)

    def claim(seat, action=None):
        assert table.awaiting() == [seat]
        assert table.legal_actions(seat) == [action or Pung(), Pass()]
        scenario_step(table, seat, action or Pung())

    scenario_step(table, 0, Timeout())  # 1z
    claim(1)
    scenario_step(table, 1, Discard(T("2m")))
    claim(2)
    scenario_step(table, 2, Discard(T("2z")))
    claim(1)
    scenario_step(table, 1, Discard(T("5m")))
    claim(2)
    scenario_step(table, 2, Discard(T("3z")))
    claim(1)
    scenario_step(table, 1, Discard(T("8m")))
    claim(2)
    scenario_step(table, 2, Discard(T("6z")))
    scenario_step(table, 3, Timeout())  # 4m
    scenario_step(table, 0, Discard(T("4z")))
    claim(1)  # seat 1's fourth exposed set, from seat 0
    scenario_step(table, 1, Discard(T("7z")))
    scenario_step(table, 2, Timeout())  # 4m
    if feeder == 0:
        scenario_step(table, 3, Timeout())  # 4m
        scenario_step(table, 0, Discard(T("5p")))
    else:
        scenario_step(table, 3, Discard(T("5p")))
    claim(2)  # seat 2's fourth exposed set
    scenario_step(table, 2, Discard(T("9m")))
    for seat in (3, 0, 1):
        scenario_step(table, seat, Timeout())
    assert table.awaiting() == [2]
    assert table.view(2).drawn == T("9p")
    scenario_step(table, 2, DeclareWin())
    result = ended(table)
    assert winner_fan(result, 2) == 2
    if feeder == 3:
        # Seat 3 fed its first fourth set: liable under both options.
        assert payments(result) == {(3, 2, 12, "liability")}
        assert result.deltas == (0, 0, 12, -12)
    elif liability == "all":
        assert payments(result) == {(0, 2, 12, "liability")}
        assert result.deltas == (-12, 0, 12, 0)
    else:
        # 包先不包后: seat 0 already fed seat 1's fourth set, so it is not liable for seat 2.
        assert result.liable is None
        assert result.deltas == (-4, -4, 12, -4)


# =============================================================================================
# §4 Flowers and §7 horses


def test_flowers_are_set_aside_replaced_and_score_one_fan_each():
    # The dealer's 3f and seat 1's 1f are replaced at the deal (tail 4z, then 5z); seat 1
    # draws 2f, which is replaced by 5z: a chicken hand with two flowers, self-drawn, 2 fan.
    dealer = "147m258p369s123z3f" + "9m"
    seat1 = "1f123m456p789s222s"
    draws = "6z6z7z7z2f"
    table = scenario_started([dealer, seat1, Q2, Q3], draws=draws, tail="4z5z5z", flowers=True)
    assert table.view(0).wall_left == 144 - DEALT - 2
    for viewer in (0, 1, 2, 3, None):
        view = table.view(viewer)
        assert view.seats[0].flowers == (T("3f"),)
        assert view.seats[1].flowers == (T("1f"),)
        assert view.seats[2].flowers == () and view.seats[3].flowers == ()
        assert view.seats[0].concealed_count == 14
        assert view.seats[1].concealed_count == 13
    assert whole_hand(table, 0) == sorted(scenario_tiles("147m258p369s123z9m4z"))
    assert whole_hand(table, 1) == sorted(scenario_tiles("123m456p789s222s5z"))
    scenario_assert_illegal(table, 0, Discard(T("3f")))

    first_go_around(table, "9m")
    out = scenario_step(table, 0, Timeout())  # the drawn 7z
    assert [(d.audience, d.event) for d in scenario_events(out, FlowerRevealed)] == [
        (EVERYONE, FlowerRevealed(1, T("2f")))
    ]
    assert drawn_tile(out, 1) == T("5z")
    # Four draws of the first go-around, then the 2f and its replacement.
    assert table.view(1).wall_left == 144 - DEALT - 2 - 6
    assert table.view(2).seats[1].flowers == (T("1f"), T("2f"))
    assert DeclareWin() in table.legal_actions(1)
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert "flower" in pattern_ids(result, 1)
    assert "win_on_kong" not in pattern_ids(result, 1)
    assert winner_fan(result, 1) == 2
    assert result.deltas == (-4, 12, -4, -4)


def test_flowers_one_flower_lets_a_chicken_hand_win_on_a_discard():
    dealer = "147m258p369s124z" + "5z" + "3z"
    seat1 = "1f123m456p777s789s"  # the 1f is replaced by 3z: waits on 3z, chicken + 1 flower
    table = scenario_started([dealer, seat1, Q2, Q3], draws="6z6z7z7z", tail="3z", flowers=True)
    first_go_around(table, "5z")
    scenario_step(table, 0, Discard(T("3z")))
    assert table.awaiting() == [1]
    assert table.legal_actions(1) == [DeclareWin(), Pass()]
    scenario_step(table, 1, DeclareWin())
    result = ended(table)
    assert winner_fan(result, 1) == 1
    assert result.deltas == (-2, 2, 0, 0)


def test_horses_are_set_aside_from_the_tail_and_paid_per_section_7():
    """Dealer seat 2 discards 4m; seat 3 wins (all_chows, 1 fan): seat 2 pays seat 3 2.

    Horses (one each, taken from the tail in seat order from the dealer: 2, 3, 0, 1):
    seat 2 owns 2s → the dealer's 下家 = seat 3: paid by seat 2 itself, nothing more.
    seat 3 owns 中 → the dealer = seat 2: seat 2's payment goes to seat 3 itself, nothing.
    seat 0 owns 6m → the dealer's 下家 = seat 3: seat 2 pays seat 0 another 2.
    seat 1 owns 东 → the dealer = seat 2: seat 1 pays seat 3 another 2.
    """
    dealer = "19m19p19s1234z56z3s" + "4m"
    seat3 = "56m123p456p789p11s"
    hands = [Q3, Q1, dealer, seat3]
    table = scenario_started(hands, dealer=2, draws="2z2z2z3z", tail="2s7z6m1z", horses=1)
    assert table.view(0).wall_left == FULL_WALL - DEALT - 4
    first_go_around(table, "3s")
    scenario_step(table, 2, Discard(T("4m")))
    assert table.awaiting() == [3]
    assert table.legal_actions(3) == [DeclareWin(), Chow(T("4m")), Pass()]
    scenario_step(table, 3, DeclareWin())
    result = ended(table)
    assert result.horses == ((T("6m"),), (T("1z"),), (T("2s"),), (T("7z"),))
    assert payments(result) == {
        (2, 3, 2, "win"),
        (2, 0, 2, "horse"),
        (1, 3, 2, "horse"),
    }
    assert result.deltas == (2, -2, -4, 4)


# =============================================================================================
# Timeouts


def test_timeout_discards_the_drawn_tile():
    table = scenario_started(DEAL_HANDS, draws="2z")
    out = scenario_step(table, 0, Timeout())
    assert [d.event.tile for d in scenario_events(out, TileDiscarded)] == [T("9m")]
    assert [d.event.by_timer for d in scenario_events(out, TileDiscarded)] == [True]
    assert table.log[-1] == (0, Timeout())  # logged as it came; replay repeats the move
    out = scenario_step(table, 1, Timeout())
    assert [d.event.tile for d in scenario_events(out, TileDiscarded)] == [T("2z")]
    assert table.view(0).seats[1].river == (T("2z"),)
    assert whole_hand(table, 1) == sorted(scenario_tiles(Q1))


def test_timeout_after_a_pung_discards_a_held_tile():
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_PUNG, Q3], draws="2z")
    scenario_step(table, 0, Timeout())
    scenario_step(table, 1, Pass())
    scenario_step(table, 2, Pung())
    before = whole_hand(table, 2)
    out = scenario_step(table, 2, Timeout())
    (discarded,) = [d.event.tile for d in scenario_events(out, TileDiscarded)]
    assert discarded in before
    assert table.awaiting() == [3]


def test_timeout_passes_a_claim():
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_PUNG, Q3], draws="2z")
    scenario_step(table, 0, Timeout())
    scenario_step(table, 2, Timeout())
    assert table.log[-1] == (2, Timeout())
    assert table.awaiting() == [1]
    scenario_step(table, 1, Timeout())
    assert table.log[-1] == (1, Timeout())
    assert table.awaiting() == [1]
    assert table.view(1).phase == "turn"
    assert table.view(1).seats[2].melds == ()


# =============================================================================================
# Illegal actions change nothing


def test_illegal_actions_in_a_turn():
    table = scenario_started(DEAL_HANDS, draws="2z")
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1]
    scenario_assert_illegal(table, 1, Discard(T("1m")))  # not held
    scenario_assert_illegal(table, 1, Discard(T("3f")))  # a flower kind, no flowers
    scenario_assert_illegal(table, 1, Discard(99))
    scenario_assert_illegal(table, 1, DeclareWin())  # not complete
    scenario_assert_illegal(table, 1, ConcealedKong(T("2z")))
    scenario_assert_illegal(table, 1, AddedKong(T("2z")))
    scenario_assert_illegal(table, 1, Pung())  # nothing to claim
    scenario_assert_illegal(table, 1, Chow(T("1m")))
    scenario_assert_illegal(table, 1, Pass())
    scenario_assert_illegal(table, 1, RollDice())
    scenario_assert_illegal(table, 1, ContinueGame())
    scenario_assert_illegal(table, 1, LeaveTable())
    for seat in (0, 2, 3):  # out of turn
        scenario_assert_illegal(table, seat, Discard(T("2z")))
        scenario_assert_illegal(table, seat, Pung())
        scenario_assert_illegal(table, seat, Timeout())
    scenario_assert_illegal(table, 4, Timeout())
    scenario_assert_illegal(table, -1, Discard(T("2z")))
    scenario_assert_illegal(table, 1, "discard")


def test_illegal_discard_of_a_negative_tile_changes_nothing():
    # Seat 1 holds 7z (kind 33). Discard(-1) must be refused like any tile it does not hold;
    # a Python index of -1 must not reach the last kind. (Over the network msgspec rejects
    # tile < 0 when decoding; in-process callers of HandTable.step are not protected.)
    table = scenario_started(DEAL_HANDS, draws="2z")
    scenario_step(table, 0, Timeout())
    assert T("7z") in whole_hand(table, 1)
    assert Discard(-1) not in table.legal_actions(1)
    scenario_assert_illegal(table, 1, Discard(-1))


def test_illegal_actions_in_a_claim_window():
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_PUNG, Q3])
    scenario_step(table, 0, Timeout())
    assert table.awaiting() == [1, 2]
    scenario_assert_illegal(table, 1, Pung())  # one 4m only
    scenario_assert_illegal(table, 1, DeclareWin())
    scenario_assert_illegal(table, 1, Chow(T("3m")))  # 345m: no 5m
    scenario_assert_illegal(table, 2, Chow(T("2m")))  # not the 下家
    scenario_assert_illegal(table, 2, ClaimKong())  # two 4m only
    scenario_assert_illegal(table, 2, Discard(T("5z")))
    scenario_assert_illegal(table, 3, Pass())  # nothing to claim
    scenario_assert_illegal(table, 3, Timeout())  # not waited for
    scenario_assert_illegal(table, 0, Pung())  # its own discard
    scenario_assert_illegal(table, 0, Timeout())
    scenario_step(table, 2, Pass())
    scenario_assert_illegal(table, 2, Pung())  # already answered
    scenario_assert_illegal(table, 2, Timeout())


def test_illegal_actions_after_the_hand_ended():
    table = scenario_started([CLAIM_DEALER, CLAIM_CHOW, CLAIM_PUNG, CLAIM_WIN])
    scenario_step(table, 0, Timeout())
    scenario_step(table, 3, DeclareWin())
    scenario_step(table, 1, Pass())
    scenario_step(table, 2, Pass())
    ended(table)
    for seat in range(4):
        assert table.legal_actions(seat) == []
        for action in (
            Timeout(),
            Pass(),
            DeclareWin(),
            Pung(),
            Chow(T("2m")),
            Discard(T("5z")),
            RollDice(),
        ):
            scenario_assert_illegal(table, seat, action)


# =============================================================================================
# Replay


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({}, 11),
        ({}, 12),
        ({"flowers": True, "horses": 2}, 13),
        ({"preset": "qq3", "multiple_winners": False}, 14),
        ({"missed_win_lock_until": "any_move", "min_fan": 0}, 15),
    ],
)
def test_replay_of_a_recorded_hand_gives_the_same_result(options, seed):
    rules = make_ruleset(options)
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=seed,
            dealer=seed % 4,
            prevailing_wind=1,
            scores=(900, 1000, 1100, 1000),
        )
    )
    table.start()
    bots = [make_bot("competent", rules, seed * 10 + s) for s in range(4)]
    while not table.ended:
        seat = table.awaiting()[0]
        scenario_step(table, seat, bots[seat].choose(table.view(seat)))
    record = record_of(table)
    again = replay(record, rules)
    assert again.result == table.result
    assert again.log == table.log
    for viewer in (0, 1, 2, 3, None):
        assert again.view(viewer) == table.view(viewer)


def finished_scenarios() -> list[HandTable]:
    """A few finished rigged scenarios: a robbed kong, a liability, a draw."""
    robbed = robbing_table()
    scenario_step(robbed, 3, DeclareWin())
    dragons = scenario_started(
        [DRAGONS_DEALER, DRAGONS_SEAT1, DRAGONS_SEAT2, DRAGONS_SEAT3], draws="1p1p2z2z3z9s"
    )
    for seat, action in [
        (0, Timeout()),
        (1, Pung()),
        (1, Discard(T("1z"))),
        (2, Discard(T("6z"))),
        (1, Pung()),
        (1, Discard(T("2z"))),
        (2, Discard(T("7z"))),
        (1, Pung()),
        (1, Discard(T("3z"))),
        (2, Timeout()),
        (3, Timeout()),
        (0, Timeout()),
        (1, DeclareWin()),
    ]:
        scenario_step(dragons, seat, action)
    drawn = play_to_the_last_tile([LAST_DEALER, Q1, Q2, READY_CHICKEN], tail="5z")
    scenario_step(drawn, 3, Timeout())
    return [robbed, dragons, drawn]


def test_replay_of_a_rigged_scenario_from_its_log_gives_the_same_result():
    for table in finished_scenarios():
        ended(table)
        again = HandTable(table.setup)
        again.start()
        for seat, action in record_of(table).actions:
            scenario_step(again, seat, action)
        assert again.result == table.result
        for viewer in (0, 1, 2, 3, None):
            assert again.view(viewer) == table.view(viewer)


def test_replay_of_a_rigged_scenario_with_records_replay():
    table = finished_scenarios()[0]
    again = replay(record_of(table), table.rules)
    assert again.result == table.result
