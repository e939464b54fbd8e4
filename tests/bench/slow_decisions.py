"""The strong computer player's slowest decisions: which they are, and where their time
goes (tests/bench/README.md, "The slowest decisions").

Run from the repository root:

    python tests/bench/slow_decisions.py log [--hands 1000] [--seed 1] [--keep 50]
                                             [--out slow.json] [--freeze]
    python tests/bench/slow_decisions.py profile slow.json [--repeat 5] [--top 25]

`log` plays `--hands` seeded hands of each pairing of tests/support/strong_digest.py
(strong ×1 against three normal or three greedy players, and four strong ones), times
every strong decision in the deciding thread's CPU time and wall-clock, and prints the
p50 / p99 / max of both and the time by kind of decision; it writes the `--keep` slowest
in CPU time to `--out`, each with its kind (discard, kong, claim, self-drawn win, …),
the hand, melds and options, the cyclic collector's time within it, and the seat's whole
view (msgspec JSON), so that each can be decided again alone. With `--freeze` the
collector's heap is frozen after the first hand (gc.freeze: what the host does, server/heap.py; see
the README). `profile` decides each logged position again: cold (the hand
caches of shared.analysis emptied first, as after their bound clears them) and warm
(`--repeat` times, the best kept), then all of them once more, cold, under cProfile,
and prints the positions and the `--top` functions by own time.

The strong player's choice depends on its view alone (its caches live within one
decision), so a logged view decides the same way, and a position's time is repeatable
up to the state of the shared caches. Not a pytest test.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import heapq
import io
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import shared.analysis as analysis  # noqa: E402
from server.engine.bots import Bot, make_bot  # noqa: E402
from shared.actions import (  # noqa: E402
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pung,
)
from shared.notation import format_tiles  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402
from shared.tiles import Tile  # noqa: E402
from shared.views import TableView  # noqa: E402
from tests.support.strong_digest import PAIRINGS, play_pairing  # noqa: E402


def kind_of(view: TableView, action: AnyAction) -> str:
    """What sort of decision this was: by the phase, what was legal and what was chosen."""
    legal = view.legal
    if any(isinstance(a, DeclareWin) for a in legal):
        return "self-drawn win" if view.phase == "turn" else "win on a discard"
    if view.phase == "turn":
        if isinstance(action, ConcealedKong | AddedKong):
            return "kong"
        if any(isinstance(a, ConcealedKong | AddedKong) for a in legal):
            return "discard (a kong open)"
        return "discard"
    names = sorted(
        {
            "chow" if isinstance(a, Chow) else "pung" if isinstance(a, Pung) else "kong"
            for a in legal
            if isinstance(a, Chow | Pung | ClaimKong)
        }
    )
    return f"claim ({'/'.join(names)})" if names else "claim (pass only)"


def _tiles(kinds: list[int] | tuple[int, ...]) -> str:
    return format_tiles([Tile(k) for k in sorted(kinds)]) if kinds else "-"


def position_of(view: TableView) -> dict[str, Any]:
    """The hand, melds and options of a view, readably."""
    assert view.seat is not None
    me = view.seats[view.seat]
    held = list(view.hand) + ([view.drawn] if view.drawn is not None else [])
    return {
        "hand": _tiles(held),
        "melds": [f"{m.kind} {_tiles(m.tiles or ())}" for m in me.melds],
        "options": len(view.legal),
        "discards": len({a.tile for a in view.legal if isinstance(a, Discard)}),
        "claims": sum(isinstance(a, Chow | Pung | ClaimKong) for a in view.legal),
        "wall": view.wall_left,
    }


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


class _Collections:
    """The CPU time the cyclic garbage collector took, and its oldest generation, since
    `reset` (through gc.callbacks)."""

    def __init__(self) -> None:
        self.ms = 0.0
        self.oldest = -1
        self._began = 0.0
        gc.callbacks.append(self._note)

    def reset(self) -> None:
        self.ms, self.oldest = 0.0, -1

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.thread_time()
        else:
            self.ms += (time.thread_time() - self._began) * 1000
            self.oldest = max(self.oldest, info["generation"])


def log(hands: int, seed: int, keep: int, out: Path, freeze: bool) -> None:
    collections = _Collections()
    frozen = not freeze
    slowest: list[tuple[float, int, dict[str, Any]]] = []
    cpu_all: list[float] = []
    wall_all: list[float] = []
    by_kind: dict[str, list[float]] = {}
    order = 0
    started = time.perf_counter()
    for pairing in PAIRINGS:

        def decide(
            number: int, step: int, seat: int, bot: Bot, view: TableView, pairing: str = pairing
        ) -> AnyAction:
            nonlocal order, frozen
            if not frozen and number >= 1:
                # The caches of shared.analysis and shared.groups are dicts the collector
                # tracks only while they hold a tracked value (a fresh tuple): empty at
                # import, and untracked again by any full collection. Frozen after a
                # hand, with no collection first, they are tracked and stay frozen.
                gc.freeze()
                frozen = True
            collections.reset()
            began, began_cpu = time.perf_counter(), time.thread_time()
            action = bot.choose(view)
            cpu = (time.thread_time() - began_cpu) * 1000
            wall = (time.perf_counter() - began) * 1000
            cpu_all.append(cpu)
            wall_all.append(wall)
            kind = kind_of(view, action)
            by_kind.setdefault(kind, []).append(cpu)
            order += 1
            if len(slowest) < keep or cpu > slowest[0][0]:
                entry = {
                    "cpu_ms": round(cpu, 3),
                    "wall_ms": round(wall, 3),
                    "gc_ms": round(collections.ms, 3),
                    "gc_generation": collections.oldest,
                    "pairing": pairing,
                    "hand": number,
                    "step": step,
                    "seat": seat,
                    "kind": kind,
                    **position_of(view),
                    "chosen": msgspec.to_builtins(action),
                    "view": msgspec.to_builtins(view),
                }
                if len(slowest) < keep:
                    heapq.heappush(slowest, (cpu, order, entry))
                else:
                    heapq.heapreplace(slowest, (cpu, order, entry))
            return action

        play_pairing(pairing, hands, seed, decide)
    cpu_all.sort()
    wall_all.sort()
    print(
        f"{len(cpu_all)} strong decisions over {hands} hands of each of {', '.join(PAIRINGS)}"
        f" (seed {seed}), {time.perf_counter() - started:.0f} s"
    )
    for name, values in (("cpu", cpu_all), ("wall", wall_all)):
        print(
            f"  {name:<5} p50 {_quantile(values, 0.5):.2f} ms  p99 {_quantile(values, 0.99):.2f}"
            f" ms  max {values[-1]:.1f} ms  total {sum(values) / 1000:.1f} s"
        )
    print(f"  {'kind':<24}{'count':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for kind, values in sorted(by_kind.items()):
        values.sort()
        print(
            f"  {kind:<24}{len(values):>8}{_quantile(values, 0.5):>9.2f}"
            f"{_quantile(values, 0.99):>9.2f}{values[-1]:>9.1f}"
        )
    entries = [e for _, _, e in sorted(slowest, reverse=True)]
    out.write_text(json.dumps(entries, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"the {len(entries)} slowest in CPU time -> {out}")
    for e in entries[:10]:
        print(
            f"  {e['cpu_ms']:7.1f} ms (gc {e['gc_ms']:5.1f} ms, generation {e['gc_generation']})"
            f"  {e['kind']:<22} {e['hand']:<20} melds {e['melds']} wall {e['wall']}"
        )
    in_gc = sum(e["gc_ms"] for e in entries)
    print(
        f"of the {len(entries)} slowest, {sum(e['gc_generation'] >= 0 for e in entries)} ran a"
        f" collection; {in_gc:.0f} of their {sum(e['cpu_ms'] for e in entries):.0f} ms in it"
    )


def _clear_caches() -> None:
    for name in dir(analysis):
        memo = getattr(analysis, name)
        if name.startswith("_") and isinstance(memo, dict) and name.endswith("memo"):
            memo.clear()
    analysis._by_counts.clear()


def profile(path: Path, repeat: int, top: int) -> None:
    rules = make_ruleset({})
    entries = json.loads(path.read_text(encoding="utf-8"))
    views = [msgspec.convert(e["view"], TableView) for e in entries]
    print(f"{'logged':>8}{'cold':>8}{'warm':>8}  kind / hand / melds (ms, CPU)")
    for e, view in zip(entries, views, strict=True):
        _clear_caches()
        began = time.thread_time()
        action = make_bot("strong", rules, 0).choose(view)
        cold = (time.thread_time() - began) * 1000
        if msgspec.to_builtins(action) != e["chosen"]:
            raise SystemExit(f"hand {e['hand']} step {e['step']}: decided otherwise now")
        warm = float("inf")
        for _ in range(repeat):
            began = time.thread_time()
            make_bot("strong", rules, 0).choose(view)
            warm = min(warm, (time.thread_time() - began) * 1000)
        print(
            f"{e['cpu_ms']:>8.1f}{cold:>8.1f}{warm:>8.1f}  {e['kind']}  {e['hand']}  {e['melds']}"
        )
    profiler = cProfile.Profile()
    _clear_caches()
    profiler.enable()
    for view in views:
        make_bot("strong", rules, 0).choose(view)
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(top)
    print(text.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    logging = sub.add_parser("log")
    logging.add_argument("--hands", type=int, default=1000)
    logging.add_argument("--seed", type=int, default=1)
    logging.add_argument("--keep", type=int, default=50)
    logging.add_argument("--out", type=Path, default=Path("slow.json"))
    logging.add_argument(
        "--freeze", action="store_true", help="gc.freeze() after the first hand"
    )
    profiling = sub.add_parser("profile")
    profiling.add_argument("log", type=Path)
    profiling.add_argument("--repeat", type=int, default=5)
    profiling.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    if args.command == "log":
        log(args.hands, args.seed, args.keep, args.out, args.freeze)
    else:
        profile(args.log, args.repeat, args.top)


if __name__ == "__main__":
    main()
