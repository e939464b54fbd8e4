"""Latency and capacity of the LAN protocol: a real host, network bots, loopback TCP.

Run from the repository root:

    python tests/bench/bench_net.py [--quick] [--samples N] [--step-seconds S] [--procs P]

(a) One table: a host (`python -m server.cli`, in a subprocess) and four network bots
(`client/netbot.py`) play flat out; every `Act` a bot sends is timed to the first message
the host sends back on that connection (an `EventMessage`, a `Prompt`, or an `Error`).
p50 and p99 in ms, encrypted (CurveZMQ) and, unless `--no-insecure`, in plain TCP too.

(b) Capacity: a fresh host per step carries 1, 5, 10, 20, 35, 50, 65, 80 tables of four
network bots (each table is a `Hello` with its own `table` name), the clients spread over
a few client processes; the ramp stops at the first step whose p99 is 20 ms or more.
The bots play flat out. (c) The same ramp with bots that think 50–150 ms before each act
(`--think-ms`, 0 skips it): tables at a pace nearer a real one. (d) One table's p99 on one
host, quiet and while another address (127.0.0.2, 127.0.0.3: Linux) floods it with valid
messages, then with illegal moves; each flood's p99 over the quiet p99 of the same run
(tests/support/flood_scenario.py). `--flood-only` runs (d) alone.

Prints a table, the targets with PASS/MISS, and as its last line one JSON object.
See tests/bench/README.md. Not a pytest test; tests/test_bench_net_smoke.py runs --quick.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import heapq
import itertools
import json
import math
import multiprocessing as mp
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import zmq  # noqa: E402

from client.net import Address, Connection  # noqa: E402
from client.netbot import NetworkBot  # noqa: E402
from shared.actions import AcceptRules, SetRules, StartGame  # noqa: E402
from shared.protocol import Error, EventMessage, Prompt, SnapshotRequest  # noqa: E402
from shared.ruleset import TableOptions  # noqa: E402
from tests.support import flood_scenario  # noqa: E402

OPTIONS = TableOptions(starting_score=1_000_000, rounds=4, turn_seconds=0, claim_seconds=0)
"""No timers (only the bots' actions move the tables) and scores no bot can lose."""
RAMP = (1, 5, 10, 20, 35, 50, 65, 80)
P99_LIMIT_MS = 20.0
TARGET_ONE_TABLE_P99_MS = 5.0
TARGET_TABLES = 50
PACED_THINK_MS = 100.0
"""The paced ramp: each bot waits 50–150 ms before it acts (a brisk human takes 1–5 s)."""
RETRY_S = 0.02
HOUSEKEEPING_S = 0.25
_ORDER = itertools.count()
"""How often every connection is polled (pings) even when nothing arrives for it."""


# --- the client side ----------------------------------------------------------------------


class TimedConnection(Connection):
    """A Connection that times each Act to the first message the host sends back."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.sent_at: float | None = None
        self.recording = False
        self.samples = array("d")
        self.sent_times = array("d")
        """When each timed act was sent (perf_counter, the same clock in every process on
        Linux): part (d) splits one run into its quiet and flooded windows by it."""
        self.acts = 0
        self.unanswered = 0
        """Acts sent while an earlier one was still unanswered (not timed)."""
        self.error_codes: list[str] = []
        self.snapshot_requests = 0
        self.think = 0.0
        """Mean seconds a bot waits before each act (0: at once)."""
        self.rng = random.Random(self.name)
        self.outbox: list[tuple[float, int, TimedConnection, Any]] = []
        """Acts waiting to be sent, a heap shared by every connection of the process."""
        self.last_action: Any = None

    def send(self, action: Any) -> None:
        if self.think > 0:
            # Uniform around the mean, so that tables started together drift apart rather
            # than act in lockstep (bursts no real table makes).
            self.later(self.think * self.rng.uniform(0.5, 1.5), action)
            return
        self._send_now(action)

    def later(self, seconds: float, action: Any) -> None:
        heapq.heappush(self.outbox, (time.perf_counter() + seconds, next(_ORDER), self, action))

    def _send_now(self, action: Any) -> None:
        self.last_action = action
        if self.sent_at is None:
            self.sent_at = time.perf_counter()
        else:
            self.unanswered += 1
        self.acts += 1
        super().send(action)

    def _send(self, message: Any) -> None:
        if isinstance(message, SnapshotRequest):
            self.snapshot_requests += 1
        super()._send(message)

    def receive(self, message: Any) -> bool:
        if isinstance(message, Error):
            self.error_codes.append(message.code)
            if message.code == "rate_limited" and self.last_action is not None:
                # The host dropped the act unread (server/limits.py); the bot would wait for
                # an answer forever, so send it again shortly, and time the new send only.
                self.sent_at = None
                self.later(RETRY_S, self.last_action)
                return False
        if self.sent_at is not None and isinstance(message, EventMessage | Prompt | Error):
            if self.recording:
                self.samples.append(time.perf_counter() - self.sent_at)
                self.sent_times.append(self.sent_at)
            self.sent_at = None
        return super().receive(message)


@dataclass
class Player:
    """One network bot and its lobby duties: the owner sets the rules and starts sessions.

    Who owns a table is read from the lobby (the first to sit), so the four players of a
    table may live in different client processes.
    """

    conn: TimedConnection
    bot: NetworkBot
    rules_sent: bool = False
    accepted: bool = False
    last_start: float = -10.0

    @property
    def playing(self) -> bool:
        return self.conn.view is not None and self.conn.session_end is None

    def step(self, now: float) -> None:
        self.bot.step(0)
        lobby = self.conn.lobby
        if lobby is None or self.playing:
            return
        me = next((s for s in lobby.seats if s is not None and s.name == self.conn.name), None)
        if me is None:
            return
        if lobby.options is None:
            if me.owner and all(s is not None for s in lobby.seats) and not self.rules_sent:
                self.conn.send(SetRules(OPTIONS))
                self.rules_sent = True
        elif not me.accepted and not self.accepted:
            self.conn.send(AcceptRules())
            self.accepted = True
        elif me.owner and lobby.can_start and now - self.last_start > 1.0:
            self.conn.send(StartGame())
            self.last_start = now


def _worker(
    address: str, seats: list[tuple[str, int, int]], kind: str, think_ms: float, pipe: Any
) -> None:
    """One client process: join its seats, play until told to stop, report the samples."""
    try:
        _work(Address.parse(address), seats, kind, think_ms, pipe)
    except Exception as exc:  # the parent reports it rather than hanging
        pipe.send({"error": f"{type(exc).__name__}: {exc}"})


def _work(
    address: Address, seats: list[tuple[str, int, int]], kind: str, think_ms: float, pipe: Any
) -> None:
    players: list[Player] = []
    outbox: list[tuple[float, int, TimedConnection, Any]] = []
    for table, seat, seed in seats:
        conn = TimedConnection(address, f"{table}-{seat}", table=table)
        conn.think = think_ms / 1000
        conn.outbox = outbox
        players.append(Player(conn, NetworkBot(conn, kind, seed)))
    for player in players:
        player.conn.connect()

    poller = zmq.Poller()
    by_socket: dict[Any, Player] = {}

    def register() -> None:
        for sock in list(by_socket):
            poller.unregister(sock)
        by_socket.clear()
        for player in players:
            poller.register(player.conn.socket, zmq.POLLIN)
            by_socket[player.conn.socket] = player

    register()
    ready_sent = False
    go_at: float | None = None
    record_from = record_until = math.inf
    target = 0
    last_housekeeping = 0.0
    cpu_start = 0.0
    recording = False
    while True:
        now = time.perf_counter()
        while outbox and outbox[0][0] <= now:
            _, _, conn, action = heapq.heappop(outbox)
            conn._send_now(action)
        timeout = 5.0 if not outbox else max(0.0, min(5.0, (outbox[0][0] - now) * 1000))
        events = poller.poll(timeout)
        touched = [by_socket[s] for s, _ in events if s in by_socket]
        for player in touched:  # read everything first: the timestamps come first
            player.conn.poll(0)
        now = time.perf_counter()
        if now - last_housekeeping >= HOUSEKEEPING_S:
            last_housekeeping = now
            if not ready_sent:
                touched = players  # the lobby: owners retry StartGame
            else:
                # Keep quiet connections alive: poll() pings once a second.
                mono = time.monotonic()
                touched += [p for p in players if mono - p.conn.last_ping >= 1.0 and p.conn.poll(0)]
            if any(p.conn.socket not in by_socket for p in players):
                register()  # a connection reconnected with a new socket
        for player in touched:
            player.step(now)
        if not ready_sent and all(p.playing for p in players):
            pipe.send({"ready": True})
            ready_sent = True
        if go_at is None and pipe.poll():
            order = pipe.recv()
            go_at = now
            record_from = now + order["warmup"]
            record_until = record_from + order["seconds"]
            target = order.get("samples", 0)
        if not recording and record_from <= now < record_until:
            recording = True
            # The client's own garbage collections are not the host's latency.
            gc.collect()
            gc.disable()
            cpu_start = time.process_time()
            for player in players:
                player.conn.recording = True
        if now >= record_until or (
            target and recording and sum(len(p.conn.samples) for p in players) >= target
        ):
            break
        if recording and pipe.poll():  # told to stop early (part (d)'s phases are over)
            pipe.recv()
            break
    gc.enable()
    cpu = time.process_time() - cpu_start
    samples = array("d")
    sent_times = array("d")
    for player in players:
        player.conn.recording = False
        samples.extend(player.conn.samples)
        sent_times.extend(player.conn.sent_times)
    conns = [p.conn for p in players]
    pipe.send(
        {
            "samples": samples.tobytes(),
            "sent_times": sent_times.tobytes(),
            "seconds": time.perf_counter() - record_from,
            "cpu_s": cpu,
            "errors": [code for c in conns for code in c.error_codes],
            "snapshot_requests": sum(c.snapshot_requests for c in conns),
            "reconnects": sum(c.reconnects for c in conns),
            "unanswered": sum(c.unanswered for c in conns),
            "hands": sum(len(c.results) for c in conns if c.name.endswith("-0")),
        }
    )
    for conn in conns:
        conn.close(say_bye=False)


# --- the host ----------------------------------------------------------------------------


HOST_EXTRA: list[str] = []
"""More options for every host (`--no-journal`)."""


class HostProcess:
    """`python -m server.cli` on a random loopback port, its data and logs in a temp dir."""

    def __init__(self, insecure: bool) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="gdmj-bench-"))
        args = [
            sys.executable,
            "-m",
            "server.cli",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
            "--bot-delay",
            "0",
            "--no-advertise",
            "--data-dir",
            str(self.folder / "data"),
            "--name",
            "bench",
        ]
        if insecure:
            args.append("--insecure")
        args += HOST_EXTRA
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        env["XDG_STATE_HOME"] = str(self.folder / "state")  # the host's log file goes here
        self.log = open(self.folder / "host.stderr", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self.log, text=True
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "ready at" not in line:
            self.close()
            raise RuntimeError(f"the host did not start: {line!r}")
        self.address = line.rsplit(" ", 1)[1].strip()

    def cpu_seconds(self) -> float | None:
        """User + system CPU time of the host process (Linux /proc; None elsewhere)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Step:
    """What one run of N tables measured."""

    tables: int
    secure: bool
    samples: list[float]
    seconds: float
    host_cpu: float | None
    client_cpu: float
    errors: list[str]
    snapshot_requests: int
    reconnects: int
    unanswered: int
    hands: int
    failure: str | None = None
    sent_times: list[float] = field(default_factory=list)
    """When each sample's act was sent (perf_counter), in the order of `samples`."""

    def pct(self, q: float) -> float:
        if not self.samples:
            return math.nan
        ordered = sorted(self.samples)
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] * 1000

    @property
    def host_ms_per_act(self) -> float | None:
        if self.host_cpu is None or not self.samples:
            return None
        return 1000 * self.host_cpu / self.rate

    @property
    def rate(self) -> float:
        return len(self.samples) / self.seconds if self.seconds > 0 else 0.0


