"""The hand questions, on 34-count vectors: win detection, readings, waiting tiles,
shanten, 有效牌 (the draws that improve a hand) and the discard table.

A count vector holds the player's concealed tiles (the winning or drawn tile included);
`melds` says how many sets the player has laid down, so the concealed part must make
`4 - melds` sets and a pair.

Each suit of a hand is independent: a hand is complete when every suit (and the honors)
is complete, and its waits are the ranks that complete the one suit that is not. So a
hand is asked about as its four group ids (shared/groups.py, the one owner of every
interned pattern, distance vector and per-group fact; shared/suit.py works one group's
facts out). What is kept here are the bounded whole-hand caches, keyed by the four ids
(and `shanten`'s own, by the 34 counts as bytes): plain memos, written without a lock
(each entry one immutable value worked out from immutable inputs, one store, atomic
under the GIL; see shared/groups.py on threads). Their entries are shared: one tuple for
each distinct value (`_entries`, `_waits_entries`), since a few hundred values fill tens
of thousands of entries.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import product
from typing import Final

from shared.errors import MahjongError
from shared.groups import (
    FILLED,
    GROUP_STARTS,
    MERGED,
    ORPHAN_INFO,
    PATTERNS,
    PID_SHRUNK,
    PID_VECTORS,
    SIZES,
    Counts,
    Key,
    complete,
    filled,
    group_ids,
    group_improving,
    group_pattern,
    honor_id,
    merge_ids,
    shrunk,
    suit_id,
    vector_of,
    waitmask,
)
from shared.groups import chow_counts as _group_chow_counts
from shared.groups import readings as _group_readings
from shared.memo import named_memo, remember
from shared.suit import MAX_SUIT_TILES, Pattern, SuitReading, pattern_rank, suit_distances
from shared.tiles import KINDS, TERMINALS_AND_HONORS, Tile

__all__ = [
    "GROUPS",
    "MAX_SUIT_TILES",
    "Counts",
    "Pattern",
    "Reading",
    "SuitReading",
    "chow_counts",
    "discard_ranking",
    "discard_table",
    "group_ids",
    "group_pattern",
    "honor_complete",
    "improving_kinds",
    "improving_kinds_within",
    "is_seven_pairs",
    "is_standard_win",
    "is_thirteen_orphans",
    "is_win",
    "orphans_shanten",
    "pattern_rank",
    "readings",
    "seven_pairs_shanten",
    "shanten",
    "shanten_within",
    "standard_shanten",
    "suit_chow_counts",
    "suit_complete",
    "suit_distances",
    "wait_kinds",
    "waits",
]

_ORPHANS: Final = tuple(int(t) for t in TERMINALS_AND_HONORS)
_TILES: Final = tuple(Tile(k) for k in range(KINDS))
"""Tile members by value: indexing beats calling the enum."""
_CACHE_LIMIT: Final = 20_000
"""Entries of each whole-hand cache before it is cleared (bounds a long-running host)."""


# --- shanten of a whole hand ---------------------------------------------------------

_shanten_memo: dict[Key, tuple[int, ...]] = named_memo("analysis.shanten", {}, _CACHE_LIMIT)


def _orphans_shanten_of(key: Key) -> int:
    """Thirteen-orphans shanten of the hand of these group ids."""
    kinds = 0
    pair = False
    for pid in key:
        k, has_pair = ORPHAN_INFO[pid]
        kinds += k
        pair = pair or has_pair
    return 13 - kinds - pair


def _shanten_entry(key: Key) -> tuple[int, ...]:
    """Standard shanten for 0–4 melds (entries 0–4), thirteen-orphans shanten, tile count."""
    found = _shanten_memo.get(key)
    if found is None:
        found = remember(_shanten_memo, _CACHE_LIMIT, key, _work_out_entry(key))
    return found


_entries: dict[tuple[int, ...], tuple[int, ...]] = {}
"""One shared tuple for each distinct entry (a few hundred; plain, like groups'
`_rank_sets`): both whole-hand caches hold tens of thousands of them."""


def _work_out_entry(key: Key) -> tuple[int, ...]:
    """`_shanten_entry` of these group ids, kept in no whole-hand cache."""
    m, p, s, h = key
    vid = merge_ids(
        merge_ids(vector_of(m), vector_of(p)),
        merge_ids(vector_of(s), vector_of(h)),
    )
    distances = filled(vid)
    found = (
        *(distances[9 - melds] - 1 for melds in range(5)),
        _orphans_shanten_of(key),
        SIZES[m] + SIZES[p] + SIZES[s] + SIZES[h],
    )
    return _entries.setdefault(found, found)


_by_counts: dict[bytes, tuple[int, ...]] = named_memo("analysis.by_counts", {}, _CACHE_LIMIT)
"""`shanten`'s own whole-hand cache: the entry of `_shanten_entry`, keyed by the hand's 34
counts as bytes. `shanten` is the bots' and the table's most frequent question, and one
look-up by the bytes it makes anyway skips cutting them into four groups and finding
their ids (and, compiled, boxing the four ids into a tuple key): about half its time."""


def _counts_entry(b: bytes) -> tuple[int, ...]:
    """The entry of the hand of these 34 counts, kept in `_by_counts` (a miss there)."""
    if len(b) != KINDS:
        raise MahjongError(f"a count vector has {KINDS} entries, not {len(b)}")
    key = group_ids(b)
    found = _shanten_memo.get(key) or _work_out_entry(key)
    return remember(_by_counts, _CACHE_LIMIT, b, found)


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


def _checked_ids(counts: Counts, melds: int, extra: tuple[int, ...]) -> Key:
    """Group ids of a hand whose size fits `melds`; raise MahjongError naming what is off."""
    if melds.__class__ is not int or not 0 <= melds <= 4:
        raise MahjongError(f"a hand has 0 to 4 melds, not {melds!r}")
    key = group_ids(counts)
    sizes = SIZES
    size = sizes[key[0]] + sizes[key[1]] + sizes[key[2]] + sizes[key[3]]
    if size - 13 + 3 * melds not in extra:
        _check_size(size, melds, extra)
    return key


def _entry(counts: Counts, melds: int, extra: tuple[int, ...]) -> tuple[int, ...]:
    key = _checked_ids(counts, melds, extra)
    return _shanten_memo.get(key) or _shanten_entry(key)


def _standard_win_of(key: Key) -> bool:
    """All four groups complete, exactly one of them holding the pair."""
    sizes = SIZES
    if (sizes[key[0]] % 3 == 2) + (sizes[key[1]] % 3 == 2) + (sizes[key[2]] % 3 == 2) + (
        sizes[key[3]] % 3 == 2
    ) != 1:
        return False
    return complete(key[0]) and complete(key[1]) and complete(key[2]) and complete(key[3])


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
) -> Key:
    """The group ids of the hand with every group not in `groups` emptied."""
    full = _checked_ids(counts, melds, extra)
    unknown = set(groups) - set(GROUPS)
    if unknown or not groups:
        raise MahjongError(f"groups are letters of {''.join(GROUPS)!r}, not {groups!r}")
    empty = (suit_id(bytes(9)),) * 3 + (honor_id(bytes(7)),)
    m, p, s, h = (full[g] if GROUPS[g] in groups else empty[g] for g in range(4))
    return (m, p, s, h)


def orphans_shanten(counts: Counts) -> int:
    """Shanten toward 十三幺 thirteen orphans (a fully concealed hand only)."""
    key = group_ids(counts)
    return (_shanten_memo.get(key) or _shanten_entry(key))[5]


def seven_pairs_shanten(counts: Counts) -> int:
    """Shanten toward 七对 seven pairs; four of a kind counts as two pairs (豪华七对)."""
    pairs = sum(c // 2 for c in counts)
    return 6 - min(pairs, 7)


def shanten(counts: Counts, melds: int = 0, seven_pairs: bool = False) -> int:
    """The smallest shanten over the winning forms these rules allow."""
    # The checks of _checked_ids inlined, and a cache of its own: the bots' hottest call.
    if melds.__class__ is not int or not 0 <= melds <= 4:
        raise MahjongError(f"a hand has 0 to 4 melds, not {melds!r}")
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        raise MahjongError(f"a count vector holds 34 counts from 0 to 4: {counts!r}") from None
    entry = _by_counts.get(b) or _counts_entry(b)  # only 34 counts were ever kept there
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
    return _standard_win_of(group_ids(counts))


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
_waits_memo: dict[Key, _WaitsEntry] = named_memo("analysis.waits", {}, _CACHE_LIMIT)
_waits_entries: dict[tuple[tuple[int, ...], tuple[int, ...]], _WaitsEntry] = {}
"""One shared entry for each distinct pair of wait lists (plain, like `_entries`)."""


def _waits_entry(key: Key) -> _WaitsEntry:
    """Standard waits and thirteen-orphans waits of the hand made of these group patterns."""
    # Thirteen orphans waits need twelve or thirteen terminal and honor kinds held.
    kinds = sum(ORPHAN_INFO[pid][0] for pid in key)
    orphans = _orphans_waits([c for i in key for c in PATTERNS[i]]) if kinds >= 12 else ()
    standard = _standard_waits(key)
    kinds_key = (tuple(standard), tuple(orphans))
    found = _waits_entries.get(kinds_key)
    if found is None:
        found = (tuple(_TILES[t] for t in standard), tuple(_TILES[t] for t in orphans))
        found = _waits_entries.setdefault(kinds_key, found)
    return remember(_waits_memo, _CACHE_LIMIT, key, found)


def _standard_waits(key: Key) -> list[int]:
    """Waits of the four-sets-and-a-pair form, from the hand's group ids."""
    groups = list(zip(GROUP_STARTS, key, strict=True))
    ones = [g for g in groups if SIZES[g[1]] % 3 == 1]
    twos = [g for g in groups if SIZES[g[1]] % 3 == 2]
    zeros = [g for g in groups if SIZES[g[1]] % 3 == 0]
    for _, pid in zeros:
        if not complete(pid):
            return []
    if len(ones) == 1 and not twos:
        candidates = ones
    elif len(twos) == 2 and not ones:
        candidates = [
            g
            for g, other in ((twos[0], twos[1]), (twos[1], twos[0]))
            if complete(other[1])
        ]
    else:
        return []
    found: list[int] = []
    for lo, pid in candidates:
        mask = waitmask(pid)
        found.extend(lo + r for r in range(len(PATTERNS[pid])) if mask >> r & 1)
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
    for lo, pid in zip(GROUP_STARTS, group_ids(counts), strict=True):
        options = _group_readings(pid)
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


