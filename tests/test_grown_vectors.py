"""A group's draws are weighed without interning the patterns they would make
(shared/groups.py `grown_vectors`; the speed itself: tests/bench/bench_table.py).

Interning a pattern files a dozen facts for it; most patterns a draw would make are never
held, so `grown_vectors` reads their distance vectors straight from their counts. The
vectors must be the ones the interned patterns have.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from shared import groups
from shared.suit import honor_distances, suit_distances


def _fresh_suit(rng: random.Random) -> bytes:
    """A suit pattern of 1–11 tiles not interned yet."""
    while True:
        counts = [0] * 9
        for _ in range(rng.randint(1, 11)):
            rank = rng.randrange(9)
            if counts[rank] < 4:
                counts[rank] += 1
        raw = bytes(counts)
        if raw not in groups.SUIT_IDS:
            return raw


def _assert_vectors(
    raw: bytes, grown: tuple[int, ...], distances: Callable[[tuple[int, ...]], tuple[int, ...]]
) -> None:
    """Each rank's grown vector is `distances` of the pattern with one more of it (0 for
    a rank held four times)."""
    for rank, vid in enumerate(grown):
        if raw[rank] == 4:
            assert vid == 0
            continue
        more = bytearray(raw)
        more[rank] += 1
        assert groups.VECTORS[vid] == distances(tuple(more)), (raw, rank)


def test_weighing_draws_interns_no_pattern_they_would_make() -> None:
    rng = random.Random("grown")
    for _ in range(200):
        raw = _fresh_suit(rng)
        pid = groups.suit_id(raw)
        before = len(groups.PATTERNS)
        grown = groups.GROWN_TUPLES[groups.grown_vectors(pid)]
        assert len(groups.PATTERNS) == before, "a draw's pattern was interned"
        _assert_vectors(raw, grown, suit_distances)


def test_the_honours_draws_have_the_vectors_of_their_patterns() -> None:
    for raw in (bytes([1, 1, 2, 0, 3, 0, 1]), bytes([4, 0, 0, 0, 0, 0, 2]), bytes(7)):
        grown = groups.GROWN_TUPLES[groups.grown_vectors(groups.honor_id(raw))]
        _assert_vectors(raw, grown, honor_distances)
