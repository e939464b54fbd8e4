"""The strong player's always-on lean (server/engine/bots/guessed_danger.py): with nobody
looking ready, so that the measured defence counts only its calm share (strong.py
`CALM_SHARE`, a tenth), two discards leaving hands of the same worth are told apart as the
old reading told them apart."""

from __future__ import annotations

import random

import pytest

import server.engine.bots.strong as strong
from server.engine.bots.danger import read_opponents
from server.engine.bots.strong import StrongBot
from shared.ruleset import make_ruleset
from tests.support.gui import tile_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})
HAND = "123m 456m 789p 23s 55s"
WORTH = 1.0


def kept(view_wall: int, river: str, tile: str, lean: float | None = None) -> float:
    """What the strong player keeps of a hand worth `WORTH` after letting `tile` go, one
    opponent's river as given and nobody with a set down."""
    view = turn(HAND, "9s", (seat(river=river), seat(), seat()), wall=view_wall)
    bot = (
        StrongBot(RULES, random.Random(0))
        if lean is None
        else StrongBot(RULES, random.Random(0), lean=lean)
    )
    opponents = read_opponents(view, RULES)
    read = bot._read(view, opponents)
    assert read.alarm == 0.0  # the measured defence is silent: only the lean speaks
    return bot._kept(WORTH, tile_of(tile), opponents, read)


def test_a_middle_tile_costs_more_to_let_go_than_a_terminal() -> None:
    """A lone 5p let go early is a likelier wait than a lone 9p: the 9p goes first."""
    assert kept(70, "1z", "5p") < kept(70, "1z", "9p") < WORTH


def test_a_tile_in_an_opponents_river_costs_less_than_a_fresh_one() -> None:
    """The 5p an opponent already let go is the one to follow (现物)."""
    assert kept(70, "5p", "5p") > kept(70, "1z", "5p")


def test_the_lean_grows_as_the_wall_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Everyone is readier late: the same 5p costs more with 20 tiles left than with 70.
    With 20 left the opponent reads 0.14 likely to be ready, over the alarm's 0.1
    (strong.py `ALARM_FROM`); the alarm is put out of reach (a readiness is read at most
    0.95) so that the lean alone is weighed."""
    monkeypatch.setattr(strong, "ALARM_FROM", 0.96)
    monkeypatch.setattr(strong, "ALARM_FULL", 0.99)
    assert WORTH - kept(20, "1z", "5p") > 1.5 * (WORTH - kept(70, "1z", "5p"))


def test_without_the_lean_or_the_calm_share_nothing_tells_them_apart_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At lean 0 and no calm share the strong player is the measured defence alone, counted
    only once someone looks ready: silent this early."""
    monkeypatch.setattr(strong, "CALM_SHARE", 0.0)
    assert kept(70, "1z", "5p", lean=0.0) == kept(70, "1z", "9p", lean=0.0) == WORTH


def test_without_the_lean_the_calm_share_tells_them_apart_a_little() -> None:
    """At lean 0 the calm share alone speaks this early: the 5p costs a little more to let
    go than the 9p, and less than the lean makes of the difference."""
    five, nine = kept(70, "1z", "5p", lean=0.0), kept(70, "1z", "9p", lean=0.0)
    assert five < nine < WORTH
    assert nine - five < kept(70, "1z", "9p") - kept(70, "1z", "5p")
