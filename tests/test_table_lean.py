"""The table's own step made cheaper in pure Python (tests/bench/README.md, "The table's
step made lean"): each test holds one change of that work, and fails on the tree before it.
The answers are held elsewhere (tests/test_engine_golden.py, tests/test_refusals.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "server" / "engine"
HOT_MODULES = ("table.py", "legal.py", "moves.py", "claim_window.py", "winning.py")
"""The modules of the table's step (not seat_views.py: the views are another's work)."""


@pytest.mark.parametrize("module", HOT_MODULES)
def test_the_step_reads_no_phase_off_the_enum_class(module: str) -> None:
    # `Phase.TURN` is an attribute look-up on the enum class (about 70 ns in the pure tree)
    # and the step read several; hand_state's Final names (TURN...) are global reads.
    tree = ast.parse((ENGINE / module).read_text(encoding="utf-8"))
    reads = [
        f"line {node.lineno}: Phase.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "Phase"
    ]
    assert reads == []


def test_the_phase_names_are_the_enum_members() -> None:
    from server.engine import hand_state
    from server.engine.hand_state import Phase

    for member in Phase:
        assert getattr(hand_state, member.name) is member
