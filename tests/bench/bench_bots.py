"""The computer players' ladder: each level against the others on duplicate deals.

Run from the repository root:

    python tests/bench/bench_bots.py [--deals N] [--seed S] [--jobs J] [--preset P]
                                     [--pairing NAME ...]

A pairing is one player (the *hero*) against three of another kind. Every deal (a seeded
wall, a dealer) is played four times, the hero in each seat in turn and the same kind in
the other three, so every seat gets the same tiles and the luck of the deal cancels out:
what is left is how the hero plays. Every hand starts from equal scores.

For the hero it reports points a hand in base units (its score change / base), with a
standard error worked out from the spread of the deal means (the four rotations of a deal
are not independent, so the deal is the unit); its win rate, deal-in rate (it discarded
into a win, or its added kong was robbed), self-drawn share of its wins, mean fan of its
wins, the 包 it paid (points it paid as the liable player, in base units a hand); and the
time each of its decisions took (p99 and max; also in its own CPU time, which other
processes on a loaded machine do not inflate). A pairing of four of one kind reports the
draw rate and the fan of the wins.

Deals are played in fixed chunks with their own seeds, spread over J processes, so the
figures depend on --seed and --deals only, not on --jobs. Prints a table, the checks
against the targets with PASS/MISS, and as its last line one JSON object. See
tests/bench/README.md. Not a pytest test; tests/test_bench_table_smoke.py runs it with a
tiny --deals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import make_bot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from server.heap import settle_after_first_hand  # noqa: E402
from shared.presets import PRESETS  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402

SEATS = 4
CHUNK = 25
"""Deals per unit of work (each played four times); each chunk has its own seed."""

PAIRINGS: dict[str, tuple[str, str]] = {
    "strong_vs_normal": ("strong", "normal"),
    "strong_vs_greedy": ("strong", "greedy"),
    "normal_vs_greedy": ("normal", "greedy"),
    "easy_vs_normal": ("easy", "normal"),
    "four_normal": ("normal", "normal"),
    "four_strong": ("strong", "strong"),
}
"""name -> (hero, the other three)."""

TARGETS: dict[str, tuple[str, float]] = {
    "strong_vs_normal": (">=", 0.30),
    "strong_vs_greedy": (">=", 0.40),
    "normal_vs_greedy": (">", 0.0),
    "easy_vs_normal": ("<=", -0.30),
}
"""The ladder's targets, points a hand in base units (issue: computer players worth
sitting down with)."""
DEALIN_RATIO = 0.7
"""The strong player deals in at most this share as often as the normal one (each against
three normal players)."""
P99_MS, MAX_MS = 50.0, 200.0
"""The strong player's decisions: p99 and slowest, so people never wait on it."""


