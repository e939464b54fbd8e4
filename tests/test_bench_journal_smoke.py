"""The journal benchmark runs end to end on a few hands and ends with its JSON line.

Nothing is judged by speed here: with a handful of hands the figures mean nothing, only the
shape of the output and the counts do.
"""

from __future__ import annotations

from tests.support.bench import run_bench

KEYS = {
    "actions_per_hand",
    "off_us_per_action",
    "written_us_per_action",
    "host_us_per_action",
    "journal_us_per_action",
    "fsyncs_per_hand",
    "fsync_ms",
    "fsync_share",
    "off_hands_per_s",
    "host_hands_per_s",
    "journal_bytes_per_hand",
}


def test_bench_journal_runs_and_ends_with_its_json_line() -> None:
    report, summary = run_bench("bench_journal.py", "--hands", "4", "--seed", "3")
    assert summary.keys() >= KEYS, sorted(KEYS - summary.keys())
    assert summary["hands"] == 4 and summary["seed"] == 3 and summary["bots"] == "random"
    # At least the session's start, each hand's start and each hand's end are fsynced.
    assert summary["fsyncs_per_hand"] >= 2
    assert summary["actions_per_hand"] > 20 and summary["journal_bytes_per_hand"] > 1000
    for key in ("off_us_per_action", "host_us_per_action", "fsync_ms"):
        assert summary[key] > 0, key
    assert "journal as the host keeps it" in report and "no journal" in report
