"""Fair service: a flooding peer cannot make a quiet one wait, and its errors are logged once.

The host's read-and-serve round (Host._drain) runs here on a fake ROUTER socket and a fake
clock: what is asserted is the order frames are served in and what is logged, never a time.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import zmq

import server.host
import server.host_frames
from server.connection import Client
from server.fair_queue import FairQueues
from server.host import Host, HostConfig
from server.limits import PEER_FRAMES_PER_TICK, PEER_QUEUE_FRAMES
from shared.protocol import Ping, encode

FLOODER = b"\x00flooder"
QUIET = b"\x00quiet"


class FakeFrame:
    """What `recv(copy=False)` gives: the bytes, `more`, and the Peer-Address."""

    def __init__(self, data: bytes, more: bool, address: str) -> None:
        self.bytes = data
        self.more = more
        self.address = address

    def get(self, name: str) -> str:
        if name == "Peer-Address":
            return self.address
        raise KeyError(name)


class FakeRouter:
    """A ROUTER's incoming side as libzmq has it: a queue of messages per connection, read
    round-robin, one message from each in turn (fair-queued); `arrivals[n]` are messages
    that arrive after the n-th read."""

    def __init__(self) -> None:
        self.pipes: dict[bytes, deque[FakeFrame]] = {}
        self.turn: deque[bytes] = deque()
        self.arrivals: dict[int, list[tuple[bytes, str, bytes]]] = {}
        self.reads = 0
        self.sent: list[list[bytes]] = []
        self._rest: deque[FakeFrame] = deque()

    def add(self, routing: bytes, address: str, payload: bytes) -> None:
        if routing not in self.pipes:
            self.pipes[routing] = deque()
            self.turn.append(routing)
        self.pipes[routing].append(FakeFrame(payload, False, address))

    def recv(self, flags: int = 0, copy: bool = True) -> FakeFrame:
        if self._rest:  # the rest of a multipart message
            return self._rest.popleft()
        while self.turn and not self.pipes[self.turn[0]]:
            del self.pipes[self.turn.popleft()]
        if not self.turn:
            raise zmq.Again()
        routing = self.turn[0]
        self.turn.rotate(-1)
        payload = self.pipes[routing].popleft()
        self._rest.append(payload)
        self.reads += 1
        for message in self.arrivals.pop(self.reads, []):
            self.add(*message)
        return FakeFrame(routing, True, payload.address)

    def send_multipart(self, parts: list[bytes], flags: int = 0) -> None:
        self.sent.append(parts)


@pytest.fixture
def host(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    clock = SimpleNamespace(now=100.0)
    monkeypatch.setattr(server.host, "time", SimpleNamespace(monotonic=lambda: clock.now))
    made = Host(HostConfig(data_dir=tmp_path, insecure=True, advertise=False, journal=False))
    made._frames = FakeRouter()  # type: ignore[assignment]
    made.clock = clock  # type: ignore[attr-defined]
    try:
        yield made
    finally:
        made.writer.close()
        made._ctx.term()


def router(host: Host) -> FakeRouter:
    assert isinstance(host._frames, FakeRouter)
    return host._frames


def known(host: Host, routing: bytes, address: str) -> Client:
    """A connection the host already tracks (its frames go to `_on_frames`)."""
    client = Client(routing, 100.0, refilled=100.0, address=address, since=100.0)
    host.clients[routing] = client
    host.admission.count(address, stranger=False)
    return client


def tick(host: Host) -> None:
    asyncio.run(host._drain())


def recording(host: Host, monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The routing ids of the frames handled, in order."""
    served: list[bytes] = []
    monkeypatch.setattr(host, "_on_frames", lambda frames, now: served.append(frames[0]))
    return served


