"""A seat's view of a live table, read on demand: what in-process computer players look at.

`HandTable.view(seat)` builds a whole `TableView` (what a snapshot sends over the wire).
A bot in the same process reads only a few of its fields, so `LiveView` answers each
field when asked, from the table as it is now, with exactly the value `view(seat)` would
hold (tests/test_live_view.py compares every field at every step). It shows nothing the
seat may not see: each field is the seat's own view of that part of the table.

A live view follows the table: read it before the next `step`, as a bot's `choose` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from server.engine.legal import legal_actions
from shared.actions import AnyAction
from shared.events import HandEnded
from shared.views import SeatPublic

if TYPE_CHECKING:
    from server.engine.table import HandTable


class LiveView:
    """The fields of `TableView` for one seat, each computed when read."""

    __slots__ = ("_table", "seat")

    def __init__(self, table: HandTable, seat: int) -> None:
        self._table = table
        self.seat = seat

    @property
    def phase(self) -> str:
        # The member's `_value_`, not `phase_name`'s `.value`: enum's `value` is a
        # descriptor written in Python, a frame on every read, compiled or not.
        name: str = self._table.phase._value_
        return name

    @property
    def hand_number(self) -> int:
        return self._table.setup.hand_number

    @property
    def dealer(self) -> int:
        return self._table.setup.dealer

    @property
    def seat_winds(self) -> tuple[int, int, int, int]:
        return self._table.setup.seat_winds

    @property
    def prevailing_wind(self) -> int:
        return self._table.setup.prevailing_wind

    @property
    def scores(self) -> tuple[int, int, int, int]:
        s = self._table.scores
        return (s[0], s[1], s[2], s[3])

    @property
    def current_seat(self) -> int:
        return self._table.current

    @property
    def wall_left(self) -> int:
        return self._table.wall.left

    @property
    def dice(self) -> tuple[int, int] | None:
        return self._table.dice

    @property
    def seats(self) -> tuple[SeatPublic, SeatPublic, SeatPublic, SeatPublic]:
        public = self._table.seat_public
        seat = self.seat
        return (public(0, seat), public(1, seat), public(2, seat), public(3, seat))

    def own_public(self) -> SeatPublic:
        """`seats[seat]` alone: what a bot that reads only its own seat's melds and
        flowers asks, without the other three built."""
        return self._table.seat_public(self.seat, self.seat)

    def melds_shown(self, seat: int) -> int:
        """How many of `seat`'s melds are face up: `seats[seat].melds` but its concealed
        kongs (kind "concealed_kong", face up or not), without any public part built."""
        shown = 0
        for placed in self._table.seats[seat].melds:
            if not placed.meld.concealed:
                shown += 1
        return shown

    @property
    def last_discard(self) -> tuple[int, int] | None:
        return self._table.claimable_discard

    @property
    def pending_kong(self) -> tuple[int, int] | None:
        return self._table.pending_kong

    @property
    def hand(self) -> tuple[int, ...]:
        return self._table.hand_tiles(self.seat)

    @property
    def drawn(self) -> int | None:
        return self._table.shown_drawn(self.seat)

    @property
    def legal(self) -> tuple[AnyAction, ...]:
        return tuple(legal_actions(self._table, self.seat))  # the table's, one call fewer

    @property
    def missed_win_tiles(self) -> tuple[int, ...]:
        return tuple(sorted(self._table.seats[self.seat].locked))

    @property
    def result(self) -> HandEnded | None:
        return self._table.result

    def concealed_counts(self) -> list[int]:
        """34 counts of the seat's concealed tiles, the drawn tile included (a fresh list)."""
        return list(self._table.seats[self.seat].counts)

    def unseen_counts(self) -> list[int]:
        """How many of each kind the seat cannot see (`shared.views.unseen_counts` of its
        view), from the counts the table keeps as tiles move."""
        return self._table.unseen_counts(self.seat)

    def melds_laid(self) -> int:
        """How many sets the seat has laid down (concealed kongs included)."""
        return len(self._table.seats[self.seat].melds)
