"""The strong player's reading of danger (server/engine/bots/danger.py), on hand-made
tables: what the measurements behind it found, each as a position a player would read the
same way (docs/decisions/0003-tile-reading.md has the figures)."""

from __future__ import annotations

from server.engine.bots.danger import WAIT_WEIGHTS, read_opponents, wait_chance
from shared.analysis import wait_kinds
from shared.ruleset import make_ruleset
from shared.views import MeldView, unseen_counts
from tests.support.gui import tile_of, tiles_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})  # 鸡平和: min_fan 1
HAND = "123m 456m 789p 23s 55s"


def meld(kind: str, tiles: str, by: int) -> MeldView:
    return MeldView(kind, tuple(tiles_of(tiles)), by)  # type: ignore[arg-type]


def test_a_tile_others_let_go_since_an_opponents_last_discard_is_safe_against_them() -> None:
    """过水: the 8p that seats 2 and 3 let go after seat 1's last discard was passed by
    seat 1 (a win they could have declared; a win passed is locked until their next
    discard), so it is no wait of theirs now; a fresh 8p would be."""
    others = (seat(river="1z2z9m"), seat(river="4z8p"), seat(river="3z1s"))
    view = turn(HAND, "9s", others, wall=40)
    unseen = unseen_counts(view.seats, view.concealed_counts())
    first = read_opponents(view, RULES)[0]
    assert first.seat == 1 and tile_of("8p") in first.passed and tile_of("1s") in first.passed
    fresh = turn(HAND, "9s", (seat(river="1z2z9m"), seat(river="4z"), seat(river="3z")), wall=40)
    before = read_opponents(fresh, RULES)[0]
    assert (
        wait_chance(tile_of("8p"), first, unseen) < wait_chance(tile_of("8p"), before, unseen) / 10
    )
    # seat 3 discarded just before our turn: nothing came after it
    assert read_opponents(view, RULES)[2].passed == frozenset()


def test_a_neighbour_all_of_whose_copies_show_rules_out_a_two_sided_wait() -> None:
    """壁 (no-chance): with every 4s and 6s visible, nobody holds 3s-4s or 6s-7s, so a 5s is
    no two-sided wait; it is safer than the same 5s with those tiles still unseen."""
    wall_of_sixes = (seat(river="6s6s4s4s"), seat(river="6s6s4s4s"), seat())
    dead = turn("123m 456m 789p 1s 99p", "3z", wall_of_sixes, wall=40)
    live = turn("123m 456m 789p 1s 99p", "3z", (seat(), seat(), seat()), wall=40)
    tile = tile_of("5s")
    a, b = read_opponents(dead, RULES)[2], read_opponents(live, RULES)[2]
    ua = unseen_counts(dead.seats, dead.concealed_counts())
    ub = unseen_counts(live.seats, live.concealed_counts())
    assert wait_chance(tile, a, ua) < wait_chance(tile, b, ub) * 0.7


def test_a_pung_that_scores_nothing_in_mixed_suits_is_seldom_a_hand_that_can_win() -> None:
    """Under a minimum of one fan, two sets down without a fan on show (a 5m pung and a
    3p chow) rarely make a hand that may be declared; the same two sets with a dragon pung
    instead often do; and chows alone (平和 still open) sit in between."""
    plain = seat((meld("pung", "555m", 0), meld("chow", "345p", 0)), concealed=7)
    dragon = seat((meld("pung", "666z", 0), meld("chow", "345p", 0)), concealed=7)
    chows = seat((meld("chow", "234m", 0), meld("chow", "345p", 0)), concealed=7)
    ready = []
    for shown in (plain, chows, dragon):
        view = turn(HAND, "9s", (shown, seat(), seat()), wall=30)
        ready.append(read_opponents(view, RULES)[0].ready)
    assert ready[0] < 0.1 < ready[1]
    assert ready[0] * 4 < ready[2]
    # with no minimum fan the plain hand wins as a chicken hand: no longer read as harmless
    free = make_ruleset({"min_fan": 0})
    view = turn(HAND, "9s", (plain, seat(), seat()), wall=30)
    assert read_opponents(view, free)[0].ready > 0.1


