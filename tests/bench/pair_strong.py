"""Variants of the strong player, each on the same duplicate deals, as paired differences
against a reference variant (tests/bench/README.md, "The blend" and "Speed over fan").

Run from the repository root:

    python tests/bench/pair_strong.py [--others greedy] [--deals 400] [--seed 7]
                                      [--base none] [--variant NAME ...]

Each variant sets the lean's weight, the defence's weight (`defence`), the guessed
reading's constants (server/engine/bots/guessed_danger.py), strong.py's `STEP_DISCOUNT`
and alarm, and danger.py's readiness and tile reading in this process only (what it
leaves out stays as committed), plays `--deals` deals of `bench_bots.py` (the chunk seeds from
`random.Random(seed)`), and prints its points a hand, the paired difference of its deal
means against the `--base` variant (played first: "none", the strong player without the
lean; "before", the one before speed over fan; "blend", the committed one; "table", the
committed one reading readiness by the table before `READY_WEIGHTS`; "main_before", the
player before that and before 摸切 was read: the table, its alarm and defence, the tile
reading without the 手切 facts, and without the calm share and the steeper danger;
"before_steeper", the player with neither: `CALM_SHARE` 0, `DANGER_CONTRAST` 1; both
also with a ready hand's wait read gently; "gentle_ready", the committed one before
`READY_POWER`: a ready hand's live tiles read as gently as a hand short of ready's), both
with standard errors, its deal-in rate and its decision times. Not a pytest test.

The variants of 2026-12-03 (tests/bench/README.md, "A ready hand's wait read by its live
tiles"): `ready_width_…` a ready hand's width at other powers and bounds (`ready_width_0.8`
is the committed one), `pressed_width` steep only as the alarm rises, `w08_…` the committed
player with one more constant changed, `pressed_ready_…` a ready hand's chance lowered
under the alarm, and `future_…` (on the player before `READY_POWER`) the price of staying
in taken off a hand's worth (`future_worth`). Of the evening: `reserve_…`, a safe tile kept
in reserve while calm (`reserve_best_discard`; tests/bench/README.md, "A third seed, and a
safe tile kept in reserve"). Of the night (tests/bench/README.md, "The claimed pung's fan"):
`before_fan`, the player before a claimed dragon or scoring wind pung's fan was counted
(strong.py `_claimed_honour`); `claimed_fan`, with it; `exact_ready`, a ready hand read wait by wait
(`exact_quick_worth`); all three with the alarm at 0.2–0.4 (`ALARM_BEFORE`); and
`claimed_fan` with more defence: the danger steeper (`fan_contrast_1.8`, `fan_contrast_2`)
or the alarm earlier (`fan_alarm_0.1`, the committed player, and `fan_alarm_0.05`). Every
variant named before these, measured with the alarm at 0.2–0.4, is played with it
(`ALARM_BEFORE`) unless it sets its own, so their tables still reproduce.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import bench_bots  # noqa: E402
import fit_trees  # noqa: E402
import read_ready  # noqa: E402
import read_tiles  # noqa: E402
import read_whole  # noqa: E402

import server.engine.bots.chances as chances  # noqa: E402
import server.engine.bots.danger as danger  # noqa: E402
import server.engine.bots.guessed_danger as guessed  # noqa: E402
import server.engine.bots.strong as strong  # noqa: E402
import shared.analysis as analysis  # noqa: E402
from server.engine.bots.hand_facts import KEEP_VALUES  # noqa: E402
from shared.fan import score_counts  # noqa: E402
from shared.melds import Meld  # noqa: E402
from shared.patterns import WinContext  # noqa: E402
from shared.tiles import Tile  # noqa: E402

FLAT = (1.0,) * 9
READY_BOTH = {
    "closed": ((0.15, 0.20, 0.20, 0.17, 0.10, 0.03, 0.00),),
    "fan": (
        (0.33, 0.44, 0.39, 0.42, 0.29, 0.11, 0.03),
        (0.17, 0.24, 0.29, 0.33, 0.31, 0.23, 0.11),
        (0.37, 0.34, 0.44, 0.58, 0.66, 0.73, 0.62),
        (1.0,) * 7,
    ),
    "chows": (
        (0.18, 0.24, 0.26, 0.25, 0.19, 0.07, 0.01),
        (0.23, 0.32, 0.41, 0.42, 0.39, 0.25, 0.23),
        (0.32, 0.37, 0.50, 0.55, 0.59, 0.60, 0.47),
        (1.0,) * 7,
    ),
    "plain": (
        (0.03, 0.03, 0.04, 0.04, 0.03, 0.01, 0.00),
        (0.00, 0.02, 0.02, 0.02, 0.03, 0.02, 0.01),
        (0.04, 0.05, 0.06, 0.03, 0.02, 0.01, 0.03),
        (0.15,) * 7,
    ),
}
"""`READY` re-measured against the normal player (normal.py) and greedy ones, pooled
(tests/bench/README.md, "Readiness re-measured against the new normal player")."""
READY_NORMAL = {
    "closed": ((0.09, 0.16, 0.17, 0.14, 0.09, 0.02, 0.00),),
    "fan": (
        (0.13, 0.25, 0.23, 0.29, 0.24, 0.11, 0.03),
        (0.17, 0.24, 0.27, 0.33, 0.31, 0.25, 0.14),
        (0.38, 0.33, 0.38, 0.47, 0.55, 0.53, 0.48),
        (1.0,) * 7,
    ),
    "chows": (
        (0.10, 0.17, 0.20, 0.21, 0.15, 0.07, 0.01),
        (0.21, 0.29, 0.32, 0.35, 0.34, 0.22, 0.24),
        (0.30, 0.36, 0.44, 0.47, 0.52, 0.58, 0.41),
        (1.0,) * 7,
    ),
    "plain": (
        (0.01, 0.03, 0.05, 0.06, 0.05, 0.04, 0.01),
        (0.03, 0.02, 0.02, 0.02, 0.15, 0.08, 0.05),
        (0.40, 0.50, 0.43, 0.37, 0.34, 0.38, 0.40),
        (0.15,) * 7,
    ),
}
"""The same against the normal player alone."""
PRESSED = (
    (0.130, 0.310, 0.413, 0.466, 0.483, 0.548, 0.548),  # shanten 0
    (0.024, 0.079, 0.138, 0.206, 0.229, 0.235, 0.235),  # shanten 1
    (0.000, 0.013, 0.039, 0.063, 0.105, 0.133, 0.133),  # shanten 2
    (0.000, 0.000, 0.000, 0.000, 0.036, 0.069, 0.069),  # shanten 3
    (0.0,) * 7,  # shanten 4
    (0.0,) * 7,  # shanten 5
    (0.0,) * 7,  # shanten 6
)
"""chances.py's `WIN_CHANCE` re-measured where the strong player plays once pressed: its
own hands at its discards made with the alarm on, half the hands against three normal
players and half against three greedy ones, 4,000 hands (`python
build_scripts/measure_win_chances.py --hands 4000 --seed 11 --pressed`; tests/bench/
README.md, "The own chance and the price of dealing in, re-measured"). The `ptable_` and
`pt_` variants read between chances.py's table and this one by the alarm."""


