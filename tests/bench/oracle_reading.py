"""How far a perfect reading would take the strong player's defence: the same player with
its danger reading replaced by the truth, on the same duplicate deals. Not a test and not
a benchmark: the ceiling the deal-in target is measured against.

    python tests/bench/oracle_reading.py [--others normal] [--deals 300] [--seed 7]
                                         [--mode base|tiles|ready|both ...]

At each of the strong player's decisions it reads the hidden hands (which no player may):
which tiles would win for each opponent now. `tiles`: `wait_chance` answers 1 for their
winning tiles and 0 for the rest whenever they are ready, the readiness read as before;
`ready`: each opponent's readiness is 0.95 if they could win on a discard and 0 if not,
the tiles read as before; `both`: the two. `base`: the committed player. Prints for each
mode the points a hand (the deal means' standard error), the paired difference against
`base`, the deal-in rate and the win rate.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import server.engine.bots.danger as danger  # noqa: E402
import server.engine.bots.strong as strong  # noqa: E402
from server.engine.bots import make_bot  # noqa: E402
from server.engine.bots.danger import Opponent  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.errors import MahjongError  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402
from shared.tiles import KINDS  # noqa: E402
from shared.views import SeatView  # noqa: E402

TRUTH: dict[int, frozenset[int]] = {}
"""Each opponent's winning tiles at the decision in hand (set before it is asked)."""
READ_WAIT = danger.wait_chance
READ_OPPONENTS = danger.read_opponents


def true_wait(tile: int, opponent: Opponent, unseen: list[int], weights: object = None) -> float:
    wins = TRUTH.get(opponent.seat)
    if wins:
        return 1.0 if tile in wins else 0.0
    return READ_WAIT(tile, opponent, unseen)


def true_ready(view: SeatView, rules: Ruleset) -> list[Opponent]:
    return [
        dataclasses.replace(o, ready=0.95 if TRUTH.get(o.seat) else 0.0)
        for o in READ_OPPONENTS(view, rules)
    ]


def play(mode: str, others: str, deals: int, seed: int) -> tuple[list[float], float, float]:
    danger.wait_chance = true_wait if mode in ("tiles", "both") else READ_WAIT  # type: ignore[assignment]
    strong.read_opponents = true_ready if mode in ("ready", "both") else READ_OPPONENTS  # type: ignore[assignment]
    rules = make_ruleset({"preset": "jipinghu"})
    rng = random.Random(seed)
    means: list[float] = []
    hands = dealt = won = 0
    for _ in range(deals):
        wall_seed, dealer = rng.getrandbits(64), rng.randrange(4)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        points = 0.0
        for hero in range(4):
            bots = [make_bot("strong" if s == hero else others, rules, seeds[s]) for s in range(4)]
            table = HandTable(
                HandSetup(rules, wall_seed, dealer, 0, (rules.starting_score,) * 4)
            )
            table.start()
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                if seat == hero and mode != "base":
                    TRUTH.clear()
                    for o in range(4):
                        if o == hero:
                            continue
                        # a hand mid-claim (not 13 tiles) has no reading: skipped
                        with contextlib.suppress(MahjongError):
                            TRUTH[o] = frozenset(
                                k
                                for k in range(KINDS)
                                if table._discard_win_score(o, hero, k, False) is not None
                            )
                table.step(seat, bots[seat].choose(view))
            result = table.result
            assert result is not None
            hands += 1
            points += result.deltas[hero] / rules.base
            dealt += result.loser == hero and result.kind == "discard"
            won += any(w.seat == hero for w in result.winners)
        means.append(points / 4)
    return means, dealt / hands, won / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", default="normal")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mode", action="append", choices=["base", "tiles", "ready", "both"])
    args = parser.parse_args(argv)
    modes = args.mode or ["base", "tiles", "ready", "both"]
    if "base" not in modes:
        modes.insert(0, "base")
    base: list[float] = []
    for mode in modes:
        means, dealt, won = play(mode, args.others, args.deals, args.seed)
        if mode == "base":
            base = means
        n = len(means)
        mean = sum(means) / n
        diffs = [a - b for a, b in zip(means, base, strict=True)]
        d = sum(diffs) / n
        se = math.sqrt(sum((x - mean) ** 2 for x in means) / (n - 1) / n)
        dse = math.sqrt(sum((x - d) ** 2 for x in diffs) / (n - 1) / n)
        print(
            f"{mode:6s} vs 3 {args.others}: {mean:+.3f} ± {se:.3f}  paired {d:+.3f} ± {dse:.3f}"
            f"  deal-in {dealt:.3f}  win {won:.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
