"""Compile the engine's hot modules with mypyc, beside their sources: the accelerator.

    python build_scripts/compile.py            # build the extension modules in place
    python build_scripts/compile.py --clean    # remove them: back to pure Python

Needs mypy (which brings mypyc: the test extra has it) and a C compiler. The `.py` files
stay the only source: the modules of `shared.accelerator.COMPILED_MODULES` are copied to a
temporary folder, compiled there (mypyc, then setuptools' build_ext), and the extension
modules copied back beside their sources, with mypyc's runtime library of the group
(`shared/accelerator_rt__mypyc*`) and a manifest of the sources' digests
(`shared/accelerator_build.json`), by which `shared.accelerator` tells a build that no
longer matches its sources. Git ignores all three. Python imports an extension module in
preference to the source of the same name; remove them (`--clean`) and the same modules
run as pure Python. Prints what it built and how long it took; exit status 0 only when
every module was built.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.accelerator import (  # noqa: E402
    COMPILED_MODULES,
    GROUP,
    MANIFEST,
    built_files,
    source_digests,
)

PACKAGES = ("shared", "server")
"""What mypyc reads to type the compiled modules (their imports stay inside these)."""
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="gdmj-accelerator",
    ext_modules=mypycify(sys.argv[3:], group_name=sys.argv[2], opt_level="3"),
    script_args=["build_ext", "--inplace", "--parallel", sys.argv[1]],
)
"""


def clean(root: Path) -> list[Path]:
    """Remove a build from `root`; the files removed."""
    gone = built_files(root)
    for path in gone:
        path.unlink()
    return gone


def build(root: Path, jobs: int) -> list[Path]:
    """Compile COMPILED_MODULES of `root` in a temporary copy; the files put beside them."""
    clean(root)
    with tempfile.TemporaryDirectory(prefix="gdmj-compile-") as tmp:
        work = Path(tmp)
        for package in PACKAGES:
            shutil.copytree(
                root / package, work / package, ignore=shutil.ignore_patterns("__pycache__")
            )
        sources = [name.replace(".", "/") + ".py" for name in COMPILED_MODULES]
        # No pyproject.toml in the folder: setuptools reads only the arguments.
        subprocess.run(
            [sys.executable, "-c", _SETUP, str(jobs), GROUP, *sources], cwd=work, check=True
        )
        made = built_files(work)
        expected = len(COMPILED_MODULES) + 1  # and the group's runtime library
        if len(made) != expected:
            names = ", ".join(str(p.relative_to(work)) for p in made)
            raise SystemExit(f"compile: expected {expected} extension modules, got: {names}")
        out = []
        for path in made:
            target = root / path.relative_to(work)
            shutil.copy2(path, target)
            out.append(target)
    (root / MANIFEST).write_text(source_digests(root) + "\n")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--jobs", type=int, default=2, help="C compilers run at once (2)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the source tree (this one)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if args.clean:
        gone = clean(root)
        print(f"compile: removed {len(gone)} files; the engine runs as pure Python")
        return 0
    started = time.perf_counter()
    made = build(root, args.jobs)
    took = time.perf_counter() - started
    for path in made:
        print(f"  {path.relative_to(root)}  {path.stat().st_size / 1e6:.1f} MB")
    print(f"compile: {len(made)} extension modules in {took:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
