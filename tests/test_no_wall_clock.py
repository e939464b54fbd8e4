"""The unit suite holds no "took < N s": an upper bound on measured time fails on a loaded
machine (tests/test_host_start.py's "took < 5" did, with the interpreter's start counted).
Speeds and ratios belong in tests/bench/; waiting for an event under a generous deadline is
fine, and so is a bound the issue itself states, named below."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = {"monotonic", "perf_counter", "time", "process_time", "monotonic_ns", "perf_counter_ns"}
STATED_BOUNDS = {
    "LOST_AFTER_SECONDS",  # the lost-host banner within the heartbeat window (issue 20)
    "BACK_WITHIN_S",  # a resumed guest back in the hand within 10 s
    "FOUND_WITHIN_S",  # a table found on the LAN within its stated time
    "JOIN_DEADLINE_SECONDS",  # the host full before the pingers' join deadline passes
    "EXITS_WITHIN_S",  # the game gone this soon after SIGTERM
}
"""Bounds the issues state (a test may hold the product to them); any other is a wall clock."""


def _reads_clock(node: ast.AST) -> bool:
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in CLOCKS
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "time"
        for n in ast.walk(node)
    )


def _elapsed(node: ast.AST, names: set[str]) -> bool:
    """A clock reading minus another (`time.monotonic() - started`) or a name bound to one."""
    if isinstance(node, ast.Name):
        return node.id in names
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and _reads_clock(node)


def _stated(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id in STATED_BOUNDS for n in ast.walk(node))


def wall_clock_asserts(source: str) -> list[int]:
    """The lines of `source` asserting that a measured time stayed under a bound."""
    tree = ast.parse(source)
    names = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _elapsed(node.value, set())
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare)):
            continue
        sides = [node.test.left, *node.test.comparators]
        for op, (low, high) in zip(node.test.ops, itertools.pairwise(sides), strict=True):
            if isinstance(op, (ast.Gt, ast.GtE)):
                low, high = high, low
            elif not isinstance(op, (ast.Lt, ast.LtE)):
                continue
            if _elapsed(low, names) and not _stated(high):
                found.append(node.lineno)
    return found


def test_the_check_finds_a_measured_upper_bound() -> None:
    took_under = "import time\ns = time.monotonic()\ntook = time.monotonic() - s\nassert took < 5\n"
    assert wall_clock_asserts(took_under) == [4]
    assert wall_clock_asserts("import time\nassert time.monotonic() - s < 3.0, 'slow'\n") == [2]
    assert wall_clock_asserts("import time\nassert 3.0 > time.perf_counter() - s\n") == [2]
    # A lower bound, a deadline for an event and a bound the issue states are fine.
    assert wall_clock_asserts("import time\nw = time.monotonic() - b\nassert w >= 4\n") == []
    assert wall_clock_asserts("import time\nassert time.monotonic() < deadline\n") == []
    stated = "import time\nt = time.monotonic() - k\nassert t <= LOST_AFTER_SECONDS\n"
    assert wall_clock_asserts(stated) == []


def test_no_unit_test_asserts_a_measured_time() -> None:
    found = {
        path.name: lines
        for path in sorted(TESTS.glob("test_*.py"))
        if (lines := wall_clock_asserts(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"wall-clock assertions (move them to tests/bench/): {found}"
