"""The record files a table hands its players: one per finished hand, with the session it
belongs to and who sat where (shared/records.py, shared/RECORDS.md).

Everything in a record is public once its hand has ended, so the room sends each file
right after the hand's `hand_ended` (PROTOCOL.md §5 `hand_record`) and keeps the
session's files to send again to a player who comes back.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Mapping, Sequence

from server.engine.lobby import Lobby, Occupant
from shared.records import (
    HandRecord,
    RecordFile,
    RecordSeat,
    RecordSession,
    identity_fingerprint,
    make_record_file,
)
from shared.version import VERSION


def utc_now_text() -> str:
    """Now, in the records' form: ISO 8601 UTC to the second (2026-12-01T19:30:00Z)."""
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    return now.isoformat().replace("+00:00", "Z")


def session_id(seed: int) -> str:
    """The session's id in its records: a one-way digest of the session's seed, so that
    every hand of a session (a table brought back from its journal too) has the same id
    while nobody can work the seed, and from it the hands to come, back out of it."""
    return hashlib.sha256(f"gdmj-session:{seed}".encode()).hexdigest()[:16]


def record_seats(
    occupants: Sequence[Occupant | None], identities: Mapping[int, str]
) -> tuple[RecordSeat, RecordSeat, RecordSeat, RecordSeat]:
    """Who sat at each seat, as a record names them: a person by their identity's
    fingerprint (the person who began the session there, also while a computer player
    finishes it for them), a computer player by its level."""
    seats: list[RecordSeat] = []
    for seat, occupant in enumerate(occupants):
        if occupant is None:
            seats.append(RecordSeat("?", "bot"))
        elif occupant.bot:
            seats.append(RecordSeat(occupant.name, "bot", level=occupant.level))
        else:
            identity = identities.get(seat, "")
            fingerprint = identity_fingerprint(identity) if identity else ""
            seats.append(RecordSeat(occupant.name, "human", identity=fingerprint))
    assert len(seats) == 4
    return (seats[0], seats[1], seats[2], seats[3])


class SessionRecords:
    """The record files of one session's finished hands, in order."""

    def __init__(self, table: str, seed: int, lobby: Lobby, started: str) -> None:
        # The host is the table's owner: who sat first, the hosting player at a table the
        # game hosts (a gdmj-host's tables have no hosting player, so their first guest).
        owner = next((o for o in lobby.seats if o is not None and o.player == lobby.owner), None)
        self.session = RecordSession(
            session_id=session_id(seed),
            table=table,
            started=started,
            host=owner.name if owner is not None else "",
        )
        self.files: list[RecordFile] = []

    def add(
        self, record: HandRecord, seats: tuple[RecordSeat, RecordSeat, RecordSeat, RecordSeat]
    ) -> RecordFile:
        record_file = make_record_file(record, self.session, seats, VERSION)
        self.files.append(record_file)
        return record_file
