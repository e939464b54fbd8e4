"""The hand notation of RULES.md §1: `123m456p11z [555p] (7777s) +1z`, parsed and printed."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from shared import analysis
from shared.errors import InvalidNotation
from shared.melds import Meld
from shared.tiles import KINDS, Tile, tile_of

_TOKEN = re.compile(r"\s*(?:(\[)([^\]]*)\]|(\()([^)]*)\)|(\+)\s*(\S*)|([^\s\[\(+]+))")
_GROUP = re.compile(r"([0-9]+)([a-zA-Z])")


def parse_tiles(text: str) -> list[Tile]:
    """Parse a run of tiles such as `123m44z`, in the order written."""
    tiles: list[Tile] = []
    pos = 0
    for match in _GROUP.finditer(text):
        if match.start() != pos:
            _raise_stray(text, pos, match.start())
        digits, suit = match.groups()
        tiles.extend(tile_of(int(d), suit, text) for d in digits)
        pos = match.end()
    if pos != len(text):
        _raise_stray(text, pos, len(text))
    return tiles


def _raise_stray(text: str, start: int, end: int) -> None:
    stray = text[start:end]
    if stray.isascii() and stray.isdigit():
        raise InvalidNotation(f"digits {stray!r} have no suit letter in {text!r}")
    raise InvalidNotation(f"unexpected {stray!r} in {text!r}")


def format_tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Print tiles grouped by suit in sorted order: `123m44z`."""
    out: list[str] = []
    suit = ""
    for tile in sorted(tiles):
        if tile.suit != suit and suit:
            out.append(suit)
        suit = tile.suit
        out.append(str(tile.rank))
    if suit:
        out.append(suit)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand: concealed tiles (without the winning tile), melds, flowers, winning tile."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    flowers: tuple[Tile, ...] = field(default=())

    count_bytes: bytes = field(init=False, repr=False, compare=False)
    """34 counts of the concealed tiles with the winning tile, computed once."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed)))
        object.__setattr__(self, "flowers", tuple(sorted(self.flowers)))
        counts = [0] * KINDS
        for tile in self.concealed_with_win:
            counts[tile] += 1
        object.__setattr__(self, "count_bytes", bytes(counts))

    @property
    def concealed_with_win(self) -> tuple[Tile, ...]:
        if self.winning_tile is None:
            return self.concealed
        return (*self.concealed, self.winning_tile)

    def counts(self) -> list[int]:
        """34-count vector of the concealed tiles, the winning tile included."""
        return list(self.count_bytes)

    def all_tiles(self) -> list[Tile]:
        """Every tile of the hand but flowers: concealed, winning tile and melds."""
        tiles = list(self.concealed_with_win)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return tiles

    def shanten(self, seven_pairs: bool = False) -> int:
        """Shanten of the hand (-1 when complete), melds taken into account."""
        return analysis.shanten(self.counts(), len(self.melds), seven_pairs)

    def waits(self, seven_pairs: bool = False) -> list[Tile]:
        """Tile kinds that complete this 13-tile hand, leaving out kinds it holds all four of."""
        held = self.counts()
        for meld in self.melds:
            for tile in meld.tiles:
                held[tile] += 1
        found = analysis.waits(self.counts(), len(self.melds), seven_pairs)
        return [t for t in found if held[t] < 4]

    @property
    def notation(self) -> str:
        parts = [format_tiles(self.concealed) + format_tiles(self.flowers)]
        parts.extend(m.notation for m in self.melds)
        if self.winning_tile is not None:
            parts.append(f"+{self.winning_tile.notation}")
        return " ".join(p for p in parts if p)

    def __str__(self) -> str:
        return self.notation


def parse_hand(text: str) -> Hand:
    """Parse a 13-tile hand, or 14 with the winning tile after `+`, checking every rule of §1."""
    if not text.strip():
        raise InvalidNotation("empty hand")
    _check_brackets(text)
    concealed: list[Tile] = []
    melds: list[Meld] = []
    winning: Tile | None = None
    pos = 0
    for match in _TOKEN.finditer(text):
        if match.start() != pos:
            raise InvalidNotation(f"unexpected {text[pos : match.start()]!r} in {text!r}")
        pos = match.end()
        square, square_body, round_, round_body, plus, plus_body, bare = match.groups()
        if winning is not None:
            raise InvalidNotation(f"the winning tile after '+' must come last: {text!r}")
        if square or round_:
            body = square_body if square else round_body
            shown = f"[{body}]" if square else f"({body})"
            tiles = parse_tiles(body.strip())
            if any(t.is_flower for t in tiles):
                raise InvalidNotation(f"a flower cannot be in a meld: {shown!r}")
            melds.append(Meld.from_tiles(tiles, concealed=bool(round_), text=shown))
        elif plus:
            tiles = parse_tiles(plus_body)
            if len(tiles) != 1 or tiles[0].is_flower:
                raise InvalidNotation(f"'+' must be followed by one winning tile: {text!r}")
            winning = tiles[0]
        else:
            if melds:
                raise InvalidNotation(f"concealed tiles must come before the melds: {text!r}")
            concealed.extend(parse_tiles(bare))
    if pos != len(text.rstrip()):
        raise InvalidNotation(f"unexpected {text[pos:]!r} in {text!r}")
    flowers = [t for t in concealed if t.is_flower]
    concealed = [t for t in concealed if not t.is_flower]
    hand = Hand(tuple(concealed), tuple(melds), winning, tuple(flowers))
    _check_copies(hand, text)
    _check_count(hand, text)
    return hand


def _check_brackets(text: str) -> None:
    closing = ""
    for char in text:
        if char in "[(":
            if closing:
                raise InvalidNotation(f"a bracket opened inside a meld in {text!r}")
            closing = "]" if char == "[" else ")"
        elif char in "])":
            if char != closing:
                raise InvalidNotation(f"unbalanced {char!r} in {text!r}")
            closing = ""
    if closing:
        raise InvalidNotation(f"a meld is not closed with {closing!r} in {text!r}")


def _check_copies(hand: Hand, text: str) -> None:
    counts = Counter(hand.all_tiles())
    counts.update(hand.flowers)
    for tile, n in sorted(counts.items()):
        limit = 1 if tile.is_flower else 4
        if n > limit:
            raise InvalidNotation(
                f"{n} copies of {tile.notation} in {text!r}; there are only {limit}"
            )


def _check_count(hand: Hand, text: str) -> None:
    size = len(hand.concealed) + 3 * len(hand.melds)
    if size != 13:
        with_win = " (not counting the winning tile after '+')" if hand.winning_tile else ""
        raise InvalidNotation(
            f"a hand holds 13 tiles{with_win}, counting each kong as 3; {text!r} holds {size}"
        )
