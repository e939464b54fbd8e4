"""Refresh the release lock: every package a release build installs, pinned with its hashes,
one file for all four builds, so a tag builds with the same versions on every OS and whenever
it is built (.github/workflows/release.yml installs it with --require-hashes).

    pip install uv && python build_scripts/lock_release.py

uv resolves the runtime dependencies and the build extra for the release Python, on every
OS at once (--universal), within build_scripts/release-constraints.txt; then, for each of
the four release targets, checks every locked version has a wheel there, so no build leg
compiles a package from source. Exit status 1 naming the target and the package otherwise.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = "build_scripts/release-lock.txt"
CONSTRAINTS = "build_scripts/release-constraints.txt"
RELEASE_PYTHON = "3.12"
"""The Python the release builds run on (release.yml's setup-python); the lock is for it."""
TARGETS = {
    "windows-x64": "x86_64-pc-windows-msvc",
    "macos-arm64": "aarch64-apple-darwin",
    "macos-x86_64": "x86_64-apple-darwin",
    # ubuntu-22.04: glibc 2.35.
    "linux-x86_64": "x86_64-manylinux_2_35",
}
"""Each release build (release.yml's matrix names) and uv's name for its platform."""
COMMAND = "python build_scripts/lock_release.py"


def _uv(*args: str) -> subprocess.CompletedProcess[str]:
    uv = shutil.which("uv")
    if uv is None:
        raise SystemExit("lock_release: uv not found; pip install uv")
    return subprocess.run([uv, *args], cwd=ROOT, capture_output=True, text=True, check=False)


def lock() -> None:
    """Write the universal lock with hashes."""
    done = _uv(
        "pip", "compile", "pyproject.toml", "--extra", "build",
        "--universal", "--python-version", RELEASE_PYTHON, "--generate-hashes",
        "--constraints", CONSTRAINTS, "--upgrade", "--custom-compile-command", COMMAND,
        "--output-file", LOCK, "--quiet",
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"lock_release: uv could not resolve the release lock:\n{done.stderr}")


def wheel_problems() -> list[str]:
    """Each target on which some locked version has no wheel, with uv's reason."""
    problems = []
    for name, platform in TARGETS.items():
        done = _uv(
            "pip", "compile", LOCK, "--no-deps", "--only-binary", ":all:",
            "--python-version", RELEASE_PYTHON, "--python-platform", platform,
            "--quiet",
        )  # fmt: skip
        if done.returncode != 0:
            problems.append(f"{name} ({platform}): {done.stderr.strip()}")
    return problems


def main() -> int:
    lock()
    problems = wheel_problems()
    for problem in problems:
        print(f"lock_release: no wheel on {problem}", file=sys.stderr)
    if problems:
        print(f"lock_release: pin a version with wheels in {CONSTRAINTS}", file=sys.stderr)
        return 1
    print(f"lock_release: wrote {LOCK}; every version has a wheel on {', '.join(TARGETS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
