"""What the host's journal (server/journal.py) costs a table: per action and per hand.

Run from the repository root:

    python tests/bench/bench_journal.py [--hands N] [--bots random|competent] [--dir D]

Plays sessions of four bots on the engine's `Session` three times over the same seeds:
without a journal, with the journal written but never fsynced, and with the journal as the
host keeps it (written before each action's events go out, fsynced at each session's and
hand's start and end, each claim carried out and each kong). What is
timed, action by action, is what lies between an action arriving and its events going out:
`Session.step` and the journal's `after_step` (the bots' thinking is not timed). The fsyncs
are timed on their own too, so their share of the journal's cost shows. The journal goes to
a folder in `--dir` (default: the system's temporary folder; a RAM disk there would make
fsync free, so the filesystem is printed). Prints a table and, as its last line, one JSON
object. See tests/bench/README.md. Not a pytest test; tests/test_bench_journal_smoke.py runs
it with tiny sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.disk_writer import DiskWriter  # noqa: E402
from server.engine.bots import make_bot  # noqa: E402
from server.engine.session import Session, SessionPhase  # noqa: E402
from server.journal import (  # noqa: E402
    Acted,
    SeatEntry,
    TableJournal,
    hand_begun,
    session_begun,
)
from shared.actions import ContinueGame  # noqa: E402
from shared.events import HandEnded  # noqa: E402
from shared.ruleset import TableOptions, make_ruleset  # noqa: E402

MODES = ("off", "written", "host")
LABELS = {
    "off": "no journal",
    "written": "journal, no fsync",
    "host": "journal as the host keeps it",
}
ROUNDS = 5
"""Slices of the hands, each played by every mode in turn."""
SEATS = (SeatEntry("A", False, "0" * 32), *(SeatEntry(n, True) for n in ("B", "C", "D")))


@dataclass
class Run:
    mode: str
    hands: int = 0
    actions: int = 0
    times: list[float] = field(default_factory=list)
    """Seconds of each action: the step and its journal entry."""
    fsyncs: int = 0
    fsync_seconds: float = 0.0
    lines: int = 0
    journal_bytes: int = 0

    def us(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e6

    @property
    def mean_us(self) -> float:
        return sum(self.times) / len(self.times) * 1e6

    @property
    def hands_per_s(self) -> float:
        return self.hands / sum(self.times)


class TimedFsync:
    """os.fsync, timed (and skipped when `skip`): the journal's only fsync."""

    def __init__(self) -> None:
        self.real = os.fsync
        self.skip = False
        self.calls = 0
        self.seconds = 0.0

    def __call__(self, fd: int) -> None:
        if self.skip:
            return
        start = time.perf_counter()
        self.real(fd)
        self.seconds += time.perf_counter() - start
        self.calls += 1


def play(run: Run, hands: int, seed: int, bots: str, folder: Path, fsync: TimedFsync) -> None:
    """Sessions back to back until `hands` more hands are played (the same hands for every
    mode, from `seed`), added to `run`."""
    rules = make_ruleset(TableOptions(turn_seconds=0, claim_seconds=0))
    rng = random.Random(seed)
    mode = run.mode
    fsync.skip = mode == "written"
    calls, seconds = fsync.calls, fsync.seconds
    writer = DiskWriter()
    clock = time.perf_counter
    goal = run.hands + hands
    while run.hands < goal:
        session = Session(rules, rng.getrandbits(64))
        players = [make_bot(bots, rules, rng.getrandbits(32)) for _ in range(4)]
        start = clock()
        session.start()
        journal = None
        if mode != "off":
            begun = session_begun("bench", TableOptions(), session, SEATS, 0)
            journal = TableJournal.begin(folder, writer, begun)
            journal.after_step(hand_begun(session), session, [])
        run.times.append(clock() - start)
        while not session.over and run.hands < goal:
            seat = session.awaiting()[0]
            if session.phase is SessionPhase.BETWEEN_HANDS:
                action = ContinueGame()
            else:
                assert session.hand is not None
                action = players[seat].choose(session.hand.live_view(seat))
            start = clock()
            deliveries = session.step(seat, action)
            if journal is not None:
                journal.after_step(Acted(seat, action), session, deliveries)
            run.times.append(clock() - start)
            run.actions += 1
            run.hands += any(isinstance(d.event, HandEnded) for d in deliveries)
        if journal is not None:
            run.lines += journal.lines
            run.journal_bytes += journal.path.stat().st_size
            journal.close()
    run.fsyncs += fsync.calls - calls
    run.fsync_seconds += fsync.seconds - seconds
    writer.close()


