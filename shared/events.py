"""Events: what the table tells each seat happened. Each one is addressed to an audience.

An audience is a bitmask: bit s (0–3) for seat s, bit 4 for spectators. A private fact
(a drawn tile) goes to its seat, and a redacted copy (tile None) to everyone else, so no
event ever carries a tile its audience may not see.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from shared.ruleset import TableOptions
from shared.shuffle import HEX_PATTERN, SHUFFLE_V1

SPECTATORS = 1 << 4
EVERYONE = 0b11111


def only(seat: int) -> int:
    """The audience of one seat."""
    return 1 << seat


def all_but(seat: int) -> int:
    """Everyone but one seat (the other seats and the spectators)."""
    return EVERYONE & ~(1 << seat)


class Event(msgspec.Struct, frozen=True, tag_field="type"):
    """Base of every event; the `type` tag names it on the wire."""


class HandStarted(Event, tag="hand_started", frozen=True):
    hand_number: int
    dealer: int
    seat_winds: tuple[int, int, int, int]
    """Seat wind of each seat: 0 East, 1 South, 2 West, 3 North."""
    prevailing_wind: int
    scores: tuple[int, int, int, int]
    wall_size: int
    dealer_repeat: int
    """连庄 count: how many hands in a row this dealer has kept the deal."""


class DiceRolled(Event, tag="dice_rolled", frozen=True, omit_defaults=True):
    seat: int
    dice: tuple[int, int]
    break_seat: int
    """Whose wall is broken (counted from the dealer by the dice sum, RULES.md §3)."""
    break_stack: int
    """Stacks from that wall's right end."""
    defaulted: tuple[int, ...] = ()
    """A verifiable deal (PROTOCOL.md §15): the seats whose contribution is the default,
    fixed now: every computer's, and every person's the host did not take in time (not
    sent when none; a player named here who sent one sees the deal fail at once)."""


class TilesDealt(Event, tag="tiles_dealt", frozen=True):
    """A seat's starting hand, after its flowers were set aside and replaced."""

    seat: int
    count: int
    tiles: tuple[int, ...] | None = None
    """The tiles, for their own seat only."""
    flowers: tuple[int, ...] = ()
    wall_left: int = 0
    """Tiles left in the wall once the whole deal is done."""
    drawn: int | None = None
    """The dealer's 14th tile (one of `tiles`), to its own seat only: its first turn's
    drawn tile, kept apart so that Enter and 自动摸打 let go the tile the player sees."""


class FlowerRevealed(Event, tag="flower_revealed", frozen=True):
    seat: int
    flower: int


class TileDrawn(Event, tag="tile_drawn", frozen=True):
    seat: int
    from_tail: bool
    wall_left: int
    tile: int | None = None
    """The tile, for the drawing seat only."""


class TileDiscarded(Event, tag="tile_discarded", frozen=True):
    seat: int
    tile: int
    by_timer: bool = False
    from_draw: bool = False
    """The seat let go the kind it had just drawn (摸切; `SeatPublic.river_from_draw`)."""


class MeldClaimed(Event, tag="meld_claimed", frozen=True):
    """A chow, pung or exposed kong made with another seat's discard."""

    seat: int
    kind: Literal["chow", "pung", "kong"]
    tiles: tuple[int, ...]
    claimed_tile: int
    from_seat: int


class KongDeclared(Event, tag="kong_declared", frozen=True):
    """A concealed or added kong; a concealed kong's tile is shown to its owner only."""

    seat: int
    kind: Literal["concealed", "added"]
    tile: int | None = None


class MissedWin(Event, tag="missed_win", frozen=True):
    """过水: this seat passed a win and may not win on this tile until the lock lifts."""

    seat: int
    tile: int


class MissedWinCleared(Event, tag="missed_win_cleared", frozen=True):
    seat: int


class PatternResult(msgspec.Struct, frozen=True):
    id: str
    fan: int


class WinnerResult(msgspec.Struct, frozen=True):
    seat: int
    fan: int
    raw_fan: int
    patterns: tuple[PatternResult, ...]
    points: int
    winning_tile: int
    concealed: tuple[int, ...]
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    """(kind, tiles) of each meld: chow, pung, kong or concealed_kong."""


class PaymentResult(msgspec.Struct, frozen=True):
    payer: int
    payee: int
    amount: int
    reason: str


class HandEnded(Event, tag="hand_ended", frozen=True):
    """The hand is over: every hand is shown, with the winners, payments and new scores."""

    kind: Literal["draw", "self_drawn", "discard", "robbing_kong"]
    winners: tuple[WinnerResult, ...]
    loser: int | None
    hands: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    """Every seat's concealed tiles at the end (a winner on a discard: without that tile)."""
    horses: tuple[tuple[int, ...], ...]
    payments: tuple[PaymentResult, ...]
    deltas: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    liable: int | None = None
    melds: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...] = ()
    """Every seat's melds, concealed kongs shown: (kind, tiles) as in WinnerResult."""


