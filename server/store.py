"""What the host keeps on disk: scores by player (identity) and hand records.

(Its key pair is machine/keys.py, shared with the game.)

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
from typing import Annotated

import msgspec

from machine.files import atomic_write, read_limited, replace
from server.disk_writer import DiskWriter
from server.identity import Identity
from server.limits import MAX_SCORES_BYTES
from shared.names import name_key
from shared.nesting import check_json

log = logging.getLogger(__name__)


SCORE_LIMIT = 10**12
"""A saved score's magnitude at most: far beyond any evening's play, well inside the
64-bit integers MessagePack carries (a larger one typed into the file would break every
message that carries the scores)."""

SCORES_VERSION = 2
"""The scores file's format: players by identity (PROTOCOL.md §4 "Who a player is")."""

Score = Annotated[int, msgspec.Meta(ge=-SCORE_LIMIT, le=SCORE_LIMIT)]


class PlayerScore(msgspec.Struct, forbid_unknown_fields=True):
    """One player's saved score and the name they last played under here."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
    score: Score


class ScoresFile(msgspec.Struct, forbid_unknown_fields=True):
    """scores.json, version 2 (server/README.md "Players and scores")."""

    version: int
    players: dict[str, PlayerScore] = {}
    unclaimed: dict[str, int] = {}
    """Scores from a version-1 file, by name, until a player claims them."""


class ScoreStore:
    """Each player's score by identity, with the name they play under (RULES.md §2).

    A name belongs to the player whose saved score carries it: another identity asking for
    it (look-alike-equal, shared/names.py) is refused. A version-1 file (name → score,
    from before players had identities) is migrated: its entries are `unclaimed`, and the
    first identity without a score here that joins under such a name takes that score."""

    def __init__(self, path: Path, writer: DiskWriter | None = None) -> None:
        self.path = path
        self.writer = writer if writer is not None else DiskWriter()
        self.players: dict[str, PlayerScore] = {}
        self.unclaimed: dict[str, int] = {}
        if path.exists():
            self._load(path)
        self._index()

    def _index(self) -> None:
        """Names (compared look-alike-equal) → who holds them. The first record in the
        file holds a name two records share (two tables of one host can let two new
        players take one name at the same time)."""
        self._owners: dict[str, str] = {}
        for identity, player in self.players.items():
            self._owners.setdefault(name_key(player.name), identity)
        self._unclaimed_names = {name_key(name): name for name in self.unclaimed}

    def _load(self, path: Path) -> None:
        """The valid entries of the file. An unreadable file, or one with bad entries, is
        kept beside it under a timestamped name (no earlier backup is overwritten), and
        each bad entry is named in the log; a version-1 file is migrated, a copy kept."""
        try:
            data = read_limited(path, MAX_SCORES_BYTES)
            check_json(data)  # TooDeep, a DecodeError: msgspec would recurse
            raw = msgspec.json.decode(data)
        except (OSError, msgspec.DecodeError) as exc:
            broken = _keep_aside(path)
            log.error("scores file %s is unreadable (%s); kept it as %s", path, exc, broken)
            return
        if not isinstance(raw, dict):
            broken = _keep_aside(path)
            log.error("scores file %s is not a JSON object; kept it as %s", path, broken)
            return
        if "version" not in raw:
            self._migrate(path, raw)
            return
        players, unclaimed = raw.get("players", {}), raw.get("unclaimed", {})
        if raw["version"] != SCORES_VERSION or not (
            isinstance(players, dict) and isinstance(unclaimed, dict)
        ):
            broken = _keep_aside(path)
            log.error(
                "scores file %s is not a version-%d scores file (version %r); kept it as %s",
                path,
                SCORES_VERSION,
                raw["version"],
                broken,
            )
            return
        bad: list[str] = []
        for identity, entry in players.items():
            try:
                msgspec.convert(identity, Identity)
                self.players[identity] = msgspec.convert(entry, PlayerScore)
            except msgspec.ValidationError as exc:
                bad.append(f"{identity!r}: {exc}"[:120])
        self.unclaimed = _valid_scores(unclaimed, bad)
        unknown = set(raw) - set(ScoresFile.__struct_fields__)
        bad += [f"unknown field {k!r}"[:120] for k in sorted(unknown)]
        if bad:
            _log_bad_entries(path, bad)

    def _migrate(self, path: Path, raw: dict[str, object]) -> None:
        """A version-1 file (name → score): every entry becomes unclaimed; the old file is
        kept as `scores.json.v1-YYYYMMDD-HHMMSS` and the new one written at once."""
        bad: list[str] = []
        self.unclaimed = _valid_scores(raw, bad)
        if bad:
            _log_bad_entries(path, bad)
        backup = _keep_aside(path, copy=True, label="v1")
        atomic_write(path, self._encode())
        log.warning(
            "scores file %s was version 1 (scores by name): migrated to version %d, its %d "
            "scores waiting to be claimed by the first player to join under each name; the "
            "old file is kept as %s",
            path,
            SCORES_VERSION,
            len(self.unclaimed),
            backup.name,
        )

    def _encode(self) -> bytes:
        data = ScoresFile(SCORES_VERSION, self.players, self.unclaimed)
        return msgspec.json.format(msgspec.json.encode(data))

    def get(self, identity: str, default: int) -> int:
        """The player's saved score, or `default` for one who has none here."""
        player = self.players.get(identity)
        return player.score if player is not None else default

    def known(self, identity: str) -> bool:
        return identity in self.players

    def holder(self, name: str) -> str | None:
        """The identity that holds `name` (look-alike-equal) on this host; None if nobody."""
        return self._owners.get(name_key(name))

    def unclaimed_name(self, name: str) -> str | None:
        """The version-1 entry `name` would claim (look-alike-equal), if there is one."""
        return self._unclaimed_names.get(name_key(name))

    def claim(self, name: str, identity: str) -> None:
        """`identity`, new here, joins under an unclaimed name: the score is theirs now."""
        old = self.unclaimed_name(name)
        if old is None or identity in self.players:
            return
        score = self.unclaimed.pop(old)
        log.info("the score %d kept for %r (version 1) is claimed by %s", score, old, identity)
        self.update({identity: (name, score)})

    def update(self, changes: dict[str, tuple[str, int]], table: str = "") -> None:
        """Take the new (name, score) of each identity now (of a hand at `table`); the
        file follows (the whole file, as it is now)."""
        for identity, (name, score) in changes.items():
            self.players[identity] = PlayerScore(name, score)
        self._index()
        data = self._encode()
        path = self.path
        tables = frozenset({table} if table else ())
        self.writer.submit(path.name, lambda: atomic_write(path, data), str(path), tables)


def _valid_scores(raw: dict[str, object], bad: list[str]) -> dict[str, int]:
    """The name → score entries that are whole numbers within ±SCORE_LIMIT under a name
    that is not empty; each other one is described in `bad`."""
    scores: dict[str, int] = {}
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
    return scores


def _log_bad_entries(path: Path, bad: list[str]) -> None:
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


def _keep_aside(path: Path, copy: bool = False, label: str = "corrupt") -> Path:
    """Move (or copy) `path` to `NAME.corrupt-YYYYMMDD-HHMMSS[-N]` (or another label)
    beside it: a new name each time, so an earlier backup is never overwritten."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    if copy:
        atomic_write(target, read_limited(path, MAX_SCORES_BYTES))
    else:
        replace(path, target)
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
