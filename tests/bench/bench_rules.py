"""Throughput of the rules engine (shared/) against the `mahjong` reference package.

Run from the repository root:

    python tests/bench/bench_rules.py [--hands N] [--seed S] [--ref-hands M]

On the same seeded hands in one run it times win detection, waits, shanten and full
scoring, prints a table and the targets with PASS/MISS, and ends with one JSON line.
See tests/bench/README.md for what each figure means. Not a pytest test (the file name
does not start with test_); tests/test_bench_smoke.py runs it with a tiny --hands.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import random
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mahjong.shanten import Shanten  # noqa: E402

from shared import WinContext, make_ruleset, parse_hand, score_hand  # noqa: E402
from shared.analysis import is_win, shanten, waits  # noqa: E402
from shared.memo import memo_sizes  # noqa: E402
from tests.support.both_trees import add_pure  # noqa: E402

KINDS = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
ORPHAN_SET = frozenset(ORPHANS)
CHOW_STARTS = tuple(9 * s + r for s in range(3) for r in range(7))
HONORS = tuple(range(27, 34))

TARGETS = {
    "shanten_ratio": 25.0,
    "waits_ratio": 50.0,
    "scoring_per_s": 100_000.0,
    "import_first_score_s": 0.5,
    "tables_mb": 30.0,
    "warm_shanten_vs_lookup": 2.2,
}

MIN_REPEAT_S = 0.2
"""Each timed repeat of ours runs enough passes over the hands to last at least this long."""


# --- hands -------------------------------------------------------------------------------


def _notation(kind: int) -> str:
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" if kind < 27 else f"{kind - 26}z"


def _pool(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Kinds to draw pungs and pairs from, and chow starts: mostly any, some one-suit hands."""
    roll = rng.random()
    if roll < 0.75:
        return tuple(range(KINDS)), CHOW_STARTS
    suit = rng.randrange(3)
    suited = tuple(range(9 * suit, 9 * suit + 9))
    starts = tuple(9 * suit + r for r in range(7))
    if roll < 0.87:
        return suited, starts  # 清一色-like
    if roll < 0.97:
        return suited + HONORS, starts  # 混一色-like
    return ORPHANS, ()  # terminals and honors: pungs only


@dataclass(frozen=True, slots=True)
class Complete:
    """A complete hand: its counts, its four sets ('c', start) / ('p', kind), its pair."""

    counts: list[int]
    sets: tuple[tuple[str, int], ...]
    pair: int


def random_complete(rng: random.Random) -> Complete:
    """Four random sets and a pair, never more than four of a kind."""
    while True:
        kinds, starts = _pool(rng)
        counts = [0] * KINDS
        pair = rng.choice(kinds)
        counts[pair] = 2
        sets: list[tuple[str, int]] = []
        for _ in range(4):
            for _attempt in range(30):
                if starts and rng.random() < 0.6:
                    start = rng.choice(starts)
                    need = (start, start + 1, start + 2)
                    if all(counts[k] < 4 for k in need):
                        for k in need:
                            counts[k] += 1
                        sets.append(("c", start))
                        break
                else:
                    kind = rng.choice(kinds)
                    if counts[kind] <= 1:
                        counts[kind] += 3
                        sets.append(("p", kind))
                        break
            else:
                break
        if len(sets) == 4:
            return Complete(counts, tuple(sets), pair)


