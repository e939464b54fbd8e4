"""The opponent's hand read as a whole, measured (tests/bench/README.md, "The opponent's
hand read as a whole"): the tool that fitted server/engine/bots/whole_hand.py's
`SHAPES_BLEND`, and the drawn-hands reading tried beside it and not kept.

    python tests/bench/read_whole.py TRAIN.pickle,... TEST.pickle,... [--sampled] [--samples N]

fits a blend on read_tiles.py's collections (`collect`) and scores it on the held-out ones
against the fitted reading alone (`WAIT_WEIGHTS`; log-loss, AUC and the safest option a
win, over the strong player's options): by default whole_hand.py's shape counts (the
logarithm of each shape's ways, then a constant), with `--sampled` the drawn hands' waits.

`sampled_waits` draws ready hands for an opponent from the tiles unseen: the sets their
melds leave to make (chows first, `CHOW_SHARE`; each copy as likely as whole_hand.py's
`_preference` says), a pair, then one tile taken out — a ready hand of 13 − 3 × melds
tiles. Each is weighed by what is public (whole_hand.py's `_consistent` of each wait: 现物,
过水, let go lately), and each tile's share of the weighted hands that wait on it is the
reading. Deterministic: seeded from a checksum of what is read, never a clock or the
process's hash seed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import danger, whole_hand  # noqa: E402
from server.engine.bots.danger import Opponent  # noqa: E402
from shared.analysis import wait_kinds  # noqa: E402

SAMPLES = 200
"""Ready hands drawn per opponent and position (about 75 µs each)."""
CHOW_SHARE = 0.7
"""Of the sets a drawn hand makes from a suit tile, the share tried as chows first (real
hands hold more chows than pungs; a pung is tried when the chow's tiles are gone)."""
_cache: dict[bytes, tuple[float, ...]] = {}
_CACHE_LIMIT = 4096


def _key(opponent: Opponent, unseen: list[int]) -> bytes:
    melds = [kind[0].encode() + bytes((first,)) for kind, first in opponent.melds]
    return b"|".join(
        (
            bytes((opponent.seat, opponent.sets_down)),
            bytes(unseen),
            bytes(opponent.discards),
            bytes(sorted(opponent.passed)),
            bytes(opponent.recent),
            b"".join(melds),
        )
    )


def sampled_waits(opponent: Opponent, unseen: list[int]) -> tuple[float, ...]:
    """By tile, the weighted share of the drawn ready hands that wait on it (34 values;
    all 0 when no hand could be drawn)."""
    key = _key(opponent, unseen)
    found = _cache.get(key)
    if found is None:
        if len(_cache) >= _CACHE_LIMIT:
            _cache.clear()
        found = _cache[key] = _draw(opponent, unseen, random.Random(zlib.crc32(key)))
    return found


def _draw(opponent: Opponent, unseen: list[int], rng: random.Random) -> tuple[float, ...]:
    sets = 4 - min(opponent.sets_down, 4)
    prefer = _preference(opponent)
    shares = [0.0] * 34
    total = 0.0
    for _ in range(SAMPLES):
        hand = _complete_hand(unseen, prefer, sets, rng)
        if hand is None:
            continue
        # One tile out: a ready hand one tile from this complete one.
        tiles = [k for k in range(34) for _ in range(hand[k])]
        hand[rng.choice(tiles)] -= 1
        waits = wait_kinds(hand, 4 - sets)
        if not waits:
            continue
        weight = 1.0
        for w in waits:
            weight *= whole_hand._consistent(w, opponent)
        total += weight
        for w in waits:
            shares[w] += weight
    if total <= 0.0:
        return tuple(shares)
    return tuple(s / total for s in shares)


def _preference(opponent: Opponent) -> list[float]:
    """By tile, how much likelier than a copy at random it is in their hand
    (whole_hand.py's `_preference` and `_held`)."""
    suits = [whole_hand._preference(opponent, suit) for suit in range(3)]
    return [whole_hand._held(k, suits[k // 9] if k < 27 else 1.0, opponent) for k in range(34)]


def _complete_hand(
    unseen: list[int], prefer: list[float], sets: int, rng: random.Random
) -> list[int] | None:
    """`sets` sets and a pair drawn from the unseen tiles (None when the draws fail)."""
    pool = list(unseen)
    hand = [0] * 34
    for _ in range(sets):
        for _attempt in range(8):
            tile = _pick(pool, prefer, rng)
            if tile is None:
                return None
            if tile < 27 and rng.random() < CHOW_SHARE:
                low = tile - rng.randrange(3)
                if low // 9 == tile // 9 and low % 9 <= 6 and all(
                    pool[low + i] for i in range(3)
                ):
                    for i in range(3):
                        pool[low + i] -= 1
                        hand[low + i] += 1
                    break
            if pool[tile] >= 3:
                pool[tile] -= 3
                hand[tile] += 3
                break
        else:
            return None
    for _attempt in range(8):
        tile = _pick(pool, prefer, rng)
        if tile is not None and pool[tile] >= 2:
            hand[tile] += 2
            return hand
    return None


def _pick(pool: list[int], prefer: list[float], rng: random.Random) -> int | None:
    """A tile drawn from the pool, each copy as likely as its tile's `prefer`."""
    weights = [c * f for c, f in zip(pool, prefer, strict=True)]
    total = sum(weights)
    if total <= 0.0:
        return None
    at = rng.random() * total
    for k in range(34):
        at -= weights[k]
        if at < 0.0:
            return k
    return None


# --- the blends, fitted and scored -------------------------------------------------------

SAMPLED_EPS = 0.02
SAMPLED_BLEND = (0.108, 0.205)
"""Weight of log(`SAMPLED_EPS` + share) and a constant (200 samples; seed 101, normal)."""
ALARMED = 0.2
"""The sampled reading is drawn only for an opponent read this likely ready (the alarm)."""


def fitted_wait_chance(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """danger.py's `wait_chance` before the shapes: `WAIT_WEIGHTS` alone."""
    if tile >= 27 and not unseen[tile]:
        return 0.0
    return 1.0 / (1.0 + math.exp(-_fitted_z(tile, opponent, unseen)))


def sampled_wait_chance(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """danger.py's `wait_chance` with `sampled_waits` blended in (`SAMPLED_BLEND`), for
    an opponent the alarm flags; the fitted reading alone for the others."""
    if tile >= 27 and not unseen[tile]:
        return 0.0
    z = _fitted_z(tile, opponent, unseen)
    if opponent.ready >= ALARMED:
        share = sampled_waits(opponent, unseen)[tile]
        z += SAMPLED_BLEND[0] * math.log(SAMPLED_EPS + share) + SAMPLED_BLEND[1]
    return 1.0 / (1.0 + math.exp(-z))


def _fitted_z(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    weights = danger.WAIT_WEIGHTS
    return sum(weights.get(n, 0.0) for n in danger.tile_features(tile, opponent, unseen))


Row = tuple[float, list[float], bool]


def _rows(paths: list[str], sampled: bool) -> list[list[Row]]:
    import read_tiles

    out = []
    for o, u, wins, options, _discard in read_tiles.load(paths):
        unseen = list(u)
        shares = sampled_waits(o, unseen) if sampled else ()
        pos = []
        for k in options:
            if k >= 27 and not unseen[k]:
                continue
            if sampled:
                x = [math.log(SAMPLED_EPS + shares[k]), 1.0]
            else:
                ways = whole_hand.shape_weights(k, o, unseen)
                x = [math.log(whole_hand.SHAPES_EPS + w) for w in ways] + [1.0]
            pos.append((_fitted_z(k, o, unseen), x, k in wins))
        if pos:
            out.append(pos)
    return out


def _fit(rows: list[list[Row]], l2: float = 1.0) -> list[float]:
    """Logistic regression on `x` with the fitted reading's log-odds as an offset."""
    import read_tiles

    p = len(rows[0][0][1])
    w = [0.0] * p
    for _ in range(10):
        g = [l2 * v for v in w]
        h = [[l2 if i == j else 0.0 for j in range(p)] for i in range(p)]
        for pos in rows:
            for z, x, y in pos:
                q = 1.0 / (1.0 + math.exp(-(z + sum(a * b for a, b in zip(w, x, strict=True)))))
                e, v = q - y, q * (1.0 - q)
                for i in range(p):
                    g[i] += e * x[i]
                    for j in range(p):
                        h[i][j] += v * x[i] * x[j]
        step = read_tiles.solve(h, g)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def _score(rows: list[list[Row]], w: list[float]) -> tuple[float, float, float]:
    """Log-loss and AUC over the options, and how often the safest option was a win."""
    loss = 0.0
    n = 0
    hits = pairs = 0.0
    safest = situations = 0.0
    for pos in rows:
        said = [
            (1.0 / (1.0 + math.exp(-(z + sum(a * b for a, b in zip(w, x, strict=True))))), y)
            for z, x, y in pos
        ]
        for q, y in said:
            loss -= math.log(q if y else 1.0 - q)
            n += 1
        won = [q for q, y in said if y]
        fed = [q for q, y in said if not y]
        for a in won:
            for b in fed:
                hits += 1.0 if a > b else 0.5 if a == b else 0.0
        pairs += len(won) * len(fed)
        if won and fed:
            least = min(q for q, _ in said)
            low = [y for q, y in said if q <= least + 1e-12]
            safest += sum(low) / len(low)
            situations += 1
    return loss / n, hits / pairs, safest / situations


def main() -> int:
    parser = argparse.ArgumentParser(description="fit and score the whole-hand blends")
    parser.add_argument("train")
    parser.add_argument("test")
    parser.add_argument("--sampled", action="store_true", help="the drawn hands, not shapes")
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()
    global SAMPLES
    SAMPLES = args.samples
    train = _rows(args.train.split(","), args.sampled)
    test = _rows(args.test.split(","), args.sampled)
    w = _fit(train)
    print("weights", [round(v, 3) for v in w])
    for title, weights in (("blend", w), ("fitted", [0.0] * len(w))):
        loss, auc, safest = _score(test, weights)
        print(f"{title:<7} log-loss {loss:.4f}  AUC {auc:.4f}  safest a win {safest:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
