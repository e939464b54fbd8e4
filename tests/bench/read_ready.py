"""The readiness reading measured: whether an opponent could win on a discard, against
what the strong player's reading (server/engine/bots/danger.py `ready_chance`, the table
`READY` × `MIDDLE_LETGO`) says, and a fitted model of it (`MODEL_WEIGHTS`,
`model_features`, `model_ready`), measured and not kept (tests/bench/README.md,
"Readiness fitted" and "摸切 made public"). Not a test and not a benchmark.

    python tests/bench/read_ready.py collect --others normal --deals 300 --seed 101 [--model] OUT
    python tests/bench/read_ready.py fit TRAIN.pickle ... --test TEST.pickle ... [--l2 5]
    python tests/bench/read_ready.py score TEST.pickle ...

`collect` plays the strong player against three `--others` on duplicate deals (as
diagnose_dealins.py does) and, at each of its discards, reads the hidden hands no player
may: for each opponent, whether some tile would win for them on a discard then. It
stores each (the others' kind, the strong player's view, the opponents' truth) in OUT, so
every fact the reading could use is there to be tried without replaying; `--model`: the
strong player reading readiness by the model.

`fit` fits a logistic regression of "could win on a discard" on `model_features` (one-hot,
so the model is a table of weights) by read_tiles.py's Newton's method, prints the
weights as `MODEL_WEIGHTS`, and scores it on the held-out files; `score` scores
`MODEL_WEIGHTS`. Both score beside it the committed table (`table_ready`), by the others'
kind: log-loss, and the calibration in bands of 0.1 as diagnose_dealins.py prints it.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import read_tiles  # noqa: E402

from server.engine.bots import danger  # noqa: E402
from server.engine.bots.danger import BAND, fan_shown, melds_shown  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402
from shared.views import SeatView  # noqa: E402

RULES = make_ruleset({"preset": "jipinghu"})

Sample = tuple[str, SeatView, dict[int, bool]]
"""(the others' kind, the strong player's view at its discard, seat -> could win then)."""

# --- the fitted readiness (measured, not kept: tests/bench/README.md, "Readiness fitted" and
# "摸切 made public") -----------------------------------------------------------------
MODEL_WEIGHTS: dict[str, float] = {
    "bias": -0.75, "bold3_0": -0.47, "bold3_1": -0.19, "bold3_2": -0.07, "bold3_3": -0.02,
    "chows1": -0.53, "chows1_m0": -0.26, "chows1_m1": -0.15, "chows1_m2": -0.12,
    "chows1_m3": 0.00, "chows2": 0.11, "chows2_m0": -0.25, "chows2_m1": -0.06,
    "chows2_m2": 0.02, "chows2_m3": 0.40, "chows3": 0.57, "chows3_m0": 0.18, "chows3_m1": 0.16,
    "chows3_m2": 0.23, "chows3_m3": 0.00, "chows4": 1.60, "chows4_m0": 0.37, "chows4_m1": 0.61,
    "chows4_m2": 0.48, "chows4_m3": 0.13, "chows_w0": 0.14, "chows_w1": 0.15, "chows_w2": 0.14,
    "chows_w3": 0.18, "chows_w4": 0.24, "chows_w5": 0.38, "chows_w6": 0.52, "closed0": -0.84,
    "closed0_m0": -0.18, "closed0_m1": -0.09, "closed0_m2": -0.22, "closed0_m3": -0.34,
    "closed_w0": 0.12, "closed_w1": 0.12, "closed_w2": 0.22, "closed_w3": 0.08,
    "closed_w4": -0.09, "closed_w5": -0.42, "closed_w6": -0.88, "drawn3_0_0": 0.13,
    "drawn3_0_1": -0.17, "drawn3_0_chows": 0.22, "drawn3_0_closed": 0.17, "drawn3_0_fan": 0.30,
    "drawn3_0_plain": -0.73, "drawn3_0_safe0": 0.40, "drawn3_0_safe1": -0.07,
    "drawn3_0_safe2": -0.37, "drawn3_1_0": 0.14, "drawn3_1_1": -0.01, "drawn3_1_chows": 0.36,
    "drawn3_1_closed": 0.24, "drawn3_1_fan": 0.30, "drawn3_1_plain": -0.77,
    "drawn3_1_safe0": 0.30, "drawn3_1_safe1": 0.02, "drawn3_1_safe2": -0.19, "drawn3_2_0": 0.22,
    "drawn3_2_1": 0.06, "drawn3_2_chows": 0.51, "drawn3_2_closed": 0.24, "drawn3_2_fan": 0.41,
    "drawn3_2_plain": -0.88, "drawn3_2_safe0": 0.28, "drawn3_2_safe1": -0.03,
    "drawn3_2_safe2": 0.03, "drawn3_3_0": 0.42, "drawn3_3_1": 0.03, "drawn3_3_chows": 0.72,
    "drawn3_3_closed": 0.19, "drawn3_3_fan": 0.49, "drawn3_3_plain": -0.95,
    "drawn3_3_safe0": 0.16, "drawn3_3_safe1": 0.00, "drawn3_3_safe2": 0.28, "drawn6_0": -0.51,
    "drawn6_1": -0.39, "drawn6_2": -0.35, "drawn6_3": -0.18, "drawn6_4": 0.17, "drawn6_5": 0.46,
    "drawn6_6": 0.72, "drawn_run0": 0.01, "drawn_run1": 0.16, "drawn_run2": 0.20,
    "drawn_run3": 0.16, "drawn_run4": 0.15, "drawn_run5": 0.14, "early_mid0": -0.16,
    "early_mid1": -0.09, "early_mid2": -0.09, "early_mid3": -0.42, "fan1": -0.23,
    "fan1_m0": -0.23, "fan1_m1": -0.20, "fan1_m2": 0.08, "fan1_m3": 0.11, "fan2": -0.39,
    "fan2_m0": -0.10, "fan2_m1": -0.18, "fan2_m2": -0.12, "fan2_m3": 0.01, "fan3": 0.71,
    "fan3_m0": -0.03, "fan3_m1": 0.07, "fan3_m2": 0.41, "fan3_m3": 0.26, "fan4": 1.60,
    "fan4_m0": 0.41, "fan4_m1": 0.57, "fan4_m2": 0.51, "fan4_m3": 0.12, "fan_w0": -0.06,
    "fan_w1": 0.25, "fan_w2": 0.36, "fan_w3": 0.38, "fan_w4": 0.31, "fan_w5": 0.39,
    "fan_w6": 0.04, "hon3_0": 0.35, "hon3_1": 0.10, "hon3_2": -0.24, "hon3_3": -0.96,
    "hon_late0": -0.28, "hon_late1": -0.15, "hon_late2": 0.22, "mid3_0_0": -0.76,
    "mid3_0_1": 0.08, "mid3_1_0": -0.11, "mid3_1_1": 0.01, "mid3_2_0": 0.03, "mid3_2_1": -0.04,
    "mid3_3_0": 0.18, "mid3_3_1": -0.14, "mid6_0": -0.30, "mid6_1": 0.10, "mid6_2": 0.25,
    "mid6_3": 0.29, "mid6_4": 0.21, "mid6_5": 0.02, "mid6_6": -0.66, "plain1": -0.91,
    "plain1_m0": -0.08, "plain1_m1": -0.18, "plain1_m2": -0.39, "plain1_m3": -0.26,
    "plain2": -0.81, "plain2_m0": -0.13, "plain2_m1": -0.25, "plain2_m2": -0.16,
    "plain2_m3": -0.27, "plain3": -1.49, "plain3_m0": -0.36, "plain3_m1": -0.36,
    "plain3_m2": -0.65, "plain3_m3": -0.12, "plain4": -0.14, "plain4_m0": -0.02,
    "plain4_m1": -0.03, "plain4_m2": -0.07, "plain4_m3": -0.02, "plain_w0": -0.39,
    "plain_w1": -0.65, "plain_w2": -0.63, "plain_w3": -0.63, "plain_w4": -0.41,
    "plain_w5": -0.37, "plain_w6": -0.28, "riv0": -0.88, "riv1": 0.22, "riv2": 0.10,
    "riv3": 0.01, "riv4": 0.01, "riv5": -0.08, "riv6": -0.13, "s0w0": 0.12, "s0w1": 0.12,
    "s0w2": 0.22, "s0w3": 0.08, "s0w4": -0.09, "s0w5": -0.42, "s0w6": -0.88, "s1w0": -0.27,
    "s1w1": -0.10, "s1w2": 0.01, "s1w3": -0.08, "s1w4": -0.24, "s1w5": -0.60, "s1w6": -0.40,
    "s2w0": -0.32, "s2w1": -0.38, "s2w2": -0.33, "s2w3": -0.16, "s2w4": 0.00, "s2w5": -0.12,
    "s2w6": 0.21, "s3w0": -0.82, "s3w1": -0.66, "s3w2": -0.45, "s3w3": -0.21, "s3w4": 0.46,
    "s3w5": 1.01, "s3w6": 0.47, "s4w0": 1.10, "s4w1": 0.90, "s4w2": 0.63, "s4w3": 0.39,
    "s4w4": -0.07, "s4w5": 0.11, "safe3_0": -0.42, "safe3_1": -0.08, "safe3_2": -0.05,
    "safe3_3": -0.20, "safe6_0": 0.22, "safe6_1": 0.00, "safe6_2": 0.10, "safe6_3": 0.02,
    "safe6_4": -0.10, "safe6_5": -0.08, "safe6_6": -0.26, "suitmin0_0": -0.39,
    "suitmin0_1": -0.11, "suitmin0_2": -0.33, "suitmin1_0": -0.27, "suitmin1_1": 0.14,
    "suitmin1_2": 0.07, "suitmin2_1": 0.08, "suitmin2_2": 0.06, "w0": -0.18, "w1": -0.12,
    "w2": 0.09, "w3": 0.01, "w4": 0.06, "w5": -0.02, "w6": -0.59,
}
"""The readiness reading: the log-odds that an opponent could win on a discard now (ready,
with the fan to declare) is the sum of the weights of the facts `ready_features` names
(one-hot; `bias` always). Fitted by logistic regression (Newton's method, L2 penalty 5,
`python tests/bench/read_ready.py fit …`) on the true states of 4,800 hands of the strong
player (reading by the table before this model) against three normal or three greedy
players (seeds 101, 102; 300 duplicate deals each), every opponent at every one of its
discards: 174,510 (position, opponent) pairs. It replaced a table by what the melds show,
sets down and wall band, times a factor for middle tiles among the last three discards
(`READY` × `MIDDLE_LETGO`, kept in read_ready.py as `table_ready`), measured against
greedy and an older normal player pooled, which read the normal player about twice as
ready as it was. On 2,400 held-out hands (seed 103), log-loss against normal players
0.2687 where the table had 0.3193 (against greedy ones 0.2253, 0.2305); the table's
0.53 / 0.64 / 0.75 / 0.85 / 0.94 were true 0.28 / 0.32 / 0.36 / 0.42 / 0.51 against normal
players, the model's 0.54 / 0.64 / 0.75 / 0.85 are 0.48 / 0.54 / 0.68 / 0.85
(tests/bench/README.md, "Readiness fitted")."""


READY_CAP = 0.95
"""No hand read from the table is certain to be ready."""


def _is_middle(tile: int) -> bool:
    return tile < 27 and 2 <= tile % 9 <= 6


def model_features(view: SeatView, seat: int, shows: str) -> list[str]:
    """The public facts `MODEL_WEIGHTS` weighs for whether `seat` could win on a discard
    now, each a name (one-hot: a fact holds or not; `bias` always)."""
    public = view.seats[seat]
    river = public.river
    n = len(river)
    sets = min(len(public.melds), 4)
    band = min(view.wall_left // BAND, 6)
    found = ["bias", f"{shows}{sets}", f"w{band}", f"{shows}_w{band}", f"s{sets}w{band}"]
    found.append(f"riv{min(n // 3, 6)}")
    last3, last6 = river[-3:], river[-6:]
    # A player who lets middle tiles go has the shape they want; one still shedding
    # honours and terminals seldom does (the first six discards are read apart: early
    # middle tiles are a hand's leftovers, late ones its shape given up for a wait).
    middles = sum(map(_is_middle, last3))
    found.append(f"mid3_{middles}_{int(n >= 6)}")
    found.append(f"{shows}{sets}_m{middles}")
    if n >= 6:
        found.append(f"mid6_{sum(map(_is_middle, last6))}")
    found.append(f"early_mid{min(sum(map(_is_middle, river[:6])), 3)}")
    honours = sum(1 for k in last3 if k >= 27)
    found.append(f"hon3_{honours}")
    if band <= 2:
        found.append(f"hon_late{min(honours, 2)}")
    # A folding player lets go what is safe against the others (tiles their rivers show);
    # one playing on lets go middle tiles nobody has shown, dangerous to the others.
    others: set[int] = set()
    for other in range(4):
        if other != seat:
            others.update(view.seats[other].river)
    found.append(f"safe3_{sum(1 for k in last3 if k in others)}")
    found.append(f"bold3_{sum(1 for k in last3 if _is_middle(k) and k not in others)}")
    if n >= 6:
        found.append(f"safe6_{sum(1 for k in last6 if k in others)}")
    # Their river by suit: a suit they let none of go is one they gather (a flush, or a
    # hand waiting in it).
    by_suit = [0, 0, 0]
    for k in river:
        if k < 27:
            by_suit[k // 9] += 1
    found.append(f"suitmin{min(min(by_suit), 2)}_{0 if n < 6 else 1 if n < 12 else 2}")
    # 摸切: a hand that keeps letting its draws go is one the draws no longer change —
    # ready, waiting; one that lets go from its hand (手切) is still taking shape, or
    # folding. Known only from a host that sends `river_from_draw`.
    drawn = public.river_from_draw
    if len(drawn) == n and n:
        count = sum(drawn[-3:])
        found.append(f"drawn3_{count}_{int(n >= 6)}")
        found.append(f"drawn3_{count}_{shows}")
        found.append(f"drawn3_{count}_safe{min(sum(1 for k in last3 if k in others), 2)}")
        run = 0
        for flag in reversed(drawn):
            if not flag:
                break
            run += 1
        found.append(f"drawn_run{min(run, 5)}")
        if n >= 6:
            found.append(f"drawn6_{sum(drawn[-6:])}")
    return found


def model_ready(
    view: SeatView, seat: int, shows: str, weights: dict[str, float] | None = None
) -> float:
    """The fitted readiness: the logistic model `MODEL_WEIGHTS` (or `weights`, as `fit`
    fits them) of the facts `model_features` names."""
    table = MODEL_WEIGHTS if weights is None else weights
    z = sum(table.get(name, 0.0) for name in model_features(view, seat, shows))
    return min(READY_CAP, 1.0 / (1.0 + math.exp(-z)))


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
"""danger.py's own `ready_chance`, the table (a variant may put another in its place)."""


