"""One noisy machine: several connections from one source address that flood a host.

Used by bench_net.py (the flood scenario) and tests/test_address_budget.py. The flooder
joins its own table with CONNECTIONS connections from SOURCE (on Linux every 127.x.y.z is
loopback; ZeroMQ's `tcp://SOURCE:0;HOST:PORT` connects from that address), then sends
valid but pointless messages: `snapshot_request` (the costliest answer the host gives),
`ping` and `say` (refused: one phrase every 2 s), RATE a second in all by default: each
connection at the per-connection rate (server/limits.py), so that limit lets every one
through and only the per-address budget stands in the way. `rate=0` floods flat out, as
fast as the sockets take them (on a small machine the flooder then takes a core itself).
It reads and counts what comes back, so the host's replies never pile up unread.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing as mp
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import zmq

from shared.protocol import (
    PROTOCOL_VERSION,
    Error,
    Hello,
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
MESSAGES = [encode(SnapshotRequest()), encode(Ping(1)), encode(Say(0))]


def flood(
    address: str, source: str, connections: int, rate: float, seconds: float, pipe: Any
) -> None:
    """Join, tell the pipe "ready", flood until told to stop (`seconds` at most), send the
    counts back."""
    try:
        pipe.send(_flood(address, source, connections, rate, seconds, pipe))
    except Exception as exc:  # the parent reports it rather than hanging
        pipe.send({"error": f"{type(exc).__name__}: {exc}"})


def _flood(
    address: str, source: str, connections: int, rate: float, seconds: float, pipe: Any
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
            hello = Hello(PROTOCOL_VERSION, f"noisy{i}", table=TABLE, spectate=i >= 4)
            sock.send(encode(hello))
            sockets.append(sock)
        for sock in sockets:
            if not sock.poll(10_000) or not isinstance(decode_host(sock.recv()), Welcome):
                raise RuntimeError("a flooding connection was not welcomed")
        pipe.send({"ready": True})
        start = time.monotonic()
        end = start + seconds
        turn = 0
        while time.monotonic() < end and not pipe.poll():
            due = rate * (time.monotonic() - start) if rate else math.inf
            if sent >= due:
                time.sleep(0.002)
            for sock in sockets:
                for _ in range(50 if not rate else 1):
                    if sent >= due:
                        break
                    try:
                        sock.send(MESSAGES[turn % len(MESSAGES)], zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    turn += 1
                    sent += 1
                while True:
                    try:
                        frame = sock.recv(zmq.NOBLOCK)
                    except zmq.Again:
                        break
                    message = decode_host(frame)
                    kind = message.code if isinstance(message, Error) else type(message).__name__
                    replies[kind] += 1
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
) -> Iterator[dict[str, Any]]:
    """A flooder process for the `with` block (it floods `seconds` at most); the dict it
    yields (`into`, if given) is filled with its counts at the end: `sent`, and `replies`
    by message type or error code."""
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    proc = ctx.Process(
        target=flood, args=(address, source, connections, rate, seconds, child), daemon=True
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
