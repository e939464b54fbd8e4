"""A journal checked against the hand records already on disk, at restore: a journal that
lost its end (cut back, or its lines after a break in the chain left out) must never play
again, record again or score again a hand that is on record.

The records of the session's hands are found by (hand seed, hand number) in the records
files since the session's day. When the replayed session is in a hand that is on record,
or between hands before one that is, the session is played on through those records
(each hand's contributions and actions, every seat continuing between them), exactly as
the hands were played, and the entries that bring the journal up to them are returned to
be appended. The table then comes back after the last hand on record, with the scores on
record: nothing is replayed twice, and what came after that hand (a move, a departure) is
what the damage lost.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Mapping
from pathlib import Path

import msgspec

from server.engine.session import Session, SessionPhase
from server.engine.table import HandTable
from server.journal import (
    Acted,
    Contributed,
    Entry,
    HandOver,
    JournalCorrupt,
    Replayed,
    SessionOver,
    hand_begun,
    read_file,
)
from server.limits import MAX_RECORDS_DAY_BYTES
from server.records import decoder, record_of
from shared.actions import ContinueGame
from shared.errors import MahjongError
from shared.nesting import check_json
from shared.records import HandRecord
from shared.shuffle import NO_CONTRIBUTION

log = logging.getLogger(__name__)

HandKey = tuple[int, int]
"""(hand seed, hand number): a hand of a session on record."""


class _RecordKey(msgspec.Struct):
    """The two fields of a saved record that name its hand (the rest is not read)."""

    seed: int
    hand_number: int


_key_decoder = msgspec.json.Decoder(_RecordKey)


def recorded_hands(folder: Path, since: str) -> dict[HandKey, bytes]:
    """The record lines in the files of `since` (a date) and after, by their hand (the
    first line of each hand: the same hand twice is what this module prevents)."""
    found: dict[HandKey, bytes] = {}
    for path in sorted(folder.glob("*.jsonl")):
        if path.stem < since:
            continue
        try:
            lines = read_file(path, MAX_RECORDS_DAY_BYTES).splitlines()
        except OSError as exc:
            log.warning("records file %s unreadable (%s)", path, exc)
            continue
        for line in lines:
            try:
                check_json(line)  # TooDeep, a DecodeError: msgspec would recurse
                key = _key_decoder.decode(line)
            except msgspec.DecodeError:
                continue  # not ours to judge here: a damaged line is not a hand's record
            found.setdefault((key.seed, key.hand_number), line)
    return found


def _key(hand: HandTable) -> HandKey:
    return hand.setup.seed, hand.setup.hand_number


def take_on(replayed: Replayed, recorded: Mapping[HandKey, bytes]) -> list[Entry]:
    """Play the replayed session on through the hands on record its journal lacks; the
    entries to append to the journal for them ([] when it lacks none). JournalCorrupt
    when a hand on record is not the one the journal has begun (played otherwise)."""
    session = replayed.session
    entries: list[Entry] = []
    while not session.over:
        if session.phase is SessionPhase.BETWEEN_HANDS:
            choices = _next_hand_on_record(session, recorded)
            if not choices:
                break
            for seat in choices:
                session.step(seat, ContinueGame())
                entries.append(Acted(seat, ContinueGame()))
            entries.append(hand_begun(session))
            continue
        hand = session.hand
        line = recorded.get(_key(hand)) if hand is not None else None
        if hand is None or line is None:
            break
        entries += _finish_hand(session, hand, line)
        replayed.records.append(record_of(hand))
    if session.over and entries:
        assert session.end_reason is not None
        entries.append(SessionOver(session.end_reason))
        replayed.over = True
    return entries


def _next_hand_on_record(session: Session, recorded: Mapping[HandKey, bytes]) -> list[int]:
    """The seats still to choose, if every one continuing deals a hand that is on record
    (tried on a copy: the hand's seed is the session's to draw); [] if it is not."""
    ahead = copy.deepcopy(session)
    choices = ahead.awaiting()
    for seat in choices:
        ahead.step(seat, ContinueGame())
    if ahead.over or ahead.hand is None or _key(ahead.hand) not in recorded:
        return []
    return choices


def _finish_hand(session: Session, hand: HandTable, line: bytes) -> list[Entry]:
    """The hand in play finished as its record has it; the entries for what was done."""
    number = hand.setup.hand_number
    try:
        check_json(line)
        record: HandRecord = decoder.decode(line)
    except msgspec.DecodeError as exc:
        raise JournalCorrupt(f"hand {number}'s record cannot be read: {exc}") from exc
    done = len(hand.log)
    if tuple(hand.log) != record.actions[:done]:
        raise JournalCorrupt(
            f"hand {number} is on record played otherwise than this journal has it"
        )
    entries: list[Entry] = []
    try:
        if done == 0 and record.deal is not None and hand.deal is not None:
            # Before the roll: the contributions the record says were used.
            for seat, value in enumerate(record.deal.contributions):
                if hand.deal.contributions[seat] is None and value != NO_CONTRIBUTION.hex():
                    session.contribute(seat, bytes.fromhex(value))
                    entries.append(Contributed(seat, number, value))
        for seat, action in record.actions[done:]:
            session.step(seat, action)
            entries.append(Acted(seat, action))
    except (MahjongError, ValueError) as exc:
        raise JournalCorrupt(f"hand {number}'s record does not play on: {exc}") from exc
    if hand.result is None or hand.result != record.result:
        raise JournalCorrupt(f"hand {number}'s record does not end as it says on this journal")
    entries.append(HandOver(number, hand.result.scores))
    return entries
