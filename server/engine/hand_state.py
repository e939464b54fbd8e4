"""What a hand's table holds, seat by seat: the state the table engine's modules share.

`HandSetup` is what a session hands to a new hand; `SeatState` is one seat's tiles, melds,
river and what was worked out from them (kept until the seat changes); `Phase` is where
the hand is. The seat tables below (who is next, each seat's audiences) are worked out
once, since every step reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from itertools import chain, repeat
from typing import Final, Literal, TypeVar

from server.engine.deal import DealSeed
from shared.errors import InvariantError
from shared.events import all_but, only
from shared.groups import CODE_STEPS, group_codes, group_ids, may_complete_codes
from shared.melds import Meld
from shared.ruleset import Ruleset
from shared.tiles import FIRST_HONOR, KINDS
from shared.views import SeatPublic

SEATS: Final = 4
_T = TypeVar("_T")

# Module constants are Final: compiled (build_scripts/compile.py), a Final name is a C
# static, where any other module-level name is looked up in the module's dict at each use.
NEXT: Final = tuple((seat + 1) % SEATS for seat in range(SEATS))
"""The seat after each seat in turn order."""
ONLY: Final = tuple(only(seat) for seat in range(SEATS))
"""Each seat's own audience."""
ALL_BUT: Final = tuple(all_but(seat) for seat in range(SEATS))
"""Everyone's audience but one seat's."""
OTHERS: Final = tuple(
    tuple(other for other in range(SEATS) if other != seat) for seat in range(SEATS)
)
"""The three other seats of each seat, in seat order."""
NO_WAITS: Final[frozenset[int]] = frozenset()
_KINDS: Final = range(KINDS)
_CODE_STEPS: Final = CODE_STEPS


class Unknown(Enum):
    """Not worked out yet: a marker that stays itself when a table is copied (an enum
    member, so that `is UNKNOWN` narrows for the type checker)."""

    UNKNOWN = "unknown"


UNKNOWN: Final = Unknown.UNKNOWN


class Phase(Enum):
    """The phases of a hand; each value is the name views show (`TableView.phase`)."""

    ROLL = "roll"
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    ENDED = "ended"


# The phases as Final names: `Phase.TURN` is an attribute look-up on the enum class (about
# 70 ns in the pure tree, several a step); a module's Final name is a global read (a C
# static, compiled).
ROLL: Final = Phase.ROLL
TURN: Final = Phase.TURN
CLAIM: Final = Phase.CLAIM
ROB: Final = Phase.ROB
ENDED: Final = Phase.ENDED


# The dataclasses below write their __init__ out (init=False): the one dataclass writes is
# Python made at run time, which a compiled build (build_scripts/compile.py) runs as Python
# at every table, seat and meld made; a method written in the class is compiled.
@dataclass(init=False, slots=True)
class PlacedMeld:
    """A meld on the table, with where its claimed tile came from."""

    meld: Meld
    from_seat: int | None
    claimed_tile: int | None

    def __init__(
        self, meld: Meld, from_seat: int | None = None, claimed_tile: int | None = None
    ) -> None:
        self.meld = meld
        self.from_seat = from_seat
        self.claimed_tile = claimed_tile

    def __deepcopy__(self, memo: dict[int, object]) -> PlacedMeld:
        """Written out: copy's default way makes a compiled (native) instance by calling
        __init__ with no arguments. The meld is frozen, so shared."""
        return PlacedMeld(self.meld, self.from_seat, self.claimed_tile)

    @property
    def exposed(self) -> bool:
        return not self.meld.concealed


