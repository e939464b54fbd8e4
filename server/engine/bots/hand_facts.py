"""Small facts about a hand that several computer players weigh the same way."""

from __future__ import annotations

from typing import Final

from shared.actions import AnyAction, Chow, ClaimKong, DeclareWin, Pung, RollDice
from shared.analysis import shanten
from shared.tiles import KINDS
from shared.views import SeatView


def keep_value(tile: int) -> int:
    """Tie-break among equal discards: let go of honours and terminals before middle tiles."""
    if tile >= 27:
        return 0
    rank = tile % 9
    return 1 if rank in (0, 8) else 2 + min(rank, 8 - rank)


KEEP_VALUES: Final = tuple(keep_value(tile) for tile in range(KINDS))


def best_after_discard(counts: list[int], melds: int) -> int:
    """The shanten left after the best discard: the 3n+2 hand's own shanten, except that a
    complete hand must still let a tile go, which leaves it ready (0)."""
    return max(shanten(counts, melds), 0)


def claimed_shanten(action: AnyAction, tile: int, counts: list[int], melds: int) -> int | None:
    """The shanten after claiming `tile` with this pung, kong or chow (and, for a pung or
    chow, the best discard after it); None for any other action."""
    after = list(counts)
    if isinstance(action, ClaimKong):
        after[tile] -= 3
        return shanten(after, melds + 1)
    if isinstance(action, Pung):
        after[tile] -= 2
        return best_after_discard(after, melds + 1)
    if isinstance(action, Chow):
        for t in (action.low, action.low + 1, action.low + 2):
            if t != tile:
                after[t] -= 1
        return best_after_discard(after, melds + 1)
    return None


def obvious_choice(view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction | None:
    """What every level does without thinking: declare a win it may declare, roll the
    dice when asked; None when there is a real choice. Refuses a view with nothing legal."""
    if not legal:
        raise ValueError("the bot has nothing to choose from")
    if any(a.__class__ is DeclareWin for a in legal):
        return DeclareWin()
    if view.phase == "roll":
        return RollDice()
    return None
