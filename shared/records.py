"""Hand records (牌谱) as files: what a hand was, who sat where, and the envelope that makes
one hand a self-contained file a player keeps, opens in the viewer or sends to a friend.

`HandRecord` is the hand itself (its setup, seed, options, every action, the result): enough
for the engine to replay it exactly (server/records.py replays it). `RecordFile` wraps one
record with what a player looking back wants to know and the engine does not need: the
session it belongs to, the names and identities at each seat, the game that wrote it.
The format is documented in shared/RECORDS.md; a file that is not one, is damaged, or comes
from a newer format is refused with `RecordFileError` naming the problem.
"""

from __future__ import annotations

import hashlib
from typing import Literal

import msgspec

from shared.actions import AnyAction
from shared.events import HandEnded, Hex32, Hex32OrEmpty
from shared.nesting import TooDeep, check_json
from shared.ruleset import TableOptions
from shared.shuffle import SHUFFLE_V1

RECORD_FORMAT = "gdmj-hand-record"
"""The `format` field of every record file: what tells a record from any other JSON."""

RECORD_FILE_VERSION = 2
"""The envelope's version. A reader refuses a newer one (it cannot know what changed) and
reads every older one it knows. 2: a hand's `deal` (a reader of version 1 would shuffle
its wall from the seed and replay another hand)."""

RECORD_SUFFIX = ".gdmjrec"
"""The file name ending the game gives a record it writes or exports."""

MAX_RECORD_FILE_BYTES = 4 * 1024 * 1024
"""A real hand's record is a few kilobytes; anything this large is refused unread (a
reader passes it to machine.files.read_limited, which never reads more)."""


class DealRecord(msgspec.Struct, frozen=True):
    """A verifiable deal (PROTOCOL.md §15): what the wall and the dice were derived from."""

    session_tag: str
    commitment: Hex32
    """What the host announced before the deal."""
    secret: Hex32
    contributions: tuple[Hex32, Hex32, Hex32, Hex32]
    """By seat, as used (64 zeros where none came in time, and for a computer seat)."""
    shuffle: str = SHUFFLE_V1
    defaulted: tuple[int, ...] | None = None
    """The seats dealt the default contribution, as the roll named them (PROTOCOL.md §15);
    None in a record written before the deal named them (protocol 3)."""


class HandRecord(msgspec.Struct, frozen=True):
    """One finished hand as the host saves it (a JSON line)."""

    hand_number: int
    seed: int
    dealer: int
    seat_winds: tuple[int, int, int, int]
    prevailing_wind: int
    scores_before: tuple[int, int, int, int]
    dealer_repeat: int
    ruleset_digest: str
    actions: tuple[tuple[int, AnyAction], ...]
    result: HandEnded
    wall: tuple[int, ...] | None = None
    """The wall, only for a hand played on a rigged wall (tests, puzzles)."""
    options: TableOptions | None = None
    """The table options the hand was played with, each resolved against the preset (no
    "preset's default"), so the record replays without being told its rules. None in records
    written before the options were kept: those replay with their rules given."""
    deal: DealRecord | None = None
    """The verifiable deal the wall and dice came from; None in records made before
    verifiable deals (and for a rigged wall): their wall is shuffled from `seed`."""


class RecordSeat(msgspec.Struct, frozen=True):
    """Who sat at one seat (by seat number, 0-3) during the hand."""

    name: str
    kind: Literal["human", "bot"]
    identity: str = ""
    """The player's identity fingerprint (`identity_fingerprint` of who the host knows
    them as); empty for a computer player."""
    level: str = ""
    """A computer player's level (easy, normal, strong); empty for a person."""


class RecordSession(msgspec.Struct, frozen=True):
    """The evening a hand belongs to: the hands of one session share `session_id`."""

    session_id: str
    """The host's id for the session (unique per table per start)."""
    table: str
    """The table's name as the lobby showed it."""
    started: str
    """When the session started, ISO 8601 in UTC (e.g. 2026-12-01T19:30:00Z)."""
    host: str = ""
    """The hosting player's name (empty for a host run on its own)."""


class RecordFile(msgspec.Struct, frozen=True):
    """One hand as a self-contained file."""

    format: str
    version: int
    game_version: str
    session: RecordSession
    seats: tuple[RecordSeat, RecordSeat, RecordSeat, RecordSeat]
    record: HandRecord
    verification: DealVerification | None = None
    """What the player who kept the file saw of the deal and its check, if they played or
    watched it (shared/verification.py); None in a host's own record and older files."""


