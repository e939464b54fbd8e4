"""How dangerous a discard is: what a strong player reads from the table (all public).

For each opponent it guesses how likely they are to be ready (more sets laid down, later
in the hand: more likely) and what their win would cost the discarder (the fan their laid
melds and flowers already show, a flush on show). Each tile then gets a chance of being one
of their winning tiles, from what is public:

- a tile they discarded themselves is rarely among their waits (现物);
- an honour of which every other copy is visible cannot be waited on by anyone, one with
  a single copy unseen only as a single wait;
- suit tiles: middle ranks are waited on by more shapes than terminals; a tile whose
  "suji" partner three ranks away they discarded is less likely to be a two-sided wait;
- an opponent whose laid melds are all of one suit (with honours) waits in that suit.

On top comes the 包 liability of the preset: feeding the fourth set of a player with
twelve tiles down (十二张落地), or the third dragon (大三元) or fourth wind (大四喜) pung, makes
the discarder pay for everyone if that player then self-draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.fan import fan_of_patterns
from shared.ruleset import Ruleset
from shared.views import SeatPublic, SeatView

DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)

READY_BY_SETS = (0.05, 0.14, 0.32, 0.6, 0.9)
"""Chance an opponent is ready, by sets laid down (before lateness is added)."""
LATE_READY = 0.4
"""Added to that chance as the wall runs out (in proportion)."""
FULL_WALL = 84
"""Tiles left in the wall just after the deal, roughly: lateness is measured against it."""
WAITS_SCALE = 0.085
"""A tile of weight 1 is one of a ready hand's winning tiles with about this chance (a
ready hand waits on about two kinds, spread over some twenty plausible ones)."""
RANK_WEIGHT = (0.55, 0.75, 0.9, 1.0, 1.0, 1.0, 0.9, 0.75, 0.55)
SELF_DRAW_LATER = 0.25
"""Chance a player fed their liability-making set then self-draws the hand."""
CLAIM_BY_PAIR = 0.06
"""Chance an opponent holds a pair of a given tile they could pung (of some 4 tiles left)."""
CLAIM_BY_CHOW = 0.1
"""Chance the next player can chow a given suit tile."""


@dataclass(frozen=True, slots=True)
class Opponent:
    seat: int
    ready: float
    points: int
    """What their win on a discard would cost the discarder, in base units."""
    flush_suit: int | None
    """The suit (0–2) every one of their laid melds is in, honours aside (two or more melds)."""
    sets_down: int
    dragon_pungs: int
    wind_pungs: int
    river: frozenset[int]
    next_after_me: bool


def read_opponents(view: SeatView, rules: Ruleset) -> list[Opponent]:
    """What the table shows of each opponent."""
    me = view.seat
    assert me is not None
    late = max(0.0, 1.0 - view.wall_left / FULL_WALL)
    found = []
    for seat in range(4):
        if seat == me:
            continue
        public = view.seats[seat]
        sets = len(public.melds)
        ready = min(0.95, READY_BY_SETS[min(sets, 4)] + LATE_READY * late)
        patterns, flush, dragons, winds = _shown(public, view, seat)
        fan = max(fan_of_patterns(rules, patterns), rules.min_fan)
        found.append(
            Opponent(
                seat=seat,
                ready=ready,
                points=2**fan,
                flush_suit=flush,
                sets_down=sets,
                dragon_pungs=dragons,
                wind_pungs=winds,
                river=frozenset(public.river),
                next_after_me=seat == (me + 1) % 4,
            )
        )
    return found


def _shown(
    public: SeatPublic, view: SeatView, seat: int
) -> tuple[dict[str, int], int | None, int, int]:
    """The patterns an opponent's laid melds and flowers already make certain, the suit
    of a flush on show, and their dragon and wind pungs."""
    patterns: dict[str, int] = {}
    suits: set[int] = set()
    dragons = winds = 0
    seat_wind = 27 + view.seat_winds[seat]
    prevailing = 27 + view.prevailing_wind
    for meld in public.melds:
        tiles = meld.tiles
        if not tiles:
            continue  # a concealed kong shows nothing
        first = tiles[0]
        if first >= 27:
            if meld.kind != "chow":
                if first in DRAGONS:
                    dragons += 1
                    patterns["dragon_pung"] = patterns.get("dragon_pung", 0) + 1
                else:
                    winds += 1
                if first == seat_wind:
                    patterns["seat_wind_pung"] = 1
                if first == prevailing:
                    patterns["prevailing_wind_pung"] = 1
        else:
            suits.add(first // 9)
    if public.flowers:
        patterns["flower"] = len(public.flowers)
    flush = None
    if len(public.melds) >= 2 and len(suits) == 1:
        flush = next(iter(suits))
        patterns["mixed_one_suit"] = 1
    return patterns, flush, dragons, winds


def wait_chance(tile: int, opponent: Opponent, unseen: list[int]) -> float:
    """The chance `tile` is one of this opponent's winning tiles, if they are ready."""
    if tile >= 27:
        left = unseen[tile]
        weight = 0.0 if left == 0 else 0.15 if left == 1 else 0.55
        if opponent.flush_suit is not None:
            weight *= 1.3
    else:
        suit, rank = divmod(tile, 9)
        weight = RANK_WEIGHT[rank]
        river = opponent.river
        # Two-sided waits on this tile: (rank+1, rank+2) and (rank-2, rank-1); the other
        # end of each is three ranks away, and a player rarely waits on a tile they let go.
        below = rank - 3 >= 0 and tile - 3 in river
        above = rank + 3 <= 8 and tile + 3 in river
        if below or rank < 3:
            weight -= 0.25
        if above or rank > 5:
            weight -= 0.25
        weight = max(weight, 0.2)
        if opponent.flush_suit is not None:
            weight *= 2.5 if suit == opponent.flush_suit else 0.08
    if tile in opponent.river:
        weight *= 0.1
    return min(1.0, weight * WAITS_SCALE)


def liability_cost(tile: int, opponent: Opponent, unseen: list[int], rules: Ruleset) -> float:
    """Expected 包 cost of feeding this tile: the set that would make the discarder liable
    for the opponent's self-drawn win, weighed by the chance they can claim it."""
    cost = 0.0
    claim = 0.0
    if unseen[tile] >= 2:
        claim += CLAIM_BY_PAIR
    if opponent.next_after_me and tile < 27:
        claim += CLAIM_BY_CHOW
    if opponent.sets_down == 3:
        cost += claim * SELF_DRAW_LATER * 3 * opponent.points
    big = None
    if tile in DRAGONS and opponent.dragon_pungs == 2:
        big = "big_three_dragons"
    elif tile in WINDS and opponent.wind_pungs == 3:
        big = "big_four_winds"
    if big is not None and unseen[tile] >= 2:
        cost += 0.35 * SELF_DRAW_LATER * 3 * 2 ** fan_of_patterns(rules, {big: 1})
    return cost


def discard_loss(tile: int, opponents: list[Opponent], unseen: list[int], rules: Ruleset) -> float:
    """Expected points (base units) lost by discarding this tile."""
    return sum(
        o.ready * wait_chance(tile, o, unseen) * o.points + liability_cost(tile, o, unseen, rules)
        for o in opponents
    )
