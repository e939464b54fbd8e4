"""The player's own hand records: every hand they sat at or watched, whoever hosted.

The host sends each finished hand's record file (PROTOCOL.md §5 `hand_record`); the game
keeps it under the user data folder, one file per hand, grouped by session:

    history/index.json                       what the History and Statistics screens list
    history/<session>/hand-001.gdmjrec       the hands, exactly as shared/RECORDS.md says

Every write is atomic (machine/files.py), so a crash leaves a whole file or none. The index
holds a summary of every hand (who won, with what, the points), so that listing hundreds of
sessions reads one file, not thousands; it is rebuilt from the record files whenever it is
missing, damaged or from another version. A record file that cannot be read (damaged,
foreign, from a newer game) is skipped with a logged warning, shown as such in its
session, and never stops the game.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from client.problem import problem
from machine.files import atomic_write, read_limited
from shared.nesting import check_json
from shared.records import (
    MAX_RECORD_FILE_BYTES,
    RECORD_SUFFIX,
    RecordFile,
    RecordFileError,
    RecordSeat,
    RecordSession,
    decode_record_file,
    encode_record_file,
)

if TYPE_CHECKING:
    from client.app import App

log = logging.getLogger(__name__)

FOLDER = "history"
"""The store's folder under the user data folder (beside the `records/` a hosting game's
host keeps for itself)."""
INDEX = "index.json"
INDEX_FORMAT = "gdmj-history-index"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 16 * 1024 * 1024
"""The index lists a line per hand (about 200 bytes): this is some 80,000 hands; a larger
file is refused unread and the index made again from the records."""


class WinLine(msgspec.Struct, frozen=True):
    """One winner of a hand, as the lists show it."""

    seat: int
    fan: int
    points: int
    patterns: tuple[str, ...]


class HandLine(msgspec.Struct, frozen=True):
    """One hand of a session, summed up from its record."""

    hand_number: int
    file: str
    """The record's file name in its session's folder."""
    dealer: int
    kind: str
    """As `hand_ended.kind`: draw, self_drawn, discard or robbing_kong."""
    winners: tuple[WinLine, ...]
    loser: int | None
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


class SessionLine(msgspec.Struct):
    """One session: where, when, who, and its hands in order."""

    key: str
    """Its folder's name."""
    session: RecordSession
    seats: tuple[RecordSeat, ...]
    hands: list[HandLine] = msgspec.field(default_factory=list)

    @property
    def final_scores(self) -> tuple[int, ...]:
        return self.hands[-1].scores if self.hands else ()


class IndexFile(msgspec.Struct):
    format: str
    version: int
    sessions: list[SessionLine]


@dataclass(frozen=True)
class StoredHand:
    """A hand file of a session as found on disk: its record, or why it cannot be read."""

    path: Path
    record_file: RecordFile | None
    problem: str = ""


_index_decoder = msgspec.json.Decoder(IndexFile)
_encoder = msgspec.json.Encoder()
_DATE = re.compile(r"^\d{4}-\d\d-\d\d")


def session_key(session: RecordSession) -> str:
    """A session's folder name: its start date and a digest of what names it. Everything
    in a record comes from a host, so nothing of it becomes a path as it is."""
    named = f"{session.session_id}\n{session.started}\n{session.table}\n{session.host}"
    digest = hashlib.sha256(named.encode("utf-8")).hexdigest()[:16]
    date = session.started[:10] if _DATE.match(session.started) else "undated"
    return f"{date}-{digest}"


def hand_line(record_file: RecordFile, file: str) -> HandLine:
    record = record_file.record
    result = record.result
    return HandLine(
        hand_number=record.hand_number,
        file=file,
        dealer=record.dealer,
        kind=result.kind,
        winners=tuple(
            WinLine(w.seat, w.fan, w.points, tuple(p.id for p in w.patterns))
            for w in result.winners
        ),
        loser=result.loser,
        deltas=result.deltas,
        scores=result.scores,
    )


