"""Where the game and the host keep their logs, and the logging both set up at start.

`gdmj-host` writes `host.log`, windowed play `gdmj.log`, side by side in the user log
directory (`platformdirs.user_log_dir`), so a player who hit a problem has one folder to
send. A windowed build has no console (`sys.stderr` is None there): it logs to the file
alone, since a console handler would only fail on every line.

Each log file belongs to one process at a time, held by a lock beside it: a second game
window on the same computer writes `gdmj-2.log`, a third `gdmj-3.log`, and so on. Rotating
renames the file, which Windows refuses while another process has it open, and two
processes rotating one file would lose each other's lines anywhere. The names are reused,
so the folder holds at most SLOTS logs of each kind.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

import platformdirs

APP = "gdmahjong"
GAME_LOG = "gdmj.log"
HOST_LOG = "host.log"
MAX_BYTES = 2_000_000
BACKUPS = 3
"""Each log rotates at 2 MB and keeps three old files: a long evening's play, not a
folder that grows for ever."""

SLOTS = 8
"""Logs of one kind at most (gdmj.log, gdmj-2.log … gdmj-8.log): more game windows at once
than that log to the console alone."""
LOCK_SUFFIX = ".lock"

_held: dict[Path, int] = {}
"""The log files this process holds (their lock files' descriptors, kept open until it
ends, when the system lets the locks go)."""

_OURS = "_gdmj_handler"
"""Set on the handlers `setup_logging` adds, so that a second call replaces them."""

SHOWN = {"shown": True}
"""`extra=` for a line the program has already printed for the user (`gdmj: no display…`):
it goes to the log file only, so the console does not say it twice."""


def _not_shown(record: logging.LogRecord) -> bool:
    return not getattr(record, "shown", False)


def log_dir() -> Path:
    """The folder the logs go to (it may not exist until something is logged)."""
    return Path(platformdirs.user_log_dir(APP))


def setup_logging(folder: Path, file_name: str) -> Path | None:
    """Log INFO and up to the console (when there is one) and to a rotating UTF-8 file
    `folder/file_name`, or the next free name when another process holds it
    (claim_log_file); the file's path, or None when no file can be opened (then the
    console alone is used, and a warning says why).

    Calling it again replaces the handlers of the previous call instead of doubling lines."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if getattr(h, _OURS, False)]:
        root.removeHandler(handler)
        handler.close()
    root.setLevel(logging.INFO)
    if sys.stderr is not None:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s", "%H:%M:%S"))
        console.addFilter(_not_shown)
        _add(root, console)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = claim_log_file(folder, file_name)
        if path is None:
            logging.warning(
                "no log file: %d other processes hold every %s name in %s; logging to the "
                "console only",
                SLOTS,
                file_name,
                folder,
            )
            return None
        file = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as exc:
        logging.warning("no log file (%s); logging to the console only", exc)
        return None
    file.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    _add(root, file)
    return path


def slot_name(file_name: str, slot: int) -> str:
    """`gdmj.log` for the first slot, `gdmj-2.log` for the second, and so on."""
    if slot == 1:
        return file_name
    stem, dot, suffix = file_name.rpartition(".")
    return f"{stem}-{slot}.{suffix}" if dot else f"{file_name}-{slot}"


def claim_log_file(folder: Path, file_name: str) -> Path | None:
    """The first of `file_name`'s slots in `folder` no other process holds, now held by
    this one until it ends (the one it holds already, when called again); None when all
    SLOTS are taken. Raises OSError when the folder cannot be written."""
    paths = [folder / slot_name(file_name, slot) for slot in range(1, SLOTS + 1)]
    for path in paths:
        if path in _held:
            return path
    for path in paths:
        lock = _lock(path.with_name(path.name + LOCK_SUFFIX))
        if lock is not None:
            _held[path] = lock
            return path
    return None


def _lock(path: Path) -> int | None:
    """An open descriptor of `path` locked by this process alone, or None when another
    process holds it."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def _add(root: logging.Logger, handler: logging.Handler) -> None:
    setattr(handler, _OURS, True)
    root.addHandler(handler)
