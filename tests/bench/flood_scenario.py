"""bench_net.py (d): another table's latency while one address floods the host.

One table of four network bots at 127.0.0.1 (thinking FLOOD_THINK_MS before each act) is
timed twice on a fresh host each time: quiet, then while a flooder at 127.0.0.2
(tests/support/net_flood.py) sends valid but pointless messages to a table of its own over
several connections. The figure is the ratio of the two p99s, against the target of 2×.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.support

from tests.support.net_flood import CONNECTIONS, RATE, SOURCE, flooding

FLOOD_THINK_MS = 20.0
"""The timed table's bots: brisk (50 acts a second at the table), not flat out, so that
the quiet run does not itself fill the machine."""
TARGET_RATIO = 2.0


@dataclass
class FloodResult:
    quiet: Any
    flooded: Any
    counts: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float:
        quiet, flooded = self.quiet.pct(0.99), self.flooded.pct(0.99)
        return flooded / quiet if quiet and not math.isnan(flooded) else math.nan

    def summary(self) -> dict[str, Any]:
        replies = self.counts.get("replies", {})
        return {
            "quiet_p99_ms": _round(self.quiet.pct(0.99)),
            "flooded_p99_ms": _round(self.flooded.pct(0.99)),
            "ratio": _round(self.ratio),
            "flood_sent": self.counts.get("sent"),
            "flood_rate_limited": replies.get("rate_limited"),
            "flood_served": sum(n for k, n in replies.items() if k != "rate_limited"),
            "host_cpu_quiet": _round(self.quiet.host_cpu),
            "host_cpu_flooded": _round(self.flooded.host_cpu),
        }


def _round(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 3)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-flood", action="store_true", help="skip (d), the flood")
    p.add_argument("--flood-seconds", type=float, default=10.0, help="measuring time of (d)")
    p.add_argument(
        "--flood-rate",
        type=float,
        default=RATE,
        help=f"messages/s the flooder sends in all (default {RATE:g}; 0: flat out)",
    )
    p.add_argument("--flood-connections", type=int, default=CONNECTIONS)


def run(
    run_step: Callable[..., Any], line: Callable[[str, Any], str], args: argparse.Namespace
) -> FloodResult:
    """Measure (d) and print its two rows and the flood's counts."""
    rate = f"{args.flood_rate:g} messages/s" if args.flood_rate else "flat out"
    print(
        f"\n(d) one table (bots think {FLOOD_THINK_MS:g} ms), quiet and while {SOURCE} "
        f"floods its own table ({args.flood_connections} connections, {rate})"
    )
    common = dict(
        tables=1,
        secure=True,
        procs=1,
        seconds=args.flood_seconds,
        warmup=args.warmup,
        kind=args.bots,
        think_ms=FLOOD_THINK_MS,
        seed=args.seed,
    )
    quiet = run_step(**common)
    print(line("quiet", quiet), flush=True)
    counts: dict[str, Any] = {}

    def flood(address: str) -> Any:
        return flooding(
            address,
            args.flood_seconds + 120,
            connections=args.flood_connections,
            rate=args.flood_rate,
            into=counts,
        )

    flooded = run_step(**common, during=flood)
    print(line(f"while {SOURCE} floods", flooded), flush=True)
    replies = counts.get("replies", {})
    served = sum(n for k, n in replies.items() if k != "rate_limited")
    print(
        f"  the flooder sent {counts.get('sent', 0):,} messages; the host answered {served:,} "
        f"and refused {replies.get('rate_limited', 0):,} with rate_limited (a few a second "
        "a connection: the rest were dropped unread)"
    )
    return FloodResult(quiet, flooded, counts)