def _pattern_id(pattern: Pattern, size: int) -> int:
    if len(pattern) != size:
        raise MahjongError(f"a group pattern has {size} counts, not {len(pattern)}: {pattern!r}")
    try:
        raw = bytes(pattern)
    except (TypeError, ValueError):
        raise MahjongError(f"a group pattern holds counts from 0 to 4: {pattern!r}") from None
    return suit_id(raw) if size == 9 else honor_id(raw)


def suit_complete(pattern: Pattern) -> bool:
    """True when a suit's nine counts read entirely as sets (and one pair if 3n+2)."""
    return complete(_pattern_id(pattern, 9))


def honor_complete(pattern: Pattern) -> bool:
    """True when the seven honor counts are pungs and at most one pair."""
    return complete(_pattern_id(pattern, 7))


def suit_chow_counts(pattern: Pattern) -> frozenset[int]:
    """How many chows the readings of a complete suit pattern hold."""
    return _group_chow_counts(_pattern_id(pattern, 9))


def chow_counts(counts: Counts) -> frozenset[int]:
    """The numbers of concealed chows over every standard reading (empty if none).

    Scoring needs no more of a reading than this: a complete concealed part of n sets
    read with c chows holds n - c pungs, and honors are always pungs.
    """
    key = group_ids(counts)
    if not _standard_win_of(key):
        return frozenset()
    totals = {0}
    for pid in key[:3]:
        options = _group_chow_counts(pid)
        totals = {t + o for t in totals for o in options}
        if not totals:
            return frozenset()
    return frozenset(totals)


