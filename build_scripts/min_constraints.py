"""Pin every runtime dependency at the floor pyproject.toml declares: the constraints file
.ci/run's minimum-versions leg installs with, so a floor is a version the suite has passed on.

    python build_scripts/min_constraints.py            # write build_scripts/min-constraints.txt
    python build_scripts/min_constraints.py --check    # exit 1 if the file is not what it'd write

Each dependency of [project].dependencies must name its floor (`>=X`); one without stops
the script, naming it, since an unbounded dependency would go untested at its oldest.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
CONSTRAINTS = ROOT / "build_scripts" / "min-constraints.txt"
HEADER = """\
# Every runtime dependency at the floor pyproject.toml declares ([project].dependencies):
# .ci/run's minimum-versions leg installs the game with these constraints and runs the suite.
# Written by `python build_scripts/min_constraints.py`: change a floor in pyproject.toml, then
# run it.
"""


def floor_pin(dependency: str) -> str:
    """`name==floor` (with the dependency's marker) for one `name>=floor` requirement."""
    requirement = Requirement(dependency)
    floors = [spec.version for spec in requirement.specifier if spec.operator == ">="]
    if len(floors) != 1:
        raise ValueError(
            f"dependency {dependency!r} needs exactly one floor (>=X) to be pinned at, "
            f"found {len(floors)}"
        )
    pin = f"{requirement.name}=={floors[0]}"
    return f"{pin} ; {requirement.marker}" if requirement.marker else pin


def constraints_text(pyproject: str) -> str:
    """The constraints file for the runtime dependencies of a pyproject.toml's text."""
    dependencies = tomllib.loads(pyproject)["project"]["dependencies"]
    return HEADER + "".join(f"{floor_pin(dependency)}\n" for dependency in dependencies)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="only compare the committed file with pyproject"
    )
    args = parser.parse_args(argv)
    try:
        wanted = constraints_text(PYPROJECT.read_text(encoding="utf-8"))
    except ValueError as error:
        print(f"min_constraints: {error}", file=sys.stderr)
        return 1
    relative = CONSTRAINTS.relative_to(ROOT)
    if args.check:
        if not CONSTRAINTS.exists() or CONSTRAINTS.read_text(encoding="utf-8") != wanted:
            print(
                f"min_constraints: {relative} does not match pyproject.toml's floors; "
                "run python build_scripts/min_constraints.py",
                file=sys.stderr,
            )
            return 1
        print(f"min_constraints: {relative} matches pyproject.toml")
        return 0
    CONSTRAINTS.write_text(wanted, encoding="utf-8")
    print(f"min_constraints: wrote {relative}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
