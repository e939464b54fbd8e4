"""The strong player's claims of honour pungs (server/engine/bots/strong.py, `hand_worth`
with `claimed`): a dragon, seat-wind or prevailing-wind pung claimed is a fan as sure as a
laid one, so a claim that brings the hand nearer to ready with that fan is taken. Before,
the claimed pung's fan was not counted (its tiles left the concealed hand and it was not
yet among the laid melds): the hand after it read as a plain pung, a chicken hand it may
not declare under `min_fan` 1, and the strong player let half the dragon pungs it was
offered go by (docs/decisions/0002-strong-player-defence.md)."""

from __future__ import annotations

import random

import pytest

from server.engine.bots.strong import StrongBot
from shared.actions import Pass, Pung
from shared.ruleset import make_ruleset
from shared.views import TableView
from tests.support.gui import tile_of
from tests.support.seat_views import offer, seat

RULES = make_ruleset({})


QUIET = (seat(river="9m1p"), seat(river="1s9p"), seat(river="9s5z"))


def offered(hand: str, tile: str, wall: int = 60) -> TableView:
    """Seat 0 (East, in the East round) holding `hand`, offered a pung of `tile` just let
    go by seat 3, nobody else showing anything."""
    others = (*QUIET[:2], seat(river="9s" + tile))
    return offer(hand, tile, others, (Pung(), Pass()), wall)


@pytest.mark.parametrize(
    ("hand", "tile", "wall"),
    [
        ("234m 456p 678s 55z 7s 1m", "5z", 70),  # a dragon: ready after it, with its fan
        ("234m 456p 678s 77z 7s 1m", "7z", 70),
        ("234m 456p 67s 55z 9s 1m 2p", "5z", 70),  # a step nearer, the fan sure
        ("234m 456p 67s 55z 9s 1m 2p", "5z", 40),
        ("24m 45p 678s 55z 79s 1m 9p", "5z", 70),
        ("24m 45p 678s 55z 79s 1m 9p", "5z", 40),
        ("234m 456p 678s 11z 7s 1m", "1z", 70),  # East: the seat's and the round's wind
    ],
)
def test_a_scoring_honour_pung_that_brings_the_hand_nearer_is_claimed(
    hand: str, tile: str, wall: int
) -> None:
    action = StrongBot(RULES, random.Random(0)).choose(offered(hand, tile, wall))
    assert action == Pung()


def test_a_wind_that_scores_nothing_is_not_punged_into_a_chicken_hand() -> None:
    """West is neither seat 0's wind nor the round's: its pung scores nothing, and the hand
    after it (a pung laid, so no 平和) could not be declared."""
    action = StrongBot(RULES, random.Random(0)).choose(offered("234m 456p 678s 33z 7s 1m", "3z"))
    assert action == Pass()


def test_a_claimed_dragon_kong_keeps_the_fan_its_three_held_had() -> None:
    """Holding three 白 (5z), the hand is sure of a dragon pung's fan. Claiming the fourth
    lays a kong and takes the three out of the hand: the hand after it is still sure of
    that fan, so it is worth about what the hand holding the three is, not the quarter of
    a 1-fan win an undeclarable chicken hand is worth."""
    bot = StrongBot(RULES, random.Random(0))
    view = offer("234m 456p 678s 555z 1m", "5z", QUIET, (Pass(),))
    seat_read = bot._read(view, [])
    holding = view.concealed_counts()
    passing = bot.hand_worth(holding, 0, seat_read, view, (), frozenset())
    after = list(holding)
    after[tile_of("5z")] -= 3
    kong = bot.hand_worth(
        after, 1, seat_read, view, ("kong",), frozenset(), ("kong", tile_of("5z"))
    )
    assert passing > 0.0
    assert kong >= 0.9 * passing