_improving_memo: dict[tuple[Key, int], tuple[int, ...]] = named_memo(
    "analysis.improving", {}, _CACHE_LIMIT
)


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
    return remember(_improving_memo, _CACHE_LIMIT, (key, melds), tuple(sorted(better)))


def _improving_groups(
    key: Key, melds: int, now: int, groups: Iterable[int]
) -> set[int]:
    """Kinds of these groups (indices into GROUPS) whose draw brings the standard form of
    the hand of these group ids below `now`; each group is tried against the others merged."""
    slot = 9 - melds
    vids = [vector_of(pid) for pid in key]
    better: set[int] = set()
    for g in groups:
        lo = 9 * g
        others = [vids[i] for i in range(4) if i != g]
        rest = merge_ids(merge_ids(others[0], others[1]), others[2])
        better.update(lo + r for r in group_improving(key[g], rest, slot, now))
    return better


def improving_kinds_within(counts: Counts, melds: int, groups: str) -> tuple[int, ...]:
    """Kinds whose draw lowers `shanten_within(counts, melds, groups)`: the 有效牌 of a
    13-tile hand toward a hand of those groups only (a flush), never a fifth copy."""
    key = _within_key(counts, melds, groups, (0,))
    entry = _shanten_memo.get(key) or _shanten_entry(key)
    kept = [g for g in range(4) if GROUPS[g] in groups]
    return tuple(sorted(_improving_groups(key, melds, entry[melds], kept)))


