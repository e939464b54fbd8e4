"""One bounded-memo helper (shared/memo.py) for the caches that empty when full: their
sizes are visible (`memo_sizes`), and no module writes the "clear when full" by hand again
(issue 32 found nine, two copied between bots)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from shared import analysis
from shared.memo import memo_sizes, named_memo, remember

ROOT = Path(__file__).resolve().parents[1]
BY_HAND = re.compile(r"if len\((\S+)\) >= \w+:\n\s+\1\.clear\(\)")
"""A cache emptied when full, written out."""


def test_a_full_memo_is_emptied_before_the_new_entry() -> None:
    memo: dict[int, str] = {}
    for key in range(3):
        assert remember(memo, 3, key, str(key)) == str(key)
    assert memo == {0: "0", 1: "1", 2: "2"}
    assert remember(memo, 3, 9, "nine") == "nine"
    assert memo == {9: "nine"}


def test_the_module_memos_are_listed_with_their_limits() -> None:
    analysis.shanten([0] * 27 + [3, 3, 3, 3, 1, 0, 0], 0)
    sizes = memo_sizes()
    assert {"analysis.shanten", "analysis.by_counts", "fan.score"} <= set(sizes), sizes
    assert sizes["analysis.by_counts"][0] >= 1 and sizes["analysis.by_counts"][1] == 20_000
    assert all(0 <= size <= limit for size, limit in sizes.values()), sizes
    with pytest.raises(ValueError, match="listed already"):
        named_memo("analysis.shanten", {}, 1)


def test_no_module_empties_a_cache_by_hand() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {match.group(1)}"
        for folder in ("shared", "server", "client", "machine")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != ROOT / "shared" / "memo.py"
        for match in BY_HAND.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use shared.memo.remember: " + ", ".join(found)
