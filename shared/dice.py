"""What the dealer's roll of two dice decides (RULES.md §3): where the wall is broken.

Shared because both sides need it: the table engine deals from the break, and the client
draws the wall broken where the dice say.
"""

from __future__ import annotations


def wall_break(dealer: int, dice: tuple[int, int]) -> tuple[int, int]:
    """(seat whose wall is broken, stacks from its right end) for a roll (RULES.md §3).

    The sum counts seats in turn order from the dealer as 1: 1 5 9 dealer, 2 6 10 下家,
    3 7 11 opposite, 4 8 12 上家.
    """
    total = dice[0] + dice[1]
    return (dealer + total - 1) % 4, total