def ready_without_draws(view: SeatView, seat: int, shows: str) -> float:
    """The fitted readiness with `WITHOUT_DRAWS`' weights (no 摸切 facts)."""
    return model_ready(view, seat, shows, WITHOUT_DRAWS)


def table_ready(
    view: SeatView,
    seat: int,
    shows: str,
    table: dict[str, tuple[tuple[float, ...], ...]] | None = None,
) -> float:
    """danger.py's `ready_chance`, the table (`READY` × `MIDDLE_LETGO`; given `table`,
    that table's cells)."""
    return _READY_CHANCE(view, seat, shows, table)


def _shows(view: SeatView, seat: int, rules: Ruleset = RULES) -> str:
    return melds_shown(view.seats[seat], fan_shown(view, seat, rules), rules)


# --- collecting -----------------------------------------------------------------------


def collect(others: str, deals: int, seed: int) -> list[Sample]:
    found: list[Sample] = []
    for table, hero, view, _action in read_tiles.hero_discards(others, deals, seed, RULES):
        truth = {o: bool(read_tiles.winning_tiles(table, o, hero)) for o in range(4) if o != hero}
        found.append((others, view, truth))
    return found


def load(paths: list[str]) -> list[Sample]:
    return read_tiles.load_pickles(paths)


# --- fitting and scoring --------------------------------------------------------------


