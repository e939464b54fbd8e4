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


# --- the fitted readiness before the 摸切 facts (danger.py until 2026-12-02), for comparison ---
WITHOUT_DRAWS: dict[str, float] = {
    "bias": -0.62, "bold3_0": -0.48, "bold3_1": -0.13, "bold3_2": -0.02, "bold3_3": 0.01,
    "chows1": -0.28, "chows1_m0": -0.18, "chows1_m1": -0.11, "chows1_m2": -0.07, "chows1_m3": 0.08,
    "chows2": 0.30, "chows2_m0": -0.20, "chows2_m1": 0.02, "chows2_m2": 0.00, "chows2_m3": 0.47,
    "chows3": 0.62, "chows3_m0": 0.30, "chows3_m1": 0.24, "chows3_m2": 0.25, "chows3_m3": -0.16,
    "chows4": 1.62, "chows4_m0": 0.45, "chows4_m1": 0.56, "chows4_m2": 0.41, "chows4_m3": 0.20,
    "chows_w0": 0.20, "chows_w1": 0.27, "chows_w2": 0.23, "chows_w3": 0.28, "chows_w4": 0.36,
    "chows_w5": 0.43, "chows_w6": 0.49, "closed0": -0.72, "closed0_m0": -0.17, "closed0_m1": -0.10,
    "closed0_m2": -0.21, "closed0_m3": -0.24, "closed_w0": 0.11, "closed_w1": 0.16,
    "closed_w2": 0.22, "closed_w3": 0.11, "closed_w4": -0.05, "closed_w5": -0.38,
    "closed_w6": -0.89, "early_mid0": -0.22, "early_mid1": -0.06, "early_mid2": -0.05,
    "early_mid3": -0.29, "fan1": 0.02, "fan1_m0": -0.13, "fan1_m1": -0.10, "fan1_m2": 0.06,
    "fan1_m3": 0.19, "fan2": -0.12, "fan2_m0": -0.08, "fan2_m1": -0.14, "fan2_m2": -0.05,
    "fan2_m3": 0.16, "fan3": 0.91, "fan3_m0": 0.06, "fan3_m1": 0.14, "fan3_m2": 0.39,
    "fan3_m3": 0.32, "fan4": 1.50, "fan4_m0": 0.37, "fan4_m1": 0.64, "fan4_m2": 0.44,
    "fan4_m3": 0.05, "fan_w0": 0.23, "fan_w1": 0.41, "fan_w2": 0.43, "fan_w3": 0.43,
    "fan_w4": 0.36, "fan_w5": 0.42, "fan_w6": 0.03, "hon3_0": 0.26, "hon3_1": 0.15,
    "hon3_2": -0.16, "hon3_3": -0.87, "hon_late0": -0.18, "hon_late1": -0.02, "hon_late2": 0.42,
    "mid3_0_0": -0.71, "mid3_0_1": 0.19, "mid3_1_0": -0.12, "mid3_1_1": 0.04, "mid3_2_0": 0.09,
    "mid3_2_1": -0.08, "mid3_3_0": 0.26, "mid3_3_1": -0.29, "mid6_0": -0.41, "mid6_1": 0.02,
    "mid6_2": 0.24, "mid6_3": 0.35, "mid6_4": 0.25, "mid6_5": 0.02, "mid6_6": -0.60,
    "plain1": -1.35, "plain1_m0": -0.21, "plain1_m1": -0.24, "plain1_m2": -0.52,
    "plain1_m3": -0.39, "plain2": -1.29, "plain2_m0": -0.18, "plain2_m1": -0.38,
    "plain2_m2": -0.28, "plain2_m3": -0.46, "plain3": -1.52, "plain3_m0": -0.51,
    "plain3_m1": -0.56, "plain3_m2": -0.30, "plain3_m3": -0.16, "plain4": -0.30,
    "plain4_m0": -0.04, "plain4_m1": -0.06, "plain4_m2": -0.11, "plain4_m3": -0.09,
    "plain_w0": -0.52, "plain_w1": -0.79, "plain_w2": -0.72, "plain_w3": -0.76, "plain_w4": -0.67,
    "plain_w5": -0.62, "plain_w6": -0.38, "riv0": -0.78, "riv1": 0.30, "riv2": -0.06, "riv3": 0.02,
    "riv4": 0.02, "riv5": -0.03, "riv6": -0.08, "s0w0": 0.11, "s0w1": 0.16, "s0w2": 0.22,
    "s0w3": 0.11, "s0w4": -0.05, "s0w5": -0.38, "s0w6": -0.89, "s1w0": -0.21, "s1w1": -0.09,
    "s1w2": 0.07, "s1w3": -0.01, "s1w4": -0.24, "s1w5": -0.65, "s1w6": -0.48, "s2w0": -0.28,
    "s2w1": -0.39, "s2w2": -0.29, "s2w3": -0.13, "s2w4": -0.01, "s2w5": -0.17, "s2w6": 0.17,
    "s3w0": -0.66, "s3w1": -0.56, "s3w2": -0.42, "s3w3": -0.12, "s3w4": 0.40, "s3w5": 0.92,
    "s3w6": 0.45, "s4w0": 1.06, "s4w1": 0.92, "s4w2": 0.59, "s4w3": 0.21, "s4w4": -0.10,
    "s4w5": 0.13, "safe3_0": -0.12, "safe3_1": -0.13, "safe3_2": -0.11, "safe3_3": -0.25,
    "safe6_0": 0.19, "safe6_1": 0.01, "safe6_2": 0.14, "safe6_3": 0.03, "safe6_4": -0.09,
    "safe6_5": -0.09, "safe6_6": -0.34, "suitmin0_0": -0.34, "suitmin0_1": -0.18,
    "suitmin0_2": -0.30, "suitmin1_0": -0.14, "suitmin1_1": 0.05, "suitmin1_2": 0.13,
    "suitmin2_1": 0.09, "suitmin2_2": 0.08, "w0": 0.01, "w1": 0.05, "w2": 0.16, "w3": 0.06,
    "w4": 0.01, "w5": -0.16, "w6": -0.75,
}
"""`READY_WEIGHTS` as first fitted, before the facts of the tiles let go as drawn (摸切:
`drawn3_…`, `drawn_run…`, `drawn6_…`) were added and the weights fitted again."""


_READY_CHANCE = danger.ready_chance
"""danger.py's own `ready_chance` (a variant may put another in its place)."""


def ready_without_draws(view: SeatView, seat: int, shows: str) -> float:
    """danger.py's `ready_chance` with `WITHOUT_DRAWS`' weights."""
    return _READY_CHANCE(view, seat, shows, WITHOUT_DRAWS)


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