def run_step(
    tables: int,
    secure: bool,
    procs: int,
    seconds: float,
    warmup: float,
    samples: int = 0,
    kind: str = "competent",
    think_ms: float = 0.0,
    seed: int = 1,
    phases: Callable[[str, Callable[[], float | None]], None] | None = None,
) -> Step:
    """A fresh host and `tables` tables of four network bots over `procs` client processes;
    `phases(address, host_cpu_seconds)`, if given, is called once they all play and the
    warm-up is over, and the measuring ends when it returns (or after `seconds`)."""
    host = HostProcess(insecure=not secure)
    ctx = mp.get_context("spawn")
    # Whole tables to a process: a table's turns then never wait on another process.
    parts = [
        [(f"t{t:03d}", s, seed + 4 * t + s) for t in range(i, tables, procs) for s in range(4)]
        for i in range(min(procs, tables))
    ]
    workers = []
    try:
        for part in parts:
            parent, child = ctx.Pipe()
            proc = ctx.Process(
                target=_worker,
                args=(host.address, part, kind, think_ms, child),
                daemon=True,
            )
            proc.start()
            workers.append((proc, parent))
        failure = None
        deadline = time.monotonic() + 60 + tables
        for _, pipe in workers:
            left = max(0.0, deadline - time.monotonic())
            if not pipe.poll(left):
                failure = "the tables were not all playing in time"
                break
            answer = pipe.recv()
            if "error" in answer:
                failure = answer["error"]
                break
        if failure is not None:
            return Step(tables, secure, [], 0.0, None, 0.0, [], 0, 0, 0, 0, failure)
        per_worker = math.ceil(samples / len(workers)) if samples else 0
        for _, pipe in workers:
            pipe.send({"warmup": warmup, "seconds": seconds, "samples": per_worker})
        time.sleep(warmup)
        cpu_before = host.cpu_seconds()
        started = time.perf_counter()
        if phases is not None:
            phases(host.address, host.cpu_seconds)
            for _, pipe in workers:
                pipe.send({"stop": True})
        results = []
        for _, pipe in workers:
            if not pipe.poll(seconds + 120):
                failure = "a client process did not report"
                break
            results.append(pipe.recv())
        elapsed = time.perf_counter() - started
        cpu_after = host.cpu_seconds()
        host_cpu = None
        if cpu_before is not None and cpu_after is not None and elapsed > 0:
            host_cpu = (cpu_after - cpu_before) / elapsed
        if failure is None:
            failure = next((r["error"] for r in results if "error" in r), None)
        results = [r for r in results if "error" not in r]
        taken: list[float] = []
        sent_times: list[float] = []
        for r in results:
            taken.extend(array("d", r["samples"]))
            sent_times.extend(array("d", r["sent_times"]))
        span = max((r["seconds"] for r in results), default=0.0)
        return Step(
            tables=tables,
            secure=secure,
            samples=taken,
            seconds=span,
            host_cpu=host_cpu,
            client_cpu=sum(r["cpu_s"] for r in results) / span if span else 0.0,
            errors=[e for r in results for e in r["errors"]],
            snapshot_requests=sum(r["snapshot_requests"] for r in results),
            reconnects=sum(r["reconnects"] for r in results),
            unanswered=sum(r["unanswered"] for r in results),
            hands=sum(r["hands"] for r in results),
            failure=failure,
            sent_times=sent_times,
        )
    finally:
        for proc, pipe in workers:
            proc.join(5)
            if proc.is_alive():
                proc.terminate()
                proc.join(5)
            pipe.close()
        host.close()


