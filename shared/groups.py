"""The one owner of the rules tables: every interned group pattern and distance vector,
and every fact kept about a group.

A hand's tiles fall into four groups, the three suits and the honours, each a pattern
of counts (shared/suit.py works a pattern's facts out). Each pattern met is interned
once and given an id; a hand is then four ids (`group_ids`), and every fact about a
group is kept once, by id, in the lists below: its distance vector for shanten, its
neighbours one tile up or down, whether it is complete, its waits, what the table's
quick claim tests and the fan counter need to know of it. Distance vectors are interned
too (a few hundred distinct), with their merges and fills. shared/analysis.py asks the
hand questions with these; the table engine keeps a seat's base-5 codes (below) tile by
tile for its quick win tests; shared/fan.py reads the facts scoring needs.

Fixed tables are made at import, or once under a lock (the suit table made ahead,
shared/suit_table.py, unpacked by shared/suit_index.py under its own). Threads: the
functions may be called from several threads at once (the quick game's host thread and
the client's hint share these tables). The
growing tables, which hand out ids (interned patterns and vectors, grown-vector tuples)
and the per-id lists kept beside them, change only under `_lock`, taken only to register
something new: every list gets its entry before the id is published in its lookup dict,
so a lock-free read that finds an id finds everything filed under it. The plain memo
dicts and per-id slots are written without the lock: each entry is an immutable value
worked out from immutable inputs, one store (atomic under the GIL), so a race at worst
works out the same value twice.
"""

from __future__ import annotations

import threading
from typing import Final

from shared import suit
from shared.errors import MahjongError
from shared.memo import named_memo, remember
from shared.patterns import is_nine_gates_pattern
from shared.suit import MAX_SUIT_TILES, Pattern, SuitReading
from shared.suit_index import table_vector as table_vector
from shared.suit_index import vector_index
from shared.suit_index import vectors as table_vectors
from shared.tiles import FIRST_HONOR, KINDS

Counts = list[int] | tuple[int, ...] | bytes
"""34 counts of the concealed tiles, index = Tile value."""
Key = tuple[int, int, int, int]
"""A hand's four group ids: characters, dots, bamboos, honours."""

_lock = threading.Lock()
"""Held to register something new in the tables that hand out ids (see the module
docstring); never held while calling anything that takes it again."""

