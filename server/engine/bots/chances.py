"""How often a hand so far from ready goes on to win, by the tiles left in the wall: what
the strong computer player expects of each hand it could keep.

Measured, not guessed: four `normal` computer players over 4,000 hands, after each
discard the discarder's shanten (0 = ready) and the wall noted, then whether that player
won the hand (`build_scripts/measure_win_chances.py` remakes the table). Bands of 12 tiles
left; cells seen too rarely are filled from their neighbours, and the table is monotone.

Under pressure a hand a step short wins more often than this table with the full step
discount says, so strong.py's `PRESSED_DISCOUNT` fades the discount there; the table
re-measured under pressure (`measure_win_chances.py --pressed`) scored more but dealt in
more, so this table stays (docs/decisions/0001-strong-player-own-chance.md).
"""

from __future__ import annotations

BAND = 12
WIN_CHANCE: tuple[tuple[float, ...], ...] = (
    (0.133, 0.327, 0.430, 0.500, 0.585, 0.677, 0.763),  # shanten 0
    (0.003, 0.027, 0.061, 0.102, 0.155, 0.240, 0.353),  # shanten 1
    (0.003, 0.014, 0.053, 0.082, 0.115, 0.170, 0.255),  # shanten 2
    (0.000, 0.000, 0.014, 0.058, 0.073, 0.119, 0.187),  # shanten 3
    (0.000, 0.000, 0.000, 0.000, 0.062, 0.114, 0.163),  # shanten 4
    (0.000, 0.000, 0.000, 0.000, 0.033, 0.056, 0.141),  # shanten 5
    (0.000, 0.000, 0.000, 0.000, 0.023, 0.056, 0.141),  # shanten 6
)


def win_chance(steps: int, wall_left: int) -> float:
    """The measured chance, read between bands (linear in the tiles left)."""
    row = WIN_CHANCE[min(max(steps, 0), len(WIN_CHANCE) - 1)]
    at = max(0.0, wall_left / BAND - 0.5)  # a band's figure belongs to its middle
    low = min(int(at), len(row) - 1)
    high = min(low + 1, len(row) - 1)
    part = at - low if high != low else 0.0
    return row[low] * (1 - part) + row[high] * part