def test_a_quiet_peers_frame_is_served_first_in_the_tick_it_is_read(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """1,000 frames queued from a flooding machine, then one from a quiet one, arriving
    while the host reads the flood: the quiet frame is served first, in that same tick,
    and the flooder no more than its budget per tick."""
    known(host, FLOODER, "10.0.0.5")
    known(host, QUIET, "10.0.0.6")
    fake = router(host)
    ping = encode(Ping(1))
    for _ in range(1000):
        fake.add(FLOODER, "10.0.0.5", ping)
    fake.arrivals[100] = [(QUIET, "10.0.0.6", ping)]
    served = recording(host, monkeypatch)

    tick(host)
    assert QUIET in served, "the quiet peer's frame waits for a later tick"
    assert served.index(QUIET) == 0, f"{served.index(QUIET)} flood frames served before it"
    assert served.count(FLOODER) <= PEER_FRAMES_PER_TICK
    for _ in range(3):  # the flooder's backlog: its budget a tick, no more
        before = len(served)
        tick(host)
        assert 0 < len(served) - before <= PEER_FRAMES_PER_TICK
    assert host.queues.backlog("10.0.0.5") <= PEER_QUEUE_FRAMES


def test_a_quiet_peers_reply_leaves_before_any_reply_to_the_flooder(host: Host) -> None:
    """The send side: in the tick that reads the quiet peer's frame, its answer is the first
    to go out, before the flooder's (its frames' answers, and the `rate_limited` of the ones
    dropped while reading)."""
    known(host, FLOODER, "10.0.0.5")
    known(host, QUIET, "10.0.0.6")
    fake = router(host)
    ping = encode(Ping(1))  # neither has joined: each is answered `not_joined`
    for _ in range(1000):
        fake.add(FLOODER, "10.0.0.5", ping)
    fake.arrivals[100] = [(QUIET, "10.0.0.6", ping)]

    tick(host)
    replied = [parts[0] for parts in fake.sent]
    assert QUIET in replied and FLOODER in replied, replied
    assert replied[0] == QUIET, f"{replied.index(QUIET)} replies to the flooder went first"


def test_the_fair_queues_serve_round_robin_the_fewest_waiting_first() -> None:
    queues: FairQueues[int] = FairQueues(queue_frames=5, frames_per_tick=3)
    assert all(queues.put("flood", n) for n in range(5))
    assert not queues.put("flood", 5), "a full queue drops the frame"
    queues.put("quiet", 100)
    queues.put("two", 200)
    queues.put("two", 201)
    first = list(queues.tick())
    assert first == [
        ("quiet", 100),
        ("two", 200),
        ("flood", 0),
        ("two", 201),
        ("flood", 1),
        ("flood", 2),
    ]
    assert len(queues) == 2 and queues.backlog("flood") == 2
    assert list(queues.tick()) == [("flood", 3), ("flood", 4)]
    assert len(queues) == 0 and list(queues.tick()) == []


def flood_of_bad_frames(host: Host, payload: bytes, frames: int = 2000) -> Callable[[], None]:
    """`frames` frames from five connections of one machine, as many a tick as it is served
    (a flood that stays within every rate), the clock 4 ms on a tick (2 s for 2,000)."""
    fake = router(host)
    connections = [bytes([0, n]) + b"noisy" for n in range(5)]
    for routing in connections:
        known(host, routing, "10.0.0.9")

    def run() -> None:
        for t in range(frames // PEER_FRAMES_PER_TICK):
            for n in range(PEER_FRAMES_PER_TICK):
                fake.add(connections[(t * PEER_FRAMES_PER_TICK + n) % 5], "10.0.0.9", payload)
            tick(host)
            host.clock.now += 0.004  # type: ignore[attr-defined]

    return run


def test_a_flood_of_frames_that_trip_a_bug_logs_one_traceback_and_a_count(
    host: Host, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """2,000 frames that each raise in the host (as over-deep ones did): one ERROR line
    with the traceback, then one line with the count, not 2,000 tracebacks."""

    def too_deep(payload: bytes) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(server.host_frames, "decode_client", too_deep)
    run = flood_of_bad_frames(host, b"\x91" * 100)
    with caplog.at_level(logging.INFO, logger="server.host"):
        run()
        host.clock.now += 6.0  # type: ignore[attr-defined]
        host._tick(host.clock.now)  # type: ignore[attr-defined]
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 2, f"{len(errors)} ERROR lines"
    first, count = errors
    assert first.exc_info is not None and "RecursionError" in first.getMessage()
    assert "10.0.0.9" in first.getMessage()
    assert count.exc_info is None
    assert "1,999 more × error while handling a frame" in count.getMessage()


def test_the_same_refusal_from_one_machine_is_logged_once_with_a_count(
    host: Host, caplog: pytest.LogCaptureFixture
) -> None:
    run = flood_of_bad_frames(host, b"\xc1 not MessagePack")
    with caplog.at_level(logging.INFO, logger="server.host"):
        run()
        host.clock.now += 6.0  # type: ignore[attr-defined]
        host._tick(host.clock.now)  # type: ignore[attr-defined]
    lines = [r.getMessage() for r in caplog.records if "bad_frame" in r.getMessage()]
    assert len(lines) == 2, lines[:5]
    assert "1,999 more × refused bad_frame" in lines[1]
    # Still answered, a few a second a connection: 2 s, five connections.
    assert 5 <= len(router(host).sent) <= 5 * (1 + 4 * 2)