GROUP_OF = tuple(min(tile // 9, 3) for tile in range(KINDS))
"""The group of each kind: 0–2 the suits, 3 the honours."""
RANK_OF = tuple(tile - 9 * GROUP_OF[tile] for tile in range(KINDS))
"""The place of each kind in its group's pattern."""
GROUP_STARTS: Final = (0, 9, 18, 27)


# --- interned patterns -------------------------------------------------------------

SUIT_IDS: Final[dict[bytes, int]] = {}
HONOR_IDS: Final[dict[bytes, int]] = {}
PATTERNS: list[bytes] = [b""]  # ids start at 1 so a found id is never falsy
"""Per pattern id: its counts, the very bytes object that is its key in SUIT_IDS or
HONOR_IDS (kept once: a tuple of each would be the tables' largest part)."""
SIZES: list[int] = [0]
ORPHAN_INFO: list[tuple[int, bool]] = [(0, False)]
"""Per pattern id: how many terminal or honor kinds it holds, and whether one is paired."""
PID_VECTORS: Final[list[int]] = [0]
"""Per pattern id: the id of its distance vector (0 until first needed)."""
PID_GROWN: Final[list[int]] = [0]
"""Per pattern id: the id of its grown vectors (`grown_vectors`; 0 until first needed)."""
PID_SHRUNK: Final[list[tuple[tuple[int, int, int], ...] | None]] = [None]
"""Per pattern id: `shrunk` of it (None until first needed)."""
_complete: list[bool | None] = [None]
"""Per pattern id: whether it reads as sets (and one pair if 3n+2); None until asked."""
_shape: list[int] = [-1]
"""Per pattern id: the facts of the quick claim tests (`shape_of`); -1 until asked."""
_waitmask: list[int] = [-1]
"""Per pattern id: `suit.waitmask` of it; -1 until asked."""
_suit_facts: list[SuitFacts | None] = [None]
_honor_facts: list[HonorFacts | None] = [None]
"""Per pattern id: what the fan counter reads of a suit or the honours (None until asked).
These lists grow together under `_lock` (`_register`); the slots first left empty are
filled later without it, each with the one value of its pattern."""


_ORPHAN_INFOS = tuple(((kinds, False), (kinds, True)) for kinds in range(8))
"""Every value of an ORPHAN_INFO entry, made once: the entries share them."""


def _register(key: bytes, ids: dict[bytes, int]) -> int:
    pattern = key
    if max(pattern) > 4:
        raise MahjongError(f"a count vector holds more than four of a kind: {list(pattern)}")
    values = pattern if ids is HONOR_IDS else pattern[0:9:8]
    info = _ORPHAN_INFOS[sum(1 for c in values if c)][any(c >= 2 for c in values)]
    with _lock:
        found = ids.get(key)  # another thread may have got there first
        if found is not None:
            return found
        pid = len(PATTERNS)
        PATTERNS.append(pattern)
        SIZES.append(sum(pattern))
        ORPHAN_INFO.append(info)
        PID_VECTORS.append(0)
        PID_GROWN.append(0)
        PID_SHRUNK.append(None)
        _complete.append(None)
        _shape.append(-1)
        _waitmask.append(-1)
        _suit_facts.append(None)
        _honor_facts.append(None)
        ids[key] = pid  # published last, its lists complete
    return pid


def suit_id(raw: bytes) -> int:
    """The id of a suit's nine counts."""
    return SUIT_IDS.get(raw) or _register(raw, SUIT_IDS)


def honor_id(raw: bytes) -> int:
    """The id of the honours' seven counts."""
    return HONOR_IDS.get(raw) or _register(raw, HONOR_IDS)


def group_ids(counts: Counts) -> Key:
    """Interned ids of the hand's three suit patterns and its honor pattern."""
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        raise MahjongError(f"a count vector holds 34 counts from 0 to 4: {counts!r}") from None
    if len(b) != KINDS:
        raise MahjongError(f"a count vector has {KINDS} entries, not {len(b)}")
    get = SUIT_IDS.get
    return (
        get(m := b[0:9]) or _register(m, SUIT_IDS),
        get(p := b[9:18]) or _register(p, SUIT_IDS),
        get(s := b[18:27]) or _register(s, SUIT_IDS),
        HONOR_IDS.get(h := b[27:34]) or _register(h, HONOR_IDS),
    )


def group_pattern(pid: int) -> Pattern:
    """The count pattern behind an id from `group_ids`."""
    return tuple(PATTERNS[pid])


NEIGHBOURS: dict[int, int] = {}
"""The id of the pattern one tile up or down (a plain memo), keyed by one int:
pattern id << 5 | rank << 1 | up (1 a tile in, 0 a tile out)."""
MOVES = tuple((GROUP_OF[t], RANK_OF[t] << 1, RANK_OF[t] << 1 | 1) for t in range(KINDS))
"""For a tile of each kind: its group, and the low bits of a NEIGHBOURS key for the tile
going out and coming in."""


def with_one_more(pid: int, rank: int) -> int:
    """Id of the pattern with one more tile of `rank`."""
    key = pid << 5 | rank << 1 | 1
    found = NEIGHBOURS.get(key)
    if found is None:
        found = NEIGHBOURS[key] = _moved(pid, rank, 1)
    return found


def with_one_less(pid: int, rank: int) -> int:
    """Id of the pattern with one tile of `rank` fewer."""
    key = pid << 5 | rank << 1
    found = NEIGHBOURS.get(key)
    if found is None:
        found = NEIGHBOURS[key] = _moved(pid, rank, -1)
    return found


def _moved(pid: int, rank: int, n: int) -> int:
    pattern = list(PATTERNS[pid])
    pattern[rank] += n
    if pattern[rank] < 0:
        raise MahjongError(f"no tile of rank {rank + 1} to take out of {list(PATTERNS[pid])}")
    raw = bytes(pattern)
    return honor_id(raw) if len(pattern) == 7 else suit_id(raw)


def moved(ids: list[int], tile: int, n: int) -> None:
    """Keep a hand's group ids up to date: `n` tiles of a kind in (n < 0: out)."""
    g = GROUP_OF[tile]
    rank = RANK_OF[tile]
    pid = ids[g]
    for _ in range(n):
        pid = with_one_more(pid, rank)
    for _ in range(-n):
        pid = with_one_less(pid, rank)
    ids[g] = pid


# --- facts of one group --------------------------------------------------------------


def complete(pid: int) -> bool:
    """Whether the group reads as sets (and one pair when its size is 3n+2)."""
    done = _complete[pid]
    if done is None:
        pattern = tuple(PATTERNS[pid])
        done = suit.honor_complete(pattern) if len(pattern) == 7 else suit.suit_complete(pattern)
        _complete[pid] = done
    return done


def waitmask(pid: int) -> int:
    """Bitmask of the ranks whose addition completes the group (never a fifth copy)."""
    mask = _waitmask[pid]
    if mask < 0:
        pattern = tuple(PATTERNS[pid])
        mask = _waitmask[pid] = suit.waitmask(pattern, len(pattern) == 7)
    return mask


_readings: dict[int, tuple[SuitReading, ...]] = {}
_chow_counts: dict[int, frozenset[int]] = {}
"""By pattern id (plain memos: asked only when scoring or listing readings)."""


def readings(pid: int) -> tuple[SuitReading, ...]:
    """Every reading of the group as sets (and a pair when 3n+2)."""
    found = _readings.get(pid)
    if found is None:
        pattern = tuple(PATTERNS[pid])
        honors = len(pattern) == 7
        found = suit.honor_readings(pattern) if honors else suit.suit_readings(pattern)
        _readings[pid] = found
    return found


_shared_chow_counts: dict[frozenset[int], frozenset[int]] = {}
"""One shared set for each distinct value (at most 2**5), as `_shared_suit_facts` and
`_shared_honor_facts` below keep one tuple for each distinct value: a few hundred values
met by tens of thousands of patterns (plain memos: `setdefault` hands every thread the
same object)."""


def chow_counts(pid: int) -> frozenset[int]:
    """How many chows the readings of a complete suit pattern hold."""
    found = _chow_counts.get(pid)
    if found is None:
        found = frozenset(len(r.chows) for r in readings(pid))
        found = _chow_counts[pid] = _shared_chow_counts.setdefault(found, found)
    return found


SHAPE_COMPLETE = 1
"""The group reads as sets (and one pair, when its size is 3n+2)."""
SHAPE_ORPHANS_ONLY = 2
"""The group holds only terminals (a suit) or honors."""
SHAPE_ODD_SHIFT = 2
"""The number of kinds held an odd number of times, stored from this bit up."""


def shape_of(pid: int) -> int:
    """The facts the table's quick claim tests read (`SHAPE_*`), in one int."""
    facts = _shape[pid]
    if facts < 0:
        pattern = PATTERNS[pid]
        orphans_only = len(pattern) == 7 or not any(pattern[1:8])
        odd = sum(c & 1 for c in pattern)
        facts = complete(pid) * SHAPE_COMPLETE | orphans_only * SHAPE_ORPHANS_ONLY
        facts |= odd << SHAPE_ODD_SHIFT
        _shape[pid] = facts
    return facts


def may_be_ready(ids: list[int] | Key, melds: int, seven_pairs: bool) -> bool:
    """False when no tile completes the hand of these group ids (13 - 3 × melds tiles)."""
    return _may_complete(ids, melds, seven_pairs, 1)


def may_be_win(ids: list[int] | Key, melds: int, seven_pairs: bool) -> bool:
    """False when the hand of these group ids (14 - 3 × melds tiles) is surely not complete."""
    return _may_complete(ids, melds, seven_pairs, 0)


def _may_complete(ids: list[int] | Key, melds: int, seven_pairs: bool, short: int) -> bool:
    m, p, s, h = ids
    fm, fp, fs, fh = _shape[m], _shape[p], _shape[s], _shape[h]
    if fm < 0 or fp < 0 or fs < 0 or fh < 0:
        fm, fp, fs, fh = shape_of(m), shape_of(p), shape_of(s), shape_of(h)
    return _may_complete_facts(fm, fp, fs, fh, melds, seven_pairs, short)


def _may_complete_facts(
    fm: int, fp: int, fs: int, fh: int, melds: int, seven_pairs: bool, short: int
) -> bool:
    """`short` tiles (0 or 1) from complete, as far as the groups' facts (`shape_of`) tell:
    the table's quick test before the exact analysis. A hand of random tiles is almost
    never one tile from complete, and telling that from a few facts about each group costs
    a fraction of working out its waits; this says "impossible" only when no win can exist.

    One tile changes one group, so a standard win needs every other group complete
    already; thirteen orphans holds nothing else; seven pairs as many odd kinds as the
    tiles missing.
    """
    done = (
        (fm & SHAPE_COMPLETE)
        + (fp & SHAPE_COMPLETE)
        + (fs & SHAPE_COMPLETE)
        + (fh & SHAPE_COMPLETE)
    )
    if done >= 4 - short:
        return True
    if melds:
        return False
    if fm & fp & fs & SHAPE_ORPHANS_ONLY:
        return True
    odd = (
        (fm >> SHAPE_ODD_SHIFT)
        + (fp >> SHAPE_ODD_SHIFT)
        + (fs >> SHAPE_ODD_SHIFT)
        + (fh >> SHAPE_ODD_SHIFT)
    )
    return seven_pairs and odd == short


# --- a hand's groups as base-5 codes: the table's quick tests -------------------------

# Why codes, not ids, on the table's hot path: ids were kept through NEIGHBOURS, a dict of
# tens of thousands of int keys read at random twice a turn, cache misses each (bench
# README, "The random bot and the step made cheap"). A base-5 code changes by one addition
# a tile, and the quick tests' facts are one byte of a fixed table indexed by it.
CODE_BITS = 21
"""Bits of one suit's code in a hand's suit code (5**9 < 2**21)."""
CODE_MASK = (1 << CODE_BITS) - 1
CODE_STEPS = tuple(
    5 ** RANK_OF[t] << CODE_BITS * GROUP_OF[t] if t < FIRST_HONOR else 5 ** RANK_OF[t]
    for t in range(KINDS)
)
"""For a tile of each kind: what one more of it adds to the hand's suit code (the three
suits, CODE_BITS each, characters lowest) or, an honour, to its honour code."""
_KNOWN = 0x80
"""Set in a shape byte once worked out (a shape, `shape_of`, needs 6 bits)."""
_SUIT_SHAPES = bytearray(5**9)
_HONOR_SHAPES = bytearray(5**7)
"""By a suit's (an honour group's) code: its `shape_of` | _KNOWN; 0 until first asked
(about 2 MB, written without the lock: one byte, the one value of its pattern)."""


def group_codes(counts: Counts) -> tuple[int, int]:
    """The hand's suit code and honour code (see CODE_STEPS); MahjongError if `counts` is
    not 34 counts from 0 to 4."""
    if len(counts) != KINDS or not all(0 <= c <= 4 for c in counts):
        raise MahjongError(f"a count vector holds 34 counts from 0 to 4: {list(counts)!r}")
    suits = honours = 0
    for t in range(KINDS):
        if t < FIRST_HONOR:
            suits += counts[t] * CODE_STEPS[t]
        else:
            honours += counts[t] * CODE_STEPS[t]
    return suits, honours


def _shape_of_code(code: int, size: int) -> int:
    """`shape_of` the group of `size` kinds whose code is `code`, kept by code."""
    pattern = bytearray(size)
    rest = code
    for rank in range(size):
        rest, pattern[rank] = divmod(rest, 5)
    raw = bytes(pattern)
    facts = shape_of(honor_id(raw) if size == 7 else suit_id(raw))
    (_HONOR_SHAPES if size == 7 else _SUIT_SHAPES)[code] = facts | _KNOWN
    return facts


def may_complete_codes(
    suits: int, honours: int, melds: int, seven_pairs: bool, short: int
) -> bool:
    """`may_be_ready` (short 1) or `may_be_win` (short 0) of a hand given by its codes."""
    fm = _SUIT_SHAPES[suits & CODE_MASK]
    fp = _SUIT_SHAPES[suits >> CODE_BITS & CODE_MASK]
    fs = _SUIT_SHAPES[suits >> 2 * CODE_BITS]
    fh = _HONOR_SHAPES[honours]
    if fm & fp & fs & fh & _KNOWN:
        fm, fp, fs, fh = fm ^ _KNOWN, fp ^ _KNOWN, fs ^ _KNOWN, fh ^ _KNOWN
    else:
        fm = _shape_of_code(suits & CODE_MASK, 9)
        fp = _shape_of_code(suits >> CODE_BITS & CODE_MASK, 9)
        fs = _shape_of_code(suits >> 2 * CODE_BITS, 9)
        fh = _shape_of_code(honours, 7)
    return _may_complete_facts(fm, fp, fs, fh, melds, seven_pairs, short)


SuitFacts = tuple[bool, bool, bool, bool, bool, frozenset[int], bool]
HonorFacts = tuple[bool, int, int | None, bool, bool]


_shared_suit_facts: dict[SuitFacts, SuitFacts] = {}
_shared_honor_facts: dict[HonorFacts, HonorFacts] = {}


def suit_facts(pid: int) -> SuitFacts:
    """What scoring reads of a suit: (present, simples, terminals, complete, holds the
    pair, chow counts, nine gates)."""
    found = _suit_facts[pid]
    if found is None:
        pattern = PATTERNS[pid]
        residue = SIZES[pid] % 3
        done = residue != 1 and complete(pid)
        found = (
            any(pattern),
            any(pattern[1:8]),
            bool(pattern[0] or pattern[8]),
            done,
            residue == 2,
            chow_counts(pid) if done else frozenset(),
            is_nine_gates_pattern(tuple(pattern)),
        )
        found = _suit_facts[pid] = _shared_suit_facts.setdefault(found, found)
    return found


def honor_facts(pid: int) -> HonorFacts:
    """What scoring reads of the honours: (present, pung bitmask, the pair kind, complete,
    holds the pair)."""
    found = _honor_facts[pid]
    if found is None:
        pattern = PATTERNS[pid]
        pairs = [FIRST_HONOR + i for i, c in enumerate(pattern) if c == 2]
        found = (
            any(pattern),
            sum(1 << i for i, c in enumerate(pattern) if c == 3),
            pairs[0] if len(pairs) == 1 else None,
            complete(pid),
            SIZES[pid] % 3 == 2,
        )
        found = _honor_facts[pid] = _shared_honor_facts.setdefault(found, found)
    return found


# --- interned distance vectors (shanten) ---------------------------------------------

VECTORS: Final[list[tuple[int, ...]]] = [()]  # ids start at 1 so a cached id is never falsy
_vector_ids: dict[tuple[int, ...], int] = {}
MERGED: Final[list[list[int]]] = [[]]
"""Per vector id: the id of its merge with each other vector id (0: not worked out yet).
Lists, not a dict: distinct vectors are a few hundred, and the bots merge constantly.
Rows grow under `_lock`; read without it (a row only grows, an entry only goes from 0 to
the one id of its merge)."""
FILLED: Final[list[tuple[int, ...] | None]] = [None]
"""Per vector id: `suit.fill` of it (None until first needed)."""


def intern(vector: tuple[int, ...]) -> int:
    vid = _vector_ids.get(vector)
    if vid is None:
        with _lock:
            vid = _vector_ids.get(vector)  # another thread may have got there first
            if vid is None:
                vid = len(VECTORS)
                if vid >= 1 << 24:  # memo keys pack a vector id in 24 bits (a few hundred)
                    raise MahjongError("too many distinct distance vectors")
                VECTORS.append(vector)
                MERGED.append([])
                FILLED.append(None)
                _vector_ids[vector] = vid  # published last, its lists complete
    return vid


def merge_ids(a: int, b: int) -> int:
    row = MERGED[a]
    if b < len(row):
        vid = row[b]
        if vid:
            return vid
    vid = intern(suit.merge(VECTORS[a], VECTORS[b]))
    with _lock:
        for x, y in ((a, b), (b, a)):
            row = MERGED[x]
            if y >= len(row):
                row.extend([0] * (y + 1 - len(row)))
            row[y] = vid
    return vid


def filled(vid: int) -> tuple[int, ...]:
    distances = FILLED[vid]
    if distances is None:
        distances = FILLED[vid] = suit.fill(VECTORS[vid])
    return distances


def vector_of(pid: int) -> int:
    """The id of a group's distance vector."""
    vid = PID_VECTORS[pid]
    if not vid:
        pattern = tuple(PATTERNS[pid])
        honors = len(pattern) == 7
        vid = intern(suit.honor_distances(pattern)) if honors else _suit_vector(pattern)
        PID_VECTORS[pid] = vid
    return vid


def _suit_vector(pattern: Pattern) -> int:
    """Distance vector id of a suit pattern: read from the table made ahead
    (shared/suit_index.py), worked out only past its size."""
    if sum(pattern) > MAX_SUIT_TILES:
        return intern(suit.suit_distances(pattern))
    index = vector_index(pattern)
    vid = _TABLE_VIDS[index]  # the table's vectors are interned once each, by index
    if not vid:
        vid = _TABLE_VIDS[index] = intern(table_vectors()[index])
    return vid


_TABLE_VIDS: Final[list[int]] = [0] * 256
"""By the index of a vector in the suit table (one byte): its vector id (0: not yet)."""


# --- a group's draws and discards ----------------------------------------------------

_grown_ids: dict[tuple[int, ...], int] = {}
GROWN_TUPLES: Final[list[tuple[int, ...]]] = [()]  # ids start at 1 so a found id is never falsy


def grown_vectors(pid: int) -> int:
    """Id of the tuple of vector ids of the pattern with one more tile of each rank (0 where
    it holds four): all a group's draws need, shared by patterns that grow alike."""
    gid = PID_GROWN[pid]
    if not gid:
        pattern = PATTERNS[pid]
        grown = tuple(
            _grown_vector(pattern, rank) if c < 4 else 0 for rank, c in enumerate(pattern)
        )
        known = _grown_ids.get(grown)
        if known is None:
            with _lock:
                known = _grown_ids.get(grown)  # another thread may have got there first
                if known is None:
                    known = len(GROWN_TUPLES)
                    GROWN_TUPLES.append(grown)
                    _grown_ids[grown] = known  # published after its tuple
        gid = PID_GROWN[pid] = known
    return gid


def _grown_vector(pattern: bytes, rank: int) -> int:
    """`vector_of` the pattern with one more tile of `rank`, not interned if new: most of
    a group's draws are never held, and interning files a dozen facts for each."""
    raw = bytearray(pattern)
    raw[rank] += 1
    key = bytes(raw)
    honors = len(key) == 7
    pid = (HONOR_IDS if honors else SUIT_IDS).get(key)
    if pid:
        return vector_of(pid)
    grown = tuple(key)
    return intern(suit.honor_distances(grown)) if honors else _suit_vector(grown)


def shrunk(pid: int) -> tuple[tuple[int, int, int], ...]:
    """(rank, pattern id, vector id) of the pattern with one tile fewer, for each held rank."""
    found = PID_SHRUNK[pid]
    if found is None:
        found = tuple(
            (rank, less, vector_of(less))
            for rank, c in enumerate(PATTERNS[pid])
            if c
            for less in (with_one_less(pid, rank),)
        )
        PID_SHRUNK[pid] = found
    return found


_IMPROVING_LIMIT: Final = 100_000
"""Entries of the per-group improvement memo (about 7 MB full): the bots' hottest table."""
_group_improving_memo: Final[dict[int, tuple[int, ...]]] = named_memo(
    "groups.group_improving", {}, _IMPROVING_LIMIT
)
_rank_sets: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
"""One shared tuple per set of ranks (at most 2**9)."""


def group_improving(pid: int, rest: int, slot: int, now: int) -> tuple[int, ...]:
    """Ranks of a group whose draw brings the standard distance below `now` + 1, against
    the other groups merged into vector `rest`."""
    gid = PID_GROWN[pid] or grown_vectors(pid)
    # One int as the key (gid, rest, slot, now): these entries are many, so kept small.
    key = gid << 32 | rest << 8 | slot << 4 | now + 1
    found = _group_improving_memo.get(key)
    if found is None:
        ranks = tuple(
            rank
            for rank, vid in enumerate(GROWN_TUPLES[gid])
            if vid and filled(merge_ids(vid, rest))[slot] - 1 < now
        )
        found = remember(
            _group_improving_memo, _IMPROVING_LIMIT, key, _rank_sets.setdefault(ranks, ranks)
        )
    return found
