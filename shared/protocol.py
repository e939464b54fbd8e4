"""The network protocol between a host and its clients: typed messages, MessagePack frames.

One ZeroMQ message part per message, each a MessagePack map tagged by its `type` field.
`decode_client` / `decode_host` turn untrusted bytes into a message or raise
`ProtocolError` naming the problem. See PROTOCOL.md beside this file.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from shared.actions import AnyAction, LobbyAction
from shared.errors import ProtocolError
from shared.events import AnyEvent, DealCommitted, HandEnded, Hex32, LobbyUpdated
from shared.nesting import MAX_FRAME_ITEMS, TooDeep, check_msgpack
from shared.records import RecordFile
from shared.ruleset import TableOptions
from shared.score_sheet import SheetHand
from shared.views import TableView

PROTOCOL_VERSION = 4
"""2: players are known by their key (or `Hello.client_id`), not by name (PROTOCOL.md §4).
3: verifiable deals — `deal_committed`, `contribute`, `deal_revealed` (PROTOCOL.md §15).
4: a deal names the seats it took no contribution from (`dice_rolled.defaulted`,
`deal_revealed.defaulted`), and a snapshot carries the hand's commitment (`snapshot.deal`),
so a client treats a left-out contribution as a failed check and a resumed one verifies."""
MAX_FRAME_BYTES = 64 * 1024
"""The largest frame a host accepts; anything bigger is refused unread."""
DEFAULT_PORT = 47251
"""The TCP port a host listens on unless told otherwise."""
SERVICE_TYPE = "_gdmahjong._tcp.local."
"""The DNS-SD type a host announces its table as (PROTOCOL.md §13)."""
PING_SECONDS = 1.0
"""How often a client pings the host."""
LOST_AFTER_SECONDS = 4.0
"""Silence after which a client counts as gone (a bot plays its seat) and a client counts
its host as silent."""

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=24)]
Token = Annotated[str, msgspec.Meta(max_length=64)]
ClientId = Annotated[str, msgspec.Meta(max_length=64, pattern=r"^([!-~]{16,64})?$")]
"""Empty, or 16–64 printable ASCII characters without spaces."""


class Message(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every message."""


# --- client → host ------------------------------------------------------------------


class Hello(Message, tag="hello", frozen=True):
    """The first message of a connection: who is joining, and how."""

    protocol: int
    name: Name
    table_code: Token = ""
    resume_token: Token = ""
    """The token a Welcome gave, to take one's seat back after a disconnect."""
    spectate: bool = False
    table: Annotated[str, msgspec.Meta(max_length=32)] = ""
    """Which table of the host to join; empty: the host's own table."""
    client_id: ClientId = ""
    """Who the player is on an insecure host (random, kept by the install; anyone who reads
    it can pose as them). An encrypted host knows the player by its key and ignores it."""


class Act(Message, tag="act", frozen=True):
    """A proposed action: a lobby action, or a hand action of one's seat."""

    action: AnyAction | LobbyAction


PHRASES = ("hurry", "nice", "sorry", "again", "thanks", "hold_on", "no_way", "prosper")
"""Quick-chat phrases by index: 快啲啦! 好嘢! 唔好意思 再嚟过! 多谢晒! 等阵先! 咁都得?! 恭喜发财!"""


class Say(Message, tag="say", frozen=True):
    """Say a quick-chat phrase to the table (no free text: nothing to moderate)."""

    phrase: Annotated[int, msgspec.Meta(ge=0, lt=len(PHRASES))]


class Contribute(Message, tag="contribute", frozen=True):
    """A seated player's random contribution to a hand's deal, sent on `deal_committed`
    (PROTOCOL.md §15): 32 bytes from a cryptographic generator, as 64 lowercase hex digits."""

    hand_number: Annotated[int, msgspec.Meta(ge=1)]
    value: Hex32


class SnapshotRequest(Message, tag="snapshot_request", frozen=True):
    """Ask for a full snapshot (after a gap in event sequence numbers)."""


class Ping(Message, tag="ping", frozen=True):
    sent_ms: int = 0


class Bye(Message, tag="bye", frozen=True):
    """Leaving on purpose (no bot takes over; the seat is left)."""


ClientMessage = Hello | Act | Say | Contribute | SnapshotRequest | Ping | Bye


# --- host → client ------------------------------------------------------------------


class Welcome(Message, tag="welcome", frozen=True):
    """The host accepted a Hello."""

    protocol: int
    table_name: str
    player_id: int
    resume_token: str
    seat: int | None
    """None for a spectator."""
    options: TableOptions | None
    ruleset_digest: str
    """Hash of the preset and options the table plays (empty until the base is set)."""


class Snapshot(Message, tag="snapshot", frozen=True):
    """Everything the receiver may know now; later events continue from `seq`."""

    seq: int
    lobby: LobbyUpdated
    view: TableView | None
    last_result: HandEnded | None = None
    wait_left: float | None = None
    """Seconds left on the table's public timer for the wait in progress (the seat to move
    or roll, or the claim window): its turn_seconds/claim_seconds counted from when that
    wait began, so a client that missed the start shows the time really left; None when no
    such timer runs (the table has none, or no hand is in play)."""
    deal: DealCommitted | None = None
    """The hand's `deal_committed` as it was sent (PROTOCOL.md §15), so that a player back
    mid-hand or a spectator come late checks the hand too; None without a verifiable deal."""


