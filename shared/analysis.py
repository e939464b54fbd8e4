"""Hand analysis on 34-count vectors: win detection, readings, waiting tiles and shanten.

A count vector holds the player's concealed tiles (the winning or drawn tile included);
`melds` says how many sets the player has laid down, so the concealed part must make
`4 - melds` sets and a pair.

Speed comes from per-suit tables keyed by the suit's count pattern (a tuple of nine
counts), filled lazily the first time a pattern is seen and shared by every hand after;
the costliest of them, each suit pattern's distance vector for shanten, is read from a
table made ahead (shared/suit_table.py, by build_scripts/make_suit_table.py).
Each suit of a hand is independent: a hand is complete when every suit (and the honors)
is complete, and its waits are the ranks that complete the one suit that is not.

Threads: the functions may be called from several threads at once (the quick game's host
thread and the client's hint share these tables). The fixed tables are made at import,
or once under `_lock` (the suit table). The growing ones, which hand out ids (interned
patterns and vectors, grown-vector tuples) and the per-id lists kept beside them, change
only under `_lock`, taken only to register something new: every list gets its entry
before the id is published in its lookup dict, so a lock-free read that finds an id finds
everything filed under it. The plain memo dicts and per-id slots are written without the
lock: each entry is an immutable value worked out from immutable inputs, one store
(atomic under the GIL), so a race at worst works out the same value twice.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product

from shared.errors import MahjongError
from shared.tiles import KINDS, TERMINALS_AND_HONORS, Tile

Pattern = tuple[int, ...]
Counts = list[int] | tuple[int, ...] | bytes
"""34 counts of the concealed tiles, index = Tile value."""

_IMPOSSIBLE = 99
_ORPHANS = tuple(int(t) for t in TERMINALS_AND_HONORS)
_TILES = tuple(Tile(k) for k in range(KINDS))
"""Tile members by value: indexing beats calling the enum."""
_CACHE_LIMIT = 20_000
"""Entries of each whole-hand cache before it is cleared (bounds a long-running host)."""
_lock = threading.Lock()
"""Held to register something new in the tables that hand out ids (see the module
docstring); never held while calling anything that takes it again."""


# --- complete readings of one suit ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class SuitReading:
    """One way to read a suit pattern as sets: chow starts, pung ranks (0-based) and a pair."""

    chows: tuple[int, ...]
    pungs: tuple[int, ...]
    pair: int | None


# The memo dicts here and below (`*_memo`, `_complete_ids`, `_added_ids`, `_rank_sets`)
# are filled without `_lock`: each store is one immutable value worked out from immutable
# inputs, atomic under the GIL, so two threads racing on a key store equal values.
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
        size = sum(pattern)
        done = size % 3 != 1 and _decomposes(list(pattern), size % 3 == 2)
        _complete_memo[pattern] = done
    return done


def _decomposes(counts: list[int], need_pair: bool) -> bool:
    """Whether the counts read as sets (and one pair when asked), without listing readings."""
    i = next((k for k, c in enumerate(counts) if c), None)
    if i is None:
        return not need_pair
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        found = _decomposes(counts, need_pair)
        counts[i] += 3
        if found:
            return True
    if need_pair and c >= 2:
        counts[i] -= 2
        found = _decomposes(counts, False)
        counts[i] += 2
        if found:
            return True
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        found = _decomposes(counts, need_pair)
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
        return found
    return False


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
        # Neighbours are checked without memoising them: they are many and rarely asked again.
        need_pair = (sum(pattern) + 1) % 3 == 2
        for r, c in enumerate(pattern):
            if c >= 4:
                continue
            grown = [*pattern[:r], c + 1, *pattern[r + 1 :]]
            if honors:
                complete = bool(_honor_readings(tuple(grown)))
            else:
                complete = (sum(grown) % 3 != 1) and _decomposes(grown, need_pair)
            if complete:
                mask |= 1 << r
        memo[pattern] = mask
    return mask


# --- shanten: tiles to add, per suit ----------------------------------------------------
# A distance vector has ten entries, index k + 5p: the fewest tiles to add to this group
# so that it contains k sets and p pairs (p = 0 or 1), never holding more than four of a
# kind. Sets made only of added tiles are left out here and priced at the end (3 each,
# a pair 2), so the search only places sets that use a tile of the hand.

_vectors: list[tuple[int, ...]] = [()]  # ids start at 1 so a cached id is never falsy
_vector_ids: dict[tuple[int, ...], int] = {}


def _intern(vector: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vector)
    if vid is None:
        with _lock:
            vid = _vector_ids.get(vector)  # another thread may have got there first
            if vid is None:
                vid = len(_vectors)
                if vid >= 1 << 24:  # memo keys pack a vector id in 24 bits (a few hundred)
                    raise MahjongError("too many distinct distance vectors")
                _vectors.append(vector)
                _merged.append([])
                _filled_by_id.append(None)
                _vector_ids[vector] = vid  # published last, its lists complete
    return vid


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


def _to_distance(used: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return tuple(
        _IMPOSSIBLE if used[idx] < 0 else 3 * (idx % 5) + 2 * (idx // 5) - used[idx]
        for idx in range(10)
    )


def suit_distances(pattern: Pattern) -> tuple[int, ...]:
    """The distance vector of a suit pattern, worked out by the programme above."""
    return _to_distance(_best_used(bytes(pattern), 0, 0, {}))


def _suit_vector(pattern: Pattern) -> int:
    """Distance vector id of a suit pattern (cached by pattern id in `_vector_of`): read
    from the table made ahead (shared/suit_table.py), worked out only past its size."""
    if sum(pattern) > MAX_SUIT_TILES:
        return _intern(suit_distances(pattern))
    ids = _suit_table_ids or _load_suit_table()
    return _intern(_suit_table_vectors[ids[pattern_rank(pattern)]])


MAX_SUIT_TILES = 14
"""The most tiles of one suit the analysis meets (a whole hand); the table covers these."""
_suit_table_ids = b""
_suit_table_vectors: tuple[tuple[int, ...], ...] = ()


def _load_suit_table() -> bytes:
    """Unpack shared/suit_table.py's vector index (on first use: 405,350 bytes), once:
    under `_lock`, the vectors set before the index that readers test."""
    global _suit_table_ids, _suit_table_vectors
    import base64
    import zlib

    from shared import suit_table

    with _lock:
        if _suit_table_ids:
            return _suit_table_ids
        ids = zlib.decompress(base64.b85decode("".join(suit_table.PACKED)))
        if len(ids) != suit_table.PATTERNS:
            raise MahjongError(
                "shared/suit_table.py is damaged: run build_scripts/make_suit_table.py"
            )
        _suit_table_vectors = suit_table.VECTORS
        _suit_table_ids = ids
    return ids


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


def _honor_vector(pattern: Pattern) -> int:
    """Distance vector id of the honors (cached by pattern id in `_vector_of`)."""
    vector = _to_distance([0] + [-1] * 9)
    for c in pattern:
        if c:
            kind = [_IMPOSSIBLE] * 10
            kind[0] = 0
            kind[1] = max(0, 3 - c)
            kind[5] = max(0, 2 - c)
            vector = _merge(vector, tuple(kind))
    return _intern(vector)


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


def _merge(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Distance vector of two groups together (min-plus convolution)."""
    out = [_IMPOSSIBLE] * 10
    for i, j, slot in _MERGE_STEPS:
        total = x[i] + y[j]
        if total < out[slot]:
            out[slot] = total
    return tuple(out)