@dataclass
class Tally:
    """What one pairing's hero did over some deals."""

    deals: int = 0
    hands: int = 0
    deal_points: list[float] = field(default_factory=list)
    """Per deal: the hero's mean score change over the four rotations, in base units."""
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    liable_paid: float = 0.0
    win_fans: Counter[int] = field(default_factory=Counter)
    draws: int = 0
    all_win_fans: Counter[int] = field(default_factory=Counter)
    """The fan of every win at the table (for pairings of four of one kind)."""
    decision_ms: list[float] = field(default_factory=list)
    decision_cpu_ms: list[float] = field(default_factory=list)
    """The same decisions in the deciding thread's CPU time: what the player itself needs,
    without the time other processes took the core from it (a loaded machine)."""

    def add(self, other: Tally) -> None:
        self.deals += other.deals
        self.hands += other.hands
        self.deal_points += other.deal_points
        self.wins += other.wins
        self.self_drawn += other.self_drawn
        self.dealt_in += other.dealt_in
        self.liable_paid += other.liable_paid
        self.win_fans.update(other.win_fans)
        self.draws += other.draws
        self.all_win_fans.update(other.all_win_fans)
        self.decision_ms += other.decision_ms
        self.decision_cpu_ms += other.decision_cpu_ms

    def mean(self) -> float:
        return sum(self.deal_points) / len(self.deal_points) if self.deal_points else 0.0

    def stderr(self) -> float:
        n = len(self.deal_points)
        if n < 2:
            return 0.0
        mean = self.mean()
        var = sum((x - mean) ** 2 for x in self.deal_points) / (n - 1)
        return math.sqrt(var / n)

    def rate(self, count: float) -> float:
        return count / self.hands if self.hands else 0.0

    def mean_win_fan(self) -> float:
        total = sum(self.win_fans.values())
        return sum(f * n for f, n in self.win_fans.items()) / total if total else 0.0

    def decision_quantile(self, q: float) -> float:
        if not self.decision_ms:
            return 0.0
        ordered = sorted(self.decision_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_chunk(args: tuple[str, str, str, int, int, str]) -> Tally:
    """Play `deals` duplicate deals of one pairing: each deal four times, the hero in each
    seat in turn."""
    _name, hero, others, deals, seed, preset = args
    rules = make_ruleset({"preset": preset})
    base = rules.base
    start = rules.starting_score
    rng = random.Random(seed)
    tally = Tally()
    clock = time.perf_counter
    cpu_clock = time.thread_time
    for d in range(deals):
        wall_seed = rng.getrandbits(64)
        dealer = rng.randrange(SEATS)
        bot_seeds = [rng.getrandbits(32) for _ in range(SEATS)]
        points = 0.0
        for hero_seat in range(SEATS):
            bots = [
                make_bot(hero if s == hero_seat else others, rules, bot_seeds[s])
                for s in range(SEATS)
            ]
            table = HandTable(
                HandSetup(
                    rules=rules,
                    seed=wall_seed,
                    dealer=dealer,
                    prevailing_wind=0,
                    scores=(start,) * SEATS,
                    hand_number=d + 1,
                )
            )
            table.start()
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                if seat == hero_seat:
                    began, began_cpu = clock(), cpu_clock()
                    action = bots[seat].choose(view)
                    tally.decision_ms.append((clock() - began) * 1000)
                    tally.decision_cpu_ms.append((cpu_clock() - began_cpu) * 1000)
                else:
                    action = bots[seat].choose(view)
                table.step(seat, action)
            result = table.result
            assert result is not None
            settle_after_first_hand()  # as the host does (server/heap.py)
            tally.hands += 1
            points += result.deltas[hero_seat] / base
            if not result.winners:
                tally.draws += 1
            for w in result.winners:
                tally.all_win_fans[w.fan] += 1
                if w.seat == hero_seat:
                    tally.wins += 1
                    tally.win_fans[w.fan] += 1
                    if result.kind == "self_drawn":
                        tally.self_drawn += 1
            if result.loser == hero_seat:
                tally.dealt_in += 1
            tally.liable_paid += (
                sum(
                    p.amount
                    for p in result.payments
                    if p.payer == hero_seat and p.reason == "liability"
                )
                / base
            )
        tally.deals += 1
        tally.deal_points.append(points / SEATS)
    return tally


def plan(
    deals: int, seed: int, preset: str, names: list[str]
) -> list[tuple[str, str, str, int, int, str]]:
    """The chunks `play_chunk` plays for these pairings: (pairing, hero, others, deals,
    seed, preset). A chunk's seed comes from its pairing's place in `PAIRINGS`, not in
    `names`, so that a subset plays the very deals the whole ladder gives those pairings."""
    work = []
    for name in names:
        hero, others = PAIRINGS[name]
        m = list(PAIRINGS).index(name)
        for c, first in enumerate(range(0, deals, CHUNK)):
            size = min(CHUNK, deals - first)
            work.append((name, hero, others, size, seed * 1_000_003 + m * 10_007 + c, preset))
    return work


def run(deals: int, seed: int, jobs: int, preset: str, names: list[str]) -> dict[str, Any]:
    started = time.perf_counter()
    print(
        f"bench_bots: {deals} duplicate deals ({deals * SEATS} hands) per pairing, "
        f"preset {preset}, seed {seed}, {jobs} job(s)"
    )
    print(f"  Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs")
    work = plan(deals, seed, preset, names)
    tallies = {name: Tally() for name in names}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for args, tally in zip(work, pool.map(play_chunk, work), strict=True):
                tallies[args[0]].add(tally)
    else:
        for args in work:
            tallies[args[0]].add(play_chunk(args))
    print()
    header = (
        f"{'pairing':<18}{'hero':>8}{'vs 3':>8}{'pts/hand':>10}{'± s.e.':>8}{'win':>7}"
        f"{'deal-in':>9}{'tsumo':>7}{'fan':>6}{'包/hand':>9}{'p99 ms':>8}{'max ms':>8}"
    )
    print(header)
    print("-" * len(header))
    result: dict[str, Any] = {}
    for name in names:
        hero, others = PAIRINGS[name]
        t = tallies[name]
        tsumo = t.self_drawn / t.wins if t.wins else 0.0
        print(
            f"{name:<18}{hero:>8}{others:>8}{t.mean():>+10.3f}{t.stderr():>8.3f}"
            f"{t.rate(t.wins):>7.1%}{t.rate(t.dealt_in):>9.1%}{tsumo:>7.0%}"
            f"{t.mean_win_fan():>6.2f}{t.rate(t.liable_paid):>9.3f}"
            f"{t.decision_quantile(0.99):>8.1f}{max(t.decision_ms, default=0.0):>8.1f}"
        )
        result[name] = round(t.mean(), 4)
        result[f"{name}_stderr"] = round(t.stderr(), 4)
        result[f"{name}_hero"] = {
            "win_rate": round(t.rate(t.wins), 4),
            "deal_in_rate": round(t.rate(t.dealt_in), 4),
            "self_drawn_share": round(tsumo, 4),
            "mean_win_fan": round(t.mean_win_fan(), 3),
            "liability_paid_per_hand": round(t.rate(t.liable_paid), 4),
            "p99_ms": round(t.decision_quantile(0.99), 2),
            "max_ms": round(max(t.decision_ms, default=0.0), 2),
        }
    for name in names:
        hero, others = PAIRINGS[name]
        if hero != others:
            continue
        t = tallies[name]
        fans = dict(sorted(t.all_win_fans.items()))
        print(f"  {name}: draws {t.rate(t.draws):.1%}, fan of wins {fans}")
        result[f"{name}_draw_rate"] = round(t.rate(t.draws), 4)
        result[f"{name}_fans"] = {str(f): n for f, n in fans.items()}
    strong_ms = [ms for n in names if PAIRINGS[n][0] == "strong" for ms in tallies[n].decision_ms]
    if strong_ms:
        ordered = sorted(strong_ms)
        result["strong_p99_ms"] = round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2)
        result["strong_max_ms"] = round(ordered[-1], 2)
        cpu = sorted(
            ms for n in names if PAIRINGS[n][0] == "strong" for ms in tallies[n].decision_cpu_ms
        )
        result["strong_p99_cpu_ms"] = round(cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))], 2)
        result["strong_max_cpu_ms"] = round(cpu[-1], 2)
    if "strong_vs_normal" in tallies and "four_normal" in tallies:
        strong_in = tallies["strong_vs_normal"].rate(tallies["strong_vs_normal"].dealt_in)
        normal_in = tallies["four_normal"].rate(tallies["four_normal"].dealt_in)
        result["strong_dealin_ratio"] = round(strong_in / normal_in, 3) if normal_in else None
    print()
    print("checks (points a hand, base units)")
    verdicts = {}
    for name, (op, target) in TARGETS.items():
        if name not in tallies:
            continue
        value = tallies[name].mean()
        met = {">": value > target, ">=": value >= target, "<=": value <= target}[op]
        verdicts[name] = "PASS" if met else "MISS"
        print(
            f"  {name:<18}{value:>+8.3f} ± {tallies[name].stderr():.3f}   "
            f"target {op} {target:+.2f}   {verdicts[name]}"
        )
    for key, limit, unit in (
        ("strong_dealin_ratio", DEALIN_RATIO, "× normal's deal-in rate"),
        ("strong_p99_ms", P99_MS, "ms, p99 of its decisions"),
        ("strong_max_ms", MAX_MS, "ms, its slowest decision"),
    ):
        value = result.get(key)
        if value is None:
            continue
        met = value <= limit if key == "strong_dealin_ratio" else value < limit
        verdicts[key] = "PASS" if met else "MISS"
        bound = "<=" if key == "strong_dealin_ratio" else "<"
        print(f"  {key:<18}{value:>8}   target {bound} {limit} {unit}   {verdicts[key]}")
    if "strong_max_cpu_ms" in result:
        print(
            f"  (the same decisions in the player's own CPU time: p99 "
            f"{result['strong_p99_cpu_ms']} ms, slowest {result['strong_max_cpu_ms']} ms)"
        )
    result["checks"] = verdicts
    result["deals"] = deals
    result["hands_per_pairing"] = deals * SEATS
    result["seed"] = seed
    result["preset"] = preset
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(f"  total {result['seconds']:.1f} s")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, default=2500, help="duplicate deals per pairing (2500: 10,000 hands)"
    )
    parser.add_argument("--seed", type=int, default=20240601, help="random seed")
    parser.add_argument(
        "--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes (2)"
    )
    parser.add_argument("--preset", choices=list(PRESETS), default="jipinghu")
    parser.add_argument(
        "--pairing",
        action="append",
        choices=list(PAIRINGS),
        help="play only this pairing (repeatable; default: all)",
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be positive")
    result = run(args.deals, args.seed, args.jobs, args.preset, args.pairing or list(PAIRINGS))
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
