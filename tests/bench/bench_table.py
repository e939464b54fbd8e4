"""Throughput of the table engine (server/): whole hands played by four bots, one core.

Run from the repository root:

    python tests/bench/bench_table.py [--hands N] [--random-hands M] [--seed S] [--preset P]

Plays hands on `HandTable` directly (dealer rotating hand by hand) with four competent
bots and with four random bots, first with the per-action invariant checks off (as a
host runs), then with `check_invariants()` after every action (as `gdmj-host --simulate`
runs by default). Warms up first (500 competent hands by default: the analysis tables fill
as new suit patterns are met; that warm-up is timed too, as the fresh-process figure).
Then measures, in the same run, the references of tests/support/bare_loops.py: a bare
random-play loop and the competent bot's analysis alone, the ceilings any engine in this
Python meets on this machine. Prints a table, a breakdown of where the time goes, the
ceilings and the engine's share of them, the targets with PASS/MISS, and as its last line
one JSON object. See tests/bench/README.md.
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

from server.engine.bots import make_bot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.presets import PRESETS  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402
from tests.support.bare_loops import (  # noqa: E402
    Bare,
    Rates,
    bare_analysis_decisions,
    bare_random_hands,
)
from tests.support.both_trees import add_pure, compiled  # noqa: E402

SEATS = 4
TARGETS = {"competent_hands_per_s": 500.0, "random_hands_per_s": 2000.0}
"""Hands per second on one core, invariant checks off: the compiled engine's targets."""
SHARE_TARGETS = {"random_share_of_reference": 0.55, "competent_share_of_ceiling": 0.60}
"""The pure engine's targets, as shares of the same run's references
(tests/support/bare_loops.py)."""


