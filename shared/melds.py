"""Melds (面子): chows, pungs and kongs, exposed or concealed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from shared.errors import InvalidNotation
from shared.tiles import Tile


class MeldKind(Enum):
    CHOW = "chow"  # 吃 / 顺子
    PUNG = "pung"  # 碰 / 刻子
    KONG = "kong"  # 杠


@dataclass(frozen=True, slots=True)
class Meld:
    """A set of tiles laid down; `concealed` only for a concealed kong (暗杠)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not MeldKind.CHOW

    @property
    def notation(self) -> str:
        suit = self.tiles[0].suit
        body = "".join(str(t.rank) for t in self.tiles) + suit
        return f"({body})" if self.concealed else f"[{body}]"

    def __str__(self) -> str:
        return self.notation

    @staticmethod
    def chow(low: Tile) -> Meld:
        """The chow starting at `low` (e.g. 3m → 345m)."""
        if not low.is_suited or low.rank > 7:
            raise InvalidNotation(f"no chow starts at {low.notation!r}")
        return Meld(MeldKind.CHOW, (low, Tile(low + 1), Tile(low + 2)))

    @staticmethod
    def pung(tile: Tile) -> Meld:
        return Meld(MeldKind.PUNG, (tile,) * 3)

    @staticmethod
    def kong(tile: Tile, concealed: bool = False) -> Meld:
        return Meld(MeldKind.KONG, (tile,) * 4, concealed)

    @staticmethod
    def from_tiles(tiles: list[Tile], concealed: bool, text: str) -> Meld:
        """Classify bracketed tiles as a meld, or raise naming why they are not one."""
        tiles = sorted(tiles)
        if concealed:
            if len(tiles) != 4 or len(set(tiles)) != 1:
                raise InvalidNotation(
                    f"round brackets are for a concealed kong of four identical tiles: {text!r}"
                )
            return Meld.kong(tiles[0], concealed=True)
        if len(tiles) == 4 and len(set(tiles)) == 1:
            return Meld.kong(tiles[0])
        if len(tiles) == 3 and len(set(tiles)) == 1:
            return Meld.pung(tiles[0])
        if len(tiles) == 3 and len(set(tiles)) == 3:
            suits = {t.suit for t in tiles}
            if len(suits) > 1:
                raise InvalidNotation(f"a chow across suits: {text!r}")
            if tiles[0].is_honor:
                raise InvalidNotation(f"honors cannot form a chow: {text!r}")
            if tiles[0].rank == 1 and tiles[2].rank == 9 and tiles[1].rank in (2, 8):
                raise InvalidNotation(f"a chow across 9–1 (9 and 1 do not connect): {text!r}")
            if tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2:
                return Meld.chow(tiles[0])
        raise InvalidNotation(f"not a chow, pung or kong: {text!r}")
