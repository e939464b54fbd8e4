"""Hand analysis on 34-count vectors: win detection, readings, waiting tiles and shanten.

A count vector holds the player's concealed tiles (the winning or drawn tile included);
`melds` says how many sets the player has laid down, so the concealed part must make
`4 - melds` sets and a pair.

Speed comes from per-suit tables keyed by the suit's count pattern (a tuple of nine
counts), filled lazily the first time a pattern is seen and shared by every hand after.
Each suit of a hand is independent: a hand is complete when every suit (and the honors)
is complete, and its waits are the ranks that complete the one suit that is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from shared.errors import MahjongError
from shared.tiles import KINDS, TERMINALS_AND_HONORS, Tile

Pattern = tuple[int, ...]
Counts = list[int] | tuple[int, ...] | bytes
"""34 counts of the concealed tiles, index = Tile value."""

_IMPOSSIBLE = 99
_ORPHANS = tuple(int(t) for t in TERMINALS_AND_HONORS)
_CACHE_LIMIT = 500_000
"""Entries of the combined-hand cache before it is cleared (bounds a long-running host)."""


# --- complete readings of one suit ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class SuitReading:
    """One way to read a suit pattern as sets: chow starts, pung ranks (0-based) and a pair."""

    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pair: int | None


_suit_readings_memo: dict[Pattern, tuple[SuitReading, ...]] = {}


def _suit_readings(pattern: Pattern) -> tuple[SuitReading, ...]:
    """Every reading of a suit pattern as sets, plus one pair when its size is 3n+2."""
    found = _suit_readings_memo.get(pattern)
    if found is None:
        results: set[SuitReading] = set()
        if sum(pattern) % 3 != 1:
            _read(list(pattern), [], [], None, sum(pattern) % 3 == 2, results)
        found = tuple(sorted(results, key=lambda r: (r.chows, r.pungs, r.pair or 0)))
        _suit_readings_memo[pattern] = found
    return found


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


def _honor_readings(pattern: Pattern) -> tuple[SuitReading, ...]:
    if any(c in (1, 4) for c in pattern):
        return ()
    pairs = [i for i, c in enumerate(pattern) if c == 2]
    if len(pairs) > 1:
        return ()
    pungs = tuple(i for i, c in enumerate(pattern) if c == 3)
    return (SuitReading((), pungs, pairs[0] if pairs else None),)


_complete_memo: dict[Pattern, bool] = {}


def _suit_complete(pattern: Pattern) -> bool:
    done = _complete_memo.get(pattern)
    if done is None:
        done = bool(_suit_readings(pattern))
        _complete_memo[pattern] = done
    return done


_honor_complete_memo: dict[Pattern, bool] = {}


def _honor_complete(pattern: Pattern) -> bool:
    done = _honor_complete_memo.get(pattern)
    if done is None:
        done = bool(_honor_readings(pattern))
        _honor_complete_memo[pattern] = done
    return done


# --- waits of one suit ---------------------------------------------------------------

_waitmask_memo: dict[Pattern, int] = {}
_honor_waitmask_memo: dict[Pattern, int] = {}


def _waitmask(pattern: Pattern, honors: bool) -> int:
    """Bitmask of the ranks whose addition makes the pattern complete (never a fifth copy)."""
    memo = _honor_waitmask_memo if honors else _waitmask_memo
    mask = memo.get(pattern)
    if mask is None:
        mask = 0
        complete = _honor_complete if honors else _suit_complete
        for r, c in enumerate(pattern):
            if c < 4 and complete((*pattern[:r], c + 1, *pattern[r + 1 :])):
                mask |= 1 << r
        memo[pattern] = mask
    return mask


# --- shanten: tiles to add, per suit ----------------------------------------------------
# A distance vector has ten entries, index k + 5p: the fewest tiles to add to this group
# so that it contains k sets and p pairs (p = 0 or 1), never holding more than four of a
# kind. Sets made only of added tiles are left out here and priced at the end (3 each,
# a pair 2), so the search only places sets that use a tile of the hand.

_suffix_memo: dict[tuple[Pattern, int, int], tuple[int, ...]] = {}
_vectors: list[tuple[int, ...]] = [()]  # ids start at 1 so a cached id is never falsy
_vector_ids: dict[tuple[int, ...], int] = {}
_suit_vector_memo: dict[Pattern, int] = {}
_honor_vector_memo: dict[Pattern, int] = {}


def _intern(vector: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vector)
    if vid is None:
        vid = len(_vectors)
        _vectors.append(vector)
        _vector_ids[vector] = vid
    return vid


def _best_used(suffix: Pattern, a: int, b: int) -> tuple[int, ...]:
    """Most hand tiles used by sets and a pair placed on ranks of `suffix`.

    `a` chows started one rank before need this rank and the next; `b` chows started two
    ranks before need this rank only. Entry k + 5p is -1 where impossible.
    """
    key = (suffix, a, b)
    found = _suffix_memo.get(key)
    if found is not None:
        return found
    best = [-1] * 10
    if not suffix:
        if a == 0 and b == 0:
            best[0] = 0
        found = tuple(best)
        _suffix_memo[key] = found
        return found
    have = suffix[0]
    rest = suffix[1:]
    chow_room = 0
    if len(suffix) >= 3:
        chow_room = min(4 - a - b, have + suffix[1] + suffix[2])
    for c in range(chow_room + 1):
        child = _best_used(rest, c, a)
        for g in (0, 1) if have else (0,):
            for q in (0, 1) if have else (0,):
                need = a + b + c + 3 * g + 2 * q
                if need > 4:
                    continue
                used = have if have < need else need
                sets = c + g
                for idx in range(10):
                    value = child[idx]
                    if value < 0:
                        continue
                    k = idx % 5 + sets
                    p = idx // 5 + q
                    if k > 4 or p > 1:
                        continue
                    slot = k + 5 * p
                    if value + used > best[slot]:
                        best[slot] = value + used
    found = tuple(best)
    _suffix_memo[key] = found
    return found


def _to_distance(used: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(
        _IMPOSSIBLE if used[idx] < 0 else 3 * (idx % 5) + 2 * (idx // 5) - used[idx]
        for idx in range(10)
    )


def _suit_vector(pattern: Pattern) -> int:
    vid = _suit_vector_memo.get(pattern)
    if vid is None:
        vid = _intern(_to_distance(_best_used(pattern, 0, 0)))
        _suit_vector_memo[pattern] = vid
    return vid


def _honor_vector(pattern: Pattern) -> int:
    vid = _honor_vector_memo.get(pattern)
    if vid is None:
        vector = _to_distance([0] + [-1] * 9)
        for c in pattern:
            if c:
                kind = [_IMPOSSIBLE] * 10
                kind[0] = 0
                kind[1] = max(0, 3 - c)
                kind[5] = max(0, 2 - c)
                vector = _merge(vector, tuple(kind))
        vid = _intern(vector)
        _honor_vector_memo[pattern] = vid
    return vid


def _merge(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    out = [_IMPOSSIBLE] * 10
    for i in range(10):
        xi = x[i]
        if xi >= _IMPOSSIBLE:
            continue
        ki, pi = i % 5, i // 5
        for j in range(10):
            kj, pj = j % 5, j // 5
            if ki + kj > 4 or pi + pj > 1:
                continue
            slot = ki + kj + 5 * (pi + pj)
            total = xi + y[j]
            if total < out[slot]:
                out[slot] = total
    return tuple(out)


def _fill(vector: tuple[int, ...]) -> tuple[int, ...]:
    """Add the sets and pair made only of new tiles: 3 tiles a set, 2 the pair."""
    out = list(vector)
    for slot in range(10):
        k, p = slot % 5, slot // 5
        for k2 in range(k + 1):
            for p2 in range(p + 1):
                cost = vector[k2 + 5 * p2] + 3 * (k - k2) + 2 * (p - p2)
                if cost < out[slot]:
                    out[slot] = cost
    return tuple(out)


_suit_ids: dict[bytes, int] = {}
_honor_ids: dict[bytes, int] = {}
_patterns: list[Pattern] = [()]  # ids start at 1 so a found id is never falsy


def _register(key: bytes, ids: dict[bytes, int]) -> int:
    pattern = tuple(key)
    if max(pattern) > 4:
        raise MahjongError(f"a count vector holds more than four of a kind: {list(pattern)}")
    pid = len(_patterns)
    _patterns.append(pattern)
    ids[key] = pid
    return pid


def _group_ids(counts: Counts) -> tuple[int, int, int, int]:
    """Interned ids of the hand's three suit patterns and its honor pattern."""
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        raise MahjongError(f"a count vector holds 34 counts from 0 to 4: {counts!r}") from None
    if len(b) != KINDS:
        raise MahjongError(f"a count vector has {KINDS} entries, not {len(b)}")
    get = _suit_ids.get
    return (
        get(m := b[0:9]) or _register(m, _suit_ids),
        get(p := b[9:18]) or _register(p, _suit_ids),
        get(s := b[18:27]) or _register(s, _suit_ids),
        _honor_ids.get(h := b[27:34]) or _register(h, _honor_ids),
    )


