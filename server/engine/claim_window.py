"""The answers to a claim window (a discard) or a rob window (an added kong), and what is
carried out once every seat asked has answered (RULES.md §4).

Functions of a `HandTable` (server/engine/table.py). Who wins the window is
server/engine/claims.py's `resolve_claims`; this module carries it out on the table: the
win, or the claimed meld laid (and who fed it, for the liabilities of RULES.md §6), or
the next turn, and the 过水 locks of the seats that let a win go by.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from server.engine.claims import resolve_claims
from server.engine.hand_state import ROB, TURN, PlacedMeld
from server.engine.moves import complete_added_kong, kong_replacement, lift_lock_on_move, next_turn
from server.engine.winning import discard_win_score, finish
from shared.actions import AnyAction, Chow, ClaimKong, Pass
from shared.events import EVERYONE, Delivery, MeldClaimed, MissedWin, only
from shared.melds import Meld, MeldKind
from shared.tiles import DRAGONS, KIND_TILES, WINDS

if TYPE_CHECKING:
    from server.engine.table import HandTable


def answer(table: HandTable, seat: int, action: AnyAction, out: list[Delivery]) -> None:
    """Keep the seat's answer; once every seat asked has answered, carry out the window."""
    table.responses[seat] = action
    if len(table.responses) < len(table.options):
        return
    if table.phase is ROB:
        _resolve_rob(table, out)
    else:
        _resolve_discard(table, out)


def _lock(table: HandTable, seats: list[int], tile: int, out: list[Delivery]) -> None:
    for s in seats:
        table.seats[s].locked.add(tile)
        out.append(Delivery(only(s), MissedWin(s, tile)))


def _resolve_rob(table: HandTable, out: list[Delivery]) -> None:
    assert table.pending_kong is not None
    kong_seat, tile = table.pending_kong
    resolution = resolve_claims(
        table.options, table.responses, kong_seat, table.rules.multiple_winners
    )
    if resolution.winners:
        table.pending_kong = None
        scores = {
            s: discard_win_score(table, s, kong_seat, tile, robbing=True)
            for s in resolution.winners
        }
        finish(table, "robbing_kong", scores, kong_seat, tile, out)
        return
    _lock(table, resolution.passed_win, tile, out)
    table.options = {}
    table.responses = {}
    table.phase = TURN
    table.current = kong_seat
    complete_added_kong(table, out)


def _resolve_discard(table: HandTable, out: list[Delivery]) -> None:
    assert table.last_discard is not None
    discarder, tile = table.last_discard
    options, responses = table.options, table.responses
    # Every seat asked passed and none could have won (most windows of random play): what
    # resolve_claims would carry out, the next turn, with no lock, without its dicts.
    for asked, opts in options.items():
        if opts.win_fan is not None or responses[asked].__class__ is not Pass:
            break
    else:
        table.options = {}
        table.responses = {}
        next_turn(table, discarder, out)
        return
    resolution = resolve_claims(
        table.options, table.responses, discarder, table.rules.multiple_winners
    )
    if resolution.winners:
        scores = {
            s: discard_win_score(table, s, discarder, tile, robbing=False)
            for s in resolution.winners
        }
        table.seats[discarder].river.pop()
        table.seats[discarder].river_from_draw.pop()
        table.shown[tile] -= 1
        table.seats[discarder].changed(counts=False)
        finish(table, "discard", scores, discarder, tile, out)
        return
    _lock(table, resolution.passed_win, tile, out)
    table.options = {}
    table.responses = {}
    if resolution.meld_seat is None:
        next_turn(table, discarder, out)
        return
    _claim_meld(table, resolution.meld_seat, resolution.meld_action, discarder, tile, out)


def _claim_meld(
    table: HandTable,
    seat: int,
    action: AnyAction | None,
    discarder: int,
    tile: int,
    out: list[Delivery],
) -> None:
    """The seat's chow, pung or kong of the discard laid down; its turn (after a kong, with
    the replacement tile)."""
    st = table.seats[seat]
    table.seats[discarder].river.pop()
    table.seats[discarder].river_from_draw.pop()
    table.shown[tile] -= 1
    table.seats[discarder].changed(counts=False)
    table.last_discard = None
    table.interrupted = True
    lift_lock_on_move(table, seat, out)
    kind: Literal["chow", "pung", "kong"]
    # KIND_TILES[k] is Tile(k) without the enum's call (a Python call of enum.py, pure);
    # the counts are changed by plain ints.
    if isinstance(action, Chow):
        low = action.low
        meld = Meld.chow(KIND_TILES[low])
        for t in (low, low + 1, low + 2):
            if t != tile:
                st.add(t, -1)
        kind = "chow"
    elif isinstance(action, ClaimKong):
        meld = Meld.kong(KIND_TILES[tile])
        st.add(tile, -3)
        kind = "kong"
    else:
        meld = Meld.pung(KIND_TILES[tile])
        st.add(tile, -2)
        kind = "pung"
    if kind != "chow":  # counted before the new meld is laid
        if tile in DRAGONS and _exposed_pungs_of(table, seat, DRAGONS) == 2:
            st.big_hand_feeder = discarder
        if tile in WINDS and _exposed_pungs_of(table, seat, WINDS) == 3:
            st.big_hand_feeder = discarder
    st.melds.append(PlacedMeld(meld, discarder, tile))
    for t in meld.tiles:
        table.shown[t] += 1
    if len(st.melds) >= 4 and st.exposed_sets() == 4:
        st.twelve_tile_feeder = discarder
        st.twelve_tile_first = table.fourth_set_fed[discarder] == 0
        table.fourth_set_fed[discarder] += 1
    out.append(
        Delivery(
            EVERYONE,
            MeldClaimed(seat, kind, tuple(map(int, meld.tiles)), tile, discarder),
        )
    )
    table.current = seat
    table.phase = TURN
    table.drawn = None
    if kind == "kong":
        kong_replacement(table, seat, discarder, out)


def _exposed_pungs_of(table: HandTable, seat: int, kinds: tuple[int, ...]) -> int:
    return sum(
        1
        for p in table.seats[seat].melds
        if p.exposed and p.meld.kind is not MeldKind.CHOW and p.meld.first in kinds
    )