@dataclass
class Run(Rates):
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
    discards: int = 0
    parts: dict[str, float] = field(default_factory=dict)

    @property
    def wall_hands_per_s(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0


def _setups(rules: Ruleset, n: int, seed: int) -> list[HandSetup]:
    """`n` hands: the deal moves round hand by hand and the winds with it, as in a session."""
    rng = random.Random(seed)
    east = rng.randrange(SEATS)
    start = rules.starting_score
    return [
        HandSetup(
            rules=rules,
            seed=rng.getrandbits(64),
            dealer=(east + i) % SEATS,
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
        run.discards += sum(1 for _, action in table.log if action.__class__ is Discard)
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


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def ceilings(
    competent: Run, random_run: Run, bare: Bare, analysis: Bare, discards: float
) -> dict[str, float]:
    """Set the engine's best runs and the targets against the best bare loops
    (tests/support/bare_loops.py); `discards` is the competent runs' mean discards per hand."""
    ceiling = _ratio(1e6, analysis.us_per_action * discards)
    target_random = TARGETS["random_hands_per_s"]
    target_competent = TARGETS["competent_hands_per_s"]
    figures = {
        "reference_random_hands_per_s": round(bare.hands_per_s, 2),
        "reference_random_us_per_action": round(bare.us_per_action, 2),
        "random_share_of_reference": round(_ratio(random_run.hands_per_s, bare.hands_per_s), 3),
        "random_target_share_of_reference": round(_ratio(target_random, bare.hands_per_s), 3),
        "reference_analysis_us_per_decision": round(analysis.us_per_action, 2),
        "competent_discards_per_hand": round(discards, 1),
        "competent_ceiling_hands_per_s": round(ceiling, 2),
        "competent_share_of_ceiling": round(_ratio(competent.hands_per_s, ceiling), 3),
        "competent_target_share_of_ceiling": round(_ratio(target_competent, ceiling), 3),
    }
    print()
    print("ceilings measured in this run, between the engine's runs; the best of the rounds")
    print("  (tests/support/bare_loops.py says what each bare loop does and leaves out)")
    print(
        f"  bare random loop      {bare.hands_per_s:>9,.1f} hands/s  "
        f"({bare.actions_per_hand:.1f} choices a hand, {bare.us_per_action:.1f} µs each)"
    )
    print(
        f"    the engine with four random bots runs at {figures['random_share_of_reference']:.0%}"
        f" of it; the target asks for {figures['random_target_share_of_reference']:.0%}"
    )
    print(
        f"  analysis alone        {analysis.us_per_action:>9,.1f} µs a discard decision "
        f"({analysis.hands} hands, {analysis.actions_per_hand:.1f} decisions each)"
    )
    print(
        f"    × {discards:.1f} discards a competent hand = a ceiling of {ceiling:,.1f} hands/s;"
        f" the engine runs at {figures['competent_share_of_ceiling']:.0%} of it;"
        f" the target asks for {figures['competent_target_share_of_ceiling']:.0%}"
    )
    return figures


def run(  # type: ignore[type-arg]
    hands: int, random_hands: int, seed: int, preset: str, warmup: int, parts: int, repeats: int
) -> dict:
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
    # Every run plays hands of its own seed: the engine caches per hand, and replaying the
    # same hands would time cache hits. The checks-off runs and the bare loops take turns,
    # `repeats` rounds, and the best of each counts: load on a shared machine only slows.
    rounds = [
        (
            play(rules, "competent", hands, seed + 10 + 100 * i, False),
            play(rules, "random", random_hands, seed + 11 + 100 * i, False),
            bare_random_hands(random_hands, seed + 14 + 100 * i),
            bare_analysis_decisions(hands, seed + 15 + 100 * i),
        )
        for i in range(repeats)
    ]
    competent_runs = [r[0] for r in rounds]
    random_runs = [r[1] for r in rounds]
    bare_runs = [r[2] for r in rounds]
    analysis_runs = [r[3] for r in rounds]
    best = [max(r, key=lambda x: x.hands_per_s) for r in (competent_runs, random_runs)]
    runs = [
        *best,
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
    for name, tries in (("competent", competent_runs), ("random", random_runs)):
        spread = ", ".join(f"{r.hands_per_s:,.1f}" for r in tries)
        print(f"  {name}, checks off: the best of {repeats} runs ({spread} hands/s)")
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
    discards = sum(r.discards for r in competent_runs) / sum(r.hands for r in competent_runs)
    result.update(
        ceilings(
            by["competent", False],
            by["random", False],
            max(bare_runs, key=lambda x: x.hands_per_s),
            min(analysis_runs, key=lambda x: x.us_per_action),
            discards,
        )
    )
    result["repeats"] = repeats
    print()
    engine = "compiled" if compiled() else "pure Python"
    print(f"targets (one core, checks off, CPU time; this tree's engine: {engine})")
    verdicts = {}
    for key, label in (
        ("competent_hands_per_s", "four competent bots"),
        ("random_hands_per_s", "four random bots"),
        ("random_share_of_reference", "random / bare loop"),
        ("competent_share_of_ceiling", "competent / ceiling"),
    ):
        value, rate = result[key], key in TARGETS
        target = TARGETS[key] if rate else SHARE_TARGETS[key]
        verdicts[key] = "PASS" if value >= target else "MISS"
        shown = f"{value:,.1f} hands/s" if rate else f"{value:.0%}"
        wanted = f"{target:,.0f}" if rate else f"{target:.0%}"
        whose = "the compiled engine's" if rate else "the pure engine's"
        print(f"  {label:<22}{shown:>20}   target ≥ {wanted:<6} {verdicts[key]}  ({whose})")
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
    parser.add_argument(
        "--repeats",
        type=int,
        default=3,
        help="rounds of the checks-off runs and the bare loops; the best counts (3)",
    )
    args = parser.parse_args(argv)
    random_hands = args.random_hands if args.random_hands is not None else 4 * args.hands
    warmup = args.warmup if args.warmup is not None else 500
    parts = args.breakdown_hands if args.breakdown_hands is not None else args.hands // 5
    if args.hands < 1 or random_hands < 1 or warmup < 0 or parts < 0 or args.repeats < 1:
        parser.error("--hands, --random-hands and --repeats must be positive")
    result = run(args.hands, random_hands, args.seed, args.preset, warmup, parts, args.repeats)
    add_pure(
        result,
        "bench_table.py",
        sys.argv[1:] if argv is None else argv,
        (
            "competent_hands_per_s",
            "random_hands_per_s",
            "competent_checked_hands_per_s",
            "random_checked_hands_per_s",
            "reference_random_hands_per_s",
            "competent_ceiling_hands_per_s",
        ),
    )
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