class RecordStore:
    """The records under `folder` (the user data folder's `history/`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._sessions: dict[str, SessionLine] | None = None

    # --- keeping -------------------------------------------------------------------------

    def save(self, record_file: RecordFile) -> Path:
        """Keep one hand's record (a hand kept already is left as it is); its path.
        Raises RecordFileError for a record that is not one a reader would accept, and
        OSError when the disk refuses."""
        data = encode_record_file(record_file)
        checked = decode_record_file(data)  # the same checks as a file opened later
        key = session_key(checked.session)
        number = checked.record.hand_number
        if not 0 < number < 10_000:
            raise RecordFileError(f"the record is damaged: its hand number is {number}")
        name = f"hand-{number:03d}{RECORD_SUFFIX}"
        path = self.folder / key / name
        sessions = self._index()
        line = sessions.get(key)
        if path.exists() and line is not None and any(h.file == name for h in line.hands):
            return path
        atomic_write(path, data)
        if line is None:
            line = sessions[key] = SessionLine(key, checked.session, checked.seats)
        line.hands = sorted(
            [h for h in line.hands if h.file != name] + [hand_line(checked, name)],
            key=lambda h: h.hand_number,
        )
        self._write_index()
        return path

    # --- reading -------------------------------------------------------------------------

    def sessions(self) -> list[SessionLine]:
        """Every session kept, the latest first."""
        return sorted(self._index().values(), key=lambda s: s.session.started, reverse=True)

    def hands(self, key: str) -> list[StoredHand]:
        """A session's hand files as they are on disk now, in order: each read and checked,
        a damaged or foreign one with the reason."""
        folder = self.folder / key
        if not _SAFE_KEY.match(key) or not folder.is_dir():
            return []
        found: list[tuple[int, StoredHand]] = []
        for path in sorted(folder.glob(f"*{RECORD_SUFFIX}")):
            hand = read_hand(path)
            number = hand.record_file.record.hand_number if hand.record_file else 10_000
            found.append((number, hand))
        return [hand for _, hand in sorted(found, key=lambda pair: pair[0])]

    def _index(self) -> dict[str, SessionLine]:
        if self._sessions is None:
            self._sessions = self._read_index()
        return self._sessions

    def _read_index(self) -> dict[str, SessionLine]:
        path = self.folder / INDEX
        try:
            data = read_limited(path, MAX_INDEX_BYTES)
            check_json(data)
            index = _index_decoder.decode(data)
        except FileNotFoundError:
            if not self.folder.is_dir():
                return {}
            return self.rebuild()
        except (OSError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("the history's index %s cannot be read (%s); rebuilding it", path, exc)
            return self.rebuild()
        if index.format != INDEX_FORMAT or index.version != INDEX_VERSION:
            log.warning("the history's index %s is of another version; rebuilding it", path)
            return self.rebuild()
        return {s.key: s for s in index.sessions}

    def rebuild(self) -> dict[str, SessionLine]:
        """The index made again from the record files (damaged ones skipped, logged)."""
        sessions: dict[str, SessionLine] = {}
        if not self.folder.is_dir():
            return sessions
        folders = sorted(p for p in self.folder.iterdir() if p.is_dir())
        for folder in folders:
            for hand in self.hands(folder.name):
                if hand.record_file is None:
                    continue
                key = session_key(hand.record_file.session)
                if key != folder.name:
                    log.warning("%s is not in its session's folder; skipped", hand.path)
                    continue
                line = sessions.setdefault(
                    key, SessionLine(key, hand.record_file.session, hand.record_file.seats)
                )
                line.hands.append(hand_line(hand.record_file, hand.path.name))
        self._sessions = sessions
        try:
            self._write_index()
        except OSError as exc:
            log.warning("the history's index could not be written: %s", exc)
        return sessions

    def _write_index(self) -> None:
        sessions = list(self._index().values())
        index = IndexFile(INDEX_FORMAT, INDEX_VERSION, sessions)
        atomic_write(self.folder / INDEX, _encoder.encode(index))


_SAFE_KEY = re.compile(r"^[0-9a-z-]{1,40}$")


def read_hand(path: Path) -> StoredHand:
    """One record file, read and checked; a damaged or foreign one logged and described."""
    try:
        return StoredHand(path, decode_record_file(read_limited(path, MAX_RECORD_FILE_BYTES)))
    except RecordFileError as exc:
        problem = str(exc)
    except OSError as exc:
        problem = exc.strerror or str(exc)
    log.warning("the hand record %s is skipped: %s", path, problem)
    return StoredHand(path, None, problem)


# --- the game's store --------------------------------------------------------------------

_stores: dict[Path, RecordStore] = {}


def store_of(app: App) -> RecordStore:
    """The store of the game's user data folder (one per folder, its index read once)."""
    folder = app.data_dir / FOLDER
    store = _stores.get(folder)
    if store is None:
        store = _stores[folder] = RecordStore(folder)
    return store


def keep_received(app: App) -> None:
    """Keep the records the host sent to the table (each frame, before anything may close
    the connection): a record the game refuses is logged; a disk that refuses is said on
    screen."""
    table = app.table
    # A stand-in table (the tests' and the benchmark's) may keep none.
    received: list[RecordFile] | None = getattr(table, "hand_records", None)
    if table is None or not received:
        return
    table.hand_records = []
    store = store_of(app)
    for record_file in received:
        try:
            store.save(record_file)
        except RecordFileError as exc:
            log.warning("a hand record from the host was not kept: %s", exc)
        except OSError as exc:
            log.warning("a hand record could not be saved in %s: %s", store.folder, exc)
            app.notice = problem("history.save_failed", exc.strerror or exc)
