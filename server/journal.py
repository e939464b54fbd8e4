"""The journal: each table's session in play, on disk, so a host killed mid-hand comes back.

The engine is deterministic from its seeds and the actions it accepted, so the host does not
save the table's state: it appends to `journal/<table>-<hash>.jnl` (in the data dir; the
name's letters and a hash of the whole name) the session's setup and then every accepted
action, one JSON line each (a typed entry, `Entry`; the `"chain"` member that ends every
line is shown on one here):

    {"entry":"session","table":"Friday","options":{...},"seed":…,"scores":[…],"seats":[…]}
    {"entry":"hand","hand_number":1,"seed":…,"dealer":2}
    {"entry":"contribution","seat":1,"hand_number":1,"value":"9f…"}
    {"entry":"act","seat":2,"action":{"type":"roll_dice"},"chain":"5e0c…"}
    {"entry":"act","seat":2,"action":{"type":"discard","tile":5}}
    …
    {"entry":"hand_end","hand_number":1,"scores":[…]}
    {"entry":"end","reason":"rounds_complete"}

Each line is written (one `write`, straight to the file: no buffer) before the events of the
action go out, so a host killed at any moment has every action anyone was told of. An fsync
(what survives the machine losing power, not only the process being killed) comes at the
session's start, each hand's start and end, each claim carried out and each kong (tiles
laid down), each departure or return: a few a hand, not one an action (a SIGKILL loses
nothing written, fsynced or not; a power cut may lose the discards and passes since the
last fsync). The journal benchmark (bench_journal.py) measures the cost of both.

Every line also carries a hash chain (`"chain"`, last: server/journal_chain.py): a hash of
the line and of every line before it, so a line edited, moved, or lost from the middle is
found at that line. Reading a journal back (`read_journal`) keeps the lines before the
first that breaks the chain (`Replayed.damage` says what was found; restore.py logs it and
keeps the file as it was aside) and replays them on a fresh `Session`: the `hand` and
`hand_end` entries are checks (the replayed hand must have that seed and dealer, end with
those scores), so a journal that does not replay to what it says (written by a different
engine, or edited with its chain recomputed) is refused. A last line cut short (the host
killed mid-write) is left out with a log line and cut off the file; anything else wrong
makes the file `JournalCorrupt`: the host keeps it aside (`NAME.corrupt-YYYYMMDD-HHMMSS`)
and starts without that table. A journal cut at a line's end is whole as far as it goes:
restore.py finds such a cut from the hands already on record (server/reconcile.py).

Journals from before the chain (version 1, no `"chain"` member) are still read and
replayed, without the check, and go on unchained until their session ends: a restart
across an upgrade in mid-session is rare, and players expect their table back.

A journal ends with its session: the `end` entry is written and the file renamed to
`<table>-<hash>.<session seed>.done`; once the last hand's record and scores are on disk (the
DiskWriter does them in order) the `.done` file is removed. A `.done` file found at start
(killed in between) has its hands' records completed from it (`restore.py`), then goes.
What the host does with a journal at start is in server/restore.py; what survives a restart,
for players, is PROTOCOL.md §10.8.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import msgspec

from machine.files import read_limited, replace
from server.disk_writer import DiskWriter
from server.engine.session import Session
from server.journal_chain import CHAIN_START, ChainBroken, is_sealed, seal, unseal
from server.limits import MAX_JOURNAL_BYTES
from server.records import HandRecord, record_of
from shared.actions import AnyAction
from shared.errors import MahjongError
from shared.events import (
    Delivery,
    HandEnded,
    HandStarted,
    KongDeclared,
    MeldClaimed,
    SessionEnded,
)
from shared.nesting import check_json
from shared.ruleset import TableOptions, make_ruleset

log = logging.getLogger(__name__)

JOURNAL_VERSION = 2
"""2: every line sealed into the hash chain (server/journal_chain.py); 1: not."""
UNCHAINED_VERSION = 1
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Four = tuple[int, int, int, int]


class SeatEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits in a seat for the session: a player (with the resume token) or a bot."""

    name: str
    bot: bool
    token: str = ""
    """The player's resume token (a bot has none): kept, so the player can come back."""
    identity: str = ""
    """Who the player is on this host (server/identity.py): the key their token and score
    belong to, so that only they take the seat back after a restart."""
    level: str = ""
    """A computer player's level ("" in journals from before levels: normal)."""


class _Entry(msgspec.Struct, frozen=True, tag_field="entry", forbid_unknown_fields=True):
    """Base of the journal's lines; `entry` names the kind."""