_merged: list[list[int]] = [[]]
"""Per vector id: the id of its merge with each other vector id (0: not worked out yet).
Lists, not a dict: distinct vectors are a few hundred, and the bots merge constantly.
Rows grow under `_lock`; read without it (a row only grows, an entry only goes from 0 to
the one id of its merge)."""


def _merge_ids(a: int, b: int) -> int:
    row = _merged[a]
    if b < len(row):
        vid = row[b]
        if vid:
            return vid
    vid = _intern(_merge(_vectors[a], _vectors[b]))
    with _lock:
        for x, y in ((a, b), (b, a)):
            row = _merged[x]
            if y >= len(row):
                row.extend([0] * (y + 1 - len(row)))
            row[y] = vid
    return vid


def _fill(vector: tuple[int, ...]) -> tuple[int, ...]:
    """Add the sets and pair made only of new tiles: 3 tiles a set, 2 the pair."""
    out = list(vector)
    for slot, source, cost in _FILL_STEPS:
        total = vector[source] + cost
        if total < out[slot]:
            out[slot] = total
    return tuple(out)


_suit_ids: dict[bytes, int] = {}
_honor_ids: dict[bytes, int] = {}
_patterns: list[Pattern] = [()]  # ids start at 1 so a found id is never falsy
_sizes: list[int] = [0]
_pid_vectors: list[int] = [0]
_pid_grown: list[int] = [0]
_pid_shrunk: list[tuple[tuple[int, int, int], ...] | None] = [None]
"""Per pattern id: `_shrunk` of it (None until first needed)."""
"""Per pattern id: the id of its grown vectors (`_grown_vectors`; 0 until first needed)."""
"""Per pattern id: the id of its distance vector (0 until first needed)."""
_orphan_info: list[tuple[int, bool]] = [(0, False)]
"""Per pattern id: how many terminal or honor kinds it holds, and whether one is paired.
These lists grow together under `_lock` (`_register`); the slots first left 0 or None are
filled later without it, each with the one value of its pattern."""