# --- the report ----------------------------------------------------------------------------


def background_load(seconds: float = 1.0) -> float | None:
    """How busy the machine's CPUs already are, 0–1, before the benchmark adds anything.

    Other processes (a test suite, a build) take CPU from the host and the bots alike and
    make every figure worse; the report shows it so that a run on a busy machine is read as
    one. Linux /proc/stat; None elsewhere.
    """

    def sample() -> tuple[int, int] | None:
        try:
            fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        except (OSError, ValueError):
            return None
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
        return sum(fields), idle

    first = sample()
    time.sleep(seconds)
    second = sample()
    if first is None or second is None or second[0] == first[0]:
        return None
    return 1 - (second[1] - first[1]) / (second[0] - first[0])


def _ms(value: float | None) -> str:
    return "–" if value is None or math.isnan(value) else f"{value:.2f}"


def _line(label: str, step: Step) -> str:
    cpu = "–" if step.host_cpu is None else f"{100 * step.host_cpu:.0f}%"
    problems = []
    if step.errors:
        problems.append(f"{len(step.errors)} errors ({', '.join(sorted(set(step.errors)))})")
    if step.snapshot_requests:
        problems.append(f"{step.snapshot_requests} snapshot requests")
    if step.reconnects:
        problems.append(f"{step.reconnects} reconnects")
    if step.failure:
        problems.append(f"FAILED: {step.failure}")
    return (
        f"{label:<26}{len(step.samples):>8}{step.rate:>9.0f}{_ms(step.pct(0.5)):>9}"
        f"{_ms(step.pct(0.99)):>9}{_ms(max(step.samples, default=math.nan) * 1000):>9}"
        f"{cpu:>7}{100 * step.client_cpu:>8.0f}%  {'; '.join(problems)}"
    )