@dataclass(init=False, slots=True)
class SeatState:
    counts: list[int]
    melds: list[PlacedMeld]
    river: list[int]
    river_from_draw: list[bool]
    """Beside `river`: each discard the kind just drawn (`SeatPublic.river_from_draw`)."""
    flowers: list[int]
    horses: list[int]
    draws: int
    discards: int
    locked: set[int]
    """过水: tiles this seat may not win on until the lock lifts."""
    waits: frozenset[int] | None
    """Kinds that complete the 13-tile hand; None when the hand changed since."""
    hand_cache: dict[int | None, tuple[int, ...]]
    """`HandTable.hand_tiles` since the seat last changed, by the tile kept apart."""
    public_cache: dict[tuple[bool, bool], SeatPublic]
    """`HandTable.seat_public` since the seat last changed, by (its own view, hand over)."""
    big_hand_feeder: int | None
    twelve_tile_feeder: int | None
    twelve_tile_first: bool
    group_ids: list[int] | None
    """The ids of the four groups of `counts` (shared.groups), worked out when asked
    (`ids()`) and kept until the counts change."""
    suit_code: int
    honor_code: int
    """The base-5 codes of `counts` (shared.groups' `group_codes`), kept up to date by
    `add` (one addition a tile, where ids took a memo read): what the table's quick win
    tests read every turn (`may_complete`). suit_code -1: not known, worked out again."""
    fours: int
    """How many kinds `counts` holds four of, kept by `add` (-1: not known, counted again
    when asked, `held_fours`): the turn's concealed-kong check, which scanned the 34
    counts every turn, reads it."""

    def __init__(self) -> None:
        """A seat before the deal: no tiles, nothing worked out."""
        self.counts = [0] * KINDS
        self.melds = []
        self.river = []
        self.river_from_draw = []
        self.flowers = []
        self.horses = []
        self.draws = 0
        self.discards = 0
        self.locked = set()
        self.waits = None
        self.hand_cache = {}
        self.public_cache = {}
        self.big_hand_feeder = None
        self.twelve_tile_feeder = None
        self.twelve_tile_first = True
        self.group_ids = None
        self.suit_code = 0
        self.honor_code = 0
        self.fours = 0

    def add(self, tile: int, n: int = 1) -> None:
        """Put `n` tiles of a kind into the concealed hand (n < 0: take them out)."""
        count = self.counts[tile] = self.counts[tile] + n
        if (count == 4 or count - n == 4) and self.fours >= 0:
            self.fours += 1 if count == 4 else -1
        if self.suit_code >= 0:
            if not 0 <= count <= 4:
                self.suit_code = -1  # no code: `group_codes` refuses it when next asked
            elif tile < FIRST_HONOR:
                self.suit_code += n * _CODE_STEPS[tile]
            else:
                self.honor_code += n * _CODE_STEPS[tile]
        if self.group_ids is not None:
            self.group_ids = None
        self.waits = None
        # Most seats' caches are empty (only views fill them): a test costs less than a call.
        if self.hand_cache:
            self.hand_cache.clear()
        if self.public_cache:
            self.public_cache.clear()

    def changed(self, counts: bool = True) -> None:
        """Something about the seat changed: forget what was worked out from it.

        counts=False: only its melds, river or flowers (the table changes counts by `add`);
        by default the counts may have changed too, behind `add`'s back.
        """
        if counts:
            self.group_ids = None
            self.suit_code = -1
            self.fours = -1
        self.waits = None
        self.hand_cache.clear()
        self.public_cache.clear()

    def held_fours(self) -> int:
        """How many kinds the concealed hand holds four of (`fours`, counted if unknown)."""
        if self.fours < 0:
            self.fours = self.counts.count(4)
        return self.fours

    def ids(self) -> list[int]:
        if self.group_ids is None:
            self.group_ids = list(group_ids(self.counts))
        return self.group_ids

    def may_complete(self, seven_pairs: bool, short: int) -> bool:
        """shared.groups' `may_be_ready` (short 1) or `may_be_win` (short 0) of the seat's
        concealed tiles, read from its codes."""
        if self.suit_code < 0:
            self.suit_code, self.honor_code = group_codes(self.counts)
        return may_complete_codes(
            self.suit_code, self.honor_code, len(self.melds), seven_pairs, short
        )

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


def four(items: Iterable[_T]) -> tuple[_T, _T, _T, _T]:
    """The four values of `items` (one per seat) as a 4-tuple; InvariantError if not four."""
    values = tuple(items)
    if len(values) != SEATS:
        raise InvariantError(f"expected four values, got {len(values)}")
    return values


def tiles_of(counts: list[int]) -> tuple[int, ...]:
    """The kinds of a count vector, one per tile, in order."""
    return tuple(chain.from_iterable(map(repeat, _KINDS, counts)))


MeldKindName = Literal["chow", "pung", "kong", "concealed_kong"]


def meld_record(meld: Meld) -> tuple[MeldKindName, tuple[int, ...]]:
    """A meld as events and views give it: its kind's name and its tiles."""
    kind: MeldKindName = "concealed_kong" if meld.concealed else meld.kind.value
    return kind, tuple(int(t) for t in meld.tiles)
