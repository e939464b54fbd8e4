"""How dangerous a discard is: what a strong player reads from the table (all public).

For each opponent it reads how likely they are to be able to win on a discard now (what
their melds show — nothing, a fan, chows only, a pung that scores nothing — their sets
down, the wall, and whether their last discards were middle tiles) and what their win
would cost the discarder (the fan their laid melds and flowers already show, a flush on
show). Each tile then gets a chance of being one of their winning tiles, from what is
public:

- a tile they discarded themselves is rarely among their waits (现物), and one another
  seat let go since their last discard, which they passed, is not (过水);
- an honour of which every other copy is visible cannot be waited on by anyone, one with
  a single copy unseen only as a single wait;
- suit tiles: middle ranks are waited on by more shapes than terminals; a two-sided wait
  is ruled out by the "suji" partner three ranks away in their river, or by a neighbour
  whose every copy is visible (no-chance, 壁); fewer copies live, fewer shapes wait.

Every figure is measured, not guessed: the true hands of 5,200 hands of computer players
against the reading (tests/bench/diagnose_dealins.py prints the calibration).

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

READY: dict[str, tuple[tuple[float, ...], ...]] = {
    "closed": ((0.33, 0.31, 0.28, 0.20, 0.11, 0.03, 0.00),),
    "fan": (
        (0.60, 0.71, 0.72, 0.56, 0.35, 0.13, 0.04),
        (0.16, 0.22, 0.30, 0.34, 0.32, 0.23, 0.13),
        (0.56, 0.64, 0.65, 0.80, 0.85, 0.71, 0.57),
        (1.0,) * 7,
    ),
    "chows": (
        (0.22, 0.38, 0.38, 0.34, 0.24, 0.10, 0.03),
        (0.42, 0.56, 0.61, 0.57, 0.38, 0.29, 0.25),
        (0.89, 0.90, 0.89, 0.82, 0.82, 0.85, 0.85),
        (1.0,) * 7,
    ),
    "plain": (
        (0.02, 0.02, 0.03, 0.02, 0.02, 0.01, 0.00),
        (0.04, 0.03, 0.04, 0.04, 0.04, 0.03, 0.01),
        (0.10, 0.05, 0.03, 0.03, 0.03, 0.04, 0.03),
        (0.15,) * 7,
    ),
}
"""Chance an opponent could win on a discard now (ready, with the fan to declare), by what
their melds show — nothing laid (`closed`), a fan on show (a scoring pung, flowers, two or
more melds in one suit: `fan`), chows only (平和 still open: `chows`), or a pung that scores
nothing in a hand of mixed suits (`plain`: under `min_fan` 1 it needs a fan it does not
show, and seldom has one) — by their sets down (rows from one) and the wall in bands of 12
tiles (0–11 left, 12–23, …). Measured, not guessed (2026-12-01): 2,400 hands of the strong
player against three normal or three greedy ones, at each of its discards each
opponent's true state, each cell pulled toward its row's mean by 20 samples' weight."""
BAND = 12
LAST_DISCARDS = 3
MIDDLE_LETGO = ((0.45, 1.4, 2.0, 2.5), (0.7, 1.1, 1.35, 1.5))
"""How an opponent's last three discards move `READY`, by how many of them are middle suit
tiles (3 to 7): a player who lets middle tiles go has the shape they want; one who still
sheds honours and terminals seldom does. The first row while their river is short (under
six tiles), the second after. Measured against the table above (2026-12-01, 480 hands
each against normal and greedy players): 0.36–0.54, 1.0–1.8, 1.9–2.3, 2–5 early; 0.65–0.79,
1.06–1.16, 1.19–1.48, 1.23–1.77 later."""
SUIT_HIT = (
    (0.040, 0.036, 0.022),  # 1 and 9: no, one or both two-sided waits ruled out
    (0.075, 0.069, 0.018),  # 2 and 8
    (0.130, 0.124, 0.063),  # 3 and 7
    (0.105, 0.089, 0.048),  # 4 and 6
    (0.118, 0.107, 0.067),  # 5
)
"""Chance a suit tile is among a ready opponent's winning tiles, by its rank (folded: 1 and
9 together, …) and how many of its two-sided waits the opponent's own river rules out (the
suji: a player waiting on 1-4 or 4-7 rarely let the 1 or the 7 go; a side beyond the suit's
end counts as ruled out). Measured with `READY`, over some 130,000 (tile, ready opponent)
pairs."""
LIVE_FACTOR = (0.4, 0.8, 0.95, 1.1)
"""How the copies still unseen move it (0 to 3): fewer left, fewer shapes wait on it
(measured: 0.038, 0.076, 0.091, 0.103 against 0.092 on average)."""
HONOUR_HIT = (0.0, 0.005, 0.023, 0.039)
"""An honour's chance, by its copies unseen: with none left nobody can wait on it, with
one only a single wait (measured 0 in 2,000: computer players seldom wait so, people do)."""
OWN_RIVER = 0.05
"""A tile in the opponent's own river (现物): measured 0.005 against 0.092. There is no
furiten here — a player may win on a tile they let go earlier — but a hand that let a
tile go seldom comes back to wait on it."""
PASSED = 0.02
"""A tile another seat let go since the opponent's own last discard: had it been one of
their wins they would have declared it, and a win passed is locked (过水) until their next
discard; measured 0.002 (the reading of who discarded last misses when a claim broke the
turn order)."""
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
    passed: frozenset[int] = frozenset()
    """Tiles others let go since this opponent's last discard (see `PASSED`)."""


