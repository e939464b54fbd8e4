"""The strong player's reading of an opponent's readiness (server/engine/bots/danger.py
`ready_chance`), on hand-made tables: orderings the true states measured behind the
fitted model show, which the table before it (`READY` × `MIDDLE_LETGO`, kept in
tests/bench/read_ready.py) got backwards (tests/bench/README.md, "Readiness fitted").

The figures quoted are the true states of 2,400 held-out hands (seed 103, the strong
player against three normal and three greedy players; `python tests/bench/read_ready.py`),
by cell — what the melds show, sets down, the wall in 24s, middle tiles among the last
three discards:
late in the wall, hands that have not won are mostly hands that stopped trying (a normal
player folds), where the table read them readier the longer the wall ran."""

from __future__ import annotations

from server.engine.bots.danger import read_opponents
from shared.ruleset import make_ruleset
from shared.views import MeldView, SeatPublic
from tests.support.gui import tiles_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})  # 鸡平和: min_fan 1
HAND = "123m 456m 789p 23s 55s"
LATE_RIVER = "1z2z9m1p9s3z4z8m1s7z2p9p8s5m6s"
"""Fifteen discards, the last three 8s 5m 6s: two middle tiles among them."""


def meld(kind: str, tiles: str, by: int) -> MeldView:
    return MeldView(kind, tuple(tiles_of(tiles)), by)  # type: ignore[arg-type]


def ready_of(opponent: SeatPublic, wall: int) -> float:
    view = turn(HAND, "9s", (opponent, seat(river="3m"), seat(river="4m")), wall=wall)
    return read_opponents(view, RULES)[0].ready


def test_two_chows_late_in_the_wall_read_less_ready_than_two_chows_mid_wall() -> None:
    """Two chows down with 10 tiles left and fifteen discards made were ready 0.25 of the
    time; two chows down with 55 left, six discards in, 0.45 (the table: 0.57 and 0.51)."""
    chows = (meld("chow", "234m", 0), meld("chow", "678p", 2))
    late = ready_of(seat(chows, river=LATE_RIVER, concealed=7), wall=10)
    mid = ready_of(seat(chows, river="1z9m2z1p5m6s", concealed=7), wall=55)
    assert late < mid


def test_a_closed_hand_late_in_the_wall_reads_less_ready_than_a_fan_shown_mid_wall() -> None:
    """Nothing laid with 10 tiles left was ready 0.16 of the time; a dragon pung and a
    chow laid with 40 left, six discards in, 0.34 (the table: 0.45 and 0.37)."""
    closed = ready_of(seat(river=LATE_RIVER), wall=10)
    fan = (meld("pung", "555z", 0), meld("chow", "678p", 2))
    shown = ready_of(seat(fan, river="1z9m2z5m1p9s", concealed=7), wall=40)
    assert closed < shown