def _register(key: bytes, ids: dict[bytes, int]) -> int:
    pattern = tuple(key)
    if max(pattern) > 4:
        raise MahjongError(f"a count vector holds more than four of a kind: {list(pattern)}")
    values = pattern if ids is _honor_ids else (pattern[0], pattern[8])
    info = (sum(1 for c in values if c), any(c >= 2 for c in values))
    with _lock:
        found = ids.get(key)  # another thread may have got there first
        if found is not None:
            return found
        pid = len(_patterns)
        _patterns.append(pattern)
        _sizes.append(sum(pattern))
        _pid_vectors.append(0)
        _pid_grown.append(0)
        _pid_shrunk.append(None)
        _orphan_info.append(info)
        ids[key] = pid  # published last, its lists complete
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


_shanten_memo: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
_filled_by_id: list[tuple[int, ...] | None] = [None]
"""Per vector id: `_fill` of it (None until first needed)."""


def _vector_of(pid: int) -> int:
    vid = _pid_vectors[pid]
    if not vid:
        pattern = _patterns[pid]
        vid = _honor_vector(pattern) if len(pattern) == 7 else _suit_vector(pattern)
        _pid_vectors[pid] = vid
    return vid


def _filled(vid: int) -> tuple[int, ...]:
    distances = _filled_by_id[vid]
    if distances is None:
        distances = _filled_by_id[vid] = _fill(_vectors[vid])
    return distances


def _orphans_shanten_of(key: tuple[int, int, int, int]) -> int:
    """Thirteen-orphans shanten of the hand of these group ids."""
    kinds = 0
    pair = False
    for pid in key:
        k, has_pair = _orphan_info[pid]
        kinds += k
        pair = pair or has_pair
    return 13 - kinds - pair


