"""The wall (牌墙): one shuffled sequence, drawn from the head, replacements from the tail."""

from __future__ import annotations

import random
from typing import Final

from shared.shuffle import full_set

_PLAIN_SET: Final = tuple(full_set(False))
_FLOWER_SET: Final = tuple(full_set(True))
"""The sets in order, made once: `full_set` builds its list anew (8 µs, pure), a copy of
a tuple takes a fraction of that."""
_NO_SHUFFLE: Final = random.Random(0)
"""Never drawn from: a wall laid in a given order is not shuffled."""
STACKS_PER_WALL = 17
STACKS_PER_WALL_WITH_FLOWERS = 18


class Wall:
    """A shuffled wall; `head` and `tail` close in on each other as tiles are drawn."""

    __slots__ = ("head", "left", "tail", "tiles")

    def __init__(
        self, rng: random.Random, flowers: bool, order: tuple[int, ...] | None = None
    ) -> None:
        """A wall shuffled by `rng`, or laid in a given `order` (a rigged wall for tests)."""
        self.tiles = list(_FLOWER_SET if flowers else _PLAIN_SET)
        if order is None:
            if type(rng) is random.Random:
                shuffle(rng, self.tiles)
            else:  # a Random of another kind may draw otherwise: its own shuffle
                rng.shuffle(self.tiles)
        else:
            if sorted(order) != self.tiles:
                raise ValueError("a rigged wall must hold every tile of the set exactly once")
            self.tiles = list(order)
        self.head = 0
        self.tail = len(self.tiles)
        self.left = self.tail
        """Tiles still in the wall (kept as a field: the table reads it on every move)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Wall:
        """An independent copy, written out: compiled (shared/accelerator.py), a Wall is a
        native class, which copy's default way cannot make. A wall of the plain set is
        made and the state copied over (tests may have moved its tiles: not checked)."""
        twin = Wall(_NO_SHUFFLE, False, _PLAIN_SET)
        twin.tiles = list(self.tiles)
        twin.head = self.head
        twin.tail = self.tail
        twin.left = self.left
        memo[id(self)] = twin
        return twin

    def draw(self) -> int:
        """A tile from the head (摸牌)."""
        if self.head >= self.tail:
            raise RuntimeError("the wall is exhausted")  # the table checks before drawing
        tile = self.tiles[self.head]
        self.head += 1
        self.left -= 1
        return tile

    def draw_run(self, n: int) -> list[int]:
        """`n` tiles from the head at once, in draw order (the deal's chunks)."""
        head = self.head
        if head + n > self.tail:
            raise RuntimeError("the wall is exhausted")
        self.head = head + n
        self.left -= n
        return self.tiles[head : head + n]

    def draw_tail(self) -> int:
        """A replacement tile from the tail (补牌)."""
        if self.head >= self.tail:
            raise RuntimeError("the wall is exhausted")
        self.tail -= 1
        self.left -= 1
        return self.tiles[self.tail]

    def remaining(self) -> list[int]:
        return self.tiles[self.head : self.tail]


def shuffle(rng: random.Random, tiles: list[int]) -> None:
    """`rng.shuffle(tiles)` for a plain `random.Random`: the same swaps from the same draws.

    CPython's `Random.shuffle` and the `_randbelow_with_getrandbits` it calls, written out
    (Lib/random.py of Python 3.11): the same `getrandbits(k)` calls in the same order, so the
    wall of a seed is the wall it always was (tests/test_wall.py holds it to `random`'s on
    many seeds). Why: compiled (shared/accelerator.py) this loop runs as C where random.py's
    runs as Python, a hand's shuffle being 135 swaps, and even as Python it saves a call
    a swap.
    """
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(tiles))
    if steps is None:
        steps = tuple(_shuffle_steps(len(tiles)))
    for i, n, k in steps:
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        tiles[i], tiles[r] = tiles[r], tiles[i]


def _shuffle_steps(size: int) -> list[tuple[int, int, int]]:
    """`shuffle`'s swaps of a list of `size`: (the place, the choices below it, their bits)."""
    return [(i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)]


_SHUFFLE_STEPS: Final = {
    size: tuple(_shuffle_steps(size)) for size in (len(_PLAIN_SET), len(_FLOWER_SET))
}
"""The steps of the walls' two sizes, worked out once (a hand's shuffle reads them)."""


def roll_dice(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


DEAL_CHUNKS: Final = (4, 4, 4, 1)
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
