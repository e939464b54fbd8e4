"""Actions: what a seat proposes to the table. The host checks every one against the rules.

Tiles travel as ints: the `Tile` value (0–33 kinds, 34–41 flowers), see `shared/tiles.py`.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

TileId = Annotated[int, msgspec.Meta(ge=0, le=41)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]


class Action(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every action; the `type` tag names it on the wire."""


class RollDice(Action, tag="roll_dice"):
    """The dealer rolls the two dice that start a hand (掷骰子)."""


class Discard(Action, tag="discard"):
    """Discard one tile into the river (打牌)."""

    tile: TileId


class DeclareWin(Action, tag="win"):
    """Win (胡): self-drawn on one's turn, on a discard, or robbing an added kong."""


class Pung(Action, tag="pung"):
    """Claim the discard with two identical concealed tiles (碰)."""


class ClaimKong(Action, tag="kong"):
    """Claim the discard with three identical concealed tiles (明杠)."""


class Chow(Action, tag="chow"):
    """Claim the previous player's discard into a run starting at `low` (吃)."""

    low: TileId


class ConcealedKong(Action, tag="concealed_kong"):
    """Lay down four identical concealed tiles on one's turn (暗杠)."""

    tile: TileId


class AddedKong(Action, tag="added_kong"):
    """Add the fourth tile to one's exposed pung on one's turn (加杠); others may rob it."""

    tile: TileId


class Pass(Action, tag="pass"):
    """Let a discard or an added kong go (过)."""


class Timeout(Action, tag="timeout"):
    """The host's timer ran out for this seat: roll, auto-discard or pass as the phase says."""


class ContinueGame(Action, tag="continue"):
    """After a hand: play the next one (继续游戏)."""


class LeaveTable(Action, tag="leave"):
    """After a hand: leave the table (退出)."""


AnyAction = (
    RollDice
    | Discard
    | DeclareWin
    | Pung
    | ClaimKong
    | Chow
    | ConcealedKong
    | AddedKong
    | Pass
    | Timeout
    | ContinueGame
    | LeaveTable
)
