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


SCORE_LIMIT = 10**12
"""A saved score's magnitude at most: far beyond any evening's play, well inside the
64-bit integers MessagePack carries (a larger one typed into the file would break every
message that carries the scores)."""


class ScoreStore:
    """Each player's score by name (RULES.md §2)."""

    def __init__(self, path: Path, writer: DiskWriter | None = None) -> None:
        self.path = path
        self.writer = writer if writer is not None else DiskWriter()
        self.scores: dict[str, int] = {}
        if path.exists():
            self.scores = self._load(path)

    def _load(self, path: Path) -> dict[str, int]:
        """The valid entries of the file. An unreadable file, or one with bad entries, is
        kept beside it under a timestamped name (no earlier backup is overwritten), and
        each bad entry is named in the log."""
        try:
            raw = msgspec.json.decode(path.read_bytes())
        except (OSError, msgspec.DecodeError) as exc:
            broken = _keep_aside(path)
            log.error("scores file %s is unreadable (%s); kept it as %s", path, exc, broken)
            return {}
        if not isinstance(raw, dict):
            broken = _keep_aside(path)
            log.error("scores file %s is not a JSON object; kept it as %s", path, broken)
            return {}
        scores: dict[str, int] = {}
        bad: list[str] = []
        for name, score in raw.items():
            if (
                isinstance(score, int)
                and not isinstance(score, bool)
                and -SCORE_LIMIT <= score <= SCORE_LIMIT
                and name.strip()
            ):
                scores[name] = score
            else:
                bad.append(f"{name!r}: {score!r}"[:120])
        if bad:
            broken = _keep_aside(path, copy=True)
            log.error(
                "scores file %s has %d bad entries, left out (a score is a whole number "
                "within ±%d): %s; the file as it was is kept as %s",
                path,
                len(bad),
                SCORE_LIMIT,
                "; ".join(bad[:10]),
                broken,
            )
        return scores

    def get(self, name: str, default: int) -> int:
        return self.scores.get(name, default)

    def update(self, changes: dict[str, int], table: str = "") -> None:
        """Take the new scores now (of a hand at `table`); the file follows (the whole
        file, as it is now)."""
        self.scores.update(changes)
        data = msgspec.json.format(msgspec.json.encode(self.scores))
        path = self.path
        tables = frozenset({table} if table else ())
        self.writer.submit(path.name, lambda: atomic_write(path, data), str(path), tables)


def _keep_aside(path: Path, copy: bool = False) -> Path:
    """Move (or copy) `path` to `NAME.corrupt-YYYYMMDD-HHMMSS[-N]` beside it: a new name
    each time, so an earlier backup is never overwritten."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    if copy:
        target.write_bytes(path.read_bytes())
    else:
        os.replace(path, target)
    return target


class RecordLog:
    """Every finished hand's record, one JSON line each, in a file per day."""

    def __init__(self, folder: Path, writer: DiskWriter | None = None) -> None:
        self.folder = folder
        self.writer = writer if writer is not None else DiskWriter()

    def append(self, line: bytes, what: str = "a hand's record", table: str = "") -> Path:
        """Queue `line` (a hand at `table`) for the file of today (the day the hand ended);
        its path."""
        path = self.folder / f"{datetime.date.today().isoformat()}.jsonl"
        data = line.rstrip(b"\n") + b"\n"
        tables = frozenset({table} if table else ())
        self.writer.submit(
            f"{what} ({path.name})", lambda: append_line(path, data), tables=tables
        )
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


class KeyPairError(ValueError):
    """The key files are there but do not make a working pair; the message says what to do."""


def load_or_make_keys(folder: Path, name: str) -> tuple[bytes, bytes]:
    """A CurveZMQ key pair (public, secret) kept in `folder`; made on first use.

    The pair is checked: a public key that is not the secret key's (or a damaged file)
    raises KeyPairError rather than serving under a key nobody can connect with. A pair
    made where a key had been (one file gone, or the data of an earlier start) is a
    WARNING, since friends then need the new address."""
    public_path = folder / f"{name}.key"
    secret_path = folder / f"{name}.key_secret"
    if public_path.exists() and secret_path.exists():
        public = public_path.read_bytes().strip()
        secret = secret_path.read_bytes().strip()
        if len(public) != 40 or len(secret) != 40:
            raise KeyPairError(
                f"the key files {public_path.name} and {secret_path.name} in {folder} are "
                "damaged; move both away to make a new pair (friends then need the new address)"
            )
        try:
            matches = zmq.curve_public(secret) == public
        except (zmq.ZMQError, ValueError):
            matches = False
        if not matches:
            raise KeyPairError(
                f"{public_path.name} in {folder} is not the public key of {secret_path.name}; "
                "put back the pair that belongs together, or move both away to make a new "
                "one (friends then need the new address)"
            )
        return public, secret
    earlier = public_path.exists() or secret_path.exists() or (folder / "scores.json").exists()
    public, secret = zmq.curve_keypair()
    atomic_write(secret_path, secret)
    with contextlib.suppress(OSError):
        os.chmod(secret_path, 0o600)
    atomic_write(public_path, public)
    if earlier:
        log.warning(
            "made a new key pair in %s (a key file was missing): the address has changed, "
            "so friends need the new one",
            str(folder),
        )
    else:
        log.info("made a key pair in %s", str(folder))
    return public, secret
