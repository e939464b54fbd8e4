"""How an opponent's latest discards from the draw (摸切) tell their readiness: the
figures behind danger.py's `FROM_DRAW` table. Not a test and not a benchmark.

    python tests/bench/measure_from_draw.py [--deals 200] [--seed 21] [--others normal,greedy]

Plays the strong player against three `--others` players (each kind in turn, duplicate
deals as bench_bots.py does) and, at each of its discards, reads for each opponent the
readiness `read_opponents` gives without `FROM_DRAW` (`said`) beside whether they could
win on a discard then (the hidden hands, which no player may read), by whether their river
is short (under six tiles) and how many of their last three discards still lying there
were the tile they had just drawn. Prints each cell's count, the truth, what was said and
their ratio, and the ratio over the ratio of all cells (the factor that moves readiness
between cells and leaves its overall level alone: what `FROM_DRAW` holds).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import server.engine.bots.danger as danger  # noqa: E402
from server.engine.bots import make_bot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402
from shared.tiles import KINDS  # noqa: E402


def could_win(table: HandTable, seat: int, discarder: int) -> bool:
    """Whether `seat` could win on some discard of `discarder` now (the hidden hand)."""
    return any(
        table._discard_win_score(seat, discarder, k, False) is not None for k in range(KINDS)
    )


def collect(others: str, deals: int, seed: int) -> dict[tuple[int, int], list[float]]:
    """(late, from-draw count) -> [count, could win, said]."""
    rules = make_ruleset({"preset": "jipinghu"})
    rng = random.Random(seed)
    cells: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    flat = {"late": (1.0,) * (danger.LAST_DISCARDS + 1)}
    saved = danger.FROM_DRAW
    for _ in range(deals):
        wall_seed, dealer = rng.getrandbits(64), rng.randrange(4)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        for hero in range(4):
            kinds = ["strong" if s == hero else others for s in range(4)]
            bots = [make_bot(kinds[s], rules, seeds[s]) for s in range(4)]
            table = HandTable(
                HandSetup(rules, wall_seed, dealer, 0, (rules.starting_score,) * 4)
            )
            table.start()
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                action = bots[seat].choose(view)
                if seat == hero and isinstance(action, Discard):
                    danger.FROM_DRAW = (flat["late"], flat["late"])
                    try:
                        opponents = danger.read_opponents(view, rules)
                    finally:
                        danger.FROM_DRAW = saved
                    for o in opponents:
                        public = view.seats[o.seat]
                        key = (int(len(public.river) >= 6), danger.from_draw_count(public))
                        cell = cells[key]
                        cell[0] += 1
                        cell[1] += could_win(table, o.seat, hero)
                        cell[2] += o.ready
                table.step(seat, action)
    return cells


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--others", default="normal,greedy")
    args = parser.parse_args(argv)
    pooled: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for others in args.others.split(","):
        cells = collect(others, args.deals, args.seed)
        print(f"against three {others}:")
        for key in sorted(cells):
            n, true, said = cells[key]
            print(f"  late={key[0]} from draw={key[1]}: n={int(n):6d} true {true / n:.3f}"
                  f"  said {said / n:.3f}")
            for i in range(3):
                pooled[key][i] += cells[key][i]
    total_true = sum(c[1] for c in pooled.values())
    total_said = sum(c[2] for c in pooled.values())
    level = total_true / total_said
    print(f"pooled: true/said over all cells {level:.3f}; the factor by cell:")
    rows = []
    for late in (0, 1):
        row = []
        for count in range(danger.LAST_DISCARDS + 1):
            n, true, said = pooled.get((late, count), (0, 0, 0.0))
            factor = (true / said) / level if said else 1.0
            row.append(round(factor, 2))
            print(f"  late={late} from draw={count}: n={int(n):6d} true {true / max(n, 1):.3f}"
                  f"  said {said / max(n, 1):.3f}  factor {factor:.2f}")
        rows.append(tuple(row))
    print(f"FROM_DRAW = {tuple(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
