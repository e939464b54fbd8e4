"""Who a new connection is let in as: admission by identity (PROTOCOL.md §1 "Limits").

The host tracks `max_clients` connections at most. The last `resume_reserve` of them are
only for seated players coming back; the `known_reserve` before those also for keys this
host has seen (players with a score here, server/store.py); strangers (every other key)
share the rest, and each source address may have at most MAX_UNJOINED_PER_ADDRESS of its
strangers waiting unwelcomed at once (not the host's own machine, as for the address
budget, server/budget.py: its own player, and a program there could stop the host
anyway). A connection dropped at its join deadline stops counting at once. So pingers
from a few addresses can fill neither the host nor the strangers' share, and no number
of strangers keeps out a friend who has played here."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from server.limits import (
    KNOWN_RESERVE,
    MAX_CLIENTS_PER_ADDRESS,
    MAX_UNJOINED_PER_ADDRESS,
    RESUME_RESERVE,
    UNBUDGETED_ADDRESSES,
)
from shared.protocol import ErrorCode

Kind = Literal["resume", "known", "stranger"]
"""A newcomer: a hello taking back a seated player; a key with a score on this host; or
anyone else."""


@dataclass(frozen=True)
class Refusal:
    code: ErrorCode
    reason: str


class Admission:
    """The counts admission goes by: connections by address, strangers, and strangers not
    yet welcomed by address. The host tells it of every connection counted, welcomed and
    let go; it answers whether a newcomer may come in."""

    def __init__(self, max_clients: int) -> None:
        self.max_clients = max_clients
        # Under a low open-file limit the reserves shrink with the cap: an eighth each.
        self.resume_reserve = min(RESUME_RESERVE, max_clients // 8)
        self.known_reserve = min(KNOWN_RESERVE, max_clients // 8)
        self.for_strangers = max_clients - self.resume_reserve - self.known_reserve
        """Connections strangers may hold together, joined or not."""
        self.total = 0
        self.strangers = 0
        self.per_address: Counter[str] = Counter()
        """Every counted connection by source address (joined or not)."""
        self.unjoined: Counter[str] = Counter()
        """Strangers' connections not yet welcomed, by source address."""

    def refusal(self, kind: Kind, address: str) -> Refusal | None:
        """Why a newcomer of `kind` from `address` is refused; None: let it in."""
        if self.total >= self.max_clients:
            return Refusal("host_full", "the host has no room for more")
        if kind == "resume":
            return None
        if self.total >= self.max_clients - self.resume_reserve:
            return Refusal(
                "host_full",
                "the host has no room for more connections (only for returning players)",
            )
        if self.per_address[address] >= MAX_CLIENTS_PER_ADDRESS:
            return Refusal(
                "too_many_connections",
                f"at most {MAX_CLIENTS_PER_ADDRESS} connections from one address",
            )
        if kind == "known":
            return None
        if self.strangers >= self.for_strangers:
            return Refusal(
                "host_full",
                "the host has no room for more connections (only for players it knows)",
            )
        if (
            self.unjoined[address] >= MAX_UNJOINED_PER_ADDRESS
            and address not in UNBUDGETED_ADDRESSES
        ):
            return Refusal(
                "too_many_connections",
                f"at most {MAX_UNJOINED_PER_ADDRESS} connections from one address may "
                "wait to join at once",
            )
        return None

    def count(self, address: str, stranger: bool) -> None:
        """A newcomer let in (not yet welcomed)."""
        self.total += 1
        self.per_address[address] += 1
        if stranger:
            self.strangers += 1
            self.unjoined[address] += 1

    def welcomed(self, address: str, stranger: bool) -> None:
        """A counted connection's hello was welcomed: it no longer waits to join."""
        if stranger:
            _decrement(self.unjoined, address)

    def release(self, address: str, stranger: bool, joined: bool) -> None:
        """A counted connection gone, forgotten or dropped at its join deadline."""
        self.total -= 1
        _decrement(self.per_address, address)
        if stranger:
            self.strangers -= 1
            if not joined:
                _decrement(self.unjoined, address)


def _decrement(counts: Counter[str], address: str) -> None:
    counts[address] -= 1
    if counts[address] <= 0:
        del counts[address]