def discard_table(counts: Counts, melds: int = 0) -> list[tuple[Tile, int, tuple[int, ...] | None]]:
    """For each kind a 14-tile (3n+2) hand may discard: the shanten left and, for the
    discards that leave the lowest shanten, the kinds that would then improve the hand
    (有效牌; None for the others). Standard form and thirteen orphans.

    A discard changes only its own group, so each is tried against the other three
    merged, with every merge cached.
    """
    rows, lowest, key, vids, rests, slot, orphans_now = _discard_rows(counts, melds)
    out: list[tuple[Tile, int, tuple[int, ...] | None]] = []
    # For a draw into another group than the discard's: the improving kinds of each other
    # group, shared by the discards from one group that leave the same distance vector.
    others_of: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for tile, now, g, less, less_vid in rows:
        if now != lowest:
            out.append((_TILES[tile], now, None))
            continue
        ranks = group_improving(less, rests[g], slot, now)
        by_group = others_of.get((g, less_vid))
        if by_group is None:
            by_group = others_of[g, less_vid] = _other_improving(key, vids, g, less_vid, slot, now)
        better: list[int] = []
        for g2 in range(4):
            lo2 = GROUP_STARTS[g2]
            better.extend([lo2 + r for r in (ranks if g2 == g else by_group[g2])])
        if orphans_now - 1 < lowest:  # else no discard gains orphan draws (discard_ranking)
            extra = _orphan_draws(counts, tile, orphans_now, now)
            if extra:
                better = sorted(set(better).union(extra))
        out.append((_TILES[tile], now, tuple(better)))
    return out


def discard_ranking(counts: Counts, melds: int, unseen: Counts) -> list[tuple[Tile, int, int]]:
    """`discard_table` as a bot ranks it: for each discard the shanten left and, for those
    that leave the lowest, how many improving tiles are live (the sum of `unseen` over the
    improving kinds; 0 for the other discards). The same answer as summing `unseen` over
    `discard_table`'s kinds, without building them: the bots' hottest call."""
    rows, lowest, key, vids, rests, slot, orphans_now = _discard_rows(counts, melds)
    # Read as a list: compiled, indexing `Counts` (a union) is a generic look-up that
    # boxes the index, where a list's is a direct read (the bots pass lists).
    live_of: list[int] = unseen if isinstance(unseen, list) else list(unseen)
    out: list[tuple[Tile, int, int]] = []
    # Live improving tiles in the other groups, by discard group and distance vector left
    # (one int as the key: g << 24 | vector id, ids being under 2**24).
    others_live: dict[int, int] = {}
    # Letting a tile go never lowers the thirteen-orphans shanten and a draw lowers it by
    # one at most: unless it is within one of the lowest, no discard gains orphan draws.
    orphan_draws = melds == 0 and orphans_now - 1 < lowest
    for tile, now, g, less, less_vid in rows:
        if now != lowest:
            out.append((_TILES[tile], now, 0))
            continue
        lo = GROUP_STARTS[g]
        ranks = group_improving(less, rests[g], slot, now)
        live = 0
        for r in ranks:
            live += live_of[lo + r]
        rest_live = others_live.get(g << 24 | less_vid)
        if rest_live is None:
            rest_live = 0
            for g2, x, y in _OTHER_DRAWS[g]:
                lo2 = GROUP_STARTS[g2]
                rest2 = merge_ids(less_vid, merge_ids(vids[x], vids[y]))
                for r in group_improving(key[g2], rest2, slot, now):
                    rest_live += live_of[lo2 + r]
            others_live[g << 24 | less_vid] = rest_live
        live += rest_live
        if orphan_draws:
            extra = _orphan_draws(counts, tile, orphans_now, now)
            if extra:  # terminals and honors the standard form does not count already
                by_group = _other_improving(key, vids, g, less_vid, slot, now)
                standard = {lo + r for r in ranks}
                for g2 in range(4):
                    standard.update(GROUP_STARTS[g2] + r for r in by_group[g2])
                live += sum(live_of[i] for i in extra if i not in standard)
        out.append((_TILES[tile], now, live))
    return out