def pressed_chance(steps: int, live: int, seat: strong._Seat) -> float:
    """`StrongBot._chance` with the table read between `WIN_CHANCE` and `PRESSED` by the
    alarm (the ptable variants)."""
    if steps < 0:
        return 1.0
    if live <= 0:
        return 0.0
    calm = chances.win_chance(steps, seat.wall_left)
    saved = chances.WIN_CHANCE
    chances.WIN_CHANCE = PRESSED
    try:
        hard = chances.win_chance(steps, seat.wall_left)
    finally:
        chances.WIN_CHANCE = saved
    width = strong.width(steps, live)
    pressure = (strong.PRESSED_DISCOUNT - strong.STEP_DISCOUNT) * seat.alarm
    discount = strong.STEP_DISCOUNT + pressure
    chance = calm + (hard - calm) * seat.alarm
    return min(1.0, chance * width) * discount**steps


def pressed_width_chance(steps: int, live: int, seat: strong._Seat) -> float:
    """`StrongBot._chance` with a ready hand's wait read gently (power 0.3, ×0.8–1.15, as
    before `READY_POWER`) while calm and steeply (power 0.8, ×0.4–1.3) at the full alarm,
    in proportion between (the `pressed_width` variant)."""
    if steps != 0 or live <= 0:
        return CHANCE(steps, live, seat)
    ratio = live / strong._typical_live(0)
    gentle = min(strong.WIDEST, max(strong.NARROWEST, ratio**0.3))
    steep = min(1.3, max(0.4, ratio**0.8))
    blend = gentle + (steep - gentle) * seat.alarm
    return min(1.0, chances.win_chance(0, seat.wall_left) * blend)


