"""The readiness reading measured: whether an opponent could win on a discard, against
what the strong player's reading (server/engine/bots/danger.py `ready_chance`) says. Not
a test and not a benchmark: the tool that fitted danger.py's `READY_WEIGHTS`.

    python tests/bench/read_ready.py collect --others normal --deals 300 --seed 101 [--table] OUT
    python tests/bench/read_ready.py fit TRAIN.pickle ... --test TEST.pickle ... [--l2 5]
    python tests/bench/read_ready.py score TEST.pickle ...

`collect` plays the strong player against three `--others` on duplicate deals (as
diagnose_dealins.py does) and, at each of its discards, reads the hidden hands no player
may: for each opponent, whether some tile would win for them on a discard then. It
stores each (the others' kind, the strong player's view, the opponents' truth) in OUT, so
every fact the reading could use is there to be tried without replaying; `--table`: the
strong player as it was before the model, reading readiness by the table.

`fit` fits a logistic regression of "could win on a discard" on `ready_features` (one-hot,
so the model is a table of weights) by read_tiles.py's Newton's method, prints the
weights as `READY_WEIGHTS` to paste into danger.py, and scores it on the held-out files;
`score` scores danger.py's committed reading. Both score beside it the table before the
model (`READY` × `MIDDLE_LETGO`, kept here as `table_ready`), by the others' kind:
log-loss, and the calibration in bands of 0.1 as diagnose_dealins.py prints it.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import read_tiles  # noqa: E402

from server.engine.bots import danger, make_bot  # noqa: E402
from server.engine.bots.danger import BAND, fan_shown, melds_shown  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402
from shared.tiles import KINDS  # noqa: E402
from shared.views import SeatView  # noqa: E402

RULES = make_ruleset({"preset": "jipinghu"})

Sample = tuple[str, SeatView, dict[int, bool]]
"""(the others' kind, the strong player's view at its discard, seat -> could win then)."""

# --- the table before READY_WEIGHTS (danger.py until 2026-12-01, late), for comparison ---
READY: dict[str, tuple[tuple[float, ...], ...]] = {
    "closed": ((0.33, 0.31, 0.28, 0.20, 0.11, 0.03, 0.00),),
    "fan": (
        (0.60, 0.71, 0.72, 0.56, 0.35, 0.13, 0.04),
        (0.16, 0.22, 0.30, 0.34, 0.32, 0.23, 0.13),
        (0.56, 0.64, 0.65, 0.80, 0.85, 0.71, 0.57),
        (1.0,) * 7,
    ),
    "chows": (
        (0.22, 0.38, 0.38, 0.34, 0.24, 0.10, 0.03),
        (0.42, 0.56, 0.61, 0.57, 0.38, 0.29, 0.25),
        (0.89, 0.90, 0.89, 0.82, 0.82, 0.85, 0.85),
        (1.0,) * 7,
    ),
    "plain": (
        (0.02, 0.02, 0.03, 0.02, 0.02, 0.01, 0.00),
        (0.04, 0.03, 0.04, 0.04, 0.04, 0.03, 0.01),
        (0.10, 0.05, 0.03, 0.03, 0.03, 0.04, 0.03),
        (0.15,) * 7,
    ),
}
"""danger.py's readiness table before the fitted model: by what the melds show, sets down
(rows from one) and the wall in bands of 12 (measured against greedy and an older normal
player, pooled)."""
MIDDLE_LETGO = ((0.45, 1.4, 2.0, 2.5), (0.7, 1.1, 1.35, 1.5))
"""The table's factor by how many of the last three discards were middle tiles (river
under six tiles, then six or more)."""


def table_ready(
    view: SeatView, seat: int, shows: str, table: dict[str, tuple[tuple[float, ...], ...]] = READY
) -> float:
    """danger.py's `ready_chance` before `READY_WEIGHTS`: `table`'s cell × `MIDDLE_LETGO`."""
    public = view.seats[seat]
    band = min(view.wall_left // BAND, 6)
    row = table[shows][max(0, min(len(public.melds), 4) - 1)]
    river = public.river
    middles = sum(1 for k in river[-3:] if k < 27 and 2 <= k % 9 <= 6)
    return min(0.95, row[band] * MIDDLE_LETGO[len(river) >= 6][middles])


def _shows(view: SeatView, seat: int, rules: Ruleset = RULES) -> str:
    return melds_shown(view.seats[seat], fan_shown(view, seat, rules), rules)


# --- collecting -----------------------------------------------------------------------


def collect(others: str, deals: int, seed: int) -> list[Sample]:
    rng = random.Random(seed)
    found: list[Sample] = []
    for _ in range(deals):
        wall_seed, dealer = rng.getrandbits(64), rng.randrange(4)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        for hero in range(4):
            bots = [make_bot("strong" if s == hero else others, RULES, seeds[s]) for s in range(4)]
            table = HandTable(HandSetup(RULES, wall_seed, dealer, 0, (RULES.starting_score,) * 4))
            table.start()
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                action = bots[seat].choose(view)
                if seat == hero and isinstance(action, Discard):
                    truth = {
                        o: any(
                            table._discard_win_score(o, hero, k, False) is not None
                            for k in range(KINDS)
                        )
                        for o in range(4)
                        if o != hero
                    }
                    found.append((others, view, truth))
                table.step(seat, action)
    return found


def load(paths: list[str]) -> list[Sample]:
    out: list[Sample] = []
    for path in paths:
        with open(path, "rb") as f:
            out.extend(pickle.load(f))
    return out


# --- fitting and scoring --------------------------------------------------------------


def fit(samples: list[Sample], l2: float, rounds: int) -> dict[str, float]:
    pooled: dict[tuple[str, ...], list[int]] = defaultdict(lambda: [0, 0])
    for _kind, view, truth in samples:
        for seat, ready in truth.items():
            cell = pooled[tuple(danger.ready_features(view, seat, _shows(view, seat)))]
            cell[0] += 1
            cell[1] += ready
    return read_tiles.newton(pooled, l2, rounds)[0]


Reading = Callable[[SeatView, int, str], float]


def score(title: str, reading: Reading, samples: list[Sample]) -> None:
    """Print the log-loss and the calibration of `reading`, by the others' kind."""
    for kind in sorted({s[0] for s in samples}):
        loss = 0.0
        n = 0
        cal: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
        for k, view, truth in samples:
            if k != kind:
                continue
            for seat, ready in truth.items():
                q = min(max(reading(view, seat, _shows(view, seat)), 1e-6), 1 - 1e-6)
                loss -= math.log(q) if ready else math.log(1 - q)
                n += 1
                cell = cal[min(9, int(q * 10))]
                cell[0] += q
                cell[1] += 1
                cell[2] += ready
        print(f"{title}, against {kind}: {n} (position, opponent), log-loss {loss / n:.4f}")
        print("  " + "  ".join(
            f"{b / 10:.1f}+ {s / m:.2f}/{t / m:.2f} ({int(m)})"
            for b, (s, m, t) in sorted(cal.items())
        ))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("out")
    c.add_argument("--others", default="normal")
    c.add_argument("--deals", type=int, default=300)
    c.add_argument("--seed", type=int, default=101)
    c.add_argument(
        "--table", action="store_true", help="the strong player reads readiness by the table"
    )
    f = sub.add_parser("fit")
    f.add_argument("train", nargs="+")
    f.add_argument("--test", nargs="*", default=[])
    f.add_argument("--l2", type=float, default=5.0)
    f.add_argument("--rounds", type=int, default=7)
    s = sub.add_parser("score")
    s.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        if args.table:
            danger.ready_chance = table_ready  # type: ignore[assignment]
        found = collect(args.others, args.deals, args.seed)
        with open(args.out, "wb") as out:
            pickle.dump(found, out)
        print(f"{len(found)} positions")
        return 0
    if args.command == "fit":
        weights = fit(load(args.train), args.l2, args.rounds)
        print("READY_WEIGHTS = {")
        for name in sorted(weights):
            print(f'    "{name}": {weights[name]:.2f},')
        print("}")
        test = load(args.test) if args.test else []

        def fitted(view: SeatView, seat: int, shows: str) -> float:
            return danger.ready_chance(view, seat, shows, weights)
    else:
        test = load(args.files)
        fitted = danger.ready_chance
    if test:
        score("table (before)", table_ready, test)
        score("model", fitted, test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
