"""Where the game and the host keep their logs, and the logging both set up at start.

`gdmj-host` writes `host.log`, windowed play `gdmj.log`, side by side in the user log
directory (`platformdirs.user_log_dir`), so a player who hit a problem has one folder to
send. A windowed build has no console (`sys.stderr` is None there): it logs to the file
alone, since a console handler would only fail on every line.
"""

from __future__ import annotations

import logging
import logging.handlers
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

_OURS = "_gdmj_handler"
"""Set on the handlers `setup_logging` adds, so that a second call replaces them."""


def log_dir() -> Path:
    """The folder the logs go to (it may not exist until something is logged)."""
    return Path(platformdirs.user_log_dir(APP))


def setup_logging(folder: Path, file_name: str) -> Path | None:
    """Log INFO and up to the console (when there is one) and to a rotating UTF-8 file
    `folder/file_name`; the file's path, or None when the file cannot be opened (then the
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
        _add(root, console)
    path = folder / file_name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        file = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as exc:
        logging.warning("no log file (%s); logging to the console only", exc)
        return None
    file.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    _add(root, file)
    return path


def _add(root: logging.Logger, handler: logging.Handler) -> None:
    setattr(handler, _OURS, True)
    root.addHandler(handler)