HEADER = (
    f"{'':<26}{'acts':>8}{'acts/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
    f"{'host':>7}{'clients':>9}"
)


def ramp_up(
    label: str, ramp: tuple[int, ...], args: argparse.Namespace, think_ms: float
) -> tuple[list[Step], int]:
    """Steps of more and more tables until p99 reaches the limit; the last count under it."""
    print(
        f"\n{label}: tables of four network bots, one host (CurveZMQ, {args.procs} client "
        f"processes, {f'think {think_ms:g} ms' if think_ms else 'flat out'}, "
        f"{args.step_seconds:g} s a step)"
    )
    print(HEADER)
    steps: list[Step] = []
    for n in ramp:
        step = run_step(
            n,
            True,
            args.procs,
            args.step_seconds,
            args.warmup,
            kind=args.bots,
            think_ms=think_ms,
            seed=args.seed,
        )
        steps.append(step)
        print(_line(f"{n} table{'s' if n > 1 else ''}", step), flush=True)
        if step.failure or not step.pct(0.99) < P99_LIMIT_MS:
            break
    under = [s.tables for s in steps if not s.failure and s.pct(0.99) < P99_LIMIT_MS]
    # The count before the first step over the limit (steps stop there anyway).
    return steps, max(under, default=0)


def _ramp_json(steps: list[Step]) -> list[dict[str, Any]]:
    return [
        {
            "tables": s.tables,
            "p50_ms": _finite(s.pct(0.5)),
            "p99_ms": _finite(s.pct(0.99)),
            "acts": len(s.samples),
            "acts_per_s": round(s.rate, 1),
            "host_cpu": None if s.host_cpu is None else round(s.host_cpu, 3),
            "host_cpu_ms_per_act": _finite(s.host_ms_per_act),
            "client_cpu": round(s.client_cpu, 3),
            "errors": len(s.errors),
            "failure": s.failure,
        }
        for s in steps
    ]


