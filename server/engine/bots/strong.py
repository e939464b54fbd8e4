"""The strong computer player: every choice weighed in expected points, as strong players
of 鸡平和 weigh theirs.

A hand's worth is the best of the hands it could become — the quickest win, 混一色 in each
suit it could turn to, 对对和, 七对 — each worth its chance of being completed before the wall
runs out or someone else wins (from how far it is, counted with the tiles still live:
gently for a hand short of ready, steeply for a ready one, whose live winning tiles are
the whole of its chance, `READY_POWER`) times what it would pay (base × 2^fan, fan counted
by the preset's own table, so the cap 3番满 / 6番爆 and `min_fan` are respected: a hand that
may not be declared is worth little). Once someone looks ready (`ALARM_FROM`), a discard
keeps the hand it leaves only with the chance it feeds nobody, and costs what their win
would cost if it does, and the 包 it may bring (server/engine/bots/danger.py, measured
tables), the reading weighed steeper than read (`DANGER_CONTRAST`); a tenth of that danger
counts before anybody looks ready (`CALM_SHARE`), so the safer of two equally good tiles
goes first. Always, a quarter of the old guessed reading (guessed_danger.py) leans its
discards toward letting honours and terminals go before middle tiles (`LEAN_WEIGHT`). Each
step from ready costs a form three tenths of its chance on top of the measured table
(`STEP_DISCOUNT`): speed over fan, which is what beats players who race to any win; once
someone looks ready it fades to 0.85 a step (`PRESSED_DISCOUNT`), so breaking a ready hand
to keep a safe tile is not priced dearer than it is. So it chases fan when the tiles
support it, and folds when a far hand meets a dangerous table. A claim is made when the
hand after it (and its best discard) is worth more than passing, a dragon or scoring wind
pung claimed counted for its fan as a laid one is (`_claimed_honour`). Wins are always
declared: a win declined is locked by 过水 until the next discard anyway.

It sees only its own seat's view, and its one random stream is seeded, so a replay
plays the same choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from server.engine.bots.chances import win_chance
from server.engine.bots.danger import (
    Opponent,
    discard_danger,
    discard_loss,
    read_opponents,
)
from server.engine.bots.guessed_danger import guessed_discard_loss
from server.engine.bots.hand_facts import KEEP_VALUES, obvious_choice
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    Discard,
    Pass,
    Pung,
)
from shared.analysis import (
    GROUPS,
    improving_kinds,
    improving_kinds_within,
    seven_pairs_shanten,
    shanten,
    shanten_within,
)
from shared.fan import fan_of_patterns
from shared.ruleset import Ruleset
from shared.tiles import DRAGONS, FIRST_HONOR, KINDS
from shared.views import SeatView, unseen_counts

SELF_DRAWN_SHARE = 0.35
"""About this share of wins are self-drawn, which every other player pays (×3)."""
PAY_FACTOR = SELF_DRAWN_SHARE * 3 + (1 - SELF_DRAWN_SHARE)
UNDECLARABLE = 0.25
"""What is left of a hand's worth when the quickest form has no fan to declare with: a
fan may still come (a pair of dragons becoming a pung, a last-tile win)."""
FLEXIBILITY = 0.1
"""How much the next-best form a hand could take adds to its best one."""
NARROWEST, WIDEST = 0.8, 1.15
"""How far a hand short of ready's live tiles may move its chance from the typical one's
(as their ratio ** 0.3): gently, so that a wider first step never outweighs a step nearer
to ready (with `STEP_DISCOUNT`)."""
READY_POWER = 0.8
READY_NARROWEST, READY_WIDEST = 0.4, 1.5
"""How far a ready hand's live winning tiles move its chance from the typical wait's (six
live): as (live / 6) ** `READY_POWER`, between these bounds, so a narrow wait is not pushed
into danger like a wide one (docs/decisions/0001-strong-player-own-chance.md)."""
STEP_DISCOUNT = 0.7
"""Speed over fan: each step from ready multiplies a form's measured chance by this, so a
step nearer to ready outweighs a wider hand further off: what beats players who race to
any win (docs/decisions/0001-strong-player-own-chance.md)."""
PRESSED_DISCOUNT = 0.85
"""The step discount once someone looks ready, reached in proportion to the alarm
(`ALARM_FROM`): breaking a ready hand to keep a safe tile is then not priced dearer than
it is (docs/decisions/0001-strong-player-own-chance.md)."""
DEFENCE_WEIGHT = 1.0
"""How much of a discard's danger (danger.py) is counted against it: all of it, the reading
being measured. A discard keeps its hand's worth only if it feeds nobody, and loses what
their win costs if it does (`_kept`; docs/decisions/0002-strong-player-defence.md)."""
LEAN_WEIGHT = 0.25
"""How much of the guessed reading (guessed_danger.py) is counted against every discard,
whatever the alarm: a lean that lets honours and terminals go before middle tiles. Set it
to 0 for the measured defence alone (docs/decisions/0002-strong-player-defence.md)."""
CALM_SHARE = 0.1
"""The share of a discard's danger counted while nobody looks ready (the alarm off; all of
it once the alarm is full, `ALARM_FROM`): enough to let the safer of two tiles that leave
the hand as good go first, too little to break a hand for safety before it is needed
(docs/decisions/0002-strong-player-defence.md)."""
DANGER_CONTRAST = 1.6
"""How much steeper than read the strong player weighs the tile reading (danger.py
`steeper`: its log-odds spread this many times as far from a typical wait's). The reading
is calibrated, so this is judgement: fewer deal-ins, paid for in hands not won
(docs/decisions/0002-strong-player-defence.md)."""
CLAIM_MARGIN = 0.02
"""A claim must beat passing by this much: a hand shown is a hand read."""


@dataclass(frozen=True, slots=True)
class _Seat:
    """What of the bot's own seat and the table decides a hand's worth, read once."""

    laid_kinds: tuple[str, ...]
    laid_suits: frozenset[int]
    """The suits of the laid melds (0–2; honours not counted)."""
    sure: dict[str, int]
    """Bonus patterns the laid melds and flowers already make certain."""
    valuable: frozenset[int]
    """The honours whose pung scores here: the dragons, the seat and prevailing winds."""
    unseen: list[int]
    unseen_total: int
    wall_left: int
    alarm: float = 1.0
    """How much of the danger counts now (see `ALARM_FROM`)."""


class StrongBot:
    def __init__(
        self,
        rules: Ruleset,
        rng: random.Random,
        defence: float = DEFENCE_WEIGHT,
        lean: float = LEAN_WEIGHT,
    ) -> None:
        self.rules = rules
        self.defence = defence
        """The share of a discard's danger counted against it."""
        self.lean = lean
        """The share of the guessed reading counted against every discard."""
        self.rng = rng
        present = {row.id for row in rules.preset.patterns}
        self._flushes = "mixed_one_suit" in present
        self._pungs = "all_pungs" in present
        self._worths: dict[tuple[object, ...], float] = {}
        self._flush_forms: dict[tuple[object, ...], list[float]] = {}
        """A 混一色 form's [shanten, worth] by what alone decides them: the melds, the suit,
        that suit's and the honours' counts, the honour a claim lays (and the table, read
        once a decision: see `_flush_seat`). Every discard that leaves those two groups
        alone leaves the same form, so of a turn's 14 candidates most share one, worked out
        once (docs/decisions/0005-decision-time.md)."""
        self._flush_seat: _Seat | None = None
        """The reading of the table `_flush_forms` was worked out with."""
        self._fans: dict[tuple[object, ...], float] = {}
        """`_points` by its patterns (the preset's fan table does not change)."""
        self.last_read: tuple[_Seat, list[Opponent]] = (
            _Seat((), frozenset(), {}, frozenset(), [0] * KINDS, 1, 0),
            [],
        )
        """What the last decision read of its seat and the opponents (advice.py)."""
        self.forms: dict[tuple[object, ...], str] = {}
        """The form (`FORMS`) behind each worth in `_worths`: what advice.py names."""
        """Hand worths worked out during the decision in hand (the table does not change
        within one)."""

    def choose(self, view: SeatView) -> AnyAction:
        legal = view.legal
        plain = obvious_choice(view, legal)
        if plain is not None:
            return plain
        self._worths.clear()
        self.forms.clear()
        opponents = read_opponents(view, self.rules)
        seat = self._read(view, opponents)
        self.last_read = (seat, opponents)
        if view.phase == "turn":
            return self._turn(view, legal, seat, opponents)
        return self._claim(view, legal, seat, opponents)

    # --- reading the table -----------------------------------------------------------

    def _read(self, view: SeatView, opponents: list[Opponent]) -> _Seat:
        assert view.seat is not None
        public = view.seats[view.seat]
        counts = view.concealed_counts()
        unseen = unseen_counts(view.seats, counts)
        valuable = frozenset(
            {*DRAGONS, FIRST_HONOR + view.seat_winds[view.seat], FIRST_HONOR + view.prevailing_wind}
        )
        kinds = []
        suits = set()
        sure: dict[str, int] = {}
        for meld in public.melds:
            kinds.append(meld.kind)
            if meld.tiles:
                first = meld.tiles[0]
                if first < FIRST_HONOR:
                    suits.add(first // 9)
                elif meld.kind != "chow":
                    _add_honour_pung(sure, first, view)
        if public.flowers:
            sure["flower"] = len(public.flowers)
        return _Seat(
            laid_kinds=tuple(kinds),
            laid_suits=frozenset(suits),
            sure=sure,
            valuable=valuable,
            unseen=unseen,
            unseen_total=max(1, sum(unseen)),
            wall_left=view.wall_left,
            alarm=_alarm(opponents),
        )

    # --- a hand's worth --------------------------------------------------------------

    def hand_worth(
        self,
        counts: list[int],
        melds: int,
        seat: _Seat,
        view: SeatView,
        laid_kinds: tuple[str, ...],
        laid_suits: frozenset[int],
        claimed: tuple[str, int] | None = None,
    ) -> float:
        """Expected points (base units) of a 13-tile-shaped hand (3n+1 concealed); with
        `claimed` (meld kind, tile), the hand just after laying that meld (its kind and
        suit already in `laid_kinds` and `laid_suits`)."""
        key = (bytes(counts), melds, laid_kinds, laid_suits, claimed)
        known = self._worths.get(key)
        if known is not None:
            return known
        values: list[float] = []  # the worth of each form the hand could take
        names: list[str] = []
        sure = dict(seat.sure)
        claimed_honour = _claimed_honour(claimed)
        if claimed_honour is not None:
            _add_honour_pung(sure, claimed_honour, view)
        for kind in range(FIRST_HONOR, KINDS):
            if counts[kind] >= 3:
                _add_honour_pung(sure, kind, view)
        # The quickest win, in the standard form (七对 is weighed on its own below).
        seven = self.rules.seven_pairs and melds == 0
        s = shanten(counts, melds)
        u = _live(improving_kinds(counts, melds), seat.unseen)
        quick = dict(sure)
        if not any(k in ("pung", "kong", "concealed_kong") for k in laid_kinds) and max(counts) < 3:
            quick["all_chows"] = 1  # a hand of chows so far: often it stays one
        values.append(self._quick_worth(counts, melds, s, u, seat, view, claimed, quick, sure))
        names.append("quick")
        # 混一色 in each suit the hand could turn to.
        if self._flushes and len(laid_suits) <= 1:
            if seat is not self._flush_seat:
                self._flush_forms.clear()
                self._flush_seat = seat
            honours = bytes(counts[FIRST_HONOR:])
            for suit in range(3):
                if laid_suits and suit not in laid_suits:
                    continue
                # The form reads only this suit and the honours (`sure` too: honour pungs).
                form_key = (
                    melds,
                    suit,
                    bytes(counts[9 * suit : 9 * suit + 9]),
                    honours,
                    claimed_honour,
                )
                form = self._flush_forms.get(form_key)
                if form is None:
                    form = self._flush_forms[form_key] = [
                        shanten_within(counts, melds, GROUPS[suit] + "z"),
                        -1.0,
                    ]
                sf = int(form[0])
                if sf > s + 3:
                    continue
                if form[1] < 0.0:  # its worth, the first time the form is weighed
                    groups = GROUPS[suit] + "z"
                    uf = _live(improving_kinds_within(counts, melds, groups), seat.unseen)
                    flush = {**sure, "mixed_one_suit": 1}
                    form[1] = self._chance(sf, uf, seat) * self._points(flush, flush)
                values.append(form[1])
                names.append("mixed_one_suit")
        # 对对和.
        if self._pungs and all(k != "chow" for k in laid_kinds):
            sp, up = _pungs_shanten(counts, melds, seat.unseen)
            if sp <= s + 3:
                pungs = {**sure, "all_pungs": 1}
                values.append(self._chance(sp, up, seat) * self._points(pungs, pungs))
                names.append("all_pungs")
        # 七对 (its own pattern where the preset has one).
        if seven:
            s7 = seven_pairs_shanten(counts)
            if s7 <= s + 2:
                u7 = sum(seat.unseen[k] for k in range(KINDS) if counts[k] == 1)
                pairs = {
                    "seven_pairs": 1,
                    **({"flower": sure["flower"]} if "flower" in sure else {}),
                }
                values.append(self._chance(s7, u7, seat) * self._points(pairs, pairs))
                names.append("seven_pairs")
        self.forms[key] = names[values.index(max(values))]
        worth = self._worths[key] = max_and_next(values)
        return worth

    def _points(self, hoped: dict[str, int], certain: dict[str, int]) -> float:
        """What a win with the `hoped` patterns pays, in base units a win (self-draws
        weighed in); when only `certain` would be declarable, that; when neither reaches
        `min_fan`, a small part. Kept by the patterns (a few dozen a hand), each asked
        hundreds of times a decision."""
        key = (*hoped.items(), None, *certain.items())
        known = self._fans.get(key)
        if known is None:
            known = self._fans[key] = self._points_of(hoped, certain)
        return known

    def _points_of(self, hoped: dict[str, int], certain: dict[str, int]) -> float:
        fan = fan_of_patterns(self.rules, hoped)
        if fan < self.rules.min_fan:
            fan = fan_of_patterns(self.rules, certain)
        if fan < self.rules.min_fan:
            return UNDECLARABLE * 2**self.rules.min_fan * PAY_FACTOR
        return 2**fan * PAY_FACTOR

    def _quick_worth(
        self,
        counts: list[int],
        melds: int,
        steps: int,
        live: int,
        seat: _Seat,
        view: SeatView,
        claimed: tuple[str, int] | None,
        hoped: dict[str, int],
        certain: dict[str, int],
    ) -> float:
        """The quickest form's worth: its chance (`steps` from ready, `live` tiles that
        help) times what its win pays (`_points`). The hand's tiles, the view and the meld
        just claimed are what a finer reading of it would need."""
        return self._chance(steps, live, seat) * self._points(hoped, certain)

    @staticmethod
    def _chance(steps: int, live: int, seat: _Seat) -> float:
        """The chance of completing a hand `steps` shanten from ready: the measured
        chance for that shanten and wall (server/engine/bots/chances.py), raised or
        lowered gently as its live helping tiles compare with a typical hand's, and
        `STEP_DISCOUNT` for each step (`PRESSED_DISCOUNT` as the alarm rises)."""
        if steps < 0:
            return 1.0
        if live <= 0:
            return 0.0
        discount = STEP_DISCOUNT + (PRESSED_DISCOUNT - STEP_DISCOUNT) * seat.alarm
        return min(1.0, win_chance(steps, seat.wall_left) * width(steps, live)) * discount**steps

    # --- a turn ----------------------------------------------------------------------

    def _turn(
        self,
        view: SeatView,
        legal: tuple[AnyAction, ...],
        seat: _Seat,
        opponents: list[Opponent],
    ) -> AnyAction:
        counts = view.concealed_counts()
        melds = view.melds_laid()
        threatened = any(o.ready >= 0.3 for o in opponents)
        now = shanten(counts, melds, self.rules.seven_pairs and melds == 0)
        for action in legal:
            if isinstance(action, ConcealedKong):
                after = list(counts)
                after[action.tile] -= 4
                if shanten(after, melds + 1) <= now:
                    return action
            elif isinstance(action, AddedKong) and not threatened:
                after = list(counts)
                after[action.tile] -= 1
                if shanten(after, melds) <= now:
                    return action
        discards = sorted({a.tile for a in legal if a.__class__ is Discard})
        best = self._best_discard(
            view, counts, melds, seat, opponents, discards, seat.laid_kinds, seat.laid_suits
        )
        return Discard(best[1])

    def _best_discard(
        self,
        view: SeatView,
        counts: list[int],
        melds: int,
        seat: _Seat,
        opponents: list[Opponent],
        discards: list[int],
        laid_kinds: tuple[str, ...],
        laid_suits: frozenset[int],
        claimed: tuple[str, int] | None = None,
    ) -> tuple[float, int]:
        """(worth, tile) of the best discard of a 3n+2 hand (`claimed`: as `hand_worth`)."""
        scored = []
        for tile in discards:
            counts[tile] -= 1
            worth = self.hand_worth(counts, melds, seat, view, laid_kinds, laid_suits, claimed)
            counts[tile] += 1
            scored.append((self._kept(worth, tile, opponents, seat), KEEP_VALUES[tile] * -1, tile))
        scored.sort(reverse=True)
        return scored[0][0], scored[0][2]

    def _kept(self, worth: float, tile: int, opponents: list[Opponent], seat: _Seat) -> float:
        """A hand's worth after letting `tile` go: lost with the chance the tile wins for
        someone, less what their win (and any 包) would cost."""
        lean = 0.0
        if self.lean > 0.0:
            lean = self.lean * guessed_discard_loss(
                tile, opponents, seat.unseen, self.rules, seat.wall_left
            )
        weight = self.defence * (CALM_SHARE + (1.0 - CALM_SHARE) * seat.alarm)
        if weight <= 0.0:
            return worth - lean
        chance, loss = discard_danger(tile, opponents, seat.unseen, self.rules, DANGER_CONTRAST)
        return worth * (1.0 - weight * chance) - weight * loss - lean

    def kept_form(
        self, view: SeatView, after: list[int], melds: int, laid: tuple[str, int] | None
    ) -> str:
        """The form (`FORMS`) a hand is best worth as `after` (3n+1 concealed) with `melds`
        sets laid and, when `laid` (meld kind, tile) is given, one more such meld: read
        after `choose` on the same view (advice.py names it)."""
        seat = self.last_read[0]
        if laid is None:
            kinds, suits = seat.laid_kinds, seat.laid_suits
        else:
            kinds, suits = _with_laid(seat, *laid)
        self.hand_worth(after, melds, seat, view, kinds, suits, laid)
        return self.forms[(bytes(after), melds, kinds, suits, laid)]

    # --- claims ----------------------------------------------------------------------

    def _claim(
        self,
        view: SeatView,
        legal: tuple[AnyAction, ...],
        seat: _Seat,
        opponents: list[Opponent],
    ) -> AnyAction:
        if view.last_discard is None:
            return Pass()
        tile = view.last_discard[1]
        counts = view.concealed_counts()
        melds = view.melds_laid()
        passing = self.hand_worth(counts, melds, seat, view, seat.laid_kinds, seat.laid_suits)
        held = [k for k in range(KINDS) if counts[k]]
        if held:
            passing -= self.defence * min(
                discard_loss(k, opponents, seat.unseen, self.rules, DANGER_CONTRAST) for k in held
            )
        best: tuple[float, AnyAction] = (passing + CLAIM_MARGIN, Pass())
        for action in legal:
            after = list(counts)
            claimed: tuple[str, int]
            if isinstance(action, ClaimKong):
                after[tile] -= 3
                claimed = ("kong", tile)
            elif isinstance(action, Pung):
                after[tile] -= 2
                claimed = ("pung", tile)
            elif isinstance(action, Chow):
                for t in (action.low, action.low + 1, action.low + 2):
                    if t != tile:
                        after[t] -= 1
                claimed = ("chow", action.low)
            else:
                continue
            kinds, suits = _with_laid(seat, *claimed)
            if claimed[0] == "kong":  # the replacement tile comes before any discard
                worth = self.hand_worth(after, melds + 1, seat, view, kinds, suits, claimed)
            else:
                choices = [k for k in range(KINDS) if after[k]]
                worth, _ = self._best_discard(
                    view, after, melds + 1, seat, opponents, choices, kinds, suits, claimed
                )
            if worth > best[0]:
                best = (worth, action)
        return best[1]


TYPICAL_LIVE = (6, 16, 25, 42, 64, 79, 96)
"""Live tiles that would help a 13-tile hand, on average, by its shanten (0 = ready):
measured over 4,000 random hands (1 to 6 shanten; 0 from a ready hand's usual two-sided
wait)."""


ALARM_FROM, ALARM_FULL = 0.10, 0.30
"""The danger counts from when the likeliest ready opponent is this likely (nothing below,
all of it above, in proportion between): early, a safe tile let go now is one not kept for
later, when it would be worth more (docs/decisions/0002-strong-player-defence.md)."""


def _alarm(opponents: list[Opponent]) -> float:
    top = max((o.ready for o in opponents), default=0.0)
    return min(1.0, max(0.0, (top - ALARM_FROM) / (ALARM_FULL - ALARM_FROM)))


def width(steps: int, live: int) -> float:
    """How a hand's live helping tiles move its measured chance (`StrongBot._chance`):
    gently for a hand short of ready (`NARROWEST`–`WIDEST`), steeply for a ready one, whose
    live winning tiles are the whole of its chance (`READY_POWER`)."""
    ratio = live / _typical_live(steps)
    if steps == 0:
        return min(READY_WIDEST, max(READY_NARROWEST, ratio**READY_POWER))
    return min(WIDEST, max(NARROWEST, ratio**0.3))


def _typical_live(steps: int) -> int:
    return TYPICAL_LIVE[min(max(steps, 0), len(TYPICAL_LIVE) - 1)]


def max_and_next(values: list[float]) -> float:
    """A hand's worth from its forms': the best, and a little of the next best (a hand
    that could go two ways is worth more than one that can go one)."""
    ordered = sorted(values, reverse=True)
    return ordered[0] + (FLEXIBILITY * ordered[1] if len(ordered) > 1 else 0.0)


def _live(kinds: tuple[int, ...], unseen: list[int]) -> int:
    """How many tiles of these kinds are still unseen."""
    return sum(unseen[k] for k in kinds)


def _claimed_honour(claimed: tuple[str, int] | None) -> int | None:
    """The honour a claimed pung or kong (`claimed`: meld kind, tile) is of, whose fan
    (a dragon, the seat or prevailing wind) is then as sure as a laid meld's; else None."""
    if claimed is None or claimed[0] == "chow" or claimed[1] < FIRST_HONOR:
        return None
    return claimed[1]


def _with_laid(seat: _Seat, kind: str, tile: int) -> tuple[tuple[str, ...], frozenset[int]]:
    suits = seat.laid_suits | ({tile // 9} if tile < FIRST_HONOR else set())
    return (*seat.laid_kinds, kind), frozenset(suits)


def _add_honour_pung(sure: dict[str, int], kind: int, view: SeatView) -> None:
    """Count what a pung of this honour scores for the viewing seat."""
    assert view.seat is not None
    if kind in DRAGONS:
        sure["dragon_pung"] = sure.get("dragon_pung", 0) + 1
    if kind == FIRST_HONOR + view.seat_winds[view.seat]:
        sure["seat_wind_pung"] = 1
    if kind == FIRST_HONOR + view.prevailing_wind:
        sure["prevailing_wind_pung"] = 1


def _pungs_shanten(counts: list[int], melds: int, unseen: list[int]) -> tuple[int, int]:
    """(shanten, live improving tiles) toward four pungs and a pair, the laid melds
    being pungs or kongs already. A pung costs nothing from three of a kind held, one
    tile from a pair, two from a single, three from nothing; the pair nothing from a pair,
    one tile from a single, two from nothing."""
    need = 4 - melds
    # Counted by list.count (in C): this runs for every candidate of every decision.
    triplets = counts.count(3) + counts.count(4)
    pairs = counts.count(2) + max(0, triplets - need)
    singles = counts.count(1)
    left = max(0, need - triplets)

    def sets_cost(pairs_free: int, singles_free: int) -> int:
        from_pairs = min(left, pairs_free)
        from_singles = min(left - from_pairs, singles_free)
        return from_pairs + 2 * from_singles + 3 * (left - from_pairs - from_singles)

    options = [2 + sets_cost(pairs, singles)]
    if pairs:
        options.append(sets_cost(pairs - 1, singles))
    if singles:
        options.append(1 + sets_cost(pairs, singles - 1))
    live = sum(unseen[k] for k in range(KINDS) if counts[k] in (1, 2))
    return min(options) - 1, live
