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
import yaml
from yamllint import linter
from yamllint.config import YamlLintConfig

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "ci.yml"
CI_RUN = ROOT / ".ci" / "run"

CURRENT_RUNNERS = frozenset(
    {
        "ubuntu-latest",
        "ubuntu-24.04",
        "ubuntu-22.04",
        "ubuntu-24.04-arm",
        "ubuntu-22.04-arm",
        "windows-latest",
        "windows-2025",
        "windows-2022",
        "windows-11-arm",
        "macos-latest",
        "macos-15",
        "macos-15-intel",
        "macos-26",
        "macos-26-intel",
    }
)
"""GitHub-hosted runner images that exist today (actions/runner-images). When GitHub adds
one, add it here; when it retires one, move it to RETIRED_RUNNERS."""
RETIRED_RUNNERS = frozenset({"macos-13", "macos-14", "ubuntu-20.04", "windows-2019"})
"""Retired images: a job on one of them never starts (macos-14 went on 2026-11-02,
actions/runner-images#13518)."""
NODE24_MAJORS = {
    "checkout": 5,
    "setup-python": 6,
    "upload-artifact": 6,
    "download-artifact": 7,
}
"""The first major of each action we use that runs on Node 24 (Node 20 was removed from
the runners on 2026-09-16). An actions/ action not listed here fails the check: add it."""
MATRIX_EXPRESSION = re.compile(r"^\$\{\{\s*matrix\.([A-Za-z_][\w-]*)\s*\}\}$")
ACTION = re.compile(r"^actions/(?P<name>[\w.-]+)@v(?P<major>\d+)(?:\.\d+){0,2}$")


def load(path: Path) -> dict[Any, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    return load(WORKFLOW)


def job_runners(job: dict[str, Any]) -> list[str]:
    """Every runner image a job may run on: its `runs-on` labels, with `${{ matrix.X }}`
    read from the job's matrix (its X list and every `include` entry's X)."""
    runs_on = job["runs-on"]
    labels = runs_on if isinstance(runs_on, list) else [runs_on]
    images = []
    for label in labels:
        found = MATRIX_EXPRESSION.match(str(label).strip())
        if found is None:
            assert "${{" not in str(label), f"cannot check the runner expression {label!r}"
            images.append(str(label))
            continue
        matrix = job.get("strategy", {}).get("matrix", {})
        key = found.group(1)
        values = list(matrix.get(key, []))
        values += [entry[key] for entry in matrix.get("include", []) if key in entry]
        assert values, f"{label!r}: the matrix has no {key!r}"
        images += [str(value) for value in values]
    return images


def runner_images(workflow: dict[Any, Any]) -> dict[str, list[str]]:
    """Each job's runner images, by job id."""
    return {name: job_runners(job) for name, job in workflow["jobs"].items()}


def runner_problems(workflow: dict[Any, Any]) -> list[str]:
    """Runner images that are retired or not (or no longer) a GitHub-hosted image."""
    problems = []
    for name, images in runner_images(workflow).items():
        for image in images:
            if image in RETIRED_RUNNERS:
                problems.append(f"job {name}: {image} is a retired runner image")
            elif image not in CURRENT_RUNNERS:
                problems.append(f"job {name}: {image} is not a current GitHub-hosted image")
    return problems


def action_uses(workflow: dict[Any, Any]) -> list[str]:
    """Every `uses:` of every step of every job."""
    return [
        step["uses"]
        for job in workflow["jobs"].values()
        for step in job.get("steps", [])
        if "uses" in step
    ]


def action_problems(workflow: dict[Any, Any]) -> list[str]:
    """actions/ actions not pinned to a major that runs on Node 24."""
    problems = []
    for uses in action_uses(workflow):
        if not uses.startswith("actions/"):
            continue
        found = ACTION.match(uses)
        if found is None:
            problems.append(f"{uses}: not actions/NAME@vN, so its Node version is unknown")
        elif found["name"] not in NODE24_MAJORS:
            problems.append(f"{uses}: add the first Node 24 major of {found['name']} here")
        elif int(found["major"]) < NODE24_MAJORS[found["name"]]:
            wanted = NODE24_MAJORS[found["name"]]
            problems.append(f"{uses}: runs on Node 20 or older; v{wanted} is the first on 24")
    return problems


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
