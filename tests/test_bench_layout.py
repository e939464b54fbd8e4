"""tests/bench/ holds the benchmarks and their README, nothing else, and product code cites
none of it: an experiment's conclusion lives in docs/decisions/, where product code points.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "tests" / "bench"
BENCHMARKS = {
    "bench_rules.py",
    "bench_table.py",
    "bench_bots.py",
    "bench_net.py",
    "bench_journal.py",
    "bench_client.py",
}
PRODUCT = ("client", "server", "shared", "machine")


def test_the_bench_folder_holds_the_benchmarks_and_their_readme_alone() -> None:
    held = {p.name for p in BENCH.iterdir() if p.name != "__pycache__"}
    assert held == BENCHMARKS | {"README.md"}, sorted(held ^ (BENCHMARKS | {"README.md"}))


def test_product_code_cites_no_bench_file() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "tests/bench" in line
    ]
    assert cited == []


def test_each_decision_record_product_code_names_exists() -> None:
    named = {
        match.group(0)
        for package in PRODUCT
        for path in (ROOT / package).rglob("*.py")
        for match in re.finditer(r"docs/decisions/[\w.-]+\.md", path.read_text(encoding="utf-8"))
    }
    assert named, "product code points to no decision record"
    assert sorted(n for n in named if not (ROOT / n).is_file()) == []


def test_the_bench_readme_is_short_and_its_commands_run_what_exists() -> None:
    """Under ~300 lines; every script it names exists, every benchmark is in it, and every
    option its commands pass is one the script declares."""
    text = (BENCH / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    named = set(re.findall(r"tests/bench/(\w+\.py)", text))
    assert sorted(n for n in named if not (BENCH / n).is_file()) == []
    assert sorted(n for n in BENCHMARKS if f"`{n}`" not in text) == []
    commands = re.findall(r"python tests/bench/(bench_\w+\.py)([^`\n]*)", text)
    assert commands
    support = "".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "support").glob("*.py")
    )  # a benchmark's parts there declare some of its options (flood_scenario.py)
    for script, args in commands:
        source = (BENCH / script).read_text(encoding="utf-8") + support
        for option in re.findall(r"--[\w-]+", args):
            assert f'"{option}"' in source, (script, option)
