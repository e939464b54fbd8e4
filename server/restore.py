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

A journal whose hash chain breaks (server/journal_chain.py) is replayed up to the line
before the break; the file as it was is kept aside (`NAME.damaged-YYYYMMDD-HHMMSS`) and the
log says which line broke it and what was kept. The replayed session is then checked
against the records already written (server/reconcile.py): hands on record that the
journal lost (cut back, or left out at a break) are played on from their records, so no
hand is played, recorded or scored twice. Every hand the journal saw end gets its record
(and the players their scores) if the host was killed before the disk writer had written
them; a journal whose session had ended (`.done`, or an `end` entry) is then removed. A
journal that cannot be replayed is kept aside (`NAME.corrupt-YYYYMMDD-HHMMSS`) and the host
starts without that table, saying why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import cast

from server.engine.bots import make_bot
from server.engine.lobby import Occupant
from server.engine.session import SessionPhase
from server.engine.table import SEATS
from server.journal import Entry, JournalCorrupt, Replayed, TableJournal, read_journal
from server.reconcile import HandKey, recorded_hands, take_on
from server.records import HandRecord, encoder
from server.room import Member, Room
from server.store import RecordLog, ScoreStore, _keep_aside
from shared.actions import BOT_PACES, BotPace

log = logging.getLogger(__name__)

RESTART_GRACE_SECONDS = 8.0
"""After a restart, how long a player's seat waits for them before a computer player plays
it: a client pings every second and says hello again on the `not_joined` answer, or after
4 s of silence (PROTOCOL.md §10.5), so 8 s covers both with room to spare."""


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
        replayed, (recorded, caught_up) = _read(path, records.folder)
        if replayed is None:
            continue
        _complete_saves(replayed, store, records, recorded)
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
        room.journal = TableJournal.reopen(path, store.writer, replayed.length, replayed.chain)
        room.journal.write(caught_up, sync=True)  # the hands on record it lacked
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


def _read(
    path: Path, records: Path
) -> tuple[Replayed | None, tuple[dict[HandKey, bytes], list[Entry]]]:
    """The journal replayed up to any break and taken on through the hands on record it
    lacks, or None (set aside, logged); the hands on record since its session began, and
    the entries that bring the journal up to them."""
    try:
        replayed = read_journal(path)
        recorded = recorded_hands(records, replayed.begun.started)
        before = _where(replayed)
        taken_on = take_on(replayed, recorded)
    except JournalCorrupt as exc:
        _set_aside(path, str(exc))
        return None, ({}, [])
    except Exception as exc:  # a journal never stops the host from starting
        log.exception("journal %s could not be replayed", path)
        _set_aside(path, f"{type(exc).__name__}: {exc}")
        return None, ({}, [])
    if replayed.damage:
        try:
            kept = _keep_aside(path, copy=True, label="damaged").name
        except OSError as exc:
            kept = f"not kept ({exc})"
        log.error(
            "journal %s is damaged: %s; its lines 1-%d are kept (up to %s); the file as it "
            "was is kept as %s",
            path,
            replayed.damage,
            replayed.lines,
            before,
            kept,
        )
    if taken_on:
        log.warning(
            "journal %s ends at %s, but the records already written go further (the "
            "journal lost its end): the session is taken on from them to %s (%d entries "
            "appended); anything after that is lost",
            path,
            before,
            _where(replayed),
            len(taken_on),
        )
    if replayed.chain is None:
        log.info(
            "journal %s is from before journals were chained (version 1): replayed without "
            "the chain check",
            path,
        )
    return replayed, (recorded, taken_on)


def _where(replayed: Replayed) -> str:
    """Where the replayed session is, for the log: "hand 2, 31 actions in"."""
    session = replayed.session
    hand = session.hand
    if session.over:
        return f"the session's end, after hand {session.hand_number}"
    if hand is None or hand.ended:
        return f"between hands {session.hand_number} and {session.hand_number + 1}"
    return f"hand {session.hand_number}, {len(hand.log)} actions in"


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


def _complete_saves(
    replayed: Replayed, store: ScoreStore, records: RecordLog, saved: dict[HandKey, bytes]
) -> None:
    """The records and scores the host had not written yet when it stopped."""
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
