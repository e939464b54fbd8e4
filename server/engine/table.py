"""One hand of Guangdong mahjong as a state machine (RULES.md §3–§6).

`HandTable.step(seat, action)` checks the action against the rules and either raises
`IllegalAction` (the state is unchanged) or applies it and returns the events, each
addressed to the seats that may see it. No clocks, no sockets: a timeout is the `Timeout`
action, and all chance comes from the seed (for a verifiable deal, from the host's secret
and the seats' contributions: server/engine/deal.py), so a hand replays exactly from its log.

This module is the hand's public face: `HandTable` holds the state and checks what comes
in. The work is done by modules of one job each, functions of the table:
hand_state.py (the setup, the seats' state, the phases), legal.py (legal actions and
refusals), moves.py (the roll, draws, discards, kongs), claim_window.py (the answers to a
claim or rob window carried out), winning.py (waits, scores and the hand's end),
seat_views.py (what each seat sees) and invariants.py (the checks).
"""

from __future__ import annotations

import copy
import random
from typing import Final, get_args

from server.engine import claim_window, invariants, legal, moves, seat_views, winning
from server.engine.claims import ClaimOptions
from server.engine.deal import HandDeal
from server.engine.hand_state import (
    CLAIM,
    ENDED,
    ROB,
    ROLL,
    SEATS,
    TURN,
    UNKNOWN,
    HandSetup,
    Phase,
    PlacedMeld,
    SeatState,
    Unknown,
    four,
    seat_winds_for,
)
from server.engine.live_view import LiveView
from server.engine.wall import Wall, full_set
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ConcealedKong,
    Discard,
    Pass,
    Timeout,
)
from shared.errors import IllegalAction, InvariantError
from shared.events import EVERYONE, Delivery, HandEnded, HandStarted
from shared.patterns import Score
from shared.tiles import KINDS
from shared.views import Phase as ViewPhase
from shared.views import SeatPublic, TableView

__all__ = [
    "SEATS",
    "HandSetup",
    "HandTable",
    "IllegalAction",
    "InvariantError",
    "Phase",
    "PlacedMeld",
    "SeatState",
    "four",
    "seat_winds_for",
]
"""What other modules import from here (the names kept where they were before the split)."""

