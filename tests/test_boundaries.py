"""Import boundaries between the top-level packages.

``shared`` is the pure rules engine and may use only the standard library and ``msgspec``.
``server`` (the LAN host) may add the networking and storage libraries.  ``client`` may use
everything ``server`` may, plus ``pygame``; it may import ``server`` too, because the quick game
starts a local host in-process.  Nothing may import a package above it: ``shared`` never imports
``server`` or ``client``, and ``server`` never imports ``client``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

STDLIB = frozenset(sys.stdlib_module_names)

ALLOWED: dict[str, frozenset[str]] = {}
ALLOWED["shared"] = frozenset({"msgspec", "shared"})
# ifaddr is zeroconf's own dependency and the way it recommends to list addresses.
ALLOWED["server"] = ALLOWED["shared"] | {"server", "zmq", "zeroconf", "ifaddr", "platformdirs"}
ALLOWED["client"] = ALLOWED["server"] | {"pygame", "client"}

FORBIDDEN: dict[str, frozenset[str]] = {
    "shared": frozenset({"server", "client"}),
    "server": frozenset({"client"}),
    "client": frozenset(),
}


def _python_files(package: str) -> list[Path]:
    base = ROOT / package
    if not base.is_dir():
        return []
    return sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)


def _absolute_imports(path: Path) -> list[tuple[int, str]]:
    """(line, top-level module name) for every absolute import anywhere in the file."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as exc:  # pragma: no cover - only when a file is broken
        pytest.fail(f"{path.relative_to(ROOT)}: cannot parse: {exc}")
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((node.lineno, alias.name.split(".")[0]))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
    return found


def _violations(package: str, bad) -> list[str]:
    problems = []
    for path in _python_files(package):
        rel = path.relative_to(ROOT)
        for line, name in _absolute_imports(path):
            if bad(name):
                problems.append(f"{rel}:{line} imports {name!r}")
    return problems


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_only_allowed_modules(package: str) -> None:
    allowed = ALLOWED[package]
    problems = _violations(package, lambda name: name not in STDLIB and name not in allowed)
    assert not problems, (
        f"{package}/ may import only the standard library and {sorted(allowed)}; found:\n"
        + "\n".join(problems)
    )


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_does_not_import_upwards(package: str) -> None:
    forbidden = FORBIDDEN[package]
    problems = _violations(package, lambda name: name in forbidden)
    assert not problems, f"{package}/ must not import {sorted(forbidden)}; found:\n" + "\n".join(
        problems
    )


def test_walker_sees_the_packages() -> None:
    # Guard against the walk silently finding nothing: the package markers must be visited.
    for package in ("server", "client"):
        assert ROOT / package / "__init__.py" in _python_files(package)
