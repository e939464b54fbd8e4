"""What the host keeps on disk: scores by player name, hand records, its key pair.

Scores are rewritten atomically (write a temporary file, fsync, rename), so a host
killed at any moment restarts with the scores of every hand whose write was done; records
are appended one JSON line a hand and fsynced. Both are written by the host's
DiskWriter (server/disk_writer.py), off the event loop and retried, so the players get a
hand's result first and a disk that is slow or briefly locked never holds a table up.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
from pathlib import Path

import msgspec
import zmq

from server.disk_writer import DiskWriter

log = logging.getLogger(__name__)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves the old or the new file, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temp, path)
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return  # no directory fsync on this system (Windows)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


class ScoreStore:
    """Each player's score by name (RULES.md §2)."""

    def __init__(self, path: Path, writer: DiskWriter | None = None) -> None:
        self.path = path
        self.writer = writer if writer is not None else DiskWriter()
        self.scores: dict[str, int] = {}
        if path.exists():
            try:
                self.scores = msgspec.json.decode(path.read_bytes(), type=dict[str, int])
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                broken = path.with_name(path.name + ".corrupt")
                os.replace(path, broken)
                log.error("scores file %s is unreadable (%s); kept it as %s", path, exc, broken)

    def get(self, name: str, default: int) -> int:
        return self.scores.get(name, default)

    def update(self, changes: dict[str, int]) -> None:
        """Take the new scores now; the file follows (the whole file, as it is now)."""
        self.scores.update(changes)
        data = msgspec.json.format(msgspec.json.encode(self.scores))
        path = self.path
        self.writer.submit(path.name, lambda: atomic_write(path, data), key=str(path))


class RecordLog:
    """Every finished hand's record, one JSON line each, in a file per day."""

    def __init__(self, folder: Path, writer: DiskWriter | None = None) -> None:
        self.folder = folder
        self.writer = writer if writer is not None else DiskWriter()

    def append(self, line: bytes, what: str = "a hand's record") -> Path:
        """Queue `line` for the file of today (the day the hand ended); its path."""
        path = self.folder / f"{datetime.date.today().isoformat()}.jsonl"
        data = line.rstrip(b"\n") + b"\n"
        self.writer.submit(f"{what} ({path.name})", lambda: append_line(path, data))
        return path


def append_line(path: Path, data: bytes) -> None:
    """Append `data` to `path` and fsync it. A failed write is retried whole, so a
    partial line it may have left is first cut off (a record file is whole lines only)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "ab") as f:
        start = f.tell()
        try:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        except OSError:
            with contextlib.suppress(OSError):
                f.truncate(start)
            raise


def load_or_make_keys(folder: Path, name: str) -> tuple[bytes, bytes]:
    """A CurveZMQ key pair (public, secret) kept in `folder`; made on first use."""
    public_path = folder / f"{name}.key"
    secret_path = folder / f"{name}.key_secret"
    if public_path.exists() and secret_path.exists():
        public = public_path.read_bytes().strip()
        secret = secret_path.read_bytes().strip()
        if len(public) == 40 and len(secret) == 40:
            return public, secret
        log.error("key files in %s are damaged; making a new key pair", folder)
    public, secret = zmq.curve_keypair()
    atomic_write(secret_path, secret)
    with contextlib.suppress(OSError):
        os.chmod(secret_path, 0o600)
    atomic_write(public_path, public)
    return public, secret