Hex32 = Annotated[str, msgspec.Meta(pattern=HEX_PATTERN)]
"""32 bytes as 64 lowercase hexadecimal digits (shared/shuffle.py)."""

Hex32OrEmpty = Annotated[str, msgspec.Meta(pattern="^(?:[0-9a-f]{64})?$")]
"""Hex32, or "" for none. One pattern, not `Hex32 | Literal[""]`: msgspec merges a union
of two string types into the first one's constraint, and "" would be refused."""


class DealCommitted(Event, tag="deal_committed", frozen=True):
    """Before the dice: the host's commitment to its secret for this hand (PROTOCOL.md §15).
    Each seated player answers with a `contribute` message."""

    hand_number: int
    session_tag: str
    """The session's public name, bound into the commitment (32 hex digits)."""
    commitment: Hex32
    """SHA-256 of the secret, the session tag and the hand number (PROTOCOL.md §15)."""


class DealRevealed(Event, tag="deal_revealed", frozen=True, omit_defaults=True):
    """As the hand ends (just before `hand_ended`): the secret and every contribution the
    wall and the dice were derived from, for every player to check (PROTOCOL.md §15)."""

    hand_number: int
    secret: Hex32
    contributions: tuple[Hex32, Hex32, Hex32, Hex32]
    """By seat; 64 zeros for a seat that contributed nothing in time or is a computer's."""
    shuffle: str = SHUFFLE_V1
    defaulted: tuple[int, ...] = ()
    """The seats whose contribution is the default, as `dice_rolled` named them."""


class SessionStarted(Event, tag="session_started", frozen=True):
    east_seat: int
    """The session's first dealer, East in its first hand. Seat winds follow the deal, so
    each `HandStarted` carries that hand's winds (the dealer always East)."""
    seat_winds: tuple[int, int, int, int]
    """The first hand's winds."""
    scores: tuple[int, int, int, int]
    rounds: int


class ScoreTooLow(Event, tag="score_too_low", frozen=True):
    """您的积分不足，不能进行下一局: the seat's score is below 50 × base; it must leave."""

    seat: int
    score: int
    minimum: int


class ChoiceMade(Event, tag="choice_made", frozen=True):
    seat: int
    choice: str
    """"continue" or "leave"."""


class SessionEnded(Event, tag="session_ended", frozen=True):
    reason: str
    """"rounds_complete", "player_left" or "score_too_low"."""
    scores: tuple[int, int, int, int]
    leaving: tuple[int, ...]


class Delivery(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """An event and the audience it is for."""

    audience: int
    event: AnyEvent


class LobbySeat(msgspec.Struct, frozen=True, omit_defaults=True):
    """`away` is sent only when true: older clients and examples see the same seat."""

    name: str
    bot: bool
    accepted: bool
    owner: bool
    away: bool = False
    """Mid-session: the player's connection dropped and a computer player plays the seat
    until they come back (PROTOCOL.md §10.5)."""
    level: str = ""
    """A computer player's level (easy, normal, strong); "" (not sent) for a person."""


class LobbyUpdated(Event, tag="lobby_updated", frozen=True):
    """The whole lobby as everyone sees it, sent after every change."""

    seats: tuple[LobbySeat | None, LobbySeat | None, LobbySeat | None, LobbySeat | None]
    spectators: tuple[str, ...]
    options: TableOptions | None
    """None until the owner has set the base score and options."""
    can_start: bool
    suggest_allowed: bool = True
    """Whether the table's owner lets players ask for 出牌建议 (Suggest, PROTOCOL.md §9):
    a host setting, not one of the options (it would change the ruleset's digest)."""
    bot_pace: str = "quick"
    """The computer players' pace (shared.actions.BotPace): "natural" or "quick"; the
    owner changes it in the lobby (`set_bot_pace`). Not a rule: no digest change."""


class PlayerLeft(Event, tag="player_left", frozen=True):
    name: str
    reason: str
    """"left" or "declined"."""


class PhraseSaid(Event, tag="phrase_said", frozen=True):
    """A quick-chat phrase (快捷语) someone at the table said; shown as a bubble."""

    name: str
    seat: int | None
    phrase: int
    """Index into shared.protocol.PHRASES."""


AnyEvent = (
    HandStarted
    | DiceRolled
    | TilesDealt
    | FlowerRevealed
    | TileDrawn
    | TileDiscarded
    | MeldClaimed
    | KongDeclared
    | MissedWin
    | MissedWinCleared
    | HandEnded
    | DealCommitted
    | DealRevealed
    | SessionStarted
    | ScoreTooLow
    | ChoiceMade
    | SessionEnded
    | LobbyUpdated
    | PlayerLeft
    | PhraseSaid
)
"""Every event the table or the lobby may send."""