_TABLE_ACTIONS: Final = frozenset(get_args(AnyAction))
"""The action classes `step` takes (AnyAction's members)."""
_TILE_FIELDS: Final[dict[type, str]] = {
    Discard: "tile",
    Chow: "low",
    ConcealedKong: "tile",
    AddedKong: "tile",
}
"""The field of each action that names a tile."""


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
        self.phase = ROLL
        self.current = setup.dealer
        self.dice: tuple[int, int] | None = None
        self.drawn: int | None = None
        """The current seat's freshly drawn tile (None after a chow or pung)."""
        self.drawn_from_wall = False
        """The drawn tile came by a draw (the dealer's 14th is dealt: not 摸切 when let go)."""
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
        self.drawn_waits: frozenset[int] | None = None
        """The waits of the seat on turn's hand before its draw (moves._draw): its hand's
        waits again if it lets the drawn tile go (moves.discard), not worked out anew."""
        self.turn_score: Score | Unknown | None = UNKNOWN
        """The declarable self-drawn win of the seat on turn (winning.self_drawn_score);
        UNKNOWN until asked."""
        self.log: list[tuple[int, AnyAction]] = []
        self.initial_total = sum(setup.scores)
        """What the scores sum to (check_invariants)."""
        self.live_views: tuple[LiveView, ...] | None = tuple(
            LiveView(self, seat) for seat in range(SEATS)
        )
        """The seats' live views while the hand is played (`live_view`); None once it has
        ended (winning.finish). Each view holds the table, a reference cycle: dropped at the
        end, the hand's table, seats and log (some 160 objects) are freed by reference
        counting, not left to the garbage collector."""
        self.shown = [0] * KINDS
        """Tiles of each kind every seat sees while the hand is played: the rivers and the
        melds laid face up (not concealed kongs). Kept as tiles move, so that a bot's
        unseen counts (`unseen_counts`) need no recount of every river each turn."""

    def __deepcopy__(self, memo: dict[int, object]) -> HandTable:
        """An independent copy (the property tests explore copies of a table).

        Written out because a compiled HandTable (build_scripts/compile.py) is a native
        class, which copy's default way, a bare `__new__` then the state, cannot make. The
        copy is a new table of the same setup, every attribute then copied over, but for
        the seats' live views, which the new table made bound to itself (or, the hand over,
        none). The setup is frozen, so shared (a compiled frozen dataclass cannot be
        deep-copied either).
        """
        memo.setdefault(id(self.setup), self.setup)
        twin = HandTable(self.setup)
        memo[id(self)] = twin
        # A compiled instance lists its attributes in __mypyc_attrs__, a pure one in vars().
        names = getattr(self, "__mypyc_attrs__", None) or tuple(vars(self))
        for name in names:
            if name != "live_views":
                setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        if self.live_views is None:
            twin.live_views = None
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
        if self.phase is not ROLL:
            raise IllegalAction(
                f"too late: the dice of hand {self.setup.hand_number} are rolled"
            )
        self.deal.contribute(seat, value)

    def legal_actions(self, seat: int) -> list[AnyAction]:
        """Exactly the actions `seat` may take now (Timeout is the host's, not listed)."""
        return legal.legal_actions(self, seat)

    def timeout_action(self, seat: int) -> AnyAction:
        """What a `Timeout` for `seat` would do now: roll, discard a tile, or pass."""
        return legal.timeout_action(self, seat)

    def awaiting(self) -> list[int]:
        """Seats whose answer the table is waiting for."""
        # The seat on turn at once (most of a hand's actions), without a call.
        if self.phase is TURN:
            return [self.current]
        return legal.awaiting(self)

    def step(self, seat: object, action: object) -> list[Delivery]:
        """Apply one action of `seat`; raise IllegalAction (state unchanged) if not allowed.

        The arguments are typed `object` and checked here, not by their annotations: a
        compiled build (build_scripts/compile.py) would otherwise refuse a wrong type with
        a TypeError before this body runs, where the pure one says IllegalAction.
        """
        cls = action.__class__
        # The two commonest actions, a discard on one's turn and a pass on a claim, are
        # checked here at once, as `legal.why_not` would check them; anything else, and
        # any of them that is not legal, takes the general path below, which says why.
        if cls is Discard and isinstance(action, Discard) and isinstance(seat, int):
            # Read as an object: compiled, `action.tile` would be cast to int, a TypeError
            # for a tile of another type where the check below says IllegalAction.
            tile = getattr(action, "tile")  # noqa: B009
            if (
                isinstance(tile, int)
                and seat == self.current
                and self.phase is TURN
                and 0 <= tile < KINDS
                and self.seats[seat].counts[tile] > 0
            ):
                self.log.append((seat, action))
                out: list[Delivery] = []
                moves.discard(self, seat, tile, out, False)
                return out
        elif cls is Pass and isinstance(action, Pass) and isinstance(seat, int):
            phase = self.phase
            if (
                (phase is CLAIM or phase is ROB)
                and seat in self.options
                and seat not in self.responses
            ):
                self.log.append((seat, action))
                out = []
                claim_window.answer(self, seat, action, out)
                return out
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction(f"no seat {seat!r}")
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
            if seat not in legal.awaiting(self):
                raise IllegalAction(f"seat {seat} has nothing to time out on")
            act = legal.timeout_action(self, seat)
        else:
            why_not = legal.why_not(self, seat, act)
            if why_not is not None:
                raise IllegalAction(why_not)
        self.log.append((seat, logged))
        out = []
        phase = self.phase
        if phase is TURN:
            if act.__class__ is Discard:
                moves.discard(self, seat, act.tile, out, by_timer)
            else:
                moves.turn_move(self, seat, act, out)
        elif phase is ROLL:
            moves.roll(self, out)
        else:
            claim_window.answer(self, seat, act, out)
        return out

    def view(self, seat: int | None) -> TableView:
        """What `seat` (None: a spectator) may know now."""
        return seat_views.view(self, seat)

    def live_view(self, seat: int) -> LiveView:
        """`view(seat)` read on demand, for a computer player in this process (made anew
        once the hand has ended: see `live_views`)."""
        views = self.live_views
        return views[seat] if views is not None else LiveView(self, seat)

    @property
    def phase_name(self) -> ViewPhase:
        return self.phase.value

    @property
    def claimable_discard(self) -> tuple[int, int] | None:
        """(seat, tile) of the discard on offer, while others may claim it."""
        return seat_views.claimable_discard(self)

    def shown_drawn(self, seat: int) -> int | None:
        """The seat's freshly drawn tile as its view keeps it apart (the dealt 14th too)."""
        return seat_views.shown_drawn(self, seat)

    def hand_tiles(self, seat: int) -> tuple[int, ...]:
        """The seat's concealed tiles, sorted, without the tile `shown_drawn` keeps apart."""
        return seat_views.hand_tiles(self, seat)

    def unseen_counts(self, seat: int) -> list[int]:
        """`shared.views.unseen_counts` of what `seat` sees, from the kept `shown` counts."""
        return seat_views.unseen(self, seat)

    def seat_public(self, seat: int, viewer: int | None) -> SeatPublic:
        """What `viewer` (None: a spectator) sees of `seat`."""
        return seat_views.seat_public(self, seat, viewer)

    @property
    def ended(self) -> bool:
        return self.phase is ENDED

    def check_invariants(self) -> None:
        """Every tile exactly once; hand sizes as §4 says; scores keep their total."""
        invariants.check_invariants(self)

    # --- kept for tests and diagnostics that ask the table directly ---------------------

    def _timeout_action(self, seat: int) -> AnyAction:
        """What the timer would do for `seat` now (legal.timeout_action)."""
        return legal.timeout_action(self, seat)

    def _discard_win_score(
        self, seat: int, discarder: int, tile: int, robbing: bool
    ) -> Score | None:
        """The win `tile` would give `seat` (winning.discard_win_score)."""
        return winning.discard_win_score(self, seat, discarder, tile, robbing)
