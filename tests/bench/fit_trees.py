"""The tile reading's interactions fitted: gradient-boosted shallow trees on top of the
committed reading's log-odds (wait_trees.py beside it), in plain Python. Measured, not
kept (tests/bench/README.md, "The tile reading's interactions").

    python tests/bench/fit_trees.py fit TRAIN.pickle ... --valid VALID.pickle ... \
        --trees 150 --out TREES.py
    python tests/bench/fit_trees.py score TREES.py TEST.pickle ...

The files are read_tiles.py's collections (`collect`). Each row is one of the strong
player's options against one ready opponent (an honour with no copy unseen left out:
`wait_chance` says 0), its label whether it wins for them, its offset the committed
reading's log-odds (`WAIT_WEIGHTS` over `tile_features` plus `shapes_log_odds`), its
facts `tile_features`' names and wait_trees.py's `numbers`, each number read through the
thresholds `THRESHOLDS` as facts "above t". Each round fits a tree of depth 3 to the
logistic loss's gradient and curvature (XGBoost's split gain and Newton leaves with an L2
penalty `--l2`, shrunk by `--rate`, children of at least `--min-h` curvature), summing
gradients per fact over an inverted index (map/sum at C speed: a tree in seconds).
`fit` prints the validation log-loss as it goes and writes the trees as `TREES` data;
`score` scores the committed reading and the reading with the trees as read_tiles.py's
`score` does (log-loss, AUC, safest option a win, calibration).
"""

from __future__ import annotations

import argparse
import ast
import math
import pickle
import pprint
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import read_tiles  # noqa: E402
import wait_trees  # noqa: E402

from server.engine.bots import danger  # noqa: E402
from server.engine.bots.danger import Opponent  # noqa: E402
from server.engine.bots.whole_hand import shapes_log_odds  # noqa: E402

THRESHOLDS: dict[str, tuple[float, ...]] = {
    "z": tuple(x / 2 for x in range(-12, 1)),
    "wall": (6, 12, 18, 24, 36, 48, 60),
    "river": (3, 5, 7, 9, 11, 13, 15),
    "sets": (0, 1, 2),
    "drawn3": (0, 1, 2),
    "run": (0, 1, 2, 3, 4),
    "quiet": (-4, -3, -2, -1, 0, 1, 2),
    "fold": (0, 1, 2, 3, 4),
    "live": (0, 1, 2, 3),
    "chose1": (0, 1, 2, 3, 4),
    "last1": (0, 1, 2, 3, 4),
    "suit_river": (0, 1, 2, 3, 4, 5),
    "ready": (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8),
    "fan": (1, 2, 4),
    "flush": (-1, 0),
}
"""The thresholds each of wait_trees.py's `NUMBERS` may be split at."""

Row = tuple[list[str], tuple[float, ...], float, int]
"""(facts, numbers, offset, label)."""


def committed_z(tile: int, o: Opponent, unseen: list[int], names: list[str]) -> float:
    return sum(danger.WAIT_WEIGHTS.get(n, 0.0) for n in names) + shapes_log_odds(tile, o, unseen)


def rows_of(paths: list[str]) -> list[Row]:
    """The rows of the collections `paths` (cached beside each as .rows)."""
    out: list[Row] = []
    for path in paths:
        cache = Path(path + ".rows")
        if cache.exists() and cache.stat().st_mtime > Path(path).stat().st_mtime:
            with open(cache, "rb") as f:
                out.extend(pickle.load(f))
            continue
        rows: list[Row] = []
        for o, unseen, wins, options, _discard in read_tiles.load([path]):
            u = list(unseen)
            for k in options:
                if k >= 27 and not u[k]:
                    continue
                names = danger.tile_features(k, o, u)
                z = committed_z(k, o, u, names)
                rows.append((names, wait_trees.numbers(k, o, u, z), z, int(k in wins)))
        with open(cache, "wb") as f:
            pickle.dump(rows, f)
        out.extend(rows)
    return out


Fact = tuple[str, str, float]
"""("name", fact, 0) or ("number", name, threshold)."""


def index_facts(rows: list[Row]) -> tuple[list[Fact], list[list[int]]]:
    """Every fact and, for each, the rows where it holds (an inverted index)."""
    where: dict[Fact, list[int]] = {}
    for r, (names, values, _z, _y) in enumerate(rows):
        for name in names:
            where.setdefault(("name", name, 0.0), []).append(r)
        for j, number in enumerate(wait_trees.NUMBERS):
            for t in THRESHOLDS[number]:
                if values[j] > t:
                    where.setdefault(("number", number, t), []).append(r)
    facts = sorted(where)
    return facts, [where[f] for f in facts]


