"""Write shared/suit_table.py: the distance vector of every suit pattern, worked out ahead.

    python build_scripts/make_suit_table.py          # about a minute; rewrites the module

A suit pattern is the nine counts of one suit in a hand (each 0–4, at most 14 tiles in
all): 405,350 of them. shared/analysis.py works out a pattern's distance vector (how many
tiles each number of sets and pairs still needs) with a dynamic programme the first time
it meets the pattern; in a long game new patterns keep turning up, and each costs about
0.1 ms. This script runs that same programme over every pattern once and stores, per
pattern (in the order `pattern_rank` numbers them), the index of its vector in a short
list of distinct vectors, compressed. The module is plain data: no I/O at import, and
tests/test_suit_table.py checks a sample of it against the programme again.
"""

from __future__ import annotations

import base64
import sys
import time
import zlib
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from shared.analysis import MAX_SUIT_TILES, pattern_rank, suit_distances  # noqa: E402

OUT = ROOT / "shared" / "suit_table.py"


def patterns() -> list[tuple[int, ...]]:
    """Every suit pattern, in rank order (lexicographic)."""
    return [p for p in product(range(5), repeat=9) if sum(p) <= MAX_SUIT_TILES]


def main() -> int:
    started = time.perf_counter()
    every = patterns()
    vectors: dict[tuple[int, ...], int] = {}
    ids = bytearray(len(every))
    for i, pattern in enumerate(every):
        if pattern_rank(pattern) != i:
            raise SystemExit(f"pattern_rank({pattern}) is not {i}")
        vector = suit_distances(pattern)
        ids[i] = vectors.setdefault(vector, len(vectors))
        if len(vectors) > 255:
            raise SystemExit("over 255 distinct suit vectors: one byte a pattern no longer fits")
    packed = base64.b85encode(zlib.compress(bytes(ids), 9)).decode("ascii")
    lines = [packed[i : i + 90] for i in range(0, len(packed), 90)]
    body = "\n".join(f'    "{line}"' for line in lines)
    table = ",\n".join(f"    {vector}" for vector in vectors)
    OUT.write_text(
        f'''"""Every suit pattern's distance vector (made by build_scripts/make_suit_table.py).

`VECTORS` lists the distinct vectors; `PACKED` holds, zlib-compressed and base85-encoded,
one byte a pattern in `pattern_rank` order: the index of its vector in `VECTORS`.
Do not edit by hand; run the script again if the distance vectors' meaning changes.
"""

PATTERNS = {len(every)}

VECTORS: tuple[tuple[int, ...], ...] = (
{table},
)

PACKED = (
{body}
)
''',
        encoding="utf-8",
    )
    took = time.perf_counter() - started
    print(
        f"{len(every)} patterns, {len(vectors)} distinct vectors, "
        f"{len(packed) / 1024:.0f} KB packed, {took:.0f} s -> {OUT.relative_to(ROOT)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
