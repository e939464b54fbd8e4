"""The normal computer player: a fair, solid opponent, and the level a table gets unless
its owner picks another.

It plays as a sound club player of 鸡平和 does:

- Discards for tile efficiency: the discard that leaves the hand closest to ready
  (shanten), then the most live improving tiles (有效牌, counting the tiles it can see),
  then honours and terminals before middle tiles, a lone honour that would score as a
  pung (a dragon, its seat wind, the round's wind) kept a little longer.
- Aims only at hands it may declare: under a minimum fan (`min_fan`; by default a chicken
  hand may not win), a ready discard none of whose wins reaches it ranks as a step short
  of ready, so it waits on a win it may declare whenever it can.
- Claims a pung, kong or chow when it brings the hand closer to ready and keeps a fan in
  reach: a pung of a scoring honour always; otherwise when a fan is held or laid already
  (such a pung, flowers, one suit so far), or the claim keeps chows alone (平和), or pungs
  alone with pairs enough (对对和). A fan-less pung in a hand with a chow down, or a chow
  after a fan-less pung, is passed: it would lead to a chicken hand that may not win.
- Defends only against an opponent whose melds say they may be ready (`_looks_ready`):
  three sets down, chows alone or with a fan on show (a pung of an honour that scores for
  them, or one suit), whatever its own hand; two chows alone unless its own hand is
  ready with five or more of its winning tiles live. It then lets go of the tile fewest
  of them could win on: one they discarded (现物), then the kind with the fewest copies
  unseen. Fan-less pungs in mixed suits are no alarm: under a minimum fan such a hand
  can seldom win.
- Declares every win it may.

Why these and not others (docs/decisions/0004-normal-player.md): the old normal
player (competent.py, now the `competent` baseline) lost 0.27 a hand to greedy players
mostly because it passed the chows that make 平和; the fan check on claims is most of what
this one gains over them. Its caution is what keeps it below the strong player, which
weighs danger in measured chances: playing on against every table, it beat three greedy
players by about half a base a hand, but the strong player no longer beat three of it.

It uses no randomness (the same view gives the same choice) and reads only its own
seat's view.
"""

from __future__ import annotations

import random

from server.engine.bots.hand_facts import (
    KEEP_VALUES,
    closest_claim,
    declarable_wait,
    demote_undeclarable,
    kong_no_further,
    obvious_choice,
)
from shared.actions import (
    AnyAction,
    Chow,
    ClaimKong,
    Discard,
    Pung,
)
from shared.analysis import discard_ranking, shanten
from shared.memo import remember
from shared.patterns import WinContext
from shared.ruleset import Ruleset
from shared.tiles import DRAGONS, FIRST_HONOR, KINDS
from shared.views import SeatView

FAN_SHOWN = 3
"""An opponent with this many sets down, chows alone or a fan on show among them (a pung
of an honour that scores for them, or one suit), is treated as ready: the normal player
then folds, whatever its own hand."""
CHOWS_SHOWN = 2
"""An opponent with this many chows down and nothing else may be a step from 平和: the
normal player folds against them unless its own hand is ready with a fair wait
(`PLAY_ON_LIVE`)."""
PLAY_ON_LIVE = 5
"""A ready hand plays on against `CHOWS_SHOWN` chows when this many of its winning tiles
are live (a two-sided wait has about six): a fold less ready beats greedy players, a fold
more ready lets the strong player's margin fall (docs/decisions/0004-normal-player.md)."""
_DECLARABLE_LIMIT = 4096