def _finite(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 3)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="a tiny smoke run (about 20 s)")
    p.add_argument("--samples", type=int, default=6000, help="timed acts in (a), default 6000")
    p.add_argument("--step-seconds", type=float, default=5.0, help="measuring time a step")
    p.add_argument("--warmup", type=float, default=1.0, help="seconds played before measuring")
    p.add_argument("--procs", type=int, default=2, help="client processes in (b), default 2")
    p.add_argument("--max-tables", type=int, default=80, help="last step of the ramps")
    p.add_argument("--bots", choices=("competent", "random"), default="competent")
    p.add_argument(
        "--think-ms",
        type=float,
        default=PACED_THINK_MS,
        help=f"the paced ramp's think time (default {PACED_THINK_MS:g}; 0 skips that ramp)",
    )
    p.add_argument("--no-insecure", action="store_true", help="skip the plain-TCP run of (a)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--no-journal", action="store_true", help="hosts keep no journal (to measure its cost)"
    )
    flood_scenario.add_arguments(p)
    args = p.parse_args(argv)
    if args.no_journal:
        HOST_EXTRA.append("--no-journal")
    ramp = tuple(n for n in RAMP if n <= args.max_tables)
    if args.quick:
        args.samples, args.step_seconds, args.warmup, args.no_insecure = 300, 1.0, 0.3, True
        args.flood_seconds = 2.0
        ramp = (1, 2)

    cores = os.cpu_count() or 1
    busy = background_load()
    print(
        f"network benchmark: {cores} CPU cores, Python {sys.version.split()[0]}, "
        f"libzmq {zmq.zmq_version()}, {args.bots} bots, host on 127.0.0.1"
        + (", no journal" if args.no_journal else "")
    )
    if busy is not None:
        print(
            f"the CPUs were {100 * busy:.0f}% busy with other work just before the run"
            + ("  (a busy machine: every figure below is worse for it)" if busy > 0.15 else "")
        )
    secure: Step | None = None
    plain = None
    flat: list[Step] = []
    under = 0
    paced: list[Step] = []
    under_paced = None
    if not args.flood_only:
        print(
            "\n(a) one table, four network bots flat out: Act → first message back on that socket"
        )
        print(HEADER)
        secure = run_step(1, True, 1, 120.0, args.warmup, args.samples, args.bots, 0.0, args.seed)
        print(_line("CurveZMQ", secure), flush=True)
        if not args.no_insecure:
            plain = run_step(
                1, False, 1, 120.0, args.warmup, args.samples, args.bots, 0.0, args.seed
            )
            print(_line("plain TCP (--insecure)", plain), flush=True)
        flat, under = ramp_up("(b) flat out", ramp, args, 0.0)
        if args.think_ms > 0:
            paced, under_paced = ramp_up("(c) paced", ramp, args, args.think_ms)

    flood = None
    if args.no_flood:
        pass
    elif sys.platform == "linux":
        flood = flood_scenario.run(run_step, _line, args)
    else:
        print("\n(d) skipped: it needs a second loopback address (127.0.0.2), Linux only")

    p99 = secure.pct(0.99) if secure is not None else math.nan
    targets: dict[str, str] = {}
    print("\ntargets")
    if secure is not None:
        targets["one_table_p99_under_5ms"] = "PASS" if p99 < TARGET_ONE_TABLE_P99_MS else "MISS"
        targets["tables_under_20ms_at_least_50"] = "PASS" if under >= TARGET_TABLES else "MISS"
        print(
            f"  (a) one table, p99 < {TARGET_ONE_TABLE_P99_MS:g} ms (CurveZMQ): {_ms(p99)} ms  "
            f"{targets['one_table_p99_under_5ms']}"
        )
        print(
            f"  (b) ≥ {TARGET_TABLES} tables with p99 < {P99_LIMIT_MS:g} ms, flat out: "
            f"{under}  {targets['tables_under_20ms_at_least_50']}"
        )
    if under_paced is not None:
        verdict = "PASS" if under_paced >= TARGET_TABLES else "MISS"
        targets["paced_tables_under_20ms_at_least_50"] = verdict
        print(
            f"  (c) ≥ {TARGET_TABLES} tables with p99 < {P99_LIMIT_MS:g} ms, think "
            f"{args.think_ms:g} ms: {under_paced}  {verdict}"
        )
    if flood is not None:
        verdict = "PASS" if flood.worst <= flood_scenario.TARGET_RATIO else "MISS"
        targets["flood_p99_within_2x"] = verdict
        ratios = ", ".join(
            f"{kind} {_ms(step.pct(0.99))} ms = {flood.ratio(kind):.2f}×"
            for kind, step in flood.flooded.items()
        )
        print(
            f"  (d) p99 while {flood_scenario.SOURCE} floods ≤ "
            f"{flood_scenario.TARGET_RATIO:g}× the quiet {_ms(flood.quiet.pct(0.99))} ms of "
            f"the same run: {ratios}  {verdict}"
        )
    busiest = max(flat, key=lambda s: s.rate, default=None)
    if busiest is not None and busiest.host_ms_per_act:
        print(
            f"\n  the host spent {busiest.host_ms_per_act:.2f} ms of CPU an act at "
            f"{busiest.rate:.0f} acts/s: one core alone would carry about "
            f"{1000 / busiest.host_ms_per_act:.0f} acts/s"
        )
    if cores <= 2:
        print(
            f"  note: only {cores} cores for the host, its ZeroMQ I/O thread and every client "
            "process; flat out, the bots' own CPU (see 'clients') takes what the host needs, "
            "so these figures are a floor for a host on its own machine"
        )

    flood_steps = [flood.quiet, *flood.flooded.values()] if flood is not None else []
    codes = [c for s in [secure, plain, *flat, *paced] if s is not None for c in s.errors]
    summary = {
        "p50_ms": _finite(secure.pct(0.5)) if secure else None,
        "p99_ms": _finite(p99),
        "tables_under_20ms": under,
        "tables_under_20ms_paced": under_paced,
        "think_ms": args.think_ms if under_paced is not None else None,
        "samples": len(secure.samples) if secure else 0,
        "acts_per_s": round(secure.rate, 1) if secure else None,
        "insecure_p50_ms": _finite(plain.pct(0.5)) if plain else None,
        "insecure_p99_ms": _finite(plain.pct(0.99)) if plain else None,
        "ramp": _ramp_json(flat),
        "ramp_paced": _ramp_json(paced),
        "errors": len(codes),
        "error_codes": {code: codes.count(code) for code in sorted(set(codes))},
        "failures": [
            s.failure for s in [secure, plain, *flat, *paced, *flood_steps] if s and s.failure
        ],
        "flood": flood.summary() if flood is not None else None,
        "cores": cores,
        "background_cpu": None if busy is None else round(busy, 3),
        "procs": args.procs,
        "bots": args.bots,
        "quick": args.quick,
        "journal": not args.no_journal,
        "targets": targets,
    }
    print(json.dumps(summary, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
