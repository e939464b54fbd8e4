"""Throughput of the table engine (server/): whole hands played by four bots, one core.

Run from the repository root:

    python tests/bench/bench_table.py [--hands N] [--random-hands M] [--seed S] [--preset P]

Plays hands on `HandTable` directly (dealer rotating hand by hand) with four competent
bots and with four random bots, first with the per-action invariant checks off (as a
host runs), then with `check_invariants()` after every action (as `gdmj-host --simulate`
runs by default). Warms up first (500 competent hands by default: the analysis tables fill
as new suit patterns are met; that warm-up is timed too, as the fresh-process figure).
Prints a table, a breakdown of where the time goes,
the targets with PASS/MISS, and as its last line one JSON object. See tests/bench/README.md.
Not a pytest test; tests/test_bench_table_smoke.py runs it with tiny sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.bots import make_bot  # noqa: E402
from server.table import HandSetup, HandTable  # noqa: E402
from shared.presets import PRESETS  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402

SEATS = 4
TARGETS = {"competent_hands_per_s": 500.0, "random_hands_per_s": 1500.0}
"""Hands per second on one core, invariant checks off."""


@dataclass
class Run:
    bots: str
    checks: bool
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    """Wall-clock time of the loop."""
    cpu: float = 0.0
    """CPU time of this process in the loop: what the figures use (steady on a busy machine)."""
    wins: int = 0
    draws: int = 0
    parts: dict[str, float] = field(default_factory=dict)

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.cpu if self.cpu else 0.0

    @property
    def wall_hands_per_s(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    @property
    def actions_per_hand(self) -> float:
        return self.actions / self.hands if self.hands else 0.0

    @property
    def us_per_action(self) -> float:
        return 1e6 * self.cpu / self.actions if self.actions else 0.0


def _setups(rules: Ruleset, n: int, seed: int) -> list[HandSetup]:
    """`n` hands: the dealer moves round hand by hand, the winds as a session sets them."""
    rng = random.Random(seed)
    east = rng.randrange(SEATS)
    winds = tuple((s - east) % SEATS for s in range(SEATS))
    start = rules.starting_score
    return [
        HandSetup(
            rules=rules,
            seed=rng.getrandbits(64),
            dealer=(east + i) % SEATS,
            seat_winds=winds,  # type: ignore[arg-type]
            prevailing_wind=(i // SEATS) % 4,
            scores=(start, start, start, start),
            hand_number=i + 1,
        )
        for i in range(n)
    ]


def play(rules: Ruleset, kind: str, n: int, seed: int, checks: bool) -> Run:
    """Play `n` hands as fast as the engine and the bots go; only the loop is timed."""
    rng = random.Random(seed)
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for _ in range(SEATS)]
    setups = _setups(rules, n, rng.getrandbits(64))
    run = Run(kind, checks)
    actions = 0
    started = time.perf_counter()
    cpu = time.process_time()
    for setup in setups:
        table = HandTable(setup)
        table.start()
        while not table.ended:
            seat = table.awaiting()[0]
            table.step(seat, bots[seat].choose(table.live_view(seat)))
            actions += 1
            if checks:
                table.check_invariants()
        if table.result.winners:  # type: ignore[union-attr]
            run.wins += 1
        else:
            run.draws += 1
    run.seconds = time.perf_counter() - started
    run.cpu = time.process_time() - cpu
    run.hands = n
    run.actions = actions
    return run


def breakdown(rules: Ruleset, kind: str, n: int, seed: int) -> dict[str, float]:
    """Share of the time in each part of the loop (timed separately, so a little slower)."""
    rng = random.Random(seed)
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for _ in range(SEATS)]
    parts = dict.fromkeys(("setup", "view", "bot", "step", "check"), 0.0)
    clock = time.perf_counter
    for setup in _setups(rules, n, rng.getrandbits(64)):
        t0 = clock()
        table = HandTable(setup)
        table.start()
        parts["setup"] += clock() - t0
        while not table.ended:
            t0 = clock()
            seat = table.awaiting()[0]
            view = table.live_view(seat)
            t1 = clock()
            action = bots[seat].choose(view)
            t2 = clock()
            table.step(seat, action)
            t3 = clock()
            table.check_invariants()
            t4 = clock()
            parts["view"] += t1 - t0
            parts["bot"] += t2 - t1
            parts["step"] += t3 - t2
            parts["check"] += t4 - t3
    total = sum(parts.values()) or 1.0
    return {k: round(v / total, 4) for k, v in parts.items()}


def run(hands: int, random_hands: int, seed: int, preset: str, warmup: int, parts: int) -> dict:  # type: ignore[type-arg]
    rules = make_ruleset({"preset": preset})
    started = time.perf_counter()
    print(f"bench_table: preset {preset}, seed {seed}, one process")
    print(f"  Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs")
    # Warm-up: the analysis tables fill as new suit patterns are met, fast at first, then
    # slowly (a long-running host is past this). Timed too: a fresh process's figure.
    t0 = time.perf_counter()
    fresh = play(rules, "competent", warmup, seed + 1, False) if warmup else None
    play(rules, "random", 3 * warmup, seed + 2, True)
    took = time.perf_counter() - t0
    print(f"  warm-up {warmup} competent + {3 * warmup} random hands, {took:.1f} s")
    if fresh is not None:
        print(
            f"  the warm-up's competent hands, from a fresh process: "
            f"{fresh.hands_per_s:,.1f} hands/s (checks off)"
        )
    # every run plays hands of its own seed: the engine caches per hand, and replaying the
    # same hands would time cache hits
    runs = [
        play(rules, "competent", hands, seed + 10, False),
        play(rules, "random", random_hands, seed + 11, False),
        play(rules, "competent", hands, seed + 12, True),
        play(rules, "random", random_hands, seed + 13, True),
    ]
    print()
    header = (
        f"{'bots':<11}{'checks':<8}{'hands':>7}{'cpu s':>8}{'hands/s':>10}{'wall h/s':>10}"
        f"{'actions/hand':>14}{'µs/action':>11}{'wins':>7}{'draws':>7}"
    )
    print(header)
    print("-" * len(header))
    for r in runs:
        print(
            f"{r.bots:<11}{'on' if r.checks else 'off':<8}{r.hands:>7}{r.cpu:>8.2f}"
            f"{r.hands_per_s:>10,.1f}{r.wall_hands_per_s:>10,.1f}"
            f"{r.actions_per_hand:>14.1f}{r.us_per_action:>11,.0f}"
            f"{r.wins:>7}{r.draws:>7}"
        )
    print("  each run its own seeded hands; checks on = check_invariants() after every action")
    print("  hands/s and µs/action use the process's CPU time; wall h/s the clock (load-sensitive)")
    shares: dict[str, dict[str, float]] = {}
    if parts:
        print()
        print(f"where the time goes (checks on; {parts} competent, {3 * parts} random hands)")
        shares["competent"] = breakdown(rules, "competent", parts, seed + 3)
        shares["random"] = breakdown(rules, "random", 3 * parts, seed + 4)
        names = list(shares["competent"])
        print(f"  {'bots':<11}" + "".join(f"{n:>9}" for n in names))
        for kind, share in shares.items():
            print(f"  {kind:<11}" + "".join(f"{100 * share[n]:>8.1f}%" for n in names))
        print("  view = HandTable.live_view(seat), bot = choose(view), step = HandTable.step,")
        print("  check = check_invariants(), setup = HandTable(setup) + start()")
    by = {(r.bots, r.checks): r for r in runs}
    result: dict[str, Any] = {
        "competent_hands_per_s": round(by["competent", False].hands_per_s, 2),
        "random_hands_per_s": round(by["random", False].hands_per_s, 2),
        "competent_checked_hands_per_s": round(by["competent", True].hands_per_s, 2),
        "random_checked_hands_per_s": round(by["random", True].hands_per_s, 2),
        "competent_actions_per_hand": round(by["competent", False].actions_per_hand, 1),
        "random_actions_per_hand": round(by["random", False].actions_per_hand, 1),
        "competent_us_per_action": round(by["competent", False].us_per_action, 1),
        "random_us_per_action": round(by["random", False].us_per_action, 1),
        "competent_wall_hands_per_s": round(by["competent", False].wall_hands_per_s, 2),
        "competent_fresh_hands_per_s": round(fresh.hands_per_s, 2) if fresh else None,
        "warmup_competent_hands": warmup,
        "random_wall_hands_per_s": round(by["random", False].wall_hands_per_s, 2),
        "hands": {"competent": hands, "random": random_hands},
        "seed": seed,
        "preset": preset,
        "breakdown": shares or None,
    }
    print()
    print("targets (one core, checks off, CPU time)")
    verdicts = {}
    for key, label in (
        ("competent_hands_per_s", "four competent bots"),
        ("random_hands_per_s", "four random bots"),
    ):
        value, target = result[key], TARGETS[key]
        verdicts[key] = "PASS" if value >= target else "MISS"
        print(
            f"  {label:<22}{value:>12,.1f} hands/s   target ≥ {target:,.0f}   "
            f"{verdicts[key]}  ({value / target:.0%} of it)"
        )
    result["targets"] = verdicts
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(f"  total {result['seconds']:.1f} s")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hands", type=int, default=200, help="hands with competent bots, per run (200)"
    )
    parser.add_argument(
        "--random-hands", type=int, help="hands with random bots, per run (default 4 × --hands)"
    )
    parser.add_argument("--seed", type=int, default=20240601, help="random seed")
    parser.add_argument("--preset", choices=list(PRESETS), default="jipinghu")
    parser.add_argument(
        "--warmup",
        type=int,
        help="competent warm-up hands (default 500; random: three times as many)",
    )
    parser.add_argument(
        "--breakdown-hands",
        type=int,
        help="competent hands for the time breakdown (default --hands / 5; 0: none)",
    )
    args = parser.parse_args(argv)
    random_hands = args.random_hands if args.random_hands is not None else 4 * args.hands
    warmup = args.warmup if args.warmup is not None else 500
    parts = args.breakdown_hands if args.breakdown_hands is not None else args.hands // 5
    if args.hands < 1 or random_hands < 1 or warmup < 0 or parts < 0:
        parser.error("--hands and --random-hands must be positive")
    result = run(args.hands, random_hands, args.seed, args.preset, warmup, parts)
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
