"""The LAN host: a ZeroMQ ROUTER socket in front of the rooms, authoritative over every table.

Clients only propose. Each frame is checked (size, rate, MessagePack, message type,
fields), each action by the rules engine; a bad one gets an `Error` to its sender only
and changes nothing. The host never stops on what a client sends.

Pieces with a job of their own are connection.py and the host_*.py modules beside it
(server/README.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from pathlib import Path

import zmq
import zmq.asyncio

from machine.keys import load_or_make_keys
from server.admission import Admission, Kind
from server.advert import LanAdvert, local_addresses
from server.budget import AddressBudgets, pause
from server.connection import Client, Dropped, RefusalLog, peer_address
from server.disk_writer import DiskWriter
from server.engine.bot_names import DEFAULT_TABLE_LANGUAGE
from server.fair_queue import FairQueues
from server.host_frames import HostFrames
from server.host_socket import CLOSE_LINGER_MS, CannotListen, close_socket, open_router, tell_closed
from server.identity import peer_key, player_identity, start_key_reader
from server.limits import (
    ADDRESS_RATE_PER_SECOND,
    ERROR_REPLIES_PER_SECOND,
    FLOOD_ROUND_DROPS,
    JOIN_DEADLINE_SECONDS,
    LOST_AFTER_SECONDS,
    MAX_CLIENTS,
    MAX_DROPPED_PEERS,
    MAX_TABLES,
    REFUSAL_REPLIES_PER_SECOND,
    UNBUDGETED_ADDRESSES,
)
from server.open_files import connection_cap, raise_open_file_limit
from server.repeat_log import RepeatLog
from server.restore import restore_tables
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import BotLevel, BotPace
from shared.errors import ProtocolError
from shared.protocol import (
    DEFAULT_PORT,
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Hello,
    Notice,
    decode_client,
    encode,
)

log = logging.getLogger(__name__)

_NOBLOCK = int(zmq.NOBLOCK)
"""As a plain int: pyzmq turns enum flags into ints on every call (measurably, per frame)."""
_OVER_BUDGET = (
    f"too many messages from your address (at most {ADDRESS_RATE_PER_SECOND:g} a second "
    "for all its connections); slow down"
)

__all__ = ["CannotListen", "Client", "Host", "HostConfig"]
"""What the CLI, the game and the tests import from here (some lives in host_*.py)."""


@dataclass
class HostConfig:
    name: str = "Mahjong table"
    port: int = DEFAULT_PORT
    bind: str = "*"
    code: str = ""
    bots: int = 0
    data_dir: Path = field(default_factory=Path)
    insecure: bool = False
    bot_delay: float = 0.6
    bot_pace: BotPace = "quick"
    """The computer players' pace until the owner sets another (RoomConfig.bot_pace): the
    game's host form offers "natural" first; `gdmj-host` keeps "quick" unless told."""
    bot_level: BotLevel = "normal"
    """The computer players' level (server/engine/bots: easy, normal, strong)."""
    allow_suggest: bool = True
    """Players may ask for 出牌建议 Suggest (RoomConfig.allow_suggest)."""
    advertise: bool = True
    owner: str = ""
    """The identity (server/identity.py) of the player whose game hosts the table named
    `name` (set by the game, server/local.py): its owner from the start and whenever they
    sit, never a guest who joins first (RULES.md §2). "" (gdmj-host): the first to sit."""
    language: str = DEFAULT_TABLE_LANGUAGE
    """The table's language, in which the host names its computer players once for every
    game (RoomConfig.language): the hosting player's in the game, `--language` for
    `gdmj-host`."""
    journal: bool = False
    """Journal every session in play under `data_dir/journal` and bring the tables back
    at start (server/journal.py, server/restore.py): what `gdmj-host` does, and the game
    for a table it hosts (not a quick game): its player may resume the table after the
    game crashed (server/unfinished.py, server/local.py)."""


