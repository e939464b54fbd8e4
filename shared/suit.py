"""One suit (or the honours) alone: its readings as sets, whether it is complete, its
waits, and its distance vector for shanten.

A pattern is the group's counts: nine of a suit, seven of the honours. Nothing here
knows about whole hands or interned ids: these are the programmes that work a pattern's
facts out, once each; shared/groups.py keeps what they give, by pattern id, and
shared/analysis.py asks the hand questions with it. The one table kept here is the
distance programme's memo of short suffixes (`_short_memo`), which every suit pattern
ends in: a plain memo, written without a lock (each entry one immutable value worked
out from immutable inputs, one store, atomic under the GIL).
"""

from __future__ import annotations

from dataclasses import dataclass

Pattern = tuple[int, ...]
IMPOSSIBLE = 99
"""A distance vector's entry where the sets and pair cannot be made."""
MAX_SUIT_TILES = 14
"""The most tiles of one suit the analysis meets (a whole hand); the table covers these."""


# --- complete readings ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SuitReading:
    """One way to read a suit pattern as sets: chow starts, pung ranks (0-based) and a pair."""

    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pair: int | None


def suit_readings(pattern: Pattern) -> tuple[SuitReading, ...]:
    """Every reading of a suit pattern as sets, plus one pair when its size is 3n+2."""
    results: set[SuitReading] = set()
    if sum(pattern) % 3 != 1:
        _read(list(pattern), [], [], None, sum(pattern) % 3 == 2, results)
    return tuple(sorted(results, key=lambda r: (r.chows, r.pungs, r.pair or 0)))


def _read(
    counts: list[int],
    chows: list[int],
    pungs: list[int],
    pair: int | None,
    need_pair: bool,
    out: set[SuitReading],
) -> None:
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        if need_pair == (pair is not None):
            out.add(SuitReading(tuple(sorted(chows)), tuple(sorted(pungs)), pair))
        return
    if counts[i] >= 3:
        counts[i] -= 3
        pungs.append(i)
        _read(counts, chows, pungs, pair, need_pair, out)
        pungs.pop()
        counts[i] += 3
    if counts[i] >= 2 and need_pair and pair is None:
        counts[i] -= 2
        _read(counts, chows, pungs, i, need_pair, out)
        counts[i] += 2
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        chows.append(i)
        _read(counts, chows, pungs, pair, need_pair, out)
        chows.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def honor_readings(pattern: Pattern) -> tuple[SuitReading, ...]:
    """The one reading of the honours as pungs and at most one pair, or none."""
    if any(c in (1, 4) for c in pattern):
        return ()
    pairs = [i for i, c in enumerate(pattern) if c == 2]
    if len(pairs) > 1:
        return ()
    pungs = tuple(i for i, c in enumerate(pattern) if c == 3)
    return (SuitReading((), pungs, pairs[0] if pairs else None),)


def suit_complete(pattern: Pattern) -> bool:
    """True when a suit's counts read entirely as sets (and one pair if 3n+2)."""
    size = sum(pattern)
    return size % 3 != 1 and decomposes(list(pattern), size % 3 == 2)


def honor_complete(pattern: Pattern) -> bool:
    """True when the honour counts are pungs and at most one pair."""
    return bool(honor_readings(pattern))


