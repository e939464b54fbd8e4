"""A competent computer player: efficient discards, sensible claims, careful late in the hand.

- Discards keep the hand closest to ready (shanten), then the most live improving tiles
  (有效牌, counting the tiles it can see), and never aim at a ready hand none of whose
  wins it may declare (`min_fan`).
- Claims a pung, kong or chow only when it brings the hand closer to ready (and, with a
  minimum fan to meet, a chow only when the hand already has a source of fan).
- Always declares a win it may declare.
- Defends when an opponent looks ready (three sets laid down, or late in the wall) and
  its own hand is far: it then prefers tiles that opponent has discarded (现物) or tiles
  of which it can see all the rest.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final

from server.engine.bots.hand_facts import (
    KEEP_VALUES,
    best_after_discard,
    declarable_wait,
    demote_undeclarable,
    kong_no_further,
)
from server.engine.live_view import LiveView
from shared.actions import (
    AnyAction,
    Chow,
    ClaimKong,
    DeclareWin,
    Discard,
    Pass,
    Pung,
    RollDice,
)
from shared.analysis import discard_ranking, shanten
from shared.memo import remember
from shared.patterns import WinContext
from shared.ruleset import Ruleset
from shared.tiles import DRAGONS, FIRST_HONOR, Tile
from shared.views import SeatPublic, SeatView

LATE_WALL: Final = 20
"""Tiles left in the wall below which every opponent is treated as possibly ready."""
READY_LOOKING_SETS: Final = 3
_DECLARABLE_LIMIT: Final = 4096
_OWN_LIMIT: Final = 256


class CompetentBot:
    def __init__(self, rules: Ruleset, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self._declarable: dict[tuple[object, ...], bool] = {}
        """`_declarable_wait` by the 13 counts and the `_OwnHand`'s number (its melds,
        flowers and winds): a ready hand is often weighed again on the next turn, when the
        drawn tile is let go."""
        self._own: dict[tuple[object, ...], _OwnHand] = {}
        """`_OwnHand` by what it is made of: the seat's melds change a few times a hand, so
        most ready turns find theirs here instead of rebuilding its melds and contexts."""
        self._own_made = 0

    # --- entry point -----------------------------------------------------------------

    def choose(self, view: SeatView) -> AnyAction:
        legal = view.legal  # a live view builds it on each read: read it once
        if not legal:
            raise ValueError("the bot has nothing to choose from")
        for action in legal:  # a loop, not any(): a generator costs a frame a call
            if action.__class__ is DeclareWin:
                return DeclareWin()
        phase = view.phase
        if phase == "roll":
            return RollDice()
        if phase == "turn":
            return self._turn(view, legal)
        return self._claim(view, legal)

    # --- a turn ----------------------------------------------------------------------

    def _turn(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        counts = view.concealed_counts()
        melds = view.melds_laid()
        unseen = view.unseen_counts()  # a live view's come from counts the table keeps
        discards = 0  # one pass over the legal actions: the discards, and whether a kong
        for action in legal:
            if action.__class__ is Discard:
                discards += 1
        table = discard_ranking(counts, melds, unseen)
        if discards != len(table):
            table = _allowed_rows(table, legal)
        if not table:
            raise ValueError("the bot has no discard to choose from")
        if self.rules.seven_pairs:
            table = self._with_seven_pairs(table, counts, melds)
        low, best = _low_and_head(table)
        # Only the head of the ranking is read unless a ready discard's fan is checked
        # (which may demote the head) or the bot defends: the whole ranking, a tuple of
        # tuples per discard and a sort, is built only then (bench README, "The
        # competent glue made lean"); the head is the ranking's either way.
        best_shanten = low
        if low == 0 and self.rules.min_fan:
            ranked = self._ranked(view, counts, melds, table, low)
            best_shanten, best = ranked[0][0][0], ranked[0][1]
        if discards != len(legal):  # a kong too (a win was taken in `choose`)
            kong = kong_no_further(legal, counts, melds, best_shanten)
            if kong is not None:
                return kong
        if best_shanten < 2:  # close to ready: no defence, so no need of the others' seats
            return Discard(best)
        threat = self._threatening(view)
        if threat:
            seats = view.seats  # a live view builds all four on each read: read it once
            ranked = self._ranked(view, counts, melds, table, low)
            return Discard(self._safest(view, seats, threat, unseen, ranked))
        return Discard(best)

    def _rank_discards(
        self,
        view: SeatView,
        counts: list[int],
        melds: int,
        unseen: list[int],
        allowed: Collection[int],
    ) -> list[tuple[tuple[int, int, int], int]]:
        """Discards ranked best first by (shanten, -live improving tiles, tile preference),
        of the kinds `allowed` (the whole ranking `_turn` builds when it needs it)."""
        table = [row for row in discard_ranking(counts, melds, unseen) if row[0] in allowed]
        if self.rules.seven_pairs:
            table = self._with_seven_pairs(table, counts, melds)
        return self._ranked(view, counts, melds, table, min([row[1] for row in table]))

    def _ranked(
        self,
        view: SeatView,
        counts: list[int],
        melds: int,
        table: list[tuple[Tile, int, int]],
        low: int,
    ) -> list[tuple[tuple[int, int, int], int]]:
        """`_rank_discards` of the legal rows of `discard_ranking` (seven pairs weighed),
        whose lowest shanten is `low`."""
        keep = KEEP_VALUES
        ranked = [
            ((s, -live if s == low else 0, keep[tile]), int(tile))
            for tile, s, live in table
            if s <= low + 1
        ]
        ranked.sort()
        if low == 0 and self.rules.min_fan:
            self._demote_undeclarable(view, counts, melds, ranked)
        return ranked

    def _demote_undeclarable(
        self,
        view: SeatView,
        counts: list[int],
        melds: int,
        ranked: list[tuple[tuple[int, int, int], int]],
    ) -> None:
        """Rank a ready discard none of whose wins may be declared (`min_fan`) as one from
        shanten 1 (without its live tiles), best first, until the first declarable one.

        Only the head of a ranking with a ready discard is ever read (the ranks behind it
        only break ties for a defence, when the hand is far from ready), and the min-fan
        check, which scores every wait, is the costly part: so the ready discards behind
        the first declarable one are left unchecked. The head, and so the choice, is the
        one checking them all would give (hand_facts.demote_undeclarable)."""
        own = self._own_hand(view)
        demote_undeclarable(ranked, counts, lambda c: self._declarable_wait(own, c, melds))

    def _own_hand(self, view: SeatView) -> _OwnHand:
        assert view.seat is not None
        public = _own_public(view)
        seat_wind = view.seat_winds[view.seat]
        prevailing_wind = view.prevailing_wind
        key = (public.melds, public.flowers, seat_wind, prevailing_wind)
        own = self._own.get(key)
        if own is None:
            self._own_made += 1  # never reused, even after a clear: `_declarable` keys on it
            own = _OwnHand(public, seat_wind, prevailing_wind, self._own_made)
            remember(self._own, _OWN_LIMIT, key, own)
        return own

    def _with_seven_pairs(
        self,
        table: list[tuple[Tile, int, int]],
        counts: list[int],
        melds: int,
    ) -> list[tuple[Tile, int, int]]:
        """With 七对 allowed, a discard's shanten is the lower of both forms."""
        out = []
        for tile, _standard, live in table:
            counts[tile] -= 1
            out.append((tile, shanten(counts, melds, True), live))
            counts[tile] += 1
        return out

    def _declarable_wait(self, own: _OwnHand, counts: list[int], melds: int) -> bool:
        """Whether winning on some wait (by discard or self-draw) would reach min_fan."""
        if len(own.placed) != melds:
            return True  # a concealed kong we cannot rebuild: do not second-guess
        key = (bytes(counts), own.number)
        found = self._declarable.get(key)
        if found is None:
            found = declarable_wait(counts, melds, own.placed, own.contexts, self.rules)
            remember(self._declarable, _DECLARABLE_LIMIT, key, found)
        return found


    def _threatening(self, view: SeatView) -> list[int]:
        """The other seats that may be ready: all of them late in the wall, else those with
        `READY_LOOKING_SETS` sets face up (a live view counts them without building the
        four seats' public parts, which only a defence then reads)."""
        me = view.seat
        if view.wall_left < LATE_WALL:
            return [s for s in range(4) if s != me]
        if isinstance(view, LiveView):
            return [
                s for s in range(4) if s != me and view.melds_shown(s) >= READY_LOOKING_SETS
            ]
        seats = view.seats
        return [
            s
            for s in range(4)
            if s != me
            and sum(1 for m in seats[s].melds if m.kind != "concealed_kong")
            >= READY_LOOKING_SETS
        ]

    def _safest(
        self,
        view: SeatView,
        seats: tuple[SeatPublic, ...],
        threat: list[int],
        unseen: list[int],
        ranked: list[tuple[tuple[int, int, int], int]],
    ) -> int:
        def danger(tile: int) -> tuple[int, int]:
            safe_against = sum(1 for s in threat if tile in seats[s].river)
            return (len(threat) - safe_against, unseen[tile])

        candidates = [(danger(tile), rank, tile) for rank, tile in ranked]
        for tile in {t for t in view.hand} | ({view.drawn} if view.drawn is not None else set()):
            if all(tile != c[2] for c in candidates):
                candidates.append((danger(tile), (99, 0, 0), tile))
        candidates.sort()
        return candidates[0][2]

    # --- claims ----------------------------------------------------------------------

    def _claim(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        last = view.last_discard
        if last is None:
            return Pass()
        tile = last[1]
        counts = view.concealed_counts()
        melds = view.melds_laid()
        now = shanten(counts, melds, self.rules.seven_pairs)
        best: tuple[int, AnyAction] | None = None
        fan_source: bool | None = None  # read once, at the first chow, and only then
        for action in legal:
            cls = action.__class__
            if cls is ClaimKong:
                after = list(counts)
                after[tile] -= 3
                value = shanten(after, melds + 1)
            elif cls is Pung:
                after = list(counts)
                after[tile] -= 2
                value = best_after_discard(after, melds + 1)
            elif isinstance(action, Chow):
                if self.rules.min_fan:
                    if fan_source is None:
                        fan_source = self._has_fan_source(view, counts)
                    if not fan_source:
                        continue
                after = list(counts)
                for t in (action.low, action.low + 1, action.low + 2):
                    if t != tile:
                        after[t] -= 1
                value = best_after_discard(after, melds + 1)
            else:
                continue
            if value < now and (best is None or value < best[0]):
                best = (value, action)
        return best[1] if best else Pass()

    def _has_fan_source(self, view: SeatView, counts: list[int]) -> bool:
        """A pung of a dragon or a counting wind (held or laid down), flowers, or one suit."""
        assert view.seat is not None
        own = _own_public(view)
        valuable = {
            *DRAGONS,
            FIRST_HONOR + view.seat_winds[view.seat],
            FIRST_HONOR + view.prevailing_wind,
        }
        if any(counts[k] >= 3 for k in valuable) or own.flowers:
            return True
        for meld in own.melds:
            if meld.tiles and meld.kind != "chow" and meld.tiles[0] in valuable:
                return True
        suits = {t // 9 for t in range(FIRST_HONOR) if counts[t]}
        suits |= {m.tiles[0] // 9 for m in own.melds if m.tiles and m.tiles[0] < FIRST_HONOR}
        return len(suits) <= 1


def _allowed_rows(
    table: list[tuple[Tile, int, int]], legal: tuple[AnyAction, ...]
) -> list[tuple[Tile, int, int]]:
    """The rows of `discard_ranking` whose discard is legal. It has a row for each kind
    held, and the legal discards are distinct kinds held, so `_turn` asks this only when
    there are fewer of them than rows (never on the engine's views)."""
    allowed = {a.tile for a in legal if a.__class__ is Discard}
    return [row for row in table if row[0] in allowed]


def _low_and_head(table: list[tuple[Tile, int, int]]) -> tuple[int, int]:
    """The lowest shanten of the rows, and the tile the ranking of `_ranked` puts first,
    in one pass, without building it or any fan check: of the discards that leave the
    lowest, the most live improving tiles, then the lowest keep value (`KEEP_VALUES`),
    then the lowest kind."""
    low = 99
    best = -1
    best_live = -1
    best_keep = 99
    keep = KEEP_VALUES
    for tile, s, live in table:
        if s > low:
            continue
        k = keep[tile]
        if s < low or live > best_live or (
            live == best_live and (k < best_keep or (k == best_keep and tile < best))
        ):
            low, best, best_live, best_keep = s, int(tile), live, k
    return low, best


def _own_public(view: SeatView) -> SeatPublic:
    """The public part of the view's own seat: on a live view that seat's alone, where
    `seats` builds all four (its melds and flowers are all the fan checks read)."""
    if isinstance(view, LiveView):
        return view.own_public()
    assert view.seat is not None
    return view.seats[view.seat]


class _OwnHand:
    """What of the bot's own seat decides which wins it may declare; `number` tells it
    apart from every other one the bot made (a cheap key for the min-fan answers)."""

    __slots__ = ("contexts", "number", "placed")

    def __init__(
        self, public: SeatPublic, seat_wind: int, prevailing_wind: int, number: int
    ) -> None:
        self.placed = tuple(meld for m in public.melds if (meld := m.meld()) is not None)
        self.number = number
        # Self-drawn first: with 自摸 counting, it usually settles the question first.
        self.contexts = tuple(
            WinContext(
                self_drawn=self_drawn,
                seat_wind=seat_wind,
                prevailing_wind=prevailing_wind,
                flowers=len(public.flowers),
            )
            for self_drawn in (True, False)
        )
