"""The CI workflow is valid YAML, lint-clean, runs .ci/run on every push and pull request
(and by hand) on Python 3.12 and the newest Python pyproject.toml classifies, and keeps the
screenshots .ci/run has the tests save, even when the run fails; a job runs .ci/run's
minimum-versions leg on the oldest supported Python; another runs the README's test command
on Windows and macOS.

The runner-image and action-version checks here are shared with tests/test_release_workflow.py:
GitHub retires runner images and the Node versions actions run on, and a workflow naming a
retired one fails (or never starts) on GitHub, which no local run of the tests would show.
"""

from __future__ import annotations

import re
import tomllib
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


def ci_run_job(workflow: dict[Any, Any], command: str) -> dict[str, Any]:
    """The one job that runs .ci/run as `command`."""
    (job,) = (
        job
        for job in workflow["jobs"].values()
        if any(step.get("run", "").strip() == command for step in job["steps"])
    )
    return job


def linux_job(workflow: dict[Any, Any]) -> dict[str, Any]:
    """The job that runs .ci/run's main legs (all but the minimum-versions one)."""
    return ci_run_job(workflow, "bash .ci/run main")


def project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def classified_pythons() -> list[tuple[int, int]]:
    """The Python 3.X versions pyproject.toml's classifiers name, oldest first."""
    found = (
        re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", classifier)
        for classifier in project()["classifiers"]
    )
    return sorted((3, int(match[1])) for match in found if match)


def setup_python(job: dict[str, Any]) -> dict[str, Any]:
    (step,) = (s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python@"))
    return step


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


def test_a_maintainer_can_run_it_by_hand(workflow: dict[Any, Any]) -> None:
    assert "workflow_dispatch" in workflow["on"]


def test_a_newer_push_to_the_same_ref_cancels_the_older_run(workflow: dict[Any, Any]) -> None:
    concurrency = workflow["concurrency"]
    assert "github.ref" in concurrency["group"]
    assert concurrency["cancel-in-progress"] is True


def test_every_job_caches_pip_keyed_on_what_it_installs(workflow: dict[Any, Any]) -> None:
    for name, job in workflow["jobs"].items():
        setup = setup_python(job)["with"]
        assert setup.get("cache") == "pip", name
        assert "pyproject.toml" in setup.get("cache-dependency-path", ""), name


def test_the_linux_matrix_runs_3_12_and_the_newest_classified_python(
    workflow: dict[Any, Any],
) -> None:
    pythons = classified_pythons()
    assert pythons[-1] >= (3, 14), "classify the newest Python the dependencies have wheels for"
    job = linux_job(workflow)
    assert setup_python(job)["with"]["python-version"] == "${{ matrix.python }}"
    newest = ".".join(map(str, pythons[-1]))
    assert set(job["strategy"]["matrix"]["python"]) == {"3.12", newest}
    assert job["strategy"]["fail-fast"] is False


def test_the_floors_run_on_the_oldest_supported_python(workflow: dict[Any, Any]) -> None:
    job = ci_run_job(workflow, "bash .ci/run floors")
    images = job_runners(job)
    assert images and all(image.startswith("ubuntu-") for image in images), images
    oldest = project()["requires-python"].removeprefix(">=")
    assert setup_python(job)["with"]["python-version"] == oldest == "3.11"
    assert classified_pythons()[0] == (3, 11)
    cached_on = setup_python(job)["with"]["cache-dependency-path"]
    assert "build_scripts/min-constraints.txt" in cached_on


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