def fit_tree(
    g: list[float],
    h: list[float],
    index: list[list[int]],
    l2: float,
    min_h: float,
    rate: float,
    grown: int = wait_trees.DEPTH,
) -> tuple[list[int], list[float], list[int]]:
    """One tree of depth `DEPTH`, breadth first, split `grown` levels deep (the levels
    below left unsplit): the fact index of each of its tests (−1: none), its leaves, and
    the leaf each row falls in."""
    n = len(g)
    node = [0] * n
    tests: list[int] = []
    sums = {0: _sums(g, h, node, 0, index)}
    for depth in range(wait_trees.DEPTH):
        first = 2**depth - 1
        chosen: dict[int, int] = {}
        for at in range(first, 2 * first + 1):
            choice = _best(*sums[at], l2, min_h) if depth < grown else -1
            tests.append(choice)
            chosen[at] = choice
            mark = bytearray(n)
            if choice >= 0:
                for r in index[choice]:
                    mark[r] = 1
            node = [2 * k + 1 + mark[r] if k == at else k for r, k in enumerate(node)]
        if depth + 1 == wait_trees.DEPTH:
            break
        # The next level's sums: each split node's smaller child summed over the rows,
        # the other as the parent's sums less it.
        counts: dict[int, int] = {}
        for k in node:
            counts[k] = counts.get(k, 0) + 1
        after: dict[int, tuple[list[float], list[float]]] = {}
        for at, choice in chosen.items():
            fg, fh = sums[at]
            left, right = 2 * at + 1, 2 * at + 2
            if choice < 0:
                after[left], after[right] = (fg, fh), ([0.0] * len(fg), [0.0] * len(fh))
                continue
            small, other = (left, right) if counts.get(left, 0) <= counts.get(right, 0) else (
                right, left
            )
            sg, sh = _sums(g, h, node, small, index)
            after[small] = (sg, sh)
            after[other] = (
                [a - b for a, b in zip(fg, sg, strict=True)],
                [a - b for a, b in zip(fh, sh, strict=True)],
            )
        sums = after
    first = 2**wait_trees.DEPTH - 1
    leaves_g = [0.0] * (first + 1)
    leaves_h = [0.0] * (first + 1)
    for gi, hi, k in zip(g, h, node, strict=True):
        leaves_g[k - first] += gi
        leaves_h[k - first] += hi
    leaves = [-rate * a / (b + l2) for a, b in zip(leaves_g, leaves_h, strict=True)]
    return tests, leaves, [k - first for k in node]


def _sums(
    g: list[float], h: list[float], node: list[int], at: int, index: list[list[int]]
) -> tuple[list[float], list[float]]:
    """Per fact, the gradients and curvatures summed over the rows of node `at` where the
    fact holds; last, over all its rows."""
    gn = [gi if k == at else 0.0 for gi, k in zip(g, node, strict=True)]
    hn = [hi if k == at else 0.0 for hi, k in zip(h, node, strict=True)]
    fg = [sum(map(gn.__getitem__, idx)) for idx in index]
    fh = [sum(map(hn.__getitem__, idx)) for idx in index]
    return [*fg, sum(gn)], [*fh, sum(hn)]


def _best(fg: list[float], fh: list[float], l2: float, min_h: float) -> int:
    """The fact whose split gains most (XGBoost's gain), −1 if none gains."""
    gt, ht = fg[-1], fh[-1]
    base = gt * gt / (ht + l2)
    best, choice = 1e-6, -1
    for f in range(len(fg) - 1):
        gr, hr = fg[f], fh[f]
        gl, hl = gt - gr, ht - hr
        if hr < min_h or hl < min_h:
            continue
        gain = gr * gr / (hr + l2) + gl * gl / (hl + l2) - base
        if gain > best:
            best, choice = gain, f
    return choice


def log_loss(rows: list[Row], margin: list[float]) -> float:
    total = 0.0
    for (_n, _v, _z, y), m in zip(rows, margin, strict=True):
        total += math.log1p(math.exp(-m)) if y else math.log1p(math.exp(m))
    return total / len(rows)


def as_tree(tests: list[int], leaves: list[float], facts: list[Fact]) -> wait_trees.Tree:
    out: list[wait_trees.Test] = []
    for f in tests:
        if f < 0:
            out.append(None)
        else:
            kind, name, t = facts[f]
            out.append(name if kind == "name" else (name, t))
    return tuple(out), tuple(round(x, 4) for x in leaves)


def predict(trees: tuple[wait_trees.Tree, ...], rows: list[Row]) -> list[float]:
    compiled = wait_trees.compile_trees(trees)
    return [z + wait_trees.residual(n, v, compiled) for n, v, z, _y in rows]