def test_an_opponent_letting_middle_tiles_go_reads_readier() -> None:
    """Six discards in, one whose last three were 4p 5s 6m has the shape they want; one
    still shedding honours and terminals seldom does."""
    shedding = seat(river="1z2z9m1p9s3z")
    settled = seat(river="1z2z9m4p5s6m")
    readiness = []
    for other in (shedding, settled):
        view = turn(HAND, "9s", (other, seat(), seat()), wall=40)
        readiness.append(read_opponents(view, RULES)[0].ready)
    assert readiness[1] > 1.8 * readiness[0]


# An opponent with nothing laid, six discards in: their last, the 7s, came after honours
# and terminals; seat 0's own last discard was the 5p, one go-around ago.
READY_AT_7S = (
    seat(river="1z2z9m1p4z7s"),
    seat(river="3z9p1m2m8m6z"),
    seat(river="4z1s9s2p7z8p"),
)


def test_the_tile_beside_their_last_discard_reads_above_one_the_table_let_go_lately() -> None:
    """The 8s beside the 7s they let go last (a hand taking its shape lets go the tile
    beside its wait: measured ×1.4 more often a win) reads as the likelier wait, above
    the middle 5p that seat 0 let go a go-around ago and nobody won on (measured ×0.14: had
    they been ready then, it was no win of theirs). The flat reading before read it the
    other way: 0.076 for the 8s, 0.130 for the 5p, by rank alone."""
    view = turn("123m 456m 789p 8s 55s", "9s", READY_AT_7S, wall=40, mine="2z3z1s9p5z5p")
    unseen = unseen_counts(view.seats, view.concealed_counts())
    first = read_opponents(view, RULES)[0]
    wait, lately = tile_of("8s"), tile_of("5p")
    assert tile_of("5p") not in first.passed  # their own discard came after seat 0's
    assert wait_chance(wait, first, unseen) > 2 * wait_chance(lately, first, unseen)


def test_a_tile_let_go_lately_by_another_seat_reads_safer_than_a_fresh_one() -> None:
    """The same 5p, once seat 0 let it go a go-around ago, against the 5p nobody let go:
    the one passed is read at under half the fresh one's chance."""
    view = turn("123m 456m 789p 8s 55s", "9s", READY_AT_7S, wall=40, mine="2z3z1s9p5z5p")
    fresh = turn("123m 456m 789p 8s 55s", "9s", READY_AT_7S, wall=40, mine="2z3z1s9p5z")
    ua = unseen_counts(view.seats, view.concealed_counts())
    ub = unseen_counts(fresh.seats, fresh.concealed_counts())
    a, b = read_opponents(view, RULES)[0], read_opponents(fresh, RULES)[0]
    assert wait_chance(tile_of("5p"), a, ua) < 0.5 * wait_chance(tile_of("5p"), b, ub)


def test_the_whole_hand_reads_a_closed_wait_above_a_tile_whose_two_sided_shape_was_passed() -> None:
    """Seat 1 holds 234m 678m 24p 55p 777s: ready on the 3p alone (a closed 2-4). The
    fitted reading, a fact at a time, rates the 3s above it (0.158 against 0.136: sou tiles
    are the suit seat 1 let none of go). Read as a whole, the 3s is a wait mostly through
    a two-sided 4s-5s, which waits on the 6s too — and seat 2 let a 6s go after seat 1's
    last discard and seat 1 passed it (过水): that shape is seldom theirs, so the 3s reads
    below the 3p (server/engine/bots/whole_hand.py; the 3s 0.12, the 3p 0.145)."""
    others = (seat(river="1z9m2z1p8m4z"), seat(river="2z9p7z6s"), seat(river="3z1m5z9s"))
    view = turn("123m 456m 789p 11s 55s", "9s", others, wall=40)
    unseen = unseen_counts(view.seats, view.concealed_counts())
    theirs = tiles_of("234m 678m 24p 55p 777s")
    counts = [theirs.count(k) for k in range(34)]
    assert all(counts[k] <= unseen[k] for k in range(34))  # a hand the table allows
    assert wait_kinds(counts, 0) == {tile_of("3p")}
    first = read_opponents(view, RULES)[0]
    assert tile_of("6s") in first.passed
    wait, passed_shape = tile_of("3p"), tile_of("3s")
    fitted = (
        wait_chance(wait, first, unseen, WAIT_WEIGHTS),
        wait_chance(passed_shape, first, unseen, WAIT_WEIGHTS),
    )
    assert fitted[0] < fitted[1]  # one fact at a time, the 3s looks the more dangerous
    assert wait_chance(wait, first, unseen) > wait_chance(passed_shape, first, unseen)
