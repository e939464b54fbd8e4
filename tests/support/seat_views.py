"""Hand-made views of one seat (seat 0) for the computer players' tests: a turn with a
given hand (`turn`), or a discard offered to it (`offer`), the other seats' melds and
rivers as given."""

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
    return _seat_zero("turn", 0, 0, tiles, (me, *others), wall, None, tile_of(drawn), legal)


def offer(
    hand: str,
    tile: str,
    others: tuple[SeatPublic, ...],
    legal: tuple[AnyAction, ...],
    wall: int = 60,
    melds: tuple[MeldView, ...] = (),
) -> TableView:
    """Seat 0 (East in the East round; seat 3, its 上家, is the one before it) holding `hand`
    with `melds` laid, offered `tile` just let go by seat 3 (the last of `others`, whose river
    ends with it), `legal` its choices."""
    tiles = sorted(tiles_of(hand))
    me = SeatPublic(len(tiles), melds, (), ())
    return _seat_zero("claim", 3, 1, tiles, (me, *others), wall, (3, tile_of(tile)), None, legal)


def _seat_zero(
    phase: str,
    current: int,
    dealer: int,
    tiles: list[int],
    seats: tuple[SeatPublic, ...],
    wall: int,
    last_discard: tuple[int, int] | None,
    drawn: int | None,
    legal: tuple[AnyAction, ...],
) -> TableView:
    """Seat 0's view (East in the East round) in `phase`, `current` the seat whose turn it
    is, `dealer` the dealer's."""
    return TableView(
        seat=0,
        phase=phase,  # type: ignore[arg-type]
        hand_number=1,
        dealer=dealer,
        seat_winds=(0, 1, 2, 3),
        prevailing_wind=0,
        scores=(1000,) * 4,
        current_seat=current,
        wall_left=wall,
        dice=(3, 4),
        seats=seats,  # type: ignore[arg-type]
        last_discard=last_discard,
        pending_kong=None,
        hand=tuple(tiles),
        drawn=drawn,
        legal=legal,
    )
