"""Admission by identity under a crowd (PROTOCOL.md §1 "Limits"): strangers open MAX_TABLES
tables from two addresses (64 connections each) and 600 pinging connections from ten
other addresses that never say hello, each reopened every 4 s so that none reaches its
join deadline. Friends with a score on this host still join the host's own table 10 of 10
times, and newcomers at least 9 of 10. And connections dropped at their join deadline
count against nobody. CurveZMQ, loopback only (127.0.0.x source addresses), bounded in
count and time.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import zmq

from client.net import Address
from server.limits import (
    JOIN_DEADLINE_SECONDS,
    MAX_CLIENTS_PER_ADDRESS,
    MAX_TABLES,
    PING_SECONDS,
)
from shared.protocol import Bye, Error, Ping, Welcome, decode_host, encode
from tests.support.net import PYTHON, NetHost, RawClient, hello, linux_only, start_host

TABLE_SOURCES = ("127.0.0.2", "127.0.0.3")
PINGER_SOURCES = tuple(f"127.0.0.{10 + n}" for n in range(10))
PINGERS_PER_SOURCE = 60
REOPEN_SECONDS = 4.0
"""Each pinger's connection is closed and opened anew this often: before its join deadline."""
TRIES = 10


class Crowd(threading.Thread):
    """The strangers: MAX_TABLES tables opened and kept (a ping a second each), then the
    rotating pingers, until `stop`."""

    def __init__(self, address: Address) -> None:
        super().__init__(daemon=True)
        self.address = address
        self.context = zmq.Context()
        self.codes: Counter[str] = Counter()
        self.tables_open = 0
        self.pinging = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def _socket(self, source: str) -> zmq.Socket[bytes]:
        sock = self.context.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        public, secret = zmq.curve_keypair()
        sock.curve_serverkey = self.address.key.encode()
        sock.curve_publickey, sock.curve_secretkey = public, secret
        sock.connect(f"tcp://{source}:0;{self.address.host}:{self.address.port}")
        return sock

    def _drain(self, sock: zmq.Socket[bytes]) -> list[object]:
        got = []
        with contextlib.suppress(zmq.Again):
            while True:
                got.append(decode_host(sock.recv(zmq.NOBLOCK)))
        self.codes.update(m.code for m in got if isinstance(m, Error))
        return got

    def _open_table(self, n: int) -> zmq.Socket[bytes] | None:
        sock = self._socket(TABLE_SOURCES[n % len(TABLE_SOURCES)])
        sock.send(encode(hello(f"Stranger {n}", table=f"Stranger table {n}")))
        end = time.monotonic() + 10
        while time.monotonic() < end:
            if sock.poll(50) and any(isinstance(m, Welcome) for m in self._drain(sock)):
                return sock
        sock.close(0)
        return None

    def run(self) -> None:
        tables: list[zmq.Socket[bytes]] = []
        pingers: list[tuple[zmq.Socket[bytes], float]] = []
        try:
            for n in range(MAX_TABLES):
                sock = self._open_table(n)
                if sock is not None:
                    tables.append(sock)
            self.tables_open = len(tables)
            rng = random.Random(31)
            now = time.monotonic()
            sources = PINGER_SOURCES * PINGERS_PER_SOURCE
            # Opened at staggered moments of a rotation, so reopenings spread out.
            pingers = [(self._socket(s), now - rng.uniform(0, REOPEN_SECONDS)) for s in sources]
            self.pinging.set()
            next_ping = now
            while not self.stop.is_set():
                now = time.monotonic()
                for i, (sock, opened) in enumerate(pingers):
                    if now - opened >= REOPEN_SECONDS:
                        sock.close(0)
                        sock = self._socket(sources[i])
                        sock.send(encode(Ping(1)), zmq.NOBLOCK)  # at once: the place is taken
                        pingers[i] = (sock, now)
                if now >= next_ping:
                    next_ping = now + PING_SECONDS
                    for sock in [s for s, _ in pingers] + tables:
                        with contextlib.suppress(zmq.Again):
                            sock.send(encode(Ping(1)), zmq.NOBLOCK)
                for sock in [s for s, _ in pingers] + tables:
                    self._drain(sock)
                time.sleep(0.02)
        except BaseException as exc:
            self.error = exc
        finally:
            for sock in tables + [s for s, _ in pingers]:
                sock.close(0)
            self.context.term()