def _discard_rows(
    counts: Counts, melds: int
) -> tuple[list[tuple[int, int, int, int, int]], int, Key, list[int], tuple[int, ...], int, int]:
    """Each discard's (tile, shanten left, group, pattern left, its vector), the lowest
    shanten, and what the improving kinds are then worked out from."""
    key = _checked_ids(counts, melds, (1,))
    slot = 9 - melds
    vids = [PID_VECTORS[pid] or vector_of(pid) for pid in key]
    # No local aliases of functions here: compiled, a call through a local is a generic
    # Python call (its ints boxed), where a named module function is a direct C call.
    filled_by_id = FILLED
    merged_ids = MERGED
    # The other three groups merged, for a discard from each group.
    v0, v1, v2, v3 = vids
    m01, m23 = merge_ids(v0, v1), merge_ids(v2, v3)
    rests = (merge_ids(m23, v1), merge_ids(m23, v0), merge_ids(m01, v3), merge_ids(m01, v2))
    orphans_now = _orphans_shanten_of(key) if melds == 0 else 99
    # A discard never lowers the thirteen-orphans shanten, and the standard one of 13
    # tiles is at most 8: from 8 up, thirteen orphans never gives a discard its shanten.
    orphans_may = orphans_now < 8
    rows: list[tuple[int, int, int, int, int]] = []
    lowest = 99
    for g in range(4):
        pid = key[g]
        lo = GROUP_STARTS[g]
        rest = rests[g]
        less_ones = PID_SHRUNK[pid]
        for rank, less, less_vid in shrunk(pid) if less_ones is None else less_ones:
            merged = merged_ids[less_vid]
            vid = merged[rest] if rest < len(merged) else 0
            now = (filled_by_id[vid] or filled(merge_ids(less_vid, rest)))[slot] - 1
            tile = lo + rank
            if orphans_may:
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
    return rows, lowest, key, vids, rests, slot, orphans_now


def _other_improving(
    key: Key, vids: list[int], g: int, less_vid: int, slot: int, now: int
) -> list[tuple[int, ...]]:
    """For a discard from group g leaving vector `less_vid`: the improving ranks of each
    other group (() for g itself)."""
    by_group: list[tuple[int, ...]] = [()] * 4
    for g2, x, y in _OTHER_DRAWS[g]:
        rest2 = merge_ids(less_vid, merge_ids(vids[x], vids[y]))
        by_group[g2] = group_improving(key[g2], rest2, slot, now)
    return by_group


def _orphan_draws(counts: Counts, tile: int, orphans_now: int, now: int) -> list[int]:
    """The terminals and honors whose draw, after discarding `tile` from a hand without
    melds, would bring thirteen orphans below `now` (most often none)."""
    orphan = _orphans_after_discard(counts, tile, orphans_now)
    if orphan - 1 >= now:  # a draw lowers the orphans shanten by one at most
        return []
    counts_after = list(counts)
    counts_after[tile] -= 1
    paired = any(counts_after[i] >= 2 for i in _ORPHANS)
    return [
        i
        for i in _ORPHANS
        if orphan - (counts_after[i] == 0 or (counts_after[i] == 1 and not paired)) < now
    ]


_UNTOUCHED = tuple(
    tuple(tuple(x for x in range(4) if x not in (g, g2)) for g2 in range(4)) for g in range(4)
)
"""For a discard from group g and a draw into group g2: the two groups neither touches."""
_OTHER_DRAWS: Final = tuple(
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


_ORPHAN_SET: Final = frozenset(_ORPHANS)
