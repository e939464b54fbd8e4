"""The wall (牌墙): one shuffled sequence, drawn from the head, replacements from the tail."""

from __future__ import annotations

import random

from shared.shuffle import full_set

STACKS_PER_WALL = 17
STACKS_PER_WALL_WITH_FLOWERS = 18


class Wall:
    """A shuffled wall; `head` and `tail` close in on each other as tiles are drawn."""

    __slots__ = ("head", "left", "tail", "tiles")

    def __init__(
        self, rng: random.Random, flowers: bool, order: tuple[int, ...] | None = None
    ) -> None:
        """A wall shuffled by `rng`, or laid in a given `order` (a rigged wall for tests)."""
        self.tiles = full_set(flowers)
        if order is None:
            rng.shuffle(self.tiles)
        else:
            if sorted(order) != self.tiles:
                raise ValueError("a rigged wall must hold every tile of the set exactly once")
            self.tiles = list(order)
        self.head = 0
        self.tail = len(self.tiles)
        self.left = self.tail
        """Tiles still in the wall (kept as a field: the table reads it on every move)."""

    def draw(self) -> int:
        """A tile from the head (摸牌)."""
        if self.head >= self.tail:
            raise RuntimeError("the wall is exhausted")  # the table checks before drawing
        tile = self.tiles[self.head]
        self.head += 1
        self.left -= 1
        return tile

    def draw_tail(self) -> int:
        """A replacement tile from the tail (补牌)."""
        if self.head >= self.tail:
            raise RuntimeError("the wall is exhausted")
        self.tail -= 1
        self.left -= 1
        return self.tiles[self.tail]

    def remaining(self) -> list[int]:
        return self.tiles[self.head : self.tail]


def roll_dice(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


DEAL_CHUNKS = (4, 4, 4, 1)
"""Tiles dealt to each seat per pass, from the dealer in turn order; then the dealer's 14th."""


def rig(
    dealer: int,
    hands: list[list[int]],
    draws: list[int] | tuple[int, ...] = (),
    tail: list[int] | tuple[int, ...] = (),
    flowers: bool = False,
) -> tuple[int, ...]:
    """A wall order that deals `hands` (by seat; the dealer's holds 14), then gives `draws`
    from the head in order and `tail` (horses, then replacements) from the tail in order.

    For scenario tests and puzzles: the rest of the set fills the middle.
    """
    if len(hands) != 4 or any(len(h) != (14 if s == dealer else 13) for s, h in enumerate(hands)):
        raise ValueError("rig needs four hands: 14 tiles for the dealer, 13 for the others")
    queues = [list(h) for h in hands]
    head: list[int] = []
    order = [(dealer + i) % 4 for i in range(4)]
    for chunk in DEAL_CHUNKS:
        for s in order:
            head.extend(queues[s][:chunk])
            del queues[s][:chunk]
    head.append(queues[dealer].pop())
    head.extend(draws)
    rest = full_set(flowers)
    for tile in [*head, *tail]:
        if tile not in rest:
            raise ValueError(f"rig uses more copies of tile {tile} than the set has")
        rest.remove(tile)
    return (*head, *rest, *reversed(tail))
