"""Claims on a discard or an added kong: who may claim what, and whose claim is carried out.

Priority (RULES.md §4): win > kong = pung > chow. Several players may win on one
tile; with `multiple_winners` off the highest fan wins (截胡), ties to the first in turn
order after the discarder.
"""

from __future__ import annotations

import msgspec

from shared.actions import CHOWS, PASS, WIN, AnyAction, Chow, ClaimKong, DeclareWin, Pung
from shared.analysis import honor_complete, suit_complete
from shared.settlement import choose_winners
from shared.tiles import KINDS

_KONG = ClaimKong()
_PUNG = Pung()


class ClaimOptions(msgspec.Struct):
    """What one seat may do with the tile on offer (a Struct: made on most discards)."""

    win_fan: int | None = None
    """The fan of the win this tile gives, when the seat may declare it."""
    kong: bool = False
    pung: bool = False
    chows: list[int] = []
    """Lowest tile of each chow the seat may make (a new list for each instance)."""

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


# --- quick shape tests: rule hands out before the exact analysis ---------------------
# A hand of random tiles is almost never one tile from complete, and telling that from a
# few facts about each group (suit or honors) costs a fraction of working out its waits.
# The tests below only say "impossible" when no win can exist; otherwise the table asks
# shared.analysis. A group is keyed by its code: the int whose bytes (little-endian) are
# its counts, honors marked by one more byte so that no honor code equals a suit code. A
# seat keeps its four codes up to date tile by tile (SeatState.add), so a test costs four
# dictionary look-ups.

_HONOR_MARK = 1 << 72
GROUP_OF = tuple(min(tile // 9, 3) for tile in range(KINDS))
"""The group of each kind: 0–2 the suits, 3 the honors."""
PLACE = tuple(1 << 8 * (tile - 9 * GROUP_OF[tile]) for tile in range(KINDS))
"""What one tile of each kind adds to its group's code."""

_COMPLETE = 1
"""The group reads as sets (and one pair, when its size is 3n+2)."""
_ORPHANS_ONLY = 2
"""The group holds only terminals (a suit) or honors."""
_ODD_SHIFT = 2
"""The number of kinds held an odd number of times, stored from this bit up."""

_group_facts: dict[int, int] = {}
"""Facts about a group, by its code, learnt the first time a code is seen."""


def group_codes(counts: list[int]) -> list[int]:
    """The codes of a hand's four groups (m, p, s, honors)."""
    b = bytes(counts)
    return [
        int.from_bytes(b[0:9], "little"),
        int.from_bytes(b[9:18], "little"),
        int.from_bytes(b[18:27], "little"),
        int.from_bytes(b[27:34], "little") | _HONOR_MARK,
    ]


def _facts_of(code: int) -> int:
    facts = _group_facts.get(code)
    return _learn(code) if facts is None else facts


def _learn(code: int) -> int:
    honors = code >= _HONOR_MARK
    pattern = tuple((code & ~_HONOR_MARK).to_bytes(7 if honors else 9, "little"))
    if honors:
        complete = honor_complete(pattern)
        orphans_only = True
    else:
        complete = suit_complete(pattern)
        orphans_only = not any(pattern[1:8])
    odd = sum(c & 1 for c in pattern)
    facts = complete * _COMPLETE | orphans_only * _ORPHANS_ONLY | odd << _ODD_SHIFT
    _group_facts[code] = facts
    return facts


def may_be_ready(codes: list[int], melds: int, seven_pairs: bool) -> bool:
    """False when no tile completes the hand of these group codes (13 - 3 × melds tiles)."""
    return _may_complete(codes, melds, seven_pairs, short=1)


def may_be_win(codes: list[int], melds: int, seven_pairs: bool) -> bool:
    """False when the hand of these group codes (14 - 3 × melds tiles) is surely not complete."""
    return _may_complete(codes, melds, seven_pairs, short=0)


def _may_complete(codes: list[int], melds: int, seven_pairs: bool, short: int) -> bool:
    """`short` tiles (0 or 1) from complete, as far as the groups' facts tell.

    One tile changes one group, so a standard win needs every other group complete
    already; thirteen orphans holds nothing else; seven pairs as many odd kinds as the
    tiles missing.
    """
    get = _group_facts.get
    m, p, s, h = codes
    fm, fp, fs, fh = get(m), get(p), get(s), get(h)
    if fm is None or fp is None or fs is None or fh is None:
        fm, fp, fs, fh = (_facts_of(code) for code in codes)
    complete = (fm & _COMPLETE) + (fp & _COMPLETE) + (fs & _COMPLETE) + (fh & _COMPLETE)
    if complete >= 4 - short:
        return True
    if melds:
        return False
    if fm & fp & fs & _ORPHANS_ONLY:
        return True
    odd = (fm >> _ODD_SHIFT) + (fp >> _ODD_SHIFT) + (fs >> _ODD_SHIFT) + (fh >> _ODD_SHIFT)
    return seven_pairs and odd == short


def _chow_shapes(tile: int) -> tuple[tuple[int, int, int], ...]:
    """(lowest tile, the two other tiles) of each chow `tile` may join (9 and 1 never join)."""
    if tile >= 27:
        return ()
    rank = tile % 9
    shapes = []
    for low in (tile - 2, tile - 1, tile):
        if 0 <= rank - (tile - low) <= 6:
            a, b = (t for t in (low, low + 1, low + 2) if t != tile)
            shapes.append((low, a, b))
    return tuple(shapes)


_CHOW_SHAPES = tuple(_chow_shapes(tile) for tile in range(KINDS))


def chow_starts(counts: list[int], tile: int) -> list[int]:
    """Lowest tiles of the chows `tile` makes with two concealed tiles."""
    return [low for low, a, b in _CHOW_SHAPES[tile] if counts[a] and counts[b]]


class Resolution(msgspec.Struct, frozen=True):
    """The outcome of a claim window."""

    winners: list[int]
    meld_seat: int | None = None
    meld_action: AnyAction | None = None
    passed_win: list[int] = []
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
