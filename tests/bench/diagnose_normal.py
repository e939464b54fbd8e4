"""Where a hero's points come from against three greedy players, on duplicate deals, and
which of its decisions differ from the greedy player's (tests/bench/README.md, "Why the
old normal lost to greedy").

Run from the repository root:

    python tests/bench/diagnose_normal.py [--hero competent] [--others greedy] [--deals 200]
                                          [--seed 20240601]

Plays `bench_bots.py`'s duplicate deals (the same chunk seeds) and splits the hero's points
a hand into: its wins by fan (discard wins and self-draws), its deal-ins, the others'
self-draws it paid, and 包. At each of its decisions a greedy player is asked the same
(from the same view) and the differences are counted by kind: a turn's discard (with the
hero's shanten then, and whether an opponent had three sets down or the wall was late),
a claim the greedy player makes and the hero passes, and the other way round. Not a
pytest test.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import make_bot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard, Pass  # noqa: E402
from shared.analysis import shanten  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402

SEATS = 4
CHUNK = 25


def play(hero: str, others: str, deals: int, seed: int) -> tuple[Counter[str], Counter[str]]:
    rules = make_ruleset({"preset": "jipinghu"})
    base = rules.base
    points: Counter[str] = Counter()
    diffs: Counter[str] = Counter()
    for c, first in enumerate(range(0, deals, CHUNK)):
        rng = random.Random(seed * 1_000_003 + c)  # bench_bots.py's chunks, first pairing
        for d in range(min(CHUNK, deals - first)):
            wall_seed = rng.getrandbits(64)
            dealer = rng.randrange(SEATS)
            bot_seeds = [rng.getrandbits(32) for _ in range(SEATS)]
            for hero_seat in range(SEATS):
                bots = [
                    make_bot(hero if s == hero_seat else others, rules, bot_seeds[s])
                    for s in range(SEATS)
                ]
                shadow = make_bot("greedy", rules, 0)
                table = HandTable(
                    HandSetup(
                        rules=rules,
                        seed=wall_seed,
                        dealer=dealer,
                        prevailing_wind=0,
                        scores=(rules.starting_score,) * SEATS,
                        hand_number=d + 1,
                    )
                )
                table.start()
                while not table.ended:
                    seat = table.awaiting()[0]
                    view = table.view(seat)
                    action = bots[seat].choose(view)
                    if seat == hero_seat:
                        _compare(view, action, shadow.choose(view), diffs, rules)
                    table.step(seat, action)
                _split(table.result, hero_seat, base, points)
                points["hands"] += 1
    return points, diffs


def _compare(view, action, greedy, diffs: Counter[str], rules) -> None:  # type: ignore[no-untyped-def]
    phase = view.phase
    if phase == "roll":
        return
    diffs[f"decisions {phase}"] += 1
    if action == greedy:
        return
    if phase == "turn":
        counts = view.concealed_counts()
        s = shanten(counts, view.melds_laid())
        late = view.wall_left < 20
        sets3 = any(
            sum(1 for m in view.seats[o].melds if m.kind != "concealed_kong") >= 3
            for o in range(4)
            if o != view.seat
        )
        if isinstance(action, Discard) and isinstance(greedy, Discard):
            diffs[f"discard differs, shanten {min(s, 3)}, late {late}, 3 sets {sets3}"] += 1
        else:
            diffs[f"turn {type(greedy).__name__} -> {type(action).__name__}"] += 1
    else:
        if isinstance(action, Pass):
            diffs[f"claim passed: greedy {type(greedy).__name__}"] += 1
        elif isinstance(greedy, Pass):
            diffs[f"claim made greedy passes: {type(action).__name__}"] += 1
        else:
            diffs[f"claim {type(greedy).__name__} -> {type(action).__name__}"] += 1


def _split(result, hero: int, base: int, points: Counter[str]) -> None:  # type: ignore[no-untyped-def]
    if not result.winners:
        points["draws"] += 1
        return
    for p in result.payments:
        amount = p.amount / base
        if p.payee == hero:
            w = next(w for w in result.winners if w.seat == hero)
            key = f"won {result.kind} fan {min(w.fan, 6)}"
            points[key + " pts"] += amount
        elif p.payer == hero:
            if p.reason == "liability":
                points["paid 包 pts"] -= amount
            elif result.kind == "self_drawn":
                points["paid others' self-draw pts"] -= amount
            else:
                points["dealt in pts"] -= amount
    for w in result.winners:
        if w.seat == hero:
            points[f"won {result.kind} fan {min(w.fan, 6)} n"] += 1
    if result.loser == hero:
        points["dealt in n"] += 1
    elif result.kind == "self_drawn" and all(w.seat != hero for w in result.winners):
        points["others' self-draw n"] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", default="competent")
    parser.add_argument("--others", default="greedy")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    points, diffs = play(args.hero, args.others, args.deals, args.seed)
    hands = points.pop("hands")
    print(f"{args.hero} vs 3 {args.others}: {hands} hands")
    total = sum(v for k, v in points.items() if k.endswith("pts"))
    print(f"  total {total / hands:+.3f} a hand")
    for key in sorted(points):
        value = points[key]
        print(f"  {key:<40}{value / hands:>+9.3f} a hand   ({value:.0f})")
    print("decisions differing from greedy's:")
    for key, n in sorted(diffs.items()):
        print(f"  {key:<60}{n:>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
