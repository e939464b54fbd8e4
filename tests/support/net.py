"""Helpers for the network tests: a host subprocess, client connections, network bots.

Everything here is bounded in time: a host that does not print its ready line, or a
condition that does not come true, fails the test instead of hanging it. Names are
prefixed (`net_` / `Net`) so other test modules may add their own helpers beside them.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import re
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import zmq

from client.net import Address, Connection
from client.netbot import NetworkBot
from server.records import HandRecord, decoder, replay
from shared.actions import AcceptRules, SetRules, StartGame
from shared.events import HandEnded, HandStarted, SessionEnded, TileDiscarded
from shared.protocol import (
    PROTOCOL_VERSION,
    Error,
    EventMessage,
    Hello,
    HostMessage,
    decode_host,
    encode,
)
from shared.ruleset import TableOptions, make_ruleset

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
READY = re.compile(r"^gdmj-host: table (?P<name>.*) ready at (?P<address>\S+)\s*$")
FAST_OPTIONS = TableOptions(rounds=1, turn_seconds=0, claim_seconds=0)
"""One round, no timers: four network bots play a session in seconds."""
KILL = getattr(signal, "SIGKILL", signal.SIGTERM)
"""The signal that ends a child at once, with no clean-up: SIGKILL. Windows has none;
there `Popen.send_signal(SIGTERM)` is TerminateProcess, which is just as abrupt."""
KILLED_RETURNCODE = 1 if sys.platform == "win32" else -KILL
"""A killed child's returncode: -9 on POSIX; 1 on Windows (Popen's TerminateProcess code)."""


def linux_only(why: str) -> pytest.MarkDecorator:
    """Skip the test off Linux, saying what it needs that only Linux has."""
    return pytest.mark.skipif(sys.platform != "linux", reason=f"Linux only: {why}")


def net_env(home: Path | None = None) -> dict[str, str]:
    """The environment of a child process: this checkout on the path, logs kept in `home`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    # UTF-8 on the pipes on every OS (Windows would use its ANSI code page), as the
    # tests read them: names such as 东家 reach the host's log.
    env["PYTHONIOENCODING"] = "utf-8"
    if home is not None:
        # The host also logs to the user log dir; keep that inside the test's folder.
        env["XDG_STATE_HOME"] = str(home / "state")
        env["XDG_DATA_HOME"] = str(home / "data-home")
        env["XDG_CACHE_HOME"] = str(home / "cache")
    return env


