"""check_invariants() is a safety check: it must catch a table that lost, gained or moved
a tile, a seat holding the wrong number of tiles, or scores that changed their total."""

from __future__ import annotations

import random

import pytest

from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable, InvariantError
from shared.ruleset import make_ruleset

SEATS = 4


def mid_hand(flowers: bool, steps: int = 40) -> HandTable:
    rules = make_ruleset({"flowers": flowers})
    start = rules.starting_score
    table = HandTable(
        HandSetup(rules, 11, 0, 0, (start, start, start, start))
    )
    table.start()
    rng = random.Random(3)
    bots = [make_bot("random", rules, rng.getrandbits(32)) for _ in range(SEATS)]
    for _ in range(steps):
        seat = table.awaiting()[0]
        table.step(seat, bots[seat].choose(table.live_view(seat)))
        table.check_invariants()
    assert not table.ended
    return table


def other_than_current(table: HandTable) -> int:
    return (table.current + 1) % SEATS


@pytest.mark.parametrize("flowers", [False, True])
def test_a_sound_table_passes(flowers: bool) -> None:
    mid_hand(flowers).check_invariants()


def test_a_tile_swapped_between_hand_and_wall_is_caught() -> None:
    table = mid_hand(False)
    st = table.seats[other_than_current(table)]
    held = next(k for k in range(34) if st.counts[k])
    wall = table.wall
    i = next(i for i in range(wall.head, wall.tail) if wall.tiles[i] != held)
    st.counts[held] -= 1
    st.counts[wall.tiles[i]] += 1
    # now `held` is seen 3 times and the wall's tile 5 times
    with pytest.raises(InvariantError, match="seen"):
        table.check_invariants()


def test_a_lost_river_tile_is_caught() -> None:
    table = mid_hand(False)
    seat = next(s for s in range(SEATS) if table.seats[s].river)
    table.seats[seat].river.pop()
    with pytest.raises(InvariantError, match="seen 3 times, not 4"):
        table.check_invariants()


def test_a_negative_count_hidden_by_an_extra_copy_is_caught() -> None:
    table = mid_hand(False)
    st = table.seats[other_than_current(table)]
    kind = next(k for k in range(34) if st.counts[k] == 0)
    elsewhere = next(s for s in table.seats if s is not st)
    # the copies of `kind` still add up to 4, but one seat holds -1 of them
    st.counts[kind] = -1
    elsewhere.river.append(kind)
    with pytest.raises(InvariantError, match="holds -1 of tile"):
        table.check_invariants()


def test_a_wrong_hand_size_is_caught() -> None:
    table = mid_hand(False)
    st = table.seats[other_than_current(table)]
    tile = table.wall.tiles[table.wall.head]
    table.wall.head += 1
    table.wall.left -= 1
    st.counts[tile] += 1
    with pytest.raises(InvariantError, match="holds 14 tiles"):
        table.check_invariants()


def test_a_flower_gone_missing_is_caught() -> None:
    table = mid_hand(True)
    wall = table.wall
    i = next(i for i in range(wall.head, wall.tail) if wall.tiles[i] >= 34)
    wall.tiles[i] = 0  # a fifth 1m where the flower was
    with pytest.raises(InvariantError, match="seen"):
        table.check_invariants()


def test_scores_that_change_their_total_are_caught() -> None:
    table = mid_hand(False)
    table.scores[0] += 1
    with pytest.raises(InvariantError, match="scores sum"):
        table.check_invariants()
