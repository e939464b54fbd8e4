"""What a joined (or joining) connection sends, past the address's budget: the checks on
each frame (the connection's rate, one part, the size, MessagePack, the message's type and
fields), the hello that joins a table, and the dispatch of the rest to its room; and the
answers: a room's messages to their players, a reply, an `Error` (PROTOCOL.md §1,
PROTOCOL.md §4, PROTOCOL.md §9).

`HostFrames` is a base of `Host` (server/host.py), not a set of functions: a hello reads
and changes what the host keeps of every connection (clients, players' routing ids, the
next player number, the rooms), and every answer goes out on the host's socket.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import zmq

from server.connection import Client, take_token
from server.deal_window import ContributionRefused
from server.identity import player_identity
from server.limits import ERROR_REPLIES_PER_SECOND, UNBUDGETED_ADDRESSES
from server.repeat_log import RepeatLog
from server.room import AlreadyHere, NameTaken, Outgoing, Room
from shared.errors import IllegalAction, MahjongError, ProtocolError
from shared.names import clean_name
from shared.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Contribute,
    Error,
    ErrorCode,
    Hello,
    Message,
    Ping,
    Pong,
    Say,
    SnapshotRequest,
    Welcome,
    decode_client,
    encode,
)
from shared.ruleset import make_ruleset

if TYPE_CHECKING:
    from server.host import HostConfig

log = logging.getLogger("server.host")
"""The host's log (as in server/connection.py)."""