class LineReader:
    """A child's stdout, line by line, read by a thread (so a wait can have a time limit)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        assert self.proc.stdout is not None
        with contextlib.suppress(ValueError, OSError):
            for line in self.proc.stdout:
                self.lines.put(line)
        self.lines.put(None)

    def get(self, limit_s: float) -> str | None:
        """The next line within `limit_s` seconds; None on timeout or end of output."""
        try:
            line = self.lines.get(timeout=max(0.0, limit_s))
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)  # stays at the end for later calls
            return None
        self.seen.append(line)
        return line

    def wait_for(self, pattern: str, limit_s: float) -> str:
        """The next line matching `pattern` (a regex), within `limit_s` seconds."""
        end = time.monotonic() + limit_s
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            line = self.get(left)
            if line is None:
                if self.proc.poll() is not None and self.lines.qsize() <= 1:
                    break
                continue
            if re.search(pattern, line):
                return line.strip()
        raise AssertionError(
            f"no line matching {pattern!r} within {limit_s}s; seen: {self.seen[-10:]!r}"
        )


def net_stop(proc: subprocess.Popen[str] | None, sig: int = signal.SIGTERM) -> int | None:
    """Stop a child we started (by its own pid); killed if it does not end in 5 s.

    SIGTERM lets a POSIX host close cleanly; on Windows it is TerminateProcess (a kill).
    """
    if proc is None:
        return None
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(sig)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait(5)
    for stream in (proc.stdout, proc.stderr, proc.stdin):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    return proc.returncode


@dataclass
class NetHost:
    """A `gdmj-host` subprocess and where it listens."""

    proc: subprocess.Popen[str]
    data_dir: Path
    address: Address
    name: str
    ready_line: str
    log_path: Path
    stdout: LineReader

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> int | None:
        return net_stop(self.proc)

    def kill(self) -> int | None:
        """Killed: no clean-up at all, as if the machine lost power (for the process)."""
        return net_stop(self.proc, KILL)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""


def start_host(
    data_dir: Path,
    name: str = "Net test",
    *,
    code: str = "",
    bots: int | None = None,
    insecure: bool = False,
    advertise: bool = False,
    bind: str = "127.0.0.1",
    port: int = 0,
    extra: Iterable[str] = (),
    prefix: Iterable[str] = (),
    env: dict[str, str] | None = None,
    limit_s: float = 20.0,
) -> NetHost:
    """Start `python -m server.cli` on a free port; return once it printed its ready line.

    stderr (the host's log) goes to a file in `data_dir`, never to a pipe nobody reads, so a
    chatty host (thousands of refused frames) cannot block on a full pipe.
    """
    data_dir.mkdir(parents=True, exist_ok=True)
    args = [
        *prefix,
        PYTHON,
        "-m",
        "server.cli",
        "--port",
        str(port),
        "--bind",
        bind,
        "--bot-delay",
        "0",
        "--data-dir",
        str(data_dir),
        "--name",
        name,
    ]
    if not advertise:
        args.append("--no-advertise")
    if code:
        args += ["--code", code]
    if bots is not None:
        args += ["--bots", str(bots)]
    if insecure:
        args.append("--insecure")
    args += list(extra)
    log_path = data_dir / f"host-{time.monotonic_ns()}.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env={**net_env(data_dir), **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            encoding="utf-8",
        )
    reader = LineReader(proc)
    line = reader.get(limit_s)
    if line is None:
        net_stop(proc, KILL)
        raise AssertionError(
            f"the host printed no ready line within {limit_s}s; its log:\n"
            + log_path.read_text(encoding="utf-8", errors="replace")[-3000:]
        )
    match = READY.match(line.strip())
    if match is None:
        net_stop(proc, KILL)
        raise AssertionError(f"unexpected first line from the host: {line!r}")
    where = Address.parse(match["address"])
    if where.host == "localhost":
        where = Address("127.0.0.1", where.port, where.key)
    return NetHost(proc, data_dir, where, name, line.strip(), log_path, reader)


# --- clients ---------------------------------------------------------------------------


@dataclass
class NetPlayer:
    """A connection, its network bot, and every message it received (in order)."""

    conn: Connection
    bot: NetworkBot
    received: list[HostMessage] = field(default_factory=list)

    @property
    def seat(self) -> int | None:
        return self.conn.welcome.seat if self.conn.welcome else None

    def events(self) -> list[object]:
        return [m.event for m in self.received if isinstance(m, EventMessage)]

    def step(self, timeout_ms: int = 2) -> None:
        self.bot.step(timeout_ms)

    def poll(self, timeout_ms: int = 2) -> None:
        self.conn.poll(timeout_ms)


def record_frames(conn: Connection, into: list[HostMessage]) -> None:
    """Keep every decoded message the connection takes in (wraps `Connection.receive`)."""
    original = conn.receive

    def take(message: HostMessage) -> bool:
        into.append(message)
        return original(message)

    conn.receive = take  # type: ignore[method-assign]


def make_player(
    address: Address,
    name: str,
    *,
    seed: int = 0,
    kind: str = "competent",
    **connection: object,
) -> NetPlayer:
    """A connected Connection (hello sent) wrapped in a NetworkBot, recording its frames."""
    conn = Connection(address, name, **connection)  # type: ignore[arg-type]
    received: list[HostMessage] = []
    record_frames(conn, received)
    conn.connect()
    return NetPlayer(conn, NetworkBot(conn, kind, seed), received)


def make_players(
    address: Address,
    names: Iterable[str],
    keys: Iterable[tuple[bytes, bytes] | None] = (),
    **connection: object,
) -> list[NetPlayer]:
    """Players joining one after another (so the first one owns the table), all welcomed;
    each its own key pair (or client id): `keys` gives them theirs, to come back as
    themselves."""
    players = []
    pairs = list(keys)
    for i, name in enumerate(names):
        pair = pairs[i] if i < len(pairs) else None
        player = make_player(address, name, seed=i, keys=pair, **connection)
        players.append(player)
        pump(players, lambda p=player: p.conn.welcome is not None or bool(p.conn.errors), 10)
        assert player.conn.welcome is not None, (name, player.conn.errors)
    return players


def close_all(players: Iterable[NetPlayer]) -> None:
    for player in players:
        with contextlib.suppress(Exception):
            player.conn.close(say_bye=False)


def pump(
    players: Iterable[NetPlayer],
    until: Callable[[], bool],
    limit_s: float,
    *,
    play: bool = False,
    what: str = "",
    each: Callable[[], None] | None = None,
) -> float:
    """Poll (or, with `play`, step the bots of) every player until `until()` or the limit.

    Returns the seconds it took; fails the test with `what` if the limit passes first.
    """
    players = list(players)
    start = time.monotonic()
    end = start + limit_s
    while True:
        if until():
            return time.monotonic() - start
        if time.monotonic() > end:
            raise AssertionError(f"not within {limit_s}s: {what or until}\n{describe(players)}")
        for player in players:
            if play:
                player.step(1)
            else:
                player.poll(1)
            if until():
                return time.monotonic() - start
        if each is not None:
            each()


def settle(players: Iterable[NetPlayer], seconds: float) -> None:
    """Only listen (no bot acts) for `seconds`: whatever was on its way arrives."""
    players = list(players)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for player in players:
            player.poll(1)


def describe(players: Iterable[NetPlayer]) -> str:
    """Where each player stands (for failure messages)."""
    rows = []
    for p in players:
        conn, view = p.conn, p.conn.view
        where = (
            f"hand {view.hand_number} phase {view.phase} turn of {view.current_seat}"
            if view
            else "no hand"
        )
        acted = p.bot.acted_on[0] if p.bot.acted_on else None
        rows.append(
            f"  {conn.name!r} seat {p.seat}: {where}; legal {list(conn.legal)[:4]}; "
            f"last acted on {list(acted)[:3] if acted else None}; "
            f"last messages {[type(m).__name__ for m in p.received[-4:]]}; "
            f"errors {[e.code for e in conn.errors][-3:]}"
        )
    return "\n".join(rows)


def setup_table(players: list[NetPlayer], options: TableOptions = FAST_OPTIONS) -> None:
    """The owner (first player) sets the rules, the others accept, the owner starts."""
    owner, *others = players
    owner.conn.send(SetRules(options))
    pump(
        players,
        lambda: all(p.conn.lobby is not None and p.conn.lobby.options for p in players),
        10,
        what="everyone sees the rules",
    )
    for other in others:
        other.conn.send(AcceptRules())
    pump(
        players,
        lambda: owner.conn.lobby is not None and owner.conn.lobby.can_start,
        10,
        what="the table can start",
    )
    owner.conn.send(StartGame())


def session_over(players: Iterable[NetPlayer]) -> bool:
    return all(p.conn.session_end is not None for p in players)


def play_session(
    players: list[NetPlayer],
    limit_s: float = 90.0,
    *,
    what: str = "the session ends",
    each: Callable[[], None] | None = None,
) -> float:
    """Let the bots play until every player saw SessionEnded."""
    return pump(players, lambda: session_over(players), limit_s, play=True, what=what, each=each)


def hand_results(player: NetPlayer) -> list[HandEnded]:
    return [e for e in player.events() if isinstance(e, HandEnded)]


def hand_in_play(player: NetPlayer) -> tuple[int, int] | None:
    """(hand number, discards so far) of the hand in play as this player saw it, or None."""
    number = None
    discards = 0
    for event in player.events():
        if isinstance(event, HandStarted):
            number, discards = event.hand_number, 0
        elif isinstance(event, TileDiscarded):
            discards += 1
        elif isinstance(event, HandEnded):
            number = None
    return None if number is None else (number, discards)


def waits_on(player: NetPlayer) -> bool:
    """This player was asked to act and has not answered yet: the host waits for it."""
    conn = player.conn
    return bool(conn.legal) and player.bot.acted_on != (conn.legal, conn.view)


def session_ends(player: NetPlayer) -> list[SessionEnded]:
    return [e for e in player.events() if isinstance(e, SessionEnded)]


# --- raw sockets -------------------------------------------------------------------------


class RawClient:
    """A bare ZeroMQ DEALER (CurveZMQ when the address has a key): sends any bytes at all."""

    def __init__(
        self,
        address: Address,
        context: zmq.Context | None = None,  # type: ignore[type-arg]
        keys: tuple[bytes, bytes] | None = None,
        source: str = "",
    ) -> None:
        """`keys`: the player's own pair (to come back as them); else a fresh one.
        `source`: the loopback address to connect from (another "machine", 127.0.0.x)."""
        self.context = context or zmq.Context.instance()
        sock = self.context.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.SNDHWM, 100_000)
        sock.setsockopt(zmq.RCVHWM, 100_000)
        if address.key:
            public, secret = keys or zmq.curve_keypair()
            sock.curve_serverkey = address.key.encode()
            sock.curve_publickey = public
            sock.curve_secretkey = secret
        where = f"{address.host}:{address.port}"
        sock.connect(f"tcp://{source}:0;{where}" if source else f"tcp://{where}")
        self.socket = sock
        self.frames: list[list[bytes]] = []
        """Every ZeroMQ message received, as its parts."""
        self.sent = 0

    def send(self, payload: bytes | list[bytes], limit_s: float = 5.0) -> None:
        """Send one message (a list: a multipart message), waiting while the queue is full."""
        parts = payload if isinstance(payload, list) else [payload]
        end = time.monotonic() + limit_s
        while True:
            try:
                self.socket.send_multipart(parts, zmq.NOBLOCK)
                self.sent += 1
                return
            except zmq.Again:
                if time.monotonic() > end:
                    raise
                self.receive(1)

    def send_message(self, message: object) -> None:
        self.send(encode(message))  # type: ignore[arg-type]

    def receive(self, timeout_ms: int = 0) -> list[list[bytes]]:
        """Whatever arrived (waiting up to `timeout_ms` for the first message)."""
        got: list[list[bytes]] = []
        if self.socket.poll(timeout_ms, zmq.POLLIN):
            while True:
                try:
                    got.append(self.socket.recv_multipart(zmq.NOBLOCK))
                except zmq.Again:
                    break
        self.frames += got
        return got

    def messages(self) -> list[HostMessage]:
        return [decode_host(parts[-1]) for parts in self.frames]

    def errors(self) -> list[Error]:
        return [m for m in self.messages() if isinstance(m, Error)]

    def wait_for(
        self, predicate: Callable[[HostMessage], bool], limit_s: float = 5.0
    ) -> HostMessage | None:
        """The first message (old or new) matching `predicate`, within `limit_s` seconds."""
        end = time.monotonic() + limit_s
        seen = 0
        while True:
            messages = self.messages()
            for message in messages[seen:]:
                if predicate(message):
                    return message
            seen = len(messages)
            left = end - time.monotonic()
            if left <= 0:
                return None
            self.receive(int(min(left, 0.05) * 1000) + 1)

    def wait_error(self, limit_s: float = 5.0) -> Error | None:
        found = self.wait_for(lambda m: isinstance(m, Error), limit_s)
        return found if isinstance(found, Error) else None

    def close(self) -> None:
        self.socket.close(0)


def hello(name: str, **fields: object) -> Hello:
    """A hello; on an insecure host each one is a newcomer (a client id of its own) unless
    `client_id` is given (an encrypted host ignores it: a RawClient has a key of its own)."""
    fields.setdefault("client_id", secrets.token_hex(16))
    return Hello(protocol=PROTOCOL_VERSION, name=name, **fields)  # type: ignore[arg-type]


def saved_scores(data_dir: Path) -> dict[str, int] | None:
    """The scores file's players as name → score (version 2: players by identity, each
    with the name they last played under; PROTOCOL.md §4), or None while unreadable."""
    try:
        data = json.loads((data_dir / "scores.json").read_text(encoding="utf-8"))
        assert data["version"] == 2, data
        return {p["name"]: p["score"] for p in data["players"].values()}
    except (OSError, ValueError, KeyError):
        return None


def wait_until_saved(
    data_dir: Path, expected: dict[str, int], hands: int, limit_s: float = 5.0
) -> dict[str, int]:
    """The scores file once it holds `expected` (a subset) and the records hold `hands`
    lines. The host writes both behind the hand's end (server/disk_writer.py): players see
    a result a moment before it is on disk."""
    deadline = time.monotonic() + limit_s
    scores: dict[str, int] | None = None
    lines = 0
    while True:
        scores = saved_scores(data_dir)
        lines = sum(
            path.read_bytes().count(b"\n") for path in (data_dir / "records").glob("*.jsonl")
        )
        if (
            scores is not None
            and all(scores.get(k) == v for k, v in expected.items())
            and lines == hands
        ):
            return scores
        if time.monotonic() > deadline:
            raise AssertionError(
                f"not saved within {limit_s}s: scores {scores} (wanted {expected}), "
                f"{lines} record lines (wanted {hands})"
            )
        time.sleep(0.02)


def read_records(data_dir: Path) -> list[bytes]:
    """Every line of every records file, in date order; fails on a line without newline."""
    lines: list[bytes] = []
    for path in sorted((data_dir / "records").glob("*.jsonl")):
        raw = path.read_bytes()
        assert raw.endswith(b"\n"), f"{path.name} ends in a partial line: {raw[-80:]!r}"
        lines += raw.splitlines()
    return lines


def check_records_match(data_dir: Path, results: list[HandEnded]) -> list[HandRecord]:
    """The records file holds exactly these hands, and each one replays to its result."""
    lines = read_records(data_dir)
    assert len(lines) == len(results), (len(lines), len(results))
    rules = make_ruleset(FAST_OPTIONS)
    records = []
    for number, (line, seen) in enumerate(zip(lines, results, strict=True), start=1):
        json.loads(line)  # one JSON document a line
        record = decoder.decode(line)
        assert isinstance(record, HandRecord)
        assert record.hand_number == number
        assert record.ruleset_digest == rules.digest
        assert record.result == seen, f"hand {number}: the record's result is not what was seen"
        table = replay(record, rules)
        assert table.ended
        assert table.result == record.result, f"hand {number} replays to another result"
        records.append(record)
    for before, after in itertools.pairwise(records):
        assert after.scores_before == before.result.scores
    return records
