"""The host's start on a data dir with journals: the tables whose session was in play
come back (server/journal.py has the format; PROTOCOL.md §10.8 what players see).

For each `journal/*.jnl`: the journal is replayed on a fresh Session, so the hand in play is
exactly where it was, to the tile. The table is rebuilt around it: the same seats and names,
each player's resume token kept; every player counts as dropped (the host has lost every
connection), so a computer player plays their seat until they say hello with their token,
after RESTART_GRACE_SECONDS (a client notices the restart within a second or two and comes
back; a computer player that acted at once would play their turn for them). The drop
allowance (RULES.md §2, PROTOCOL §10.5) starts again from the restart: the rest of the hand
in play and the next (between hands: the next two); a restart is the host's doing and costs
no player their seat. The table's computer players play on at once; the turn and claim
timers start afresh.

Every hand the journal saw end gets its record (and the players their scores) if the host
was killed before the disk writer had written them; a journal whose session had ended
(`.done`, or an `end` entry) is then removed. A journal that cannot be replayed is kept
aside (`NAME.corrupt-YYYYMMDD-HHMMSS`) and the host starts without that table, saying why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import cast

import msgspec

from machine.files import read_limited
from server.engine.bots import make_bot
from server.engine.lobby import Occupant
from server.engine.session import SessionPhase
from server.engine.table import SEATS
from server.journal import JournalCorrupt, Replayed, TableJournal, read_journal
from server.limits import MAX_RECORDS_DAY_BYTES
from server.records import HandRecord, encoder
from server.room import Member, Room
from server.store import RecordLog, ScoreStore, _keep_aside
from shared.actions import BOT_PACES, BotPace
from shared.nesting import check_json

log = logging.getLogger(__name__)

RESTART_GRACE_SECONDS = 8.0
"""After a restart, how long a player's seat waits for them before a computer player plays
it: a client pings every second and says hello again on the `not_joined` answer, or after
4 s of silence (PROTOCOL.md §10.5), so 8 s covers both with room to spare."""


class _RecordKey(msgspec.Struct):
    """The two fields of a saved record that name its hand (the rest is not read)."""

    seed: int
    hand_number: int


_key_decoder = msgspec.json.Decoder(_RecordKey)


def restore_tables(
    folder: Path,
    store: ScoreStore,
    records: RecordLog,
    make_room: Callable[[str], Room | None],
    next_player: int,
    now: float,
) -> tuple[list[Room], int]:
    """The tables brought back from `folder`'s journals, and the next free player id."""
    rooms: list[Room] = []
    if not folder.is_dir():
        return rooms, next_player
    for path in sorted(folder.glob("*.done")) + sorted(folder.glob("*.jnl")):
        replayed = _read(path)
        if replayed is None:
            continue
        _complete_saves(replayed, store, records)
        if path.suffix == ".done" or replayed.over:
            store.writer.submit(f"the removal of {path.name}", _unlinker(path))
            continue
        name = replayed.begun.table
        duplicate = any(r.name == name for r in rooms)  # a journal file copied by hand
        room = None if duplicate else make_room(name)
        if room is None:
            why = "a table of that name is back already" if duplicate else "no more tables"
            log.error("journal %s: table %r not restored: %s", path, name, why)
            _set_aside(path, why)
            continue
        next_player = _seat_everyone(room, replayed, next_player, now)
        room.journal = TableJournal.reopen(path, store.writer, replayed.length)
        rooms.append(room)
        session = replayed.session
        log.info(
            "table %r restored from its journal: hand %d%s, %d actions in",
            room.name,
            session.hand_number,
            " (between hands)" if session.hand is None or session.hand.ended else "",
            len(session.hand.log) if session.hand is not None else 0,
        )
    return rooms, next_player


def _read(path: Path) -> Replayed | None:
    try:
        return read_journal(path)
    except JournalCorrupt as exc:
        _set_aside(path, str(exc))
    except Exception as exc:  # a journal never stops the host from starting
        log.exception("journal %s could not be replayed", path)
        _set_aside(path, f"{type(exc).__name__}: {exc}")
    return None