def decomposes(counts: list[int], need_pair: bool) -> bool:
    """Whether the counts read as sets (and one pair when asked), without listing readings."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return not need_pair
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        found = decomposes(counts, need_pair)
        counts[i] += 3
        if found:
            return True
    if need_pair and c >= 2:
        counts[i] -= 2
        found = decomposes(counts, False)
        counts[i] += 2
        if found:
            return True
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        found = decomposes(counts, need_pair)
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
        return found
    return False


def waitmask(pattern: Pattern, honors: bool) -> int:
    """Bitmask of the ranks whose addition makes the pattern complete (never a fifth copy)."""
    mask = 0
    need_pair = (sum(pattern) + 1) % 3 == 2
    for r, c in enumerate(pattern):
        if c >= 4:
            continue
        grown = [*pattern[:r], c + 1, *pattern[r + 1 :]]
        if honors:
            complete = bool(honor_readings(tuple(grown)))
        else:
            complete = (sum(grown) % 3 != 1) and decomposes(grown, need_pair)
        if complete:
            mask |= 1 << r
    return mask


# --- shanten: tiles to add ------------------------------------------------------------
# A distance vector has ten entries, index k + 5p: the fewest tiles to add to this group
# so that it contains k sets and p pairs (p = 0 or 1), never holding more than four of a
# kind. Sets made only of added tiles are left out here and priced at the end (3 each,
# a pair 2, `fill`), so the search only places sets that use a tile of the hand.


def _best_used(
    suffix: bytes, a: int, b: int, local: dict[bytes, tuple[int, ...]]
) -> tuple[int, ...]:
    """Most hand tiles used by sets and a pair placed on ranks of `suffix`.

    `a` chows started one rank before need this rank and the next; `b` chows started two
    ranks before need this rank only. Entry k + 5p is -1 where impossible. Short suffixes
    are kept for good (every suit pattern ends in one); longer ones only in `local`, for
    the one pattern being worked out.
    """
    key = suffix + _AB[a][b]
    memo = _short_memo if len(suffix) <= _SHORT_SUFFIX else local
    found = memo.get(key)
    if found is not None:
        return found
    best = [-1] * 10
    if not suffix:
        if a == 0 and b == 0:
            best[0] = 0
        found = memo[key] = tuple(best)
        return found
    have = suffix[0]
    rest = suffix[1:]
    chow_room = 0
    if len(suffix) >= 3:
        chow_room = min(4 - a - b, have + suffix[1] + suffix[2])
    placements = _PLACEMENTS if have else _NO_PLACEMENT
    for c in range(chow_room + 1):
        child = _best_used(rest, c, a, local)
        for g, q, extra in placements:
            need = a + b + c + extra
            if need > 4:
                continue
            used = have if have < need else need
            for idx, slot in _SHIFTS[c + g][q]:
                value = child[idx]
                if value >= 0 and value + used > best[slot]:
                    best[slot] = value + used
    found = tuple(best)
    found = memo[key] = _used_vectors.setdefault(found, found)
    return found


_SHORT_SUFFIX = 4
_short_memo: dict[bytes, tuple[int, ...]] = {}
"""Suffixes of up to four ranks with their pending chows: at most 5**4 * 15 entries.
A plain memo (unlocked: module docstring), like `_used_vectors`, whose `setdefault`
hands every thread the same tuple."""
_used_vectors: dict[tuple[int, ...], tuple[int, ...]] = {}
"""One shared tuple for each distinct result."""
_AB = tuple(tuple(bytes((a, b)) for b in range(5)) for a in range(5))
_PLACEMENTS = ((0, 0, 0), (0, 1, 2), (1, 0, 3), (1, 1, 5))
"""(pungs, pairs, tiles they need) placed on one rank that holds tiles."""
_NO_PLACEMENT = ((0, 0, 0),)
_SHIFTS = tuple(
    tuple(
        tuple(
            (idx, idx % 5 + sets + 5 * (idx // 5 + q))
            for idx in range(10)
            if idx % 5 + sets <= 4 and idx // 5 + q <= 1
        )
        for q in (0, 1)
    )
    for sets in range(10)
)
"""For `sets` sets and `q` pairs placed here: each child entry and the entry it feeds."""


def to_distance(used: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """A distance vector from the most hand tiles each entry's sets and pair can use."""
    return tuple(
        IMPOSSIBLE if used[idx] < 0 else 3 * (idx % 5) + 2 * (idx // 5) - used[idx]
        for idx in range(10)
    )


def suit_distances(pattern: Pattern) -> tuple[int, ...]:
    """The distance vector of a suit pattern, worked out by the programme above."""
    return to_distance(_best_used(bytes(pattern), 0, 0, {}))


def honor_distances(pattern: Pattern) -> tuple[int, ...]:
    """The distance vector of the honours: each kind on its own (no chows)."""
    vector = to_distance([0] + [-1] * 9)
    for c in pattern:
        if c:
            kind = [IMPOSSIBLE] * 10
            kind[0] = 0
            kind[1] = max(0, 3 - c)
            kind[5] = max(0, 2 - c)
            vector = merge(vector, tuple(kind))
    return vector


_MERGE_STEPS = tuple(
    (i, j, i % 5 + j % 5 + 5 * (i // 5 + j // 5))
    for i in range(10)
    for j in range(10)
    if i % 5 + j % 5 <= 4 and i // 5 + j // 5 <= 1
)
_FILL_STEPS = tuple(
    (slot, k2 + 5 * p2, 3 * (slot % 5 - k2) + 2 * (slot // 5 - p2))
    for slot in range(10)
    for k2 in range(slot % 5 + 1)
    for p2 in range(slot // 5 + 1)
)


def merge(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Distance vector of two groups together (min-plus convolution)."""
    out = [IMPOSSIBLE] * 10
    for i, j, slot in _MERGE_STEPS:
        total = x[i] + y[j]
        if total < out[slot]:
            out[slot] = total
    return tuple(out)


def fill(vector: tuple[int, ...]) -> tuple[int, ...]:
    """Add the sets and pair made only of new tiles: 3 tiles a set, 2 the pair."""
    out = list(vector)
    for slot, source, cost in _FILL_STEPS:
        total = vector[source] + cost
        if total < out[slot]:
            out[slot] = total
    return tuple(out)


# --- the place of a pattern in the table made ahead -------------------------------------


def _count_patterns() -> tuple[tuple[int, ...], ...]:
    """[length][budget]: how many patterns of that many ranks hold at most `budget` tiles."""
    table = [[1] * (MAX_SUIT_TILES + 1)]
    for _ in range(9):
        last = table[-1]
        table.append(
            [sum(last[b - v] for v in range(min(4, b) + 1)) for b in range(MAX_SUIT_TILES + 1)]
        )
    return tuple(tuple(row) for row in table)


_PATTERN_COUNTS = _count_patterns()


def pattern_rank(pattern: Pattern) -> int:
    """The place of a suit pattern (at most 14 tiles) among all of them in lexicographic
    order: 0 for the empty suit, 405,349 for (4, 4, 4, 2, 0, 0, 0, 0, 0), the last."""
    rank = 0
    left = MAX_SUIT_TILES
    counts = _PATTERN_COUNTS
    for i, c in enumerate(pattern):
        row = counts[8 - i]
        for v in range(c):
            rank += row[left - v]
        left -= c
    return rank
