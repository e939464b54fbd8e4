"""One hand of Guangdong mahjong as a state machine (RULES.md §3–§6).

`HandTable.step(seat, action)` checks the action against the rules and either raises
`IllegalAction` (the state is unchanged) or applies it and returns the events, each
addressed to the seats that may see it. No clocks, no sockets: a timeout is the `Timeout`
action, and all chance comes from the seed (for a verifiable deal, from the host's secret
and the seats' contributions: server/engine/deal.py), so a hand replays exactly from its log.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from itertools import chain, compress, repeat
from operator import sub
from typing import Final, Literal, NoReturn, TypeVar, get_args

from server.engine.claims import ClaimOptions, chow_starts, resolve_claims
from server.engine.deal import DealSeed, HandDeal
from server.engine.live_view import LiveView
from server.engine.wall import Wall, full_set, roll_dice
from shared.actions import (
    DISCARDS,
    WIN,
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    Pung,
    RollDice,
    Timeout,
)
from shared.analysis import is_win, wait_kinds
from shared.dice import wall_break
from shared.errors import IllegalAction, InvariantError
from shared.events import (
    EVERYONE,
    Delivery,
    DiceRolled,
    FlowerRevealed,
    HandEnded,
    HandStarted,
    KongDeclared,
    MeldClaimed,
    MissedWin,
    MissedWinCleared,
    PatternResult,
    PaymentResult,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    WinnerResult,
    all_but,
    only,
)
from shared.fan import score_hand
from shared.groups import (
    MOVES,
    NEIGHBOURS,
    group_ids,
    may_be_ready,
    may_be_win,
    moved,
)
from shared.melds import Meld, MeldKind
from shared.notation import Hand
from shared.patterns import Score, WinContext
from shared.ruleset import Ruleset
from shared.settlement import THREE_WINNER_FLOOR, HandResult, Winner, settle
from shared.tiles import KIND_TILES, KINDS, Tile
from shared.views import MeldView, SeatPublic, TableView, unseen_counts
from shared.views import Phase as ViewPhase

SEATS: Final = 4
_T = TypeVar("_T")


class _Unknown(Enum):
    """Not worked out yet: a marker that stays itself when a table is copied (an enum
    member, so that `is _UNKNOWN` narrows for the type checker)."""

    UNKNOWN = "unknown"


_UNKNOWN: Final = _Unknown.UNKNOWN
_NO_WAITS: frozenset[int] = frozenset()
_TABLE_ACTIONS: Final = frozenset(get_args(AnyAction))
"""The action classes `step` takes (AnyAction's members)."""
_TILE_FIELDS: Final[dict[type, str]] = {
    Discard: "tile",
    Chow: "low",
    ConcealedKong: "tile",
    AddedKong: "tile",
}
"""The field of each action that names a tile."""
_NEXT = tuple((seat + 1) % SEATS for seat in range(SEATS))
_ONLY = tuple(only(seat) for seat in range(SEATS))
_ALL_BUT = tuple(all_but(seat) for seat in range(SEATS))
_DRAGONS = (31, 32, 33)
_OTHERS = tuple(tuple(other for other in range(SEATS) if other != seat) for seat in range(SEATS))
_WINDS = (27, 28, 29, 30)
_ALL_TILES = range(KINDS + 8)
_KINDS = range(KINDS)
_NONE_OF_EACH = (0,) * (KINDS + 8)


def _tile_counts(tiles: list[int]) -> int:
    """How many of each tile `tiles` holds, as the int whose bytes (little-endian) they are."""
    return int.from_bytes(bytes(map(Counter(tiles).get, _ALL_TILES, _NONE_OF_EACH)), "little")


_WHOLE_SET = {flowers: _tile_counts(full_set(flowers)) for flowers in (False, True)}
"""The whole set, without and with flowers, counted as check_invariants counts the table."""


class Phase(Enum):
    """The phases of a hand; each value is the name views show (`TableView.phase`)."""

    ROLL = "roll"
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    ENDED = "ended"


@dataclass(slots=True)
class PlacedMeld:
    """A meld on the table, with where its claimed tile came from."""

    meld: Meld
    from_seat: int | None = None
    claimed_tile: int | None = None

    @property
    def exposed(self) -> bool:
        return not self.meld.concealed


@dataclass(slots=True)
class SeatState:
    counts: list[int] = field(default_factory=lambda: [0] * KINDS)
    melds: list[PlacedMeld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    horses: list[int] = field(default_factory=list)
    draws: int = 0
    discards: int = 0
    locked: set[int] = field(default_factory=set)
    """过水: tiles this seat may not win on until the lock lifts."""
    waits: frozenset[int] | None = None
    """Kinds that complete the 13-tile hand; None when the hand changed since."""
    hand_cache: dict[int | None, tuple[int, ...]] = field(default_factory=dict)
    """`HandTable.hand_tiles` since the seat last changed, by the tile kept apart."""
    public_cache: dict[tuple[bool, bool], SeatPublic] = field(default_factory=dict)
    """`HandTable.seat_public` since the seat last changed, by (its own view, hand over)."""
    big_hand_feeder: int | None = None
    twelve_tile_feeder: int | None = None
    twelve_tile_first: bool = True

    group_ids: list[int] | None = None
    """The ids of the four groups of `counts` (shared.groups), kept up to date by `add`;
    None after `changed()`, worked out again when next needed."""

    def add(self, tile: int, n: int = 1) -> None:
        """Put `n` tiles of a kind into the concealed hand (n < 0: take them out)."""
        self.counts[tile] += n
        ids = self.group_ids
        if ids is not None:
            # One tile in or out, the common case, inlined: one look-up (shared.groups).
            g, out_bits, in_bits = MOVES[tile]
            if n == 1:
                found = NEIGHBOURS.get(ids[g] << 5 | in_bits)
            elif n == -1:
                found = NEIGHBOURS.get(ids[g] << 5 | out_bits)
            else:
                found = None
            if found is None:
                moved(ids, tile, n)
            else:
                ids[g] = found
        self.waits = None
        self.hand_cache.clear()
        self.public_cache.clear()

    def changed(self, counts: bool = True) -> None:
        """Something about the seat changed: forget what was worked out from it.

        counts=False: only its melds, river or flowers (the table changes counts by `add`);
        by default the counts may have changed too, behind `add`'s back.
        """
        if counts:
            self.group_ids = None
        self.waits = None
        self.hand_cache.clear()
        self.public_cache.clear()

    def ids(self) -> list[int]:
        if self.group_ids is None:
            self.group_ids = list(group_ids(self.counts))
        return self.group_ids

    def hand_size(self) -> int:
        return sum(self.counts) + 3 * len(self.melds)

    def exposed_sets(self) -> int:
        return sum(1 for m in self.melds if m.exposed)


@dataclass(frozen=True, slots=True)
class HandSetup:
    """What a session hands to a new hand: who sits where, the deal, the scores."""

    rules: Ruleset
    seed: int
    dealer: int
    prevailing_wind: int
    scores: tuple[int, int, int, int]
    hand_number: int = 1
    dealer_repeat: int = 0
    wall: tuple[int, ...] | None = None
    """A rigged wall in draw order (tests); None: shuffled from the seed."""
    deal: DealSeed | None = None
    """The host's secret for a verifiable deal (PROTOCOL.md §15): the wall and the dice
    are derived at the roll from it and the seats' contributions. None: shuffled from the
    seed by Python's `random` (the hands of records made before; engine tests)."""
    recorded_winds: tuple[int, int, int, int] | None = None
    """The winds a record says the hand was played with (replay); None in play."""
    seat_winds: tuple[int, int, int, int] = field(init=False)
    """Each seat's wind: the dealer East, the others in turn order (RULES.md §2). Only a
    record made before the winds followed the deal has others, and replays with them."""

    def __post_init__(self) -> None:
        winds = self.recorded_winds or seat_winds_for(self.dealer)
        object.__setattr__(self, "seat_winds", winds)


def seat_winds_for(dealer: int) -> tuple[int, int, int, int]:
    """Seat s's wind when `dealer` deals: 0 East for the dealer, then 1 South, 2 West and
    3 North in turn order from the dealer (RULES.md §2, "The dealer is always East")."""
    winds = [(seat - dealer) % SEATS for seat in range(SEATS)]
    return (winds[0], winds[1], winds[2], winds[3])


class HandTable:
    """One hand, from the dice to the settlement."""

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        self.rules = setup.rules
        if setup.deal is not None and setup.wall is not None:
            raise ValueError("a hand has a rigged wall or a verifiable deal, not both")
        self.rng = random.Random(setup.seed)
        self.deal = HandDeal(setup.deal, setup.hand_number) if setup.deal is not None else None
        # A verifiable deal's wall is derived at the roll, once the contributions are in;
        # until then it is the set in its fixed order (nothing is drawn before the roll).
        unshuffled = tuple(full_set(self.rules.flowers)) if self.deal is not None else None
        self.wall = Wall(self.rng, self.rules.flowers, setup.wall or unshuffled)
        self.seats = [SeatState() for _ in range(SEATS)]
        self.scores = list(setup.scores)
        self.phase = Phase.ROLL
        self.current = setup.dealer
        self.dice: tuple[int, int] | None = None
        self.drawn: int | None = None
        """The current seat's freshly drawn tile (None after a chow or pung)."""
        self.drawn_from_wall = False
        """The drawn tile came by a draw (the dealer's 14th is dealt, not shown apart)."""
        self.after_kong = False
        """The current seat's tile came from the tail after its own kong (杠上开花)."""
        self.kong_feeder: int | None = None
        self.last_discard: tuple[int, int] | None = None
        self.pending_kong: tuple[int, int] | None = None
        self.options: dict[int, ClaimOptions] = {}
        self.responses: dict[int, AnyAction] = {}
        self.interrupted = False
        """A chow, pung or kong has happened: the first go-around is over (天胡/地胡/人和)."""
        self.discards_made = 0
        self.fourth_set_fed: list[int] = [0] * SEATS
        self.result: HandEnded | None = None
        self.won_tile: int | None = None
        """The discard or robbed tile the hand was won on (not in any hand's counts)."""
        self._turn_score: Score | _Unknown | None = _UNKNOWN
        self.log: list[tuple[int, AnyAction]] = []
        self._initial_total = sum(setup.scores)
        self._live_views = tuple(LiveView(self, seat) for seat in range(SEATS))
        self.shown = [0] * KINDS
        """Tiles of each kind every seat sees while the hand is played: the rivers and the
        melds laid face up (not concealed kongs). Kept as tiles move, so that a bot's
        unseen counts (`unseen_counts`) need no recount of every river each turn."""

    def __deepcopy__(self, memo: dict[int, object]) -> HandTable:
        """An independent copy (the property tests explore copies of a table).

        Written out because a compiled HandTable (build_scripts/compile.py) is a native
        class, which copy's default way, a bare `__new__` then the state, cannot make. The
        copy is a new table of the same setup, every attribute then copied over, but for
        the seats' live views, which the new table made bound to itself. The setup is
        frozen, so shared (a compiled frozen dataclass cannot be deep-copied either).
        """
        memo.setdefault(id(self.setup), self.setup)
        twin = HandTable(self.setup)
        memo[id(self)] = twin
        # A compiled instance lists its attributes in __mypyc_attrs__, a pure one in vars().
        names = getattr(self, "__mypyc_attrs__", None) or tuple(vars(self))
        for name in names:
            if name != "_live_views":
                setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        return twin

    # --- the public face -------------------------------------------------------------

    def start(self) -> list[Delivery]:
        """The first events of the hand, before the dealer rolls."""
        committed = [Delivery(EVERYONE, self.deal.committed())] if self.deal else []
        return [
            Delivery(
                EVERYONE,
                HandStarted(
                    hand_number=self.setup.hand_number,
                    dealer=self.setup.dealer,
                    seat_winds=self.setup.seat_winds,
                    prevailing_wind=self.setup.prevailing_wind,
                    scores=four(self.scores),
                    wall_size=len(self.wall.tiles),
                    dealer_repeat=self.setup.dealer_repeat,
                ),
            ),
            *committed,
        ]

    def contribute(self, seat: int, value: bytes) -> None:
        """A seat's contribution to a verifiable deal (PROTOCOL.md §15), taken until the
        dice are rolled; IllegalAction (nothing changes) when it cannot be."""
        if self.deal is None:
            raise IllegalAction("this hand's wall is not dealt by commit and reveal")
        if self.phase is not Phase.ROLL:
            raise IllegalAction(
                f"too late: the dice of hand {self.setup.hand_number} are rolled"
            )
        self.deal.contribute(seat, value)

    def legal_actions(self, seat: int) -> list[AnyAction]:
        """Exactly the actions `seat` may take now (Timeout is the host's, not listed)."""
        if self.phase is Phase.ROLL:
            return [RollDice()] if seat == self.setup.dealer else []
        if self.phase is Phase.TURN:
            return self._turn_actions(seat) if seat == self.current else []
        if self.phase in (Phase.CLAIM, Phase.ROB):
            opts = self.options.get(seat)
            if opts is None or seat in self.responses:
                return []
            return opts.actions()
        return []

    def _why_not(self, seat: int, action: AnyAction) -> str | None:
        """None when `action in legal_actions(seat)` (without listing them all); else why
        not, in words that tell the seat nothing its own view does not show."""
        phase = self.phase
        if phase is Phase.ENDED:
            return f"the hand is over; you cannot {_action_name(action)}"
        if phase is Phase.ROLL:
            if seat != self.setup.dealer:
                return "only the dealer rolls the dice"
            return None if isinstance(action, RollDice) else "roll the dice first"
        if phase is Phase.TURN:
            if seat != self.current:
                return "it is not your turn"
            if action.__class__ is Discard:
                tile = action.tile
                if 0 <= tile < KINDS and self.seats[seat].counts[tile] > 0:
                    return None
                return "you do not hold that tile"
            if isinstance(action, DeclareWin):
                if self.drawn is None:
                    return "you may win on your turn only with a tile you drew"
                if self._self_drawn_score(seat) is None:
                    return "your hand does not win (or not with enough fan to declare)"
                return None
            if isinstance(action, (ConcealedKong, AddedKong)):
                if self.drawn is not None and action in self._turn_actions(seat):
                    return None
                return "you cannot declare that kong now"
            return f"on your turn you discard, win or declare a kong, not {_action_name(action)}"
        # A claim or rob window.
        opts = self.options.get(seat)
        if opts is None:
            return "you have no claim on this tile"
        if seat in self.responses:
            return "you have answered already"
        if isinstance(action, Pass):
            return None
        if isinstance(action, DeclareWin):
            return None if opts.win_fan is not None else "this tile does not win your hand"
        if phase is Phase.ROB:
            return "a kong being added may only be robbed (win) or let go (pass)"
        if isinstance(action, ClaimKong):
            return None if opts.kong else "you cannot kong this tile"
        if isinstance(action, Pung):
            return None if opts.pung else "you cannot pung this tile"
        if isinstance(action, Chow):
            return None if action.low in opts.chows else "you cannot chow this tile that way"
        return f"you cannot {_action_name(action)} on a discard"

    def awaiting(self) -> list[int]:
        """Seats whose answer the table is waiting for."""
        if self.phase is Phase.ROLL:
            return [self.setup.dealer]
        if self.phase is Phase.TURN:
            return [self.current]
        if self.phase in (Phase.CLAIM, Phase.ROB):
            return [s for s in self.options if s not in self.responses]
        return []

    def step(self, seat: object, action: object) -> list[Delivery]:
        """Apply one action of `seat`; raise IllegalAction (state unchanged) if not allowed.

        The arguments are typed `object` and checked here, not by their annotations: a
        compiled build (build_scripts/compile.py) would otherwise refuse a wrong type with
        a TypeError before this body runs, where the pure one says IllegalAction.
        """
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction(f"no seat {seat!r}")
        cls = action.__class__
        if cls not in _TABLE_ACTIONS:
            raise IllegalAction(f"not an action at the table: {action!r}")
        # An action made in-process is not validated as a decoded one is.
        field = _TILE_FIELDS.get(cls)
        if field is not None and not isinstance(getattr(action, field), int):
            raise IllegalAction(f"a tile is a number, not {getattr(action, field)!r}")
        # Checked above; an annotation, not typing.cast, which would cost a call each step.
        act: AnyAction = action  # type: ignore[assignment]
        by_timer = cls is Timeout
        # The log keeps a Timeout as it came: replaying it gives the same move and marks it.
        logged = act
        if by_timer:
            if seat not in self.awaiting():
                raise IllegalAction(f"seat {seat} has nothing to time out on")
            act = self._timeout_action(seat)
        else:
            why_not = self._why_not(seat, act)
            if why_not is not None:
                raise IllegalAction(why_not)
        self.log.append((seat, logged))
        out: list[Delivery] = []
        phase = self.phase
        if phase is Phase.TURN:
            if act.__class__ is Discard:
                self._discard(seat, act.tile, out, by_timer)
            else:
                self._turn_move(seat, act, out)
        elif phase is Phase.ROLL:
            self._roll(out)
        else:
            self._answer(seat, act, out)
        return out

    def view(self, seat: int | None) -> TableView:
        """What `seat` (None: a spectator) may know now."""
        public = self.seat_public
        return TableView(
            seat=seat,
            phase=self.phase.value,
            hand_number=self.setup.hand_number,
            dealer=self.setup.dealer,
            seat_winds=self.setup.seat_winds,
            prevailing_wind=self.setup.prevailing_wind,
            scores=four(self.scores),
            current_seat=self.current,
            wall_left=self.wall.left,
            dice=self.dice,
            seats=(public(0, seat), public(1, seat), public(2, seat), public(3, seat)),
            last_discard=self.claimable_discard,
            pending_kong=self.pending_kong,
            hand=self.hand_tiles(seat) if seat is not None else (),
            drawn=self.shown_drawn(seat) if seat is not None else None,
            legal=tuple(self.legal_actions(seat)) if seat is not None else (),
            missed_win_tiles=tuple(sorted(self.seats[seat].locked)) if seat is not None else (),
            result=self.result,
        )

    def live_view(self, seat: int) -> LiveView:
        """`view(seat)` read on demand, for a computer player in this process."""
        return self._live_views[seat]

    @property
    def phase_name(self) -> ViewPhase:
        return self.phase.value

    @property
    def claimable_discard(self) -> tuple[int, int] | None:
        """(seat, tile) of the discard on offer, while others may claim it."""
        return self.last_discard if self.phase is Phase.CLAIM else None

    def shown_drawn(self, seat: int) -> int | None:
        """The seat's freshly drawn tile as its view keeps it apart (not the dealt 14th)."""
        if (
            seat == self.current
            and self.drawn_from_wall
            and self.phase is Phase.TURN
            and self.drawn is not None
        ):
            return self.drawn
        return None

    def hand_tiles(self, seat: int) -> tuple[int, ...]:
        """The seat's concealed tiles, sorted, without the tile `shown_drawn` keeps apart."""
        st = self.seats[seat]
        drawn = self.shown_drawn(seat)
        hand = st.hand_cache.get(drawn)
        if hand is None:
            tiles = list(_tiles_of(st.counts))
            if drawn is not None:
                tiles.remove(drawn)
            hand = st.hand_cache[drawn] = tuple(tiles)
        return hand

    @property
    def ended(self) -> bool:
        return self.phase is Phase.ENDED

    # --- invariants ------------------------------------------------------------------

    def check_invariants(self) -> None:
        """Every tile exactly once; hand sizes as §4 says; scores keep their total."""
        # One int counts every tile on the table, a byte per kind (no count reaches 256,
        # so kinds never carry into each other): the seats' counts read as bytes, plus the
        # counts of every other tile. It must equal the whole set's.
        try:
            total = sum(int.from_bytes(bytes(st.counts), "little") for st in self.seats)
        except ValueError:  # a count below 0 (or above 255)
            self._report_miscount()
        loose = self.wall.remaining()
        for st in self.seats:
            for placed in st.melds:
                loose += placed.meld.tiles
            loose += st.river
            loose += st.flowers
            loose += st.horses
        if self.pending_kong is not None:
            loose.append(self.pending_kong[1])
        if self.won_tile is not None:
            loose.append(self.won_tile)
        total += _tile_counts(loose)
        if total != _WHOLE_SET[bool(self.rules.flowers)]:
            self._report_miscount()
        self_drawn_winner = (
            self.result.winners[0].seat
            if self.result is not None and self.result.kind == "self_drawn"
            else None
        )
        for s, st in enumerate(self.seats):
            size = st.hand_size()
            if self.phase is Phase.ROLL:
                want = 0
            elif (self.phase is Phase.TURN and s == self.current) or s == self_drawn_winner:
                want = 14
            else:
                want = 13
            if size != want:
                raise InvariantError(f"seat {s} holds {size} tiles (kongs as 3), not {want}")
        if sum(self.scores) != self._initial_total:
            raise InvariantError(f"scores sum to {sum(self.scores)}, not {self._initial_total}")

    def _report_miscount(self) -> NoReturn:
        """Raise naming the first tile kind whose copies do not add up (a slow recount)."""
        seen = [0] * (KINDS + 8)
        for tile in self.wall.remaining():
            seen[tile] += 1
        for s, st in enumerate(self.seats):
            for kind, n in enumerate(st.counts):
                if n < 0:
                    raise InvariantError(f"seat {s} holds {n} of tile {Tile(kind)}")
                seen[kind] += n
            for placed in st.melds:
                for tile in placed.meld.tiles:
                    seen[tile] += 1
            for tile in st.river + st.flowers + st.horses:
                seen[tile] += 1
        if self.pending_kong is not None:
            seen[self.pending_kong[1]] += 1
        if self.won_tile is not None:
            seen[self.won_tile] += 1
        flower_copies = 1 if self.rules.flowers else 0
        for tile, n in enumerate(seen):
            want = 4 if tile < KINDS else flower_copies
            if n != want:
                raise InvariantError(f"tile {Tile(tile)} seen {n} times, not {want}")
        raise InvariantError("the tiles on the table are not the set")

    # --- rolling and dealing ---------------------------------------------------------

    def _roll(self, out: list[Delivery]) -> None:
        dealer = self.setup.dealer
        if self.deal is not None:
            derived, self.dice = self.deal.derive(self.rules.flowers)
            self.wall = Wall(self.rng, self.rules.flowers, derived)
        else:
            self.dice = roll_dice(self.rng)
        break_seat, stacks = wall_break(dealer, self.dice)
        out.append(Delivery(EVERYONE, DiceRolled(dealer, self.dice, break_seat, stacks)))
        order = [(dealer + i) % SEATS for i in range(SEATS)]
        dealt: list[list[int]] = [[] for _ in range(SEATS)]
        for chunk in (4, 4, 4, 1):
            for s in order:
                dealt[s].extend(self.wall.draw() for _ in range(chunk))
        dealt[dealer].append(self.wall.draw())
        for s in order:
            self.seats[s].horses = [self.wall.draw_tail() for _ in range(self.rules.horses)]
        for s in order:
            tiles = dealt[s]
            while any(t >= KINDS for t in tiles):
                for flower in [t for t in tiles if t >= KINDS]:
                    tiles.remove(flower)
                    self.seats[s].flowers.append(flower)
                    tiles.append(self.wall.draw_tail())
            for t in tiles:
                self.seats[s].counts[t] += 1
            self.seats[s].changed()
        left = self.wall.left
        for s in order:
            flowers = tuple(self.seats[s].flowers)
            count = len(dealt[s])
            mine = TilesDealt(s, count, tuple(sorted(dealt[s])), flowers, left)
            out.append(Delivery(only(s), mine))
            out.append(Delivery(all_but(s), TilesDealt(s, count, None, flowers, left)))
        self.phase = Phase.TURN
        self.current = dealer
        self.drawn = dealt[dealer][-1]
        self._turn_score = _UNKNOWN
        self.seats[dealer].draws = 1

    # --- a turn ----------------------------------------------------------------------

    def _turn_actions(self, seat: int) -> list[AnyAction]:
        st = self.seats[seat]
        counts = st.counts
        actions: list[AnyAction] = list(compress(DISCARDS, counts))
        if self.drawn is None:
            return actions  # after a chow or pung: discard at once
        score = self._turn_score
        if score is _UNKNOWN:
            score = self._self_drawn_score(seat)
        if score is not None:
            actions.append(WIN)
        if self.wall.left > 0:
            if 4 in counts:
                actions.extend(ConcealedKong(k) for k in range(KINDS) if counts[k] == 4)
            if st.melds:
                actions.extend(
                    AddedKong(p.meld.first)
                    for p in st.melds
                    if p.meld.kind is MeldKind.PUNG and counts[p.meld.first]
                )
        return actions

    def _turn_move(self, seat: int, action: AnyAction, out: list[Delivery]) -> None:
        """A turn's move other than a discard."""
        if isinstance(action, DeclareWin):
            score = self._self_drawn_score(seat)
            assert score is not None
            self._finish("self_drawn", {seat: score}, None, self.drawn, out)
        elif isinstance(action, ConcealedKong):
            self._concealed_kong(seat, action.tile, out)
        elif isinstance(action, AddedKong):
            self._added_kong(seat, action.tile, out)

    def _timeout_action(self, seat: int) -> AnyAction:
        """What the timer does: roll the dice, discard the drawn tile, or pass."""
        if self.phase is Phase.ROLL:
            return RollDice()
        if self.phase is Phase.TURN:
            counts = self.seats[seat].counts
            if self.drawn is not None and counts[self.drawn]:
                return Discard(self.drawn)
            return Discard(max(k for k in range(KINDS) if counts[k]))
        return Pass()

    def _discard(self, seat: int, tile: int, out: list[Delivery], by_timer: bool) -> None:
        st = self.seats[seat]
        st.add(tile, -1)
        st.river.append(tile)
        self.shown[tile] += 1
        st.discards += 1
        self.discards_made += 1
        self.drawn = None
        self.after_kong = False
        self.kong_feeder = None
        out.append(Delivery(EVERYONE, TileDiscarded(seat, tile, by_timer)))
        if st.locked:
            st.locked.clear()
            out.append(Delivery(_ONLY[seat], MissedWinCleared(seat)))
        self.last_discard = (seat, tile)
        self.options = options = {}
        seats = self.seats
        chow_seat = _NEXT[seat] if tile < 27 else None
        for other in _OTHERS[seat]:
            held = seats[other]
            waits = held.waits if held.waits is not None else self._waits(other)
            # Most discards interest nobody: look closer only where a claim may be.
            if tile in waits or held.counts[tile] >= 2 or other == chow_seat:
                opts = self._claim_options(other, seat, tile)
                if opts is not None:
                    options[other] = opts
        self.responses = {}
        if options:
            self.phase = Phase.CLAIM
        else:
            self._next_turn(seat, out)

    def _claim_options(self, seat: int, discarder: int, tile: int) -> ClaimOptions | None:
        """What `seat` may do with the discard, or None when nothing."""
        st = self.seats[seat]
        waits = st.waits if st.waits is not None else self._waits(seat)
        win_fan = None
        if tile in waits:
            score = self._discard_win_score(seat, discarder, tile, robbing=False)
            win_fan = score.fan if score is not None else None
        if self.wall.left == 0:
            # the last discard may only be won (RULES_NOTES)
            return None if win_fan is None else ClaimOptions(win_fan=win_fan)
        counts = st.counts
        n = counts[tile]
        chows = chow_starts(counts, tile) if seat == _NEXT[discarder] else []
        if win_fan is None and n < 2 and not chows:
            return None
        return ClaimOptions(win_fan=win_fan, kong=n >= 3, pung=n >= 2, chows=chows)

    def _next_turn(self, discarder: int, out: list[Delivery]) -> None:
        if self.wall.left == 0:
            self._finish("draw", {}, None, None, out)
            return
        self.current = (discarder + 1) % SEATS
        self._draw(self.current, out, from_tail=False)

    def _draw(self, seat: int, out: list[Delivery], from_tail: bool) -> None:
        """Draw for `seat` (replacing flowers from the tail) and give it the turn."""
        st = self.seats[seat]
        wall = self.wall
        tile = wall.draw_tail() if from_tail else wall.draw()
        st.draws += 1
        if st.locked:
            self._lift_lock_on_move(seat, out)
        left = wall.left
        out.append(Delivery(_ONLY[seat], TileDrawn(seat, from_tail, left, tile)))
        out.append(Delivery(_ALL_BUT[seat], TileDrawn(seat, from_tail, left)))
        while tile >= KINDS:
            st.flowers.append(tile)
            st.changed(counts=False)
            out.append(Delivery(EVERYONE, FlowerRevealed(seat, tile)))
            if self.wall.left == 0:
                self.phase = Phase.TURN
                self.current = seat
                self.drawn = None
                self._finish("draw", {}, None, None, out)
                return
            tile = self.wall.draw_tail()
            out.append(Delivery(only(seat), TileDrawn(seat, True, self.wall.left, tile)))
            out.append(Delivery(all_but(seat), TileDrawn(seat, True, self.wall.left)))
        # The drawn tile completes the hand only if the hand before it waited on it.
        waits = st.waits if st.waits is not None else self._waits(seat)
        st.add(tile)
        self.phase = Phase.TURN
        self.current = seat
        self.drawn = tile
        self.drawn_from_wall = True
        self._turn_score = _UNKNOWN if tile in waits else None

    def _lift_lock_on_move(self, seat: int, out: list[Delivery]) -> None:
        st = self.seats[seat]
        if st.locked and self.rules.missed_win_lock_until == "any_move":
            st.locked.clear()
            out.append(Delivery(only(seat), MissedWinCleared(seat)))

    def _concealed_kong(self, seat: int, tile: int, out: list[Delivery]) -> None:
        st = self.seats[seat]
        st.add(tile, -4)
        st.melds.append(PlacedMeld(Meld.kong(Tile(tile), concealed=True)))
        self.interrupted = True
        out.append(Delivery(only(seat), KongDeclared(seat, "concealed", tile)))
        out.append(Delivery(all_but(seat), KongDeclared(seat, "concealed")))
        self._kong_replacement(seat, None, out)

    def _added_kong(self, seat: int, tile: int, out: list[Delivery]) -> None:
        st = self.seats[seat]
        st.add(tile, -1)
        self.pending_kong = (seat, tile)
        self.interrupted = True
        out.append(Delivery(EVERYONE, KongDeclared(seat, "added", tile)))
        self.options = {}
        for other in range(SEATS):
            if other == seat:
                continue
            score = self._discard_win_score(other, seat, tile, robbing=True)
            if score is not None:
                self.options[other] = ClaimOptions(win_fan=score.fan)
        self.responses = {}
        self.drawn = None
        if self.options:
            self.phase = Phase.ROB
        else:
            self._complete_added_kong(out)

    def _complete_added_kong(self, out: list[Delivery]) -> None:
        assert self.pending_kong is not None
        seat, tile = self.pending_kong
        self.pending_kong = None
        st = self.seats[seat]
        for i, placed in enumerate(st.melds):
            if placed.meld.kind is MeldKind.PUNG and placed.meld.first == tile:
                st.changed(counts=False)
                st.melds[i] = PlacedMeld(
                    Meld.kong(Tile(tile)), placed.from_seat, placed.claimed_tile
                )
                self.shown[tile] += 1
                break
        self._kong_replacement(seat, None, out)

    def _kong_replacement(self, seat: int, feeder: int | None, out: list[Delivery]) -> None:
        self._lift_lock_on_move(seat, out)
        self._draw(seat, out, from_tail=True)
        if self.phase is Phase.TURN:
            self.after_kong = True
            self.kong_feeder = feeder

    # --- answers to a discard or an added kong ---------------------------------------

    def _answer(self, seat: int, action: AnyAction, out: list[Delivery]) -> None:
        self.responses[seat] = action
        if len(self.responses) < len(self.options):
            return
        if self.phase is Phase.ROB:
            self._resolve_rob(out)
        else:
            self._resolve_discard(out)

    def _lock(self, seats: list[int], tile: int, out: list[Delivery]) -> None:
        for s in seats:
            self.seats[s].locked.add(tile)
            out.append(Delivery(only(s), MissedWin(s, tile)))

    def _resolve_rob(self, out: list[Delivery]) -> None:
        assert self.pending_kong is not None
        kong_seat, tile = self.pending_kong
        resolution = resolve_claims(
            self.options, self.responses, kong_seat, self.rules.multiple_winners
        )
        if resolution.winners:
            self.pending_kong = None
            scores = {
                s: self._discard_win_score(s, kong_seat, tile, robbing=True)
                for s in resolution.winners
            }
            self._finish("robbing_kong", scores, kong_seat, tile, out)
            return
        self._lock(resolution.passed_win, tile, out)
        self.options = {}
        self.responses = {}
        self.phase = Phase.TURN
        self.current = kong_seat
        self._complete_added_kong(out)

    def _resolve_discard(self, out: list[Delivery]) -> None:
        assert self.last_discard is not None
        discarder, tile = self.last_discard
        resolution = resolve_claims(
            self.options, self.responses, discarder, self.rules.multiple_winners
        )
        if resolution.winners:
            scores = {
                s: self._discard_win_score(s, discarder, tile, robbing=False)
                for s in resolution.winners
            }
            self.seats[discarder].river.pop()
            self.shown[tile] -= 1
            self.seats[discarder].changed(counts=False)
            self._finish("discard", scores, discarder, tile, out)
            return
        self._lock(resolution.passed_win, tile, out)
        self.options = {}
        self.responses = {}
        if resolution.meld_seat is None:
            self._next_turn(discarder, out)
            return
        self._claim_meld(resolution.meld_seat, resolution.meld_action, discarder, tile, out)

    def _claim_meld(
        self, seat: int, action: AnyAction | None, discarder: int, tile: int, out: list[Delivery]
    ) -> None:
        st = self.seats[seat]
        self.seats[discarder].river.pop()
        self.shown[tile] -= 1
        self.seats[discarder].changed(counts=False)
        self.last_discard = None
        self.interrupted = True
        self._lift_lock_on_move(seat, out)
        kind: Literal["chow", "pung", "kong"]
        if isinstance(action, Chow):
            meld = Meld.chow(Tile(action.low))
            for t in meld.tiles:
                if t != tile:
                    st.add(t, -1)
            kind = "chow"
        elif isinstance(action, ClaimKong):
            meld = Meld.kong(Tile(tile))
            st.add(tile, -3)
            kind = "kong"
        else:
            meld = Meld.pung(Tile(tile))
            st.add(tile, -2)
            kind = "pung"
        if kind != "chow":  # counted before the new meld is laid
            if tile in _DRAGONS and self._exposed_pungs_of(seat, _DRAGONS) == 2:
                st.big_hand_feeder = discarder
            if tile in _WINDS and self._exposed_pungs_of(seat, _WINDS) == 3:
                st.big_hand_feeder = discarder
        st.melds.append(PlacedMeld(meld, discarder, tile))
        for t in meld.tiles:
            self.shown[t] += 1
        if st.exposed_sets() == 4:
            st.twelve_tile_feeder = discarder
            st.twelve_tile_first = self.fourth_set_fed[discarder] == 0
            self.fourth_set_fed[discarder] += 1
        out.append(
            Delivery(
                EVERYONE,
                MeldClaimed(seat, kind, tuple(int(t) for t in meld.tiles), tile, discarder),
            )
        )
        self.current = seat
        self.phase = Phase.TURN
        self.drawn = None
        if kind == "kong":
            self._kong_replacement(seat, discarder, out)

    def _exposed_pungs_of(self, seat: int, kinds: tuple[int, ...]) -> int:
        return sum(
            1
            for p in self.seats[seat].melds
            if p.exposed and p.meld.kind is not MeldKind.CHOW and p.meld.first in kinds
        )

    # --- winning ---------------------------------------------------------------------

    def _hand_of(self, seat: int, winning_tile: int, extra: bool) -> Hand:
        """The seat's hand with `winning_tile` as the tile after '+'.

        `extra`: the tile is not yet in the seat's counts (a discard or a robbed kong).
        """
        st = self.seats[seat]
        counts = list(st.counts)
        if not extra:
            counts[winning_tile] -= 1
        concealed = tuple(chain.from_iterable(map(repeat, KIND_TILES, counts)))
        return Hand(
            concealed,
            tuple(p.meld for p in st.melds),
            Tile(winning_tile),
            tuple(Tile(f) for f in st.flowers),
        )

    def _context(
        self, seat: int, self_drawn: bool, robbing: bool, discarder: int | None
    ) -> WinContext:
        st = self.seats[seat]
        dealer = self.setup.dealer
        first_go = not self.interrupted
        heavenly = self_drawn and seat == dealer and first_go and self.discards_made == 0
        # 地胡: the first go-around lasts until the dealer draws again.
        first_round = first_go and self.seats[dealer].draws == 1
        earthly = seat != dealer and first_round and st.draws <= 1
        human = (
            not self_drawn
            and seat != dealer
            and discarder == dealer
            and first_go
            and self.discards_made == 1
        )
        return WinContext(
            self_drawn=self_drawn,
            seat_wind=self.setup.seat_winds[seat],
            prevailing_wind=self.setup.prevailing_wind,
            win_on_kong=self_drawn and self.after_kong,
            robbing_kong=robbing,
            last_tile=self_drawn and self.wall.left == 0,
            heavenly=heavenly,
            earthly=earthly and not robbing,
            human=human,
            flowers=len(st.flowers),
        )

    def _self_drawn_score(self, seat: int) -> Score | None:
        """The declarable self-drawn win of the seat on turn, worked out once per turn.

        A draw settles it at once (None) when the tile is not one the hand waited on.
        """
        if self._turn_score is _UNKNOWN:
            self._turn_score = self._work_out_self_drawn(seat)
        return self._turn_score

    def _work_out_self_drawn(self, seat: int) -> Score | None:
        st = self.seats[seat]
        if self.drawn is None:
            return None
        counts, melds, seven_pairs = st.counts, len(st.melds), self.rules.seven_pairs
        if not may_be_win(st.ids(), melds, seven_pairs) or not is_win(
            counts, melds, seven_pairs
        ):
            return None
        score = score_hand(
            self._hand_of(seat, self.drawn, extra=False),
            self._context(seat, True, False, None),
            self.rules,
        )
        return score if score.win and score.can_declare else None

    def _waits(self, seat: int) -> frozenset[int]:
        st = self.seats[seat]
        if st.waits is None:
            counts, melds, seven_pairs = st.counts, len(st.melds), self.rules.seven_pairs
            st.waits = (
                wait_kinds(counts, melds, seven_pairs)
                if may_be_ready(st.ids(), melds, seven_pairs)
                else _NO_WAITS
            )
        return st.waits

    def _discard_win_score(
        self, seat: int, discarder: int, tile: int, robbing: bool
    ) -> Score | None:
        st = self.seats[seat]
        found = st.waits
        if found is None:
            found = self._waits(seat)
        if tile not in found or tile in st.locked:
            return None
        score = score_hand(
            self._hand_of(seat, tile, extra=True),
            self._context(seat, False, robbing, discarder),
            self.rules,
        )
        return score if score.win and score.can_declare else None

    def _finish(
        self,
        kind: Literal["draw", "self_drawn", "discard", "robbing_kong"],
        scores: dict[int, Score | None],
        loser: int | None,
        tile: int | None,
        out: list[Delivery],
    ) -> None:
        winners: list[Winner] = []
        results: list[WinnerResult] = []
        three = kind == "discard" and len(scores) == 3  # 一炮三响
        for seat, score in scores.items():
            assert score is not None and tile is not None
            st = self.seats[seat]
            is_big = {p.id for p in score.patterns} & {"big_three_dragons", "big_four_winds"}
            on_kong = kind == "self_drawn" and self.after_kong
            winners.append(
                Winner(
                    seat=seat,
                    fan=score.fan,
                    self_drawn_base_bonus=(score.points - self.rules.base * 2**score.fan)
                    // self.rules.base,
                    kong_feeder=self.kong_feeder if on_kong else None,
                    big_hand_feeder=st.big_hand_feeder if is_big else None,
                    twelve_tile_feeder=st.twelve_tile_feeder,
                    twelve_tile_first=st.twelve_tile_first,
                )
            )
            hand = self._hand_of(seat, tile, extra=kind != "self_drawn")
            shown_fan, shown_points = score.fan, score.points
            if three and score.fan < THREE_WINNER_FLOOR:
                # 一炮三响: each winner is paid at least 3 fan (settlement); show what is paid.
                shown_fan = THREE_WINNER_FLOOR
                shown_points = self.rules.base * 2**THREE_WINNER_FLOOR
            results.append(
                WinnerResult(
                    seat=seat,
                    fan=shown_fan,
                    raw_fan=score.raw_fan,
                    patterns=tuple(PatternResult(p.id, p.fan) for p in score.patterns),
                    points=shown_points,
                    winning_tile=tile,
                    concealed=tuple(int(t) for t in hand.concealed),
                    melds=tuple(_meld_record(p.meld) for p in st.melds),
                )
            )
        result = HandResult(
            kind=kind,
            dealer=self.setup.dealer,
            winners=tuple(winners),
            loser=loser,
            horses=tuple(tuple(st.horses) for st in self.seats) if self.rules.horses else (),
        )
        settlement = settle(result, self.rules)
        for s in range(SEATS):
            self.scores[s] += settlement.deltas[s]
        self.result = HandEnded(
            kind=kind,
            winners=tuple(results),
            loser=loser,
            hands=four(_tiles_of(st.counts) for st in self.seats),
            horses=tuple(tuple(st.horses) for st in self.seats),
            payments=tuple(
                PaymentResult(p.payer, p.payee, p.amount, p.reason) for p in settlement.payments
            ),
            deltas=settlement.deltas,
            scores=four(self.scores),
            liable=settlement.liable,
            melds=tuple(tuple(_meld_record(p.meld) for p in st.melds) for st in self.seats),
        )
        if kind in ("discard", "robbing_kong"):
            self.won_tile = tile  # one tile, shared by every winner on it
        self.phase = Phase.ENDED
        self.options = {}
        self.responses = {}
        self.last_discard = None
        if self.deal is not None:
            out.append(Delivery(EVERYONE, self.deal.revealed()))
        out.append(Delivery(EVERYONE, self.result))

    # --- views and messages ----------------------------------------------------------

    def unseen_counts(self, seat: int) -> list[int]:
        """`shared.views.unseen_counts` of what `seat` sees, from the kept `shown` counts:
        the same answer, without reading every river and meld."""
        st = self.seats[seat]
        if self.phase is Phase.ENDED:  # every concealed kong face up: recount
            public = self.seat_public
            return unseen_counts(tuple(public(s, seat) for s in range(SEATS)), st.counts)
        # 4 - shown - held: every copy is in one place only, so this never goes below 0
        unseen = list(map(sub, map(sub, _FOURS, self.shown), st.counts))
        for placed in st.melds:
            if placed.meld.concealed:  # its own concealed kongs the seat sees
                unseen[placed.meld.first] -= 4
        return unseen

    def seat_public(self, seat: int, viewer: int | None) -> SeatPublic:
        """What `viewer` (None: a spectator) sees of `seat`."""
        st = self.seats[seat]
        key = (viewer == seat, self.phase is Phase.ENDED)
        cached = st.public_cache.get(key)
        if cached is None:
            cached = st.public_cache[key] = self._make_public(seat, viewer)
        return cached

    def _make_public(self, seat: int, viewer: int | None) -> SeatPublic:
        st = self.seats[seat]
        melds = []
        for p in st.melds:
            record = _meld_record(p.meld)
            hidden = p.meld.concealed and viewer != seat and self.phase is not Phase.ENDED
            melds.append(MeldView(record[0], None if hidden else record[1], p.from_seat))
        return SeatPublic(
            concealed_count=sum(st.counts),
            melds=tuple(melds),
            river=tuple(st.river),
            flowers=tuple(st.flowers),
        )

_ACTION_WORDS = {
    "roll_dice": "roll the dice",
    "added_kong": "add to a kong",
    "concealed_kong": "declare a concealed kong",
    "kong": "claim a kong",
}
"""What a refusal calls an action whose wire name does not read as words."""


_FOURS = (4,) * KINDS


def _action_name(action: AnyAction) -> str:
    """An action in words (`discard`, `chow`, `roll the dice`…), for refusals."""
    tag = str(type(action).__struct_config__.tag)
    return _ACTION_WORDS.get(tag, tag.replace("_", " "))


def _tiles_of(counts: list[int]) -> tuple[int, ...]:
    """The kinds of a count vector, one per tile, in order."""
    return tuple(chain.from_iterable(map(repeat, _KINDS, counts)))


_MeldKindName = Literal["chow", "pung", "kong", "concealed_kong"]


def _meld_record(meld: Meld) -> tuple[_MeldKindName, tuple[int, ...]]:
    kind: _MeldKindName = "concealed_kong" if meld.concealed else meld.kind.value
    return kind, tuple(int(t) for t in meld.tiles)


def four(items: Iterable[_T]) -> tuple[_T, _T, _T, _T]:
    """The four values of `items` (one per seat) as a 4-tuple; InvariantError if not four."""
    values = tuple(items)
    if len(values) != SEATS:
        raise InvariantError(f"expected four values, got {len(values)}")
    return values
