"""`gdmj-host --simulate`: self-play (server/engine/selfplay.py) timed, counted, logged and
spread over processes, every invariant checked."""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any

from server.engine.selfplay import SelfPlayFailed, self_play
from server.engine.table import SEATS, HandTable
from server.records import encoder, record_of
from shared.ruleset import Ruleset, TableOptions, make_ruleset


@dataclass
class Summary:
    """What a simulation saw."""

    hands: int = 0
    self_drawn: int = 0
    discard: int = 0
    robbing: int = 0
    several_winners: int = 0
    draws: int = 0
    sessions: int = 0
    fan: Counter[int] = field(default_factory=Counter)
    net: list[int] = field(default_factory=lambda: [0] * SEATS)
    """Each seat's total score change."""
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def add(self, other: Summary) -> None:
        for name in ("hands", "self_drawn", "discard", "robbing", "several_winners", "draws"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.sessions += other.sessions
        self.fan.update(other.fan)
        self.net = [a + b for a, b in zip(self.net, other.net, strict=True)]
        self.seconds = max(self.seconds, other.seconds)
        self.errors.extend(other.errors)


def play_hands(
    n: int,
    seed: int,
    rules: Ruleset,
    bots: tuple[str, ...],
    check: bool = True,
    log: IO[bytes] | None = None,
) -> Summary:
    """Play `n` hands with these four computer players (server/engine/selfplay.py), timed, each
    hand counted and, with `log`, its record written as a JSON line."""
    summary = Summary()
    started = time.perf_counter()
    try:
        for session_number, hand in self_play(n, seed, rules, bots, check):
            summary.sessions = session_number
            _count(hand, summary)
            if log is not None:
                log.write(encoder.encode(record_of(hand)) + b"\n")
    except SelfPlayFailed as exc:  # a bug: report it with the seed that shows it
        summary.sessions = exc.session_number
        summary.errors.append(str(exc))
    summary.seconds = time.perf_counter() - started
    return summary


def _count(hand: HandTable, summary: Summary) -> None:
    result = hand.result
    assert result is not None  # called once the hand has ended
    summary.hands += 1
    if result.kind == "draw":
        summary.draws += 1
    elif result.kind == "self_drawn":
        summary.self_drawn += 1
    elif result.kind == "discard":
        summary.discard += 1
    else:
        summary.robbing += 1
    if len(result.winners) > 1:
        summary.several_winners += 1
    for winner in result.winners:
        summary.fan[winner.fan] += 1
    for s in range(SEATS):
        summary.net[s] += result.deltas[s]


def _job(args: tuple[int, int, dict[str, Any] | TableOptions, tuple[str, ...], bool]) -> Summary:
    n, seed, options, bots, check = args
    return play_hands(n, seed, make_ruleset(options), bots, check)


def simulate(
    n: int,
    seed: int,
    options: dict[str, Any] | TableOptions,
    bots: tuple[str, ...],
    jobs: int = 1,
    check: bool = True,
    log: IO[bytes] | None = None,
) -> Summary:
    """Play `n` hands at a table with these options (RULES.md §7), over `jobs` processes
    (records are written only with one job)."""
    rules = make_ruleset(options)
    if jobs <= 1 or log is not None:
        return play_hands(n, seed, rules, bots, check, log)
    shares = [n // jobs + (1 if i < n % jobs else 0) for i in range(jobs)]
    total = Summary()
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(
            _job, [(share, seed + i, options, bots, check) for i, share in enumerate(shares)]
        ):
            total.add(part)
    total.seconds = time.perf_counter() - started
    return total


def report(summary: Summary) -> str:
    """A readable summary."""
    wins = summary.self_drawn + summary.discard + summary.robbing
    lines = [
        f"hands            {summary.hands} in {summary.sessions} session(s)",
        f"wins             {wins}: self-drawn {summary.self_drawn}, discard {summary.discard}, "
        f"robbing the kong {summary.robbing}, several winners {summary.several_winners}",
        f"draws            {summary.draws}",
        "fan histogram    "
        + ", ".join(f"{fan}: {count}" for fan, count in sorted(summary.fan.items())),
        "score change     " + ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(summary.net)),
        f"speed            {summary.hands / max(summary.seconds, 1e-9):,.0f} hands/s "
        f"({summary.seconds:.2f} s)",
    ]
    if summary.errors:
        lines.append(f"ERRORS           {len(summary.errors)}")
        lines.extend(f"  {e}" for e in summary.errors[:10])
    return "\n".join(lines)
