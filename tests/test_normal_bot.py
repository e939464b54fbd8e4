"""The normal computer player's own choices (server/engine/bots/normal.py): it aims only at
hands it may declare (`min_fan` 1: a chicken hand may not win), takes the claims that keep
a fan in reach and passes the ones that do not, and folds against an opponent whose melds
say they may be ready. Each expectation is what a player of 鸡平和 would do, written out by
hand. (Legality, determinism and seeing only its own view, for every level:
tests/test_bot_levels.py; how strong it is: tests/bench/bench_bots.py.)"""

from __future__ import annotations

import random

from server.engine.bots import make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.bots.normal import NormalBot
from shared.actions import AnyAction, Chow, Discard, Pass, Pung
from shared.ruleset import make_ruleset
from shared.views import MeldView, TableView
from tests.support.gui import tile_of
from tests.support.seat_views import offer, seat, turn

RULES = make_ruleset({})


def bot() -> NormalBot:
    return NormalBot(RULES, random.Random(1))


def claim(
    hand: str, tile: str, legal: tuple[AnyAction, ...], melds: tuple[MeldView, ...] = ()
) -> TableView:
    """Seat 0 may claim `tile`, just discarded by seat 3 (its 上家)."""
    return offer(hand, tile, (seat(), seat(), seat(river=tile)), (*legal, Pass()), melds=melds)


def chow(first: str) -> MeldView:
    low = tile_of(first)
    return MeldView("chow", (low, low + 1, low + 2))


def pung(tile: str) -> MeldView:
    return MeldView("pung", (tile_of(tile),) * 3)


def test_normal_is_its_own_player_and_competent_the_old_one() -> None:
    assert isinstance(make_bot("normal", RULES, 1), NormalBot)
    assert isinstance(make_bot("competent", RULES, 1), CompetentBot)


def test_a_pung_that_leaves_a_chicken_hand_is_passed() -> None:
    """A chow laid down and mixed suits: a pung of 8p would leave 平和 out of reach and no
    fan anywhere, so the hand could not be declared: pass (the greedy player pungs)."""
    view = claim("88p 234s 56s 33m 9m", "8p", (Pung(),), melds=(chow("1s"),))
    assert bot().choose(view) == Pass()
    assert make_bot("greedy", RULES, 1).choose(view) == Pung()


def test_a_pung_of_a_dragon_is_taken() -> None:
    view = claim("55z 234s 56s 33m 9m", "5z", (Pung(),), melds=(chow("1s"),))
    assert bot().choose(view) == Pung()


def test_a_chow_toward_all_chows_is_taken() -> None:
    """No fan source yet, but chows alone make 平和 (1 fan): the chow that helps is taken
    (the old normal player passed it for want of a pung of a scoring honour)."""
    view = claim("12m 456m 78p 234s 567s", "3m", (Chow(tile_of("1m")),))
    assert bot().choose(view) == Chow(tile_of("1m"))
    assert make_bot("competent", RULES, 1).choose(view) == Pass()


def test_a_chow_after_a_plain_pung_is_passed() -> None:
    """A fan-less pung of 8p laid down: a chow could only lead to a chicken hand."""
    view = claim("12m 456m 78p 234s", "3m", (Chow(tile_of("1m")),), melds=(pung("8p"),))
    assert bot().choose(view) == Pass()


def test_ready_it_waits_on_a_win_it_may_declare() -> None:
    """234m 456p 678s 99s 11p + 3p: letting 3p go waits on 9s/1p by pung, a chicken hand
    it may not declare; letting 1p go waits on 2p alone (three seen), but all chows: 平和.
    The greedy player takes the wider, undeclarable wait."""
    rivers = (seat(river="2p"), seat(river="2p"), seat(river="2p"))
    view = turn("234m 456p 678s 99s 11p", "3p", rivers, wall=60)
    assert bot().choose(view) == Discard(tile_of("1p"))
    assert make_bot("greedy", RULES, 1).choose(view) == Discard(tile_of("3p"))


def test_it_lets_a_safe_tile_go_against_a_fan_on_show() -> None:
    """An opponent with a dragon pung and two chows down has the fan to win with and may be
    ready: even a ready hand lets go of a tile that opponent discarded (现物) rather than
    the one it would play."""
    threat = seat(melds=(pung("6z"), chow("5p"), chow("1s")), river="7s", concealed=4)
    view = turn("234m 456p 678s 77p 55z", "9s", (threat, seat(), seat()), wall=60)
    assert bot().choose(view) == Discard(tile_of("7s"))


def test_a_ready_hand_with_a_fair_wait_plays_on_against_two_chows() -> None:
    """Two chows down are a hand on its way: ready on 1p/4p/7p (ten live), it plays its
    best discard; ready on 7p/5z by pung (four live), it lets go of the tile in their
    river instead."""
    threat = seat(melds=(chow("2m"), chow("5p")), river="7s", concealed=7)
    wide = turn("234m 23456p 678s 55z", "9s", (threat, seat(), seat()), wall=60)
    assert bot().choose(wide) == Discard(tile_of("9s"))
    narrow = turn("234m 456p 678s 77p 55z", "9s", (threat, seat(), seat()), wall=60)
    assert bot().choose(narrow) == Discard(tile_of("7s"))


def test_a_hand_short_of_ready_folds_against_two_chows() -> None:
    """The same table, the hand a step short of ready (5z 9s instead of the dragon pair):
    it lets go of the tile in their river instead of the 1z it would play."""
    threat = seat(melds=(chow("2m"), chow("5p")), river="7s", concealed=7)
    view = turn("234m 456p 678s 77p 5z 9s", "1z", (threat, seat(), seat()), wall=60)
    assert bot().choose(view) == Discard(tile_of("7s"))
    alone = turn("234m 456p 678s 77p 5z 9s", "1z", (seat(), seat(), seat()), wall=60)
    assert bot().choose(alone) != Discard(tile_of("7s"))


def test_fan_less_pungs_in_mixed_suits_are_no_alarm() -> None:
    """Three fan-less pungs in mixed suits: under 1番起和 that hand can seldom win, so the
    ready hand plays on."""
    threat = seat(melds=(pung("2m"), pung("5p"), pung("8s")), river="7s", concealed=4)
    view = turn("234m 456p 678s 77p 55z", "9s", (threat, seat(), seat()), wall=60)
    assert bot().choose(view) == Discard(tile_of("9s"))


def test_three_chows_shown_are_an_alarm() -> None:
    threat = seat(melds=(chow("2m"), chow("5p"), chow("1s")), river="7s", concealed=4)
    view = turn("234m 456p 678s 77p 55z", "9s", (threat, seat(), seat()), wall=60)
    assert bot().choose(view) == Discard(tile_of("7s"))