HAND_WORTH = strong.StrongBot.hand_worth
TYPICAL_WAIT = 0.06
"""About the share of the tiles a ready hand waits on (danger.py `CONTRAST_CENTRE`'s)."""


def future_worth(turns: float, commit: tuple[float, ...]) -> object:
    """`StrongBot.hand_worth` less what staying in would cost (the `future_…` variants):
    `turns` more tiles let go, each as dangerous as a typical tile now (each opponent's
    readiness × a typical wait's share × what their win costs, weighed as the danger is,
    by the alarm and `CALM_SHARE`), paid in full by a ready hand and by `commit`'s share a
    shanten further off (a hand's worth is its chance of winning times what it pays: the
    price of pushing on to that win is left out of it)."""

    def worth(self, counts, melds, seat, view, laid_kinds, laid_suits, claimed=None):  # type: ignore[no-untyped-def]
        value = HAND_WORTH(self, counts, melds, seat, view, laid_kinds, laid_suits, claimed)
        steps = analysis.shanten(counts, melds)
        if steps >= len(commit):
            return value
        opponents = self.last_read[1]
        weight = self.defence * (strong.CALM_SHARE + (1.0 - strong.CALM_SHARE) * seat.alarm)
        typical = sum(o.ready * TYPICAL_WAIT * o.points for o in opponents)
        return value - turns * weight * typical * commit[max(0, steps)]

    return worth


BEST_DISCARD = strong.StrongBot._best_discard
RESERVE_READY = 0.3
RESERVE_PRICE = 2.6


def reserve_best_discard(weight: float, claims_charged: bool = True) -> object:
    """`StrongBot._best_discard` that, while nobody looks ready (by `1 - alarm`), also
    charges each discard for the safest tile the hand keeps (the `reserve_…` variants): that
    tile's chance of feeding someone were each opponent ready `RESERVE_READY` of the time
    (danger.py `wait_chance`, as read, not steeper), at `RESERVE_PRICE` base units (about a
    deal-in's price), times `weight`. A strong player keeps a safe tile to fold with when
    someone gets ready; the calm share (`CALM_SHARE`) lets the safer of two tiles go first
    instead. Its loop is a copy of `StrongBot._best_discard`'s with the charge added.

    `_claim` weighs a claim by the worth this returns against passing, which is not
    charged: with `claims_charged` the charge stays in that worth (so the player claims less
    while calm, as the `reserve_0.5/1/2` variants measured); without it the worth returned
    is the uncharged one of the tile chosen (`reserve_1_discards`), so only the tile let go
    changes."""

    def best(  # type: ignore[no-untyped-def]
        self, view, counts, melds, seat, opponents, discards, laid_kinds, laid_suits, claimed=None
    ):
        calm = 1.0 - seat.alarm
        if calm <= 0.0:
            return BEST_DISCARD(
                self,
                view,
                counts,
                melds,
                seat,
                opponents,
                discards,
                laid_kinds,
                laid_suits,
                claimed,
            )
        later = []
        for kind in range(len(counts)):
            if counts[kind]:
                safe = 1.0
                for o in opponents:
                    safe *= 1.0 - RESERVE_READY * danger.wait_chance(kind, o, seat.unseen)
                later.append((1.0 - safe, kind))
        later.sort(key=lambda pair: pair[0])
        scored = []
        for tile in discards:
            counts[tile] -= 1
            worth = self.hand_worth(counts, melds, seat, view, laid_kinds, laid_suits, claimed)
            reserve = next((chance for chance, k in later if counts[k]), 0.0)
            counts[tile] += 1
            plain = self._kept(worth, tile, opponents, seat)
            kept = plain - weight * calm * reserve * RESERVE_PRICE
            scored.append((kept, -KEEP_VALUES[tile], tile, plain))
        scored.sort(reverse=True)
        best_kept, _, best_tile, best_plain = scored[0]
        return (best_kept if claims_charged else best_plain), best_tile

    return best


