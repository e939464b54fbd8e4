"""Tile ids by name: the dragons, the winds and where the honors start are defined once, in
shared/tiles.py, and the engine and the client name them rather than repeat 27 or (31, 32,
33) (issue 32: DRAGONS was defined four times beside 63 raw comparisons)."""

from __future__ import annotations

import re
from pathlib import Path

from shared.tiles import DRAGONS, FIRST_DRAGON, FIRST_HONOR, KINDS, WINDS, Tile

ROOT = Path(__file__).resolve().parents[1]
HOME = ROOT / "shared" / "tiles.py"
RAW = re.compile(
    r"(?<![<>])(?:[<>]=?|[!=]=)\s*(?:27|30|31|33)\b"  # a comparison with an honor's id
    r"|\b27\s*\+"  # a wind's id worked out from 27
    r"|\brange\(27\b"
    r"|\(\s*31,\s*32,\s*33\s*\)|\(\s*27,\s*28,\s*29,\s*30\s*\)"  # the dragons, the winds again
)


def test_the_named_ids_are_the_tiles() -> None:
    assert FIRST_HONOR == Tile.EAST and FIRST_DRAGON == Tile.WHITE and KINDS == Tile.F1
    assert DRAGONS == (Tile.WHITE, Tile.GREEN, Tile.RED)
    assert WINDS == (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)


def test_no_module_repeats_a_tile_id() -> None:
    found = []
    for folder in ("shared", "server", "client", "machine"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == HOME:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if '"' in code or "'" in code:
                    code = re.sub(r"(['\"]).*?\1", "", code)  # not inside a string
                if RAW.search(code):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == [], "use shared/tiles.py's names:\n" + "\n".join(found)