def fit(samples: list[Sample], l2: float, rounds: int) -> dict[str, float]:
    pooled: dict[tuple[str, ...], list[int]] = defaultdict(lambda: [0, 0])
    for _kind, view, truth in samples:
        for seat, ready in truth.items():
            cell = pooled[tuple(model_features(view, seat, _shows(view, seat)))]
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
        "--model", action="store_true", help="the strong player reads readiness by the model"
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
        if args.model:
            danger.ready_chance = model_ready  # type: ignore[assignment]
        found = collect(args.others, args.deals, args.seed)
        with open(args.out, "wb") as out:
            pickle.dump(found, out)
        print(f"{len(found)} positions")
        return 0
    if args.command == "fit":
        weights = fit(load(args.train), args.l2, args.rounds)
        print("MODEL_WEIGHTS = {")
        for name in sorted(weights):
            print(f'    "{name}": {weights[name]:.2f},')
        print("}")
        test = load(args.test) if args.test else []

        def fitted(view: SeatView, seat: int, shows: str) -> float:
            return model_ready(view, seat, shows, weights)
    else:
        test = load(args.files)
        fitted = model_ready
    if test:
        score("table (committed)", table_ready, test)
        score("model", fitted, test)
    return 0


if __name__ == "__main__":
    sys.exit(main())
