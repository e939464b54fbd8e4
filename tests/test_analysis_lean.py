"""The rules tables' memory and the warm `shanten` call: what the issue "The engine at full
speed" asks of them (the speed itself: tests/bench/bench_rules.py).

- Memory: the lazily built tables and caches after many distinct hands, measured with
  tracemalloc in a fresh process (this file run as a script), so that the tables start
  empty whatever ran before in the pytest process. Before the tables shared their
  repeated values (one pattern object per id, one tuple per distinct shanten entry,
  wait list and orphans fact, one set per distinct chow count) the same hands took
  1.26× the budget below.
- A warm `shanten` call (a hand answered before) comes from its own cache of whole hands;
  its time against the least such a cache must do (bytes, one look-up) is measured by
  tests/bench/bench_rules.py (`warm_shanten_vs_lookup`, target ≤ 2.2×).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from shared import accelerator, analysis
from shared.analysis import discard_ranking, discard_table

ROOT = Path(__file__).resolve().parents[1]
HANDS = 6000
"""Distinct hands of each kind (random 13 tiles, ready, complete) in the memory probe."""
BUDGET_BYTES_PER_HAND = 320
"""Traced bytes the tables may keep per distinct hand asked about (the hands themselves
are made before tracing starts); before the sharing the same probe kept 402, now 252."""


def _hands(seed: int, n: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    """Random 13-tile hands, ready hands (a complete one less a tile) and complete ones."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    random13 = []
    for _ in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, 13):
            counts[k] += 1
        random13.append(counts)
    complete: list[list[int]] = []
    while len(complete) < n:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in (start, start + 1, start + 2):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            complete.append(counts)
    ready = []
    for counts in complete:
        less = list(counts)
        less[rng.choice([k for k in range(34) if less[k]])] -= 1
        ready.append(less)
    return random13, ready, complete


def _probe() -> None:
    """In a fresh process: the traced bytes the tables keep after the hands are asked."""
    import gc
    import tracemalloc

    from shared.analysis import is_win, shanten, waits

    random13, ready, complete = _hands(20260601, HANDS)
    gc.collect()
    tracemalloc.start()
    for counts in random13:
        shanten(counts)
    for counts in ready:
        waits(counts)
        shanten(counts)
    for counts in complete:
        is_win(counts)
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(json.dumps({"kept": kept, "hands": 3 * HANDS}))


def test_tables_keep_little_per_distinct_hand() -> None:
    done = subprocess.run(
        [sys.executable, __file__, "--probe"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    per_hand = figures["kept"] / figures["hands"]
    assert per_hand <= BUDGET_BYTES_PER_HAND, f"{per_hand:.0f} bytes a distinct hand"


def test_a_warm_shanten_is_answered_from_its_own_cache_of_whole_hands() -> None:
    """What keeps a warm call near a bare look-up: a hand asked before is answered from
    the cache of whole hands, with nothing built again. (How near, in time, is the
    benchmark's `warm_shanten_vs_lookup`: a timing has no place in a suite run on a busy
    machine.)"""
    from shared.analysis import shanten

    random13, _, _ = _hands(7, 500)
    first = [shanten(counts) for counts in random13]
    cache = analysis._by_counts
    assert all(bytes(counts) in cache for counts in random13)
    kept = dict(cache)
    again = [shanten(counts) for counts in random13]
    assert again == first
    assert cache == kept  # nothing added, nothing rebuilt


if __name__ == "__main__":
    if sys.argv[1:] == ["--probe"]:
        sys.path.insert(0, str(ROOT))
        _probe()


def _ranking_by_table(
    counts: list[int], melds: int, unseen: list[int]
) -> list[tuple[int, int, int]]:
    """What `discard_ranking` answers, from `discard_table`'s kinds."""
    return [
        (int(tile), s, sum(unseen[k] for k in better) if better else 0)
        for tile, s, better in discard_table(counts, melds)
    ]


def test_discard_ranking_spends_nothing_on_thirteen_orphans_far_from_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand more than one from the lowest shanten by thirteen orphans cannot gain an
    orphan draw on any discard: `discard_ranking` no longer works that out per discard
    (the pure tree is patched here; a compiled one calls its own copy)."""
    if "shared.analysis" in accelerator.compiled_modules():
        pytest.skip("a compiled module's own calls cannot be patched")
    rng = random.Random(11)
    hands = []
    for counts in _hands(11, 300)[0]:
        k = rng.randrange(34)
        if counts[k] < 4:  # a 14th tile, never a fifth of a kind
            counts[k] += 1
            hands.append(counts)
    unseen = [4 - c for c in hands[0]]
    far = []
    for counts in hands:
        rows = _ranking_by_table(counts, 0, unseen)
        if analysis.orphans_shanten(counts) - 1 >= min(s for _, s, _ in rows):
            far.append((counts, rows))

    def refuse(*_: object) -> list[int]:
        raise AssertionError("orphan draws worked out for a hand far from thirteen orphans")

    monkeypatch.setattr(analysis, "_orphan_draws", refuse)
    for counts, rows in far:
        got = [(int(t), s, live) for t, s, live in discard_ranking(counts, 0, unseen)]
        assert got == rows
    assert len(far) > 200


@pytest.mark.parametrize("seed", [1, 2])
def test_discard_ranking_sums_discard_tables_kinds_near_thirteen_orphans(seed: int) -> None:
    """Hands of terminals and honors, where the orphan draws do count: the same answer."""
    rng = random.Random(seed)
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    for _ in range(300):
        counts = [0] * 34
        for k in rng.sample(orphans, 11):
            counts[k] += 1
        for k in rng.sample(range(34), 3):
            counts[k] += 1
        unseen = [rng.randrange(5 - c) if c < 4 else 0 for c in counts]
        got = [(int(t), s, live) for t, s, live in discard_ranking(counts, 0, unseen)]
        assert got == _ranking_by_table(counts, 0, unseen)


def test_discards_skip_thirteen_orphans_from_orphans_shanten_eight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """From thirteen-orphans shanten 8 up it never gives a discard its shanten (the
    standard one of 13 tiles is at most 8), so neither discard function looks at it
    (pure tree only, as above)."""
    if "shared.analysis" in accelerator.compiled_modules():
        pytest.skip("a compiled module's own calls cannot be patched")
    rng = random.Random(12)
    cases = []
    for counts in _hands(12, 400)[0]:
        k = rng.randrange(34)
        if counts[k] == 4:
            continue
        counts[k] += 1  # a 14th tile
        if analysis.orphans_shanten(counts) >= 8:
            unseen = [4 - c for c in counts]
            answers = (discard_table(counts, 0), discard_ranking(counts, 0, unseen))
            cases.append((counts, unseen, *answers))

    def refuse(*_: object) -> int:
        raise AssertionError("thirteen orphans weighed from orphans shanten 8 up")

    monkeypatch.setattr(analysis, "_orphans_after_discard", refuse)
    monkeypatch.setattr(analysis, "_orphan_draws", refuse)
    for counts, unseen, table, ranking in cases:
        assert discard_table(counts, 0) == table
        assert discard_ranking(counts, 0, unseen) == ranking
    assert len(cases) > 100