ALARM_BEFORE: dict[str, object] = {"ALARM_FROM": 0.2, "ALARM_FULL": 0.4}
"""The alarm before `fan_alarm_0.1` was committed (strong.py `ALARM_FROM`)."""
QUICK_WORTH = strong.StrongBot._quick_worth
CLAIMED_HONOUR = strong._claimed_honour
WINS: dict[tuple[object, ...], float] = {}
"""`exact_win_points` by the winning tiles, melds and contexts (this process only)."""


def exact_quick_worth(self, counts, melds, steps, live, seat, view, claimed, hoped, certain):
    """`StrongBot._quick_worth` with a ready hand read wait by wait (the `exact_ready`
    variant): each live winning tile brings the fan the rules give that win (self-drawn
    and on a discard, shared.fan.score_counts), a win that may not be declared
    (`min_fan`) nothing, and the chance is read from the live tiles that may be declared.
    The committed player reads a ready hand's fan as a hand short of ready's: 平和 unless
    a pung is laid or held, and the honour pungs sure."""
    if steps != 0:
        return QUICK_WORTH(self, counts, melds, steps, live, seat, view, claimed, hoped, certain)
    public = view.seats[view.seat]
    placed = tuple(meld for m in public.melds if (meld := m.meld()) is not None)
    if claimed is not None:
        kind, tile = claimed
        laid = {"chow": Meld.chow, "pung": Meld.pung}.get(kind, Meld.kong)(Tile(tile))
        placed = (*placed, laid)
    contexts = tuple(
        WinContext(
            self_drawn=self_drawn,
            seat_wind=view.seat_winds[view.seat],
            prevailing_wind=view.prevailing_wind,
            flowers=len(public.flowers),
        )
        for self_drawn in (True, False)
    )
    declarable = 0
    paid = 0.0
    for wait in analysis.waits(counts, melds, False):
        unseen = seat.unseen[wait]
        if not unseen:
            continue
        counts[wait] += 1
        won = bytes(counts)
        counts[wait] -= 1
        key = (won, placed, contexts)
        points = WINS.get(key)
        if points is None:
            drawn, on_discard = (score_counts(won, placed, c, self.rules) for c in contexts)
            points = WINS[key] = strong.SELF_DRAWN_SHARE * 3 * _paid(drawn) + (
                1 - strong.SELF_DRAWN_SHARE
            ) * _paid(on_discard)
        if points > 0.0:
            declarable += unseen
            paid += unseen * points
    if declarable == 0:
        rest = strong.UNDECLARABLE * 2**self.rules.min_fan * strong.PAY_FACTOR
        return self._chance(0, live, seat) * rest
    return self._chance(0, declarable, seat) * paid / declarable


def _paid(score: object) -> float:
    """A win's points in base units, or 0 where it may not be declared."""
    declared = score.win and score.can_declare  # type: ignore[attr-defined]
    return float(2**score.fan) if declared else 0.0  # type: ignore[attr-defined]


def pressed_ready(factor: float) -> object:
    """`StrongBot._chance` with a ready hand's chance times `factor` at the full alarm (in
    proportion below it): the `pressed_ready_…` variants."""

    def chance(steps: int, live: int, seat: strong._Seat) -> float:
        said = CHANCE(steps, live, seat)
        return said * (1.0 - (1.0 - factor) * seat.alarm) if steps == 0 else said

    return chance


def short_width(power: float, low: float, high: float) -> object:
    """`StrongBot._chance` with a hand a step short of ready's live helping tiles read as
    (live / 16) ** `power` within `low`–`high` (the `short_width_…` variants)."""

    def chance(steps: int, live: int, seat: strong._Seat) -> float:
        said = CHANCE(steps, live, seat)
        if steps != 1 or live <= 0:
            return said
        ratio = live / strong._typical_live(1)
        steep = min(high, max(low, ratio**power))
        return min(1.0, said / strong.width(1, live) * steep)

    return chance


