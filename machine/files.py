"""Writing a file so that a crash leaves the old or the new one, never half of it; and
reading one that may be anything at all.

Every whole file the game and the host write (settings, keys, scores, hand records,
exports) goes through `atomic_write`, and every file they move aside through `replace`:
one place for the Windows quirk below. tests/test_atomic_files.py keeps it the only one.
Every file they read that someone else may have put there (settings, scores, journals,
hand records, the history's index) goes through `read_limited`: a regular file of a
bounded size, or `FileRefused` saying why not (tests/test_file_limits.py).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
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


class FileRefused(OSError):
    """A file not read: not a regular file, or larger than its kind of file may be. Its
    `strerror` says which, for the player or the log, like any OSError's."""


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
"""O_NONBLOCK: a FIFO put in a file's place after the check must not hang the open."""


def read_limited(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file at `path`, at most `max_bytes` of them.

    The file is checked before anything is read (a link to /dev/zero, a FIFO or a folder
    is refused; so is a file its size says is too large), checked again once open (what
    was opened may not be what was looked at), and read for at most `max_bytes` + 1
    bytes (a file growing meanwhile is refused too), so memory never exceeds the limit.
    Raises FileRefused, or the OSError of a file missing or unreadable."""
    _check_regular(path, os.stat(path), max_bytes)  # stat follows links, as open does
    fd = os.open(path, _OPEN_FLAGS)
    with os.fdopen(fd, "rb") as f:
        _check_regular(path, os.fstat(fd), max_bytes)
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise _too_large(path, f"more than {max_bytes:,} bytes", max_bytes)
    return data


def _check_regular(path: Path, info: os.stat_result, max_bytes: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(errno.EINVAL, f"not a regular file but {_kind(info.st_mode)}", str(path))
    if info.st_size > max_bytes:
        raise _too_large(path, f"{info.st_size:,} bytes", max_bytes)


def _too_large(path: Path, size: str, max_bytes: int) -> FileRefused:
    text = f"too large to be read: {size}, where at most {max_bytes:,} are expected"
    return FileRefused(errno.EFBIG, text, str(path))


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something else"
