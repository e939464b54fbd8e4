"""Writing a file so that a crash leaves the old or the new one, never half of it.

Every whole file the game and the host write (settings, keys, scores, hand records,
exports) goes through `atomic_write`, and every file they move aside through `replace`:
one place for the Windows quirk below. tests/test_atomic_files.py keeps it the only one.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from pathlib import Path

WINDOWS = os.name == "nt"
REPLACE_WAITS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.4)
"""Seconds to wait before each new try of a rename refused with PermissionError, on
Windows: another process holding the target open (an antivirus or the search indexer
reading the new file, a second game window reading its settings) makes os.replace fail
for a moment, and after about 0.8 s the refusal is taken as real. Elsewhere a refused
rename is a real permission problem, said at once."""


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves the old or the new file, whole.

    The bytes go to a temporary file beside it (removed again if anything fails), synced to
    disk, then renamed over `path`. Raises OSError when the folder cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # A name of its own (two threads may write one file at once) and the permissions any
    # new file gets (mkstemp's 0600 would make an export unreadable to others).
    temp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:12]}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(path.parent)


def replace(source: Path, target: Path) -> None:
    """os.replace, tried again for a moment on Windows while another process holds
    `target` open (REPLACE_WAITS)."""
    for wait in REPLACE_WAITS if WINDOWS else ():
        try:
            os.replace(source, target)
        except PermissionError:
            time.sleep(wait)
        else:
            return
    os.replace(source, target)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows (POSIX)."""
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # no directory fsync on this system (Windows)
    try:
        os.fsync(dir_fd)
    except OSError:
        pass  # some file systems cannot sync a folder: the data itself is synced
    finally:
        os.close(dir_fd)
