"""tests/bench/bench_net.py (d): another table's latency while one address floods the host.

One table of four network bots at 127.0.0.1 (thinking FLOOD_THINK_MS before each act) plays
on one host for the whole run, timed in windows of `--flood-seconds`: a quiet window before
each kind of flood (FLOODS), then that flood from another address (127.0.0.2, 127.0.0.3:
tests/support/net_flood.py) at a table of its own over several connections. Each figure is
a flooded window's p99 over the p99 of the quiet windows of the same run (the same host,
the same table, the load beside it taken before each flood), against the target of 2×.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.support.net_flood import CONNECTIONS, RATE, SOURCE, flooding

FLOOD_THINK_MS = 20.0
"""The timed table's bots: brisk (50 acts a second at the table), not flat out, so that
the quiet run does not itself fill the machine."""
TARGET_RATIO = 2.0
FLOODS = {
    "messages": "valid but pointless messages (snapshot_request, ping, say)",
    "illegal": "illegal moves (act discard with no hand in play)",
}
"""The kinds of flood (tests/support/net_flood.py KINDS), each timed in a window of its own."""
SOURCES = {"messages": SOURCE, "illegal": "127.0.0.3"}
"""Each flood from an address of its own: the host still counts the connections of the one
before for a while (until they are lost), and one address may have 64 at most."""
SETTLE_SECONDS = 1.0
"""Quiet between two floods, so that the first one's backlog is not timed in the second."""


@dataclass
class FloodResult:
    quiet: Any
    flooded: dict[str, Any]
    """Kind → the timed table's Step while that kind of flood ran."""
    counts: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Kind → the flooder's counts (sent, replies by type or error code)."""

    def ratio(self, kind: str) -> float:
        quiet, flooded = self.quiet.pct(0.99), self.flooded[kind].pct(0.99)
        return flooded / quiet if quiet and not math.isnan(flooded) else math.nan

    @property
    def worst(self) -> float:
        """The highest ratio of the floods (NaN if one could not be measured)."""
        ratios = [self.ratio(kind) for kind in self.flooded]
        return max(ratios) if ratios and not any(math.isnan(r) for r in ratios) else math.nan

    def summary(self) -> dict[str, Any]:
        floods = {}
        for kind, step in self.flooded.items():
            counts = self.counts.get(kind, {})
            replies = counts.get("replies", {})
            floods[kind] = {
                "p99_ms": _round(step.pct(0.99)),
                "ratio": _round(self.ratio(kind)),
                "acts": len(step.samples),
                "host_cpu": _round(step.host_cpu),
                "sent": counts.get("sent"),
                "rate_limited": replies.get("rate_limited"),
                "answered": sum(n for k, n in replies.items() if k != "rate_limited"),
            }
        return {
            "quiet_p99_ms": _round(self.quiet.pct(0.99)),
            "quiet_acts": len(self.quiet.samples),
            "host_cpu_quiet": _round(self.quiet.host_cpu),
            "ratio": _round(self.worst),
            "floods": floods,
        }


def _round(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 3)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-flood", action="store_true", help="skip (d), the flood")
    p.add_argument(
        "--flood-only", action="store_true", help="run (d) alone, without (a), (b) and (c)"
    )
    p.add_argument("--flood-seconds", type=float, default=10.0, help="each window of (d)")
    p.add_argument(
        "--flood-rate",
        type=float,
        default=RATE,
        help=f"messages/s the flooder sends in all (default {RATE:g}; 0: flat out)",
    )
    p.add_argument("--flood-connections", type=int, default=CONNECTIONS)