class Host(HostFrames):
    """Rooms behind one ROUTER socket; `serve()` runs until `stop()`."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.writer = DiskWriter(on_failure=self._write_failed)
        self._failed_writes: deque[tuple[str, OSError, frozenset[str]]] = deque()
        """Writes the DiskWriter gave up on, from its thread; told by the loop (_tick)."""
        self.store = ScoreStore(config.data_dir / "scores.json", self.writer)
        self.records = RecordLog(config.data_dir / "records", self.writer)
        self.public_key, self.secret_key = load_or_make_keys(config.data_dir, "host")
        self.rooms: dict[str, Room] = {}
        self.clients: dict[bytes, Client] = {}
        self.dropped: OrderedDict[bytes, Dropped] = OrderedDict()
        self.refusals = RefusalLog()
        self.budgets = AddressBudgets()
        self.over_budget = RefusalLog(
            "rate-limited: frames dropped unread (over an address's budget or its peer's queue)"
        )
        """Counts by address (server/budget.py)."""
        self.queues: FairQueues[list[zmq.Frame]] = FairQueues()
        """What was read and not yet served, by peer (server/fair_queue.py)."""
        self.repeats = RepeatLog(log)
        """Errors and refusals, each kind logged once a peer and window, then counted."""
        self._to_slow_down: dict[bytes, tuple[Client, float]] = {}
        """Joined senders of frames dropped while reading, told `rate_limited` after the
        tick's service, so that the answers to the peers served go out first."""
        self._refusal_tokens = REFUSAL_REPLIES_PER_SECOND
        self._refusal_refilled = 0.0
        self.routing_ids: dict[int, bytes] = {}
        """Player number → the ZeroMQ routing id of the connection they play on now (not
        who they are: that is their identity, server/identity.py)."""
        self.next_player = 1
        self.journals = config.data_dir / "journal" if config.journal else None
        if self.journals is not None:
            restored, self.next_player = restore_tables(
                self.journals, self.store, self.records, self._new_room, 1, time.monotonic()
            )
            self.rooms.update((room.name, room) for room in restored)
        self.port = config.port
        self.open_files = raise_open_file_limit()
        self.max_clients = connection_cap(MAX_CLIENTS, self.open_files)
        """Connections tracked at most: MAX_CLIENTS, or what the open-file limit allows."""
        if self.max_clients < MAX_CLIENTS:
            log.warning(
                "the open-file limit (%s) allows %d connections, not %d",
                self.open_files,
                self.max_clients,
                MAX_CLIENTS,
            )
        self.admission = Admission(self.max_clients)
        """Who a new connection is let in as (server/admission.py)."""
        self._stopping = asyncio.Event()
        self._closed_by = ""
        # Its own context: a host may run in a thread of a process that is also a client.
        self._ctx = zmq.asyncio.Context()
        self._socket: zmq.asyncio.Socket | None = None
        self._frames: zmq.Socket[bytes] | None = None
        """The same socket, plain: frames are read and sent without waiting (NOBLOCK), so
        the asyncio wrapper's futures, a few a message, are only made for the poll."""
        self._advert: LanAdvert | None = None
        self.ready = asyncio.Event()

    # --- addresses ---------------------------------------------------------------------

    @property
    def key_text(self) -> str:
        return self.public_key.decode()

    def address(self, host: str) -> str:
        """The `host:port#key` form players can share (no key when insecure); an IPv6
        address in brackets, `[::1]:port#key`."""
        if ":" in host:
            host = f"[{host.strip('[]')}]"
        base = f"{host}:{self.port}"
        return base if self.config.insecure else f"{base}#{self.key_text}"

    # --- the loop ----------------------------------------------------------------------

    async def serve(self) -> None:
        auth = None
        try:
            if not self.config.insecure:
                auth = start_key_reader(self._ctx)
            self._socket, self.port = open_router(
                self._ctx, self.config, self.port, (self.public_key, self.secret_key)
            )
        except BaseException:
            if auth is not None:
                auth.stop()
            self._ctx.destroy(0)
            raise
        advertiser = None
        try:
            self._frames = zmq.Socket.shadow(self._socket.underlying)
            # The first poll registers the socket with the event loop: a loop that cannot
            # watch it (Windows' Proactor, server/event_loop.py) fails here, before
            # `ready`, so whoever started the host hears why instead of timing out.
            # not 0: pyzmq answers 0 without the loop. (poll's flags default to POLLIN.)
            await self._socket.poll(1)
            if self.config.insecure:
                log.warning(
                    "INSECURE: plain TCP, no encryption — anyone on this network can read "
                    "the tiles, and pose as a player with the client id they read. Use "
                    "--insecure only for debugging."
                )
            log.info("table %r listening on port %d", self.config.name, self.port)
            self.ready.set()
            if self.config.advertise:
                self._advert = LanAdvert(
                    self.config.name, self.port, self._properties, self.advertised_addresses
                )
                advertiser = asyncio.create_task(self._advert.start())
            while not self._stopping.is_set():
                now = time.monotonic()
                wake = [r.next_wakeup() for r in self.rooms.values()]
                due = [w for w in wake if w is not None]
                timeout = 0.25 if not due else max(0.0, min(0.25, min(due) - now))
                if self.queues:  # frames left from the last tick: serve them now
                    timeout = 0.0
                quiet = 0.0
                if await self._socket.poll(int(timeout * 1000)) or self.queues:
                    quiet = await self._drain()
                self._tick(time.monotonic())
                await self._refresh_advert()
                if quiet:  # a flood: not reading for a moment is what bounds its cost
                    await asyncio.sleep(quiet)
        finally:
            told = self._tell_closed()
            if advertiser is not None:
                advertiser.cancel()
            if self._advert is not None:
                await self._advert.stop()
            assert self._socket is not None
            close_socket(self._socket, CLOSE_LINGER_MS if told else 0)
            if auth is not None:
                auth.stop()
            self._ctx.term()
            # The last hands' scores and records reach the disk before the host is gone.
            if not await asyncio.to_thread(self.writer.close):
                log.error("some scores or records were still unwritten when the host stopped")

    async def start(self) -> asyncio.Task[None]:
        """Run `serve()` in a task and return the task once the host is ready; raise what
        stopped it if it ended first (it could not bind, its key pair is wrong, its loop
        cannot watch the socket), so no caller waits for a `ready` that never comes."""
        task = asyncio.create_task(self.serve())
        ready = asyncio.create_task(self.ready.wait())
        await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        if not self.ready.is_set():
            await task  # raises what stopped it
            raise RuntimeError("the host stopped before it was ready")
        return task

    def stop(self, closed_by: str = "") -> None:
        """End `serve()`; every joined connection is told the table closed (`closed_by`:
        the name of the player whose game hosts it, "" for whoever runs the host)."""
        self._closed_by = closed_by
        self._stopping.set()

    def _tell_closed(self) -> bool:
        """On a stop asked for, a `TableClosed` to every joined connection
        (server/host_socket.py). True if any was queued."""
        if not self._stopping.is_set() or self._frames is None:
            return False
        return tell_closed(self._frames, self.clients, self.rooms, self._closed_by)

    async def _drain(self) -> float:
        """Read what has arrived into the peers' queues, then serve them fairly
        (server/fair_queue.py); the seconds not to read now (a flood's pause,
        server/budget.py)."""
        assert self._frames is not None
        started = time.monotonic()
        dropped = 0
        for _ in range(1000):  # bounded, so timers still run under a flood
            try:
                parts = [self._frames.recv(_NOBLOCK, copy=False)]
                while parts[-1].more:  # the rest of a multipart message is there already
                    parts.append(self._frames.recv(_NOBLOCK, copy=False))
            except zmq.Again:
                break
            now = time.monotonic()
            try:
                if not self._queue(parts, now):
                    dropped += 1
                    if dropped >= FLOOD_ROUND_DROPS:
                        break
            except Exception as exc:  # a bug must not take the table down
                self._bug(peer_address(parts[0]), "reading", exc, time.monotonic())
        for peer, parts in self.queues.tick():
            now = time.monotonic()
            try:
                self._serve(parts, now)
            except Exception as exc:
                self._bug(self._peer_name(peer), "handling", exc, now)
        for client, now in self._to_slow_down.values():
            self._error(client, "rate_limited", _OVER_BUDGET, now, logged=False)
        self._to_slow_down.clear()
        return pause(time.monotonic() - started, dropped)

    def _queue(self, parts: list[zmq.Frame], now: float) -> bool:
        """Queue a message read for its peer: False when it is dropped unread instead (its
        address over its budget, or its peer's queue full)."""
        routing = parts[0].bytes
        client = self.clients.get(routing)
        if client is not None:
            address = client.address
        else:
            dropped = self.dropped.get(routing)
            address = dropped.address if dropped is not None else peer_address(parts[0])
        if not self.budgets.allow(address, now):
            self._over_budget(client, address, now)
            return False
        peer = routing if address in UNBUDGETED_ADDRESSES else address
        if not self.queues.put(peer, parts):
            self._over_budget(client, address, now)
            return False
        return True

    def _serve(self, parts: list[zmq.Frame], now: float) -> None:
        """Handle one message taken from its peer's queue."""
        routing = parts[0].bytes
        frames = [routing] + [part.bytes for part in parts[1:]]
        client = self.clients.get(routing)
        if client is None:
            key = "" if self.config.insecure else peer_key(parts[0])
            self._on_newcomer(frames, peer_address(parts[0]), key, now)
        elif client.key and peer_key(parts[0]) != client.key:
            self._impostor(client, peer_address(parts[0]), now)
        else:
            self._on_frames(frames, now)

    def _over_budget(self, client: Client | None, address: str, now: float) -> None:
        """A frame dropped unread: counted for the log, and a joined sender is told (after
        the tick's service: `_to_slow_down`)."""
        self.over_budget.note(address, address, now)
        if client is not None:
            client.last_seen = now  # alive, only too noisy: not "lost"
            if now - client.last_error >= 1.0 / ERROR_REPLIES_PER_SECOND:  # else unanswered
                self._to_slow_down.setdefault(client.identity, (client, now))

    def _bug(self, peer: str, doing: str, exc: Exception, now: float) -> None:
        """A bug met on what a peer sent: logged with its traceback once, then counted (a
        flood of the same message must not fill the log), and the host goes on."""
        what = f"error while {doing} a frame, the host goes on: {type(exc).__name__}"
        self.repeats.note(peer, what, repr(str(exc)[:200]), now, logging.ERROR, exc)

    def _peer_name(self, peer: object) -> str:
        """A peer as the log names it: its address, or its connection's id on this machine."""
        if isinstance(peer, bytes):
            client = self.clients.get(peer)
            where = client.address if client is not None else "this machine"
            return f"{where} connection {peer.hex()[-8:]}"
        return str(peer)

    def _tick(self, now: float) -> None:
        for client in list(self.clients.values()):
            if now - client.last_seen > LOST_AFTER_SECONDS:
                self._forget(client, now, lost=True)
            elif client.player is None and now - client.since > JOIN_DEADLINE_SECONDS:
                self._drop_unjoined(client, now)
        while self.dropped:  # oldest first: forgotten once silent (or the list is full)
            identity, dropped = next(iter(self.dropped.items()))
            if now - dropped.last_seen <= LOST_AFTER_SECONDS and len(self.dropped) <= (
                MAX_DROPPED_PEERS
            ):
                break
            del self.dropped[identity]
        self.refusals.flush(now)
        self._tell_owners()
        self.over_budget.flush(now)
        self.repeats.flush(now)
        self.budgets.sweep(now)
        for room in self.rooms.values():
            try:
                self._send(room.tick(now))
            except Exception:
                log.exception("error in table %r's timers; the host goes on", room.name)

    def _write_failed(self, what: str, exc: OSError, tables: frozenset[str]) -> None:
        """The DiskWriter's thread: hand the failure to the loop (deque appends are atomic)."""
        self._failed_writes.append((what, exc, tables))

    def _tell_owners(self) -> None:
        """A write given up on (already an ERROR in the log) is a `notice` to the owner of
        each table it was for; when a table's owner is not connected, to everyone still
        connected there: someone who can act hears of it."""
        while self._failed_writes:
            what, exc, tables = self._failed_writes.popleft()
            reason = exc.strerror or str(exc)
            if exc.errno is not None:
                reason += f" (errno {exc.errno})"
            text = (
                f"the host could not save {what} in {self.config.data_dir}: {reason}. The "
                "results stand, but they are not on disk: free some space or fix the "
                "folder's permissions"
            )[:500]
            for name in sorted(tables or {self.config.name}):
                room = self.rooms.get(name)
                if room is None:
                    continue
                owner = room.lobby.owner
                told = [owner] if owner is not None and owner in self.routing_ids else []
                if not told:
                    told = [p for p, m in room.members.items() if m.connected]
                self._send([(player, Notice("disk_write_failed", text)) for player in told])
                log.info("told %d at table %r that %s was not saved", len(told), name, what)

    # --- connections -------------------------------------------------------------------

    def _on_newcomer(self, frames: list[bytes], address: str, key: str, now: float) -> None:
        """A message from a connection the host does not track: admit it, or refuse it."""
        identity = frames[0]
        dropped = self.dropped.get(identity)
        if dropped is not None:  # dropped for not joining: ignored until it goes quiet
            dropped.last_seen = now
            self.dropped.move_to_end(identity)
            self.refusals.note("ignored_after_join_timeout", address, now)
            return
        kind = self._newcomer_kind(frames, key)
        refusal = self.admission.refusal(kind, address)
        if refusal is not None:
            self._refuse(identity, address, refusal.code, refusal.reason, now)
            return
        stranger = kind == "stranger"
        self.clients[identity] = Client(
            identity, now, refilled=now, address=address, key=key, since=now, stranger=stranger
        )
        self.admission.count(address, stranger)
        self._on_frames(frames, now)

    def _impostor(self, client: Client, address: str, now: float) -> None:
        """Another key under the routing id of a connection the host knows: a DEALER may
        choose its own routing id, and libzmq's are predictable, so a peer can take the id
        of a connection that has just gone. It is not that player: its frame is ignored, and
        the connection is forgotten at once (dropped: a computer player takes the seat) so
        that nothing more is sent to that id."""
        self.refusals.note("routing_id_of_another_key", address, now)
        self._forget(client, now, lost=True)

    def _newcomer_kind(self, frames: list[bytes], key: str) -> Kind:
        """Who a new connection is, for admission: a hello of a seated player coming back,
        a key with a score here (on an insecure host, a hello's client id), or a stranger."""
        message = None
        if len(frames) == 2 and len(frames[1]) <= MAX_FRAME_BYTES:
            with contextlib.suppress(ProtocolError):
                message = decode_client(frames[1])
        hello = message if isinstance(message, Hello) else None
        player = player_identity(
            self.config.insecure, key, hello.client_id if hello is not None else ""
        )
        if player is None:
            return "stranger"
        if hello is not None:
            room = self.rooms.get(hello.table or self.config.name)
            member = room.returning(hello.resume_token, player) if room is not None else None
            if member is not None and member.seat is not None:
                return "resume"
        return "known" if self.store.known(player) else "stranger"

    def _refuse(
        self, identity: bytes, address: str, code: ErrorCode, reason: str, now: float
    ) -> None:
        """Refuse a new connection: logged (with counts), answered within a host-wide rate."""
        self.refusals.note(code, address, now)
        self._refusal_tokens = min(
            REFUSAL_REPLIES_PER_SECOND,
            self._refusal_tokens + (now - self._refusal_refilled) * REFUSAL_REPLIES_PER_SECOND,
        )
        self._refusal_refilled = now
        if self._refusal_tokens >= 1.0:
            self._refusal_tokens -= 1.0
            assert self._frames is not None
            self._frames.send_multipart([identity, encode(Error(code, reason))], zmq.NOBLOCK)

    def _drop_unjoined(self, client: Client, now: float) -> None:
        """No welcome in time: told so once, then everything it sends is ignored."""
        client.last_error = float("-inf")
        reason = f"no welcome within {JOIN_DEADLINE_SECONDS:g} s; connect again"
        self._error(client, "join_timeout", reason, now)
        del self.clients[client.identity]
        self._uncount(client)
        self.dropped[client.identity] = Dropped(client.address, client.last_seen)
        self.refusals.note("join_timeout", client.address, now)

    def _uncount(self, client: Client) -> None:
        """A tracked connection let go: it counts against no limit any more."""
        self.admission.release(client.address, client.stranger, client.player is not None)

    def _welcomed(self, client: Client) -> None:
        """A tracked connection welcomed: no longer one waiting to join."""
        self.admission.welcomed(client.address, client.stranger)

    def _room(self, name: str) -> Room | None:
        name = name or self.config.name
        room = self.rooms.get(name)
        if room is None:
            room = self._new_room(name)
            if room is not None:
                self.rooms[name] = room
        return room

    def _new_room(self, name: str) -> Room | None:
        """A table (not yet listed in `rooms`), or None when the host runs MAX_TABLES
        besides its own: the host's own table is never refused (PROTOCOL.md §1)."""
        main = name == self.config.name
        if not main and sum(1 for r in self.rooms if r != self.config.name) >= MAX_TABLES:
            return None
        bots = self.config.bots if main else 0
        return Room(
            name,
            self.config.code,
            self.store,
            self.records,
            RoomConfig(
                bot_delay=self.config.bot_delay,
                bot_pace=self.config.bot_pace,
                bots_for_owner=bots,
                bot_level=self.config.bot_level,
                allow_suggest=self.config.allow_suggest,
                owner=self.config.owner if main else "",
                language=self.config.language,
            ),
            journals=self.journals,
        )

    def _forget(self, client: Client, now: float, lost: bool) -> None:
        if self.clients.pop(client.identity, None) is not None:
            self._uncount(client)
        if client.player is None:
            return
        self.routing_ids.pop(client.player, None)
        room = self.rooms.get(client.room or "")
        if room is not None:
            self._send(room.lost(client.player, now) if lost else room.leave(client.player, now))
            if room.name != self.config.name and room.empty():
                del self.rooms[room.name]  # a table nobody is at any more

    # --- the LAN advert (server/advert.py) ------------------------------------------------

    def _properties(self) -> dict[str, str]:
        """The advert's TXT record: what a browsing game shows before anyone joins."""
        room = self.rooms.get(self.config.name)
        free = room.seats_free() if room else 4
        return {
            "name": self.config.name[:60],
            "version": str(PROTOCOL_VERSION),
            "seats_free": str(free),
            "code": "1" if self.config.code else "0",
            "key": "" if self.config.insecure else self.key_text,
        }

    def advertised_addresses(self) -> list[str]:
        """This computer's addresses the table is reachable at and advertised on."""
        return local_addresses(self.config.bind)

    async def _refresh_advert(self) -> None:
        if self._advert is not None:
            await self._advert.refresh()
