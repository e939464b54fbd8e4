"""The CI workflow is valid YAML, lint-clean, runs .ci/run on every push and pull request,
and keeps the screenshots .ci/run has the tests save, even when the run fails; a second job
runs the README's test command on Windows and macOS.

The runner-image and action-version checks here are shared with tests/test_release_workflow.py:
GitHub retires runner images and the Node versions actions run on, and a workflow naming a
retired one fails (or never starts) on GitHub, which no local run of the tests would show.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from yamllint import linter
from yamllint.config import YamlLintConfig

from tests.support.workflows import (
    action_problems,
    action_uses,
    job_runners,
    load,
    runner_problems,
)

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
CI_RUN = ROOT / ".ci" / "run"

@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    return load(WORKFLOW)


def readme_test_command() -> str:
    """The command under the README's "## Test" heading."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Test\n+```sh\n(?P<command>[^\n]+)\n```", readme, re.MULTILINE)
    assert found, "README.md has no ## Test section with one command"
    return found["command"].strip()


def linux_job(workflow: dict[Any, Any]) -> dict[str, Any]:
    """The job that runs .ci/run."""
    (job,) = (
        job
        for job in workflow["jobs"].values()
        if any(step.get("run", "").strip() == "bash .ci/run" for step in job["steps"])
    )
    return job


def steps(workflow: dict[Any, Any]) -> list[dict[str, Any]]:
    return linux_job(workflow)["steps"]


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


def test_it_runs_on_every_push_and_pull_request(workflow: dict[Any, Any]) -> None:
    assert "push" in workflow["on"] and "pull_request" in workflow["on"]
    assert workflow["on"]["push"] is None  # every branch and tag


def test_it_runs_ci_run_on_ubuntu(workflow: dict[Any, Any]) -> None:
    images = job_runners(linux_job(workflow))
    assert images and all(image.startswith("ubuntu-") for image in images), images


def test_every_runner_is_a_current_github_hosted_image(workflow: dict[Any, Any]) -> None:
    assert runner_problems(workflow) == []


def test_every_action_runs_on_node_24(workflow: dict[Any, Any]) -> None:
    assert action_uses(workflow), "no actions found: the check would pass on anything"
    assert action_problems(workflow) == []


def test_the_readme_test_command_runs_on_windows_and_macos(workflow: dict[Any, Any]) -> None:
    command = readme_test_command()
    assert "python -m pytest" in command, command
    jobs = [
        job
        for job in workflow["jobs"].values()
        if any(step.get("run", "").strip() == command for step in job.get("steps", []))
    ]
    assert jobs, f"no job runs the README's test command {command!r} as a step"
    images = {image for job in jobs for image in job_runners(job)}
    assert any(image.startswith("windows-") for image in images), images
    assert any(image.startswith("macos-") for image in images), images
    for job in jobs:
        # One OS failing must not cancel the other; a hung test must not hold a runner.
        assert job.get("strategy", {}).get("fail-fast") is False
        assert 0 < job["timeout-minutes"] <= 60
        assert job.get("defaults", {}).get("run", {}).get("shell") == "bash"  # `&&` on Windows
        assert job["env"]["SDL_VIDEODRIVER"] == "dummy"
        assert job["env"]["SDL_AUDIODRIVER"] == "dummy"
        uses = [step.get("uses", "").split("@")[0] for step in job["steps"]]
        runs = [step.get("run", "").strip() for step in job["steps"]]
        setup = job["steps"][uses.index("actions/setup-python")]
        assert setup["with"]["python-version"] == "3.12"
        assert uses.index("actions/checkout") < uses.index("actions/setup-python")
        assert uses.index("actions/setup-python") < runs.index(command)


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