def fitted_readiness(alarm_from: float, alarm_full: float, defence: float) -> dict[str, object]:
    """A variant reading readiness by read_ready.py's fitted model, with this alarm and
    defence."""
    return {
        "ready_chance": read_ready.model_ready,
        "ALARM_FROM": alarm_from,
        "ALARM_FULL": alarm_full,
        "defence": defence,
    }


def steeper_readiness(contrast: float, centre: float) -> object:
    """danger.py's readiness (as committed) with its log-odds spread `contrast` times as
    far from `centre`'s: those who look ready read readier, the others less (measured, not
    kept: tests/bench/README.md, "The danger weighed steeper")."""
    committed = danger.ready_chance
    centre_z = math.log(centre / (1.0 - centre))

    def ready(view: object, seat: int, shows: str) -> float:
        p = committed(view, seat, shows)  # type: ignore[arg-type]
        if p <= 0.0 or p >= 1.0:
            return p
        z = centre_z + contrast * (math.log(p / (1.0 - p)) - centre_z)
        return 1.0 / (1.0 + math.exp(-z))

    return ready


CHANCE = strong.StrongBot._chance
GENTLE_READY = {"READY_POWER": 0.3, "READY_NARROWEST": 0.8, "READY_WIDEST": 1.15}
"""A ready hand's wait read as gently as a hand short of ready, as before `READY_POWER`."""
VARIANTS: dict[str, dict[str, object]] = {
    "none": {"lean": 0.0},
    "before": {"STEP_DISCOUNT": 1.0},
    "blend": {},
    "table": {
        "ready_chance": read_ready.table_ready,
        "ALARM_FROM": 0.2,
        "ALARM_FULL": 0.4,
        "defence": 1.0,
    },
    "main_before": {
        "ready_chance": read_ready.table_ready,
        "ALARM_FROM": 0.2,
        "ALARM_FULL": 0.4,
        "defence": 1.0,
        "wait_chance": read_tiles.before_chosen_wait_chance,
        "CALM_SHARE": 0.0,
        "DANGER_CONTRAST": 1.0,
        **GENTLE_READY,
    },
    "before_steeper": {**GENTLE_READY, "CALM_SHARE": 0.0, "DANGER_CONTRAST": 1.0},
    "calm_0.1": {"CALM_SHARE": 0.1, "DANGER_CONTRAST": 1.0},
    "calm_0.25": {"CALM_SHARE": 0.25, "DANGER_CONTRAST": 1.0},
    "contrast_1.3": {"CALM_SHARE": 0.0, "DANGER_CONTRAST": 1.3},
    "contrast_1.6": {"CALM_SHARE": 0.0, "DANGER_CONTRAST": 1.6},
    "contrast_2": {"CALM_SHARE": 0.0, "DANGER_CONTRAST": 2.0},
    "calm_0.1_contrast_1.3": {"CALM_SHARE": 0.1, "DANGER_CONTRAST": 1.3},
    "calm_0.1_contrast_2": {"CALM_SHARE": 0.1, "DANGER_CONTRAST": 2.0},
    "calm_0.15": {"CALM_SHARE": 0.15},
    "future_1": {**GENTLE_READY, "hand_worth": future_worth(1.0, (1.0, 0.5))},
    "future_2": {**GENTLE_READY, "hand_worth": future_worth(2.0, (1.0, 0.5))},
    "future_4": {**GENTLE_READY, "hand_worth": future_worth(4.0, (1.0, 0.5))},
    "future_2_ready": {**GENTLE_READY, "hand_worth": future_worth(2.0, (1.0,))},
    "future_3_ready": {**GENTLE_READY, "hand_worth": future_worth(3.0, (1.0,))},
    "future_4_ready": {**GENTLE_READY, "hand_worth": future_worth(4.0, (1.0,))},
    "ready_steeper_1.5": {"ready_chance": steeper_readiness(1.5, 0.25)},
    "no_draws": {
        "ready_chance": read_ready.ready_without_draws,
        "wait_chance": read_tiles.before_chosen_wait_chance,
        "ALARM_FROM": 0.15,
        "ALARM_FULL": 0.3,
        "defence": 1.25,
    },
    "model_drawn": {
        "ready_chance": read_ready.model_ready,
        "ALARM_FROM": 0.15,
        "ALARM_FULL": 0.3,
        "defence": 1.25,
    },
    "model": fitted_readiness(0.2, 0.4, 1.0),
    "model_d1.5": fitted_readiness(0.2, 0.4, 1.5),
    "model_a0.1": fitted_readiness(0.1, 0.3, 1.0),
    "model_a0.15": fitted_readiness(0.15, 0.3, 1.0),
    "model_a0.05": fitted_readiness(0.05, 0.2, 1.0),
    "model_a0.1_d1.5": fitted_readiness(0.1, 0.3, 1.5),
    "model_a0.15_d1.5": fitted_readiness(0.15, 0.3, 1.5),
    "model_a0.1_d2": fitted_readiness(0.1, 0.3, 2.0),
    "model_a0.15_d2": fitted_readiness(0.15, 0.3, 2.0),
    "model_a0.15_d1.25": fitted_readiness(0.15, 0.3, 1.25),
    "model_a0.15_0.45_d1.5": fitted_readiness(0.15, 0.45, 1.5),
    "main": {"PRESSED_DISCOUNT": 0.7},
    "lean_0.5": {"lean": 0.5},
    "no_lateness": {"LATE_READY": 0.0},
    "flat_ranks": {"RANK_WEIGHT": FLAT},
    "no_own_river": {"OWN_RIVER": 1.0},
    "rank_suji": {"LATE_READY": 0.0, "OWN_RIVER": 1.0},
    "speed_0.85": {"STEP_DISCOUNT": 0.85},
    "speed_0.7": {"STEP_DISCOUNT": 0.7},
    "speed_0.6": {"STEP_DISCOUNT": 0.6},
    "speed_0.55": {"STEP_DISCOUNT": 0.55},
    "speed_0.7_no_lean": {"STEP_DISCOUNT": 0.7, "lean": 0.0},
    "speed_0.7_lean_0.5": {"STEP_DISCOUNT": 0.7, "lean": 0.5},
    "chase_1.15": {"STEP_DISCOUNT": 1.15},
    "alarm_0.1": {"ALARM_FROM": 0.1, "ALARM_FULL": 0.3},
    "alarm_always": {"ALARM_FROM": 0.0, "ALARM_FULL": 1e-9},
    "ready_both": {"READY": READY_BOTH},
    "ready_normal": {"READY": READY_NORMAL},
    "rb_defence_1.5": {"READY": READY_BOTH, "defence": 1.5},
    "rb_defence_2": {"READY": READY_BOTH, "defence": 2.0},
    "rb_always": {"READY": READY_BOTH, "ALARM_FROM": 0.0, "ALARM_FULL": 1e-9},
    "rb_alarm_0.1": {"READY": READY_BOTH, "ALARM_FROM": 0.1, "ALARM_FULL": 0.3},
    "rb_alarm_0.05": {"READY": READY_BOTH, "ALARM_FROM": 0.05, "ALARM_FULL": 0.2},
    "rb_alarm_0.1_defence_1.5": {
        "READY": READY_BOTH,
        "ALARM_FROM": 0.1,
        "ALARM_FULL": 0.3,
        "defence": 1.5,
    },
    "flat_reading": {"wait_chance": read_tiles.flat_wait_chance},
    "trees": {"wait_chance": fit_trees.trees_wait_chance},
    "no_trees": {"wait_chance": fit_trees.committed},
    "quiet_only": {"wait_chance": fit_trees.quiet_wait_chance},
    "pressed_0.85": {"PRESSED_DISCOUNT": 0.85},
    "pressed_0.8": {"PRESSED_DISCOUNT": 0.8},
    "pressed_0.9": {"PRESSED_DISCOUNT": 0.9},
    "pressed_1.0": {"PRESSED_DISCOUNT": 1.0},
    "ptable_0.7": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 0.7},
    "ptable_0.85": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 0.85},
    "ptable_1.0": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 1.0},
    "pt_defence_1.5": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 0.7, "defence": 1.5},
    "pt_defence_2": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 0.7, "defence": 2.0},
    "gentle_ready": GENTLE_READY,
    "ready_width_0.6": {"READY_POWER": 0.6, "READY_NARROWEST": 0.6, "READY_WIDEST": 1.4},
    "pressed_width": {**GENTLE_READY, "chance": pressed_width_chance},
    "ready_width_0.8": {},
    "ready_width_1": {"READY_POWER": 1.0, "READY_NARROWEST": 0.3, "READY_WIDEST": 1.6},
    "ready_width_1.3": {"READY_POWER": 1.3, "READY_NARROWEST": 0.2, "READY_WIDEST": 1.8},
    "w08_contrast_1.8": {"DANGER_CONTRAST": 1.8},
    "w08_calm_0.15": {"CALM_SHARE": 0.15},
    "w08_widest_1.2": {"READY_WIDEST": 1.2},
    "pressed_ready_0.85": {"chance": pressed_ready(0.85)},
    "short_width_0.6": {"chance": short_width(0.6, 0.5, 1.4)},
    "short_width_0.8": {"chance": short_width(0.8, 0.4, 1.6)},
    "pressed_ready_0.7": {"chance": pressed_ready(0.7)},
    "reserve_0.5": {"best_discard": reserve_best_discard(0.5)},
    "reserve_1": {"best_discard": reserve_best_discard(1.0)},
    "reserve_2": {"best_discard": reserve_best_discard(2.0)},
    "reserve_1_discards": {"best_discard": reserve_best_discard(1.0, claims_charged=False)},
    "before_fan": {**ALARM_BEFORE, "claimed_honour": lambda claimed: None},
    "claimed_fan": ALARM_BEFORE,
    "exact_ready": {**ALARM_BEFORE, "quick_worth": exact_quick_worth},
    "fan_contrast_1.8": {**ALARM_BEFORE, "DANGER_CONTRAST": 1.8},
    "fan_contrast_2": {**ALARM_BEFORE, "DANGER_CONTRAST": 2.0},
    "fan_alarm_0.1": {"ALARM_FROM": 0.1, "ALARM_FULL": 0.3},
    "fan_alarm_0.05": {"ALARM_FROM": 0.05, "ALARM_FULL": 0.25},
    "fitted_reading": {"wait_chance": read_whole.fitted_wait_chance},
    "whole_sampled": {"wait_chance": read_whole.sampled_wait_chance},
    "pt1_defence_1.5": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 1.0, "defence": 1.5},
    "pt1_defence_2": {"WIN_CHANCE_PRESSED": PRESSED, "PRESSED_DISCOUNT": 1.0, "defence": 2.0},
    "pt_alarm_0.1": {
        "WIN_CHANCE_PRESSED": PRESSED,
        "PRESSED_DISCOUNT": 0.7,
        "ALARM_FROM": 0.1,
        "ALARM_FULL": 0.3,
    },
    "pt_alarm_0.1_defence_1.5": {
        "WIN_CHANCE_PRESSED": PRESSED,
        "PRESSED_DISCOUNT": 0.7,
        "ALARM_FROM": 0.1,
        "ALARM_FULL": 0.3,
        "defence": 1.5,
    },
}
"""name -> the lean's weight (`lean`) and the constants of guessed_danger.py and strong.py
it changes. `table` is the committed readiness (the table, the alarm at 0.2–0.4, all of
the danger), the `model…` variants the fitted readiness of read_ready.py (with the 摸切
facts, `MODEL_WEIGHTS`; `no_draws`: without them, `WITHOUT_DRAWS`, and the tile reading
before the 手切 facts) with the alarm and defence named (tests/bench/README.md,
"Readiness fitted" and "摸切 made public"): measured, not kept."""
ALARM_NOW = ("fan_alarm_0.1", "fan_alarm_0.05")
"""The variants measured with the alarm they set (0.1–0.3 is committed since)."""
for _name, _variant in VARIANTS.items():
    if _name not in ALARM_NOW and "ALARM_FROM" not in _variant:
        VARIANTS[_name] = {**ALARM_BEFORE, **_variant}
