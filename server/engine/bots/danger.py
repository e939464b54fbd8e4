"""How dangerous a discard is: what a strong player reads from the table (all public).

For each opponent it reads how likely they are to be able to win on a discard now (what
their melds show — nothing, a fan, chows only, a pung that scores nothing — their sets
down, the wall, and whether their last discards were middle tiles) and what their win
would cost the discarder (the fan their laid melds and flowers already show, a flush on
show). Each tile then gets a chance of being one of their winning tiles, from what is
public:

- a tile they discarded themselves is rarely among their waits (现物), and one another
  seat let go since their last discard, which they passed, is not (过水);
- an honour: by its copies unseen (none left, nobody waits on it; three, a pair of it may
  be one half of a two-pair wait, most of all an honour that scores for them), how many
  honours their river shows, what their melds show;
- suit tiles: middle ranks are waited on by more shapes than terminals; a two-sided wait
  is ruled out by the "suji" partner three ranks away in their river, or by a neighbour
  whose every copy is visible (no-chance, 壁); fewer copies of it and of its neighbours
  live, fewer shapes wait; the tiles beside their last two discards, and beside the last
  two they chose from the hand (手切: the tile let go as the hand took its shape), are
  likelier, beside their early ones and their pungs less;
  and how many tiles of its suit their river and their melds show.

These facts are weighed together by a logistic model (`WAIT_WEIGHTS`, `tile_features`),
fitted offline on the true hands, and on top of it the hand read as a whole
(whole_hand.py: through how many ready shapes their concealed tiles could wait on the
tile, each shape's other wait checked against what was let go). Every figure is measured,
not guessed (docs/decisions/0003-tile-reading.md).

On top comes the 包 liability of the preset: feeding the fourth set of a player with
twelve tiles down (十二张落地), or the third dragon (大三元) or fourth wind (大四喜) pung, makes
the discarder pay for everyone if that player then self-draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from server.engine.bots.whole_hand import shapes_log_odds
from shared.fan import fan_of_patterns
from shared.ruleset import Ruleset
from shared.tiles import DRAGONS, FIRST_HONOR, WINDS
from shared.views import SeatPublic, SeatView

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
WAIT_WEIGHTS: dict[str, float] = {
    "around0": -0.44, "around1": 0.03, "around2": -0.01, "around3": 0.00, "bias": -2.35,
    "chose1d0": -1.15, "chose1d1": 0.31, "chose1d2": 0.20, "chose1d3": 0.11, "chose1d4": -0.17,
    "chose2d0": 0.14, "chose2d1": -0.01, "chose2d2": -0.17, "chose2d3": -0.14,
    "chose2d4": -0.13, "early_near": -0.10, "h1v0": -0.93, "h1v1": -1.19, "h2v0": -0.94,
    "h2v1": -0.05, "h3v0": 0.04, "h3v1": 1.12, "hriver0": -0.58, "hriver1": -0.77,
    "hriver2": -0.26, "hriver3": -0.33, "hshows_chows": -0.76, "hshows_closed": -0.60,
    "hshows_fan": -0.45, "hshows_plain": -0.14, "kan0": 0.07, "kan1": -0.00, "kan2": 0.13,
    "kan3": 0.25, "last1d0": -1.10, "last1d1": 0.30, "last1d2": 0.20, "last1d3": -0.04,
    "last1d4": 0.12, "last2d0": -0.75, "last2d1": 0.29, "last2d2": 0.09, "last2d3": -0.06,
    "last2d4": 0.06, "last3d0": -0.28, "last3d1": 0.37, "last3d2": 0.16, "last3d3": 0.03,
    "last3d4": 0.23, "live0": -0.25, "live1": -0.11, "live2": -0.05, "live3": -0.01,
    "meld00": 0.08, "meld01": 0.39, "meld10": -0.21, "meld11": 0.01, "meld20": -0.56,
    "meld21": -0.12, "near0": 0.20, "near1": -0.10, "near2": -0.18, "near3": -0.34,
    "own": -2.56, "partner0": -0.91, "partner1": -0.07, "partner2": 0.03, "partner3": 0.18,
    "partner4": 0.13, "partner5": 0.23, "passed": -2.77, "pung_d0": -0.26, "pung_d1": -0.76,
    "pung_d2": 0.33, "r0o1": -0.03, "r0o2": -0.83, "r1o1": 0.01, "r1o2": -0.47, "r2o1": 0.22,
    "r2o2": 0.37, "r3o0": 0.34, "r3o1": -0.06, "r3o2": -0.20, "r4o0": 0.24, "r4o1": -0.23,
    "r4o2": 0.21, "recent0": -1.86, "recent1": -1.38, "recent2": -0.98, "recent3": -0.74,
    "recent4": -0.48, "shows_chows_r0": -0.32, "shows_chows_r1": -0.08, "shows_chows_r2": -0.06,
    "shows_chows_r3": -0.01, "shows_chows_r4": 0.06, "shows_closed_r0": 0.04,
    "shows_closed_r1": 0.03, "shows_closed_r2": 0.28, "shows_closed_r3": 0.03,
    "shows_closed_r4": 0.14, "shows_fan_r0": -0.25, "shows_fan_r1": -0.07, "shows_fan_r2": 0.17,
    "shows_fan_r3": 0.04, "shows_fan_r4": 0.14, "shows_plain_r0": -0.34,
    "shows_plain_r1": -0.33, "shows_plain_r2": 0.20, "shows_plain_r3": 0.02,
    "shows_plain_r4": -0.12, "side_best0": -0.41, "side_best1": -0.31, "side_best2": 0.04,
    "side_best3": 0.27, "suit0len0": -0.47, "suit0len1": -0.31, "suit0len2": -0.12,
    "suit1len0": -0.18, "suit1len1": -0.14, "suit1len2": -0.13, "suit2len0": -0.07,
    "suit2len1": 0.02, "suit2len2": 0.04, "suit3len0": -0.02, "suit3len1": 0.20,
    "suit3len2": 0.20, "suit4len0": -0.23, "suit4len1": 0.30, "suit4len2": 0.48,
    "suit_least": 0.03, "suit_mid": -0.13, "suit_most": -0.32, "wall0": 0.59, "wall1": 0.16,
    "wall2": -0.16, "wall3": -0.44, "wall4": -0.73, "wall5": -0.89, "wall6": -0.89,
}
"""The tile reading: the log-odds that a tile is among a ready opponent's winning tiles
is the sum of the weights of the facts `tile_features` names for it (one-hot: a fact
holds or not; `bias` always). Fitted by logistic regression on the true hands of the
strong player's games against normal and greedy players; calibrated within 0.02 below
0.25 on held-out hands (docs/decisions/0003-tile-reading.md)."""
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
    discards: tuple[int, ...] = ()
    """Their river in the order they let the tiles go (the tile reading reads its order)."""
    from_draw: tuple[bool, ...] = ()
    """Beside `discards`: each the tile just drawn (摸切), as `SeatPublic.river_from_draw`."""
    melds: tuple[tuple[str, int], ...] = ()
    """(kind, first tile) of each meld they show (a concealed kong shows no tile)."""
    shows: str = "closed"
    """What their melds show (`melds_shown`): closed, fan, chows or plain."""
    valuable: frozenset[int] = frozenset()
    """The honours a pung of which scores for them (dragons, their seat and the prevailing
    wind)."""
    wall_left: int = 0
    recent: tuple[int, ...] = ()
    """By tile, how many discards back (0: the latest) another seat let it go, this one's
    own among them, within `RECENT` of each (`RECENT`: not so lately): a win they passed,
    if they were ready then."""


def read_opponents(view: SeatView, rules: Ruleset) -> list[Opponent]:
    """What the table shows of each opponent."""
    me = view.seat
    assert me is not None
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
        shows = melds_shown(public, shown, rules)
        found.append(
            Opponent(
                seat=seat,
                ready=ready_chance(view, seat, shows),
                points=2**fan,
                flush_suit=flush,
                sets_down=sets,
                dragon_pungs=dragons,
                wind_pungs=winds,
                river=frozenset(public.river),
                next_after_me=seat == (me + 1) % 4,
                passed=_passed_since(view, seat, last),
                discards=tuple(public.river),
                from_draw=public.river_from_draw,
                melds=tuple((m.kind, m.tiles[0]) for m in public.melds if m.tiles),
                shows=shows,
                valuable=frozenset(
                    {
                        *DRAGONS,
                        FIRST_HONOR + view.seat_winds[seat],
                        FIRST_HONOR + view.prevailing_wind,
                    }
                ),
                wall_left=view.wall_left,
                recent=_recent(view, seat),
            )
        )
    return found


RECENT = 6
"""How many of each other seat's latest discards `Opponent.recent` looks back on."""


