"""The client side of the protocol: connect, follow the table, send intents, come back.

Shared by the desktop client, the network bots and the tests. `Connection.poll()` is
called from the caller's own loop (the game's frame loop, a bot's loop); it sends pings,
checks the events' numbers and asks for a snapshot on a gap, reconnects with the resume
token when the host goes quiet, and hands what passed to the client's model of the table
(client/table_model.py), which holds what the host said.
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
from typing import Generic, TypeVar, cast

import msgspec
import zmq

from client.deal_check import DealCheck
from client.table_model import ClientTable, SequenceCheck
from machine.files import atomic_write, read_limited
from machine.keys import KEY_FILE_BYTES, KeyPairError, load_or_make_keys
from shared.actions import AnyAction, LobbyAction
from shared.errors import InvalidNotation, ProtocolError
from shared.events import HandEnded, LobbySeat, LobbyUpdated, PhraseSaid, SessionEnded
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
    Hello,
    HostMessage,
    Notice,
    Ping,
    Pong,
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
from shared.ruleset import Ruleset
from shared.views import TableView

log = logging.getLogger(__name__)

T = TypeVar("T")

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


class _Table(Generic[T]):
    """An attribute of the connection's table model (client/table_model.py), read and
    written through the connection, as the tests and tools did before the model had a
    place of its own. The game reads the model (App.table, NetworkBot.table); nothing
    in client/ goes this way (tests/test_app_pump.py)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, conn: Connection, owner: type | None = None) -> T:
        return cast(T, getattr(conn.model, self.name))

    def __set__(self, conn: Connection, value: T) -> None:
        setattr(conn.model, self.name, value)


@dataclass
class Connection:
    """A connection to one table at a host: the socket, the hello, the pings, the
    sequence check and the reconnects. What the host says of the table is folded into
    `model` (client/table_model.py), the client's model of it.

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

    # The table model's fields, for the tests and tools that read them here (see _Table).
    welcome = _Table[Welcome | None]()
    view = _Table[TableView | None]()
    lobby = _Table[LobbyUpdated | None]()
    legal = _Table[tuple[AnyAction, ...]]()
    deadline = _Table[float | None]()
    errors = _Table[list[Error]]()
    rules = _Table[Ruleset | None]()
    results = _Table[list[HandEnded]]()
    deals = _Table[DealCheck]()
    phrases = _Table[list[tuple[float, PhraseSaid]]]()
    notices = _Table[list[tuple[float, Notice]]]()
    hand_records = _Table[list[RecordFile]]()
    session_end = _Table[SessionEnded | None]()
    start_scores = _Table[tuple[int, ...] | None]()
    sheet = _Table[ScoreSheet | None]()
    session_seats = _Table[tuple[LobbySeat | None, ...]]()
    wait_hint = _Table[tuple[TableView, float] | None]()
    departures = _Table[list[tuple[str, int]]]()
    chosen = _Table[dict[int, str]]()
    closed = _Table[TableClosed | None]()

    def __post_init__(self) -> None:
        self.model = ClientTable(self.name)
        """What the host told of the table (client/table_model.py)."""
        self.socket: zmq.Socket[bytes] | None = None
        self.sequence = SequenceCheck()
        self.last_heard = 0.0
        self.last_ping = 0.0
        self.latency: float | None = None
        self.reconnects = 0
        self.last_snapshot_ask = 0.0
        self._welcomed = False
        self._table_heard = False
        """A snapshot or a lobby came since the welcome: no need to ask for one."""
        self._monitor: zmq.Socket[bytes] | None = None
        self.handshakes_failed = 0
        """Secure handshakes the host broke off (its key is not the one we were given, or it
        runs without encryption) since the last one that worked."""
        self.handshake_ok = False
        self.silent_since: float | None = None
        """When the host was last heard, once it has been silent for HOST_SILENT_SECONDS
        (the connection tries to get it back from LOST_AFTER_SECONDS on); None while it
        answers."""
        self.network_down = False
        """When the silence began or at the last reconnect, this computer had no route to
        the host's address: the player's own network is down, not the host."""

    @property
    def seq(self) -> int:
        """The number of the last event or prompt that passed (PROTOCOL.md §6)."""
        return self.sequence.seq

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
        self.sequence.seq = 0
        self.model.name = self.name  # a name typed again after a refusal
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
        """Take in what the host sent and fold it into `model`; keep the connection alive.
        Returns the messages that passed the sequence check."""
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
                if self.receive(message):
                    received.append(message)
        if (
            self._welcomed
            and not self._table_heard
            and time.monotonic() - self.last_snapshot_ask > SNAPSHOT_RETRY_SECONDS
        ):
            # Welcomed but no snapshot yet (it may have been lost): ask for one.
            self.last_snapshot_ask = time.monotonic()
            self._send(SnapshotRequest())
        silent = time.monotonic() - self.last_heard
        if silent > HOST_SILENT_SECONDS and self.resume_token and self.model.closed is None:
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

    def receive(self, message: HostMessage) -> bool:
        """One message from the host: the connection's part (sequence check, resume token,
        latency, reconnect policy) around the model's fold. False when it did not pass."""
        if not self._passes(message):
            return False
        for answer in self.model.take(message, time.monotonic()):
            self._send(answer)
        self.name = self.model.name
        self._after(message)
        return True

    def _passes(self, message: HostMessage) -> bool:
        """Whether `message` goes on to the table model: the sequence check, the welcome's
        resume token, the pong's latency are the connection's own."""
        if isinstance(message, Welcome):
            self._welcomed = True
            self.last_snapshot_ask = time.monotonic()
            self.resume_token = message.resume_token
        elif isinstance(message, Pong) and message.sent_ms:
            self.latency = time.monotonic() - message.sent_ms / 1000
        passes, ask = self.sequence.passes(message)
        if ask:
            self._send(SnapshotRequest())
        return passes

    def _after(self, message: HostMessage) -> None:
        """The reconnect policy on what the table model took in."""
        if isinstance(message, Snapshot) or (
            isinstance(message, EventMessage) and isinstance(message.event, LobbyUpdated)
        ):
            self._table_heard = True
        elif (
            isinstance(message, Error)
            and message.code == "not_joined"
            and self.resume_token
            and self._welcomed
        ):
            # The host forgot this connection (a long silence): take the seat back.
            self.reconnects += 1
            self.connect()


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
