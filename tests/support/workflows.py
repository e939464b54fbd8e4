"""Checks of a GitHub workflow that the CI and the release workflow tests share: GitHub
retires runner images and the Node versions actions run on, and a workflow naming a
retired one fails (or never starts) on GitHub, which no local run of the tests would show."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

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
