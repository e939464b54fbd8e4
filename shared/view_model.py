"""Following a hand from events: the view a seat had, plus one event, gives the view it has.

A client starts from a snapshot (`TableView`) and applies the numbered events it receives;
the result is the same view the host would send as a snapshot (its `legal` actions come
from the host's prompts, not from here: the client decides no rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import structs

from shared.events import (
    DiceRolled,
    Event,
    FlowerRevealed,
    HandEnded,
    HandStarted,
    KongDeclared,
    MeldClaimed,
    MissedWin,
    MissedWinCleared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from shared.views import MeldView, SeatPublic, TableView

_EMPTY_SEAT = SeatPublic(concealed_count=0, melds=(), river=(), flowers=())


def new_hand(event: HandStarted, viewer: int | None) -> TableView:
    """The view at the start of a hand, before the dice."""
    return TableView(
        seat=viewer,
        phase="roll",
        hand_number=event.hand_number,
        dealer=event.dealer,
        seat_winds=event.seat_winds,
        prevailing_wind=event.prevailing_wind,
        scores=event.scores,
        current_seat=event.dealer,
        wall_left=event.wall_size,
        dice=None,
        seats=(_EMPTY_SEAT, _EMPTY_SEAT, _EMPTY_SEAT, _EMPTY_SEAT),
        last_discard=None,
        pending_kong=None,
    )


def apply(view: TableView | None, event: Event, viewer: int | None) -> TableView | None:
    """The view after `event`; events of no concern to the hand view leave it as it was."""
    if isinstance(event, HandStarted):
        return new_hand(event, viewer)
    if view is None:
        return None
    handler = _HANDLERS.get(type(event))
    return handler(view, event) if handler else view


def _seat(view: TableView, seat: int, **changes: object) -> TableView:
    seats = list(view.seats)
    seats[seat] = structs.replace(seats[seat], **changes)
    return structs.replace(view, seats=(seats[0], seats[1], seats[2], seats[3]))


def _mine(view: TableView, seat: int) -> bool:
    return view.seat is not None and view.seat == seat


def _without(tiles: tuple[int, ...], *remove: int) -> tuple[int, ...]:
    out = list(tiles)
    for tile in remove:
        out.remove(tile)
    return tuple(out)


def _merged(view: TableView) -> tuple[int, ...]:
    """The viewer's hand with its drawn tile put in place."""
    if view.drawn is None:
        return view.hand
    return tuple(sorted((*view.hand, view.drawn)))


def _dice(view: TableView, e: DiceRolled) -> TableView:
    return structs.replace(view, dice=e.dice)


def _dealt(view: TableView, e: TilesDealt) -> TableView:
    view = _seat(view, e.seat, concealed_count=e.count, flowers=e.flowers)
    view = structs.replace(view, wall_left=e.wall_left, phase="turn", current_seat=view.dealer)
    if _mine(view, e.seat) and e.tiles is not None:
        # The dealer's fourteenth tile counts as drawn: kept apart, as the host's view keeps it.
        drawn = e.drawn if e.drawn in e.tiles else None
        hand = e.tiles if drawn is None else _without(e.tiles, drawn)
        view = structs.replace(view, hand=hand, drawn=drawn)
    return view


def _drawn(view: TableView, e: TileDrawn) -> TableView:
    count = view.seats[e.seat].concealed_count + 1
    view = _seat(view, e.seat, concealed_count=count)
    view = structs.replace(
        view, wall_left=e.wall_left, phase="turn", current_seat=e.seat, last_discard=None
    )
    if view.pending_kong is not None and view.pending_kong[0] == e.seat:
        view = _upgrade_kong(view, e.seat, view.pending_kong[1])
    if _mine(view, e.seat):
        view = structs.replace(view, hand=_merged(view), drawn=e.tile)
    return view


def _upgrade_kong(view: TableView, seat: int, tile: int) -> TableView:
    melds = tuple(
        MeldView("kong", (tile,) * 4, m.from_seat)
        if m.kind == "pung" and m.tiles and m.tiles[0] == tile
        else m
        for m in view.seats[seat].melds
    )
    view = _seat(view, seat, melds=melds)
    return structs.replace(view, pending_kong=None)


