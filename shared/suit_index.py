"""The suit table made ahead (shared/suit_table.py), unpacked on first use: every suit
pattern's distance vector by its place in `pattern_rank` order.

Split out of shared/groups.py, which interns the vectors it reads here. Threads: the
index is unpacked once, under `_lock`, the vectors set before the index that readers
test (see shared/groups.py on threads).
"""

from __future__ import annotations

import threading

from shared import suit
from shared.errors import MahjongError
from shared.suit import Pattern

_lock = threading.Lock()
_ids = b""
_vectors: tuple[tuple[int, ...], ...] = ()


def _load() -> bytes:
    """Unpack shared/suit_table.py's vector index (405,350 bytes), once."""
    global _ids, _vectors
    import base64
    import zlib

    from shared import suit_table

    with _lock:
        if _ids:
            return _ids
        ids = zlib.decompress(base64.b85decode("".join(suit_table.PACKED)))
        if len(ids) != suit_table.PATTERNS:
            raise MahjongError(
                "shared/suit_table.py is damaged: run build_scripts/make_suit_table.py"
            )
        _vectors = suit_table.VECTORS
        _ids = ids
    return ids


def vector_index(pattern: Pattern) -> int:
    """The index in `vectors()` of a suit pattern's (at most 14 tiles) distance vector."""
    ids = _ids or _load()
    return ids[suit.pattern_rank(pattern)]


def vectors() -> tuple[tuple[int, ...], ...]:
    """The table's distinct distance vectors (unpacked first if need be)."""
    if not _ids:
        _load()
    return _vectors


def table_vector(pattern: Pattern) -> tuple[int, ...]:
    """The distance vector the table made ahead holds for a suit pattern (≤ 14 tiles)."""
    ids = _ids or _load()
    return _vectors[ids[suit.pattern_rank(pattern)]]
