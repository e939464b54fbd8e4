"""The table's quick shape tests (shared.groups) never rule out a hand analysis would accept.

`may_be_ready` and `may_be_win` let the table skip `wait_kinds` and `is_win` for hands
that cannot be one tile from complete, or complete. They may say "maybe" wrongly, never
"no" wrongly: checked here against shared.analysis on built near-complete hands (where
the answer is mostly yes) and on random ones (mostly no), with and without melds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.analysis import is_win, wait_kinds
from shared.groups import group_ids, may_be_ready, may_be_win
from shared.tiles import KINDS

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _sets_and_pair(draw: st.DrawFn, sets: int) -> list[int] | None:
    counts = [0] * KINDS
    for _ in range(sets):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            low = 9 * suit + draw(st.integers(0, 6))
            for t in (low, low + 1, low + 2):
                counts[t] += 1
        else:
            counts[draw(st.integers(0, KINDS - 1))] += 3
    counts[draw(st.integers(0, KINDS - 1))] += 2
    return counts if max(counts) <= 4 else None


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A complete concealed part (standard, seven pairs or thirteen orphans) and its melds."""
    form = draw(st.sampled_from(["standard", "standard", "pairs", "orphans"]))
    if form == "pairs":
        counts = [0] * KINDS
        for k in draw(st.lists(st.integers(0, KINDS - 1), min_size=7, max_size=7)):
            counts[k] += 2
        return (counts, 0) if max(counts) <= 4 else draw(complete_hands())
    if form == "orphans":
        counts = [0] * KINDS
        for k in ORPHANS:
            counts[k] = 1
        counts[draw(st.sampled_from(ORPHANS))] += 1
        return counts, 0
    melds = draw(st.integers(0, 4))
    counts = _sets_and_pair(draw, 4 - melds)
    return (counts, melds) if counts is not None else draw(complete_hands())


@settings(max_examples=600, deadline=None)
@given(complete_hands(), st.booleans(), st.data())
def test_near_complete_hands_are_never_ruled_out(
    hand: tuple[list[int], int], seven_pairs: bool, data: st.DataObject
) -> None:
    counts, melds = hand
    if is_win(counts, melds, seven_pairs):
        assert may_be_win(group_ids(counts), melds, seven_pairs)
    held = [k for k in range(KINDS) if counts[k]]
    out = data.draw(st.sampled_from(held))
    counts[out] -= 1
    if wait_kinds(counts, melds, seven_pairs):
        assert may_be_ready(group_ids(counts), melds, seven_pairs)
    # and one tile swapped for another: one step further, usually not ready
    into = data.draw(st.integers(0, KINDS - 1))
    if counts[into] < 4:
        counts[into] += 1
        if is_win(counts, melds, seven_pairs):
            assert may_be_win(group_ids(counts), melds, seven_pairs)


@pytest.mark.parametrize("seven_pairs", [False, True])
@pytest.mark.parametrize("melds", [0, 1, 2, 4])
def test_random_hands_agree_with_the_analysis(melds: int, seven_pairs: bool) -> None:
    rng = random.Random(melds * 2 + seven_pairs)
    wall = [k for k in range(KINDS) for _ in range(4)]
    ruled_out = 0
    for _ in range(3000):
        rng.shuffle(wall)
        size = 13 - 3 * melds
        counts = [0] * KINDS
        for t in wall[:size]:
            counts[t] += 1
        if not may_be_ready(group_ids(counts), melds, seven_pairs):
            ruled_out += 1
            assert not wait_kinds(counts, melds, seven_pairs), counts
        counts[wall[size]] += 1
        if not may_be_win(group_ids(counts), melds, seven_pairs):
            assert not is_win(counts, melds, seven_pairs), counts
    if melds == 0:
        assert ruled_out > 2000  # the point of the test: most random hands are ruled out