def _set_aside(path: Path, why: str) -> None:
    try:
        kept = _keep_aside(path)
    except OSError as exc:
        log.error("journal %s cannot be replayed (%s) nor moved aside (%s)", path, why, exc)
        return
    log.error(
        "journal %s cannot be replayed (%s): kept as %s; the host starts without that table",
        path,
        why,
        kept.name,
    )


def _unlinker(path: Path) -> Callable[[], None]:
    return lambda: path.unlink(missing_ok=True)


def _complete_saves(replayed: Replayed, store: ScoreStore, records: RecordLog) -> None:
    """The records and scores the host had not written yet when it stopped."""
    saved = _saved_hands(records.folder, replayed.begun.started)
    for record in replayed.records:
        if (record.seed, record.hand_number) not in saved:
            log.info("hand %d's record written from the journal", record.hand_number)
            records.append(encoder.encode(record), f"the record of hand {record.hand_number}")
    if not replayed.records:
        return
    last: HandRecord = replayed.records[-1]
    changes = {
        seat.identity: (seat.name, last.result.scores[s])
        for s, seat in enumerate(replayed.begun.seats)
        if not seat.bot
        and seat.identity
        and not (
            store.known(seat.identity) and store.get(seat.identity, 0) == last.result.scores[s]
        )
    }
    if changes:
        store.update(changes)


def _saved_hands(folder: Path, since: str) -> set[tuple[int, int]]:
    """(seed, hand number) of the records in the files of `since` (a date) and after."""
    found: set[tuple[int, int]] = set()
    for path in sorted(folder.glob("*.jsonl")):
        if path.stem < since:
            continue
        try:
            lines = read_limited(path, MAX_RECORDS_DAY_BYTES).splitlines()
        except OSError as exc:
            log.warning("records file %s unreadable (%s)", path, exc)
            continue
        for line in lines:
            try:
                check_json(line)  # TooDeep, a DecodeError: msgspec would recurse
                key = _key_decoder.decode(line)
            except msgspec.DecodeError:
                continue  # not ours to judge here: a damaged line is not a hand's record
            found.add((key.seed, key.hand_number))
    return found


def _seat_everyone(room: Room, replayed: Replayed, next_player: int, now: float) -> int:
    """Put the session back at the table; every player dropped, with their token."""
    begun, session = replayed.begun, replayed.session
    room.session = session
    room.rules = session.rules
    room.lobby.options = begun.options
    if begun.bot_pace in BOT_PACES:  # "" (a journal from before): the host's default
        room.lobby.bot_pace = cast(BotPace, begun.bot_pace)
    room.autoplay = set(range(SEATS))
    # The allowance, from the restart: the rest of the hand in play and the next one (so,
    # between hands, the next two: a player still reconnecting as the others continue
    # must not find their seat given up at the next deal).
    between = session.phase is SessionPhase.BETWEEN_HANDS
    last_hand = session.hand_number + (2 if between else 1)
    for seat, entry in enumerate(begun.seats):
        if entry.bot:
            level = entry.level or "normal"
            room.lobby.seats[seat] = Occupant(None, entry.name, accepted=True, level=level)
            continue
        player = next_player
        next_player += 1
        # `away` until they are back: the others' games say whom the table waits for.
        room.lobby.seats[seat] = Occupant(player, entry.name, accepted=True, away=True)
        room.members[player] = Member(
            player, entry.name, entry.token, entry.identity, seat, connected=False
        )
        if entry.identity:
            room.seat_identities[seat] = entry.identity
        if seat == begun.owner:
            room.lobby.owner = player
        if seat not in session.departing:
            room.dropped[seat] = last_hand
        room.held[seat] = now + RESTART_GRACE_SECONDS
    room.bots = {
        s: make_bot(room.seat_level(s), session.rules, room.rng.getrandbits(32))
        for s in range(SEATS)
    }
    room.restart_timers(now)
    return next_player
