"""The wall's own shuffle against `random.Random.shuffle`: the same wall from the same seed.

server/engine/wall.py writes the shuffle out (so that a compiled build runs it as C); a
seed's wall must stay the wall Python's `random` gives, or every record and golden hand
would replay otherwise.
"""

from __future__ import annotations

import random

import pytest

from server.engine.wall import Wall, full_set, shuffle


@pytest.mark.parametrize("flowers", [False, True])
def test_the_shuffle_gives_randoms_order_and_leaves_the_generator_alike(flowers: bool) -> None:
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        tiles, expected = full_set(flowers), full_set(flowers)
        shuffle(ours, tiles)
        theirs.shuffle(expected)
        assert tiles == expected, seed
        # The same draws were made: what the generator gives next is the same too.
        assert ours.getrandbits(64) == theirs.getrandbits(64), seed


def test_short_lists_shuffle_as_randoms_do() -> None:
    for n in range(6):
        ours, theirs = random.Random(n), random.Random(n)
        tiles, expected = list(range(n)), list(range(n))
        shuffle(ours, tiles)
        theirs.shuffle(expected)
        assert tiles == expected


def test_a_wall_of_a_seed_is_randoms_shuffle_of_the_set() -> None:
    expected = full_set(False)
    random.Random(20240601).shuffle(expected)
    assert Wall(random.Random(20240601), False).tiles == expected


class _Counting(random.Random):
    """A Random of another kind: the wall leaves the shuffle to it."""

    calls = 0

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        _Counting.calls += 1
        super().shuffle(x)


def test_a_random_of_another_kind_shuffles_with_its_own_shuffle() -> None:
    Wall(_Counting(3), False)
    assert _Counting.calls == 1