group_ids = _group_ids


def group_pattern(pid: int) -> Pattern:
    """The count pattern behind an id from `group_ids`."""
    return _patterns[pid]


def _orphan_parts(pattern: Pattern, honors: bool) -> tuple[int, bool]:
    values = pattern if honors else (pattern[0], pattern[8])
    return sum(1 for c in values if c), any(c >= 2 for c in values)


_shanten_memo: dict[tuple[int, int, int, int], tuple[int, ...]] = {}


def _shanten_entry(key: tuple[int, int, int, int]) -> tuple[int, ...]:
    """Standard shanten for 0–4 melds (entries 0–4), thirteen-orphans shanten, tile count."""
    found = _shanten_memo.get(key)
    if found is None:
        m, p, s, h = (_patterns[i] for i in key)
        v = _vectors
        merged = _merge(
            _merge(v[_suit_vector(m)], v[_suit_vector(p)]),
            _merge(v[_suit_vector(s)], v[_honor_vector(h)]),
        )
        distances = _fill(merged)
        kinds = 0
        pair = False
        for pattern, honors in ((m, False), (p, False), (s, False), (h, True)):
            k, has_pair = _orphan_parts(pattern, honors)
            kinds += k
            pair = pair or has_pair
        size = sum(map(sum, (m, p, s, h)))
        found = (
            *(distances[9 - melds] - 1 for melds in range(5)),
            13 - kinds - pair,
            size,
        )
        if len(_shanten_memo) >= _CACHE_LIMIT:
            _shanten_memo.clear()
        _shanten_memo[key] = found
    return found


