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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import danger, make_bot  # noqa: E402
from server.engine.bots.danger import Opponent, read_opponents  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402
from shared.tiles import KINDS  # noqa: E402
from shared.views import unseen_counts  # noqa: E402

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


def collect(others: str, deals: int, seed: int) -> list[Position]:
    rules = make_ruleset({"preset": "jipinghu"})
    rng = random.Random(seed)
    found: list[Position] = []
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
                    unseen = tuple(unseen_counts(view.seats, view.concealed_counts()))
                    options = tuple(sorted({a.tile for a in view.legal if isinstance(a, Discard)}))
                    for o in read_opponents(view, rules):
                        wins = frozenset(
                            k
                            for k in range(KINDS)
                            if table._discard_win_score(o.seat, hero, k, False) is not None
                        )
                        if wins:
                            found.append((o, unseen, wins, options, action.tile))
                table.step(seat, action)
    return found


def load(paths: list[str]) -> list[Position]:
    out: list[Position] = []
    for path in paths:
        with open(path, "rb") as f:
            out.extend(pickle.load(f))
    return out


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
