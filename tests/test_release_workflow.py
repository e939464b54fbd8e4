"""The release workflow is valid YAML, lint-clean, and builds, self-tests and ships every OS,
on runner images and action versions GitHub still runs (checks from tests/support/workflows.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from yamllint import linter
from yamllint.config import YamlLintConfig

from tests.support.workflows import action_problems, action_uses, load, runner_problems

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
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


def test_each_build_installs_the_build_extra_then_builds_and_self_tests(workflow: dict[Any, Any]):
    runs = [step.get("run", "") for step in _steps(workflow, "build")]
    install = next(i for i, run in enumerate(runs) if '".[build]"' in run)
    build = next(i for i, run in enumerate(runs) if "build_scripts/build.py --no-check" in run)
    self_test = next(
        i for i, run in enumerate(runs) if "build_scripts/build.py --check-only" in run
    )
    assert install < build < self_test


def test_each_build_compiles_the_engine_before_bundling_it(workflow: dict[Any, Any]):
    import tomllib

    runs = [step.get("run", "") for step in _steps(workflow, "build")]
    install = next(i for i, run in enumerate(runs) if '".[build]"' in run)
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
