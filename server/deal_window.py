"""The host's wait for the players' contributions to a hand's deal (PROTOCOL.md §15).

As a hand starts, every seat a connected person plays is awaited for up to
CONTRIBUTION_SECONDS; the dealer is not asked to roll until each of them has contributed
or the time is up, so a dead client cannot stall the table. A seat that has not
contributed by then, and every computer seat, is dealt with the documented default (32
zero bytes), and the roll names those seats (`dice_rolled.defaulted`), so that a player
left out sees it at once. Contributions that come late, twice, for another hand or from a spectator
are refused with an `error` `contribution_refused` naming why.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from server.limits import CONTRIBUTION_SECONDS
from shared.errors import IllegalAction

__all__ = ["CONTRIBUTION_SECONDS", "ContributionRefused", "ContributionWindow"]


class ContributionRefused(IllegalAction):
    """A contribution the host does not take (the `error` code `contribution_refused`)."""


@dataclass
class ContributionWindow:
    """The contributions awaited for one hand."""

    hand_number: int
    due: float
    awaited: set[int] = field(default_factory=set)
    received: set[int] = field(default_factory=set)

    @property
    def open(self) -> bool:
        return bool(self.awaited)

    def check(self, seat: int | None, hand_number: int, now: float) -> None:
        """Raise ContributionRefused unless `seat` may contribute to `hand_number` now."""
        if seat is None:
            raise ContributionRefused("spectators do not contribute to the deal")
        if hand_number != self.hand_number:
            raise ContributionRefused(
                f"the hand being dealt is hand {self.hand_number}, not {hand_number}"
            )
        if seat in self.received:
            raise ContributionRefused(
                f"seat {seat} has already contributed to hand {hand_number}"
            )
        if seat not in self.awaited or now >= self.due:
            raise ContributionRefused(
                f"too late: the contributions to hand {hand_number} are closed "
                f"(they are taken for {CONTRIBUTION_SECONDS:g} s from the commitment)"
            )

    def took(self, seat: int) -> None:
        self.awaited.discard(seat)
        self.received.add(seat)

    def expire(self, now: float, unplayed: AbstractSet[int]) -> bool:
        """Stop waiting for seats no person plays now, and for everyone once it is due;
        True when that closed the window."""
        was_open = self.open
        self.awaited -= unplayed
        if now >= self.due:
            self.awaited.clear()
        return was_open and not self.open
