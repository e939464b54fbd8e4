"""Small facts about a hand that several computer players weigh the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Pass,
    Pung,
    RollDice,
)
from shared.analysis import shanten, waits
from shared.fan import any_declarable
from shared.melds import Meld
from shared.patterns import WinContext
from shared.ruleset import Ruleset
from shared.tiles import FIRST_HONOR, KINDS
from shared.views import SeatView


def keep_value(tile: int) -> int:
    """Tie-break among equal discards: let go of honours and terminals before middle tiles."""
    if tile >= FIRST_HONOR:
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


def kong_no_further(
    legal: tuple[AnyAction, ...], counts: list[int], melds: int, limit: int
) -> AnyAction | None:
    """The first concealed or added kong of `legal` that leaves the hand no further from
    ready than `limit`; None if there is none."""
    for action in legal:
        if isinstance(action, ConcealedKong | AddedKong):
            after = list(counts)
            concealed = isinstance(action, ConcealedKong)
            after[action.tile] -= 4 if concealed else 1
            if shanten(after, melds + concealed) <= limit:
                return action
    return None


def closest_claim(
    view: SeatView,
    legal: tuple[AnyAction, ...],
    seven_pairs: bool,
    allowed: Callable[[list[int], AnyAction, int], bool] | None = None,
) -> AnyAction:
    """The pung, kong or chow of `legal` that brings the hand closest to ready (the first
    of equals), among those `allowed(counts, action, tile)` lets through; Pass if none
    brings it closer."""
    if view.last_discard is None:
        return Pass()
    counts = view.concealed_counts()
    melds = view.melds_laid()
    now = shanten(counts, melds, seven_pairs and melds == 0)
    tile = view.last_discard[1]
    best: tuple[int, int, AnyAction] | None = None
    for order, action in enumerate(legal):
        after = claimed_shanten(action, tile, counts, melds)
        if after is None or after >= now:
            continue
        if allowed is not None and not allowed(counts, action, tile):
            continue
        if best is None or after < best[0]:
            best = (after, order, action)
    return best[2] if best else Pass()


def declarable_wait(
    counts: list[int],
    melds: int,
    placed: tuple[Meld, ...],
    contexts: tuple[WinContext, ...],
    rules: Ruleset,
) -> bool:
    """Whether winning this ready hand on some wait, in one of `contexts` (self-drawn,
    on a discard), would reach `min_fan`. Straight from counts and melds to the fan
    (shared.fan.any_declarable): no Hand of sorted tiles is built, and each wait's tiles
    are read once for every context. `counts` is left as it was."""
    for wait in waits(counts, melds, rules.seven_pairs):
        counts[wait] += 1
        with_win = bytes(counts)
        counts[wait] -= 1
        if any_declarable(with_win, placed, contexts, rules):
            return True
    return False


def demote_undeclarable(
    ranked: list[tuple[tuple[int, int, int], int]],
    counts: list[int],
    declarable: Callable[[list[int]], bool],
) -> None:
    """Rank a ready discard none of whose wins may be declared (`declarable` of the 13
    tiles it leaves is False) as one from shanten 1 (without its live tiles), best first,
    until the first declarable one; then sort again. `counts` is left as it was.

    Only the head of a ranking with a ready discard is ever read (the ranks behind it only
    break ties), and the check scores every wait: so the ready discards behind the first
    declarable one are left unchecked, and the head is the one checking them all gives."""
    for i, (rank, tile) in enumerate(ranked):
        if rank[0] != 0:
            break
        counts[tile] -= 1
        fine = declarable(counts)
        counts[tile] += 1
        if fine:
            break
        ranked[i] = ((1, 0, rank[2]), tile)  # ready, but no win it may declare
    ranked.sort()