# --- public API ---------------------------------------------------------------------


def _check_size(size: int, melds: int, extra: tuple[int, ...]) -> None:
    """Raise unless the concealed part holds 13 - 3*melds tiles plus one of `extra`."""
    if not 0 <= melds <= 4:
        raise MahjongError(f"a hand has 0 to 4 melds, not {melds}")
    expected = 13 - 3 * melds
    if size - expected not in extra:
        allowed = " or ".join(str(expected + e) for e in extra)
        raise MahjongError(
            f"with {melds} melds the concealed part holds {allowed} tiles, not {size}"
        )


def _entry(counts: Counts, melds: int, extra: tuple[int, ...]) -> tuple[int, ...]:
    if melds.__class__ is not int or not 0 <= melds <= 4:
        raise MahjongError(f"a hand has 0 to 4 melds, not {melds!r}")
    key = _group_ids(counts)
    entry = _shanten_memo.get(key) or _shanten_entry(key)
    if entry[6] - 13 + 3 * melds not in extra:
        _check_size(entry[6], melds, extra)
    return entry


def standard_shanten(counts: Counts, melds: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair form: -1 complete, 0 ready, n tiles from ready."""
    return _entry(counts, melds, (0, 1))[melds]


def orphans_shanten(counts: Counts) -> int:
    """Shanten toward 十三幺 thirteen orphans (a fully concealed hand only)."""
    key = _group_ids(counts)
    return (_shanten_memo.get(key) or _shanten_entry(key))[5]


def seven_pairs_shanten(counts: Counts) -> int:
    """Shanten toward 七对 seven pairs; four of a kind counts as two pairs (豪华七对)."""
    pairs = sum(c // 2 for c in counts)
    return 6 - min(pairs, 7)


def shanten(counts: Counts, melds: int = 0, seven_pairs: bool = False) -> int:
    """The smallest shanten over the winning forms these rules allow."""
    entry = _entry(counts, melds, (0, 1))
    best = entry[melds]
    if melds == 0:
        if entry[5] < best:
            best = entry[5]
        if seven_pairs:
            best = min(best, seven_pairs_shanten(counts))
    return best


def is_standard_win(counts: Counts) -> bool:
    """True when the concealed tiles are all sets plus exactly one pair."""
    pair_groups = 0
    for lo in (0, 9, 18):
        pattern = tuple(counts[lo : lo + 9])
        residue = sum(pattern) % 3
        if residue == 1:
            return False
        pair_groups += residue == 2
        if not _suit_complete(pattern):
            return False
    honors = tuple(counts[27:34])
    residue = sum(honors) % 3
    pair_groups += residue == 2
    return residue != 1 and pair_groups == 1 and _honor_complete(honors)


def is_thirteen_orphans(counts: Counts) -> bool:
    """十三幺: one of each terminal and honor, one of them twice, nothing else."""
    return (
        sum(counts) == 14
        and all(counts[i] for i in _ORPHANS)
        and sum(counts[i] for i in _ORPHANS) == 14
    )


def is_seven_pairs(counts: Counts) -> bool:
    """七对: fourteen concealed tiles in seven pairs (four of a kind counts as two)."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_win(counts: Counts, melds: int = 0, seven_pairs: bool = False) -> bool:
    """True when the concealed tiles (winning tile included) complete the hand."""
    _entry(counts, melds, (1,))
    if is_standard_win(counts):
        return True
    if melds:
        return False
    return is_thirteen_orphans(counts) or (seven_pairs and is_seven_pairs(counts))


def waits(counts: Counts, melds: int = 0, seven_pairs: bool = False) -> list[Tile]:
    """Tile kinds that complete a hand one tile short (never a fifth copy of a held kind)."""
    _entry(counts, melds, (0,))
    key = _group_ids(counts)
    found = _waits_memo.get(key)
    if found is None:
        found = _waits_entry(key)
    if melds == 0:
        extra = found[1]
        if seven_pairs:
            pairs_waits = (Tile(t) for t in _seven_pairs_waits(counts))
            extra = tuple(sorted(set(extra) | set(pairs_waits)))
        if extra:
            return sorted(set(found[0]) | set(extra))
    return list(found[0])


_waits_memo: dict[tuple[int, int, int, int], tuple[tuple[Tile, ...], tuple[Tile, ...]]] = {}


def _waits_entry(key: tuple[int, int, int, int]) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """Standard waits and thirteen-orphans waits of the hand made of these group patterns."""
    counts = [c for i in key for c in _patterns[i]]
    found = (
        tuple(Tile(t) for t in _standard_waits(counts)),
        tuple(Tile(t) for t in _orphans_waits(counts)),
    )
    if len(_waits_memo) >= _CACHE_LIMIT:
        _waits_memo.clear()
    _waits_memo[key] = found
    return found


def _standard_waits(counts: Counts) -> list[int]:
    groups = (
        (0, tuple(counts[0:9]), False),
        (9, tuple(counts[9:18]), False),
        (18, tuple(counts[18:27]), False),
        (27, tuple(counts[27:34]), True),
    )
    ones = [g for g in groups if sum(g[1]) % 3 == 1]
    twos = [g for g in groups if sum(g[1]) % 3 == 2]
    zeros = [g for g in groups if sum(g[1]) % 3 == 0]
    for _, pattern, honors in zeros:
        if not (_honor_complete(pattern) if honors else _suit_complete(pattern)):
            return []
    if len(ones) == 1 and not twos:
        candidates = ones
    elif len(twos) == 2 and not ones:
        candidates = []
        for g, other in ((twos[0], twos[1]), (twos[1], twos[0])):
            other_complete = _honor_complete if other[2] else _suit_complete
            if other_complete(other[1]):
                candidates.append(g)
    else:
        return []
    found: list[int] = []
    for lo, pattern, honors in candidates:
        mask = _waitmask(pattern, honors)
        found.extend(lo + r for r in range(len(pattern)) if mask >> r & 1)
    return sorted(found)


def _orphans_waits(counts: Counts) -> list[int]:
    if any(counts[i] for i in range(KINDS) if i not in _ORPHANS):
        return []
    missing = [i for i in _ORPHANS if not counts[i]]
    if len(missing) == 1:
        return missing
    if not missing and all(counts[i] == 1 for i in _ORPHANS):
        return list(_ORPHANS)
    return []


def _seven_pairs_waits(counts: Counts) -> list[int]:
    odd = [i for i, c in enumerate(counts) if c % 2]
    return odd if len(odd) == 1 and counts[odd[0]] < 4 else []


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a complete concealed part: chow starts, pungs and the pair."""

    chows: tuple[Tile, ...]
    pungs: tuple[Tile, ...]
    pair: Tile


def readings(counts: Counts) -> list[Reading]:
    """Every reading of a complete concealed part as sets and one pair (standard form)."""
    per_group = []
    for lo in (0, 9, 18, 27):
        pattern = tuple(counts[lo : lo + (9 if lo < 27 else 7)])
        options = _honor_readings(pattern) if lo == 27 else _suit_readings(pattern)
        if not options:
            return []
        per_group.append([(lo, r) for r in options])
    out: list[Reading] = []
    for combo in product(*per_group):
        pairs = [lo + r.pair for lo, r in combo if r.pair is not None]
        if len(pairs) != 1:
            continue
        out.append(
            Reading(
                tuple(Tile(lo + c) for lo, r in combo for c in r.chows),
                tuple(Tile(lo + p) for lo, r in combo for p in r.pungs),
                Tile(pairs[0]),
            )
        )
    return out


_shape_memo: dict[Pattern, frozenset[int]] = {}


def suit_complete(pattern: Pattern) -> bool:
    """True when a suit's nine counts read entirely as sets (and one pair if 3n+2)."""
    return _suit_complete(pattern)


def honor_complete(pattern: Pattern) -> bool:
    """True when the seven honor counts are pungs and at most one pair."""
    return _honor_complete(pattern)


def suit_chow_counts(pattern: Pattern) -> frozenset[int]:
    """How many chows the readings of a complete suit pattern hold."""
    return _suit_chow_counts(pattern)


def _suit_chow_counts(pattern: Pattern) -> frozenset[int]:
    found = _shape_memo.get(pattern)
    if found is None:
        found = frozenset(len(r.chows) for r in _suit_readings(pattern))
        _shape_memo[pattern] = found
    return found


def chow_counts(counts: Counts) -> frozenset[int]:
    """The numbers of concealed chows over every standard reading (empty if none).

    Scoring needs no more of a reading than this: a complete concealed part of n sets
    read with c chows holds n - c pungs, and honors are always pungs.
    """
    if not is_standard_win(counts):
        return frozenset()
    totals = {0}
    for lo in (0, 9, 18):
        options = _suit_chow_counts(tuple(counts[lo : lo + 9]))
        totals = {t + o for t in totals for o in options}
        if not totals:
            return frozenset()
    return frozenset(totals)
