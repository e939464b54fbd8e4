"""The release workflow is valid YAML, lint-clean, and builds, self-tests and ships every OS,
on runner images and action versions GitHub still runs (checks from tests/support/workflows.py);
each build installs from the hash-checked lock, and the release stays a draft until all four
archives and their SHA256SUMS are on it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from yamllint import linter
from yamllint.config import YamlLintConfig

from tests.support.workflows import action_problems, action_uses, load, runner_problems

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
LOCK = ROOT / "build_scripts" / "release-lock.txt"
LOCK_INSTALL = "python -m pip install --require-hashes --no-deps"
INTEL_MAC_RUNNERS = {"macos-15-intel", "macos-26-intel"}
ARM_MAC_RUNNERS = {"macos-15", "macos-26", "macos-latest"}


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    return load(WORKFLOW)


def _build_runners(workflow: dict[Any, Any]) -> list[str]:
    matrix = workflow["jobs"]["build"]["strategy"]["matrix"]
    return [entry["os"] for entry in matrix["include"]]


def _steps(workflow: dict[Any, Any], job: str) -> list[dict[str, Any]]:
    return workflow["jobs"][job]["steps"]


def _runs(workflow: dict[Any, Any], job: str) -> list[str]:
    """Each step's shell script, line continuations joined."""
    return [step.get("run", "").replace("\\\n", " ") for step in _steps(workflow, job)]


def _first(runs: list[str], *words: str) -> int:
    """The first step whose script holds every one of `words`."""
    found = [
        i for i, run in enumerate(runs) if all(word in " ".join(run.split()) for word in words)
    ]
    assert found, f"no step runs {words}"
    return found[0]


def _locked() -> dict[str, str]:
    """Package name: version, from the release lock."""
    text = LOCK.read_text(encoding="utf-8")
    return dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)", text, re.MULTILINE))


def test_yamllint_accepts_the_workflow():
    problems = list(
        linter.run(WORKFLOW.read_text(encoding="utf-8"), YamlLintConfig("extends: default"))
    )
    assert problems == [], "\n".join(f"{p.line}:{p.column} {p.desc} ({p.rule})" for p in problems)


def test_it_runs_on_a_version_tag(workflow: dict[Any, Any]):
    # Quoted "on" in the file: unquoted, YAML 1.1 parsers read the key as True.
    assert "on" in workflow
    assert workflow["on"]["push"]["tags"] == ["v*"]


def test_a_maintainer_can_run_the_whole_build_without_a_tag(workflow: dict[Any, Any]):
    assert "workflow_dispatch" in workflow["on"]
    # Only attaching to a release needs a tag; the builds and self-tests run either way.
    assert "if" not in workflow["jobs"]["build"]
    assert workflow["jobs"]["release"]["if"] == "startsWith(github.ref, 'refs/tags/')"


def test_every_runner_is_a_current_github_hosted_image(workflow: dict[Any, Any]):
    assert runner_problems(workflow) == []


def test_every_action_runs_on_node_24(workflow: dict[Any, Any]):
    assert action_uses(workflow), "no actions found: the check would pass on anything"
    assert action_problems(workflow) == []


def test_it_builds_on_windows_both_macs_and_linux(workflow: dict[Any, Any]):
    runners = _build_runners(workflow)
    assert len(runners) == 4
    assert any(r.startswith("windows-") for r in runners)
    assert any(r.startswith("ubuntu-") for r in runners)
    assert INTEL_MAC_RUNNERS & set(runners), runners
    assert ARM_MAC_RUNNERS & set(runners), runners
    assert workflow["jobs"]["build"]["runs-on"] == "${{ matrix.os }}"
    assert workflow["jobs"]["build"]["strategy"]["fail-fast"] is False


def test_each_build_installs_the_lock_then_builds_and_self_tests(workflow: dict[Any, Any]):
    runs = _runs(workflow, "build")
    install = _first(runs, LOCK_INSTALL, "-r build_scripts/release-lock.txt")
    build = next(i for i, run in enumerate(runs) if "build_scripts/build.py --no-check" in run)
    self_test = next(
        i for i, run in enumerate(runs) if "build_scripts/build.py --check-only" in run
    )
    assert install < build < self_test


def test_each_build_compiles_the_engine_before_bundling_it(workflow: dict[Any, Any]):
    import tomllib

    runs = _runs(workflow, "build")
    install = _first(runs, LOCK_INSTALL, "-r build_scripts/release-lock.txt")
    compile_ = next(i for i, run in enumerate(runs) if "build_scripts/compile.py" in run)
    build = next(i for i, run in enumerate(runs) if "build_scripts/build.py --no-check" in run)
    assert install < compile_ < build
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.startswith("mypy") for d in project["optional-dependencies"]["build"])