def filesystem(folder: Path) -> str:
    """The filesystem type of `folder` (Linux: `df`), or "?"."""
    try:
        out = subprocess.run(
            ["df", "-T", str(folder)], capture_output=True, text=True, timeout=5, check=False
        ).stdout.splitlines()
        return out[1].split()[1] if len(out) > 1 else "?"
    except (OSError, subprocess.SubprocessError, IndexError):
        return "?"


def run(hands: int, seed: int, bots: str, where: Path | None) -> dict[str, object]:
    started = time.perf_counter()
    base = Path(tempfile.mkdtemp(prefix="gdmj-bench-journal-", dir=where))
    fsync = TimedFsync()
    os.fsync = fsync  # the journal's fsyncs, timed
    try:
        play(Run("off"), max(1, hands // 10), seed + 1, bots, base / "warm", fsync)  # warm-up
        runs = {mode: Run(mode) for mode in MODES}
        # The modes take turns, a slice of the hands each, so that a machine busier at one
        # moment than another weighs on every mode alike.
        slices = [hands // ROUNDS + (i < hands % ROUNDS) for i in range(ROUNDS)]
        for i, count in enumerate(n for n in slices if n):
            for mode in MODES:
                play(runs[mode], count, seed + 1000 * i, bots, base / mode, fsync)
    finally:
        os.fsync = fsync.real
        fs = filesystem(base)
        shutil.rmtree(base, ignore_errors=True)
    off, written, host = runs["off"], runs["written"], runs["host"]
    assert off.actions == written.actions == host.actions, "the same hands in every mode"
    print(f"{bots} bots, {hands} hands, seed {seed}; journal on {fs} ({base.parent})")
    print()
    print(f"{'':<30}{'µs/action':>10}{'p50':>8}{'p99':>9}{'hands/s':>9}{'fsyncs/hand':>13}")
    for mode in MODES:
        r = runs[mode]
        print(
            f"{LABELS[mode]:<30}{r.mean_us:>10.1f}{r.us(0.5):>8.1f}{r.us(0.99):>9.1f}"
            f"{r.hands_per_s:>9.0f}{r.fsyncs / r.hands:>13.2f}"
        )
    per_action = host.actions / host.hands
    write_us = written.mean_us - off.mean_us
    host_us = host.mean_us - off.mean_us
    fsync_ms = host.fsync_seconds / host.fsyncs * 1e3 if host.fsyncs else 0.0
    # Of what the journal added; at most all of it (on a busy machine the runs' noise can
    # make the difference smaller than the fsyncs alone).
    added = max(sum(host.times) - sum(off.times), host.fsync_seconds)
    fsync_share = host.fsync_seconds / added if added > 0 else 0.0
    print()
    print(f"{per_action:.0f} actions a hand, {host.lines / host.hands:.0f} journal lines a hand, "
          f"{host.journal_bytes / host.hands / 1024:.1f} KiB a hand")
    print(f"at the median the journal adds {written.us(0.5) - off.us(0.5):.1f} µs an action "
          f"written only, {host.us(0.5) - off.us(0.5):.1f} µs with its fsyncs")
    print(f"on average it adds {write_us:.1f} µs an action written only, {host_us:.1f} µs with "
          f"its fsyncs ({host.fsyncs / host.hands:.1f} a hand, {fsync_ms:.2f} ms each: "
          f"{fsync_share:.0%} of the journal's cost)")
    print(f"  {host_us * per_action / 1e3:.1f} ms a hand, spread over {per_action:.0f} actions "
          f"the players wait on anyway (a turn is seconds)")
    return {
        "bots": bots,
        "hands": hands,
        "seed": seed,
        "filesystem": fs,
        "actions_per_hand": round(per_action, 1),
        "off_us_per_action": round(off.mean_us, 2),
        "written_us_per_action": round(written.mean_us, 2),
        "host_us_per_action": round(host.mean_us, 2),
        "host_p99_us": round(host.us(0.99), 1),
        "off_p99_us": round(off.us(0.99), 1),
        "off_p50_us": round(off.us(0.5), 2),
        "written_p50_us": round(written.us(0.5), 2),
        "host_p50_us": round(host.us(0.5), 2),
        "journal_us_per_action": round(host_us, 2),
        "write_us_per_action": round(write_us, 2),
        "fsyncs_per_hand": round(host.fsyncs / host.hands, 2),
        "fsync_ms": round(fsync_ms, 3),
        "fsync_share": round(fsync_share, 3),
        "off_hands_per_s": round(off.hands_per_s, 1),
        "host_hands_per_s": round(host.hands_per_s, 1),
        "journal_bytes_per_hand": round(host.journal_bytes / host.hands),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands in each mode (300)")
    parser.add_argument("--bots", choices=("random", "competent"), default="random")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--dir", type=Path, help="where the journals go (a temporary folder)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be positive")
    result = run(args.hands, args.seed, args.bots, args.dir)
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
