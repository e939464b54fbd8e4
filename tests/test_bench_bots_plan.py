"""The ladder's deals (tests/bench/bench_bots.py `plan`): a pairing played alone, or with
a few others, plays the very deals the whole ladder gives it, so a subset's figures can
stand beside the full run's."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))

import bench_bots


def test_a_subset_plays_the_whole_ladders_deals() -> None:
    whole = bench_bots.plan(60, 11, "jipinghu", list(bench_bots.PAIRINGS))
    for names in (["four_strong"], ["four_normal", "strong_vs_greedy"], ["easy_vs_normal"]):
        subset = bench_bots.plan(60, 11, "jipinghu", names)
        assert sorted(subset) == sorted(chunk for chunk in whole if chunk[0] in names)


def test_each_pairing_and_chunk_has_its_own_seed() -> None:
    whole = bench_bots.plan(60, 11, "jipinghu", list(bench_bots.PAIRINGS))
    assert len(whole) == 3 * len(bench_bots.PAIRINGS)  # chunks of 25, 25 and 10 deals
    assert [c[3] for c in whole[:3]] == [25, 25, 10]
    assert len({chunk[4] for chunk in whole}) == len(whole)
