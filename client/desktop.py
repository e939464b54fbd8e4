"""Asking the OS to show a folder in its file manager (the log folder, for a bug report),
or a file in the program that opens its kind (the licences, in a text viewer).

One place for the three ways to do it: the crash screen and the settings screen both
open the log folder, and a player who is told "the details are in the log" should get
there with one click, not by typing a path from the screen.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from machine.child_env import external_environment


class NotOpened(OSError):
    """A file could not be shown; the message says which and why."""


class FolderNotOpened(NotOpened):
    """The folder could not be made or shown; the message says which and why."""


def _start(path: Path) -> None:
    """Hand `path` to the OS's file manager without waiting for it."""
    if sys.platform == "win32":
        os.startfile(path)  # Windows only
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    subprocess.Popen(
        [opener, str(path)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        close_fds=True,
        env=external_environment(),  # not the bundle's libraries: the file manager's own
    )


opener: Callable[[Path], None] = _start
"""What shows a folder or a file; tests put a recorder here instead of starting one."""


def open_folder(path: Path) -> None:
    """Show `path` in the file manager, making it first (a log folder the game has not
    written to yet must still open); FolderNotOpened when that fails."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        opener(path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise FolderNotOpened(f"{path}: {reason}") from exc


def open_file(path: Path) -> None:
    """Show the file `path` in the program the OS opens its kind with; NotOpened when that
    fails."""
    try:
        opener(path)
    except OSError as exc:
        raise NotOpened(f"{path}: {exc.strerror or exc}") from exc