def _recent(view: SeatView, seat: int) -> tuple[int, ...]:
    """`Opponent.recent` for `seat`."""
    ages = [RECENT] * 34
    for other in range(4):
        if other != seat:
            for age, tile in enumerate(reversed(view.seats[other].river[-RECENT:])):
                ages[tile] = min(ages[tile], age)
    return tuple(ages)


def melds_shown(public: SeatPublic, shown: int, rules: Ruleset) -> str:
    """What an opponent's melds show (`shown`: the fan on show): nothing laid (`closed`),
    a fan (a scoring pung, flowers, two or more melds in one suit: `fan`), chows only
    (平和 still open: `chows`), or a pung that scores nothing in a hand of mixed suits
    (`plain`: under `min_fan` 1 it needs a fan it does not show, and seldom has one)."""
    melds = public.melds
    if not melds:
        return "closed"
    if shown > 0:
        return "fan"
    if all(m.kind == "chow" for m in melds):
        return "chows"
    # A scoring-less pung in mixed suits: short of a fan only where a fan is needed.
    return "plain" if rules.min_fan > 0 else "chows"


def ready_chance(
    view: SeatView,
    seat: int,
    shows: str,
    table: dict[str, tuple[tuple[float, ...], ...]] | None = None,
) -> float:
    """The chance `seat` could win on a discard now: `READY`'s cell (or `table`'s) for
    what their melds show (`shows`, `melds_shown`), their sets down and the wall, times
    `MIDDLE_LETGO`'s factor for their last discards."""
    public = view.seats[seat]
    band = min(view.wall_left // BAND, len(READY["closed"][0]) - 1)
    row = (READY if table is None else table)[shows][max(0, min(len(public.melds), 4) - 1)]
    river = public.river
    middles = sum(1 for k in river[-LAST_DISCARDS:] if k < FIRST_HONOR and 2 <= k % 9 <= 6)
    return min(0.95, row[band] * MIDDLE_LETGO[len(river) >= 6][middles])


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
    seat_wind = FIRST_HONOR + view.seat_winds[seat]
    prevailing = FIRST_HONOR + view.prevailing_wind
    for meld in public.melds:
        tiles = meld.tiles
        if not tiles:
            continue  # a concealed kong shows nothing
        first = tiles[0]
        if first >= FIRST_HONOR:
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


def wait_chance(
    tile: int, opponent: Opponent, unseen: list[int], weights: dict[str, float] | None = None
) -> float:
    """The chance `tile` is one of this opponent's winning tiles, if they are ready: the
    logistic model `WAIT_WEIGHTS` of its public facts (`tile_features`) with the ready
    shapes' counts added (whole_hand.py `shapes_log_odds`); given `weights` (a model
    being fitted), that model alone."""
    if tile >= FIRST_HONOR and not unseen[tile]:
        return 0.0  # a win on an honour needs a copy of it in their hand: none is left
    if weights is not None:
        z = sum(weights.get(name, 0.0) for name in tile_features(tile, opponent, unseen))
        return 1.0 / (1.0 + math.exp(-z))
    z = sum(WAIT_WEIGHTS.get(name, 0.0) for name in tile_features(tile, opponent, unseen))
    z += shapes_log_odds(tile, opponent, unseen)
    return 1.0 / (1.0 + math.exp(-z))


def liability_cost(tile: int, opponent: Opponent, unseen: list[int], rules: Ruleset) -> float:
    """Expected 包 cost of feeding this tile: the set that would make the discarder liable
    for the opponent's self-drawn win, weighed by the chance they can claim it."""
    cost = 0.0
    claim = 0.0
    if unseen[tile] >= 2:
        claim += CLAIM_BY_PAIR
    if opponent.next_after_me and tile < FIRST_HONOR:
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


def deal_in_chance(
    tile: int, opponents: list[Opponent], unseen: list[int], contrast: float = 1.0
) -> float:
    """The chance this discard is someone's winning tile; with `contrast` above 1, each
    opponent's tile reading weighed steeper than read (`steeper`). No 包 is read, so no
    ruleset is needed."""
    safe = 1.0
    for o in opponents:
        safe *= 1.0 - o.ready * steeper(wait_chance(tile, o, unseen), contrast)
    return 1.0 - safe


def discard_loss(
    tile: int, opponents: list[Opponent], unseen: list[int], rules: Ruleset, contrast: float = 1.0
) -> float:
    """Expected points (base units) lost by discarding this tile (with `contrast`, as in
    `deal_in_chance`)."""
    return discard_danger(tile, opponents, unseen, rules, contrast)[1]


def discard_danger(
    tile: int, opponents: list[Opponent], unseen: list[int], rules: Ruleset, contrast: float = 1.0
) -> tuple[float, float]:
    """(`deal_in_chance`, `discard_loss`) of one discard, each opponent's tile reading read
    once: what the strong player weighs at every candidate of every discard."""
    safe = 1.0
    loss = 0.0
    for o in opponents:
        feeds = o.ready * steeper(wait_chance(tile, o, unseen), contrast)
        safe *= 1.0 - feeds
        loss += feeds * o.points + liability_cost(tile, o, unseen, rules)
    return 1.0 - safe, loss


CONTRAST_CENTRE = math.log(0.06 / 0.94)
"""The log-odds `steeper` leaves where they are: about the share of the tiles a ready
hand waits on (two or three kinds of the 34), so that a tile read likelier than a typical
wait weighs more, and one read less likely weighs less."""


def steeper(chance: float, contrast: float) -> float:
    """A tile reading's chance with its log-odds spread `contrast` times as far from
    `CONTRAST_CENTRE` (1: the reading as it is). The reading itself stays calibrated
    (advice.py and the coach show it as read); the strong player weighs it steeper
    (strong.py `DANGER_CONTRAST`)."""
    if contrast == 1.0 or chance <= 0.0 or chance >= 1.0:
        return chance
    z = CONTRAST_CENTRE + contrast * (math.log(chance / (1.0 - chance)) - CONTRAST_CENTRE)
    return 1.0 / (1.0 + math.exp(-z))


def tile_features(tile: int, opponent: Opponent, unseen: list[int]) -> list[str]:
    """The public facts `WAIT_WEIGHTS` weighs for `tile` against a ready opponent, each a
    name (one-hot: a fact holds or not)."""
    river = opponent.discards
    n = len(river)
    length = 0 if n < 6 else 1 if n < 12 else 2
    found = ["bias", f"wall{min(opponent.wall_left // BAND, 6)}"]
    if tile in opponent.river:
        found.append("own")
    elif tile in opponent.passed:
        found.append("passed")
    elif opponent.recent and opponent.recent[tile] < RECENT:
        # Let go lately by another seat and not won on: had they been ready then (most
        # ready hands keep their wait), it is no win of theirs.
        found.append(f"recent{min(opponent.recent[tile], 4)}")
    if tile >= FIRST_HONOR:
        honours = sum(1 for k in river if k >= FIRST_HONOR)
        found.append(f"h{min(unseen[tile], 3)}v{int(tile in opponent.valuable)}")
        found.append(f"hriver{min((honours + 1) // 2, 3)}")
        found.append(f"hshows_{opponent.shows}")
        return found
    suit, rank = divmod(tile, 9)
    fold = min(rank, 8 - rank)
    below = rank < 3 or tile - 3 in opponent.river or not (unseen[tile - 1] and unseen[tile - 2])
    above = rank > 5 or tile + 3 in opponent.river or not (unseen[tile + 1] and unseen[tile + 2])
    found.append(f"r{fold}o{below + above}")
    found.append(f"live{min(unseen[tile], 3)}")
    # The far tile of a two-sided wait on a side not ruled out: efficient hands keep the
    # wait with more tiles live.
    partners = [unseen[tile - 3]] if not below else []
    if not above:
        partners.append(unseen[tile + 3])
    found.append(f"partner{max(partners, default=-1) + 1}")
    found.append(f"shows_{opponent.shows}_r{fold}")
    # Their river by suit: a suit they let few tiles of go is a suit they keep.
    by_suit = [0, 0, 0]
    for k in river:
        if k < FIRST_HONOR:
            by_suit[k // 9] += 1
    mine = by_suit[suit]
    found.append(f"suit{min(mine, 4)}len{length}")
    least, most = mine == min(by_suit), mine == max(by_suit)
    found.append("suit_mid" if least == most else "suit_least" if least else "suit_most")
    # Their melds by suit: a hand with sets in one suit is often gathering it.
    here = sum(1 for _, first in opponent.melds if first < FIRST_HONOR and first // 9 == suit)
    there = sum(1 for _, first in opponent.melds if first < FIRST_HONOR and first // 9 != suit)
    found.append(f"meld{min(here, 2)}{min(there, 1)}")
    for kind, first in opponent.melds:
        same_suit = first < FIRST_HONOR and first // 9 == suit
        if kind != "chow" and same_suit and abs(first % 9 - rank) <= 2:
            found.append(f"pung_d{abs(first % 9 - rank)}")
    # Their last two discards: the tile let go when the hand took its shape, and its
    # neighbours (a 3 let go from 3-4-5-6 leaves 4-5-6 waiting on 3 and 7... or 2-5).
    for back in (1, 2):
        if n >= back:
            d = river[-back]
            dist = abs(d % 9 - rank) if d < FIRST_HONOR and d // 9 == suit else 9
            found.append(f"last{back}d{min(dist, 4)}")
    # Their last two tiles let go from the hand (手切), not as drawn: those the hand chose,
    # which a tile drawn and let go (摸切) says nothing about.
    if len(opponent.from_draw) == n:
        chosen = [k for k, drawn in zip(river, opponent.from_draw, strict=True) if not drawn]
        for back in (1, 2):
            if len(chosen) >= back:
                d = chosen[-back]
                dist = abs(d % 9 - rank) if d < FIRST_HONOR and d // 9 == suit else 9
                found.append(f"chose{back}d{min(dist, 4)}")
    # Early discards beside the tile: an early 2 let go, a 1-2-3 or 2-3 kept is unlikely.
    if any(k < FIRST_HONOR and k // 9 == suit and 1 <= abs(k % 9 - rank) <= 2 for k in river[:6]):
        found.append("early_near")
    near = sum(
        1 for k in river if k < FIRST_HONOR and k // 9 == suit and 1 <= abs(k % 9 - rank) <= 2
    )
    found.append(f"near{min(near, 3)}")
    # The two tiles each two-sided (or edge) side needs, and the 嵌 partners: the fewer
    # live, the fewer hands hold them.
    sides = []
    if rank >= 2:
        sides.append(min(unseen[tile - 1], unseen[tile - 2]))
    if rank <= 6:
        sides.append(min(unseen[tile + 1], unseen[tile + 2]))
    found.append(f"side_best{min(max(sides), 3)}")
    if 1 <= rank <= 7:
        found.append(f"kan{min(unseen[tile - 1], unseen[tile + 1], 3)}")
    if n >= 3:
        d = river[-3]
        dist = abs(d % 9 - rank) if d < FIRST_HONOR and d // 9 == suit else 9
        found.append(f"last3d{min(dist, 4)}")
    # Copies of its neighbours live: a wait needs them in the opponent's hand.
    low, high = suit * 9 + max(0, rank - 2), suit * 9 + min(8, rank + 2)
    around = sum(unseen[k] for k in range(low, high + 1) if k != tile)
    spots = high - low
    found.append(f"around{min(int(around / spots), 3)}")
    return found