class SessionBegun(_Entry, tag="session", frozen=True):
    """The first line: everything the session was started from."""

    table: str
    options: TableOptions
    ruleset_digest: str
    seed: int
    """The Session's seed: the first dealer and every hand's seed come from it."""
    scores: Four
    seats: tuple[SeatEntry, SeatEntry, SeatEntry, SeatEntry]
    owner: Seat | None
    """The table owner's seat (None if the owner had left the lobby's seats)."""
    started: str
    """The day the session started (ISO date): its hands' records are in files from then."""
    version: int = JOURNAL_VERSION
    deal_key: str = ""
    """The session's private key of its verifiable deals, hex (PROTOCOL.md §15): each
    hand's secret comes from it. "" in journals from before: their hands are shuffled the
    old way, as they were when played."""
    bot_pace: str = ""
    """The computer players' pace at the table (shared.actions.BotPace); "" in journals
    from before: the host's default."""


class HandBegun(_Entry, tag="hand", frozen=True):
    """A hand was dealt (a check on replay: the same seed and dealer)."""

    hand_number: int
    seed: int
    dealer: Seat


class Contributed(_Entry, tag="contribution", frozen=True):
    """A seat's contribution to the deal of the hand in play (PROTOCOL.md §15), taken
    before the roll: on replay the wall is derived from it again."""

    seat: Seat
    hand_number: int
    value: str
    """32 bytes, hex."""


class Acted(_Entry, tag="act", frozen=True):
    """An action the session accepted, from a player, a computer player or the timer."""

    seat: Seat
    action: AnyAction


class Departed(_Entry, tag="depart", frozen=True):
    """The seat's player left (or their drop allowance ran out): `leave_after_hand`."""

    seat: Seat


class Returned(_Entry, tag="return", frozen=True):
    """A dropped player came back within the hand their allowance ran out in: the seat
    stays theirs after all (its departure is undone)."""

    seat: Seat


class HandOver(_Entry, tag="hand_end", frozen=True):
    """A hand ended with these scores (a check on replay)."""

    hand_number: int
    scores: Four


class SessionOver(_Entry, tag="end", frozen=True):
    """The session ended; the journal is done."""

    reason: str


Entry = (
    SessionBegun | HandBegun | Contributed | Acted | Departed | Returned | HandOver | SessionOver
)

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Entry)


class JournalCorrupt(ValueError):
    """A journal that cannot be replayed; the message says where and why."""


def journal_name(table: str) -> str:
    """A file name for a table's journal: the name's letters and digits (other characters
    become `_`), then a short hash of the exact name, so two names never share a file."""
    cleaned = "".join(c if c.isalnum() or c in "-_" else "_" for c in table)[:32] or "table"
    digest = hashlib.sha256(table.encode()).hexdigest()[:8]
    return f"{cleaned}-{digest}.jnl"