DEFAULTS = {name: getattr(guessed, name) for name in ("LATE_READY", "OWN_RIVER", "RANK_WEIGHT")}
STRONG_DEFAULTS = {
    name: getattr(strong, name)
    for name in (
        "STEP_DISCOUNT",
        "PRESSED_DISCOUNT",
        "ALARM_FROM",
        "ALARM_FULL",
        "CALM_SHARE",
        "DANGER_CONTRAST",
        "READY_POWER",
        "READY_NARROWEST",
        "READY_WIDEST",
    )
}
"""strong.py's constants a variant may change (read at each decision)."""
DANGER_DEFAULTS = {name: getattr(danger, name) for name in ("ready_chance", "wait_chance")}
"""danger.py's readings a variant may change (read at each decision): its readiness
(the committed table; a variant's `READY`, that table with other cells; the fitted model of
read_ready.py) and its tile reading (`flat_reading`: the one before `WAIT_WEIGHTS`,
kept in read_tiles.py; `trees`: the committed one with wait_trees.py's `TREES` added,
`no_trees`: without them, `quiet_only`: without them but for their one interaction at
full strength, fit_trees.py; `calm_…` and `contrast_…`: strong.py's `CALM_SHARE` and
`DANGER_CONTRAST` as named, `before_steeper` neither, `ready_steeper_1.5` the readiness
weighed steeper too: tests/bench/README.md, "The danger weighed steeper")."""


