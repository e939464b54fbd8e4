"""The competent player's hot path written the way mypyc compiles well
(the speed itself: tests/bench/bench_table.py, compiled).

Compiled, a module name not declared `Final` is a dict look-up at each use, and a call
through a local alias of a module function (`merge = merge_ids`) is a generic Python call
that boxes its ints, where the function's own name is a direct C call. Both were found by
`perf` on the hottest calls of a competent hand; these tests read the sources, so they
hold on the pure tree too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HOT_TABLES = {
    "shared/groups.py": (
        "GROUP_STARTS",
        "SUIT_IDS",
        "HONOR_IDS",
        "PID_VECTORS",
        "PID_GROWN",
        "PID_SHRUNK",
        "VECTORS",
        "MERGED",
        "FILLED",
        "GROWN_TUPLES",
        "_group_improving_memo",
        "_IMPROVING_LIMIT",
        "_rank_sets",
    ),
    "shared/analysis.py": ("_ORPHANS", "_TILES", "_CACHE_LIMIT", "_OTHER_DRAWS", "_ORPHAN_SET"),
    "shared/tiles.py": ("DRAGONS", "WINDS", "FIRST_HONOR"),  # the bots' tile names
    "server/engine/bots/competent.py": (
        "LATE_WALL",
        "READY_LOOKING_SETS",
        "_DECLARABLE_LIMIT",
        "_OWN_LIMIT",
    ),
    "server/engine/bots/hand_facts.py": ("KEEP_VALUES",),
}

HOT_FUNCTIONS = {
    "shared/groups.py": ("group_improving", "merge_ids", "filled"),
    "shared/analysis.py": ("discard_ranking", "_discard_rows", "_other_improving"),
}


def _tree(path: str) -> ast.Module:
    return ast.parse((ROOT / path).read_text(encoding="utf-8"))


def _final_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            ann = node.annotation
            base = ann.value if isinstance(ann, ast.Subscript) else ann
            if isinstance(base, ast.Name) and base.id == "Final":
                names.add(node.target.id)
    return names


@pytest.mark.parametrize("path", sorted(HOT_TABLES))
def test_hot_module_names_are_final(path: str) -> None:
    finals = _final_names(_tree(path))
    missing = [name for name in HOT_TABLES[path] if name not in finals]
    assert not missing, f"{path}: not declared Final: {missing}"


def _module_functions() -> set[str]:
    names: set[str] = set()
    for path in HOT_FUNCTIONS:
        for node in _tree(path).body:
            if isinstance(node, ast.FunctionDef):
                names.add(node.name)
            elif isinstance(node, ast.ImportFrom):
                names.update(alias.asname or alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted(HOT_FUNCTIONS))
def test_hot_functions_call_module_functions_by_name(path: str) -> None:
    functions = _module_functions()
    tree = _tree(path)
    found = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    aliases = []
    for name in HOT_FUNCTIONS[path]:
        for node in ast.walk(found[name]):
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Name)
                and node.value.id in functions
                and node.value.id[0].islower()  # a function, not a table (FILLED...)
            ):
                aliases.append(f"{name}: {ast.unparse(node)}")
    assert not aliases, f"{path}: a function called through a local alias: {aliases}"