def random_counts(rng: random.Random, size: int) -> list[int]:
    """`size` tiles drawn from the 136."""
    counts = [0] * KINDS
    for tile in rng.sample(range(4 * KINDS), size):
        counts[tile // 4] += 1
    return counts


def tenpai_counts(rng: random.Random) -> list[int]:
    """A complete concealed hand with one random tile taken out: ready, waiting on ≥ 1 kind."""
    counts = list(random_complete(rng).counts)
    held = [k for k in range(KINDS) for _ in range(counts[k])]
    counts[rng.choice(held)] -= 1
    return counts


def scoring_case(rng: random.Random) -> tuple[str, WinContext]:
    """A won hand with random exposed melds and kongs, in notation, and a random context."""
    if rng.random() < 0.005:
        extra = rng.choice(ORPHANS)
        tiles = sorted([*ORPHANS, extra])
        win = tiles.pop(rng.randrange(len(tiles)))
        text = "".join(_notation(k) for k in tiles) + f" +{_notation(win)}"
        return text, _context(rng, melds=0, kongs=0)
    hand = random_complete(rng)
    counts = list(hand.counts)
    concealed: list[int] = [hand.pair, hand.pair]
    melds: list[str] = []
    kongs = 0
    exposed_any = False
    for kind_of_set, k in hand.sets:
        tiles = [k, k + 1, k + 2] if kind_of_set == "c" else [k, k, k]
        expose = rng.random() < 0.3
        kong = kind_of_set == "p" and counts[k] == 3 and rng.random() < (0.25 if expose else 0.08)
        if kong:
            counts[k] += 1
            kongs += 1
            body = _notation(k)[0] * 4 + _notation(k)[1]
            melds.append(f"[{body}]" if expose else f"({body})")
            exposed_any = exposed_any or expose
        elif expose:
            melds.append("[" + "".join(_notation(t)[0] for t in tiles) + _notation(k)[1] + "]")
            exposed_any = True
        else:
            concealed.extend(tiles)
    win = concealed.pop(rng.randrange(len(concealed)))
    text = " ".join(
        ["".join(_notation(t) for t in sorted(concealed)), *melds, f"+{_notation(win)}"]
    )
    return text, _context(rng, melds=len(melds) if exposed_any else 0, kongs=kongs)


def _context(rng: random.Random, melds: int, kongs: int) -> WinContext:
    self_drawn = rng.random() < 0.4
    seat = rng.randrange(4)
    first_turn = melds == 0 and rng.random() < 0.01
    return WinContext(
        self_drawn=self_drawn,
        seat_wind=seat,
        prevailing_wind=rng.randrange(4),
        win_on_kong=self_drawn and kongs > 0 and rng.random() < 0.3,
        robbing_kong=not self_drawn and rng.random() < 0.03,
        last_tile=self_drawn and rng.random() < 0.03,
        heavenly=first_turn and self_drawn and seat == 0,
        earthly=first_turn and seat != 0,
    )


@dataclass(slots=True)
class HandSets:
    """Every set of hands one run uses, made from one seeded generator."""

    complete: list[list[int]]
    tenpai: list[list[int]]
    random13: list[list[int]]
    scoring: list[tuple[Any, WinContext]]
    scoring_text: list[str]
    # The same kinds of hands again, for ours on hands it has never seen.
    unseen_complete: list[list[int]]
    unseen_tenpai: list[list[int]]
    unseen_random13: list[list[int]]
    unseen_scoring: list[tuple[Any, WinContext]]


def make_hands(n: int, seed: int) -> HandSets:
    rng = random.Random(seed)

    def batch() -> tuple[list[list[int]], list[list[int]], list[list[int]], list[tuple[str, Any]]]:
        complete = [random_complete(rng).counts for _ in range(n)]
        tenpai = [tenpai_counts(rng) for _ in range(n)]
        random13 = [random_counts(rng, 13) for _ in range(n)]
        scoring = [scoring_case(rng) for _ in range(n)]
        return complete, tenpai, random13, scoring

    complete, tenpai, random13, scoring = batch()
    u_complete, u_tenpai, u_random13, u_scoring = batch()
    return HandSets(
        complete,
        tenpai,
        random13,
        [(parse_hand(text), ctx) for text, ctx in scoring],
        [text for text, _ in scoring],
        u_complete,
        u_tenpai,
        u_random13,
        [(parse_hand(text), ctx) for text, ctx in u_scoring],
    )


# --- the operations ----------------------------------------------------------------------

RULES = make_ruleset()
_calc = Shanten.calculate_shanten


def ours_shanten(hands: Sequence[list[int]], passes: int = 1) -> None:
    f = shanten
    for _ in range(passes):
        for counts in hands:
            f(counts)


def ours_waits(hands: Sequence[list[int]], passes: int = 1) -> None:
    f = waits
    for _ in range(passes):
        for counts in hands:
            f(counts)


def ours_win(hands: Sequence[list[int]], passes: int = 1) -> None:
    f = is_win
    for _ in range(passes):
        for counts in hands:
            f(counts)


def ours_scoring(cases: Sequence[tuple[Any, WinContext]], passes: int = 1) -> None:
    f = score_hand
    rules = RULES
    for _ in range(passes):
        for hand, context in cases:
            f(hand, context, rules)


def ref_shanten_one(counts: list[int]) -> int:
    return _calc(counts, use_chiitoitsu=False)


def ref_win_one(counts: list[int]) -> bool:
    return _calc(counts, use_chiitoitsu=False) == -1


def _candidates(counts: list[int]) -> list[int]:
    """Kinds that could complete the hand: within 2 of a held suited tile, held honors, and
    every terminal and honor when the hand holds nothing else (thirteen orphans)."""
    found: set[int] = set()
    only_orphans = True
    for k in range(KINDS):
        if not counts[k]:
            continue
        if k >= 27:
            found.add(k)
        else:
            lo = k - k % 9
            found.update(range(max(lo, k - 2), min(lo + 8, k + 2) + 1))
        if k not in ORPHAN_SET:
            only_orphans = False
    if only_orphans:
        found.update(ORPHANS)
    return sorted(found)


def ref_waits_one(counts: list[int]) -> list[int]:
    """Kinds k (held fewer than 4 times) for which hand + k has reference shanten -1."""
    out = []
    for k in _candidates(counts):
        if counts[k] < 4:
            counts[k] += 1
            if _calc(counts, use_chiitoitsu=False) == -1:
                out.append(k)
            counts[k] -= 1
    return out


def ref_pass(one: Callable[[list[int]], Any], hands: Sequence[list[int]]) -> tuple[float, list]:
    """(ops/s, answers) of one pass of the reference; the answers are cross-checked after."""
    start = time.perf_counter()
    answers = [one(counts) for counts in hands]
    elapsed = time.perf_counter() - start
    return len(hands) / max(elapsed, 1e-9), answers


# --- timing ------------------------------------------------------------------------------


def bytes_lookup(hands: Sequence[list[int]]) -> Callable[..., None]:
    """The least any cache of whole hands must do for a hand: its 34 counts turned into
    bytes and one dict look-up (what a warm `shanten` is measured against)."""
    table = {bytes(counts): 1 for counts in hands}

    def loop(items: Sequence[list[int]], passes: int = 1) -> None:
        get = table.get
        for _ in range(passes):
            for counts in items:
                get(bytes(counts))

    return loop


def timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def best_rate(loop: Callable[..., None], items: Sequence[Any]) -> tuple[float, int]:
    """ops/s of ours: best of 3 repeats, each of enough passes to last MIN_REPEAT_S."""
    one_pass = max(timed(lambda: loop(items)), 1e-9)
    passes = max(1, math.ceil(MIN_REPEAT_S / one_pass))
    best = min(timed(lambda: loop(items, passes)) for _ in range(3))
    return len(items) * passes / best, passes


@dataclass(slots=True)
class Row:
    name: str
    cold_s: float
    ours: float
    unseen: float
    reference: float | None
    passes: int

    @property
    def ratio(self) -> float | None:
        return self.ours / self.reference if self.reference else None

    @property
    def unseen_ratio(self) -> float | None:
        return self.unseen / self.reference if self.reference else None


def measure_ours(
    name: str, loop: Callable[..., None], items: Sequence[Any], unseen: Sequence[Any]
) -> Row:
    cold = timed(lambda: loop(items))  # tables are built lazily: this first pass fills them
    rate, passes = best_rate(loop, items)
    unseen_rate = len(unseen) / max(timed(lambda: loop(unseen)), 1e-9)
    return Row(name, cold, rate, unseen_rate, None, passes)


# --- fresh-process measurements ----------------------------------------------------------

_FIRST_SCORE = """
import time
t0 = time.perf_counter()
import shared
from shared import WinContext, make_ruleset, parse_hand, score_hand
score = score_hand(parse_hand({hand!r}), WinContext(), make_ruleset())
elapsed = time.perf_counter() - t0
assert score.win, score
print(elapsed)
"""


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


def import_first_score(hand_text: str, runs: int = 3) -> list[float]:
    """Seconds from `import shared` to the first hand scored, each in a fresh interpreter."""
    code = _FIRST_SCORE.format(hand=hand_text)
    times = []
    for _ in range(runs):
        proc = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=_child_env(),
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        times.append(float(proc.stdout.strip().splitlines()[-1]))
    return times


def traced_table_memory(n: int, seed: int) -> dict[str, float]:
    """MB tracemalloc sees the tables hold after one pass of ours over every hand set.

    Run in a fresh interpreter (`--memory-probe`) so tracing slows nothing timed here;
    tracing makes that pass several times slower, hence only with --tracemalloc.
    """
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--memory-probe", *_size(n, seed)],
        cwd=ROOT,
        env=_child_env(),
        capture_output=True,
        text=True,
        timeout=1200,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _size(n: int, seed: int) -> list[str]:
    return ["--hands", str(n), "--seed", str(seed)]


def _rss_mb() -> float:
    """Resident memory now (Linux /proc/self/statm); elsewhere the peak so far (ru_maxrss)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return rss / 2**20 if sys.platform == "darwin" else rss / 1024


def memory_probe(n: int, seed: int) -> None:
    hands = make_hands(n, seed)
    gc.collect()
    tracemalloc.start()
    ours_shanten(hands.random13)
    ours_waits(hands.tenpai)
    ours_win(hands.complete)
    ours_scoring(hands.scoring)
    ours_shanten(hands.unseen_random13)
    ours_waits(hands.unseen_tenpai)
    ours_win(hands.unseen_complete)
    ours_scoring(hands.unseen_scoring)
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(json.dumps({"tables_mb": current / 2**20, "traced_peak_mb": peak / 2**20}))


# --- report ------------------------------------------------------------------------------


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{value:,.0f}"


def _times(value: float | None) -> str:
    return "—" if value is None else f"{value:,.1f}×"


def cross_check(hands: HandSets, answers: dict[str, list]) -> dict[str, int]:
    """Disagreements between ours and the reference's answers on the reference's subset."""
    bad = {"shanten": 0, "waits": 0, "win_check": 0}
    examples: list[str] = []
    for counts, theirs in zip(hands.random13, answers["shanten"], strict=False):
        if shanten(counts) != theirs:
            bad["shanten"] += 1
            examples.append(f"shanten {counts}: ours {shanten(counts)}, reference {theirs}")
    for counts, theirs in zip(hands.tenpai, answers["waits"], strict=False):
        mine = [int(t) for t in waits(counts)]
        if mine != theirs:
            bad["waits"] += 1
            examples.append(f"waits {counts}: ours {mine}, reference {theirs}")
    for counts, theirs in zip(hands.complete, answers["win_check"], strict=False):
        if is_win(counts) is not True or theirs is not True:
            bad["win_check"] += 1
            examples.append(f"win {counts}: ours {is_win(counts)}, reference {theirs}")
    for line in examples[:5]:
        print(f"  DISAGREEMENT {line}")
    return bad


def run(n: int, seed: int, ref_n: int, trace: bool = False) -> dict[str, Any]:
    started = time.perf_counter()
    hands = make_hands(n, seed)
    ref_n = min(ref_n, n)
    print(f"bench_rules: {n} hands per set, seed {seed}, reference on the first {ref_n}")
    print(f"  Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs")
    print(f"  hands made in {time.perf_counter() - started:.1f} s")

    gc.collect()
    rss_before = _rss_mb()
    rows = [
        measure_ours("shanten (13 random)", ours_shanten, hands.random13, hands.unseen_random13),
        measure_ours("waits (13 tenpai)", ours_waits, hands.tenpai, hands.unseen_tenpai),
        measure_ours("win check (14 complete)", ours_win, hands.complete, hands.unseen_complete),
        measure_ours("scoring (won hands)", ours_scoring, hands.scoring, hands.unseen_scoring),
    ]
    gc.collect()
    tables_mb = _rss_mb() - rss_before  # what ours' lazily built tables and caches now hold
    # The same hands as bytes, which the analysis converts lists to on every call.
    as_bytes = [bytes(counts) for counts in hands.random13]
    ours_shanten(as_bytes)
    bytes_rate, _ = best_rate(ours_shanten, as_bytes)
    lookup_rate, _ = best_rate(bytes_lookup(hands.random13), hands.random13)
    warm_vs_lookup = lookup_rate / rows[0].ours if rows[0].ours else 0.0

    answers: dict[str, list] = {}
    references = [
        ("shanten", ref_shanten_one, hands.random13),
        ("waits", ref_waits_one, hands.tenpai),
        ("win_check", ref_win_one, hands.complete),
    ]
    for row, (key, one, items) in zip(rows, references, strict=False):
        row.reference, answers[key] = ref_pass(one, items[:ref_n])

    disagreements = cross_check(hands, answers)
    first = import_first_score(hands.scoring_text[0])
    traced = traced_table_memory(n, seed) if trace else None

    print()
    header = (
        f"{'operation':<25}{'ours/s':>13}{'ours unseen/s':>15}{'cold pass':>11}"
        f"{'reference/s':>13}{'ratio':>9}{'unseen ratio':>14}"
    )
    print(header)
    print("-" * len(header))
    for row in rows:
        print(
            f"{row.name:<25}{_rate(row.ours):>13}{_rate(row.unseen):>15}{row.cold_s:>10.2f}s"
            f"{_rate(row.reference):>13}{_times(row.ratio):>9}{_times(row.unseen_ratio):>14}"
        )
    print()
    print(
        "  ours/s: best of 3 repeats over the hands already seen (each repeat "
        f"{', '.join(str(r.passes) for r in rows)} passes); the per-hand caches answer"
    )
    print("  ours unseen/s: one pass over as many new hands of the same kind, tables warm")
    print("  cold pass: ours' first pass over the hands, building its tables (in this order)")
    print("  reference: mahjong.shanten.Shanten.calculate_shanten(counts, use_chiitoitsu=False),")
    print("    one pass over the subset; win check = shanten -1; waits = kinds k held < 4 whose")
    print("    hand+k has shanten -1, trying only kinds within 2 of a held suited tile, held")
    print("    honors, and all terminals/honors when the hand holds nothing else")
    print("  scoring: score_hand(hand, WinContext(...), make_ruleset()); the reference has no")
    print("    Guangdong scoring, so ours only")
    bytes_ratio = bytes_rate / rows[0].reference if rows[0].reference else 0.0
    print(
        f"  shanten given bytes instead of lists: {bytes_rate:,.0f}/s "
        f"({bytes_ratio:.1f}× the reference on lists)"
    )
    print(
        f"  a warm shanten against the least a cache of whole hands does (bytes, one dict "
        f"look-up, {lookup_rate:,.0f}/s): {warm_vs_lookup:.2f}× its time (target ≤ "
        f"{TARGETS['warm_shanten_vs_lookup']:g}×)"
    )
    print(
        "  agreement with the reference: "
        + ", ".join(f"{k} {ref_n - v}/{ref_n}" for k, v in disagreements.items())
    )
    print(
        f"  import shared + first score (fresh process): best {min(first):.3f} s "
        f"(runs: {', '.join(f'{t:.3f}' for t in first)})"
    )
    per_1000 = tables_mb / (8 * n / 1000)
    print(
        f"  lazily built tables: resident memory +{tables_mb:.1f} MB after ours ran over all "
        f"8 sets of {n} hands (≈ {per_1000:.2f} MB per 1000 distinct hands)"
    )
    if traced is not None:
        print(
            f"    tracemalloc in a fresh process, one pass over the same sets: "
            f"{traced['tables_mb']:.1f} MB"
        )
    memos = memo_sizes()
    print(
        "  bounded memos (entries / limit): "
        + ", ".join(f"{name} {size}/{limit}" for name, (size, limit) in memos.items())
    )

    by = {row.name.split(" (")[0]: row for row in rows}
    result: dict[str, Any] = {
        "shanten_ratio": round(by["shanten"].ratio or 0.0, 2),
        "waits_ratio": round(by["waits"].ratio or 0.0, 2),
        "win_check_ratio": round(by["win check"].ratio or 0.0, 2),
        "scoring_per_s": round(by["scoring"].ours),
        "shanten_per_s": round(by["shanten"].ours),
        "waits_per_s": round(by["waits"].ours),
        "win_check_per_s": round(by["win check"].ours),
        "import_first_score_s": round(min(first), 4),
        "tables_mb": round(tables_mb, 2),
        "tables_mb_per_1000_hands": round(per_1000, 3),
        "hands": n,
        "seed": seed,
        "ref_hands": ref_n,
        "ref_shanten_per_s": round(by["shanten"].reference or 0.0),
        "ref_waits_per_s": round(by["waits"].reference or 0.0),
        "ref_win_check_per_s": round(by["win check"].reference or 0.0),
        "unseen_shanten_per_s": round(by["shanten"].unseen),
        "unseen_waits_per_s": round(by["waits"].unseen),
        "unseen_win_check_per_s": round(by["win check"].unseen),
        "unseen_scoring_per_s": round(by["scoring"].unseen),
        "unseen_shanten_ratio": round(by["shanten"].unseen_ratio or 0.0, 2),
        "unseen_waits_ratio": round(by["waits"].unseen_ratio or 0.0, 2),
        "unseen_win_check_ratio": round(by["win check"].unseen_ratio or 0.0, 2),
        "shanten_bytes_per_s": round(bytes_rate),
        "shanten_bytes_ratio": round(bytes_ratio, 2),
        "warm_shanten_vs_lookup": round(warm_vs_lookup, 2),
        "cold_pass_s": {k.replace(" ", "_"): round(r.cold_s, 3) for k, r in by.items()},
        "tables_traced_mb": None if traced is None else round(traced["tables_mb"], 2),
        "disagreements": disagreements,
        "memo_entries": {name: size for name, (size, _limit) in memos.items()},
    }

    print()
    print("targets")
    checks = [
        ("shanten", "shanten_ratio", "≥", "×"),
        ("waits", "waits_ratio", "≥", "×"),
        ("scoring", "scoring_per_s", "≥", " hands/s"),
        ("import + first score", "import_first_score_s", "<", " s"),
        ("lazily built tables", "tables_mb", "<", " MB"),
        ("warm shanten/look-up", "warm_shanten_vs_lookup", "<", "×"),
    ]
    verdicts = {}
    for label, key, op, unit in checks:
        value, target = result[key], TARGETS[key]
        ok = value >= target if op == "≥" else value < target
        verdicts[key] = "PASS" if ok else "MISS"
        shown = f"{value:,.2f}" if isinstance(value, float) else f"{value:,}"
        print(f"  {label:<22}{shown + unit:>18}   target {op} {target:,g}{unit}   {verdicts[key]}")
    result["targets"] = verdicts
    print(f"  total {time.perf_counter() - started:.1f} s")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per set (20000)")
    parser.add_argument("--seed", type=int, default=20240601, help="random seed")
    parser.add_argument(
        "--ref-hands", type=int, default=4_000, help="hands the reference runs on (4000)"
    )
    parser.add_argument(
        "--tracemalloc",
        action="store_true",
        help="also measure the tables with tracemalloc in a fresh process (slow)",
    )
    parser.add_argument("--memory-probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.hands < 1 or args.ref_hands < 1:
        parser.error("--hands and --ref-hands must be positive")
    if args.memory_probe:
        memory_probe(args.hands, args.seed)
        return 0
    result = run(args.hands, args.seed, args.ref_hands, trace=args.tracemalloc)
    add_pure(
        result,
        "bench_rules.py",
        sys.argv[1:] if argv is None else argv,
        ("shanten_ratio", "waits_ratio", "scoring_per_s", "import_first_score_s", "tables_mb"),
    )
    print(json.dumps(result, ensure_ascii=False, sort_keys=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