def read_opponents(view: SeatView, rules: Ruleset) -> list[Opponent]:
    """What the table shows of each opponent."""
    me = view.seat
    assert me is not None
    band = min(view.wall_left // BAND, len(READY["closed"][0]) - 1)
    last = _last_discarder(view, me)
    found = []
    for seat in range(4):
        if seat == me:
            continue
        public = view.seats[seat]
        sets = len(public.melds)
        patterns, flush, dragons, winds = _shown(public, view, seat)
        shown = fan_of_patterns(rules, patterns)
        fan = max(shown, rules.min_fan)
        found.append(
            Opponent(
                seat=seat,
                ready=min(0.95, _ready_row(public, shown, rules)[band] * _letting_go(public)),
                points=2**fan,
                flush_suit=flush,
                sets_down=sets,
                dragon_pungs=dragons,
                wind_pungs=winds,
                river=frozenset(public.river),
                next_after_me=seat == (me + 1) % 4,
                passed=_passed_since(view, seat, last),
            )
        )
    return found


def melds_shown(public: SeatPublic, shown: int, rules: Ruleset) -> str:
    """Which table of `READY` an opponent's melds put them in (`shown`: the fan on show)."""
    melds = public.melds
    if not melds:
        return "closed"
    if shown > 0:
        return "fan"
    if all(m.kind == "chow" for m in melds):
        return "chows"
    # A scoring-less pung in mixed suits: short of a fan only where a fan is needed.
    return "plain" if rules.min_fan > 0 else "chows"


def _ready_row(public: SeatPublic, shown: int, rules: Ruleset) -> tuple[float, ...]:
    """The row of `READY` this opponent's melds put them in."""
    return READY[melds_shown(public, shown, rules)][max(0, min(len(public.melds), 4) - 1)]


def _letting_go(public: SeatPublic) -> float:
    """`MIDDLE_LETGO`'s factor for this opponent's river."""
    river = public.river
    middles = sum(1 for k in river[-LAST_DISCARDS:] if k < 27 and 2 <= k % 9 <= 6)
    return MIDDLE_LETGO[len(river) >= 6][middles]


def _last_discarder(view: SeatView, me: int) -> int | None:
    """The seat whose discard came last: the one on the table in a claim window; the one
    claimed from when this seat has just claimed; else the seat before this one."""
    if view.last_discard is not None:
        return view.last_discard[0]
    melds = view.seats[me].melds
    if view.drawn is None and melds and melds[-1].from_seat is not None:
        return melds[-1].from_seat
    return (me + 3) % 4


def _passed_since(view: SeatView, seat: int, last: int | None) -> frozenset[int]:
    """The latest discard of each seat after `seat` in turn order up to `last`: what the
    others let go since `seat` last discarded (turn order assumed unbroken by claims)."""
    if last is None or last == seat or view.seat is None:
        return frozenset()
    out = set()
    s = seat
    while s != last:
        s = (s + 1) % 4
        if s == view.seat:
            return frozenset()  # this seat's own turn came in between: order unknown
        river = view.seats[s].river
        if river:
            out.add(river[-1])
    return frozenset(out)


def fan_shown(view: SeatView, seat: int, rules: Ruleset) -> int:
    """The fan a seat's laid melds and flowers already make certain."""
    return fan_of_patterns(rules, _shown(view.seats[seat], view, seat)[0])


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
        chance = HONOUR_HIT[min(unseen[tile], 3)]
    else:
        rank = tile % 9
        river = opponent.river
        # A side is ruled out by the suit's end, the suji tile in their river, or a
        # no-chance neighbour: every copy of one of the two tiles it needs visible (壁).
        below = rank < 3 or tile - 3 in river or not (unseen[tile - 1] and unseen[tile - 2])
        above = rank > 5 or tile + 3 in river or not (unseen[tile + 1] and unseen[tile + 2])
        ruled_out = below + above
        chance = SUIT_HIT[min(rank, 8 - rank)][ruled_out] * LIVE_FACTOR[min(unseen[tile], 3)]
        # A flush on show is read through the opponent's points, not here: measured
        # against computer players its suit's tiles were no likelier wins (0.061 in its
        # suit, 0.115 outside, 0.092 with no flush on show).
    if tile in opponent.river:
        chance *= OWN_RIVER
    elif tile in opponent.passed:
        chance *= PASSED
    return chance


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


def deal_in_chance(tile: int, opponents: list[Opponent], unseen: list[int]) -> float:
    """The chance this discard is someone's winning tile."""
    safe = 1.0
    for o in opponents:
        safe *= 1.0 - o.ready * wait_chance(tile, o, unseen)
    return 1.0 - safe


def discard_loss(tile: int, opponents: list[Opponent], unseen: list[int], rules: Ruleset) -> float:
    """Expected points (base units) lost by discarding this tile."""
    return sum(
        o.ready * wait_chance(tile, o, unseen) * o.points + liability_cost(tile, o, unseen, rules)
        for o in opponents
    )
