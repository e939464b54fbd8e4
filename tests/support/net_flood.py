"""One noisy machine: several connections from one source address that flood a host.

Used by bench_net.py (the flood scenario) and tests/test_address_budget.py. The flooder
joins its own table with CONNECTIONS connections from SOURCE (on Linux every 127.x.y.z is
loopback; ZeroMQ's `tcp://SOURCE:0;HOST:PORT` connects from that address), then sends
valid but pointless messages: `snapshot_request` (the costliest answer the host gives),
`ping` and `say` (refused: one phrase every 2 s), RATE a second in all by default: each
connection at the per-connection rate (server/limits.py), so that limit lets every one
through and only the per-address budget stands in the way. `rate=0` floods flat out, as
fast as the sockets take them (on a small machine the flooder then takes a core itself).
`kind="illegal"` sends illegal moves instead: `act` discards at a table that has no hand in
play, each refused `illegal_action` by the table (a few answered a second, the rest counted).
It reads and counts what comes back, so the host's replies never pile up unread; it reads
only each reply's type (and error code), and only the sockets that have one, so that the
flooder itself takes as little of the machine as it can (on a real LAN it is another
machine): its CPU is not the host's.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing as mp
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgspec
import zmq

from shared.actions import Discard
from shared.protocol import (
    PROTOCOL_VERSION,
    Act,
    Hello,
    Message,
    Ping,
    Say,
    SnapshotRequest,
    Welcome,
    decode_host,
    encode,
)

SOURCE = "127.0.0.2"
CONNECTIONS = 64
RATE = 12800.0
TABLE = "flood"
KINDS = {
    "messages": [encode(SnapshotRequest()), encode(Ping(1)), encode(Say(0))],
    "illegal": [encode(Act(Discard(tile))) for tile in (0, 9, 18, 27, 31)],
}
"""What each kind of flood sends in turn: valid but pointless messages, or illegal moves."""


class _Header(msgspec.Struct):
    """A reply's type and error code, the rest skipped undecoded."""

    type: str
    code: str = ""


_HEADER = msgspec.msgpack.Decoder(_Header)
_NAMES = {cls.__struct_config__.tag: cls.__name__ for cls in Message.__subclasses__()}
"""Wire type → message class name, the counts' keys ("Snapshot", "Pong"; an error's code)."""


def flood(
    address: str,
    source: str,
    connections: int,
    rate: float,
    seconds: float,
    pipe: Any,
    kind: str = "messages",
) -> None:
    """Join, tell the pipe "ready", flood until told to stop (`seconds` at most), send the
    counts back."""
    try:
        pipe.send(_flood(address, source, connections, rate, seconds, pipe, KINDS[kind]))
    except Exception as exc:  # the parent reports it rather than hanging
        pipe.send({"error": f"{type(exc).__name__}: {exc}"})


def _flood(
    address: str,
    source: str,
    connections: int,
    rate: float,
    seconds: float,
    pipe: Any,
    messages: list[bytes],
) -> dict[str, Any]:
    where, _, key = address.partition("#")
    context = zmq.Context()
    sockets: list[zmq.Socket[bytes]] = []
    replies: Counter[str] = Counter()
    sent = 0
    try:
        for i in range(connections):
            sock = context.socket(zmq.DEALER)
            sock.setsockopt(zmq.LINGER, 0)
            if key:
                public, secret = zmq.curve_keypair()
                sock.curve_serverkey = key.encode()
                sock.curve_publickey, sock.curve_secretkey = public, secret
            sock.connect(f"tcp://{source}:0;{where}")
            hello = Hello(PROTOCOL_VERSION, f"noisy{i}", table=f"{TABLE} {source}", spectate=i >= 4)
            sock.send(encode(hello))
            sockets.append(sock)
        for sock in sockets:
            answer = decode_host(sock.recv()) if sock.poll(10_000) else None
            if not isinstance(answer, Welcome):
                raise RuntimeError(f"a flooding connection was not welcomed: {answer!r}")
        pipe.send({"ready": True})
        poller = zmq.Poller()
        for sock in sockets:
            poller.register(sock, zmq.POLLIN)
        start = time.monotonic()
        end = start + seconds
        turn = 0
        while time.monotonic() < end and not pipe.poll():
            due = rate * (time.monotonic() - start) if rate else math.inf
            if sent >= due:
                time.sleep(0.002)
            for sock in sockets if sent < due else ():
                for _ in range(50 if not rate else 1):
                    if sent >= due:
                        break
                    try:
                        sock.send(messages[turn % len(messages)], zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    turn += 1
                    sent += 1
            for sock, _ in poller.poll(0):
                while True:
                    try:
                        frame = sock.recv(zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    header = _HEADER.decode(frame)
                    replies[header.code or _NAMES.get(header.type, header.type)] += 1
    finally:
        for sock in sockets:
            sock.close(0)
        context.term()
    return {"sent": sent, "replies": dict(replies)}


@contextlib.contextmanager
def flooding(
    address: str,
    seconds: float,
    source: str = SOURCE,
    connections: int = CONNECTIONS,
    rate: float = RATE,
    into: dict[str, Any] | None = None,
    kind: str = "messages",
) -> Iterator[dict[str, Any]]:
    """A flooder process for the `with` block (it floods `seconds` at most) sending `kind`
    (KINDS); the dict it yields (`into`, if given) is filled with its counts at the end:
    `sent`, and `replies` by message type or error code."""
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    proc = ctx.Process(
        target=flood,
        args=(address, source, connections, rate, seconds, child, kind),
        daemon=True,
    )
    proc.start()
    result: dict[str, Any] = {} if into is None else into
    try:
        if not parent.poll(30):
            raise RuntimeError("the flooder did not start")
        first = parent.recv()
        if "error" in first:
            raise RuntimeError(f"the flooder failed: {first['error']}")
        yield result
        parent.send("stop")
        if parent.poll(30):
            result.update(parent.recv())
    finally:
        proc.join(5)
        if proc.is_alive():
            proc.terminate()
            proc.join(5)
        parent.close()