def fit(args: argparse.Namespace) -> int:
    train = rows_of(args.train)
    valid = rows_of(args.valid) if args.valid else []
    facts, index = index_facts(train)
    print(f"{len(train)} rows, {len(facts)} facts; valid {len(valid)} rows", file=sys.stderr)
    margin = [z for _n, _v, z, _y in train]
    vmargin = [z for _n, _v, z, _y in valid]
    if valid:
        print(f"trees 0: valid log-loss {log_loss(valid, vmargin):.5f}", file=sys.stderr)
    trees: list[wait_trees.Tree] = []
    for step in range(args.trees):
        g, h = [], []
        for (_n, _v, _z, y), m in zip(train, margin, strict=True):
            p = 1.0 / (1.0 + math.exp(-m))
            g.append(p - y)
            h.append(p * (1.0 - p))
        if step < args.first:
            tests, leaves, where = fit_tree(
                g, h, index, args.first_l2, args.min_h, args.first_rate, args.first_depth
            )
        else:
            tests, leaves, where = fit_tree(g, h, index, args.l2, args.min_h, args.rate)
        margin = [m + leaves[k] for m, k in zip(margin, where, strict=True)]
        tree = as_tree(tests, leaves, facts)
        trees.append(tree)
        if valid:
            compiled = wait_trees.compile_trees((tree,))
            vmargin = [
                m + wait_trees.residual(n, v, compiled)
                for m, (n, v, _z, _y) in zip(vmargin, valid, strict=True)
            ]
        if valid and (step + 1) % 10 == 0:
            print(
                f"trees {step + 1}: train {log_loss(train, margin):.5f} "
                f"valid {log_loss(valid, vmargin):.5f}",
                file=sys.stderr,
                flush=True,
            )
    Path(args.out).write_text(trees_text(tuple(trees)), encoding="utf-8")
    return 0


def trees_text(trees: tuple[wait_trees.Tree, ...]) -> str:
    """`trees` as the text of wait_trees.py's `TREES` (lines under 100 characters)."""
    lines = ["TREES = ("]
    for tests, leaves in trees:
        lines.append("    (")
        lines.extend(
            "        " + line
            for line in pprint.pformat(tests, width=88, compact=True).splitlines()
        )
        lines[-1] += ","
        clean = tuple(x + 0.0 if x else 0.0 for x in leaves)  # no "-0.0"
        lines.extend(
            "        " + line
            for line in pprint.pformat(clean, width=88, compact=True).splitlines()
        )
        lines[-1] += ","
        lines.append("    ),")
    lines.append(")")
    return "\n".join(lines) + "\n"


def load_trees(path: str) -> tuple[wait_trees.Tree, ...]:
    text = Path(path).read_text(encoding="utf-8")
    return tuple(ast.literal_eval(text.split("=", 1)[1].strip()))


def reading_with(trees: tuple[wait_trees.Tree, ...]) -> read_tiles.Reading:
    """danger.py's committed reading with `trees` added to its log-odds."""
    compiled = wait_trees.compile_trees(trees)

    def reading(tile: int, o: Opponent, unseen: list[int]) -> float:
        if tile >= 27 and not unseen[tile]:
            return 0.0
        names = danger.tile_features(tile, o, unseen)
        z = committed_z(tile, o, unseen, names)
        z += wait_trees.residual(names, wait_trees.numbers(tile, o, unseen, z), compiled)
        return 1.0 / (1.0 + math.exp(-z))

    return reading


def committed(tile: int, o: Opponent, unseen: list[int]) -> float:
    """The reading before the trees: `WAIT_WEIGHTS` and the ready shapes."""
    if tile >= 27 and not unseen[tile]:
        return 0.0
    z = committed_z(tile, o, unseen, danger.tile_features(tile, o, unseen))
    return 1.0 / (1.0 + math.exp(-z))


trees_wait_chance = reading_with(wait_trees.TREES)
"""The committed reading with wait_trees.py's `TREES` added (pair_strong.py's `trees`)."""


QUIET_ONLY = -2.33
"""The one interaction alone at its full strength: the log-odds added to a tile the table
let go since the opponent's last 手切 (`quiet` < 0), fitted by Newton's method on the
training rows of seeds 101–102 (12,451 such options, 25 wins, 245 expected)."""


def quiet_wait_chance(tile: int, o: Opponent, unseen: list[int]) -> float:
    """The committed reading with `QUIET_ONLY` added where `quiet` < 0 (pair_strong.py's
    `quiet_only`)."""
    if tile >= 27 and not unseen[tile]:
        return 0.0
    names = danger.tile_features(tile, o, unseen)
    z = committed_z(tile, o, unseen, names)
    if wait_trees.numbers(tile, o, unseen, z)[QUIET] < 0:
        z += QUIET_ONLY
    return 1.0 / (1.0 + math.exp(-z))


QUIET = wait_trees.NUMBERS.index("quiet")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit")
    f.add_argument("train", nargs="+")
    f.add_argument("--valid", nargs="*", default=[])
    f.add_argument("--trees", type=int, default=150)
    f.add_argument("--l2", type=float, default=20.0)
    f.add_argument("--min-h", type=float, default=20.0)
    f.add_argument("--rate", type=float, default=0.1)
    f.add_argument("--first", type=int, default=0, help="trees grown as --first-…")
    f.add_argument("--first-depth", type=int, default=1)
    f.add_argument("--first-rate", type=float, default=1.0)
    f.add_argument("--first-l2", type=float, default=1.0)
    f.add_argument("--out", required=True)
    s = sub.add_parser("score")
    s.add_argument("trees")
    s.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "fit":
        return fit(args)
    positions = read_tiles.load(args.files)
    read_tiles.score("committed (no trees)", committed, positions)
    read_tiles.score("with the trees", reading_with(load_trees(args.trees)), positions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
