"""A finished hand's keeping: its record and the players' new scores queued for the disk
(server/store.py), and the record file every player at the table is given
(server/record_files.py, PROTOCOL.md §5 `hand_record`)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping

from server.engine.lobby import Lobby
from server.engine.table import HandTable
from server.record_files import SessionRecords, record_seats
from server.records import encoder, record_of
from server.room_joining import Member
from server.room_timers import Outgoing
from server.store import RecordLog, ScoreStore
from shared.protocol import HandRecordMessage

log = logging.getLogger(__name__)


def save_hand(
    hand: HandTable,
    lobby: Lobby,
    seat_identities: Mapping[int, str],
    records: RecordLog,
    store: ScoreStore,
    table: str,
) -> None:
    """The hand's record and each person's score after it, queued for the disk writer."""
    records.append(
        encoder.encode(record_of(hand)), f"the record of hand {hand.setup.hand_number}", table
    )
    assert hand.result is not None
    changes = {
        seat_identities[s]: (o.name, hand.result.scores[s])
        for s, o in enumerate(lobby.seats)
        if o is not None and not o.bot and s in seat_identities
    }
    if changes:
        store.update(changes, table)


def share_record(
    session_records: Callable[[], SessionRecords],
    hand: HandTable,
    lobby: Lobby,
    seat_identities: Mapping[int, str],
    members: Iterable[Member],
) -> list[Outgoing]:
    """The finished hand's record file for everyone at the table, after its result
    (nothing in it is hidden any more); `session_records` gives the session's files,
    begun when asked for (a session brought back from its journal has none yet)."""
    try:
        seats = record_seats(lobby.seats, seat_identities)
        record_file = session_records().add(record_of(hand), seats)
    except Exception:  # the players' copies must never cost the table its hand's end
        log.exception("could not make the hand's record file for the players")
        return []
    message = HandRecordMessage(record_file)
    return [(m.player, message) for m in members if m.connected]


def records_for(session_records: SessionRecords | None, player: int) -> list[Outgoing]:
    """The session's records so far, for a player who comes back: they may have missed
    some while away (a client keeps one file a hand, so a repeat costs nothing)."""
    files = session_records.files if session_records is not None else []
    return [(player, HandRecordMessage(f)) for f in files]