def _window(step: Any, spans: list[tuple[float, float, float | None]]) -> Any:
    """The acts of `step` sent within the spans (start, end, host CPU), as a Step."""
    taken = [
        s
        for s, t in zip(step.samples, step.sent_times, strict=True)
        if any(start <= t < end for start, end, _ in spans)
    ]
    seconds = sum(end - start for start, end, _ in spans)
    cpus = [cpu * (end - start) for start, end, cpu in spans if cpu is not None]
    cpu = sum(cpus) / seconds if len(cpus) == len(spans) and seconds > 0 else None
    return dataclasses.replace(step, samples=taken, seconds=seconds, host_cpu=cpu)


def run(
    run_step: Callable[..., Any], line: Callable[[str, Any], str], args: argparse.Namespace
) -> FloodResult:
    """Measure (d) and print its rows, the flood's counts and the ratios."""
    rate = f"{args.flood_rate:g} messages/s" if args.flood_rate else "flat out"
    seconds = args.flood_seconds
    print(
        f"\n(d) one table (bots think {FLOOD_THINK_MS:g} ms) on one host: {seconds:g} s quiet, "
        f"then {seconds:g} s of a flood from another address at a table of its own "
        f"({args.flood_connections} connections, {rate}), for each kind of flood"
    )
    windows: dict[str, list[tuple[float, float, float | None]]] = {}
    counts: dict[str, dict[str, Any]] = {}

    def timed(name: str, length: float, host_cpu: Callable[[], float | None]) -> None:
        before, start = host_cpu(), time.perf_counter()
        time.sleep(length)
        after, end = host_cpu(), time.perf_counter()
        cpu = None if before is None or after is None else (after - before) / (end - start)
        windows.setdefault(name, []).append((start, end, cpu))

    def phases(address: str, host_cpu: Callable[[], float | None]) -> None:
        for kind in FLOODS:
            timed("quiet", seconds, host_cpu)
            counts[kind] = {}
            with flooding(
                address,
                seconds + 120,
                source=SOURCES[kind],
                connections=args.flood_connections,
                rate=args.flood_rate,
                into=counts[kind],
                kind=kind,
            ):
                timed(kind, seconds, host_cpu)
            time.sleep(SETTLE_SECONDS)

    whole = run_step(
        tables=1,
        secure=True,
        procs=1,
        seconds=seconds * 2 * len(FLOODS) + 600,  # the phases end it
        warmup=args.warmup,
        kind=args.bots,
        think_ms=FLOOD_THINK_MS,
        seed=args.seed,
        phases=phases,
    )
    if "quiet" not in windows:  # the table never played: report the failure as it is
        empty = dataclasses.replace(whole, samples=[], sent_times=[])
        result = FloodResult(empty, {kind: empty for kind in FLOODS}, counts)
    else:
        quiet = _window(whole, windows["quiet"])
        flooded = {kind: _window(whole, windows[kind]) for kind in FLOODS if kind in windows}
        result = FloodResult(quiet, flooded, counts)
    print(line("quiet", result.quiet), flush=True)
    for kind, step in result.flooded.items():
        print(line(f"{kind} flood", step), flush=True)
    print(f"\n  {'flood':<10}{'sent':>10}{'answered':>10}{'refused':>10}{'p99 ms':>9}{'ratio':>8}")
    for kind, step in result.flooded.items():
        replies = counts.get(kind, {}).get("replies", {})
        answered = sum(n for k, n in replies.items() if k != "rate_limited")
        ratio = result.ratio(kind)
        verdict = "PASS" if ratio <= TARGET_RATIO else "MISS"
        print(
            f"  {kind:<10}{counts.get(kind, {}).get('sent', 0):>10,}{answered:>10,}"
            f"{replies.get('rate_limited', 0):>10,}{step.pct(0.99):>9.2f}{ratio:>7.2f}×  "
            f"{verdict} (≤ {TARGET_RATIO:g}× the quiet {result.quiet.pct(0.99):.2f} ms)"
        )
    print(
        f"  ({FLOODS['messages']}; {FLOODS['illegal']}; refused: rate_limited replies, a few "
        "a second a connection: the rest dropped unread)"
    )
    return result
