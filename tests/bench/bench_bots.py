"""Strength of the computer players: the competent bot against random ones.

Run from the repository root:

    python tests/bench/bench_bots.py [--hands N] [--seed S] [--jobs J] [--preset P]

Two match-ups of N hands each, played on `HandTable` directly, the dealer moving round
hand by hand, every hand starting from equal scores:

- one competent bot (seat 0) against three random bots: the competent seat's share of
  all wins (25 % would be no better than the others);
- three competent bots against one random bot (seat 3): the random seat's mean score
  change per hand (below zero: it pays for playing badly).

Hands are played in fixed chunks with their own seeds, spread over J processes, so the
figures depend on --seed and --hands only, not on --jobs. Prints a table, the checks with
PASS/MISS, and as its last line one JSON object. See tests/bench/README.md. Not a pytest
test; tests/test_bench_table_smoke.py runs it with a tiny --hands.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import make_bot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.presets import PRESETS  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402

SEATS = 4
CHUNK = 100
"""Hands per unit of work; each chunk has its own seed."""
MATCHUPS = {
    "1 competent vs 3 random": ("competent", "random", "random", "random"),
    "3 competent vs 1 random": ("competent", "competent", "competent", "random"),
}
COMPETENT_SEAT = 0
"""The competent seat of the first match-up."""
RANDOM_SEAT = 3
"""The random seat of the second match-up."""
MIN_WIN_SHARE = 0.5
""""Well over 25 %": at least half of all wins."""


@dataclass
class Tally:
    hands: int = 0
    draws: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * SEATS)
    """Wins per seat (several winners on one discard: each counts)."""
    self_drawn: list[int] = field(default_factory=lambda: [0] * SEATS)
    dealt_in: list[int] = field(default_factory=lambda: [0] * SEATS)
    """Times the seat was the loser (discarder, or the robbed kong)."""
    delta: list[int] = field(default_factory=lambda: [0] * SEATS)
    delta_sq: list[int] = field(default_factory=lambda: [0] * SEATS)
    actions: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.hands += other.hands
        self.draws += other.draws
        self.actions += other.actions
        self.seconds += other.seconds
        for name in ("wins", "self_drawn", "dealt_in", "delta", "delta_sq"):
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(self, name, [a + b for a, b in zip(mine, theirs, strict=True)])

    def mean(self, seat: int) -> float:
        return self.delta[seat] / self.hands if self.hands else 0.0

    def stderr(self, seat: int) -> float:
        """Standard error of the mean score change of a seat."""
        n = self.hands
        if n < 2:
            return 0.0
        mean = self.delta[seat] / n
        var = (self.delta_sq[seat] - n * mean * mean) / (n - 1)
        return math.sqrt(max(var, 0.0) / n)


def play_chunk(args: tuple[str, tuple[str, ...], int, int, str]) -> Tally:
    """Play `n` hands with the given bot kinds per seat; the dealer moves every hand."""
    _name, kinds, n, seed, preset = args
    rules = make_ruleset({"preset": preset})
    rng = random.Random(seed)
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for kind in kinds]
    east = rng.randrange(SEATS)
    start = rules.starting_score
    tally = Tally()
    started = time.perf_counter()
    for i in range(n):
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=rng.getrandbits(64),
                dealer=(east + i) % SEATS,
                prevailing_wind=(i // SEATS) % 4,
                scores=(start, start, start, start),
                hand_number=i + 1,
            )
        )
        table.start()
        while not table.ended:
            seat = table.awaiting()[0]
            table.step(seat, bots[seat].choose(table.view(seat)))
            tally.actions += 1
        result = table.result
        assert result is not None
        tally.hands += 1
        if not result.winners:
            tally.draws += 1
        for w in result.winners:
            tally.wins[w.seat] += 1
            if result.kind == "self_drawn":
                tally.self_drawn[w.seat] += 1
        if result.loser is not None:
            tally.dealt_in[result.loser] += 1
        for s in range(SEATS):
            tally.delta[s] += result.deltas[s]
            tally.delta_sq[s] += result.deltas[s] ** 2
    tally.seconds = time.perf_counter() - started
    return tally


def run(hands: int, seed: int, jobs: int, preset: str) -> dict[str, Any]:
    started = time.perf_counter()
    print(f"bench_bots: {hands} hands per match-up, preset {preset}, seed {seed}, {jobs} job(s)")
    print(f"  Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs")
    work = []
    for m, (name, kinds) in enumerate(MATCHUPS.items()):
        for c, first in enumerate(range(0, hands, CHUNK)):
            size = min(CHUNK, hands - first)
            work.append((name, kinds, size, seed * 1_000_003 + m * 10_007 + c, preset))
    tallies = {name: Tally() for name in MATCHUPS}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for args, tally in zip(work, pool.map(play_chunk, work), strict=True):
                tallies[args[0]].add(tally)
    else:
        for args in work:
            tallies[args[0]].add(play_chunk(args))
    print()
    header = (
        f"{'match-up':<25}{'seat':>5}{'bot':>11}{'wins':>7}{'share':>8}{'self-drawn':>12}"
        f"{'dealt in':>10}{'Δ/hand':>10}{'± s.e.':>8}"
    )
    print(header)
    print("-" * len(header))
    for name, kinds in MATCHUPS.items():
        t = tallies[name]
        total = sum(t.wins) or 1
        for s in range(SEATS):
            print(
                f"{name if s == 0 else '':<25}{s:>5}{kinds[s]:>11}{t.wins[s]:>7}"
                f"{t.wins[s] / total:>8.1%}{t.self_drawn[s]:>12}{t.dealt_in[s]:>10}"
                f"{t.mean(s):>+10.2f}{t.stderr(s):>8.2f}"
            )
        print(
            f"{'':<25}{t.hands} hands, {t.draws} draws ({t.draws / max(t.hands, 1):.0%}), "
            f"{t.actions / max(t.hands, 1):.0f} actions/hand, "
            f"{t.hands / max(t.seconds, 1e-9):.0f} hands/s per process"
        )
    first = tallies["1 competent vs 3 random"]
    second = tallies["3 competent vs 1 random"]
    share = first.wins[COMPETENT_SEAT] / max(sum(first.wins), 1)
    result: dict[str, Any] = {
        "competent_win_share": round(share, 4),
        "competent_win_rate": round(first.wins[COMPETENT_SEAT] / max(first.hands, 1), 4),
        "competent_mean_delta": round(first.mean(COMPETENT_SEAT), 3),
        "random_mean_delta": round(second.mean(RANDOM_SEAT), 3),
        "random_mean_delta_stderr": round(second.stderr(RANDOM_SEAT), 3),
        "random_win_rate": round(second.wins[RANDOM_SEAT] / max(second.hands, 1), 4),
        "random_deal_in_rate": round(second.dealt_in[RANDOM_SEAT] / max(second.hands, 1), 4),
        "hands": hands,
        "seed": seed,
        "preset": preset,
    }
    print()
    print("checks")
    verdicts = {
        "competent_win_share": "PASS" if share >= MIN_WIN_SHARE else "MISS",
        "random_mean_delta": "PASS" if result["random_mean_delta"] < 0 else "MISS",
    }
    print(
        f"  competent seat's share of wins (1 vs 3 random) {share:>8.1%}   "
        f"target ≥ {MIN_WIN_SHARE:.0%} (25 % = no better)   {verdicts['competent_win_share']}"
    )
    print(
        f"  random seat's mean Δ per hand (3 competent)  {result['random_mean_delta']:>+9.2f}"
        f" ± {result['random_mean_delta_stderr']:.2f}   target < 0   "
        f"{verdicts['random_mean_delta']}"
    )
    result["checks"] = verdicts
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(f"  total {result['seconds']:.1f} s")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per match-up (2000)")
    parser.add_argument("--seed", type=int, default=20240601, help="random seed")
    parser.add_argument(
        "--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes (2)"
    )
    parser.add_argument("--preset", choices=list(PRESETS), default="jipinghu")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.jobs < 1:
        parser.error("--hands and --jobs must be positive")
    result = run(args.hands, args.seed, args.jobs, args.preset)
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
