"""One connection to the host as the host keeps it: the `Client` (its address, key, rate
budget, player), the `Dropped` one still heard from, the counted log of refusals, and the
peer's address as ZeroMQ says it (PROTOCOL.md §1 Limits)."""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass

import zmq

from server.limits import RATE_BURST, RATE_PER_SECOND, REFUSAL_LOG_SECONDS

log = logging.getLogger("server.host")
"""The host's log: what connections do is told under the host's name, as before these
lines left server/host.py (`host.log` readers and the LAN tests filter by it)."""


@dataclass
class Client:
    """One connection (a DEALER socket at the other end)."""

    identity: bytes
    last_seen: float
    tokens: float = float(RATE_BURST)
    refilled: float = 0.0
    last_error: float = 0.0
    player: int | None = None
    room: str | None = None
    address: str = ""
    """The peer's IP address (ZeroMQ's Peer-Address)."""
    key: str = ""
    """The peer's CurveZMQ public key (Z85), who the player is; "" on an insecure host."""
    since: float = 0.0
    """When its first message arrived: it must be welcomed by JOIN_DEADLINE_SECONDS."""
    stranger: bool = False
    """Let in as a stranger: neither a resume nor a key with a score here
    (server/admission.py), so held to the strangers' share."""


@dataclass
class Dropped:
    """A connection dropped for not joining in time: what it still sends is ignored."""

    address: str
    last_seen: float


class RefusalLog:
    """Counts refused and dropped connections (or `what` is counted); one log line every
    REFUSAL_LOG_SECONDS."""

    def __init__(self, what: str = "connections refused or dropped") -> None:
        self.what = what
        self.counts: Counter[str] = Counter()
        self.latest = ""
        self.logged = float("-inf")

    def note(self, code: str, address: str, now: float) -> None:
        self.counts[code] += 1
        self.latest = address
        self.flush(now)

    def flush(self, now: float) -> None:
        if not self.counts or now - self.logged < REFUSAL_LOG_SECONDS:
            return
        self.logged = now
        counts = ", ".join(f"{code} {n}" for code, n in sorted(self.counts.items()))
        log.warning("%s: %s (latest from %r)", self.what, counts, self.latest)
        self.counts.clear()


def take_token(client: Client, now: float) -> bool:
    """Token bucket: RATE_PER_SECOND messages a second, bursts up to RATE_BURST."""
    client.tokens = min(
        float(RATE_BURST), client.tokens + (now - client.refilled) * RATE_PER_SECOND
    )
    client.refilled = now
    if client.tokens < 1.0:
        return False
    client.tokens -= 1.0
    return True


def peer_address(frame: zmq.Frame) -> str:
    """The source IP of a received message ("" if ZeroMQ does not say)."""
    try:
        return str(frame.get("Peer-Address"))
    except (zmq.ZMQError, KeyError, UnicodeDecodeError):
        return ""
