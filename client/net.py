"""The client side of the protocol: connect, follow the table, send intents, come back.

Shared by the desktop client, the network bots and the tests. `Connection.poll()` is
called from the caller's own loop (the game's frame loop, a bot's loop); it sends pings,
applies numbered events to the view, asks for a snapshot on a gap, and reconnects with
the resume token when the host goes quiet.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import secrets
import socket as pysocket
import time
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
import zmq
from msgspec import structs

from client.deal_check import DealCheck
from machine.files import atomic_write, read_limited
from machine.keys import KEY_FILE_BYTES, KeyPairError, load_or_make_keys
from shared.actions import AnyAction, LobbyAction
from shared.errors import InvalidNotation, ProtocolError
from shared.events import (
    ChoiceMade,
    HandEnded,
    HandStarted,
    LobbySeat,
    LobbyUpdated,
    PhraseSaid,
    PlayerLeft,
    SessionEnded,
    SessionStarted,
)
from shared.protocol import (
    LOST_AFTER_SECONDS,
    PING_SECONDS,
    PROTOCOL_VERSION,
    Act,
    Bye,
    ClientId,
    Contribute,
    Error,
    EventMessage,
    HandRecordMessage,
    Hello,
    HostMessage,
    Notice,
    Ping,
    Pong,
    Prompt,
    Say,
    ScoreSheet,
    Snapshot,
    SnapshotRequest,
    TableClosed,
    Welcome,
    decode_host,
    encode,
)
from shared.records import RecordFile
from shared.ruleset import Ruleset, make_ruleset
from shared.view_model import apply
from shared.views import TableView

log = logging.getLogger(__name__)

RECORDS_KEPT = 256
"""Hand records held for the game to take (it takes them every frame; a connection nobody
takes them from, a test's or a network bot's, keeps no more than this)."""

SNAPSHOT_RETRY_SECONDS = 2.0
"""How long to wait for the snapshot after a welcome before asking for it again."""
HOST_SILENT_SECONDS = 3 * PING_SECONDS
"""Silence after which the host counts as lost for the player (three pongs missed, where
a LAN answers in milliseconds): the game shows it; the reconnect follows at
LOST_AFTER_SECONDS, as the host forgets a silent client then too."""


@dataclass(frozen=True)
class Address:
    """Where a table is: `host:port`, with the host's public key after `#` when encrypted."""

    host: str
    port: int
    key: str | None = None

    @classmethod
    def parse(cls, text: str) -> Address:
        raw = text.strip()
        key = None
        if "#" in raw:
            raw, key = raw.split("#", 1)
            if len(key) != 40:
                raise InvalidNotation(f"a table key has 40 characters: {text!r}")
        host, sep, port = raw.rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise InvalidNotation(f"an address looks like host:port or host:port#key: {text!r}")
        return cls(host.strip("[]"), int(port), key)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        base = f"{host}:{self.port}"
        return f"{base}#{self.key}" if self.key else base


def client_keys(folder: Path) -> tuple[bytes, bytes]:
    """This install's own CurveZMQ key pair, made on first use (and made again if its
    files are damaged: the game must still connect)."""
    try:
        return load_or_make_keys(folder, "client")
    except KeyPairError as exc:
        log.warning("%s; making a new one", exc)
        for suffix in ("key", "key_secret"):
            with contextlib.suppress(OSError):
                (folder / f"client.{suffix}").replace(folder / f"client.{suffix}.damaged")
        return load_or_make_keys(folder, "client")


def client_id(folder: Path) -> str:
    """This install's client id for insecure hosts (PROTOCOL.md §4), kept in `folder` as
    `client.id` beside the key pair: 32 random hex digits, made on first use (and again
    if the file is damaged)."""
    path = folder / "client.id"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        kept = read_limited(path, KEY_FILE_BYTES).decode("ascii").strip()
        try:
            if kept and msgspec.convert(kept, ClientId):
                return kept
        except msgspec.ValidationError:
            pass
        log.warning("%s is damaged; making a new client id", path)
    made = secrets.token_hex(16)
    try:
        atomic_write(path, made.encode("ascii"))
    except OSError as exc:  # the game must still connect; insecure hosts see a newcomer
        log.warning("cannot keep the client id in %s: %s", path, exc)
    return made