class EventMessage(Message, tag="event", frozen=True):
    """One event, numbered: a client that sees a gap asks for a snapshot."""

    seq: int
    event: AnyEvent


class Prompt(Message, tag="prompt", frozen=True):
    """What the receiver may do now, and how long it has (0: no timer). Numbered like events."""

    seq: int
    legal: tuple[AnyAction, ...]
    seconds: float = 0.0


ErrorCode = Literal[
    "bad_frame",
    "too_large",
    "unknown_message",
    "bad_field",
    "not_joined",
    "version",
    "wrong_code",
    "name_taken",
    "illegal_action",
    "rate_limited",
    "table_full",
    "already_joined",
    "score_too_low",
    "host_full",
    "too_many_connections",
    "join_timeout",
    "contribution_refused",
]
"""Why an `Error` refused a request."""


class Error(Message, tag="error", frozen=True):
    """A request was refused; nothing changed."""

    code: ErrorCode
    reason: str


class Pong(Message, tag="pong", frozen=True):
    sent_ms: int = 0


NoticeCode = Literal["disk_write_failed"]
"""What a `Notice` tells."""


class Notice(Message, tag="notice", frozen=True):
    """Something the receiver must hear that answers nothing it sent (protocol 2): the
    host could not save a hand's scores or record, told to the table's owner."""

    code: NoticeCode
    text: str
    """English, for people and logs (not for parsing): what was not written, and why."""


class TimerActed(Message, tag="timer_acted", frozen=True):
    """The receiver's timer ran out and the host acted for it (protocol 2, optional: a
    client may ignore it): `action` is what it did (roll, discard, pass, or leave between
    hands). Sent to that seat's player only, after the events it caused."""

    action: AnyAction


class HandRecordMessage(Message, tag="hand_record", frozen=True):
    """A finished hand's record file, for everyone at the table (protocol 2): sent right
    after the hand's `hand_ended` event, never before, when all of it is public; the
    session's earlier records follow the snapshot of a player who comes back."""

    record: RecordFile
    """The hand as a self-contained file (shared/RECORDS.md): a client keeps it as it is."""


class ScoreSheet(Message, tag="score_sheet", frozen=True):
    """The session's running scoreboard, whole (PROTOCOL.md §5 `score_sheet`): after every
    snapshot, after each hand's `hand_ended`, and (empty) when a session starts. Between
    sessions, the last session's. A message of its own, so older clients ignore it."""

    names: tuple[str, str, str, str]
    """Who played each seat in the session (a seat left since keeps its name)."""
    start_scores: tuple[int, int, int, int]
    """Each seat's score when the session began."""
    hands: tuple[SheetHand, ...]
    """Every finished hand of the session, in order."""
    over: bool = False
    """The session has ended: this is its final sheet."""


class SavedScore(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One seat's score as the host saved it (TableClosed)."""

    name: str
    score: int
    bot: bool = False


class TableClosed(Message, tag="table_closed", frozen=True):
    """The host closes the table: the last message of every connection at it.

    Sent when the host stops on purpose (the player whose game hosts the table left, or
    whoever runs `gdmj-host` stopped it), before its socket closes; a host that dies sends
    nothing, and its clients find out from its silence (PROTOCOL.md §1)."""

    by: str
    """The name of the player whose game hosted the table and who closed it; "" when the
    host was stopped by whoever runs it (Ctrl+C or SIGTERM to `gdmj-host`)."""
    scores: tuple[SavedScore, ...] = ()
    """The scores saved, seat by seat: mid-session each seat's score after the last
    finished hand (a hand in play when the table closed does not count); in the lobby each
    seated player's saved score, for those who have one."""


HostMessage = (
    Welcome
    | Snapshot
    | EventMessage
    | Prompt
    | Error
    | Pong
    | Notice
    | TimerActed
    | HandRecordMessage
    | ScoreSheet
    | TableClosed
)


_client_decoder = msgspec.msgpack.Decoder(ClientMessage)
_host_decoder = msgspec.msgpack.Decoder(HostMessage)
_encoder = msgspec.msgpack.Encoder()


def encode(message: Message) -> bytes:
    """One frame of plain MessagePack."""
    return _encoder.encode(message)


def decode_client(frame: bytes) -> ClientMessage:
    """A client's frame, validated; raises ProtocolError naming what is wrong."""
    if len(frame) > MAX_FRAME_BYTES:
        raise ProtocolError(f"frame of {len(frame)} bytes is over {MAX_FRAME_BYTES}")
    try:
        check_msgpack(frame, MAX_FRAME_ITEMS)  # msgspec would recurse (shared/nesting.py)
        return _client_decoder.decode(frame)
    except TooDeep as exc:
        raise ProtocolError(f"invalid message: {exc}") from None
    except msgspec.ValidationError as exc:
        raise ProtocolError(f"invalid message: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"not MessagePack: {exc}") from None


def decode_host(frame: bytes) -> HostMessage:
    """A host's frame, validated (a client trusts nothing either)."""
    try:
        check_msgpack(frame)  # no count of values: a record holds thousands
        return _host_decoder.decode(frame)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ProtocolError(f"invalid host message: {exc}") from None
