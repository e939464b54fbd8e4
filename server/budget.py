"""The per-address budget: one noisy machine cannot slow the other tables.

The per-connection rate (server/limits.py) bounds what one connection gets handled, but
a machine may open up to MAX_CLIENTS_PER_ADDRESS connections. So every frame read from a
source address, whatever its connection (joined, not yet, or dropped), is also taken from
that address's token bucket, before anything is decoded: a frame over the budget is
dropped unread. Measured (docs/decisions/0006-host-under-flood.md): reading and dropping a frame
costs the host a few microseconds, most of it pyzmq's receive, and its ZeroMQ thread
decrypts every frame (CurveZMQ) before the host sees it. A flood can send far faster than
that, so dropping cheaply is not enough: after a read round cut short by a flood's backlog
(FLOOD_ROUND_DROPS frames over a budget), the host does not read for a while (`pause`),
so that reading a flood takes at most about FLOOD_SHARE of its time. A flood that comes no
faster than the host drops it never fills a round, and costs no pause: the other tables'
messages then wait for nothing. Meanwhile ZeroMQ's queue for the flooding connections
fills up (1000 messages), ZeroMQ stops reading their TCP connections, and their frames
wait in the kernel, neither decrypted nor read, until the host reads again.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.limits import (
    ADDRESS_BURST,
    ADDRESS_RATE_PER_SECOND,
    FLOOD_PAUSE_MAX_SECONDS,
    FLOOD_ROUND_DROPS,
    FLOOD_SHARE,
    UNBUDGETED_ADDRESSES,
)


@dataclass
class _Bucket:
    tokens: float
    refilled: float


class AddressBudgets:
    """A token bucket per source address: ADDRESS_RATE_PER_SECOND, bursts of ADDRESS_BURST."""

    def __init__(self) -> None:
        self._buckets: dict[str, _Bucket] = {}
        self._swept = 0.0

    def allow(self, address: str, now: float) -> bool:
        """Take one frame from `address`'s budget; False when it is spent (drop the frame)."""
        if address in UNBUDGETED_ADDRESSES:
            return True
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = _Bucket(float(ADDRESS_BURST), now)
        else:
            bucket.tokens = min(
                float(ADDRESS_BURST),
                bucket.tokens + (now - bucket.refilled) * ADDRESS_RATE_PER_SECOND,
            )
            bucket.refilled = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def sweep(self, now: float) -> None:
        """Forget the buckets that have filled up again (a new one is the same), so that
        addresses seen once are not kept for ever; at most once a second."""
        if now - self._swept < 1.0:
            return
        self._swept = now
        full = float(ADDRESS_BURST) / ADDRESS_RATE_PER_SECOND
        for address in [a for a, b in self._buckets.items() if now - b.refilled > full]:
            del self._buckets[address]


def pause(round_seconds: float, dropped: int) -> float:
    """How long not to read after a read round of `round_seconds` that dropped `dropped`
    frames over a budget: none unless the flood filled the round, else so long that
    reading takes about FLOOD_SHARE of the time."""
    if dropped < FLOOD_ROUND_DROPS:
        return 0.0
    return min(FLOOD_PAUSE_MAX_SECONDS, round_seconds * (1.0 - FLOOD_SHARE) / FLOOD_SHARE)
