"""What the host keeps on disk: scores by player name, hand records, its key pair.

Scores are rewritten atomically (write a temporary file, fsync, rename), so a host
killed at any moment restarts with every finished hand's scores. Records are appended
one JSON line a hand and fsynced.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
from pathlib import Path

import msgspec
import zmq

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

    def __init__(self, path: Path) -> None:
        self.path = path
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
        self.scores.update(changes)
        atomic_write(self.path, msgspec.json.format(msgspec.json.encode(self.scores)))


class RecordLog:
    """Every finished hand's record, one JSON line each, in a file per day."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def append(self, line: bytes) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{datetime.date.today().isoformat()}.jsonl"
        with open(path, "ab") as f:
            f.write(line.rstrip(b"\n") + b"\n")
            f.flush()
            os.fsync(f.fileno())
        return path


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
