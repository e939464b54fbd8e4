"""One example hand for every fan pattern of every preset, as data beside the patterns.

The rules page draws these (client/scenes/rules.py); `tests/test_pattern_examples.py`
scores each one with the rules engine under its preset and checks that its pattern is
among those counted, so the page can never show a wrong example. An example is written in
the hand notation of RULES.md §1 (winning tile after `+`, flowers among the concealed
tiles) with the facts of how it was won. Unless it says otherwise a hand is won on a
discard, by the South seat, in the East round (as the worked examples of RULES.md §6.4).

`EXAMPLES` serves every preset; a preset whose table would score one of them otherwise
gets its own in `PRESET_EXAMPLES`. The examples are not part of a preset's data on
purpose: a ruleset's digest (shared/PROTOCOL.md §11) hashes the preset, and a picture on a
help page must not change what two tables agree on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import msgspec

from shared.notation import Hand, parse_hand
from shared.patterns import WinContext

SOUTH = 1
EAST = 0


def won(**facts: Any) -> WinContext:
    """How an example was won: on a discard by the South seat in the East round, unless
    `facts` (WinContext's fields) say otherwise."""
    return WinContext(**{"seat_wind": SOUTH, "prevailing_wind": EAST, **facts})


ON_A_DISCARD = won()
SELF_DRAWN = won(self_drawn=True)


@dataclass(frozen=True, slots=True)
class Example:
    """A winning hand that shows one pattern, and how it was won."""

    hand: str
    """The hand in the notation of RULES.md §1."""
    won: WinContext = ON_A_DISCARD
    """How it was won; its flowers are those the hand shows, whatever this says."""
    options: Mapping[str, object] = field(default_factory=dict)
    """Table options the pattern needs to exist at all (七对 needs `seven_pairs`)."""

    def parsed(self) -> Hand:
        return parse_hand(self.hand)

    def context(self) -> WinContext:
        """The win's facts as scoring takes them, with the flowers the hand shows."""
        return msgspec.structs.replace(self.won, flowers=len(self.parsed().flowers))


_CHICKEN = "123m456p777s3z [789s] +3z"

EXAMPLES: Mapping[str, Example] = MappingProxyType(
    {
        "chicken_hand": Example(_CHICKEN),
        "all_chows": Example("234m567m345p789s5z +5z"),
        "mixed_one_suit": Example("123m456m789m2z [111z] +2z"),
        "all_pungs": Example("111m222p888s9s [444z] +9s"),
        "seven_pairs": Example("1133m5577p99s112z +2z", options={"seven_pairs": True}),
        "pure_one_suit": Example("123456789p1p [234p] +1p"),
        "mixed_pungs": Example("111m222m3z [444z] [777z] +3z"),
        "pure_pungs": Example("111m333m555m9m [777m] +9m"),
        "mixed_terminals": Example("111m999m5z [111z] [999p] +5z"),
        "pure_terminals": Example("111m999m1p [999s] [111s] +1p"),
        "all_honors": Example("111z222z333z6z [777z] +6z"),
        "small_three_dragons": Example("123m456p6z [555z] [777z] +6z"),
        "big_three_dragons": Example("123m1s [555z] [666z] [777z] +1s"),
        "small_four_winds": Example("123m2z [111z] [333z] [444z] +2z"),
        "big_four_winds": Example("1m [111z] [222z] [333z] [444z] +1m"),
        "thirteen_orphans": Example("19m19p19s1234567z +1m"),
        "nine_gates": Example("1112345678999m +5m"),
        "eighteen_arhats": Example("1z [1111m] [2222p] [3333s] (4444z) +1z"),
        "heavenly_hand": Example(
            "123m456p789s234s5z +5z", won(self_drawn=True, seat_wind=EAST, heavenly=True)
        ),
        "earthly_hand": Example("123m456p789s234s5z +5z", won(self_drawn=True, earthly=True)),
        "human_hand": Example("123m456p789s234s5z +5z", won(human=True)),
        "prevailing_wind_pung": Example("123m456p789s2z [111z] +2z"),
        "seat_wind_pung": Example("123m456p789s3z [222z] +3z"),
        "dragon_pung": Example("123m456p777s7z [555z] +7z"),
        "flower": Example("123m456p777s3z2f [789s] +3z", options={"flowers": True}),
        "self_drawn": Example(_CHICKEN, SELF_DRAWN),
        "win_on_kong": Example(
            "123m456p777s7z (5555z) +7z", won(self_drawn=True, win_on_kong=True)
        ),
        "robbing_the_kong": Example("234m567m345p55z78s +9s", won(robbing_kong=True)),
        "last_tile_draw": Example(_CHICKEN, won(self_drawn=True, last_tile=True)),
    }
)

PRESET_EXAMPLES: Mapping[str, Mapping[str, Example]] = MappingProxyType({})
"""Preset name → pattern → its own example, where the shared one would not do."""


def all_examples() -> list[Example]:
    """Every example of every preset (the rules page sizes its tiles to the widest)."""
    return [*EXAMPLES.values(), *(e for own in PRESET_EXAMPLES.values() for e in own.values())]


def example_for(preset: str, pattern_id: str) -> Example | None:
    """The example of `pattern_id` under `preset` (None only for a pattern without one,
    which the tests do not allow for a built-in preset)."""
    own = PRESET_EXAMPLES.get(preset, {})
    return own.get(pattern_id) or EXAMPLES.get(pattern_id)
