"""The table's invariants, checked from its state as it is (`HandTable.check_invariants`):
every tile of the set exactly once, each hand of the size RULES.md §4 says, and the
scores keeping their total. A check after every action is what `--simulate` and the
property tests run; a host plays without it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NoReturn

from server.engine.hand_state import ROLL, TURN
from server.engine.wall import full_set
from shared.errors import InvariantError
from shared.tiles import KINDS, Tile

if TYPE_CHECKING:
    from server.engine.table import HandTable

_ALL_TILES = range(KINDS + 8)
_NONE_OF_EACH = (0,) * (KINDS + 8)


def _tile_counts(tiles: list[int]) -> int:
    """How many of each tile `tiles` holds, as the int whose bytes (little-endian) they are."""
    return int.from_bytes(bytes(map(Counter(tiles).get, _ALL_TILES, _NONE_OF_EACH)), "little")


_WHOLE_SET = {flowers: _tile_counts(full_set(flowers)) for flowers in (False, True)}
"""The whole set, without and with flowers, counted as check_invariants counts the table."""


def check_invariants(table: HandTable) -> None:
    """Every tile exactly once; hand sizes as §4 says; scores keep their total."""
    # One int counts every tile on the table, a byte per kind (no count reaches 256,
    # so kinds never carry into each other): the seats' counts read as bytes, plus the
    # counts of every other tile. It must equal the whole set's.
    try:
        total = sum(int.from_bytes(bytes(st.counts), "little") for st in table.seats)
    except ValueError:  # a count below 0 (or above 255)
        _report_miscount(table)
    loose = table.wall.remaining()
    for st in table.seats:
        for placed in st.melds:
            loose += placed.meld.tiles
        loose += st.river
        loose += st.flowers
        loose += st.horses
    if table.pending_kong is not None:
        loose.append(table.pending_kong[1])
    if table.won_tile is not None:
        loose.append(table.won_tile)
    total += _tile_counts(loose)
    if total != _WHOLE_SET[bool(table.rules.flowers)]:
        _report_miscount(table)
    self_drawn_winner = (
        table.result.winners[0].seat
        if table.result is not None and table.result.kind == "self_drawn"
        else None
    )
    for s, st in enumerate(table.seats):
        size = st.hand_size()
        if table.phase is ROLL:
            want = 0
        elif (table.phase is TURN and s == table.current) or s == self_drawn_winner:
            want = 14
        else:
            want = 13
        if size != want:
            raise InvariantError(f"seat {s} holds {size} tiles (kongs as 3), not {want}")
    if sum(table.scores) != table.initial_total:
        raise InvariantError(f"scores sum to {sum(table.scores)}, not {table.initial_total}")


def _report_miscount(table: HandTable) -> NoReturn:
    """Raise naming the first tile kind whose copies do not add up (a slow recount)."""
    seen = [0] * (KINDS + 8)
    for tile in table.wall.remaining():
        seen[tile] += 1
    for s, st in enumerate(table.seats):
        for kind, n in enumerate(st.counts):
            if n < 0:
                raise InvariantError(f"seat {s} holds {n} of tile {Tile(kind)}")
            seen[kind] += n
        for placed in st.melds:
            for tile in placed.meld.tiles:
                seen[tile] += 1
        for tile in st.river + st.flowers + st.horses:
            seen[tile] += 1
    if table.pending_kong is not None:
        seen[table.pending_kong[1]] += 1
    if table.won_tile is not None:
        seen[table.won_tile] += 1
    flower_copies = 1 if table.rules.flowers else 0
    for tile, n in enumerate(seen):
        want = 4 if tile < KINDS else flower_copies
        if n != want:
            raise InvariantError(f"tile {Tile(tile)} seen {n} times, not {want}")
    raise InvariantError("the tiles on the table are not the set")
