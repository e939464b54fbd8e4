"""What a seat may do now: its legal actions, the reason an action is refused, and what
the timer does in its place (RULES.md §3–§5).

Functions of a `HandTable` (server/engine/table.py). `why_not` answers "is this action
legal?" without listing every legal one, in words that tell the seat nothing its own view
does not show; `legal_actions` lists them (what a view's `legal` holds).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from server.engine.hand_state import CLAIM, ENDED, ROB, ROLL, TURN, UNKNOWN
from server.engine.winning import self_drawn_score
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
)
from shared.melds import MeldKind
from shared.tiles import KINDS

if TYPE_CHECKING:
    from server.engine.table import HandTable

_PUNG: Final = MeldKind.PUNG
"""Read as a global (the enum class's attribute is a look-up of its own)."""
_ACTION_WORDS = {
    "roll_dice": "roll the dice",
    "added_kong": "add to a kong",
    "concealed_kong": "declare a concealed kong",
    "kong": "claim a kong",
}
"""What a refusal calls an action whose wire name does not read as words."""


def action_name(action: AnyAction) -> str:
    """An action in words (`discard`, `chow`, `roll the dice`…), for refusals."""
    tag = str(type(action).__struct_config__.tag)
    return _ACTION_WORDS.get(tag, tag.replace("_", " "))


def legal_actions(table: HandTable, seat: int) -> list[AnyAction]:
    """Exactly the actions `seat` may take now (Timeout is the host's, not listed)."""
    phase = table.phase
    if phase is TURN:  # the commonest first
        return turn_actions(table, seat) if seat == table.current else []
    if phase is ROLL:
        return [RollDice()] if seat == table.setup.dealer else []
    if phase is CLAIM or phase is ROB:
        opts = table.options.get(seat)
        if opts is None or seat in table.responses:
            return []
        return opts.actions()
    return []


def turn_actions(table: HandTable, seat: int) -> list[AnyAction]:
    """The actions of the seat on turn: its discards, then the win and kongs it may declare."""
    st = table.seats[seat]
    counts = st.counts
    actions: list[AnyAction] = list(compress(DISCARDS, counts))
    if table.drawn is None:
        return actions  # after a chow or pung: discard at once
    score = table.turn_score
    if score is UNKNOWN:
        score = self_drawn_score(table, seat)
    if score is not None:
        actions.append(WIN)
    if table.wall.left > 0:
        if st.fours and st.held_fours():  # 0, most turns: no call
            actions.extend(ConcealedKong(k) for k in range(KINDS) if counts[k] == 4)
        # A loop, not a generator: most seats have melds, and a generator costs a frame.
        for p in st.melds:
            meld = p.meld
            if meld.kind is _PUNG and counts[meld.first]:
                actions.append(AddedKong(meld.first))
    return actions


def why_not(table: HandTable, seat: int, action: AnyAction) -> str | None:
    """None when `action in legal_actions(table, seat)` (without listing them all); else
    why not, in words that tell the seat nothing its own view does not show."""
    phase = table.phase
    if phase is ENDED:
        return f"the hand is over; you cannot {action_name(action)}"
    if phase is ROLL:
        if seat != table.setup.dealer:
            return "only the dealer rolls the dice"
        return None if isinstance(action, RollDice) else "roll the dice first"
    if phase is TURN:
        if seat != table.current:
            return "it is not your turn"
        if action.__class__ is Discard:
            tile = action.tile
            if 0 <= tile < KINDS and table.seats[seat].counts[tile] > 0:
                return None
            return "you do not hold that tile"
        if isinstance(action, DeclareWin):
            if table.drawn is None:
                return "you may win on your turn only with a tile you drew"
            if self_drawn_score(table, seat) is None:
                return "your hand does not win (or not with enough fan to declare)"
            return None
        if isinstance(action, (ConcealedKong, AddedKong)):
            if table.drawn is not None and action in turn_actions(table, seat):
                return None
            return "you cannot declare that kong now"
        return f"on your turn you discard, win or declare a kong, not {action_name(action)}"
    # A claim or rob window.
    opts = table.options.get(seat)
    if opts is None:
        return "you have no claim on this tile"
    if seat in table.responses:
        return "you have answered already"
    if isinstance(action, Pass):
        return None
    if isinstance(action, DeclareWin):
        return None if opts.win_fan is not None else "this tile does not win your hand"
    if phase is ROB:
        return "a kong being added may only be robbed (win) or let go (pass)"
    if isinstance(action, ClaimKong):
        return None if opts.kong else "you cannot kong this tile"
    if isinstance(action, Pung):
        return None if opts.pung else "you cannot pung this tile"
    if isinstance(action, Chow):
        return None if action.low in opts.chows else "you cannot chow this tile that way"
    return f"you cannot {action_name(action)} on a discard"


def awaiting(table: HandTable) -> list[int]:
    """Seats whose answer the table is waiting for."""
    phase = table.phase
    if phase is ROLL:
        return [table.setup.dealer]
    if phase is TURN:
        return [table.current]
    if phase is CLAIM or phase is ROB:
        return [s for s in table.options if s not in table.responses]
    return []


def timeout_action(table: HandTable, seat: int) -> AnyAction:
    """What the timer does: roll the dice, discard the drawn tile, or pass."""
    if table.phase is ROLL:
        return RollDice()
    if table.phase is TURN:
        counts = table.seats[seat].counts
        drawn = table.drawn
        if drawn is not None and counts[drawn]:
            return Discard(drawn)
        return Discard(max(k for k in range(KINDS) if counts[k]))
    return Pass()
