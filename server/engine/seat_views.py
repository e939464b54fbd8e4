"""What each seat sees of the table: its `TableView` (a snapshot's), every seat's public
part, its own concealed tiles and the tiles it cannot see.

Functions of a `HandTable` (server/engine/table.py), whose methods of the same names
call them; `LiveView` (server/engine/live_view.py) reads the same answers field by field.
A seat's public part and its sorted hand are kept on the seat (`SeatState`) until it
changes, since every seat's bot reads them each turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from server.engine.hand_state import SEATS, Phase, four, meld_record, tiles_of
from server.engine.legal import legal_actions
from shared.tiles import KINDS
from shared.views import MeldView, SeatPublic, TableView, unseen_counts

if TYPE_CHECKING:
    from server.engine.table import HandTable

def view(table: HandTable, seat: int | None) -> TableView:
    """What `seat` (None: a spectator) may know now."""
    setup = table.setup
    return TableView(
        seat=seat,
        phase=table.phase.value,
        hand_number=setup.hand_number,
        dealer=setup.dealer,
        seat_winds=setup.seat_winds,
        prevailing_wind=setup.prevailing_wind,
        scores=four(table.scores),
        current_seat=table.current,
        wall_left=table.wall.left,
        dice=table.dice,
        seats=(
            seat_public(table, 0, seat),
            seat_public(table, 1, seat),
            seat_public(table, 2, seat),
            seat_public(table, 3, seat),
        ),
        last_discard=claimable_discard(table),
        pending_kong=table.pending_kong,
        hand=hand_tiles(table, seat) if seat is not None else (),
        drawn=shown_drawn(table, seat) if seat is not None else None,
        legal=tuple(legal_actions(table, seat)) if seat is not None else (),
        missed_win_tiles=tuple(sorted(table.seats[seat].locked)) if seat is not None else (),
        result=table.result,
    )


def claimable_discard(table: HandTable) -> tuple[int, int] | None:
    """(seat, tile) of the discard on offer, while others may claim it."""
    return table.last_discard if table.phase is Phase.CLAIM else None


def shown_drawn(table: HandTable, seat: int) -> int | None:
    """The seat's freshly drawn tile as its view keeps it apart (the dealer's dealt 14th
    too: the tile its timer, Enter and 自动摸打 let go)."""
    if seat == table.current and table.phase is Phase.TURN and table.drawn is not None:
        return table.drawn
    return None


def hand_tiles(table: HandTable, seat: int) -> tuple[int, ...]:
    """The seat's concealed tiles, sorted, without the tile `shown_drawn` keeps apart."""
    st = table.seats[seat]
    drawn = shown_drawn(table, seat)
    hand = st.hand_cache.get(drawn)
    if hand is None:
        tiles = list(tiles_of(st.counts))
        if drawn is not None:
            tiles.remove(drawn)
        hand = st.hand_cache[drawn] = tuple(tiles)
    return hand


def unseen(table: HandTable, seat: int) -> list[int]:
    """`shared.views.unseen_counts` of what `seat` sees, from the kept `shown` counts:
    the same answer, without reading every river and meld."""
    st = table.seats[seat]
    if table.phase is Phase.ENDED:  # every concealed kong face up: recount
        return unseen_counts(
            tuple(seat_public(table, s, seat) for s in range(SEATS)), st.counts
        )
    # 4 - shown - held: every copy is in one place only, so this never goes below 0. A
    # comprehension by index, not two maps of operator.sub: half the time pure, and
    # compiled a native loop where each map step was a generic call.
    shown = table.shown
    held = st.counts
    found = [4 - shown[k] - held[k] for k in range(KINDS)]
    for placed in st.melds:
        if placed.meld.concealed:  # its own concealed kongs the seat sees
            found[placed.meld.first] -= 4
    return found


def seat_public(table: HandTable, seat: int, viewer: int | None) -> SeatPublic:
    """What `viewer` (None: a spectator) sees of `seat`."""
    st = table.seats[seat]
    key = (viewer == seat, table.phase is Phase.ENDED)
    cached = st.public_cache.get(key)
    if cached is None:
        cached = st.public_cache[key] = _make_public(table, seat, viewer)
    return cached


def _make_public(table: HandTable, seat: int, viewer: int | None) -> SeatPublic:
    st = table.seats[seat]
    melds = []
    for p in st.melds:
        record = meld_record(p.meld)
        hidden = p.meld.concealed and viewer != seat and table.phase is not Phase.ENDED
        melds.append(MeldView(record[0], None if hidden else record[1], p.from_seat))
    return SeatPublic(
        concealed_count=sum(st.counts),
        melds=tuple(melds),
        river=tuple(st.river),
        flowers=tuple(st.flowers),
        river_from_draw=tuple(st.river_from_draw),
    )