def _shanten_entry(key: tuple[int, int, int, int]) -> tuple[int, ...]:
    """Standard shanten for 0–4 melds (entries 0–4), thirteen-orphans shanten, tile count."""
    found = _shanten_memo.get(key)
    if found is None:
        m, p, s, h = key
        vid = _merge_ids(
            _merge_ids(_vector_of(m), _vector_of(p)),
            _merge_ids(_vector_of(s), _vector_of(h)),
        )
        distances = _filled(vid)
        found = (
            *(distances[9 - melds] - 1 for melds in range(5)),
            _orphans_shanten_of(key),
            _sizes[m] + _sizes[p] + _sizes[s] + _sizes[h],
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


def _checked_ids(counts: Counts, melds: int, extra: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Group ids of a hand whose size fits `melds`; raise MahjongError naming what is off."""
    if melds.__class__ is not int or not 0 <= melds <= 4:
        raise MahjongError(f"a hand has 0 to 4 melds, not {melds!r}")
    key = _group_ids(counts)
    sizes = _sizes
    size = sizes[key[0]] + sizes[key[1]] + sizes[key[2]] + sizes[key[3]]
    if size - 13 + 3 * melds not in extra:
        _check_size(size, melds, extra)
    return key


def _entry(counts: Counts, melds: int, extra: tuple[int, ...]) -> tuple[int, ...]:
    key = _checked_ids(counts, melds, extra)
    return _shanten_memo.get(key) or _shanten_entry(key)


_complete_ids: dict[int, bool] = {}


def _complete_id(pid: int, honors: bool) -> bool:
    done = _complete_ids.get(pid)
    if done is None:
        pattern = _patterns[pid]
        done = _honor_complete(pattern) if honors else _suit_complete(pattern)
        _complete_ids[pid] = done
    return done


def _standard_win_of(key: tuple[int, int, int, int]) -> bool:
    """All four groups complete, exactly one of them holding the pair."""
    sizes = _sizes
    if (sizes[key[0]] % 3 == 2) + (sizes[key[1]] % 3 == 2) + (sizes[key[2]] % 3 == 2) + (
        sizes[key[3]] % 3 == 2
    ) != 1:
        return False
    get = _complete_ids.get
    for pid, honors in zip(key, (False, False, False, True), strict=True):
        done = get(pid)
        if not (done if done is not None else _complete_id(pid, honors)):
            return False
    return True


def standard_shanten(counts: Counts, melds: int = 0) -> int:
    """Shanten of the four-sets-and-a-pair form: -1 complete, 0 ready, n tiles from ready."""
    return _entry(counts, melds, (0, 1))[melds]


GROUPS = ("m", "p", "s", "z")
"""The four groups of a hand, in count-vector order: the three suits, then the honours."""


def shanten_within(counts: Counts, melds: int, groups: str) -> int:
    """Standard shanten of the hand if only its tiles of these groups (letters of
    `GROUPS`, e.g. "mz" for characters and honours) may stay: every other tile has to go
    and be replaced by a draw of the kept groups. How far a hand is from 混一色 ("mz") or
    清一色 ("m"). The hand must be a whole one (13 - 3 × melds tiles, or one more)."""
    key = _within_key(counts, melds, groups, (0, 1))
    entry = _shanten_memo.get(key) or _shanten_entry(key)
    return entry[melds]


def _within_key(
    counts: Counts, melds: int, groups: str, extra: tuple[int, ...]
) -> tuple[int, int, int, int]:
    """The group ids of the hand with every group not in `groups` emptied."""
    full = _checked_ids(counts, melds, extra)
    unknown = set(groups) - set(GROUPS)
    if unknown or not groups:
        raise MahjongError(f"groups are letters of {''.join(GROUPS)!r}, not {groups!r}")
    empty = (_suit_ids.get(bytes(9)) or _register(bytes(9), _suit_ids),) * 3 + (
        _honor_ids.get(bytes(7)) or _register(bytes(7), _honor_ids),
    )
    m, p, s, h = (full[g] if GROUPS[g] in groups else empty[g] for g in range(4))
    return (m, p, s, h)


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
    # The body of _checked_ids and _group_ids, inlined: this is the bots' hottest call.
    if melds.__class__ is not int or not 0 <= melds <= 4:
        raise MahjongError(f"a hand has 0 to 4 melds, not {melds!r}")
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        raise MahjongError(f"a count vector holds 34 counts from 0 to 4: {counts!r}") from None
    if len(b) != KINDS:
        raise MahjongError(f"a count vector has {KINDS} entries, not {len(b)}")
    get = _suit_ids.get
    key = (
        get(b[0:9]) or _register(b[0:9], _suit_ids),
        get(b[9:18]) or _register(b[9:18], _suit_ids),
        get(b[18:27]) or _register(b[18:27], _suit_ids),
        _honor_ids.get(b[27:34]) or _register(b[27:34], _honor_ids),
    )
    entry = _shanten_memo.get(key) or _shanten_entry(key)
    if entry[6] - 13 + 3 * melds not in (0, 1):
        _check_size(entry[6], melds, (0, 1))
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
    key = _checked_ids(counts, melds, (1,))
    if _standard_win_of(key):
        return True
    if melds:
        return False
    return is_thirteen_orphans(counts) or (seven_pairs and is_seven_pairs(counts))


def waits(counts: Counts, melds: int = 0, seven_pairs: bool = False) -> list[Tile]:
    """Tile kinds that complete a hand one tile short (never a fifth copy of a held kind)."""
    key = _checked_ids(counts, melds, (0,))
    found = _waits_memo.get(key) or _waits_entry(key)
    if melds == 0:
        extra = found[1]
        if seven_pairs:
            pairs_waits = (Tile(t) for t in _seven_pairs_waits(counts))
            extra = tuple(sorted(set(extra) | set(pairs_waits)))
        if extra:
            return sorted(set(found[0]) | set(extra))
    return list(found[0])


def wait_kinds(counts: Counts, melds: int = 0, seven_pairs: bool = False) -> frozenset[int]:
    """The kinds `waits` gives, as a set (the table asks this after every change of a hand)."""
    key = _checked_ids(counts, melds, (0,))
    found = _waits_memo.get(key) or _waits_entry(key)
    if melds == 0 and (found[1] or seven_pairs):
        return frozenset(int(t) for t in waits(counts, melds, seven_pairs))
    # Made here, not kept in the memo: a set per entry would cost more memory than time.
    return frozenset(map(int, found[0])) if found[0] else _NO_WAITS


_NO_WAITS: frozenset[int] = frozenset()
_WaitsEntry = tuple[tuple[Tile, ...], tuple[Tile, ...]]
_waits_memo: dict[tuple[int, int, int, int], _WaitsEntry] = {}


def _waits_entry(key: tuple[int, int, int, int]) -> _WaitsEntry:
    """Standard waits and thirteen-orphans waits of the hand made of these group patterns."""
    # Thirteen orphans waits need twelve or thirteen terminal and honor kinds held.
    kinds = sum(_orphan_info[pid][0] for pid in key)
    orphans = _orphans_waits([c for i in key for c in _patterns[i]]) if kinds >= 12 else ()
    standard = _standard_waits(key)
    found = (tuple(_TILES[t] for t in standard), tuple(_TILES[t] for t in orphans))
    if len(_waits_memo) >= _CACHE_LIMIT:
        _waits_memo.clear()
    _waits_memo[key] = found
    return found


def _standard_waits(key: tuple[int, int, int, int]) -> list[int]:
    """Waits of the four-sets-and-a-pair form, from the hand's group ids."""
    groups = [
        (lo, pid, honors)
        for lo, pid, honors in zip((0, 9, 18, 27), key, (False, False, False, True), strict=True)
    ]
    ones = [g for g in groups if _sizes[g[1]] % 3 == 1]
    twos = [g for g in groups if _sizes[g[1]] % 3 == 2]
    zeros = [g for g in groups if _sizes[g[1]] % 3 == 0]
    for _, pid, honors in zeros:
        if not _complete_id(pid, honors):
            return []
    if len(ones) == 1 and not twos:
        candidates = ones
    elif len(twos) == 2 and not ones:
        candidates = [
            g
            for g, other in ((twos[0], twos[1]), (twos[1], twos[0]))
            if _complete_id(other[1], other[2])
        ]
    else:
        return []
    found: list[int] = []
    for lo, pid, honors in candidates:
        # The canonical pattern object: memo keys share it instead of copying it.
        pattern = _patterns[pid]
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


_improving_memo: dict[tuple[tuple[int, int, int, int], int], tuple[int, ...]] = {}
_added_ids: dict[tuple[int, int], int] = {}
_group_improving_memo: dict[int, tuple[int, ...]] = {}


def _with_one_more(pid: int, rank: int) -> int:
    """Id of the pattern with one more tile of `rank`."""
    key = (pid, rank)
    found = _added_ids.get(key)
    if found is None:
        pattern = list(_patterns[pid])
        pattern[rank] += 1
        raw = bytes(pattern)
        ids = _honor_ids if len(pattern) == 7 else _suit_ids
        found = ids.get(raw) or _register(raw, ids)
        _added_ids[key] = found
    return found


def _grown_vectors(pid: int) -> int:
    """Id of the tuple of vector ids of the pattern with one more tile of each rank (0 where
    it holds four): all a group's draws need, shared by patterns that grow alike."""
    gid = _pid_grown[pid]
    if not gid:
        grown = tuple(
            _vector_of(_with_one_more(pid, rank)) if c < 4 else 0
            for rank, c in enumerate(_patterns[pid])
        )
        known = _grown_ids.get(grown)
        if known is None:
            with _lock:
                known = _grown_ids.get(grown)  # another thread may have got there first
                if known is None:
                    known = len(_grown_tuples)
                    _grown_tuples.append(grown)
                    _grown_ids[grown] = known  # published after its tuple
        gid = _pid_grown[pid] = known
    return gid


_grown_ids: dict[tuple[int, ...], int] = {}
_grown_tuples: list[tuple[int, ...]] = [()]  # ids start at 1 so a found id is never falsy


def _group_improving(pid: int, rest: int, slot: int, now: int) -> tuple[int, ...]:
    """Ranks of a group whose draw brings the standard distance below `now` + 1."""
    gid = _pid_grown[pid] or _grown_vectors(pid)
    # One int as the key (gid, rest, slot, now): these entries are many, so kept small.
    key = gid << 32 | rest << 8 | slot << 4 | now + 1
    found = _group_improving_memo.get(key)
    if found is None:
        merge = _merge_ids
        ranks = tuple(
            rank
            for rank, vid in enumerate(_grown_tuples[gid])
            if vid and _filled(merge(vid, rest))[slot] - 1 < now
        )
        found = _rank_sets.setdefault(ranks, ranks)
        if len(_group_improving_memo) >= _IMPROVING_LIMIT:
            _group_improving_memo.clear()
        _group_improving_memo[key] = found
    return found


_IMPROVING_LIMIT = 100_000
"""Entries of the per-group improvement memo (about 7 MB full): the bots' hottest table."""
_rank_sets: dict[tuple[int, ...], tuple[int, ...]] = {}
"""One shared tuple per set of ranks (at most 2**9)."""


def improving_kinds(counts: Counts, melds: int = 0) -> tuple[int, ...]:
    """Kinds whose draw lowers the shanten of a 13-tile (3n+1) hand (有效牌, ukeire).

    Standard form and thirteen orphans; never a fifth copy of a held kind. Only the group
    that receives the tile changes, so each group is tried against the other three merged.
    """
    key = _checked_ids(counts, melds, (0,))
    found = _improving_memo.get((key, melds))
    if found is not None:
        return found
    entry = _shanten_memo.get(key) or _shanten_entry(key)
    now = min(entry[melds], entry[5]) if melds == 0 else entry[melds]
    better = _improving_groups(key, melds, now, range(4))
    if melds == 0:
        paired = any(counts[i] >= 2 for i in _ORPHANS)
        for i in _ORPHANS:
            c = counts[i]
            if entry[5] - (c == 0 or (c == 1 and not paired)) < now:
                better.add(i)
    found = tuple(sorted(better))
    if len(_improving_memo) >= _CACHE_LIMIT:
        _improving_memo.clear()
    _improving_memo[(key, melds)] = found
    return found


def _improving_groups(
    key: tuple[int, int, int, int], melds: int, now: int, groups: Iterable[int]
) -> set[int]:
    """Kinds of these groups (indices into GROUPS) whose draw brings the standard form of
    the hand of these group ids below `now`; each group is tried against the others merged."""
    slot = 9 - melds
    vids = [_vector_of(pid) for pid in key]
    better: set[int] = set()
    for g in groups:
        lo = 9 * g
        others = [vids[i] for i in range(4) if i != g]
        rest = _merge_ids(_merge_ids(others[0], others[1]), others[2])
        better.update(lo + r for r in _group_improving(key[g], rest, slot, now))
    return better


def improving_kinds_within(counts: Counts, melds: int, groups: str) -> tuple[int, ...]:
    """Kinds whose draw lowers `shanten_within(counts, melds, groups)`: the 有效牌 of a
    13-tile hand toward a hand of those groups only (a flush), never a fifth copy."""
    key = _within_key(counts, melds, groups, (0,))
    entry = _shanten_memo.get(key) or _shanten_entry(key)
    kept = [g for g in range(4) if GROUPS[g] in groups]
    return tuple(sorted(_improving_groups(key, melds, entry[melds], kept)))


def _with_one_less(pid: int, rank: int) -> int:
    """Id of the pattern with one tile of `rank` fewer (kept by `_shrunk`, per pattern)."""
    pattern = list(_patterns[pid])
    pattern[rank] -= 1
    raw = bytes(pattern)
    ids = _honor_ids if len(pattern) == 7 else _suit_ids
    return ids.get(raw) or _register(raw, ids)


def _shrunk(pid: int) -> tuple[tuple[int, int, int], ...]:
    """(rank, pattern id, vector id) of the pattern with one tile fewer, for each held rank."""
    found = _pid_shrunk[pid]
    if found is None:
        found = tuple(
            (rank, less, _vector_of(less))
            for rank, c in enumerate(_patterns[pid])
            if c
            for less in (_with_one_less(pid, rank),)
        )
        _pid_shrunk[pid] = found
    return found


def discard_table(counts: Counts, melds: int = 0) -> list[tuple[Tile, int, tuple[int, ...] | None]]:
    """For each kind a 14-tile (3n+2) hand may discard: the shanten left and, for the
    discards that leave the lowest shanten, the kinds that would then improve the hand
    (有效牌; None for the others). Standard form and thirteen orphans.

    A discard changes only its own group, so each is tried against the other three
    merged, with every merge cached.
    """
    key = _checked_ids(counts, melds, (1,))
    slot = 9 - melds
    vids = [_pid_vectors[pid] or _vector_of(pid) for pid in key]
    merge = _merge_ids
    filled = _filled
    filled_by_id = _filled_by_id
    merged_ids = _merged
    # The other three groups merged, for a discard from each group.
    v0, v1, v2, v3 = vids
    m01, m23 = merge(v0, v1), merge(v2, v3)
    rests = (merge(m23, v1), merge(m23, v0), merge(m01, v3), merge(m01, v2))
    if melds == 0:
        orphans_now = _orphans_shanten_of(key)
    rows: list[tuple[int, int, int, int, int]] = []
    lowest = 99
    for g in range(4):
        pid = key[g]
        lo = _GROUP_STARTS[g]
        rest = rests[g]
        shrunk = _pid_shrunk[pid]
        for rank, less, less_vid in _shrunk(pid) if shrunk is None else shrunk:
            merged = merged_ids[less_vid]
            vid = merged[rest] if rest < len(merged) else 0
            now = (filled_by_id[vid] or filled(merge(less_vid, rest)))[slot] - 1
            tile = lo + rank
            if melds == 0:
                orphans = (
                    _orphans_after_discard(counts, tile, orphans_now)
                    if tile in _ORPHAN_SET
                    else orphans_now
                )
                if orphans < now:
                    now = orphans
            if now < lowest:
                lowest = now
            rows.append((tile, now, g, less, less_vid))
    out: list[tuple[Tile, int, tuple[int, ...] | None]] = []
    # For a draw into another group than the discard's: the improving kinds of each other
    # group, shared by the discards from one group that leave the same distance vector.
    others_of: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for tile, now, g, less, less_vid in rows:
        if now != lowest:
            out.append((_TILES[tile], now, None))
            continue
        ranks = _group_improving(less, rests[g], slot, now)
        by_group = others_of.get((g, less_vid))
        if by_group is None:
            by_group = [()] * 4
            for g2, x, y in _OTHER_DRAWS[g]:
                rest2 = merge(less_vid, merge(vids[x], vids[y]))
                by_group[g2] = _group_improving(key[g2], rest2, slot, now)
            others_of[g, less_vid] = by_group
        better: list[int] = []
        for g2 in range(4):
            lo2 = _GROUP_STARTS[g2]
            better.extend([lo2 + r for r in (ranks if g2 == g else by_group[g2])])
        if melds == 0:
            orphan = _orphans_after_discard(counts, tile, orphans_now)
            if orphan - 1 < now:  # a draw lowers the orphans shanten by one at most
                counts_after = list(counts)
                counts_after[tile] -= 1
                paired = any(counts_after[i] >= 2 for i in _ORPHANS)
                extra = [
                    i
                    for i in _ORPHANS
                    if orphan - (counts_after[i] == 0 or (counts_after[i] == 1 and not paired))
                    < now
                ]
                if extra:
                    better = sorted(set(better).union(extra))
        out.append((_TILES[tile], now, tuple(better)))
    return out


_GROUP_STARTS = (0, 9, 18, 27)
_UNTOUCHED = tuple(
    tuple(tuple(x for x in range(4) if x not in (g, g2)) for g2 in range(4)) for g in range(4)
)
"""For a discard from group g and a draw into group g2: the two groups neither touches."""
_OTHER_DRAWS = tuple(
    tuple((g2, *_UNTOUCHED[g][g2]) for g2 in range(4) if g2 != g) for g in range(4)
)
"""For a discard from group g: (g2, x, y) for each other group g2 a draw may go to, with
the two groups neither touches."""


def _orphans_after_discard(counts: Counts, tile: int, before: int) -> int:
    """Thirteen-orphans shanten after letting one tile go."""
    if tile not in _ORPHAN_SET:
        return before
    n = counts[tile]
    if n == 1:
        return before + 1
    if n == 2:
        pairs = sum(1 for i in _ORPHANS if counts[i] >= 2)
        return before + (pairs == 1)
    return before


_ORPHAN_SET = frozenset(_ORPHANS)