def friends_file(data_dir: Path, keys: list[tuple[bytes, bytes]]) -> None:
    """A scores file in which every pair of `keys` is a player with a score here."""
    players = {
        f"key:{public.decode()}": {"name": f"Friend {n}", "score": 1000}
        for n, (public, _) in enumerate(keys)
    }
    data_dir.mkdir(parents=True)
    (data_dir / "scores.json").write_text(
        json.dumps({"version": 2, "players": players, "unclaimed": {}}), encoding="utf-8"
    )


def join_home(host: NetHost, name: str, source: str, keys: tuple[bytes, bytes] | None) -> str:
    """Join the host's own table and leave again: "welcome" or the refusal's code."""
    raw = RawClient(host.address, keys=keys, source=source)
    try:
        raw.send_message(hello(name))
        got = raw.wait_for(lambda m: isinstance(m, Welcome | Error), 8.0)
        if isinstance(got, Welcome):
            raw.send_message(Bye())
            time.sleep(0.05)
            return "welcome"
        return got.code if isinstance(got, Error) else "no answer"
    finally:
        raw.close()


@pytest.fixture
def crowd() -> Iterator[list[Crowd]]:
    started: list[Crowd] = []
    yield started
    for c in started:
        c.stop.set()
        c.join(20)


@linux_only("loopback source addresses other than 127.0.0.1")
def test_friends_and_newcomers_get_in_past_strangers_tables_and_rotating_pingers(
    tmp_path: Path, crowd: list[Crowd]
) -> None:
    assert PINGERS_PER_SOURCE <= MAX_CLIENTS_PER_ADDRESS  # the address cap alone lets all in
    keys = [zmq.curve_keypair() for _ in range(TRIES)]
    friends_file(tmp_path / "data", keys)
    host = start_host(tmp_path / "data", "Home table")
    try:
        strangers = Crowd(host.address)
        crowd.append(strangers)
        strangers.start()
        assert strangers.pinging.wait(90), "the strangers' tables were not all opened"
        assert strangers.tables_open == MAX_TABLES, strangers.codes
        time.sleep(REOPEN_SECONDS + 2)  # a whole rotation: every pinger reopened once
        friends, newcomers = Counter[str](), Counter[str]()
        for n in range(TRIES):
            friends[join_home(host, f"Friend {n}", "127.0.0.5", keys[n])] += 1
            newcomers[join_home(host, f"Newcomer {n}", "127.0.0.6", None)] += 1
        assert strangers.error is None, repr(strangers.error)
        assert strangers.is_alive(), "the crowd stopped before the tries were over"
        assert friends["welcome"] == TRIES, f"returning friends: {friends}"
        assert newcomers["welcome"] >= TRIES - 1, f"newcomers: {newcomers}"
        # The pingers were held to their addresses' share of waiting connections.
        assert strangers.codes["too_many_connections"] > 0, strangers.codes
        assert host.alive
        assert "Traceback" not in host.log_text()
    finally:
        host.stop()


@linux_only("loopback source addresses other than 127.0.0.1")
def test_connections_past_their_join_deadline_stop_counting(tmp_path: Path) -> None:
    """An address's connections dropped at the join deadline, still pinging, no longer
    count against it: a newcomer from that address (a NAT-mate) gets in. (The per-address
    cap lowered to 16 so that a few connections reach it.)"""
    cap = 16
    host = start_host(
        tmp_path / "data",
        "Home table",
        prefix=[PYTHON, "tests/support/net_limits_proc.py"],
        env={"GDMJ_TEST_LIMITS": json.dumps({"MAX_CLIENTS_PER_ADDRESS": cap})},
    )
    pingers = [RawClient(host.address, source="127.0.0.7") for _ in range(cap)]
    try:
        end = time.monotonic() + JOIN_DEADLINE_SECONDS + 10
        while time.monotonic() < end:
            for raw in pingers:
                raw.send_message(Ping(1))
            time.sleep(0.5)
            for raw in pingers:
                raw.receive()
            if all(any(e.code == "join_timeout" for e in raw.errors()) for raw in pingers):
                break
        codes = Counter(e.code for raw in pingers for e in raw.errors())
        assert all(any(e.code == "join_timeout" for e in r.errors()) for r in pingers), codes
        for raw in pingers:
            raw.send_message(Ping(1))  # still there, still sending
        assert join_home(host, "Newcomer", "127.0.0.7", None) == "welcome"
        assert host.alive
    finally:
        for raw in pingers:
            raw.close()
        host.stop()
