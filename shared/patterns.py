"""Fan patterns (番种): what each one is, in players' words, and the small check that finds it.

Values, kinds and exclusions are not here: they belong to each preset's table
(`shared/presets.py`). A check answers how many times its pattern applies (0 = not at all)
to one reading of a winning hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

import msgspec

from shared.melds import Meld, MeldKind
from shared.tiles import FIRST_DRAGON, FIRST_HONOR, KINDS


# The score's types live here, not in shared/fan.py which they are the result of: fan.py
# is compiled by build_scripts/compile.py, and a msgspec Struct declared in a module
# mypyc compiles loses its field defaults (the encoding of `omit_defaults` changes).
class PatternScore(msgspec.Struct, frozen=True):
    """A pattern counted in a hand, with the fan it adds (0 for a floor or chicken hand)."""

    id: str
    fan: int


class Score(msgspec.Struct, frozen=True, omit_defaults=True):
    """The result of scoring a hand: its fan, patterns, whether it may be declared, its points.

    `points` is what one payer owes for this win (RULES.md §6.5: base × 2^fan, plus the
    preset's self-drawn base bonus), before liability, several winners and horses.
    """

    win: bool
    fan: int = 0
    raw_fan: int = 0
    patterns: tuple[PatternScore, ...] = ()
    can_declare: bool = False
    points: int = 0
    shanten: int | None = None


class WinContext(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a hand was won: the facts scoring needs beyond the tiles."""

    self_drawn: bool = False
    seat_wind: int = 0
    """0 East, 1 South, 2 West, 3 North."""
    prevailing_wind: int = 0
    win_on_kong: bool = False
    """杠上开花: self-drawn on a kong's replacement tile."""
    robbing_kong: bool = False
    """抢杠: won on a tile another player added to a pung."""
    last_tile: bool = False
    """海底捞月: self-drawn on the last tile of the wall."""
    heavenly: bool = False
    """天胡: the dealer's first fourteen tiles win."""
    earthly: bool = False
    """地胡: a non-dealer wins in the first go-around, before any claim or second draw."""
    human: bool = False
    """人胡: a non-dealer wins on the dealer's first discard, before any other action."""
    flowers: int = 0


class Form(StrEnum):
    STANDARD = "standard"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    SEVEN_PAIRS = "seven_pairs"


@dataclass(frozen=True, slots=True)
class Shape:
    """What scoring needs of one reading: its form and its chows and pungs (kongs included)."""

    form: Form
    chows: int = 0
    pungs: int = 0


STANDARD_SHAPES = tuple(Shape(Form.STANDARD, c, 4 - c) for c in range(5))
"""The five standard readings by number of chows, made once (scoring hashes them often)."""


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_DRAGON_BITS = 0b1110000
_WIND_BITS = 0b0001111


class HandFacts:
    """The reading-independent facts of a winning hand that the checks look at.

    `key` holds them all, so hands with equal keys score alike (the scorer caches on it).
    """

    __slots__ = (
        "context",
        "dragon_pungs",
        "earthly_on_discard",
        "honor_pair",
        "honors",
        "key",
        "kongs",
        "nine_gates",
        "simples",
        "suits",
        "terminals",
        "wind_pungs",
    )

    def __init__(
        self,
        *,
        suits: int,
        honors: bool,
        simples: bool,
        terminals: bool,
        honor_pungs: int,
        honor_pair: int | None,
        nine_gates: bool,
        kongs: int,
        context: WinContext,
        earthly_on_discard: bool = True,
    ) -> None:
        self.suits = suits
        """Bitmask of the suits present: 1 characters, 2 dots, 4 bamboo."""
        self.honors = honors
        self.simples = simples
        self.terminals = terminals
        self.dragon_pungs = (honor_pungs & _DRAGON_BITS).bit_count()
        self.wind_pungs = honor_pungs & _WIND_BITS
        """Bitmask of the winds with a pung or kong, bit 0 East."""
        self.honor_pair = honor_pair
        """The honor (27–33) that is the pair of a standard reading, if any."""
        self.nine_gates = nine_gates
        self.kongs = kongs
        self.context = context
        self.earthly_on_discard = earthly_on_discard
        self.key = (
            suits,
            honors,
            simples,
            terminals,
            honor_pungs,
            honor_pair,
            nine_gates,
            kongs,
            context,
            earthly_on_discard,
        )

    @classmethod
    def of(
        cls,
        counts: list[int] | tuple[int, ...],
        melds: tuple[Meld, ...],
        context: WinContext,
        earthly_on_discard: bool = True,
    ) -> HandFacts:
        """Facts of concealed counts (winning tile included) and melds; simple, not fast."""
        totals = list(counts)
        for meld in melds:
            for tile in meld.tiles[:3]:
                totals[tile] += 1
        honor_pungs = sum(
            1 << (i - FIRST_HONOR) for i in range(FIRST_HONOR, KINDS) if counts[i] == 3
        )
        for meld in melds:
            if meld.kind is not MeldKind.CHOW and meld.first.is_honor:
                honor_pungs |= 1 << (meld.first - FIRST_HONOR)
        pairs = [i for i in range(FIRST_HONOR, KINDS) if counts[i] == 2]
        suits = sum(1 << s for s in range(3) if any(totals[9 * s : 9 * s + 9]))
        nine_gates = False
        if not melds and suits in (1, 2, 4) and not any(totals[27:34]):
            lo = 9 * (suits.bit_length() - 1)
            nine_gates = all(counts[lo + r] >= n for r, n in enumerate(_NINE_GATES))
        return cls(
            suits=suits,
            honors=any(totals[27:34]),
            simples=any(totals[i] for i in range(FIRST_HONOR) if i % 9 not in (0, 8)),
            terminals=any(totals[i] for i in (0, 8, 9, 17, 18, 26)),
            honor_pungs=honor_pungs,
            honor_pair=pairs[0] if len(pairs) == 1 else None,
            nine_gates=nine_gates,
            kongs=sum(1 for m in melds if m.kind is MeldKind.KONG),
            context=context,
            earthly_on_discard=earthly_on_discard,
        )


def is_nine_gates_pattern(pattern: tuple[int, ...]) -> bool:
    """九莲宝灯 shape of one suit: 1112345678999 and one more tile of the suit."""
    return sum(pattern) == 14 and all(c >= n for c, n in zip(pattern, _NINE_GATES, strict=True))


Check = Callable[[HandFacts, Shape], int]


def _all_pungs(f: HandFacts, s: Shape) -> bool:
    return s.form is Form.STANDARD and s.pungs == 4


def _mixed_one_suit(f: HandFacts, s: Shape) -> bool:
    return f.suits in (1, 2, 4) and f.honors


def _pure_one_suit(f: HandFacts, s: Shape) -> bool:
    return f.suits in (1, 2, 4) and not f.honors


def _standard_pungs(f: HandFacts, s: Shape) -> tuple[int, int, int | None]:
    """(dragon pungs, wind pung bitmask, honor pair) of a standard reading; none otherwise."""
    if s.form is not Form.STANDARD:
        return 0, 0, None
    return f.dragon_pungs, f.wind_pungs, f.honor_pair


@dataclass(frozen=True, slots=True)
class PatternDef:
    """A fan pattern: its Chinese and English names and its check."""

    zh: str
    en: str
    check: Check


def _small_three_dragons(f: HandFacts, s: Shape) -> int:
    dragons, _, pair = _standard_pungs(f, s)
    return dragons == 2 and pair is not None and pair >= FIRST_DRAGON


def _small_four_winds(f: HandFacts, s: Shape) -> int:
    _, winds, pair = _standard_pungs(f, s)
    return winds.bit_count() == 3 and pair is not None and pair < FIRST_DRAGON


PATTERNS: dict[str, PatternDef] = {
    "chicken_hand": PatternDef("鸡胡", "Chicken hand", lambda f, s: 1),
    "all_chows": PatternDef(
        "平胡", "All chows", lambda f, s: s.form is Form.STANDARD and s.chows == 4
    ),
    "mixed_one_suit": PatternDef("混一色", "Mixed one suit", _mixed_one_suit),
    "all_pungs": PatternDef("对对胡", "All pungs", _all_pungs),
    "seven_pairs": PatternDef("七对", "Seven pairs", lambda f, s: s.form is Form.SEVEN_PAIRS),
    "pure_one_suit": PatternDef("清一色", "Pure one suit", _pure_one_suit),
    "mixed_pungs": PatternDef(
        "混碰", "Mixed one suit, all pungs", lambda f, s: _mixed_one_suit(f, s) and _all_pungs(f, s)
    ),
    "pure_pungs": PatternDef(
        "清碰", "Pure one suit, all pungs", lambda f, s: _pure_one_suit(f, s) and _all_pungs(f, s)
    ),
    "mixed_terminals": PatternDef(
        "混幺九",
        "Mixed terminals",
        lambda f, s: not f.simples and f.terminals and f.honors,
    ),
    "pure_terminals": PatternDef(
        "清幺九",
        "Pure terminals",
        lambda f, s: not f.simples and not f.honors and f.terminals,
    ),
    "all_honors": PatternDef("全番 (字一色)", "All honors", lambda f, s: f.honors and not f.suits),
    "small_three_dragons": PatternDef("小三元", "Small three dragons", _small_three_dragons),
    "big_three_dragons": PatternDef(
        "大三元", "Big three dragons", lambda f, s: _standard_pungs(f, s)[0] == 3
    ),
    "small_four_winds": PatternDef("小四喜", "Small four winds", _small_four_winds),
    "big_four_winds": PatternDef(
        "大四喜", "Big four winds", lambda f, s: _standard_pungs(f, s)[1] == _WIND_BITS
    ),
    "thirteen_orphans": PatternDef(
        "十三幺", "Thirteen orphans", lambda f, s: s.form is Form.THIRTEEN_ORPHANS
    ),
    "nine_gates": PatternDef(
        "九莲宝灯", "Nine gates", lambda f, s: s.form is Form.STANDARD and f.nine_gates
    ),
    "eighteen_arhats": PatternDef(
        "十八罗汉", "Eighteen arhats (four kongs)", lambda f, s: f.kongs == 4
    ),
    "heavenly_hand": PatternDef("天胡", "Heavenly hand", lambda f, s: f.context.heavenly),
    "earthly_hand": PatternDef(
        "地胡",
        "Earthly hand",
        lambda f, s: f.context.earthly and (f.earthly_on_discard or f.context.self_drawn),
    ),
    "human_hand": PatternDef(
        "人胡", "Human hand", lambda f, s: f.context.human and not f.context.self_drawn
    ),
    "prevailing_wind_pung": PatternDef(
        "圈风刻",
        "Prevailing wind pung",
        lambda f, s: _standard_pungs(f, s)[1] >> f.context.prevailing_wind & 1,
    ),
    "seat_wind_pung": PatternDef(
        "门风刻", "Seat wind pung", lambda f, s: _standard_pungs(f, s)[1] >> f.context.seat_wind & 1
    ),
    "dragon_pung": PatternDef("箭刻", "Dragon pung", lambda f, s: _standard_pungs(f, s)[0]),
    "flower": PatternDef("花", "Flower", lambda f, s: f.context.flowers),
    "self_drawn": PatternDef("自摸", "Self-drawn", lambda f, s: f.context.self_drawn),
    "win_on_kong": PatternDef(
        "杠上开花",
        "Win on a kong replacement",
        lambda f, s: f.context.win_on_kong and f.context.self_drawn,
    ),
    "robbing_the_kong": PatternDef("抢杠", "Robbing the kong", lambda f, s: f.context.robbing_kong),
    "last_tile_draw": PatternDef(
        "海底捞月",
        "Win on the last tile",
        lambda f, s: f.context.last_tile and f.context.self_drawn,
    ),
}
