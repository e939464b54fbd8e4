"""The moves of a hand that change its tiles: the roll and the deal, draws (flowers
replaced from the tail), discards and the claim window they open, and kongs declared on a
turn (RULES.md §3–§5).

Functions of a `HandTable` (server/engine/table.py), called by `step` once the action is
known to be legal; each appends its events to `out`, addressed to the seats that may see
them. What happens once a claim window's answers are in is server/engine/claim_window.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from server.engine.claims import CHOW_SHAPES, ClaimOptions, chow_starts
from server.engine.hand_state import (
    ALL_BUT,
    CLAIM,
    NEXT,
    ONLY,
    OTHERS,
    ROB,
    SEATS,
    TURN,
    UNKNOWN,
    PlacedMeld,
)
from server.engine.wall import DEAL_CHUNKS, Wall, roll_dice
from server.engine.winning import discard_win_score, finish, self_drawn_score, waits
from shared.actions import AddedKong, AnyAction, ConcealedKong, DeclareWin
from shared.dice import wall_break
from shared.events import (
    EVERYONE,
    Delivery,
    DiceRolled,
    FlowerRevealed,
    KongDeclared,
    MissedWinCleared,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    all_but,
    only,
)
from shared.melds import Meld, MeldKind
from shared.tiles import FIRST_HONOR, KINDS, Tile

_EVERYONE: Final = EVERYONE
_CHOW_SHAPES: Final = CHOW_SHAPES
"""By tile: (lowest tile, the two other tiles) of each chow it may join (claims.py's)."""

if TYPE_CHECKING:
    from server.engine.table import HandTable


def roll(table: HandTable, out: list[Delivery]) -> None:
    """The dealer's roll: the dice, the deal (flowers replaced), the horses set aside."""
    dealer = table.setup.dealer
    rules = table.rules
    if table.deal is not None:
        derived, table.dice = table.deal.derive(rules.flowers)
        table.wall = Wall(table.rng, rules.flowers, derived)
    else:
        table.dice = roll_dice(table.rng)
    wall = table.wall
    seats = table.seats
    break_seat, stacks = wall_break(dealer, table.dice)
    defaulted = table.deal.defaulted() if table.deal is not None else ()
    out.append(Delivery(EVERYONE, DiceRolled(dealer, table.dice, break_seat, stacks, defaulted)))
    order = [(dealer + i) % SEATS for i in range(SEATS)]
    dealt: list[list[int]] = [[] for _ in range(SEATS)]
    for chunk in DEAL_CHUNKS:
        for s in order:
            dealt[s] += wall.draw_run(chunk)
    dealt[dealer].append(wall.draw())
    if rules.horses:
        for s in order:
            seats[s].horses = [wall.draw_tail() for _ in range(rules.horses)]
    for s in order:
        tiles = dealt[s]
        if rules.flowers:
            while any(t >= KINDS for t in tiles):
                for flower in [t for t in tiles if t >= KINDS]:
                    tiles.remove(flower)
                    seats[s].flowers.append(flower)
                    tiles.append(wall.draw_tail())
        counts = seats[s].counts
        for t in tiles:
            counts[t] += 1
        seats[s].changed()
    left = wall.left
    fourteenth = dealt[dealer][-1]
    for s in order:
        flowers = tuple(seats[s].flowers)
        count = len(dealt[s])
        drawn = fourteenth if s == dealer else None
        mine = TilesDealt(s, count, tuple(sorted(dealt[s])), flowers, left, drawn)
        out.append(Delivery(only(s), mine))
        out.append(Delivery(all_but(s), TilesDealt(s, count, None, flowers, left)))
    table.phase = TURN
    table.current = dealer
    table.drawn = fourteenth
    table.turn_score = UNKNOWN
    seats[dealer].draws = 1


def turn_move(table: HandTable, seat: int, action: AnyAction, out: list[Delivery]) -> None:
    """A turn's move other than a discard."""
    if isinstance(action, DeclareWin):
        score = self_drawn_score(table, seat)
        assert score is not None
        finish(table, "self_drawn", {seat: score}, None, table.drawn, out)
    elif isinstance(action, ConcealedKong):
        _concealed_kong(table, seat, action.tile, out)
    elif isinstance(action, AddedKong):
        _added_kong(table, seat, action.tile, out)


def discard(table: HandTable, seat: int, tile: int, out: list[Delivery], by_timer: bool) -> None:
    """The seat lets go of `tile`: a claim window opens for whoever may claim it, or the
    next seat draws."""
    st = table.seats[seat]
    st.add(tile, -1)
    # 摸切 as everyone saw it: the tile drawn from the wall let go (the dealer's dealt 14th
    # tile is no draw, as its view keeps nothing apart).
    from_draw = tile == table.drawn and table.drawn_from_wall
    if tile == table.drawn and table.drawn_waits is not None:
        # The drawn tile let go: the hand is the one it was before the draw.
        st.waits = table.drawn_waits
    table.drawn_waits = None
    st.river.append(tile)
    st.river_from_draw.append(from_draw)
    table.shown[tile] += 1
    st.discards += 1
    table.discards_made += 1
    table.drawn = None
    table.after_kong = False
    table.kong_feeder = None
    out.append(Delivery(_EVERYONE, TileDiscarded(seat, tile, by_timer, from_draw)))
    if st.locked:
        st.locked.clear()
        out.append(Delivery(ONLY[seat], MissedWinCleared(seat)))
    table.last_discard = (seat, tile)
    # The window's dicts are made anew only when the last window left something in them
    # (most discards open none): nothing keeps them beyond the window.
    options = table.options
    if options:
        options = table.options = {}
    if table.responses:
        table.responses = {}
    seats = table.seats
    last_tile = table.wall.left == 0
    # an int, not None: compared unboxed (compiled); -1 when no seat may chow
    chow_seat = NEXT[seat] if tile < FIRST_HONOR and not last_tile else -1
    for other in OTHERS[seat]:
        held = seats[other]
        found = held.waits
        if found is None:
            found = waits(table, other)
        # Most discards interest nobody: look closer only where a claim may be.
        if tile in found or held.counts[tile] >= 2:
            opts = _claim_options(table, other, seat, tile, found, last_tile)
            if opts is not None:
                options[other] = opts
        elif other == chow_seat:
            # The two tiles of each chow looked at here, and chow_starts (a call and a
            # list) asked only when one is held: most suited discards make no chow.
            counts = held.counts
            for _, a, b in _CHOW_SHAPES[tile]:
                if counts[a] and counts[b]:
                    options[other] = ClaimOptions(chows=chow_starts(counts, tile))
                    break
    if options:
        table.phase = CLAIM
    elif last_tile:  # next_turn's two ways, without its call
        finish(table, "draw", {}, None, None, out)
    else:
        table.current = NEXT[seat]
        _draw(table, table.current, out, from_tail=False)


def _claim_options(
    table: HandTable,
    seat: int,
    discarder: int,
    tile: int,
    found: frozenset[int],
    last_tile: bool,
) -> ClaimOptions | None:
    """What `seat` may do with the discard (`found`: its waits), or None when nothing."""
    st = table.seats[seat]
    win_fan = None
    if tile in found:
        score = discard_win_score(table, seat, discarder, tile, robbing=False)
        win_fan = score.fan if score is not None else None
    if last_tile:
        # the last discard may only be won (RULES_NOTES)
        return None if win_fan is None else ClaimOptions(win_fan=win_fan)
    counts = st.counts
    n = counts[tile]
    chows = chow_starts(counts, tile) if seat == NEXT[discarder] else []
    if win_fan is None and n < 2 and not chows:
        return None
    return ClaimOptions(win_fan=win_fan, kong=n >= 3, pung=n >= 2, chows=chows)


def next_turn(table: HandTable, discarder: int, out: list[Delivery]) -> None:
    """Nobody claimed the discard: the next seat draws, or the wall is empty and the hand
    is drawn."""
    if table.wall.left == 0:
        finish(table, "draw", {}, None, None, out)
        return
    table.current = (discarder + 1) % SEATS
    _draw(table, table.current, out, from_tail=False)


def _draw(table: HandTable, seat: int, out: list[Delivery], from_tail: bool) -> None:
    """Draw for `seat` (replacing flowers from the tail) and give it the turn."""
    st = table.seats[seat]
    wall = table.wall
    tile = wall.draw_tail() if from_tail else wall.draw()
    st.draws += 1
    if st.locked:
        lift_lock_on_move(table, seat, out)
    left = wall.left
    out.append(Delivery(ONLY[seat], TileDrawn(seat, from_tail, left, tile)))
    out.append(Delivery(ALL_BUT[seat], TileDrawn(seat, from_tail, left)))
    while tile >= KINDS:
        st.flowers.append(tile)
        st.changed(counts=False)
        out.append(Delivery(EVERYONE, FlowerRevealed(seat, tile)))
        if wall.left == 0:
            table.phase = TURN
            table.current = seat
            table.drawn = None
            finish(table, "draw", {}, None, None, out)
            return
        tile = wall.draw_tail()
        out.append(Delivery(only(seat), TileDrawn(seat, True, wall.left, tile)))
        out.append(Delivery(all_but(seat), TileDrawn(seat, True, wall.left)))
    # The drawn tile completes the hand only if the hand before it waited on it.
    found = st.waits if st.waits is not None else waits(table, seat)
    table.drawn_waits = found
    st.add(tile)
    table.phase = TURN
    table.current = seat
    table.drawn = tile
    table.drawn_from_wall = True
    table.turn_score = UNKNOWN if tile in found else None


def lift_lock_on_move(table: HandTable, seat: int, out: list[Delivery]) -> None:
    """Lift the seat's 过水 lock when the rules lift it at any move of its own."""
    st = table.seats[seat]
    if st.locked and table.rules.missed_win_lock_until == "any_move":
        st.locked.clear()
        out.append(Delivery(only(seat), MissedWinCleared(seat)))


def _concealed_kong(table: HandTable, seat: int, tile: int, out: list[Delivery]) -> None:
    st = table.seats[seat]
    st.add(tile, -4)
    st.melds.append(PlacedMeld(Meld.kong(Tile(tile), concealed=True)))
    table.interrupted = True
    out.append(Delivery(only(seat), KongDeclared(seat, "concealed", tile)))
    out.append(Delivery(all_but(seat), KongDeclared(seat, "concealed")))
    kong_replacement(table, seat, None, out)


def _added_kong(table: HandTable, seat: int, tile: int, out: list[Delivery]) -> None:
    """A tile added to a pung: the others may rob it (a rob window) before it counts."""
    st = table.seats[seat]
    st.add(tile, -1)
    table.pending_kong = (seat, tile)
    table.interrupted = True
    out.append(Delivery(EVERYONE, KongDeclared(seat, "added", tile)))
    table.options = {}
    for other in range(SEATS):
        if other == seat:
            continue
        score = discard_win_score(table, other, seat, tile, robbing=True)
        if score is not None:
            table.options[other] = ClaimOptions(win_fan=score.fan)
    table.responses = {}
    table.drawn = None
    if table.options:
        table.phase = ROB
    else:
        complete_added_kong(table, out)


def complete_added_kong(table: HandTable, out: list[Delivery]) -> None:
    """Nobody robbed the added kong: the pung becomes a kong and its seat draws again."""
    assert table.pending_kong is not None
    seat, tile = table.pending_kong
    table.pending_kong = None
    st = table.seats[seat]
    for i, placed in enumerate(st.melds):
        if placed.meld.kind is MeldKind.PUNG and placed.meld.first == tile:
            st.changed(counts=False)
            st.melds[i] = PlacedMeld(Meld.kong(Tile(tile)), placed.from_seat, placed.claimed_tile)
            table.shown[tile] += 1
            break
    kong_replacement(table, seat, None, out)


def kong_replacement(table: HandTable, seat: int, feeder: int | None, out: list[Delivery]) -> None:
    """The replacement tile from the tail after a kong (杠上开花 if it wins)."""
    lift_lock_on_move(table, seat, out)
    _draw(table, seat, out, from_tail=True)
    if table.phase is TURN:
        table.after_kong = True
        table.kong_feeder = feeder
