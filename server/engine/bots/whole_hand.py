"""An opponent's hand read as a whole: through which ready shapes their concealed tiles
could wait on a tile, given what is unseen and what they and the table let go.

danger.py's fitted reading (`WAIT_WEIGHTS`) weighs public facts one at a time: a tile's
rank, its suji, copies live, the tiles beside their last discards. A tile is a wait only
through a shape, though — for a 3, a two-sided 4-5 (waiting on 3 and 6), a closed 2-4, an
edge 1-2, a pair of 3s beside another pair, a lone 3 — and each shape needs its own
tiles in their hand, so among the unseen copies, and each two-sided shape has a second
wait: a 4-5 whose 6 they let go themselves (现物), passed since their last discard (过水)
or saw go lately is seldom theirs, whatever the 3's own facts say.

`shape_weights` counts, by shape, the ways their hand could hold one waiting on the tile:
the products of the copies unseen of the shape's tiles, each copy weighed by how likely a
tile like it stays in their hand (`_preference`: a suit they let many tiles of go is a
suit they do not keep; a tile of their river is one they did not want), each two-sided
shape by how likely its other wait leaves it theirs (`_consistent`). `shapes_log_odds`
adds the logarithms of those counts to the fitted reading's log-odds by the weights
`SHAPES_BLEND`, fitted on the true hands behind `WAIT_WEIGHTS`'s. Drawing whole hands
from the unseen tiles read no better and cost a hundred times more
(docs/decisions/0003-tile-reading.md).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shared.tiles import FIRST_HONOR

if TYPE_CHECKING:
    from server.engine.bots.danger import Opponent

SHAPES = ("sides", "closed", "edge", "pair", "single")
"""The ready shapes a wait comes through: two-sided (両面: 4-5 waits on 3 and 6), closed
(嵌: 2-4 waits on 3), edge (边: 1-2 waits on 3 alone), a pair beside another (双碰) and a
lone tile (单骑)."""
SHAPES_EPS = 0.5
"""Added to each shape's count before its logarithm (a shape no copies allow reads as a
count of half a way, not minus infinity)."""
SHAPES_BLEND = (0.153, -0.083, 0.056, -0.053, -0.029, -0.067)
"""The weights of log(`SHAPES_EPS` + ways) by shape (`SHAPES`), then a constant, added to
the fitted reading's log-odds, fitted with it as an offset. The two-sided ways weigh most;
the closed and pair counts weigh against, the fitted facts having over-counted them
(docs/decisions/0003-tile-reading.md)."""
SUIT_SLOPE = 0.15
"""A suit's copies are 1 / (1 + this × the tiles of that suit in their river) as likely
in their hand."""
RIVER_HELD = 0.5
"""The other copies of a tile in their river: this much as likely in their hand."""
OWN = 0.08
"""A shape whose other wait is in their own river: this much as likely theirs (exp of
the fitted reading's `own` weight, −2.49)."""
PASSED = 0.06
"""... whose other wait another seat let go since their last discard (`passed`, −2.75)."""
RECENT_FACTOR = (0.14, 0.25, 0.39, 0.47, 0.62, 0.62)
"""... whose other wait the table let go this many discards back (the `recent` weights)."""


def shapes_log_odds(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """What the ready shapes add to the fitted reading's log-odds of `tile` being a wait."""
    *weights, z = SHAPES_BLEND
    for weight, ways in zip(weights, shape_weights(tile, opponent, unseen), strict=True):
        z += weight * math.log(SHAPES_EPS + ways)
    return z


def shape_weights(tile: int, opponent: Opponent, unseen: list[int]) -> tuple[float, ...]:
    """By shape (`SHAPES`), how many ways their hand could hold one waiting on `tile`."""
    u = unseen
    out = [0.0] * 5
    if tile < FIRST_HONOR:
        rank = tile % 9
        suit = tile - rank
        held = _preference(opponent, tile // 9)
        sides = []
        if rank <= 6:
            sides.append((tile + 1, rank + 3))  # the two above, waiting on +3 too
        if rank >= 2:
            sides.append((tile - 2, rank - 3))  # the two below, waiting on −3 too
        for low, other in sides:
            ways = u[low] * u[low + 1] * _held(low, held, opponent) * _held(low + 1, held, opponent)
            if not ways:
                continue
            if 0 <= other <= 8:
                out[0] += ways * _consistent(suit + other, opponent)
            else:
                out[2] += ways  # 1-2 waits on 3 alone (8-9 on 7): an edge
        if 1 <= rank <= 7:
            out[1] += (
                u[tile - 1] * u[tile + 1]
                * _held(tile - 1, held, opponent) * _held(tile + 1, held, opponent)
            )
    else:
        held = 1.0
    mine = _held(tile, held, opponent)
    if u[tile] >= 2:
        out[3] += u[tile] * (u[tile] - 1) / 2 * mine * mine
    out[4] += u[tile] * mine
    return tuple(out)


def _preference(opponent: Opponent, suit: int) -> float:
    """How likely a copy of this suit is in their hand, against one of a suit untouched."""
    shed = sum(1 for k in opponent.discards if k < FIRST_HONOR and k // 9 == suit)
    return 1.0 / (1.0 + SUIT_SLOPE * shed)


def _held(tile: int, suit_factor: float, opponent: Opponent) -> float:
    """`_preference` of a tile's copy, less for a tile of their river (`RIVER_HELD`)."""
    return suit_factor * RIVER_HELD if tile in opponent.river else suit_factor


def _consistent(tile: int, opponent: Opponent) -> float:
    """How likely a wait on `tile` is still theirs, by what they and the table let go."""
    if tile in opponent.river:
        return OWN
    if tile in opponent.passed:
        return PASSED
    recent = opponent.recent
    if recent and recent[tile] < len(RECENT_FACTOR):
        return RECENT_FACTOR[recent[tile]]
    return 1.0
