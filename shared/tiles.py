"""Tiles: 34 kinds plus 8 flowers as small immutable values, and their notation."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from shared.errors import InvalidNotation

SUITS = "mps"
SUIT_LETTERS = "mpszf"
KINDS = 34
"""Number of tile kinds without flowers; count vectors have this length."""
FIRST_HONOR: Final = 27
"""Tile.EAST's index: kinds below it are suited (three suits of nine), from it honors."""
FIRST_DRAGON: Final = 31
"""Tile.WHITE's index: the honors from it on are dragons, those before it winds."""

_HONOR_ZH = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN = ("East", "South", "West", "North", "White", "Green", "Red")
_FLOWER_ZH = ("梅", "兰", "竹", "菊", "春", "夏", "秋", "冬")
_SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}
_SUIT_EN = {"m": "characters", "p": "dots", "s": "bamboo"}
_NUM_ZH = "一二三四五六七八九"


class Tile(IntEnum):
    """One tile kind; its value is the index in a 34-count vector (flowers 34–41)."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    F1 = 34
    F2 = 35
    F3 = 36
    F4 = 37
    F5 = 38
    F6 = 39
    F7 = 40
    F8 = 41

    @property
    def suit(self) -> str:
        """The notation letter: m, p, s, z (honors) or f (flowers)."""
        return SUIT_LETTERS[self // 9] if self < 27 else ("z" if self < 34 else "f")

    @property
    def rank(self) -> int:
        """1–9 for suited tiles, 1–7 for honors, 1–8 for flowers."""
        if self < 27:
            return self % 9 + 1
        return self - 26 if self < 34 else self - 33

    @property
    def is_suited(self) -> bool:
        return self < 27

    @property
    def is_honor(self) -> bool:
        return 27 <= self < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self <= 30

    @property
    def is_dragon(self) -> bool:
        return 31 <= self <= 33

    @property
    def is_flower(self) -> bool:
        return self >= 34

    @property
    def is_terminal(self) -> bool:
        """幺九: a 1 or 9 of a suit (honors are not terminals)."""
        return self < 27 and self % 9 in (0, 8)

    @property
    def notation(self) -> str:
        return f"{self.rank}{self.suit}"

    @property
    def zh(self) -> str:
        """Chinese name, e.g. 一万, 五筒, 中, 梅."""
        if self < 27:
            return _NUM_ZH[self % 9] + _SUIT_ZH[self.suit]
        return _HONOR_ZH[self - 27] if self < 34 else _FLOWER_ZH[self - 34]

    @property
    def en(self) -> str:
        """English name, e.g. '1 characters', 'Red', 'Flower 1'."""
        if self < 27:
            return f"{self.rank} {_SUIT_EN[self.suit]}"
        return _HONOR_EN[self - 27] if self < 34 else f"Flower {self - 33}"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Tile({self.notation!r})"

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse one tile such as '5p' or '7z'."""
        if len(text) != 2 or text[0] not in "0123456789":
            raise InvalidNotation(f"not a tile: {text!r}")
        return tile_of(int(text[0]), text[1], text)


_MAX_RANK = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}


def tile_of(rank: int, suit: str, context: str = "") -> Tile:
    """The tile of a rank in a suit letter, with a clear error naming what is wrong."""
    where = f" in {context!r}" if context else ""
    if suit not in _MAX_RANK:
        raise InvalidNotation(f"unknown suit letter {suit!r}{where} (use m, p, s, z or f)")
    if not 1 <= rank <= _MAX_RANK[suit]:
        raise InvalidNotation(
            f"no tile {rank}{suit}{where}: ranks of {suit!r} run 1–{_MAX_RANK[suit]}"
        )
    return ALL_TILES[_OFFSET[suit] + rank - 1]


ALL_TILES: tuple[Tile, ...] = tuple(Tile)
KIND_TILES: tuple[Tile, ...] = ALL_TILES[:KINDS]
FLOWERS: tuple[Tile, ...] = ALL_TILES[KINDS:]
WINDS: Final[tuple[Tile, ...]] = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
DRAGONS: Final[tuple[Tile, ...]] = (Tile.WHITE, Tile.GREEN, Tile.RED)
TERMINALS_AND_HONORS: tuple[Tile, ...] = tuple(t for t in KIND_TILES if t.is_terminal or t.is_honor)