def test_the_archives_are_uploaded_and_attached_to_the_release(workflow: dict[Any, Any]):
    upload = next(s for s in _steps(workflow, "build") if "upload-artifact" in s.get("uses", ""))
    assert "dist/*.zip" in upload["with"]["path"]
    assert "dist/*.tar.gz" in upload["with"]["path"]
    # Zipped (the default), so download-artifact unzips every build into one folder.
    assert upload["with"].get("archive", True) is True
    release = workflow["jobs"]["release"]
    download = next(s for s in release["steps"] if "download-artifact" in s.get("uses", ""))
    assert download["with"] == {"path": "archives", "merge-multiple": True}
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/')"
    assert release["permissions"] == {"contents": "write"}
    script = "\n".join(step.get("run", "") for step in release["steps"])
    assert "gh release upload" in script
    assert "archives/*" in script


def test_the_build_extra_asks_for_a_pyinstaller_with_unique_mac_identities_and_fonttools():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    build = project["optional-dependencies"]["build"]
    assert "pyinstaller>=6.13" in build
    assert any(dependency.startswith("fonttools") for dependency in build)  # the font check


def test_every_build_installs_only_what_the_lock_pins_by_hash(workflow: dict[Any, Any]):
    runs = _runs(workflow, "build")
    installs = [
        line.strip()
        for run in runs
        for line in " ".join(run.split("\\\n")).splitlines()
        if "pip install" in line
    ]
    # The lock with hashes; the game itself without resolving anything, built with the
    # locked setuptools rather than whatever an isolated build would fetch.
    wanted = f"{LOCK_INSTALL} -r build_scripts/release-lock.txt"
    assert " ".join(installs[0].split()) == wanted, installs
    assert installs[1:] == ["python -m pip install --no-deps --no-build-isolation -e ."]


def test_the_lock_has_a_hash_for_every_pin_and_holds_the_game_s_needs():
    text = LOCK.read_text(encoding="utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
    pins = [block for block in blocks if "==" in block.split("\n", 1)[0]]
    assert pins and all("--hash=sha256:" in block for block in pins)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = (
        project["project"]["dependencies"] + project["project"]["optional-dependencies"]["build"]
    )
    needed += project["build-system"]["requires"]
    locked = {canonicalize_name(name): version for name, version in _locked().items()}
    for requirement in map(Requirement, needed):
        # A floor raised in pyproject.toml without refreshing the lock fails here.
        version = locked.get(canonicalize_name(requirement.name))
        assert version is not None, f"{requirement} is not in the lock"
        assert requirement.specifier.contains(version), f"locked {version}, not {requirement}"


def test_the_lock_is_for_the_python_the_builds_run(workflow: dict[Any, Any]):
    setups = [s for s in _steps(workflow, "build") if "setup-python" in s.get("uses", "")]
    assert len(setups) == 1
    script = (ROOT / "build_scripts" / "lock_release.py").read_text(encoding="utf-8")
    assert f'RELEASE_PYTHON = "{setups[0]["with"]["python-version"]}"' in script


def test_zeroconf_is_held_at_a_version_with_a_wheel_for_every_build():
    # 0.149 and later have no macOS x86_64 wheel: the Intel build compiled them from source.
    constraints = (ROOT / "build_scripts" / "release-constraints.txt").read_text(encoding="utf-8")
    assert re.search(r"^zeroconf==0\.148\.0$", constraints, re.MULTILINE)
    assert _locked()["zeroconf"] == "0.148.0"


def test_every_build_caches_pip_keyed_on_the_lock(workflow: dict[Any, Any]):
    (setup,) = (s for s in _steps(workflow, "build") if "setup-python" in s.get("uses", ""))
    assert setup["with"]["cache"] == "pip"
    assert setup["with"]["cache-dependency-path"] == "build_scripts/release-lock.txt"


def test_a_release_run_is_never_cancelled_by_another(workflow: dict[Any, Any]):
    concurrency = workflow["concurrency"]
    assert "github.ref" in concurrency["group"]
    assert concurrency["cancel-in-progress"] is False


def test_the_release_is_a_draft_until_archives_and_sums_are_up_then_published(
    workflow: dict[Any, Any],
):
    release = workflow["jobs"]["release"]
    # Only after every build leg passed: no always() or failure() to publish a partial one.
    assert release["needs"] == "build"
    assert "always()" not in release["if"] and "failure()" not in release["if"]
    assert all("if" not in step for step in release["steps"])
    runs = _runs(workflow, "release")
    sums = _first(runs, "sha256sum", "archives", "> SHA256SUMS")
    draft = _first(runs, "gh release create", "--draft")
    upload = _first(runs, "gh release upload", "archives/*", "SHA256SUMS")
    publish = _first(runs, "gh release edit", "--draft=false")
    assert sums < upload and draft < upload < publish == len(runs) - 1
    assert "gh release create" not in " ".join(runs[upload:])  # never created published


def test_sha256sums_covers_exactly_the_four_archives(workflow: dict[Any, Any]):
    runs = _runs(workflow, "release")
    script = runs[_first(runs, "sha256sum", "> SHA256SUMS")]
    assert "-ne 4" in script  # the four builds' archives, or no release
    assert "(cd archives && sha256sum -- *) > SHA256SUMS" in script
