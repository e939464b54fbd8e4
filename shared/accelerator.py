"""Which of the hot modules run compiled: the optional accelerator.

The `.py` files are the only source. `build_scripts/compile.py` compiles the modules of
`COMPILED_MODULES` with mypyc into extension modules beside them (`analysis.cpython-311-
x86_64-linux-gnu.so` next to `analysis.py`; git ignores them), and Python's import system
prefers an extension module to the source of the same name. Where none was built (a
fresh clone, `pip install -e .` on a machine without a compiler) the same modules run as
pure Python, silently: nothing here is needed to play. `gdmj --version` and
`gdmj-host --version` say which (`describe()`); tests/test_accelerator.py holds a run to
the mode .ci/run asks for (`GDMJ_EXPECT_COMPILED`).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.machinery
import importlib.util
import json
import sys
from pathlib import Path

COMPILED_MODULES = (
    "shared.suit",
    "shared.groups",
    "shared.suit_index",
    "shared.analysis",
    "shared.fan",
    "server.engine.claims",
    "server.engine.table",
    "server.engine.hand_state",
    "server.engine.legal",
    "server.engine.moves",
    "server.engine.claim_window",
    "server.engine.winning",
    "server.engine.seat_views",
    "server.engine.invariants",
    "server.engine.wall",
    "server.engine.live_view",
    "server.engine.bots.competent",
    "server.engine.bots.hand_facts",
    "server.engine.bots.random_bot",
)
"""The hot path of a hand played by computer players, by profile
(docs/decisions/0007-compiled-modules.md): the rules tables and the hand questions,
scoring, the table engine (table.py and the modules of one job each it is split into), its
claims and the bots' views, the competent and random players. No msgspec Struct may be
declared in them: mypyc compiles such a class so that it loses its field defaults (the encoding of
`omit_defaults` changes), which is why shared.fan's Score lives in shared/patterns.py and
server/engine/claims.py's ClaimOptions and Resolution are slotted dataclasses."""
GROUP = "shared.accelerator_rt"
"""mypyc's shared runtime library of the group, `shared/accelerator_rt__mypyc*.so`."""
MANIFEST = "shared/accelerator_build.json"
"""Beside a build: the digest of each compiled module's source it was built from."""
ROOT = Path(__file__).resolve().parent.parent


def _source(root: Path, name: str) -> Path:
    return root / (name.replace(".", "/") + ".py")


def source_digests(root: Path = ROOT) -> str:
    """The manifest's text: each compiled module's name and the sha256 of its source."""
    digests = {
        name: hashlib.sha256(_source(root, name).read_bytes()).hexdigest()
        for name in COMPILED_MODULES
    }
    return json.dumps(digests, indent=1, sort_keys=True)


def built_files(root: Path = ROOT) -> list[Path]:
    """The extension modules under `root`'s shared/ and server/ (none when pure): a build's,
    and any left by an earlier build of other modules."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for package in ("shared", "server"):
        for path in (root / package).rglob("*"):
            if path.name.endswith(suffixes) and path.is_file():
                found.append(path)
    return sorted(found)


def stale(root: Path = ROOT) -> bool:
    """True when a build is present but a compiled module's source changed since."""
    if not built_files(root):
        return False
    manifest = root / MANIFEST
    try:
        return manifest.read_text().strip() != source_digests(root)
    except OSError:
        return True


def compiled_modules() -> tuple[str, ...]:
    """The modules of `COMPILED_MODULES` that run (or, not imported yet, would be imported)
    from an extension module. Found without importing them: shared/ does not depend on
    server/, and `--version` need not load the engine."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in COMPILED_MODULES:
        module = sys.modules.get(name)
        if module is not None:
            where = getattr(module, "__file__", None)
        else:
            spec = importlib.util.find_spec(name)
            where = spec.origin if spec is not None else None
        if (where or "").endswith(suffixes):
            found.append(name)
    return tuple(found)


def mode() -> str:
    """"compiled" (every hot module), "pure" (none) or "partly compiled" (a broken build)."""
    found = compiled_modules()
    if not found:
        return "pure"
    return "compiled" if len(found) == len(COMPILED_MODULES) else "partly compiled"


def describe() -> str:
    """What `--version` adds: which engine runs."""
    current = mode()
    if current == "compiled":
        # A bundle carries no sources to compare: only a source tree can be stale.
        if _source(ROOT, COMPILED_MODULES[0]).is_file() and stale():
            return "engine: compiled (mypyc), STALE: run build_scripts/compile.py again"
        return "engine: compiled (mypyc)"
    if current == "pure":
        return "engine: pure Python"
    missing = sorted(set(COMPILED_MODULES) - set(compiled_modules()))
    return f"engine: partly compiled (pure Python: {', '.join(missing)})"


class VersionAction(argparse.Action):
    """`--version`: the version line, then which engine runs (`describe`), worked out only
    when asked (it imports the engine)."""

    def __init__(
        self,
        option_strings: list[str],
        version: str,
        dest: str = argparse.SUPPRESS,
        default: str = argparse.SUPPRESS,
        help: str = "show the version and which engine runs, and exit",
    ) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)
        self.version = version

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        if sys.stdout is not None:  # a windowed Windows build started without a console
            sys.stdout.write(f"{self.version}\n{describe()}\n")
        parser.exit()
