"""Import boundaries between the top-level packages.

``shared`` is the pure rules engine and may use only the standard library and ``msgspec``.
``machine`` (key pairs, log files, safe writes: what both sides keep on this computer) adds
pyzmq and platformdirs (and msgspec, for the build's licence manifest), and imports neither
side. ``server`` (the LAN host) may add the
networking and storage libraries.  ``client`` may use everything ``server`` may, plus
``pygame``; it imports ``server`` only to run a host in-process (the quick game, hosting from
the app) and the engine's computer players that the self-test sends over the network.
Nothing may import a package above it: ``shared`` never imports ``machine``, ``server`` or
``client``, and ``server`` never imports ``client``.
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
ALLOWED["machine"] = frozenset({"machine", "zmq", "platformdirs", "msgspec"})
# ifaddr is zeroconf's own dependency and the way it recommends to list addresses.
ALLOWED["server"] = ALLOWED["shared"] | ALLOWED["machine"] | {"server", "zeroconf", "ifaddr"}
ALLOWED["client"] = ALLOWED["server"] | {"pygame", "client"}

FORBIDDEN: dict[str, frozenset[str]] = {
    "shared": frozenset({"machine", "server", "client"}),
    "machine": frozenset({"shared", "server", "client"}),
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
    for package in ("machine", "server", "client"):
        assert ROOT / package / "__init__.py" in _python_files(package)


def _sample_file(folder: Path, source: str) -> Path:
    """A Python file for the checks below to read: they must be able to fail."""
    sample = folder / "sample.py"
    sample.write_text(source, encoding="utf-8")
    return sample


CLIENT_MAY_USE_FROM_SERVER = frozenset(
    {
        "server.host",
        "server.local",
        "server.unfinished",
        "server.engine.bots",
        "server.engine.bots.coach",
        "server.records",
    }
)
"""The in-process host (its config, its thread, the unfinished table it may resume) and
the computer players; and for the replay viewer, the pure engine's replay of a record
(server/records.py: no I/O, only the engine's table) and its coach, which runs the strong
player on a recorded seat's views.
Protocol constants, keys, logs and the like come from `shared` and `machine`."""


def server_modules_used(files: list[Path]) -> dict[str, list[str]]:
    """Each `server` module these files import -> where (file:line)."""
    used: dict[str, list[str]] = {}
    for path in files:
        for line, module in _full_imports(path):
            if module == "server" or module.startswith("server."):
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
                used.setdefault(module, []).append(f"{where}:{line}")
    return used


def test_the_client_imports_the_server_only_to_host_and_for_bots() -> None:
    used = server_modules_used(_python_files("client"))
    assert "server.local" in used  # the walk found the in-process host
    extra = {m: w for m, w in used.items() if m not in CLIENT_MAY_USE_FROM_SERVER}
    allowed = sorted(CLIENT_MAY_USE_FROM_SERVER)
    assert not extra, f"client/ imports from server/ beyond {allowed}: {extra}"


def test_the_client_check_names_other_server_modules(tmp_path: Path) -> None:
    sample = _sample_file(
        tmp_path,
        "from server.local import LocalHost\nfrom server.store import ScoreStore\n"
        "from server import host as h\n",
    )
    used = server_modules_used([sample])
    assert sorted(m for m in used if m not in CLIENT_MAY_USE_FROM_SERVER) == [
        "server",
        "server.store",
    ]


ENGINE = "server/engine"
ENGINE_STDLIB = frozenset(
    {
        "__future__",
        "collections",
        "copy",  # HandTable.__deepcopy__ (a compiled table is copied by hand)
        "dataclasses",
        "enum",
        "functools",
        "itertools",
        "math",
        "operator",
        "random",
        "typing",
    }
)
"""The standard library's pure modules: the engine has no sockets, threads, files, clocks,
processes or logging (so no `time`, `threading`, `socket`, `asyncio`, `os`, `io`,
`pathlib`, `subprocess`, `concurrent`, `logging`, …)."""


def _full_imports(path: Path) -> list[tuple[int, str]]:
    """(line, dotted module) for every absolute import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def engine_import_problems(files: list[Path]) -> list[str]:
    """What in these files the pure engine may not import: anything but `shared`, the
    engine itself, msgspec and the pure standard modules above."""
    problems = []
    for path in files:
        for line, module in _full_imports(path):
            top = module.split(".")[0]
            inside = module == "server.engine" or module.startswith("server.engine.")
            if inside or top in ("shared", "msgspec") or top in ENGINE_STDLIB:
                continue
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            problems.append(f"{where}:{line} imports {module!r}")
    return problems


def test_the_engine_is_pure() -> None:
    files = sorted((ROOT / ENGINE).rglob("*.py"))
    assert ROOT / ENGINE / "table.py" in files and ROOT / ENGINE / "bots" / "base.py" in files
    problems = engine_import_problems(files)
    assert not problems, "server/engine must stay pure (see ENGINE_STDLIB); found:\n" + "\n".join(
        problems
    )


def test_the_engine_check_catches_io(tmp_path: Path) -> None:
    """The check above can fail: a file of the engine's that reaches for a clock, a
    thread, the host or a socket library is named with each import."""
    sample = _sample_file(
        tmp_path,
        "import time\nimport threading\nfrom server.host import Host\nimport zmq\n"
        "from server.engine.table import HandTable\nimport random\n",
    )
    problems = engine_import_problems([sample])
    assert [p.rsplit(" imports ", 1)[1] for p in problems] == [
        "'time'",
        "'threading'",
        "'server.host'",
        "'zmq'",
    ]


def test_no_test_helper_shadows_a_package() -> None:
    """Scripts in tests/support/ run as processes with that folder first on sys.path, so a
    helper named like a package (`client.py`) would be imported in its place."""
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").is_file()}
    assert {"shared", "machine", "server", "client"} <= packages
    helpers = {p.stem for p in (ROOT / "tests" / "support").glob("*.py")}
    assert "net" in helpers
    assert not helpers & packages, sorted(helpers & packages)
