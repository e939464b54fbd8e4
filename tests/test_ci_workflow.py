"""The CI workflow is valid YAML, lint-clean, runs .ci/run on every push and pull request,
and keeps the screenshots .ci/run has the tests save, even when the run fails."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from yamllint import linter
from yamllint.config import YamlLintConfig

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
CI_RUN = ROOT / ".ci" / "run"


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    (job,) = workflow["jobs"].values()
    return job["steps"]


def screenshot_dir() -> str:
    """The folder .ci/run tells the tests to save screenshots in, relative to the root."""
    found = re.search(r'GDMJ_SCREENSHOT_DIR="\$PWD/([^"]+)"', CI_RUN.read_text(encoding="utf-8"))
    assert found, ".ci/run does not set GDMJ_SCREENSHOT_DIR under the checkout"
    return found.group(1)


def test_yamllint_accepts_the_workflow() -> None:
    problems = list(
        linter.run(WORKFLOW.read_text(encoding="utf-8"), YamlLintConfig("extends: default"))
    )
    assert problems == [], "\n".join(f"{p.line}:{p.column} {p.desc} ({p.rule})" for p in problems)


def test_it_runs_on_every_push_and_pull_request_on_ubuntu(workflow: dict[Any, Any]) -> None:
    assert "push" in workflow["on"] and "pull_request" in workflow["on"]
    assert workflow["on"]["push"] is None  # every branch and tag
    (job,) = workflow["jobs"].values()
    assert job["runs-on"].startswith("ubuntu-")


def test_it_runs_ci_run(workflow: dict[Any, Any]) -> None:
    assert any(step.get("run", "").strip() == "bash .ci/run" for step in steps(workflow))


def test_it_uploads_the_screenshots_after_ci_run_even_when_it_fails(
    workflow: dict[Any, Any],
) -> None:
    all_steps = steps(workflow)
    run = next(i for i, s in enumerate(all_steps) if "bash .ci/run" in s.get("run", ""))
    upload = next(i for i, s in enumerate(all_steps) if "upload-artifact" in s.get("uses", ""))
    assert run < upload
    step = all_steps[upload]
    assert step["if"] == "always()"
    assert step["with"]["path"].rstrip("/") == screenshot_dir().rstrip("/")


def test_the_screenshot_folder_is_git_ignored() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    folder = screenshot_dir()
    assert any(folder.startswith(entry.strip("/")) for entry in ignored if entry.endswith("/"))
