"""The strong player's speed over fan (server/engine/bots/strong.py, `STEP_DISCOUNT`): a
step nearer to ready outweighs any width of live tiles, so it does not break a hand one
step from ready for a wider one two steps away
(docs/decisions/0001-strong-player-own-chance.md)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from server.engine.bots.chances import win_chance
from server.engine.bots.danger import read_opponents
from server.engine.bots.strong import StrongBot
from shared.actions import Discard
from shared.analysis import shanten
from shared.ruleset import make_ruleset
from tests.support.gui import tile_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})


@pytest.mark.parametrize("wall", [80, 60])
def test_a_hand_one_step_from_ready_is_not_broken_for_a_wider_one(wall: int) -> None:
    """12m 79m 33p 5p 789p 789s and a lone 2z (no value to seat 0) is one step from ready:
    the 2z (or the 5p) goes. Letting the 9m go instead leaves two steps with more tiles
    that help, which the strong player used to prefer (its chances fall by only about a
    quarter a step early in the wall, less than the width of live tiles moves them)."""
    view = turn("12m 79m 33p 5p 789p 79s 2z", "8s", (seat(), seat(), seat()), wall=wall)
    action = StrongBot(RULES, random.Random(0)).choose(view)
    assert isinstance(action, Discard)
    after = view.concealed_counts()
    after[action.tile] -= 1
    assert shanten(after, 0) == 1
    assert action.tile in (tile_of("2z"), tile_of("5p"))


@pytest.mark.parametrize("steps", [1, 2, 3, 4, 5])
def test_a_step_nearer_outweighs_any_width(steps: int) -> None:
    """For every wall from 12 tiles on, the widest hand `steps` from ready is worth less
    of a chance than the narrowest one a step nearer, wherever the measured table tells
    the two apart."""
    bot = StrongBot(RULES, random.Random(0))
    view = turn("12m 79m 33p 5p 789p 79s 2z", "8s", (seat(), seat(), seat()), wall=84)
    base = bot._read(view, read_opponents(view, RULES))
    checked = 0
    for wall in range(12, 85, 3):
        if win_chance(steps, wall) == 0.0 or win_chance(steps - 1, wall) == win_chance(
            steps, wall
        ):
            continue
        read = replace(base, wall_left=wall)
        wide = bot._chance(steps, 10_000, read)
        narrow = bot._chance(steps - 1, 1, read)
        assert wide < narrow, (steps, wall, wide, narrow)
        checked += 1
    assert checked > 0



@pytest.mark.parametrize(("alarm", "discount"), [(0.0, 0.7), (0.5, 0.775), (1.0, 0.85)])
def test_the_step_discount_fades_once_someone_looks_ready(alarm: float, discount: float) -> None:
    """Speed over fan is for the race: once someone looks ready the choice is whether to
    break a hand to keep a safe tile, and a hand one step from ready then won 0.19 where
    the full discount said 0.08 (docs/decisions/0001-strong-player-own-chance.md). A
    typical hand one step from ready with 60 tiles left: the measured table says 0.1975
    (halfway between its 0.155 and 0.240), times 0.7 with nobody ready, 0.85 with the
    alarm full."""
    bot = StrongBot(RULES, random.Random(0))
    view = turn("12m 79m 33p 5p 789p 79s 2z", "8s", (seat(), seat(), seat()), wall=84)
    read = replace(bot._read(view, read_opponents(view, RULES)), wall_left=60, alarm=alarm)
    assert bot._chance(1, 16, read) == pytest.approx(0.1975 * discount)
