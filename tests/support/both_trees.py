"""Both trees in one run: when the engine here is compiled (build_scripts/compile.py), a
benchmark also runs itself on a pure copy of the tree and reports both.

The copy is the repository's `shared/`, `server/`, `machine/` and `tests/` without the
extension modules, in a temporary folder; the benchmark runs there in a subprocess with
the same arguments, right after this tree's run, and its JSON line is added under
"pure" with the compiled tree's figures over the pure ones under "compiled_over_pure".
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from shared import accelerator

ROOT = Path(__file__).resolve().parents[2]
_COPIED = ("shared", "server", "machine", "tests")


def compiled() -> bool:
    return accelerator.mode() == "compiled"


def _ignore(folder: str, names: list[str]) -> set[str]:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return {n for n in names if n.endswith(suffixes) or n in ("__pycache__", ".hypothesis")}


def pure_figures(script: str, argv: list[str]) -> dict[str, Any]:
    """The benchmark `script` (a file of tests/bench) run on a pure copy of this tree."""
    with tempfile.TemporaryDirectory(prefix="gdmj-pure-") as tmp:
        copy = Path(tmp)
        for name in _COPIED:
            shutil.copytree(ROOT / name, copy / name, ignore=_ignore)
        (copy / accelerator.MANIFEST).unlink(missing_ok=True)
        env = {**os.environ, "PYTHONPATH": str(copy), "PYTHONIOENCODING": "utf-8"}
        done = subprocess.run(
            [sys.executable, str(copy / "tests" / "bench" / script), *argv],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=True,
        )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if figures.get("compiled") is not False:
        raise RuntimeError("the pure copy of the tree ran compiled modules")
    return dict(figures)


def add_pure(result: dict[str, Any], script: str, argv: list[str], keys: tuple[str, ...]) -> None:
    """Mark `result` compiled or not; when compiled, add the pure tree's figures and the
    ratios of `keys` (compiled / pure), and print them."""
    result["compiled"] = compiled()
    if not result["compiled"]:
        return
    print()
    print("the same benchmark on a pure copy of this tree (same run, after this one) ...")
    pure = pure_figures(script, argv)
    result["pure"] = pure
    ratios = {k: round(result[k] / pure[k], 3) for k in keys if pure.get(k)}
    result["compiled_over_pure"] = ratios
    for key, ratio in ratios.items():
        print(f"  {key:<34}{result[key]:>14,.2f} compiled {pure[key]:>14,.2f} pure  {ratio:.2f}×")
