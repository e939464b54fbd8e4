"""Where the player reads the licences: the bundle's THIRD_PARTY_NOTICES.txt, or, run from
source, the same text written from the installed packages' metadata (machine.notices)."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

from machine.files import atomic_write
from machine.logs import APP
from machine.notices import FILE_NAME, RULE, source_notices
from shared.carried_data import CARRIED
from shared.version import VERSION

ROOT = Path(__file__).resolve().parent.parent


def notices_path() -> Path:
    """THIRD_PARTY_NOTICES.txt: in a bundle the one shipped inside it (gdmj.spec puts it
    there); from source one written now to the cache folder."""
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)) / FILE_NAME
    path = Path(platformdirs.user_cache_dir(APP)) / FILE_NAME
    text = source_notices(ROOT / "LICENSE", VERSION, CARRIED).render(VERSION)
    atomic_write(path, text.encode("utf-8"))
    return path


def components(text: str) -> list[tuple[str, str]]:
    """The notices' contents, (component, licence) each, without the game itself."""
    head = text.split(f"\n{RULE}\n", 1)[0]
    found = []
    for line in head.splitlines()[1:]:
        name, _, licence = line.strip().partition("  ")
        if line.startswith("  ") and licence:
            found.append((name.removesuffix(" (native library)"), licence.strip()))
    return found[1:]
