"""The session's running scoreboard (计分表): one line per finished hand — its number, the
prevailing wind, the dealer, who won and how, the fan and each seat's payment — and the
scores the session started from, so the totals need nothing else.

The engine keeps the lines (`Session.sheet`, rebuilt by a journal's replay like the rest
of the session); the host sends them whole in a `score_sheet` message (PROTOCOL.md §5), so
a player who joins or comes back mid-session sees every hand, not only those it watched.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from shared.events import HandEnded

Four = tuple[int, int, int, int]
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]


class SheetWinner(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A winner of the hand and the fan their hand was worth (capped, as paid)."""

    seat: Seat
    fan: int


class SheetHand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One finished hand as the scoreboard shows it."""

    hand_number: int
    prevailing_wind: Annotated[int, msgspec.Meta(ge=0, le=3)]
    dealer: Seat
    kind: Literal["draw", "self_drawn", "discard", "robbing_kong"]
    """流局, 自摸, 食糊 on a discard, or 抢杠 (robbing a kong)."""
    winners: tuple[SheetWinner, ...]
    loser: Seat | None
    """Whose discard (or kong) the win was on; None for a self-drawn win or a draw."""
    deltas: Four
    """What each seat won (+) or paid (−) in the hand, horses and penalties included."""
    scores: Four
    """Each seat's score after the hand."""


def sheet_hand(hand_number: int, prevailing_wind: int, dealer: int, result: HandEnded) -> SheetHand:
    """The scoreboard's line for a hand that ended with `result`."""
    winners = tuple(SheetWinner(w.seat, w.fan) for w in result.winners)
    return SheetHand(
        hand_number,
        prevailing_wind,
        dealer,
        result.kind,
        winners,
        result.loser,
        result.deltas,
        result.scores,
    )


def totals(hands: tuple[SheetHand, ...] | list[SheetHand]) -> Four:
    """Each seat's change over the session so far: the sum of its payments."""
    out = [0, 0, 0, 0]
    for hand in hands:
        for seat in range(4):
            out[seat] += hand.deltas[seat]
    return (out[0], out[1], out[2], out[3])