def table_reading(table: object) -> object:
    """read_ready.py's `table_ready` reading `table`."""

    def ready(view: object, seat: int, shows: str) -> float:
        return read_ready.table_ready(view, seat, shows, table)  # type: ignore[arg-type]

    return ready


def play(variant: dict[str, object], others: str, deals: int, seed: int) -> bench_bots.Tally:
    for name, value in DEFAULTS.items():
        setattr(guessed, name, variant.get(name, value))
    for name, value in STRONG_DEFAULTS.items():
        setattr(strong, name, variant.get(name, value))
    for name, value in DANGER_DEFAULTS.items():
        setattr(danger, name, variant.get(name, value))
    if "READY" in variant:
        danger.ready_chance = table_reading(variant["READY"])  # type: ignore[assignment]
    pressed = variant.get("WIN_CHANCE_PRESSED") is not None
    chance = pressed_chance if pressed else CHANCE
    if "chance" in variant:
        chance = variant["chance"]  # type: ignore[assignment]
    strong.StrongBot._chance = staticmethod(chance)  # type: ignore[method-assign]
    strong.StrongBot.hand_worth = variant.get("hand_worth", HAND_WORTH)  # type: ignore[method-assign]
    strong.StrongBot._best_discard = variant.get("best_discard", BEST_DISCARD)  # type: ignore[method-assign]
    strong.StrongBot._quick_worth = variant.get("quick_worth", QUICK_WORTH)  # type: ignore[method-assign,assignment]
    strong._claimed_honour = variant.get("claimed_honour", CLAIMED_HONOUR)  # type: ignore[assignment]
    lean = float(variant.get("lean", strong.LEAN_WEIGHT))  # type: ignore[arg-type]
    defence = float(variant.get("defence", strong.DEFENCE_WEIGHT))  # type: ignore[arg-type]
    strong.StrongBot.__init__.__defaults__ = (defence, lean)
    tally = bench_bots.Tally()
    rng = random.Random(seed)
    for start in range(0, deals, bench_bots.CHUNK):
        chunk = min(bench_bots.CHUNK, deals - start)
        job = ("x", "strong", others, chunk, rng.getrandbits(64), "jipinghu")
        tally.add(bench_bots.play_chunk(job))
    return tally


def spread(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    return mean, math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", default="greedy", choices=["greedy", "normal"])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--variant", action="append", choices=list(VARIANTS))
    parser.add_argument("--base", default="none", choices=list(VARIANTS), help="compared against")
    args = parser.parse_args()
    names = [args.base, *[v for v in args.variant or VARIANTS if v != args.base]]
    base: list[float] = []
    for name in names:
        tally = play(VARIANTS[name], args.others, args.deals, args.seed)
        base = base or tally.deal_points
        mean, se = spread(tally.deal_points)
        gain, gse = spread([a - b for a, b in zip(tally.deal_points, base, strict=True)])
        print(
            f"{name:<14}{mean:+.3f} ± {se:.3f}   paired {gain:+.3f} ± {gse:.3f}   "
            f"deal-in {tally.rate(tally.dealt_in):.3f}   p99 {tally.decision_quantile(0.99):.1f} ms"
            f"   max {max(tally.decision_ms):.0f} ms",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