class HostFrames:
    """A connection's frames and the host's answers (see the module's docstring for why a
    base class)."""

    # Set by Host.__init__ (server/host.py).
    config: HostConfig
    rooms: dict[str, Room]
    clients: dict[bytes, Client]
    routing_ids: dict[int, bytes]
    next_player: int
    repeats: RepeatLog
    _frames: zmq.Socket[bytes] | None
    # Host's own, for what a frame leads to: a table found or made, a connection gone.
    _room: Callable[[str], Room | None]
    _forget: Callable[[Client, float, bool], None]
    _uncount: Callable[[Client], None]
    _welcomed: Callable[[Client], None]

    def _on_frames(self, frames: list[bytes], now: float) -> None:
        client = self.clients[frames[0]]
        client.last_seen = now
        if not take_token(client, now):
            self._error(client, "rate_limited", "too many messages; slow down", now)
            return
        if len(frames) != 2:
            self._error(client, "bad_frame", "one MessagePack message per ZeroMQ message", now)
            return
        payload = frames[1]
        if len(payload) > MAX_FRAME_BYTES:
            self._error(client, "too_large", f"frames are at most {MAX_FRAME_BYTES} bytes", now)
            return
        try:
            message = decode_client(payload)
        except ProtocolError as exc:
            code: ErrorCode = "unknown_message" if "$.type" in str(exc) else "bad_field"
            if "MessagePack" in str(exc):
                code = "bad_frame"
            self._error(client, code, str(exc), now)
            return
        if isinstance(message, Hello):
            self._hello(client, message, now)
            return
        room = self.rooms.get(client.room or "")
        if client.player is None or room is None:
            # Also the answer to a forgotten client's pings: it must hello again (resume).
            self._error(client, "not_joined", "say hello first", now)
            return
        if isinstance(message, Ping):
            self._reply(client, Pong(message.sent_ms))
            return
        try:
            if isinstance(message, Act):
                self._send(room.act(client.player, message.action, now))
            elif isinstance(message, Say):
                self._send(room.say(client.player, message.phrase, now))
            elif isinstance(message, Contribute):
                value, hand = message.value, message.hand_number
                self._send(room.contribute(client.player, hand, value, now))
            elif isinstance(message, SnapshotRequest):
                member = room.members.get(client.player)
                if member is not None:
                    self._reply(client, room.snapshot(member, now))
                    for _, sheet in room.sheet_for(client.player):
                        self._reply(client, sheet)
            elif isinstance(message, Bye):
                self._forget(client, now, False)
        except ContributionRefused as exc:
            self._error(client, "contribution_refused", str(exc), now)
        except IllegalAction as exc:
            self._error(client, "illegal_action", str(exc), now)
        except MahjongError as exc:
            self._error(client, "bad_field", str(exc), now)

    def _hello(self, client: Client, hello: Hello, now: float) -> None:
        if client.player is not None:
            self._error(client, "already_joined", "this connection has joined already", now)
            return
        if hello.protocol != PROTOCOL_VERSION:
            self._error(
                client,
                "version",
                f"this host speaks protocol {PROTOCOL_VERSION}, not {hello.protocol}",
                now,
            )
            return
        if self.config.code and hello.table_code != self.config.code:
            self._error(client, "wrong_code", "this table needs its table code", now)
            return
        try:
            name = clean_name(hello.name)
        except ValueError as exc:
            self._error(client, "bad_field", str(exc), now)
            return
        identity = player_identity(self.config.insecure, client.key, hello.client_id)
        if identity is None:
            reason = (
                "this host is insecure: it knows a player by hello.client_id, 16-64 characters"
                if self.config.insecure
                else "this connection's key could not be read; connect again"
            )
            self._error(client, "bad_field", reason, now)
            return
        room = self._room(hello.table)
        if room is None:
            self._error(client, "table_full", "this host runs no more tables", now)
            return
        player = self.next_player
        self.next_player += 1
        try:
            member = room.returning(hello.resume_token, identity)
            if member is not None:
                old = self.routing_ids.pop(member.player, None)
                if old is not None and old != client.identity:
                    replaced = self.clients.pop(old, None)
                    if replaced is not None:
                        self._uncount(replaced)
                out = room.resume(member, player, now)
            else:
                out = room.join(player, name, hello.spectate, now, identity=identity)
                member = room.members[player]
                # The snapshot already holds what the join told everyone else.
                out = [(player, room.snapshot(member)), *room.sheet_for(player)] + [
                    m for m in out if m[0] != player
                ]
        except IllegalAction as exc:
            code: ErrorCode = "illegal_action"
            if isinstance(exc, NameTaken):
                code = "name_taken"
            elif isinstance(exc, AlreadyHere):
                code = "already_joined"
            self._error(client, code, str(exc), now)
            return
        client.player = player
        client.room = room.name
        self._welcomed(client)
        self.routing_ids[player] = client.identity
        options = room.lobby.options
        rules_digest = make_ruleset(options).digest if options is not None else ""
        self._reply(
            client,
            Welcome(
                protocol=PROTOCOL_VERSION,
                table_name=room.name,
                player_id=player,
                resume_token=member.token,
                seat=member.seat,
                options=room.lobby.options,
                ruleset_digest=rules_digest,
            ),
        )
        self._send(out)
        log.info("%r joined table %r (seat %s)", member.name, room.name, member.seat)

    def _send(self, out: list[Outgoing]) -> None:
        assert self._frames is not None
        for player, message in out:
            identity = self.routing_ids.get(player)
            if identity is not None:
                self._frames.send_multipart([identity, encode(message)], zmq.NOBLOCK)

    def _reply(self, client: Client, message: Message) -> None:
        assert self._frames is not None
        self._frames.send_multipart([client.identity, encode(message)], zmq.NOBLOCK)

    def _error(
        self, client: Client, code: ErrorCode, reason: str, now: float, logged: bool = True
    ) -> None:
        """Answer `client` with an Error (a few a second at most); `logged`: logged once a
        peer and code, then counted (server/repeat_log.py; not for an address over its
        budget: its drops are logged as counts of their own)."""
        if logged:
            peer = client.address
            if client.address in UNBUDGETED_ADDRESSES:  # this machine: each connection
                peer += f" connection {client.identity.hex()[-8:]}"
            self.repeats.note(peer, f"refused {code}", repr(reason[:200]), now)
        if now - client.last_error < 1.0 / ERROR_REPLIES_PER_SECOND:
            return  # a flood gets a few replies, not one per frame
        client.last_error = now
        self._reply(client, Error(code, reason[:500]))
