"""Actions: what a seat proposes to the table. The host checks every one against the rules.

Tiles travel as ints: the `Tile` value (0–33 kinds, 34–41 flowers), see `shared/tiles.py`.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

import msgspec

from shared.ruleset import TableOptions

TileId = Annotated[int, msgspec.Meta(ge=0, le=41)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]


class Action(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    """Base of every action; the `type` tag names it on the wire."""


class RollDice(Action, tag="roll_dice", frozen=True):
    """The dealer rolls the two dice that start a hand (掷骰子)."""


class Discard(Action, tag="discard", frozen=True):
    """Discard one tile into the river (打牌)."""

    tile: TileId


class DeclareWin(Action, tag="win", frozen=True):
    """Win (胡): self-drawn on one's turn, on a discard, or robbing an added kong."""


class Pung(Action, tag="pung", frozen=True):
    """Claim the discard with two identical concealed tiles (碰)."""


class ClaimKong(Action, tag="kong", frozen=True):
    """Claim the discard with three identical concealed tiles (明杠)."""


class Chow(Action, tag="chow", frozen=True):
    """Claim the previous player's discard into a run starting at `low` (吃)."""

    low: TileId


class ConcealedKong(Action, tag="concealed_kong", frozen=True):
    """Lay down four identical concealed tiles on one's turn (暗杠)."""

    tile: TileId


class AddedKong(Action, tag="added_kong", frozen=True):
    """Add the fourth tile to one's exposed pung on one's turn (加杠); others may rob it."""

    tile: TileId


class Pass(Action, tag="pass", frozen=True):
    """Let a discard or an added kong go (过)."""


class Timeout(Action, tag="timeout", frozen=True):
    """The host's timer ran out for this seat: roll, auto-discard or pass as the phase says."""


class ContinueGame(Action, tag="continue", frozen=True):
    """After a hand: play the next one (继续游戏)."""


class LeaveTable(Action, tag="leave", frozen=True):
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


class JoinTable(Action, tag="join_table", frozen=True):
    """Sit at the table (or watch, when four are seated) under a player name."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=24)]


class SetRules(Action, tag="set_rules", frozen=True):
    """The table owner sets the base score and the table options (RULES.md §2, §7)."""

    options: TableOptions


class AcceptRules(Action, tag="accept_rules", frozen=True):
    """Agree to the base score and options the owner set (同意)."""


class DeclineRules(Action, tag="decline_rules", frozen=True):
    """Refuse them: the player leaves the seat (不同意)."""


BotLevel = Literal["easy", "normal", "strong"]
"""How a computer player plays (server/engine/bots)."""
BOT_LEVELS: tuple[BotLevel, ...] = typing.get_args(BotLevel)
"""The levels, weakest first: what the owner picks from, wherever it is offered."""


class AddBot(Action, tag="add_bot", frozen=True):
    """The owner seats a computer player in an empty seat, or changes the level of the
    computer player already there."""

    seat: Seat
    level: BotLevel = "normal"


class RemoveBot(Action, tag="remove_bot", frozen=True):
    """The owner takes a computer player off its seat."""

    seat: Seat


class TakeSeat(Action, tag="take_seat", frozen=True):
    """A seated player moves to a free seat before the game starts: who sits beside whom
    is the friends' choice (RULES.md §2); the first dealer is still drawn."""

    seat: Seat


BotPace = Literal["natural", "quick"]
"""How soon computer players act: "natural", after a think of 0.8–2.5 s as people take
(longer on a claim or a close choice, never over half the timer); "quick", at once
(after the host's fixed short delay)."""
BOT_PACES: tuple[BotPace, ...] = typing.get_args(BotPace)


class SetBotPace(Action, tag="set_bot_pace", frozen=True):
    """The owner sets the computer players' pace before the game starts (not a rule: it
    does not change the ruleset's digest, and nobody accepts it anew)."""

    pace: BotPace


class StartGame(Action, tag="start_game", frozen=True):
    """The owner starts play once four seats are filled and everyone accepted."""


LobbyAction = (
    JoinTable
    | SetRules
    | AcceptRules
    | DeclineRules
    | AddBot
    | RemoveBot
    | TakeSeat
    | SetBotPace
    | StartGame
    | LeaveTable
)


# Actions are immutable, so the engine hands out shared instances instead of new ones.
DISCARDS: tuple[Discard, ...] = tuple(Discard(t) for t in range(34))
CHOWS: tuple[Chow, ...] = tuple(Chow(t) for t in range(34))
PASS = Pass()
WIN = DeclareWin()