class DealVerification(msgspec.Struct, frozen=True):
    """One player's check of a verifiable deal, as they saw it (RECORDS.md)."""

    seat: int | None
    """The seat of the player who saw it; None for a spectator."""
    hand_number: int
    session_tag: str
    commitment: Hex32OrEmpty
    """What the host announced before the deal ("" if the player came in after it)."""
    contributed: Hex32OrEmpty
    """What this player sent ("" if nothing, or nothing the host took)."""
    secret: Hex32OrEmpty
    """The revealed secret ("" if none was revealed)."""
    contributions: tuple[str, ...]
    """The revealed contributions by seat (empty if none were revealed)."""
    dice: tuple[int, int] | None
    """The dice the player saw rolled."""
    taken: tuple[tuple[int, int], ...]
    """(seat, place in the wall) of every tile the player saw taken from the wall, in order
    (the deal's too), places counted in draw order from 0."""
    known: tuple[tuple[int, int], ...]
    """(place in the wall, tile) of every tile the player saw exactly where it came from:
    their own draws, every flower as it was drawn, the horses."""
    held: tuple[tuple[int, ...], ...]
    """By seat: every tile the seat took from the wall, sorted, as the hand's end showed
    (its tiles, melds, discards and flowers); empty if the player missed part of the hand."""
    problems: tuple[str, ...] = ()
    """The player's verdict as the hand ended: empty when everything matched."""


def identity_fingerprint(identity: str) -> str:
    """What a record names a person by: 16 hex digits of the SHA-256 of the host's identity
    text (`key:` and their public key, or `id:` and an insecure hello's client id). Not the
    identity itself: on an insecure host the client id is what lets someone play as that
    player, and records travel to everyone at the table and on to friends."""
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16]


class RecordFileError(ValueError):
    """A file that cannot be read as a hand record; the message says why, for the player."""


class _Envelope(msgspec.Struct):
    """Just enough of a file to tell what it is before trusting the rest."""

    format: str = ""
    version: int = 0


_envelope_decoder = msgspec.json.Decoder(_Envelope)
_file_decoder = msgspec.json.Decoder(RecordFile)
_encoder = msgspec.json.Encoder()


def make_record_file(
    record: HandRecord,
    session: RecordSession,
    seats: tuple[RecordSeat, RecordSeat, RecordSeat, RecordSeat],
    game_version: str,
) -> RecordFile:
    """The file for one hand, in today's format."""
    return RecordFile(
        format=RECORD_FORMAT,
        version=RECORD_FILE_VERSION,
        game_version=game_version,
        session=session,
        seats=seats,
        record=record,
    )


def encode_record_file(record_file: RecordFile) -> bytes:
    """The file's bytes (UTF-8 JSON, one object)."""
    return _encoder.encode(record_file)


def decode_record_file(data: bytes) -> RecordFile:
    """Read a record file, or raise RecordFileError saying what is wrong with it."""
    if len(data) > MAX_RECORD_FILE_BYTES:
        raise RecordFileError(
            f"not a hand record: the file is {len(data):,} bytes "
            f"(a record is at most {MAX_RECORD_FILE_BYTES:,})"
        )
    try:
        check_json(data)  # before msgspec, which recurses (shared/nesting.py)
    except TooDeep as exc:
        raise RecordFileError(f"the record is damaged: {exc}") from None
    try:
        envelope = _envelope_decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise RecordFileError(f"not a hand record: the file is not JSON ({exc})") from None
    if envelope.format != RECORD_FORMAT:
        raise RecordFileError(
            f"not a hand record: its format is {envelope.format!r}, not {RECORD_FORMAT!r}"
        )
    if envelope.version > RECORD_FILE_VERSION:
        raise RecordFileError(
            f"the record is in format version {envelope.version}, newer than this game reads "
            f"({RECORD_FILE_VERSION}): update the game to open it"
        )
    if envelope.version < 1:
        raise RecordFileError(f"the record's format version {envelope.version} is not valid")
    try:
        record_file = _file_decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise RecordFileError(f"the record is damaged: {exc}") from None
    except msgspec.DecodeError as exc:
        raise RecordFileError(f"the record is damaged: {exc}") from None
    _check_consistent(record_file.record)
    return record_file


def _check_consistent(record: HandRecord) -> None:
    """Facts a well-formed record keeps that the types alone do not say."""
    if not 0 <= record.dealer < 4:
        raise RecordFileError(f"the record is damaged: its dealer is seat {record.dealer}")
    if not 0 <= record.prevailing_wind < 4:
        raise RecordFileError(
            f"the record is damaged: its prevailing wind is {record.prevailing_wind}, not 0-3"
        )
    if sorted(record.seat_winds) != [0, 1, 2, 3]:
        raise RecordFileError(
            f"the record is damaged: its seat winds {list(record.seat_winds)} are not one each"
        )
    for index, (seat, _action) in enumerate(record.actions):
        if not 0 <= seat < 4:
            raise RecordFileError(
                f"the record is damaged: action {index + 1} is by seat {seat}"
            )
