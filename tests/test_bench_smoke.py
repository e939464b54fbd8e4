"""The benchmark script runs end to end on a few hands and ends with its JSON summary.

Nothing is timed here: the figures of a 200-hand run mean nothing, only the shape does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "tests" / "bench" / "bench_rules.py"

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
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.run(
        [sys.executable, str(BENCH), "--hands", "200", "--ref-hands", "50", "--seed", "7"],
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
    assert isinstance(summary, dict)
    assert summary.keys() >= KEYS, sorted(KEYS - summary.keys())
    assert summary["hands"] == 200
    assert summary["seed"] == 7
    for key in KEYS - {"hands", "seed"}:
        assert isinstance(summary[key], int | float) and summary[key] >= 0, (key, summary[key])
    # Ours and the reference agreed on every hand both answered.
    assert summary["disagreements"] == {"shanten": 0, "waits": 0, "win_check": 0}
    # The readable report came before: the table and the targets with a verdict each.
    report = "\n".join(lines[:-1])
    assert "reference/s" in report and "targets" in report
    assert report.count("PASS") + report.count("MISS") >= 5
