"""The tile reading measured: which of the 34 tiles a ready opponent can win on, against
what the strong player's reading (server/engine/bots/danger.py `wait_chance`) says. Not a
test and not a benchmark: the tool that fitted danger.py's `WAIT_WEIGHTS`.

    python tests/bench/read_tiles.py collect --others normal --deals 300 --seed 101 OUT.pickle
    python tests/bench/read_tiles.py fit TRAIN.pickle ... --test TEST.pickle ...
    python tests/bench/read_tiles.py score TEST.pickle ...

`collect` plays the strong player against three `--others` on duplicate deals (as
diagnose_dealins.py does) and, at each of its discards, reads the hidden hands no player
may: for every opponent who could then win on a discard, which of the 34 tiles would
win for them. It stores each such (opponent, tiles unseen, winning tiles, the strong
player's options and its discard) in OUT: the opponent as `read_opponents` read it, so
every feature the reading could use is there to be tried without replaying.

`fit` fits a logistic regression of "this tile is one of their wins" on `tile_features`
(one-hot features, so the model is a table of weights), by Newton's method in plain
Python with an L2 penalty (`--l2`), prints the weights as `WAIT_WEIGHTS` to paste into
danger.py, and scores it on the held-out files. `score` scores danger.py's committed
reading and the flat one before it (`flat_wait_chance`, kept here) on the files:

- log-loss over all 34 tiles and over the strong player's options only;
- AUC: the chance a winning tile among its options is read as more dangerous than a
  non-winning one of the same position (ties count a half);
- how often the option read as safest was a winning tile (against the options' share);
- calibration in bands.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import danger, make_bot  # noqa: E402
from server.engine.bots.danger import Opponent, read_opponents  # noqa: E402
from server.engine.bots.whole_hand import shapes_log_odds  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402
from shared.tiles import KINDS  # noqa: E402
from shared.views import SeatView, unseen_counts  # noqa: E402

Position = tuple[Opponent, tuple[int, ...], frozenset[int], tuple[int, ...], int]
"""(opponent, unseen counts, their winning tiles, the strong player's options, its discard)."""

# --- the flat reading before WAIT_WEIGHTS (danger.py until 2026-12-01), for comparison ----
SUIT_HIT = (
    (0.040, 0.036, 0.022),
    (0.075, 0.069, 0.018),
    (0.130, 0.124, 0.063),
    (0.105, 0.089, 0.048),
    (0.118, 0.107, 0.067),
)
LIVE_FACTOR = (0.4, 0.8, 0.95, 1.1)
HONOUR_HIT = (0.0, 0.005, 0.023, 0.039)
OWN_RIVER, PASSED = 0.05, 0.02


def flat_wait_chance(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """danger.py's `wait_chance` before `WAIT_WEIGHTS`: rank, suji, 壁, copies live, own
    river and 过水 only."""
    if tile >= 27:
        chance = HONOUR_HIT[min(unseen[tile], 3)]
    else:
        rank = tile % 9
        river = opponent.river
        below = rank < 3 or tile - 3 in river or not (unseen[tile - 1] and unseen[tile - 2])
        above = rank > 5 or tile + 3 in river or not (unseen[tile + 1] and unseen[tile + 2])
        chance = SUIT_HIT[min(rank, 8 - rank)][below + above] * LIVE_FACTOR[min(unseen[tile], 3)]
    if tile in opponent.river:
        chance *= OWN_RIVER
    elif tile in opponent.passed:
        chance *= PASSED
    return chance


# --- collecting -----------------------------------------------------------------------


# --- the fitted reading before the 手切 facts (danger.py until 2026-12-02), for comparison ---
BEFORE_CHOSEN: dict[str, float] = {
    "around0": -0.28, "around1": -0.12, "around2": -0.06, "around3": 0.00, "bias": -2.27,
    "early_near": -0.11, "h1v0": -0.99, "h1v1": -1.17, "h2v0": -0.65, "h2v1": -0.13,
    "h3v0": 0.08, "h3v1": 1.03, "hriver0": -0.69, "hriver1": -0.83, "hriver2": -0.26,
    "hriver3": -0.04, "hshows_chows": -0.80, "hshows_closed": -0.83, "hshows_fan": -0.38,
    "hshows_plain": 0.20, "kan0": -0.03, "kan1": -0.01, "kan2": 0.09, "kan3": 0.22,
    "last1d0": -1.38, "last1d1": 0.42, "last1d2": 0.28, "last1d3": 0.02, "last1d4": 0.10,
    "last2d0": -0.91, "last2d1": 0.32, "last2d2": 0.06, "last2d3": -0.01, "last2d4": 0.03,
    "last3d0": -0.20, "last3d1": 0.36, "last3d2": 0.05, "last3d3": 0.07, "last3d4": 0.18,
    "live0": -0.30, "live1": -0.09, "live2": -0.07, "live3": 0.00, "meld00": 0.04,
    "meld01": 0.26, "meld10": -0.21, "meld11": -0.02, "meld20": -0.34, "meld21": -0.19,
    "near0": 0.12, "near1": -0.08, "near2": -0.20, "near3": -0.29, "own": -2.49,
    "partner0": -0.79, "partner1": -0.15, "partner2": -0.02, "partner3": 0.15,
    "partner4": 0.12, "partner5": 0.23, "passed": -2.75, "pung_d0": -0.27, "pung_d1": -0.76,
    "pung_d2": 0.31, "r0o1": -0.15, "r0o2": -0.58, "r1o1": 0.01, "r1o2": -0.61, "r2o1": 0.25,
    "r2o2": 0.26, "r3o0": 0.27, "r3o1": -0.15, "r3o2": -0.05, "r4o0": 0.23, "r4o1": -0.13,
    "r4o2": 0.19, "recent0": -1.96, "recent1": -1.40, "recent2": -0.95, "recent3": -0.75,
    "recent4": -0.48, "shows_chows_r0": -0.12, "shows_chows_r1": -0.09,
    "shows_chows_r2": -0.06, "shows_chows_r3": 0.05, "shows_chows_r4": 0.07,
    "shows_closed_r0": -0.09, "shows_closed_r1": 0.01, "shows_closed_r2": 0.19,
    "shows_closed_r3": 0.02, "shows_closed_r4": 0.09, "shows_fan_r0": -0.23,
    "shows_fan_r1": -0.14, "shows_fan_r2": 0.17, "shows_fan_r3": 0.12, "shows_fan_r4": 0.07,
    "shows_plain_r0": -0.29, "shows_plain_r1": -0.37, "shows_plain_r2": 0.20,
    "shows_plain_r3": -0.13, "shows_plain_r4": 0.06, "side_best0": -0.48, "side_best1": -0.27,
    "side_best2": 0.07, "side_best3": 0.23, "suit0len0": -0.53, "suit0len1": -0.36,
    "suit0len2": -0.15, "suit1len0": -0.18, "suit1len1": -0.18, "suit1len2": -0.06,
    "suit2len0": 0.01, "suit2len1": 0.01, "suit2len2": 0.10, "suit3len0": -0.01,
    "suit3len1": 0.26, "suit3len2": 0.23, "suit4len0": -0.22, "suit4len1": 0.26,
    "suit4len2": 0.37, "suit_least": 0.05, "suit_mid": -0.14, "suit_most": -0.36,
    "wall0": 0.56, "wall1": 0.19, "wall2": -0.16, "wall3": -0.41, "wall4": -0.70,
    "wall5": -0.88, "wall6": -0.86,
}
"""`WAIT_WEIGHTS` before the facts of the tiles let go from the hand (`chose1d…`,
`chose2d…`) were added and the weights fitted again."""


def before_chosen_wait_chance(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """danger.py's `wait_chance` with `BEFORE_CHOSEN`'s weights (and the ready shapes)."""
    if tile >= 27 and not unseen[tile]:
        return 0.0
    z = sum(BEFORE_CHOSEN.get(name, 0.0) for name in danger.tile_features(tile, opponent, unseen))
    z += shapes_log_odds(tile, opponent, unseen)
    return 1.0 / (1.0 + math.exp(-z))


def hero_discards(
    others: str, deals: int, seed: int, rules: Ruleset
) -> Iterator[tuple[HandTable, int, SeatView, Discard]]:
    """(table, hero, its view, its discard) at each discard of the strong player against
    three `others` on `deals` duplicate deals (each four times, the hero in each seat; the
    deals from `random.Random(seed)`), before the discard is played: what the collectors
    here and in read_ready.py read the hidden hands at."""
    rng = random.Random(seed)
    for _ in range(deals):
        wall_seed, dealer = rng.getrandbits(64), rng.randrange(4)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        for hero in range(4):
            bots = [make_bot("strong" if s == hero else others, rules, seeds[s]) for s in range(4)]
            table = HandTable(HandSetup(rules, wall_seed, dealer, 0, (rules.starting_score,) * 4))
            table.start()
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                action = bots[seat].choose(view)
                if seat == hero and isinstance(action, Discard):
                    yield table, hero, view, action
                table.step(seat, action)


def winning_tiles(table: HandTable, seat: int, discarder: int) -> frozenset[int]:
    """The tiles `seat` could win on now if `discarder` let them go (the hidden hand)."""
    return frozenset(
        k for k in range(KINDS) if table._discard_win_score(seat, discarder, k, False) is not None
    )


def collect(others: str, deals: int, seed: int) -> list[Position]:
    rules = make_ruleset({"preset": "jipinghu"})
    found: list[Position] = []
    for table, hero, view, action in hero_discards(others, deals, seed, rules):
        unseen = tuple(unseen_counts(view.seats, view.concealed_counts()))
        options = tuple(sorted({a.tile for a in view.legal if isinstance(a, Discard)}))
        for o in read_opponents(view, rules):
            wins = winning_tiles(table, o.seat, hero)
            if wins:
                found.append((o, unseen, wins, options, action.tile))
    return found


def load_pickles(paths: list[str]) -> list[Any]:
    """The lists pickled in `paths` (a collector's files), one after the other."""
    out: list[Any] = []
    for path in paths:
        with open(path, "rb") as f:
            out.extend(pickle.load(f))
    return out


def load(paths: list[str]) -> list[Position]:
    return load_pickles(paths)


# --- fitting --------------------------------------------------------------------------


def fit(
    positions: list[Position], l2: float, rounds: int, options_only: bool
) -> tuple[dict[str, float], list[str]]:
    """Logistic regression of a tile being a win on its one-hot features (Newton's method;
    rows with the same features are pooled), over all 34 tiles or the options only."""
    pooled: dict[tuple[str, ...], list[int]] = defaultdict(lambda: [0, 0])
    for o, unseen, wins, options, _discard in positions:
        u = list(unseen)
        for k in options if options_only else range(KINDS):
            if k >= 27 and not u[k]:
                continue  # nobody can wait on it (`wait_chance` says 0)
            cell = pooled[tuple(danger.tile_features(k, o, u))]
            cell[0] += 1
            cell[1] += k in wins
    return newton(pooled, l2, rounds)


def newton(
    pooled: dict[tuple[str, ...], list[int]], l2: float, rounds: int
) -> tuple[dict[str, float], list[str]]:
    """Logistic regression by Newton's method with an L2 penalty on rows pooled by their
    one-hot features: (features) -> [seen, hits]. Returns the weights and their names."""
    names = sorted({name for key in pooled for name in key})
    index = {name: i for i, name in enumerate(names)}
    rows = [([index[n] for n in key], n, hit) for key, (n, hit) in pooled.items()]
    p = len(names)
    w = [0.0] * p
    print(f"{len(rows)} distinct rows, {p} features", file=sys.stderr)
    for step in range(rounds):
        grad = [l2 * x for x in w]
        hess = [[0.0] * p for _ in range(p)]
        for i in range(p):
            hess[i][i] = l2
        loss = 0.5 * l2 * sum(x * x for x in w)
        for active, n, hit in rows:
            z = sum(w[i] for i in active)
            q = 1.0 / (1.0 + math.exp(-z))
            g = n * q - hit
            h = n * q * (1.0 - q)
            loss -= hit * math.log(max(q, 1e-12)) + (n - hit) * math.log(max(1 - q, 1e-12))
            for i in active:
                grad[i] += g
                row = hess[i]
                for j in active:
                    row[j] += h
        delta = solve(hess, grad)
        w = [a - b for a, b in zip(w, delta, strict=True)]
        print(f"round {step}: penalised loss {loss:.1f}", file=sys.stderr)
    return dict(zip(names, w, strict=True)), names


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is positive definite)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                mr, mc = m[r], m[c]
                for k in range(c, n + 1):
                    mr[k] -= f * mc[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


# --- scoring --------------------------------------------------------------------------

Reading = Callable[[int, Opponent, list[int]], float]


def score(title: str, reading: Reading, positions: list[Position]) -> None:
    """Print log-loss, AUC, the safest option's hit rate and a calibration of `reading`."""
    loss_all = loss_opt = 0.0
    n_all = n_opt = 0
    auc_sum = auc_n = 0.0
    safest_hit = share = 0.0
    situations = 0
    cal: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    for o, unseen, wins, options, _discard in positions:
        u = list(unseen)
        said = {k: reading(k, o, u) for k in range(KINDS)}
        for k in range(KINDS):
            q = min(max(said[k], 1e-6), 1 - 1e-6)
            ll = -math.log(q) if k in wins else -math.log(1 - q)
            loss_all += ll
            n_all += 1
            if k in options:
                loss_opt += ll
                n_opt += 1
                cell = cal[min(11, int(said[k] * 40))]
                cell[0] += said[k]
                cell[1] += 1
                cell[2] += k in wins
        hits = [said[k] for k in options if k in wins]
        misses = [said[k] for k in options if k not in wins]
        if hits and misses:
            for h in hits:
                for m in misses:
                    auc_sum += 1.0 if h > m else 0.5 if h == m else 0.0
            auc_n += len(hits) * len(misses)
            least = min(said[k] for k in options)
            safest = [k for k in options if said[k] <= least + 1e-12]
            safest_hit += sum(k in wins for k in safest) / len(safest)
            share += len(hits) / len(options)
            situations += 1
    print(f"{title}: {len(positions)} positions (an opponent ready), {situations} with")
    print("  a win and a safe tile among the options")
    print(f"  log-loss all 34 tiles {loss_all / n_all:.4f}, options {loss_opt / n_opt:.4f}")
    print(f"  AUC among options {auc_sum / auc_n:.3f}")
    print(
        f"  safest option a win {safest_hit / situations:.3f} of positions "
        f"(an option at random: {share / situations:.3f})"
    )
    print("  calibration (options): said / true (n)")
    for band in sorted(cal):
        s, n, t = cal[band]
        print(f"    {band * 0.025:.3f}+  {s / n:.3f} / {t / n:.3f}  ({int(n)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("out")
    c.add_argument("--others", default="normal")
    c.add_argument("--deals", type=int, default=300)
    c.add_argument("--seed", type=int, default=101)
    f = sub.add_parser("fit")
    f.add_argument("train", nargs="+")
    f.add_argument("--test", nargs="*", default=[])
    f.add_argument("--l2", type=float, default=2.0)
    f.add_argument("--rounds", type=int, default=6)
    f.add_argument("--options", action="store_true", help="fit on the options only")
    s = sub.add_parser("score")
    s.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "collect":
        found = collect(args.others, args.deals, args.seed)
        with open(args.out, "wb") as out:
            pickle.dump(found, out)
        print(f"{len(found)} positions")
    elif args.command == "fit":
        weights, names = fit(load(args.train), args.l2, args.rounds, args.options)
        print("WAIT_WEIGHTS = {")
        for name in names:
            print(f'    "{name}": {weights[name]:.3f},')
        print("}")
        test = load(args.test) if args.test else []
        if test:
            def fitted(k: int, o: Opponent, u: list[int]) -> float:
                return danger.wait_chance(k, o, u, weights)

            score("flat (before)", flat_wait_chance, test)
            score("fitted", fitted, test)
    else:
        positions = load(args.files)
        score("flat (before)", flat_wait_chance, positions)
        score("committed (danger.wait_chance)", danger.wait_chance, positions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
