"""The host's ROUTER socket from its opening to its close: the options (size cap,
heartbeats, handshake time, CurveZMQ), the bind (an IPv6 address in brackets, a free port
for port 0), and at a stop the `table_closed` each joined connection is sent before the
socket closes (PROTOCOL.md §10.9)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING

import zmq
import zmq.asyncio

from server.connection import Client
from server.limits import HANDSHAKE_SECONDS, HEARTBEAT_IVL_MS, HEARTBEAT_TIMEOUT_MS
from server.room import Room
from shared.protocol import MAX_FRAME_BYTES, TableClosed, encode

if TYPE_CHECKING:
    from server.host import HostConfig

log = logging.getLogger("server.host")
"""The host's log (as in server/connection.py)."""

CLOSE_LINGER_MS = 1000
"""How long a stopping host waits for its `TableClosed` messages to leave (a client on a
dead connection must not hold the stop up for longer)."""


class CannotListen(OSError):
    """The host could not bind its address (in use, or not an address of this computer)."""


def open_router(
    ctx: zmq.asyncio.Context, config: HostConfig, port: int, keys: tuple[bytes, bytes]
) -> tuple[zmq.asyncio.Socket, int]:
    """The bound socket and its port (`port`, or the free one taken for 0); `keys`: the
    host's CurveZMQ public and secret key. Raise CannotListen saying why it cannot bind."""
    public_key, secret_key = keys
    sock = ctx.socket(zmq.ROUTER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.MAXMSGSIZE, MAX_FRAME_BYTES + 1024)
    sock.setsockopt(zmq.HEARTBEAT_IVL, HEARTBEAT_IVL_MS)
    sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, HEARTBEAT_TIMEOUT_MS)
    sock.setsockopt(zmq.HEARTBEAT_TTL, HEARTBEAT_TIMEOUT_MS)
    sock.setsockopt(zmq.HANDSHAKE_IVL, int(HANDSHAKE_SECONDS * 1000))
    if not config.insecure:
        sock.curve_server = True
        sock.curve_secretkey = secret_key
        sock.curve_publickey = public_key
    host = config.bind
    if ":" in host:  # an IPv6 address: ZeroMQ takes it in brackets, with IPv6 on
        sock.setsockopt(zmq.IPV6, 1)
        host = f"[{host.strip('[]')}]"
    try:
        if port == 0:
            port = sock.bind_to_random_port(f"tcp://{host}")
        else:
            sock.bind(f"tcp://{host}:{port}")
    except zmq.ZMQError as exc:
        sock.close(0)  # an open socket would keep the context's term() waiting for ever
        where = f"{host}:{port or 'a free port'}"
        reason = zmq.strerror(exc.errno) if exc.errno is not None else str(exc)
        raise CannotListen(f"cannot listen on {where}: {reason}") from exc
    return sock, port


def tell_closed(
    frames: zmq.Socket[bytes],
    clients: Mapping[bytes, Client],
    rooms: Mapping[str, Room],
    closed_by: str,
) -> bool:
    """A `TableClosed` to every joined connection, queued before the socket closes (its
    linger sends them); `closed_by` as Host.stop takes it. True if any was queued."""
    told = False
    for client in clients.values():
        room = rooms.get(client.room or "")
        if client.player is None or room is None:
            continue
        closed = TableClosed(closed_by, room.saved_scores())
        try:
            frames.send_multipart([client.identity, encode(closed)], zmq.NOBLOCK)
            told = True
        except zmq.ZMQError as exc:  # a full queue: that client learns from the silence
            log.info("could not tell %r the table closed: %s", client.address, exc)
    return told


def close_socket(socket: zmq.asyncio.Socket, linger_ms: int = 0) -> None:
    """Close the socket even where the event loop cannot unwatch it (the loop that made
    serve() fail): a socket left open would hang the context's term() for ever.
    `linger_ms`: how long what is still queued may take to go out."""
    try:
        socket.close(linger_ms)
    except Exception:
        log.exception("the socket's event-loop watch could not be removed; closing it plain")
        zmq.Socket.close(socket, linger_ms)