class NormalBot:
    def __init__(self, rules: Ruleset, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self._declarable: dict[tuple[object, ...], bool] = {}
        """Whether a ready hand has a declarable win, by hand and seat: a ready hand is
        weighed again on each of its turns."""

    def choose(self, view: SeatView) -> AnyAction:
        legal = view.legal
        plain = obvious_choice(view, legal)
        if plain is not None:
            return plain
        if view.phase == "turn":
            return self._turn(view, legal)
        return self._claim(view, legal)

    # --- a turn ----------------------------------------------------------------------

    def _turn(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        counts = view.concealed_counts()
        melds = view.melds_laid()
        ranked = self._ranked(view, legal, counts, melds)
        best = ranked[0][0][0]
        kong = kong_no_further(legal, counts, melds, best)
        if kong is not None:
            return kong
        pushing = best <= 0 and -ranked[0][0][1] >= PLAY_ON_LIVE  # ready, a fair wait
        threats = [s for s in range(4) if s != view.seat and _looks_ready(view, s, pushing)]
        if threats:
            return Discard(self._safest(view, threats, ranked))
        return Discard(ranked[0][1])

    def _ranked(
        self, view: SeatView, legal: tuple[AnyAction, ...], counts: list[int], melds: int
    ) -> list[tuple[tuple[int, int, int], int]]:
        """The legal discards best first by (shanten, -live improving tiles, keep value);
        a ready discard with no win it may declare ranks as a step short of ready."""
        allowed = {a.tile for a in legal if a.__class__ is Discard}
        seven = self.rules.seven_pairs and melds == 0
        valuable = _valuable(view)
        ranked = []
        for tile, s, live in discard_ranking(counts, melds, view.unseen_counts()):
            if tile not in allowed:
                continue
            if seven:
                counts[tile] -= 1
                s = shanten(counts, melds, True)
                counts[tile] += 1
            keep = KEEP_VALUES[tile] + (2 if tile in valuable else 0)
            ranked.append(((s, -live, keep), int(tile)))
        ranked.sort()
        if ranked[0][0][0] == 0 and self.rules.min_fan:
            own = _OwnSeat(view)
            demote_undeclarable(ranked, counts, lambda c: self._declarable_wait(own, c, melds))
        return ranked

    def _declarable_wait(self, own: _OwnSeat, counts: list[int], melds: int) -> bool:
        """Whether winning on some wait of this ready hand (on a discard or self-drawn)
        would reach `min_fan`."""
        if len(own.placed) != melds:
            return True  # a meld whose tiles are not shown to us: do not second-guess
        key = (bytes(counts), own.key)
        found = self._declarable.get(key)
        if found is None:
            found = declarable_wait(counts, melds, own.placed, own.contexts, self.rules)
            remember(self._declarable, _DECLARABLE_LIMIT, key, found)
        return found

    def _safest(
        self,
        view: SeatView,
        threats: list[int],
        ranked: list[tuple[tuple[int, int, int], int]],
    ) -> int:
        """The discard fewest threats could win on: one in their rivers first (现物), then
        the kind with the fewest copies unseen, then the better for the hand."""
        seats = view.seats
        unseen = view.unseen_counts()

        def danger(tile: int) -> tuple[int, int]:
            return (sum(1 for s in threats if tile not in seats[s].river), unseen[tile])

        return min(ranked, key=lambda entry: (danger(entry[1]), entry[0]))[1]

    # --- claims ----------------------------------------------------------------------

    def _claim(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        if not self.rules.min_fan:
            return closest_claim(view, legal, self.rules.seven_pairs)
        return closest_claim(
            view,
            legal,
            self.rules.seven_pairs,
            lambda counts, action, tile: self._keeps_fan(view, counts, action, tile),
        )

    def _keeps_fan(self, view: SeatView, counts: list[int], action: AnyAction, tile: int) -> bool:
        """Whether the hand after this claim still has a way to a fan: a pung of a scoring
        honour (held or laid), chows alone (平和), one suit (混一色) or pungs alone (对对和)."""
        assert view.seat is not None
        own = view.seats[view.seat]
        valuable = _valuable(view)
        if isinstance(action, Pung) and tile in valuable:
            return True
        if any(counts[k] >= 3 for k in valuable) or own.flowers:
            return True
        laid = [m for m in own.melds if m.tiles]
        if any(m.kind != "chow" and m.tiles and m.tiles[0] in valuable for m in laid):
            return True
        suits = {k // 9 for k in range(FIRST_HONOR) if counts[k]}
        suits |= {m.tiles[0] // 9 for m in laid if m.tiles and m.tiles[0] < FIRST_HONOR}
        if len(suits) <= 1:
            return True
        if isinstance(action, Chow):
            return all(m.kind == "chow" for m in own.melds)
        if isinstance(action, Pung | ClaimKong):
            if any(m.kind == "chow" for m in own.melds):
                return False
            pairs = sum(1 for k in range(KINDS) if counts[k] >= 2) - 1
            return pairs >= 4 - (len(own.melds) + 1)
        return True


def _valuable(view: SeatView) -> frozenset[int]:
    """The honours whose pung scores for this seat: the dragons, its wind, the round's."""
    assert view.seat is not None
    return frozenset(
        {*DRAGONS, FIRST_HONOR + view.seat_winds[view.seat], FIRST_HONOR + view.prevailing_wind}
    )


def _looks_ready(view: SeatView, seat: int, pushing: bool) -> bool:
    """Whether an opponent's melds say they may well be ready: `FAN_SHOWN` sets of chows
    alone (平和 in the making) or with a fan on show (a pung of an honour that scores for
    them, or one suit); or `CHOWS_SHOWN` chows alone, unless the viewer is `pushing` (ready
    with a fair wait). Fan-less pungs in mixed suits are no alarm: under a minimum fan
    such a hand can seldom win."""
    melds = view.seats[seat].melds
    laid = [m for m in melds if m.kind != "concealed_kong"]
    if all(m.kind == "chow" for m in laid):
        return len(laid) >= CHOWS_SHOWN and (len(laid) >= FAN_SHOWN or not pushing)
    if len(laid) < FAN_SHOWN:
        return False
    valuable = {*DRAGONS, FIRST_HONOR + view.seat_winds[seat], FIRST_HONOR + view.prevailing_wind}
    firsts = [m.tiles[0] for m in melds if m.tiles]
    if any(m.kind != "chow" and m.tiles and m.tiles[0] in valuable for m in melds):
        return True
    return len({t // 9 for t in firsts if t < FIRST_HONOR}) <= 1


class _OwnSeat:
    """What of the bot's own seat decides which wins it may declare, read once a turn."""

    __slots__ = ("contexts", "key", "placed")

    def __init__(self, view: SeatView) -> None:
        assert view.seat is not None
        public = view.seats[view.seat]
        self.placed = tuple(meld for m in public.melds if (meld := m.meld()) is not None)
        seat_wind = view.seat_winds[view.seat]
        self.key = (self.placed, public.flowers, seat_wind, view.prevailing_wind)
        self.contexts = tuple(
            WinContext(
                self_drawn=self_drawn,
                seat_wind=seat_wind,
                prevailing_wind=view.prevailing_wind,
                flowers=len(public.flowers),
            )
            for self_drawn in (True, False)
        )
