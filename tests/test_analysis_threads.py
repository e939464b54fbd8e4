"""Hand analysis (shared.analysis) called from several threads at once gives the answers
it gives from one thread.

The quick game runs the host (table and bots) in a background thread while the client's
hint calls `discard_table` on the main thread, and both grow the module's shared tables
(interned patterns and vectors, per-pattern facts, memo dicts). Here four threads, started
together with a tiny switch interval so that they interleave as much as possible, each
ask `shanten`, `waits`, `improving_kinds`, `is_win` and `discard_table` about their own
seeded hands: random ones, winning ones and ready ones, of 3n+2 and 3n+1 tiles, with 0 to
4 melds laid down. The same hands are answered again by one thread, and every answer
(errors included) must agree.

Both runs are child processes (this file run as a script), so each starts from empty
tables: a registration race shows only on patterns never seen before, which the tests
run earlier in the same pytest process would otherwise have registered already.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
THREADS = 4
HANDS = 2500
"""Hands per thread (each asked four or five questions)."""
SEED = 20250611


def _random_hand(rng: random.Random, tiles: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, tiles):
        counts[k] += 1
    return counts


def _winning_hand(rng: random.Random, sets: int) -> list[int]:
    """Concealed sets and a pair, never a fifth copy (retried until it fits)."""
    while True:
        counts = [0] * 34
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(sets):
            if rng.random() < 0.6:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            return counts


def _hands(seed: int) -> list[tuple[list[int], int, bool]]:
    """(counts, melds, seven_pairs) for one thread: 3n+2 and 3n+1 hands alternating."""
    rng = random.Random(seed)
    out = []
    for i in range(HANDS):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        winning = rng.random() < 0.2
        counts = _winning_hand(rng, 4 - melds) if winning else _random_hand(rng, 14 - 3 * melds)
        if i % 2:  # one tile fewer: a 3n+1 hand, ready when it was a winning one
            held = [k for k in range(34) if counts[k]]
            counts[rng.choice(held)] -= 1
        out.append((counts, melds, rng.random() < 0.3))
    return out


def _ask(counts: list[int], melds: int, seven_pairs: bool) -> list[Any]:
    from shared import analysis

    def call(fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # the answer compared, whatever it is
            return f"{type(exc).__name__}: {exc}"

    tiles = sum(counts)
    answers: list[Any] = [call(analysis.shanten, counts, melds, seven_pairs)]
    if (tiles + 3 * melds) % 3 == 2:
        answers.append(call(analysis.is_win, counts, melds, seven_pairs))
        table = call(analysis.discard_table, counts, melds)
        if isinstance(table, list):
            table = [
                [int(t), now, None if better is None else list(better)] for t, now, better in table
            ]
        answers.append(table)
    else:
        found = call(analysis.waits, counts, melds, seven_pairs)
        answers.append([int(t) for t in found] if isinstance(found, list) else found)
        answers.append(call(lambda c, m: list(analysis.improving_kinds(c, m)), counts, melds))
    return answers


def _answers(threaded: bool) -> list[list[list[Any]]]:
    work = [_hands(SEED + t) for t in range(THREADS)]
    results: list[list[list[Any]]] = [[] for _ in range(THREADS)]
    if not threaded:
        for t in range(THREADS):
            results[t] = [_ask(*hand) for hand in work[t]]
        return results
    barrier = threading.Barrier(THREADS)

    def run(t: int) -> None:
        barrier.wait()
        results[t] = [_ask(*hand) for hand in work[t]]

    threads = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(old)
    return results


def _child(mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_threads_agree_with_one_thread() -> None:
    children = {mode: _child(mode) for mode in ("serial", "threaded")}
    out = {}
    for mode, child in children.items():
        stdout, stderr = child.communicate(timeout=300)
        assert child.returncode == 0, f"{mode} run failed:\n{stderr}"
        out[mode] = json.loads(stdout)
    expected, got = out["serial"], out["threaded"]
    wrong = [
        (t, i, hand, want, have)
        for t in range(THREADS)
        for i, (hand, want, have) in enumerate(
            zip(_hands(SEED + t), expected[t], got[t], strict=True)
        )
        if want != have
    ]
    shown = "\n".join(
        f"thread {t} hand {i} {hand}: expected {want}, got {have}"
        for t, i, hand, want, have in wrong[:5]
    )
    assert not wrong, f"{len(wrong)} of {THREADS * HANDS} hands answered differently:\n{shown}"


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(json.dumps(_answers(sys.argv[1] == "threaded")))