class TableJournal:
    """The open journal of one table's session in play."""

    def __init__(self, path: Path, writer: DiskWriter, chain: bytes | None = CHAIN_START) -> None:
        self.path = path
        self.writer = writer
        self.chain = chain
        """The chain value of the last line written; None: a version-1 journal, unchained."""
        self.file: Any = None
        self.broken = False
        self.syncs = 0
        self.lines = 0

    @classmethod
    def begin(cls, folder: Path, writer: DiskWriter, begun: SessionBegun) -> TableJournal:
        """A new journal for a session that starts now (replacing any old file)."""
        journal = cls(folder / journal_name(begun.table), writer)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            journal.file = open(journal.path, "wb", buffering=0)  # noqa: SIM115 (kept open)
        except OSError as exc:
            journal._fail(exc)
        journal.write([begun], sync=False)  # the first hand's entry follows, with the fsync
        return journal

    @classmethod
    def reopen(
        cls, path: Path, writer: DiskWriter, length: int, chain: bytes | None
    ) -> TableJournal:
        """Go on appending to a journal read back at start, cut to its last good line
        (whose chain value is `chain`; None for a version-1 journal)."""
        journal = cls(path, writer, chain)
        try:
            journal.file = open(path, "r+b", buffering=0)  # noqa: SIM115 (kept open)
            journal.file.truncate(length)
            journal.file.seek(length)
        except OSError as exc:
            journal._fail(exc)
        return journal

    def write(self, entries: list[Entry], sync: bool) -> None:
        """Append the entries (one write) before their events go out; fsync if `sync`.

        A journal that cannot be written is given up for this session (an ERROR in the log):
        the game goes on, only a restart could not bring it back."""
        if self.broken or not entries:
            return
        chain = self.chain
        lines = []
        for entry in entries:
            line = _encoder.encode(entry)
            if chain is not None:
                line, chain = seal(line, chain)
            lines.append(line + b"\n")
        data = b"".join(lines)
        try:
            written = self.file.write(data)
            if written != len(data):  # a raw file may take less (a full disk)
                raise OSError(f"only {written} of {len(data)} bytes written")
            if sync:
                os.fsync(self.file.fileno())
                self.syncs += 1
        except (OSError, ValueError) as exc:
            self._fail(exc)
            return
        self.lines += len(entries)
        self.chain = chain

    def after_step(self, first: Entry, session: Session, deliveries: list[Delivery]) -> None:
        """Journal an accepted action (or departure) and what it led to: a hand's end, the
        next hand, the session's end. Synced with those, and when a claim was carried out
        or a kong declared (tiles laid down from a claim window or the hand); not for each
        discard, draw or pass (see the module's docstring)."""
        entries: list[Entry] = [first]
        laid = False
        for delivery in deliveries:
            event = delivery.event
            if isinstance(event, HandEnded):
                entries.append(HandOver(session.hand_number, event.scores))
            elif isinstance(event, HandStarted):
                entries.append(hand_begun(session))
            elif isinstance(event, SessionEnded):
                entries.append(SessionOver(event.reason))
            elif isinstance(event, MeldClaimed | KongDeclared):
                laid = True
        self.write(entries, sync=laid or len(entries) > 1 or not isinstance(first, Acted))

    def finish(self, seed: int) -> None:
        """The session is over (its `end` entry written): rename the file to `.done` now,
        and remove it once the writes queued before (the last hand's record) are done."""
        self.close()
        if self.broken:
            return
        done = self.path.with_name(f"{self.path.stem}.{seed:016x}.done")
        try:
            replace(self.path, done)
        except OSError as exc:
            log.error("could not close the journal %s (%s); it is removed at start", done, exc)
            return
        self.writer.submit(f"the removal of {done.name}", lambda: done.unlink(missing_ok=True))

    def close(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError as exc:
                self._fail(exc)
            self.file = None

    def _fail(self, exc: BaseException) -> None:
        """Give the journal up; its file goes too, as a restart from it would take the
        table back to where the journal stopped, not where the game is."""
        self.broken = True
        if self.file is not None:
            with contextlib.suppress(OSError):
                self.file.close()
            self.file = None
        try:
            self.path.unlink(missing_ok=True)
            gone = "removed"
        except OSError as removal:
            gone = f"could not be removed ({removal}): a restart would take it back there"
        log.error(
            "the journal %s cannot be written (%s): the game goes on, but a host restart "
            "could not bring this session back; the journal is %s",
            self.path,
            exc,
            gone,
        )


def hand_begun(session: Session) -> HandBegun:
    assert session.hand is not None
    setup = session.hand.setup
    return HandBegun(setup.hand_number, setup.seed, setup.dealer)


def session_begun(
    table: str,
    options: TableOptions,
    session: Session,
    seats: tuple[SeatEntry, SeatEntry, SeatEntry, SeatEntry],
    owner: int | None,
    bot_pace: str = "",
) -> SessionBegun:
    return SessionBegun(
        table=table,
        options=options,
        ruleset_digest=session.rules.digest,
        seed=session.seed,
        scores=(session.scores[0], session.scores[1], session.scores[2], session.scores[3]),
        seats=seats,
        owner=owner,
        started=datetime.date.today().isoformat(),
        deal_key=session.deal_key.hex() if session.deal_key is not None else "",
        bot_pace=bot_pace,
    )


# --- reading back ------------------------------------------------------------------------


@dataclass
class Replayed:
    """A journal read back and replayed: the session as it was when the file ended."""

    path: Path
    begun: SessionBegun
    session: Session
    records: list[HandRecord] = field(default_factory=list)
    """The record of every hand the journal saw end, in order."""
    length: int = 0
    """Bytes of whole, good lines (a torn last line, or the lines from a break on, past it)."""
    torn: bool = False
    over: bool = False
    """The journal's session ended (an `end` entry)."""
    chain: bytes | None = CHAIN_START
    """The chain value of the last good line (None: a version-1 journal, unchained)."""
    damage: str = ""
    """What broke the chain ("" if nothing did): which line, how, what was left out."""
    lines: int = 0
    """Good lines replayed."""


def read_file(path: Path, limit: int = MAX_JOURNAL_BYTES) -> bytes:
    """A journal's bytes, or a records file's beside it: the one place restoring reads (a
    regular file, at most `limit` bytes, else FileRefused, an OSError)."""
    return read_limited(path, limit)


def read_journal(path: Path) -> Replayed:
    """Read and replay a journal up to its first break in the chain; raise JournalCorrupt
    saying why it cannot be."""
    try:
        raw = read_file(path)
    except OSError as exc:
        raise JournalCorrupt(f"cannot read it: {exc.strerror or exc}") from exc
    lines = raw.split(b"\n")
    tail = lines.pop()  # after the last newline: b"" when the last line is whole
    chain: bytes | None = CHAIN_START if lines and is_sealed(lines[0]) else None
    entries: list[Entry] = []
    length = 0
    torn = bool(tail)
    damage = ""
    for number, line in enumerate(lines, start=1):
        body = line
        if chain is not None:
            try:
                body, chain_after = unseal(line, chain)
            except ChainBroken as exc:
                if number == 1:
                    raise JournalCorrupt(f"line 1 (the session's entry): {exc}") from exc
                damage = (
                    f"line {number} of {len(lines)} breaks the chain: {exc}; lines "
                    f"{number}-{len(lines)} left out"
                )
                torn = False  # what follows the break is left out with it
                break
        try:
            check_json(body)  # TooDeep, a DecodeError: msgspec would recurse
            entries.append(_decoder.decode(body))
        except msgspec.DecodeError as exc:
            if number == len(lines) and not tail and chain is None:
                torn = True  # the last line, damaged as the host died: as if never written
                break
            raise JournalCorrupt(f"line {number} is not a journal entry: {exc}") from exc
        if chain is not None:
            chain = chain_after
        length += len(line) + 1
    if torn:
        log.warning(
            "journal %s: its last line was cut short (the host stopped while writing it); "
            "left out",
            path,
        )
    replayed = replay_entries(path, entries, chained=chain is not None)
    replayed.length = length
    replayed.torn = torn
    replayed.chain = chain
    replayed.damage = damage
    replayed.lines = len(entries)
    return replayed


def replay_entries(path: Path, entries: list[Entry], chained: bool = True) -> Replayed:
    """A fresh Session played through the entries; JournalCorrupt where they disagree."""
    if not entries or not isinstance(entries[0], SessionBegun):
        raise JournalCorrupt("it does not start with the session's entry")
    begun = entries[0]
    expected = JOURNAL_VERSION if chained else UNCHAINED_VERSION
    if begun.version != expected:
        sealed = "sealed into a chain" if chained else "without a chain"
        raise JournalCorrupt(f"journal version {begun.version} {sealed}: not a journal")
    try:
        rules = make_ruleset(begun.options)
    except MahjongError as exc:
        raise JournalCorrupt(f"its table options are not valid now: {exc}") from exc
    if rules.digest != begun.ruleset_digest:
        raise JournalCorrupt("it was played under other rules (the ruleset digest differs)")
    try:
        deal_key = bytes.fromhex(begun.deal_key) if begun.deal_key else None
    except ValueError as exc:
        raise JournalCorrupt(f"its deal key is not hex: {exc}") from exc
    session = Session(rules, begun.seed, begun.scores, deal_key)
    session.start()
    replayed = Replayed(path, begun, session)
    for number, entry in enumerate(entries[1:], start=2):
        if replayed.over:
            raise JournalCorrupt(f"line {number} comes after the session's end")
        try:
            _apply(replayed, entry)
        except MahjongError as exc:  # IllegalAction: not what this engine accepts there
            raise JournalCorrupt(f"line {number} ({entry!r:.120}) does not replay: {exc}") from exc
        except JournalCorrupt as exc:
            raise JournalCorrupt(f"line {number}: {exc}") from exc
    return replayed


def _apply(replayed: Replayed, entry: Entry) -> None:
    session = replayed.session
    if isinstance(entry, Acted):
        session.step(entry.seat, entry.action)
        if session.hand is not None and session.hand.ended and (
            not replayed.records or replayed.records[-1].hand_number != session.hand_number
        ):
            replayed.records.append(record_of(session.hand))
    elif isinstance(entry, Contributed):
        if entry.hand_number != session.hand_number:
            raise JournalCorrupt(f"a contribution to hand {entry.hand_number} in another")
        try:
            value = bytes.fromhex(entry.value)
        except ValueError as exc:
            raise JournalCorrupt(f"a contribution that is not hex: {exc}") from exc
        session.contribute(entry.seat, value)
    elif isinstance(entry, Departed):
        session.leave_after_hand(entry.seat)
    elif isinstance(entry, Returned):
        session.departing.discard(entry.seat)
    elif isinstance(entry, HandBegun):
        if session.hand is None or hand_begun(session) != entry:
            raise JournalCorrupt(f"the hand dealt is not {entry!r}")
    elif isinstance(entry, HandOver):
        hand = session.hand
        if hand is None or hand.result is None or hand.setup.hand_number != entry.hand_number:
            raise JournalCorrupt(f"hand {entry.hand_number} has not ended here")
        if hand.result.scores != entry.scores:
            raise JournalCorrupt(f"hand {entry.hand_number} ends with other scores")
    elif isinstance(entry, SessionOver):
        if not session.over:
            raise JournalCorrupt("the session ends here, but not on replay")
        replayed.over = True
    else:
        raise JournalCorrupt("a second session entry")