@dataclass
class Connection:
    """A connection to one table at a host.

    `keys` (encrypted hosts) and `client_id` (insecure hosts) say who the player is; an
    install passes its own (`client_keys`, `client_id`) so the host gives it back its
    score and seat. Left out, a fresh one is made for this Connection (kept across its
    reconnects): a newcomer to the host."""

    address: Address
    name: str
    table: str = ""
    code: str = ""
    spectate: bool = False
    keys: tuple[bytes, bytes] | None = None
    client_id: str = ""
    resume_token: str = ""
    context: zmq.Context[zmq.Socket[bytes]] = field(default_factory=zmq.Context.instance)

    def __post_init__(self) -> None:
        self.socket: zmq.Socket[bytes] | None = None
        self.welcome: Welcome | None = None
        self.view: TableView | None = None
        self.lobby: LobbyUpdated | None = None
        self.legal: tuple[AnyAction, ...] = ()
        self.deadline: float | None = None
        self.seq = 0
        self.errors: list[Error] = []
        self.rules: Ruleset | None = None
        self.last_heard = 0.0
        self.last_ping = 0.0
        self.latency: float | None = None
        self.reconnects = 0
        self.last_snapshot_ask = 0.0
        self.results: list[HandEnded] = []
        self.deals = DealCheck()
        """This connection's contributions to the deals and their checks (PROTOCOL.md §15)."""
        self.phrases: list[tuple[float, PhraseSaid]] = []
        """Recent quick-chat phrases with when they arrived."""
        self.notices: list[tuple[float, Notice]] = []
        """The host's notices (a failed save) with when they arrived (time.monotonic)."""
        """Every hand result seen on this connection, in order."""
        self.hand_records: list[RecordFile] = []
        """Finished hands' record files the host sent, until the game keeps them
        (client/record_store.py `keep_received`); the latest RECORDS_KEPT at most."""
        self.session_end: SessionEnded | None = None
        self.start_scores: tuple[int, ...] | None = None
        """The session's scores at its start (`session_started`), for the evening's change
        on the final standings; None when this connection did not see it start."""
        self.sheet: ScoreSheet | None = None
        """The session's running scoreboard as the host last sent it (client/scoreboard.py)."""
        self.session_seats: tuple[LobbySeat | None, ...] = ()
        """Who sat where when the session ended: the lobby that follows `session_ended`
        frees the seats of those leaving, and the final standings still name them."""
        self.wait_hint: tuple[TableView, float] | None = None
        """From the last snapshot: its view and when (time.monotonic) the table's timer on
        that view's wait runs out (`snapshot.wait_left`), so the timer shown on another
        seat after a resume is the time really left, not a full one (client/widgets/timers.py)."""
        self.departures: list[tuple[str, int]] = []
        """(name, hand number) of each other player who left the table on purpose while a
        hand was in play (`player_left` "left"): a computer player finishes that hand for
        them, and the table says so until it ends (client/overlays.py)."""
        self.chosen: dict[int, str] = {}
        """Between hands: the seats that chose (`choice_made`) "continue" or "leave" since
        the hand ended; empty again when the next hand or the session's end comes."""
        self._awaiting_snapshot = False
        self._monitor: zmq.Socket[bytes] | None = None
        self.handshakes_failed = 0
        """Secure handshakes the host broke off (its key is not the one we were given, or it
        runs without encryption) since the last one that worked."""
        self.handshake_ok = False
        self.closed: TableClosed | None = None
        """The host closed the table (its last message): no more reconnecting."""
        self.silent_since: float | None = None
        """When the host was last heard, once it has been silent for HOST_SILENT_SECONDS
        (the connection tries to get it back from LOST_AFTER_SECONDS on); None while it
        answers."""
        self.network_down = False
        """When the silence began or at the last reconnect, this computer had no route to
        the host's address: the player's own network is down, not the host."""

    # --- connecting --------------------------------------------------------------------

    def connect(self) -> None:
        """Open a socket and say hello (again, with the resume token, after a loss)."""
        if self.socket is not None:
            self._close_monitor()
            self.socket.close(0)
        sock = self.context.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.HEARTBEAT_IVL, 1000)
        sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, 4000)
        if self.address.key:
            if self.keys is None:
                self.keys = _ephemeral_keys()
            sock.curve_serverkey = self.address.key.encode()
            sock.curve_publickey, sock.curve_secretkey = self.keys
        elif not self.client_id:
            self.client_id = secrets.token_hex(16)
        host = self.address.host
        if ":" in host:  # an IPv6 address: ZeroMQ takes it in brackets, with IPv6 on
            sock.setsockopt(zmq.IPV6, 1)
            host = f"[{host}]"
        if self.address.key:
            # A wrong table key shows only as handshakes the host breaks off: watch them,
            # so the player hears "wrong table key", not "the host did not answer".
            self._monitor = sock.get_monitor_socket(
                zmq.EVENT_HANDSHAKE_SUCCEEDED
                | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
                | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
                | zmq.EVENT_HANDSHAKE_FAILED_AUTH
            )
        sock.connect(f"tcp://{host}:{self.address.port}")
        self.socket = sock
        self.last_heard = time.monotonic()
        self.seq = 0
        self._send(
            Hello(
                protocol=PROTOCOL_VERSION,
                name=self.name,
                table_code=self.code,
                resume_token=self.resume_token,
                spectate=self.spectate,
                table=self.table,
                # Only an insecure host goes by it; an encrypted one knows the key.
                client_id="" if self.address.key else self.client_id,
            )
        )

    def close(self, say_bye: bool = True) -> None:
        if self.socket is None:
            return
        if say_bye:
            with contextlib.suppress(zmq.ZMQError):
                self.socket.send(encode(Bye()), zmq.NOBLOCK)
        self._close_monitor()
        self.socket.close(0)
        self.socket = None

    def _close_monitor(self) -> None:
        if self._monitor is None or self.socket is None:
            return
        with contextlib.suppress(zmq.ZMQError):
            self.socket.disable_monitor()
        self._monitor.close(0)
        self._monitor = None

    @property
    def key_rejected(self) -> bool:
        """The host broke off the secure handshake again and again and never completed it:
        the table key we were given is not the host's (or the host is not encrypted)."""
        return not self.handshake_ok and self.handshakes_failed >= 2

    def _watch_handshakes(self) -> None:
        from zmq.utils.monitor import recv_monitor_message

        while self._monitor is not None and self._monitor.poll(0):
            event = recv_monitor_message(self._monitor)["event"]
            if event == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                self.handshake_ok = True
                self.handshakes_failed = 0
                self._close_monitor()  # the key is right: nothing more to watch
                return
            self.handshakes_failed += 1

    # --- sending -------------------------------------------------------------------------

    def send(self, action: AnyAction | LobbyAction) -> None:
        """Propose an action; the host answers with events, or an Error."""
        self._send(Act(action))

    def say(self, phrase: int) -> None:
        """A quick-chat phrase (an index into shared.protocol.PHRASES)."""
        self._send(Say(phrase))

    def _send(
        self, message: Hello | Act | Say | Contribute | Ping | Bye | SnapshotRequest
    ) -> None:
        assert self.socket is not None, "connect() first"
        try:
            self.socket.send(encode(message), zmq.NOBLOCK)
        except zmq.Again:
            log.warning("send queue full; %s dropped", type(message).__name__)

    # --- receiving -----------------------------------------------------------------------

    def keep_alive(self) -> None:
        """Ping the host when a ping is due, taking in nothing: the App calls it every
        frame, so that a screen over the table's that does not follow the connection
        (History, opened from the final standings) does not leave the host hearing nothing
        for LOST_AFTER_SECONDS and counting this player gone. `poll` takes the answers."""
        now = time.monotonic()
        if self.socket is not None and now - self.last_ping >= PING_SECONDS:
            self.last_ping = now
            self._send(Ping(int(now * 1000)))

    def poll(self, timeout_ms: int = 0) -> list[HostMessage]:
        """Take in what the host sent; keep the connection alive. Returns the messages."""
        assert self.socket is not None, "connect() first"
        self._watch_handshakes()
        now = time.monotonic()
        if now - self.last_ping >= PING_SECONDS:
            self.last_ping = now
            self._send(Ping(int(now * 1000)))
        received: list[HostMessage] = []
        if self.socket.poll(timeout_ms, zmq.POLLIN):
            while True:
                try:
                    frame = self.socket.recv(zmq.NOBLOCK)
                except zmq.Again:
                    break
                try:
                    message = decode_host(frame)
                except ProtocolError as exc:
                    log.warning("ignored a bad frame from the host: %s", exc)
                    continue
                self.last_heard = time.monotonic()
                self.silent_since = None
                self.network_down = False
                self._take(message)
                received.append(message)
        if (
            self.welcome is not None
            and self.lobby is None
            and time.monotonic() - self.last_snapshot_ask > SNAPSHOT_RETRY_SECONDS
        ):
            # Welcomed but no snapshot yet (it may have been lost): ask for one.
            self.last_snapshot_ask = time.monotonic()
            self._send(SnapshotRequest())
        silent = time.monotonic() - self.last_heard
        if silent > HOST_SILENT_SECONDS and self.resume_token and self.closed is None:
            if self.silent_since is None:
                self.silent_since = self.last_heard
                self.network_down = not has_route(self.address.host, self.address.port)
            if silent > LOST_AFTER_SECONDS:
                self.network_down = not has_route(self.address.host, self.address.port)
                why = " (no route to it: this computer's network is down)" * self.network_down
                log.info("the host went quiet; reconnecting%s", why)
                self.reconnects += 1
                self.connect()
        return received

    def lost_for(self, now: float) -> float | None:
        """Seconds since the host was last heard, while it is lost; None while it answers."""
        return None if self.silent_since is None else now - self.silent_since

    def _with_own_check(self, record_file: RecordFile) -> RecordFile:
        """The record with this player's own check of its deal (what they saw drawn and
        whether it verified), when they saw that deal and the host's file has none."""
        deal = record_file.record.deal
        check = self.deals.check_for(record_file.record.hand_number)
        if deal is None or check is None or record_file.verification is not None:
            return record_file
        if check.session_tag != deal.session_tag:
            return record_file  # another session's hand of that number
        return msgspec.structs.replace(record_file, verification=check)

    def _take(self, message: HostMessage) -> None:
        if isinstance(message, Welcome):
            self.welcome = message
            self.last_snapshot_ask = time.monotonic()
            self.resume_token = message.resume_token
            if message.options is not None:
                self._check_rules(message)
        elif isinstance(message, Snapshot):
            self.seq = message.seq
            self.lobby = message.lobby
            seat = self.welcome.seat if self.welcome is not None else None
            occupant = message.lobby.seats[seat] if seat is not None else None
            if occupant is not None and not occupant.bot:
                # The name at the table: a seat taken back (by key) keeps its old name, and
                # the host shows a name NFC-normalised.
                self.name = occupant.name
            self.view = message.view
            self.legal = message.view.legal if message.view is not None else ()
            if message.view is not None and message.wait_left is not None:
                self.wait_hint = (message.view, time.monotonic() + message.wait_left)
            else:
                self.wait_hint = None
            self._awaiting_snapshot = False
            self.deals.missed_events(message.deal, message.view)
            if message.lobby.options is not None and self.rules is None:
                self.rules = make_ruleset(message.lobby.options)
        elif isinstance(message, EventMessage | Prompt):
            if self._awaiting_snapshot:
                return
            if message.seq != self.seq + 1:
                log.info(
                    "missed messages (%d after %d); asking for a snapshot", message.seq, self.seq
                )
                self._awaiting_snapshot = True
                self._send(SnapshotRequest())
                return
            self.seq = message.seq
            if isinstance(message, Prompt):
                self.legal = message.legal
                self.deadline = time.monotonic() + message.seconds if message.seconds else None
                if self.view is not None:
                    self.view = structs.replace(self.view, legal=message.legal)
            else:
                self._event(message)
        elif isinstance(message, Error):
            self.errors.append(message)
            log.info("the host refused: %s (%s)", message.code, message.reason)
            if message.code == "contribution_refused":
                self.deals.refused(message.reason)
            if message.code == "not_joined" and self.resume_token and self.welcome is not None:
                # The host forgot this connection (a long silence): take the seat back.
                self.reconnects += 1
                self.connect()
        elif isinstance(message, Notice):
            self.notices.append((time.monotonic(), message))
            log.warning("the host says: %s (%s)", message.code, message.text)
        elif isinstance(message, HandRecordMessage):
            self.hand_records.append(self._with_own_check(message.record))
            del self.hand_records[:-RECORDS_KEPT]
        elif isinstance(message, ScoreSheet):
            self.sheet = message
        elif isinstance(message, TableClosed):
            self.closed = message
            log.info("the host closed the table (by %r)", message.by)
        elif isinstance(message, Pong) and message.sent_ms:
            self.latency = time.monotonic() - message.sent_ms / 1000

    def _event(self, message: EventMessage) -> None:
        event = message.event
        if isinstance(event, PhraseSaid):
            self.phrases.append((time.monotonic(), event))
            del self.phrases[:-8]
            return
        if not isinstance(event, LobbyUpdated | PlayerLeft):
            # Choices offered before a table event may be stale; the host prompts again.
            self.legal = ()
            self.deadline = None
        if isinstance(event, LobbyUpdated):
            self.lobby = event
            if event.options is not None:
                self.rules = make_ruleset(event.options)
            return
        if isinstance(event, HandEnded):
            self.results.append(event)
            self.chosen = {}
        elif isinstance(event, SessionEnded):
            self.session_end = event
            self.session_seats = self.lobby.seats if self.lobby is not None else ()
            self.chosen = {}
        elif isinstance(event, SessionStarted):
            self.start_scores = event.scores
        elif isinstance(event, HandStarted):
            self.session_end = None
            self.chosen = {}
        elif isinstance(event, ChoiceMade):
            self.chosen[event.seat] = event.choice
        elif isinstance(event, PlayerLeft):
            view = self.view
            in_hand = view is not None and self.session_end is None and view.phase != "ended"
            if event.reason == "left" and in_hand and event.name != self.name:
                assert view is not None
                self.departures.append((event.name, view.hand_number))
                del self.departures[:-4]
        seat = self.welcome.seat if self.welcome else None
        if self.lobby is not None and self.welcome is not None:
            seat = _my_seat(self.lobby, self.name, seat)
        flowers = self.rules.flowers if self.rules is not None else False
        computers = frozenset(
            s for s, o in enumerate(self.lobby.seats if self.lobby else ()) if o and o.bot
        )
        contribution = self.deals.see(event, seat, flowers, computers)
        if contribution is not None:
            self._send(contribution)
        self.view = apply(self.view, event, seat)
        if self.view is not None and self.view.legal != self.legal:
            self.view = structs.replace(self.view, legal=self.legal)

    def _check_rules(self, welcome: Welcome) -> None:
        assert welcome.options is not None
        rules = make_ruleset(welcome.options)
        if welcome.ruleset_digest and rules.digest != welcome.ruleset_digest:
            raise ProtocolError(
                "the host's rules digest differs from ours: client and host disagree on the rules"
            )
        self.rules = rules


def _my_seat(lobby: LobbyUpdated, name: str, fallback: int | None) -> int | None:
    for seat, occupant in enumerate(lobby.seats):
        if occupant is not None and occupant.name == name and not occupant.bot:
            return seat
    return fallback


def has_route(host: str, port: int) -> bool:
    """Whether this computer has a route to `host` (an IP address): a UDP socket's
    connect() only asks the routing table, sending nothing, and fails at once when the
    computer's network is gone (Wi-Fi off, cable out). A host name is not resolved (that
    could block for seconds with no network): True."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return True
    family = pysocket.AF_INET6 if ip.version == 6 else pysocket.AF_INET
    try:
        with pysocket.socket(family, pysocket.SOCK_DGRAM) as probe:
            probe.connect((host, port))
    except OSError:
        return False
    return True


def _ephemeral_keys() -> tuple[bytes, bytes]:
    return zmq.curve_keypair()
