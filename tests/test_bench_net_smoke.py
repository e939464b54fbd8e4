"""The network benchmark runs end to end in its --quick form and ends with its JSON summary.

Nothing is timed here: a few seconds of loopback play on a shared machine mean nothing,
only the shape of the report does.
"""

from __future__ import annotations

import sys

from tests.support.bench import run_bench

KEYS = {
    "p50_ms",
    "p99_ms",
    "tables_under_20ms",
    "tables_under_20ms_paced",
    "samples",
    "acts_per_s",
    "ramp",
    "ramp_paced",
    "errors",
    "error_codes",
    "failures",
    "cores",
    "targets",
}


def test_bench_net_quick_runs_and_ends_with_its_json_summary() -> None:
    report, summary = run_bench("bench_net.py", "--quick")
    assert summary.keys() >= KEYS, sorted(KEYS - summary.keys())
    assert summary["quick"] is True
    assert summary["failures"] == [], summary["failures"]
    # The host refused none of the bots' acts (a rate limit on a fast machine is no fault).
    assert summary["samples"] > 0
    assert set(summary["error_codes"]) <= {"rate_limited"}, summary["error_codes"]
    for key in ("p50_ms", "p99_ms"):
        assert isinstance(summary[key], int | float) and summary[key] > 0, (key, summary[key])
    assert isinstance(summary["tables_under_20ms"], int)
    for step in summary["ramp"] + summary["ramp_paced"]:
        assert step["acts"] > 0, step
    assert set(summary["targets"].values()) <= {"PASS", "MISS"}
    assert "p99 ms" in report and "targets" in report
    # (d): another table while 127.0.0.2 floods (Linux: the second loopback address).
    if sys.platform == "linux":
        flood = summary["flood"]
        assert set(flood["floods"]) == {"messages", "illegal"}, flood
        for kind in flood["floods"].values():  # each against the quiet p99 of the same run
            assert kind["sent"] > 0 and kind["acts"] > 0, flood
            assert isinstance(kind["ratio"], float) and kind["ratio"] > 0, flood
        assert flood["floods"]["messages"]["rate_limited"] > 0, flood
        assert flood["ratio"] == max(k["ratio"] for k in flood["floods"].values())
        assert summary["targets"]["flood_p99_within_2x"] in {"PASS", "MISS"}
        assert "illegal flood" in report and "ratio" in report