def _flower(view: TableView, e: FlowerRevealed) -> TableView:
    public = view.seats[e.seat]
    view = _seat(
        view,
        e.seat,
        flowers=(*public.flowers, e.flower),
        concealed_count=public.concealed_count - 1,
    )
    if _mine(view, e.seat) and view.drawn == e.flower:
        view = structs.replace(view, drawn=None)
    return view


def _discarded(view: TableView, e: TileDiscarded) -> TableView:
    public = view.seats[e.seat]
    view = _seat(
        view,
        e.seat,
        river=(*public.river, e.tile),
        river_from_draw=(*public.river_from_draw, e.from_draw),
        concealed_count=public.concealed_count - 1,
    )
    if _mine(view, e.seat):
        view = structs.replace(view, hand=_without(_merged(view), e.tile), drawn=None)
    return structs.replace(view, phase="claim", last_discard=(e.seat, e.tile))


def _claimed(view: TableView, e: MeldClaimed) -> TableView:
    giver = view.seats[e.from_seat]
    view = _seat(
        view, e.from_seat, river=giver.river[:-1], river_from_draw=giver.river_from_draw[:-1]
    )
    public = view.seats[e.seat]
    used = list(e.tiles)
    used.remove(e.claimed_tile)
    view = _seat(
        view,
        e.seat,
        melds=(*public.melds, MeldView(e.kind, e.tiles, e.from_seat)),
        concealed_count=public.concealed_count - len(used),
    )
    if _mine(view, e.seat):
        view = structs.replace(view, hand=_without(_merged(view), *used), drawn=None)
    return structs.replace(
        view, phase="turn", current_seat=e.seat, last_discard=None, pending_kong=None
    )


def _kong(view: TableView, e: KongDeclared) -> TableView:
    public = view.seats[e.seat]
    mine = _mine(view, e.seat)
    if e.kind == "concealed":
        tiles = (e.tile,) * 4 if e.tile is not None else None
        view = _seat(
            view,
            e.seat,
            melds=(*public.melds, MeldView("concealed_kong", tiles)),
            concealed_count=public.concealed_count - 4,
        )
        if mine and e.tile is not None:
            view = structs.replace(view, hand=_without(_merged(view), *tiles or ()), drawn=None)
        return view
    assert e.tile is not None
    view = _seat(view, e.seat, concealed_count=public.concealed_count - 1)
    if mine:
        view = structs.replace(view, hand=_without(_merged(view), e.tile), drawn=None)
    return structs.replace(view, phase="rob", pending_kong=(e.seat, e.tile))


def _missed(view: TableView, e: MissedWin) -> TableView:
    if not _mine(view, e.seat):
        return view
    return structs.replace(
        view, missed_win_tiles=tuple(sorted({*view.missed_win_tiles, e.tile}))
    )


def _missed_cleared(view: TableView, e: MissedWinCleared) -> TableView:
    return structs.replace(view, missed_win_tiles=()) if _mine(view, e.seat) else view


def _ended(view: TableView, e: HandEnded) -> TableView:
    if e.kind == "discard" and e.loser is not None:
        loser = view.seats[e.loser]
        view = _seat(
            view, e.loser, river=loser.river[:-1], river_from_draw=loser.river_from_draw[:-1]
        )
    for seat, melds in enumerate(e.melds):
        own = view.seats[seat].melds
        shown = tuple(
            # HandEnded.melds names kinds as plain str (decoded unchecked); they are MeldView's
            MeldView(kind, tiles, own[i].from_seat if i < len(own) else None)  # type: ignore[arg-type]
            for i, (kind, tiles) in enumerate(melds)
        )
        view = _seat(view, seat, melds=shown)
    return structs.replace(
        view,
        phase="ended",
        hand=_merged(view),
        drawn=None,
        result=e,
        scores=e.scores,
        last_discard=None,
        pending_kong=None,
        legal=(),
    )


# Each handler takes its own event class, hence Any for the event.
_HANDLERS: dict[type[Event], Callable[[TableView, Any], TableView]] = {
    DiceRolled: _dice,
    TilesDealt: _dealt,
    TileDrawn: _drawn,
    FlowerRevealed: _flower,
    TileDiscarded: _discarded,
    MeldClaimed: _claimed,
    KongDeclared: _kong,
    MissedWin: _missed,
    MissedWinCleared: _missed_cleared,
    HandEnded: _ended,
}
