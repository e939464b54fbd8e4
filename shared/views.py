"""Views: everything one seat (or a spectator) may know of the table, and nothing more."""

from __future__ import annotations

from typing import Literal, Protocol

import msgspec

from shared.actions import AnyAction
from shared.events import HandEnded
from shared.melds import Meld
from shared.tiles import KINDS, Tile

Phase = Literal["roll", "turn", "claim", "rob", "ended"]


class MeldView(msgspec.Struct, frozen=True):
    """A meld as the viewer sees it; another seat's concealed kong has `tiles` None."""

    kind: Literal["chow", "pung", "kong", "concealed_kong"]
    tiles: tuple[int, ...] | None
    from_seat: int | None = None

    def meld(self) -> Meld | None:
        """The meld itself, when its tiles are known to the viewer."""
        if self.tiles is None:
            return None
        first = Tile(self.tiles[0])
        if self.kind == "chow":
            return Meld.chow(first)
        if self.kind == "pung":
            return Meld.pung(first)
        return Meld.kong(first, concealed=self.kind == "concealed_kong")


class SeatPublic(msgspec.Struct, frozen=True):
    """What everyone sees of a seat."""

    concealed_count: int
    melds: tuple[MeldView, ...]
    river: tuple[int, ...]
    flowers: tuple[int, ...]
    river_from_draw: tuple[bool, ...] = ()
    """Beside `river`, tile by tile: True where the seat let go the kind it had just drawn
    (摸切: its 13 tiles the same as before the draw), False where it let go a tile from its
    hand (手切). What everyone at a real table sees; empty from a host before it was sent."""


class TableView(msgspec.Struct, frozen=True):
    """A seat's (or a spectator's, `seat` None) snapshot of the hand in play."""

    seat: int | None
    phase: Phase
    hand_number: int
    dealer: int
    seat_winds: tuple[int, int, int, int]
    prevailing_wind: int
    scores: tuple[int, int, int, int]
    current_seat: int
    wall_left: int
    dice: tuple[int, int] | None
    seats: tuple[SeatPublic, SeatPublic, SeatPublic, SeatPublic]
    last_discard: tuple[int, int] | None
    """(seat, tile) of the discard on the table, while it may be claimed."""
    pending_kong: tuple[int, int] | None
    """(seat, tile) of an added kong others may rob."""
    hand: tuple[int, ...] = ()
    """The viewer's concealed tiles, sorted, without the drawn tile."""
    drawn: int | None = None
    """The viewer's freshly drawn tile, kept apart."""
    legal: tuple[AnyAction, ...] = ()
    missed_win_tiles: tuple[int, ...] = ()
    """过水: tiles this seat may not win on until the lock lifts."""
    result: HandEnded | None = None

    def concealed_counts(self) -> list[int]:
        """34 counts of the viewer's concealed tiles, the drawn tile included."""
        counts = [0] * KINDS
        for t in self.hand:
            counts[t] += 1
        if self.drawn is not None:
            counts[self.drawn] += 1
        return counts

    def melds_laid(self) -> int:
        """How many sets the viewer has laid down (concealed kongs included)."""
        return len(self.seats[self.seat].melds) if self.seat is not None else 0

    def unseen_counts(self) -> list[int]:
        """How many of each kind the viewer cannot see (`unseen_counts` below)."""
        return unseen_counts(self.seats, self.concealed_counts())


class SeatView(Protocol):
    """What a computer player reads: a `TableView`, or the host's on-demand `LiveView`."""

    @property
    def seat(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def seat_winds(self) -> tuple[int, int, int, int]: ...
    @property
    def prevailing_wind(self) -> int: ...
    @property
    def wall_left(self) -> int: ...
    @property
    def seats(self) -> tuple[SeatPublic, SeatPublic, SeatPublic, SeatPublic]: ...
    @property
    def last_discard(self) -> tuple[int, int] | None: ...
    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def drawn(self) -> int | None: ...
    @property
    def legal(self) -> tuple[AnyAction, ...]: ...

    def concealed_counts(self) -> list[int]: ...

    def melds_laid(self) -> int: ...

    def unseen_counts(self) -> list[int]: ...


def unseen_counts(seats: tuple[SeatPublic, ...], counts: list[int]) -> list[int]:
    """How many of each kind a viewer holding `counts` cannot see: not in any river or
    shown meld, nor in its own hand (so in the wall or in others' hands)."""
    seen = list(counts)
    for seat in seats:
        for tile in seat.river:
            seen[tile] += 1
        for meld in seat.melds:
            for tile in meld.tiles or ():
                seen[tile] += 1
    return list(map(_UNSEEN_OF.__getitem__, seen))


_UNSEEN_OF = (4, 3, 2, 1) + (0,) * 61
"""max(0, 4 - n) by n, the tiles of a kind seen (a view never shows more than 64)."""
