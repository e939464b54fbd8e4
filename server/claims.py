"""Claims on a discard or an added kong: who may claim what, and whose claim is carried out.

Priority (RULES.md §4): win > kong = pung > chow. Several players may win on one
tile; with `multiple_winners` off the highest fan wins (截胡), ties to the first in turn
order after the discarder.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shared.actions import CHOWS, PASS, WIN, AnyAction, Chow, ClaimKong, DeclareWin, Pung
from shared.analysis import honor_complete, suit_complete
from shared.settlement import choose_winners


@dataclass(slots=True)
class ClaimOptions:
    """What one seat may do with the tile on offer."""

    win_fan: int | None = None
    """The fan of the win this tile gives, when the seat may declare it."""
    kong: bool = False
    pung: bool = False
    chows: list[int] = field(default_factory=list)
    """Lowest tile of each chow the seat may make."""

    def actions(self) -> list[AnyAction]:
        out: list[AnyAction] = []
        if self.win_fan is not None:
            out.append(WIN)
        if self.kong:
            out.append(ClaimKong())
        if self.pung:
            out.append(Pung())
        out.extend(CHOWS[low] for low in self.chows)
        out.append(PASS)
        return out


# --- quick shape tests: rule hands out before the exact analysis ---------------------
# A hand of random tiles is almost never one tile from complete, and telling that from a
# few facts about each suit costs a fraction of working out its waits. Each test below only
# says "impossible" when no win can exist; otherwise the table asks shared.analysis.

_COMPLETE = 1
"""The group reads as sets (and one pair, when its size is 3n+2)."""
_ORPHANS_ONLY = 2
"""The group holds only terminals (a suit) or honors."""
_ODD_SHIFT = 2
"""The number of kinds held an odd number of times, stored from this bit up."""

_group_facts: dict[bytes, int] = {}
"""Facts about a group's counts (9 bytes for a suit, 7 for the honors), learnt once each."""


def _learn(group: bytes) -> int:
    pattern = tuple(group)
    if len(group) == 9:
        complete = suit_complete(pattern)
        orphans_only = not any(group[1:8])
    else:
        complete = honor_complete(pattern)
        orphans_only = True
    odd = sum(c & 1 for c in group)
    facts = complete * _COMPLETE | orphans_only * _ORPHANS_ONLY | odd << _ODD_SHIFT
    _group_facts[group] = facts
    return facts


def _facts(counts: list[int]) -> tuple[int, int, int, int]:
    b = bytes(counts)
    get = _group_facts.get
    m, p, s, h = b[0:9], b[9:18], b[18:27], b[27:34]
    fm, fp, fs, fh = get(m), get(p), get(s), get(h)
    return (
        _learn(m) if fm is None else fm,
        _learn(p) if fp is None else fp,
        _learn(s) if fs is None else fs,
        _learn(h) if fh is None else fh,
    )


def may_be_ready(counts: list[int], melds: int, seven_pairs: bool) -> bool:
    """False when no tile can complete the hand (13 - 3 × melds concealed tiles)."""
    return _may_complete(counts, melds, seven_pairs, short=1)


def may_be_win(counts: list[int], melds: int, seven_pairs: bool) -> bool:
    """False when the hand (14 - 3 × melds concealed tiles) is surely not complete."""
    return _may_complete(counts, melds, seven_pairs, short=0)


def _may_complete(counts: list[int], melds: int, seven_pairs: bool, short: int) -> bool:
    """`short` tiles (0 or 1) from complete, as far as the groups' facts tell.

    One tile changes one group, so a standard win needs every other group complete
    already; thirteen orphans holds nothing else; seven pairs as many odd kinds as the
    tiles missing.
    """
    fm, fp, fs, fh = _facts(counts)
    complete = (fm & _COMPLETE) + (fp & _COMPLETE) + (fs & _COMPLETE) + (fh & _COMPLETE)
    if complete >= 4 - short:
        return True
    if melds:
        return False
    if fm & fp & fs & _ORPHANS_ONLY:
        return True
    odd = (fm >> _ODD_SHIFT) + (fp >> _ODD_SHIFT) + (fs >> _ODD_SHIFT) + (fh >> _ODD_SHIFT)
    return seven_pairs and odd == short


def chow_starts(counts: list[int], tile: int) -> list[int]:
    """Lowest tiles of the chows `tile` makes with two concealed tiles (9 and 1 never join)."""
    if tile >= 27:
        return []
    rank = tile % 9
    starts = []
    for low in (tile - 2, tile - 1, tile):
        low_rank = rank - (tile - low)
        if low_rank < 0 or low_rank > 6:
            continue
        others = [t for t in (low, low + 1, low + 2) if t != tile]
        if all(counts[t] >= 1 for t in others):
            starts.append(low)
    return starts


@dataclass(frozen=True, slots=True)
class Resolution:
    """The outcome of a claim window."""

    winners: list[int]
    meld_seat: int | None = None
    meld_action: AnyAction | None = None
    passed_win: list[int] = field(default_factory=list)
    """Seats that could have won and did not (过水)."""


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
