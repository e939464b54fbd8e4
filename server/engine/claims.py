"""Claims on a discard or an added kong: who may claim what, and whose claim is carried out.

Priority (RULES.md §4): win > kong = pung > chow. Several players may win on one
tile; with `multiple_winners` off the highest fan wins (截胡), ties to the first in turn
order after the discarder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from shared.actions import CHOWS, PASS, WIN, AnyAction, Chow, ClaimKong, DeclareWin, Pung
from shared.settlement import choose_winners
from shared.tiles import FIRST_HONOR, KINDS

_KONG = ClaimKong()
_PUNG = Pung()


# Slotted dataclasses, not msgspec Structs: this module is compiled by
# build_scripts/compile.py, where a Struct would lose its field defaults, and a compiled
# dataclass is a native class (fast to make: one is made on most discards) once its
# __init__ is written out (init=False): the one dataclass writes is Python made at run time.
@dataclass(init=False, slots=True)
class ClaimOptions:
    """What one seat may do with the tile on offer."""

    win_fan: int | None
    """The fan of the win this tile gives, when the seat may declare it."""
    kong: bool
    pung: bool
    chows: list[int]
    """Lowest tile of each chow the seat may make."""

    def __init__(
        self,
        win_fan: int | None = None,
        kong: bool = False,
        pung: bool = False,
        chows: list[int] | None = None,
    ) -> None:
        self.win_fan = win_fan
        self.kong = kong
        self.pung = pung
        self.chows = [] if chows is None else chows

    def actions(self) -> list[AnyAction]:
        out: list[AnyAction] = []
        if self.win_fan is not None:
            out.append(WIN)
        if self.kong:
            out.append(_KONG)
        if self.pung:
            out.append(_PUNG)
        out.extend(CHOWS[low] for low in self.chows)
        out.append(PASS)
        return out


def _chow_shapes(tile: int) -> tuple[tuple[int, int, int], ...]:
    """(lowest tile, the two other tiles) of each chow `tile` may join (9 and 1 never join)."""
    if tile >= FIRST_HONOR:
        return ()
    rank = tile % 9
    shapes = []
    for low in (tile - 2, tile - 1, tile):
        if 0 <= rank - (tile - low) <= 6:
            a, b = (t for t in (low, low + 1, low + 2) if t != tile)
            shapes.append((low, a, b))
    return tuple(shapes)


CHOW_SHAPES: Final = tuple(_chow_shapes(tile) for tile in range(KINDS))


def chow_starts(counts: list[int], tile: int) -> list[int]:
    """Lowest tiles of the chows `tile` makes with two concealed tiles."""
    return [low for low, a, b in CHOW_SHAPES[tile] if counts[a] and counts[b]]


@dataclass(init=False, slots=True)
class Resolution:
    """The outcome of a claim window (made once, read, never changed)."""

    winners: list[int]
    meld_seat: int | None
    meld_action: AnyAction | None
    passed_win: list[int]
    """Seats that could have won and did not (过水)."""

    def __init__(
        self,
        winners: list[int],
        meld_seat: int | None = None,
        meld_action: AnyAction | None = None,
        passed_win: list[int] | None = None,
    ) -> None:
        self.winners = winners
        self.meld_seat = meld_seat
        self.meld_action = meld_action
        self.passed_win = [] if passed_win is None else passed_win


def resolve_claims(
    options: dict[int, ClaimOptions],
    responses: dict[int, AnyAction],
    discarder: int,
    multiple_winners: bool,
) -> Resolution:
    """Carry out the highest claim; lower ones are cancelled."""
    wins = {
        seat: opts.win_fan
        for seat, opts in options.items()
        if isinstance(responses.get(seat), DeclareWin) and opts.win_fan is not None
    }
    passed_win = [
        seat for seat, opts in options.items() if opts.win_fan is not None and seat not in wins
    ]
    if wins:
        winners = choose_winners(wins, discarder, multiple_winners)
        return Resolution(winners, passed_win=passed_win)
    for seat, action in responses.items():
        if isinstance(action, (ClaimKong, Pung)):
            return Resolution([], seat, action, passed_win)
    for seat, action in responses.items():
        if isinstance(action, Chow):
            return Resolution([], seat, action, passed_win)
    return Resolution([], passed_win=passed_win)
