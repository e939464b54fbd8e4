"""The network benchmark runs end to end in its --quick form and ends with its JSON summary.

Nothing is timed here: a few seconds of loopback play on a shared machine mean nothing,
only the shape of the report does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "tests" / "bench" / "bench_net.py"

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
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.run(
        [sys.executable, str(BENCH), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    summary = json.loads(lines[-1])
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
    report = "\n".join(lines[:-1])
    assert "p99 ms" in report and "targets" in report
