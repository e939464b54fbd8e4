"""Where a computer player's points come from and go: its points a hand split into win
income (by fan), deal-in losses, others' self-draws, 包 and horses, for several heroes
on the same duplicate deals; and, against a greedy hero on the same deal and seat, what
the first decision that differed from greedy's was and what the hand then came to. Not a
test and not a benchmark: the strong player's diagnosis (tests/bench/README.md, "Where the
strong player lost to greedy ones").

    python tests/bench/decompose_points.py [--others greedy] [--deals 300] [--seed 7]
                                           [--hero strong ...]

Every deal is played four times per hero, the hero in each seat in turn (bench_bots.py's
duplicate deals, but its own deal seeds). The greedy hero is always played: it is the
baseline, and because the greedy player is deterministic and the others are seeded alike,
a hand of another hero is the same as greedy's up to the first decision where it chose
otherwise (a "divergence", classified by phase and kind, and for a discard by whether the
tile greedy would have let go fed a win then, read from the hidden hands); the paired
difference of the two hands' points is charged to that divergence.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import make_bot  # noqa: E402
from server.engine.bots.greedy import GreedyBot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import AnyAction, Discard, Pass  # noqa: E402
from shared.analysis import shanten  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402
from shared.views import SeatView  # noqa: E402


def feeds(table: HandTable, hero: int, tile: int) -> bool:
    """Whether `tile`, discarded by `hero` now, would be some opponent's win (hidden hands)."""
    return any(
        table._discard_win_score(s, hero, tile, False) is not None for s in range(4) if s != hero
    )


def divergence(
    table: HandTable, view: SeatView, hero: int, mine: AnyAction, greedy: AnyAction, bot: object
) -> str:
    """A name for the kind of the first decision that differed from greedy's."""
    if view.phase == "turn":
        if isinstance(mine, Discard) and isinstance(greedy, Discard):
            counts = view.concealed_counts()
            counts[mine.tile] -= 1
            own = min(max(shanten(counts, view.melds_laid()), 0), 2)
            fed = "greedy's fed" if feeds(table, hero, greedy.tile) else "greedy's safe"
            read = getattr(bot, "last_read", None)  # the strong player's alarm, if any
            alarm = ", alarm" if read is not None and read[0].alarm > 0 else ""
            return f"discard, {own} from ready after{alarm}, {fed}"
        return f"turn: {type(mine).__name__} for {type(greedy).__name__}"
    if isinstance(mine, Pass):
        return f"claim passed ({type(greedy).__name__} by greedy)"
    if isinstance(greedy, Pass):
        return f"claimed {type(mine).__name__} (greedy passed)"
    return f"claimed {type(mine).__name__} for {type(greedy).__name__}"


def play_hand(
    rules: Ruleset, hero_kind: str, others: str, setup: tuple[int, int, list[int]], hero: int
) -> tuple[dict[str, float], str | None]:
    """One hand: the hero's points split by source, and its first divergence from greedy."""
    wall_seed, dealer, seeds = setup
    bots = [make_bot(hero_kind if s == hero else others, rules, seeds[s]) for s in range(4)]
    shadow = GreedyBot(rules, random.Random(0))
    table = HandTable(HandSetup(rules, wall_seed, dealer, 0, (rules.starting_score,) * 4))
    table.start()
    first: str | None = None
    while not table.ended:
        seat = table.awaiting()[0]
        view = table.view(seat)
        action = bots[seat].choose(view)
        if seat == hero and first is None and hero_kind != "greedy":
            greedy = shadow.choose(view)
            if greedy != action:
                first = divergence(table, view, hero, action, greedy, bots[seat])
        table.step(seat, action)
    result = table.result
    assert result is not None
    parts: dict[str, float] = defaultdict(float)
    base = rules.base
    fan_of = {w.seat: w.fan for w in result.winners}
    for p in result.payments:
        if hero not in (p.payer, p.payee):
            continue
        sign = 1 if p.payee == hero else -1
        if p.reason == "horse":
            key = "horses"
        elif p.reason == "liability":
            key = "包 received" if sign > 0 else "包 paid"
        elif sign > 0:
            how = "self-drawn" if result.kind == "self_drawn" else "on a discard"
            key = f"won {how}, {min(fan_of[hero], 3)} fan"
        elif result.kind == "self_drawn":
            key = f"others' self-draw, {min(fan_of[p.payee], 3)} fan"
        else:
            key = f"dealt in, {min(fan_of[p.payee], 3)} fan"
        parts[key] += sign * p.amount / base
    if not result.winners:
        parts["draw"] += 0.0
    parts["total"] = result.deltas[hero] / base
    return parts, first


def mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", default="greedy")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hero", action="append", help="heroes besides greedy (default strong)")
    args = parser.parse_args(argv)
    rules = make_ruleset({"preset": "jipinghu"})
    heroes = ["greedy", *[h for h in (args.hero or ["strong"]) if h != "greedy"]]
    rng = random.Random(args.seed)
    setups = [
        (rng.getrandbits(64), rng.randrange(4), [rng.getrandbits(32) for _ in range(4)])
        for _ in range(args.deals)
    ]
    # hero -> per hand (deal-major, seat-minor) parts; first divergences
    hands: dict[str, list[dict[str, float]]] = {h: [] for h in heroes}
    firsts: dict[str, list[str | None]] = {h: [] for h in heroes}
    for setup in setups:
        for seat in range(4):
            for h in heroes:
                parts, first = play_hand(rules, h, args.others, setup, seat)
                hands[h].append(parts)
                firsts[h].append(first)
    n = len(hands["greedy"])
    keys = sorted({k for h in heroes for parts in hands[h] for k in parts if k != "total"})
    print(f"{n} hands ({args.deals} duplicate deals), each hero against three {args.others}")
    print("points a hand (base units) by source; per deal-mean ± s.e. for the total")
    print(f"{'source':<34}" + "".join(f"{h:>12}" for h in heroes))
    for key in [*keys, "total"]:
        row = [sum(p.get(key, 0.0) for p in hands[h]) / n for h in heroes]
        print(f"{key:<34}" + "".join(f"{v:>+12.3f}" for v in row))
    for h in heroes[1:]:
        per_deal = [
            sum(hands[h][i]["total"] - hands["greedy"][i]["total"] for i in range(d, d + 4)) / 4
            for d in range(0, n, 4)
        ]
        gain, se = mean_se(per_deal)
        print(f"\n{h} − greedy on the same hands: {gain:+.3f} ± {se:.3f} a hand")
        by: dict[str, list[float]] = defaultdict(list)
        for i, first in enumerate(firsts[h]):
            by[first or "never differed"].append(
                hands[h][i]["total"] - hands["greedy"][i]["total"]
            )
        print(f"  {'first divergence':<52}{'hands':>7}{'diff/hand':>11}{'share of n':>12}")
        for name, diffs in sorted(by.items(), key=lambda kv: sum(kv[1])):
            mean, se = mean_se(diffs) if len(diffs) > 1 else (diffs[0], 0.0)
            print(
                f"  {name:<52}{len(diffs):>7}{mean:>+8.2f}±{se:.2f}{sum(diffs) / n:>+10.3f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
