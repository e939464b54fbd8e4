"""The minimum-versions constraints (build_scripts/min-constraints.txt) pin every runtime
dependency at the floor pyproject.toml declares, and .ci/run's minimum-versions leg runs the
suite with them: a floor nobody ran is how `pyzmq>=25` and `msgspec>=0.18` went wrong."""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "build_scripts" / "min-constraints.txt"
CI_RUN = ROOT / ".ci" / "run"


def _load() -> ModuleType:
    path = ROOT / "build_scripts" / "min_constraints.py"
    spec = importlib.util.spec_from_file_location("build_scripts_min_constraints", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


min_constraints = _load()


def _pins() -> dict[str, str]:
    lines = CONSTRAINTS.read_text(encoding="utf-8").splitlines()
    pairs = [line.split("==") for line in lines if line and not line.startswith("#")]
    return {name.strip(): version.strip() for name, version in pairs}


def test_every_runtime_dependency_is_pinned_at_its_declared_floor() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {}
    for dependency in project["dependencies"]:
        found = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9][0-9.]*)", dependency)
        assert found, f"{dependency!r} does not declare a plain floor"
        declared[found[1]] = found[2]
    assert _pins() == declared


def test_the_committed_file_is_what_the_script_writes() -> None:
    # Drift: a floor raised in pyproject.toml without running the script.
    assert min_constraints.main(["--check"]) == 0


def test_no_floor_is_below_the_lowest_version_the_suite_passed_on() -> None:
    # Below these: pyzmq 25 cannot read a connection's CurveZMQ key (the self-test's host
    # refuses every bot), before msgspec 0.21 ValidationError is not a ValueError, and
    # pygame-ce 2.4 has no empty Rect() (the leave question's box).
    pins = _pins()
    assert Version(pins["pyzmq"]) >= Version("26")
    assert Version(pins["msgspec"]) >= Version("0.21")
    assert Version(pins["pygame-ce"]) >= Version("2.5")


def test_a_pin_is_the_floor_with_its_marker() -> None:
    assert min_constraints.floor_pin("msgspec>=0.21") == "msgspec==0.21"
    assert min_constraints.floor_pin("pyzmq<28,>=26.0.1") == "pyzmq==26.0.1"
    assert (
        min_constraints.floor_pin('pywin32>=306; sys_platform == "win32"')
        == 'pywin32==306 ; sys_platform == "win32"'
    )


@pytest.mark.parametrize("dependency", ["zeroconf", "zeroconf<1", "zeroconf==0.148"])
def test_a_dependency_without_a_floor_is_refused_by_name(dependency: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(dependency))):
        min_constraints.floor_pin(dependency)


def test_ci_run_runs_the_suite_with_the_floors() -> None:
    script = CI_RUN.read_text(encoding="utf-8")
    assert "-c build_scripts/min-constraints.txt" in script
    assert "build_scripts/min_constraints.py --check" in script
