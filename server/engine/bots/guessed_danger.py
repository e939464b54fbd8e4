"""The strong player's first, guessed reading of danger (before danger.py was measured),
kept as an always-on lean of its discards.

Measured against the true hands it overstates danger (a tile's chance of feeding a win
read 0.05–0.09 where the measured reading says 0.004–0.05), so it is a poor defence; but
at a quarter weight, counted from the first discard, it tilts the choice among tiles of
about equal worth: let go honours and terminals before middle tiles, tiles an opponent
discarded before ones nobody did, and more so as the wall runs out. That lean won the
old strong player +0.45 a hand against three greedy players (who never fold), where the
measured defence alone won +0.31 (docs/decisions/0002-strong-player-defence.md).

Read from the same `Opponent`s as danger.py (their sets down, melds on show, river), its
readiness guessed from their sets down and the wall alone.
"""

from __future__ import annotations

from server.engine.bots.danger import Opponent, liability_cost
from shared.ruleset import Ruleset
from shared.tiles import FIRST_HONOR

READY_BY_SETS = (0.05, 0.14, 0.32, 0.6, 0.9)
"""Guessed chance an opponent is ready, by sets laid down (before lateness is added)."""
LATE_READY = 0.4
"""Added to that chance as the wall runs out (in proportion)."""
FULL_WALL = 84
"""Tiles left in the wall just after the deal, roughly: lateness is measured against it."""
WAITS_SCALE = 0.085
"""A tile of weight 1 is one of a ready hand's winning tiles with about this chance."""
RANK_WEIGHT = (0.55, 0.75, 0.9, 1.0, 1.0, 1.0, 0.9, 0.75, 0.55)
"""Suit tiles by rank: the middle ones weigh most (they are kept)."""
OWN_RIVER = 0.1
"""A tile in the opponent's own river weighs this much of its weight."""


def guessed_ready(opponent: Opponent, wall_left: int) -> float:
    """The guessed chance an opponent is ready: more sets laid, later in the hand."""
    late = max(0.0, 1.0 - wall_left / FULL_WALL)
    return min(0.95, READY_BY_SETS[min(opponent.sets_down, 4)] + LATE_READY * late)


def guessed_wait_chance(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """The guessed chance `tile` is one of this opponent's winning tiles, if ready."""
    if tile >= FIRST_HONOR:
        left = unseen[tile]
        weight = 0.0 if left == 0 else 0.15 if left == 1 else 0.55
        if opponent.flush_suit is not None:
            weight *= 1.3
    else:
        suit, rank = divmod(tile, 9)
        weight = RANK_WEIGHT[rank]
        river = opponent.river
        # The suji: the far end of a two-sided wait on this tile in their river.
        below = rank - 3 >= 0 and tile - 3 in river
        above = rank + 3 <= 8 and tile + 3 in river
        if below or rank < 3:
            weight -= 0.25
        if above or rank > 5:
            weight -= 0.25
        weight = max(weight, 0.2)
        if opponent.flush_suit is not None:
            weight *= 2.5 if suit == opponent.flush_suit else 0.08
    if tile in opponent.river:
        weight *= OWN_RIVER
    return min(1.0, weight * WAITS_SCALE)


def guessed_discard_loss(
    tile: int, opponents: list[Opponent], unseen: list[int], rules: Ruleset, wall_left: int
) -> float:
    """Expected points (base units) lost by discarding this tile, by the guessed reading
    (the 包 liability as danger.py counts it)."""
    return sum(
        guessed_ready(o, wall_left) * guessed_wait_chance(tile, o, unseen) * o.points
        + liability_cost(tile, o, unseen, rules)
        for o in opponents
    )
