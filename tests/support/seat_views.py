"""Hand-made views of one seat (seat 0) for the computer players' tests: a turn with a
given hand, the other seats' melds and rivers as given."""

from __future__ import annotations

from shared.actions import AnyAction, Discard
from shared.views import MeldView, SeatPublic, TableView
from tests.support.gui import tile_of, tiles_of


def seat(melds: tuple[MeldView, ...] = (), river: str = "", concealed: int = 13) -> SeatPublic:
    """A seat as a host shows it; each discard let go from the hand (手切), as the host marks
    it (`river_from_draw`)."""
    tiles = tuple(tiles_of(river)) if river else ()
    return SeatPublic(concealed, melds, tiles, (), (False,) * len(tiles))


def turn(
    hand: str, drawn: str, others: tuple[SeatPublic, ...], wall: int, mine: str = ""
) -> TableView:
    """Seat 0 to discard from `hand` + `drawn`, the other seats as given."""
    tiles = sorted(tiles_of(hand))
    me = seat(river=mine, concealed=len(tiles) + 1)
    legal: tuple[AnyAction, ...] = tuple(Discard(t) for t in sorted({*tiles, tile_of(drawn)}))
    return TableView(
        seat=0,
        phase="turn",
        hand_number=1,
        dealer=0,
        seat_winds=(0, 1, 2, 3),
        prevailing_wind=0,
        scores=(1000,) * 4,
        current_seat=0,
        wall_left=wall,
        dice=(3, 4),
        seats=(me, *others),  # type: ignore[arg-type]
        last_discard=None,
        pending_kong=None,
        hand=tuple(tiles),
        drawn=tile_of(drawn),
        legal=legal,
    )
