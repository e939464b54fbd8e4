"""A ready hand's wait read by its live tiles (server/engine/bots/strong.py `width`,
`READY_POWER`): a ready hand's chance moves steeply with its live winning tiles, a hand
short of ready's gently, so that a narrow wait is not pushed into danger as a wide one is
(docs/decisions/0001-strong-player-own-chance.md)."""

from __future__ import annotations

import random

import pytest

from server.engine.bots.strong import StrongBot, width
from shared.actions import Discard
from shared.ruleset import make_ruleset
from shared.views import MeldView
from tests.support.gui import tile_of, tiles_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})


def test_a_ready_hands_width_follows_its_live_tiles_steeply() -> None:
    """Against a typical wait's six live tiles, as (live / 6) ** 0.8: three are 0.574 of
    the chance, four 0.723; one is held at the floor 0.4 ((1/6) ** 0.8 = 0.239 would be
    under it), twelve at the ceiling 1.5 (2 ** 0.8 = 1.741 would be over it)."""
    assert width(0, 6) == pytest.approx(1.0)
    assert width(0, 3) == pytest.approx(0.5743, abs=1e-4)
    assert width(0, 4) == pytest.approx(0.7230, abs=1e-4)
    assert width(0, 1) == pytest.approx(0.4)
    assert width(0, 12) == pytest.approx(1.5)


def test_a_hand_short_of_ready_is_still_read_gently() -> None:
    """One step short, sixteen live tiles is typical; four is (1/4) ** 0.3 = 0.66, held
    at the floor 0.8; sixty-four is 4 ** 0.3 = 1.52, held at the ceiling 1.15."""
    assert width(1, 16) == pytest.approx(1.0)
    assert width(1, 4) == pytest.approx(0.8)
    assert width(1, 64) == pytest.approx(1.15)
    assert width(1, 20) == pytest.approx(1.0692, abs=1e-4)  # (20 / 16) ** 0.3


CHOWS = tuple(MeldView("chow", tuple(tiles_of(run))) for run in ("234p", "567p", "345m"))


def _choice(fives_seen: int) -> str:
    """Ready on the 5s (4s 6s, a pair of East), an 8m drawn, mid-wall; the player to the
    right shows three chows and let East go (so East is safe against them); `fives_seen`
    copies of the 5s lie in the others' rivers."""
    others = (
        seat(melds=CHOWS, river="1z 9m 2z 8s 1m 7z", concealed=4),
        seat(river="9s 1p " + " ".join(["5s"] * min(fives_seen, 2))),
        seat(river="9m 2z " + " ".join(["5s"] * max(0, fives_seen - 2))),
    )
    view = turn("123m 456m 789p 46s 11z", "8m", others, wall=30)
    action = StrongBot(RULES, random.Random(0)).choose(view)
    assert isinstance(action, Discard)
    return {tile_of("8m"): "push", tile_of("1z"): "fold"}.get(action.tile, "other")


def test_a_wide_wait_pushes_where_a_narrow_one_folds() -> None:
    """With all four 5s live the hand lets the 8m go and stays ready; with three of them
    seen (one live) it keeps the 8m and breaks its pair of East instead. Read gently (power
    0.3, ×0.8–1.15, as before) both hands were worth nearly alike, and both pushed."""
    assert _choice(fives_seen=0) == "push"
    assert _choice(fives_seen=3) == "fold"
