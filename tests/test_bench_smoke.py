"""The benchmark script runs end to end on a few hands and ends with its JSON summary.

Nothing is timed here: the figures of a 200-hand run mean nothing, only the shape does.
"""

from __future__ import annotations

import sys

import pytest

from tests.support.bench import run_bench

pytestmark = pytest.mark.skipif(
    sys.platform == "win32",
    reason="tests/bench/bench_rules.py imports `resource` (its memory figure), which Windows lacks",
)

KEYS = {
    "shanten_ratio",
    "waits_ratio",
    "win_check_ratio",
    "scoring_per_s",
    "shanten_per_s",
    "waits_per_s",
    "win_check_per_s",
    "import_first_score_s",
    "tables_mb",
    "hands",
    "seed",
}


def test_bench_rules_runs_and_ends_with_its_json_summary() -> None:
    report, summary = run_bench(
        "bench_rules.py", "--hands", "200", "--ref-hands", "50", "--seed", "7"
    )
    assert isinstance(summary, dict)
    assert summary.keys() >= KEYS, sorted(KEYS - summary.keys())
    assert summary["hands"] == 200
    assert summary["seed"] == 7
    for key in KEYS - {"hands", "seed"}:
        assert isinstance(summary[key], int | float) and summary[key] >= 0, (key, summary[key])
    # Ours and the reference agreed on every hand both answered.
    assert summary["disagreements"] == {"shanten": 0, "waits": 0, "win_check": 0}
    # The readable report came before: the table and the targets with a verdict each.
    assert "reference/s" in report and "targets" in report
    assert report.count("PASS") + report.count("MISS") >= 5
    # Both trees' figures when this one is compiled (tests/support/both_trees.py).
    assert isinstance(summary["compiled"], bool)
    if summary["compiled"]:
        assert summary["pure"]["compiled"] is False and summary["pure"]["hands"] == 200
        assert set(summary["compiled_over_pure"]) >= {"shanten_ratio", "tables_mb"}
    else:
        assert "pure" not in summary
