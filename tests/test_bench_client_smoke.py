"""The client benchmark runs end to end with tiny sizes and ends with its JSON line.

Nothing is judged here: a few frames and half a second of idling mean nothing, only the
shape of the output does (and that a started client reports its first frame).
"""

from __future__ import annotations

from tests.support.bench import run_bench

KEYS = {
    "frame_p50_ms",
    "frame_p99_ms",
    "frame_max_ms",
    "idle_cpu_percent",
    "first_frame_s",
    "first_frame_median_s",
    "frames",
    "idle_seconds",
    "starts",
    "size",
    "seed",
    "lang",
    "targets",
    "seconds",
}


def test_bench_client_runs_and_ends_with_its_json_line() -> None:
    args = ["--frames", "20", "--idle-seconds", "0.5", "--starts", "1", "--lang", "en"]
    report, summary = run_bench("bench_client.py", *args)
    assert summary.keys() >= KEYS, sorted(KEYS - summary.keys())
    assert summary["frames"] == 20 and summary["starts"] == 1 and summary["lang"] == "en"
    assert 0 < summary["frame_p50_ms"] <= summary["frame_p99_ms"] <= summary["frame_max_ms"]
    assert 0 <= summary["idle_cpu_percent"] < 100
    assert summary["first_frame_s"] > 0
    assert set(summary["targets"]) == {"frame_p99_ms", "idle_cpu_percent", "first_frame_s"}
    assert set(summary["targets"].values()) <= {"PASS", "MISS"}
    assert report.count("PASS") + report.count("MISS") == 3
