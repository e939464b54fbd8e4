"""Fan counting (RULES.md §6.1–§6.4) and the presets of §8, checked against hand-written values.

Every expected fan, raw fan and pattern set below was worked out by hand from RULES.md,
never computed with the code under test. Hands follow §1: the concealed tiles without the
winning tile, then the melds, then the winning tile after `+`. Unless a case says otherwise
the seat wind is South (1) and the prevailing wind East (0), as in §6.4's worked examples.
"""

from __future__ import annotations

from typing import Any

import pytest

from shared.errors import RulesetError
from shared.fan import score_hand
from shared.notation import parse_hand
from shared.patterns import WinContext
from shared.presets import PRESETS
from shared.ruleset import make_ruleset, parse_preset

SOUTH_SEAT = {"seat_wind": 1, "prevailing_wind": 0}


def context(**kw: Any) -> WinContext:
    """A WinContext with South seat and East round unless overridden."""
    return WinContext(**{**SOUTH_SEAT, **kw})


def score(hand: str, ctx: dict[str, Any] | None = None, **options: Any):
    return score_hand(parse_hand(hand), context(**(ctx or {})), make_ruleset(options))


def pattern_map(result) -> dict[str, int]:
    ids = [p.id for p in result.patterns]
    assert len(ids) == len(set(ids)), f"a pattern listed twice: {ids}"
    return {p.id: p.fan for p in result.patterns}


SELF = {"self_drawn": True}
DISCARD: dict[str, Any] = {}
EAST_SEAT = {"seat_wind": 0, "prevailing_wind": 0}

# ---------------------------------------------------------------------------------------------
# §6.4 worked examples: (hand, context, fan, raw_fan, patterns, can_declare with min_fan 1)

WORKED = [
    pytest.param(
        "234m567m345p789s5z +5z", DISCARD, 1, 1, {"all_chows": 1}, True, id="ex1-all-chows"
    ),
    pytest.param(
        "123m456p777s3z [789s] +3z",
        DISCARD,
        0,
        0,
        {"chicken_hand": 0},
        False,
        id="ex2-chicken-may-not-win",
    ),
    pytest.param(
        "123m456p777s7z [555z] +7z",
        DISCARD,
        1,
        1,
        {"chicken_hand": 0, "dragon_pung": 1},
        True,
        id="ex3-chicken-white-pung",
    ),
    pytest.param(
        "123m456m789m2z [111z] +2z",
        SELF,
        3,
        3,
        {"mixed_one_suit": 2, "prevailing_wind_pung": 1},
        True,
        id="ex4-mixed-prevailing",
    ),
    pytest.param(
        "111m222m3z [444z] [777z] +3z",
        DISCARD,
        3,
        5,
        {"mixed_one_suit": 2, "all_pungs": 2, "dragon_pung": 1},
        True,
        id="ex5-capped-5-to-3",
    ),
    pytest.param(
        "123456789p1p [234p] +1p",
        DISCARD,
        3,
        5,
        {"pure_one_suit": 4, "all_chows": 1},
        True,
        id="ex6-big-below-burst",
    ),
    pytest.param(
        "111m999m1p [999s] [111s] +1p",
        DISCARD,
        6,
        6,
        {"pure_terminals": 6},
        True,
        id="ex7-pure-terminals",
    ),
    pytest.param(
        "111m999m5z [111z] [666z] +5z",
        {**EAST_SEAT},
        8,
        8,
        {
            "mixed_terminals": 5,
            "dragon_pung": 1,
            "prevailing_wind_pung": 1,
            "seat_wind_pung": 1,
        },
        True,
        id="ex8-mixed-terminals-east-seat",
    ),
    pytest.param(
        "123m1s [555z] [666z] [777z] +1s",
        DISCARD,
        6,
        6,
        {"big_three_dragons": 6},
        True,
        id="ex9-big-three-dragons",
    ),
    pytest.param(
        "111222333m7z [789m] +7z",
        DISCARD,
        3,
        3,
        {"mixed_one_suit": 2, "all_chows": 1},
        True,
        id="ex10-highest-reading-three-chows",
    ),
    pytest.param(
        "123m456p777s7z (5555z) +7z",
        {"self_drawn": True, "win_on_kong": True},
        3,
        1,
        {"chicken_hand": 0, "dragon_pung": 1, "win_on_kong": 0},
        True,
        id="ex11-win-on-kong-floor",
    ),
]


@pytest.mark.parametrize(("hand", "ctx", "fan", "raw", "patterns", "declare"), WORKED)
def test_worked_examples(hand, ctx, fan, raw, patterns, declare):
    result = score(hand, ctx, min_fan=1)
    assert result.win
    assert result.fan == fan
    assert result.raw_fan == raw
    assert pattern_map(result) == patterns
    assert result.can_declare is declare


# ---------------------------------------------------------------------------------------------
# jipinghu cases of my own: (hand, context, options, fan, raw_fan, patterns)

CHICKEN = "123m456p999s4s [678m] +4s"  # 123m 456p 999s 678m, pair 44s: no pattern at all
ALL_CHOWS = "234m567m345p789s5z +5z"
MIXED_CHOWS = "123p234p567p4z [789p] +4z"  # mixed_one_suit 2 + all_chows 1
BIG3_MIXED = "234m555z666z1m [777z] +1m"  # big_three_dragons 6 + mixed_one_suit 2
BIG3_TERMINALS = "111m555z666z9m [777z] +9m"  # big_three_dragons 6 + mixed_terminals 5
ARHATS = "1z [1111m] [2222p] (3333s) [4444z] +1z"  # four kongs and a pair of East
NINE_GATES = "1112345678999m +5m"
ORPHANS = "19m19p19s1234567z +1m"
FLOWERS = {"flowers": True}

JIPINGHU = [
    # --- chicken hand, with and without bonus
    pytest.param(CHICKEN, DISCARD, {}, 0, 0, {"chicken_hand": 0}, id="chicken-plain"),
    pytest.param(
        "123m456p4s [678m] [333z] +4s",
        DISCARD,
        {},
        0,
        0,
        {"chicken_hand": 0},
        id="chicken-west-pung-not-seat-wind",
    ),
    pytest.param(
        "123m456p4s [678m] [222z] +4s",
        DISCARD,
        {},
        1,
        1,
        {"chicken_hand": 0, "seat_wind_pung": 1},
        id="chicken-seat-wind",
    ),
    pytest.param(
        "123m456p4s [555z] [666z] +4s",
        DISCARD,
        {},
        2,
        2,
        {"chicken_hand": 0, "dragon_pung": 2},
        id="chicken-two-dragon-pungs",
    ),
    # --- all chows, the pair may be an honor
    pytest.param(ALL_CHOWS, SELF, {}, 1, 1, {"all_chows": 1}, id="all-chows-concealed"),
    pytest.param(
        "123m456m789p2z [345s] +2z",
        DISCARD,
        {},
        1,
        1,
        {"all_chows": 1},
        id="all-chows-seat-wind-pair",
    ),
    pytest.param(
        "123m456m789p5z [345s] +5z",
        DISCARD,
        {},
        1,
        1,
        {"all_chows": 1},
        id="all-chows-dragon-pair",
    ),
    pytest.param(
        "234m567p789p1s [678s] +1s",
        DISCARD,
        {},
        1,
        1,
        {"all_chows": 1},
        id="all-chows-suited-pair",
    ),
    # --- mixed one suit
    pytest.param(
        "123m456m999m2m [333z] +2m",
        DISCARD,
        {},
        2,
        2,
        {"mixed_one_suit": 2},
        id="mixed-one-suit-honor-pung",
    ),
    pytest.param(
        "234p567p111p4z [789p] +4z",
        DISCARD,
        {},
        2,
        2,
        {"mixed_one_suit": 2},
        id="mixed-one-suit-honor-pair",
    ),
    pytest.param(
        MIXED_CHOWS,
        DISCARD,
        {},
        3,
        3,
        {"mixed_one_suit": 2, "all_chows": 1},
        id="mixed-one-suit-and-all-chows",
    ),
    # --- all pungs, kongs count as pungs
    pytest.param(
        "111m444p777s3z [999m] +3z",
        DISCARD,
        {},
        2,
        2,
        {"all_pungs": 2},
        id="all-pungs",
    ),
    pytest.param(
        "111m444p3z [7777s] (9999m) +3z",
        DISCARD,
        {},
        2,
        2,
        {"all_pungs": 2},
        id="all-pungs-with-kongs",
    ),
    pytest.param(
        "111m444p3z [555z] [9999m] +3z",
        DISCARD,
        {},
        3,
        3,
        {"all_pungs": 2, "dragon_pung": 1},
        id="all-pungs-and-dragon",
    ),
    pytest.param(ARHATS, DISCARD, {}, 2, 2, {"all_pungs": 2}, id="four-kongs-are-all-pungs"),
    # --- the cap: small hands never exceed 3, however many fan they add up to
    pytest.param(
        "111m555m3z [777z] [222z] +3z",
        DISCARD,
        {},
        3,
        6,
        {"mixed_one_suit": 2, "all_pungs": 2, "dragon_pung": 1, "seat_wind_pung": 1},
        id="cap-small-raw-6-does-not-burst",
    ),
    pytest.param(
        MIXED_CHOWS,
        {"flowers": 2},
        FLOWERS,
        3,
        5,
        {"mixed_one_suit": 2, "all_chows": 1, "flower": 2},
        id="cap-flowers-do-not-break-it",
    ),
    # --- big hands; raw < 6 pays 3 (3番满), raw >= 6 pays raw (6番爆, no upper limit)
    pytest.param(
        "123m345m678m999m5m +5m",
        DISCARD,
        {},
        3,
        4,
        {"pure_one_suit": 4},
        id="pure-one-suit-raw-4-to-3",
    ),
    pytest.param(
        "123p456p789p234p5p +5p",
        SELF,
        {},
        3,
        5,
        {"pure_one_suit": 4, "all_chows": 1},
        id="pure-one-suit-all-chows-raw-5-to-3",
    ),
    pytest.param(
        "111m999p1s [999s] [333z] +1s",
        DISCARD,
        {},
        3,
        5,
        {"mixed_terminals": 5},
        id="mixed-terminals-raw-5-to-3",
    ),
    pytest.param(
        "111m999m3z [444z] [222z] +3z",
        DISCARD,
        {},
        6,
        6,
        {"mixed_terminals": 5, "seat_wind_pung": 1},
        id="mixed-terminals-excludes-mixed-suit-and-all-pungs",
    ),
    pytest.param(
        "111p333p555p7p [999p] +7p",
        DISCARD,
        {},
        3,
        5,
        {"pure_pungs": 5},
        id="pure-pungs",
    ),
    pytest.param(
        "222s444s6s (8888s) [3333s] +6s",
        SELF,
        {},
        3,
        5,
        {"pure_pungs": 5},
        id="pure-pungs-with-kongs",
    ),
    pytest.param(
        "123m555z6z [777z] [999p] +6z",
        DISCARD,
        {},
        3,
        5,
        {"small_three_dragons": 5},
        id="small-three-dragons-excludes-dragon-pung",
    ),
    pytest.param(
        "123m555z6z [777z] [999m] +6z",
        DISCARD,
        {},
        7,
        7,
        {"small_three_dragons": 5, "mixed_one_suit": 2},
        id="small-three-dragons-mixed-one-suit",
    ),
    pytest.param(
        "111z222z3z [444z] [567p] +3z",
        DISCARD,
        {},
        7,
        7,
        {"small_four_winds": 5, "mixed_one_suit": 2},
        id="small-four-winds-excludes-wind-pungs",
    ),
    pytest.param(
        "111z222z3z [444z] [555z] +3z",
        DISCARD,
        {},
        12,
        12,
        {"small_four_winds": 5, "all_honors": 6, "dragon_pung": 1},
        id="small-four-winds-all-honors",
    ),
    pytest.param(
        BIG3_MIXED,
        DISCARD,
        {},
        8,
        8,
        {"big_three_dragons": 6, "mixed_one_suit": 2},
        id="big-three-dragons-mixed-one-suit",
    ),
    pytest.param(
        BIG3_TERMINALS,
        DISCARD,
        {},
        11,
        11,
        {"big_three_dragons": 6, "mixed_terminals": 5},
        id="big-three-dragons-mixed-terminals",
    ),
    pytest.param(
        "111z222z333z5m [444z] +5m",
        DISCARD,
        {},
        8,
        8,
        {"big_four_winds": 6, "mixed_one_suit": 2},
        id="big-four-winds-excludes-wind-pungs-and-all-pungs",
    ),
    pytest.param(
        "111z222z333z5z [444z] +5z",
        DISCARD,
        {},
        12,
        12,
        {"big_four_winds": 6, "all_honors": 6},
        id="big-four-winds-all-honors-no-upper-limit",
    ),
    pytest.param(
        "111z222z333z9m [444z] +9m",
        DISCARD,
        {},
        11,
        11,
        {"big_four_winds": 6, "mixed_terminals": 5},
        id="big-four-winds-mixed-terminals",
    ),
    pytest.param(
        "111z222z333z5m [444z] +5m",
        {"flowers": 3},
        FLOWERS,
        11,
        11,
        {"big_four_winds": 6, "mixed_one_suit": 2, "flower": 3},
        id="big-four-winds-plus-flowers",
    ),
    pytest.param(ORPHANS, DISCARD, {}, 6, 6, {"thirteen_orphans": 6}, id="thirteen-orphans"),
    pytest.param(
        "19m19p19s1234567z +7z",
        {"self_drawn": True, "flowers": 1},
        FLOWERS,
        6,
        6,
        {"thirteen_orphans": 6},
        id="thirteen-orphans-excludes-everything",
    ),
    pytest.param(NINE_GATES, DISCARD, {}, 6, 6, {"nine_gates": 6}, id="nine-gates"),
    pytest.param(
        "1112345678999p +9p",
        {"self_drawn": True, "flowers": 2},
        FLOWERS,
        6,
        6,
        {"nine_gates": 6},
        id="nine-gates-excludes-everything",
    ),
    pytest.param(
        "1112345678m [999m] +5m",
        DISCARD,
        {},
        3,
        4,
        {"pure_one_suit": 4},
        id="nine-gates-shape-with-exposed-pung-is-not-nine-gates",
    ),
    pytest.param(
        "111z333z444z5z [666z] +5z",
        DISCARD,
        {},
        8,
        8,
        {"all_honors": 6, "prevailing_wind_pung": 1, "dragon_pung": 1},
        id="all-honors-excludes-all-pungs",
    ),
    pytest.param(
        "222z444z6z [333z] [777z] +6z",
        {"seat_wind": 2},
        {},
        8,
        8,
        {"all_honors": 6, "seat_wind_pung": 1, "dragon_pung": 1},
        id="all-honors-west-seat",
    ),
    pytest.param(
        "111p999p1s [999s] [1111m] +1s",
        DISCARD,
        {},
        6,
        6,
        {"pure_terminals": 6},
        id="pure-terminals-with-kong",
    ),
    pytest.param(
        "111m999m9s [111p] (9999p) +9s",
        SELF,
        {},
        6,
        6,
        {"pure_terminals": 6},
        id="pure-terminals-concealed-kong",
    ),
    pytest.param(
        "123m456p789s111z2z +2z",
        {"self_drawn": True, "heavenly": True, **EAST_SEAT},
        {},
        6,
        6,
        {"heavenly_hand": 6},
        id="heavenly-hand-flat-6",
    ),
    pytest.param(
        "234m555z666z777z1m +1m",
        {"self_drawn": True, "heavenly": True, **EAST_SEAT},
        {},
        6,
        6,
        {"heavenly_hand": 6},
        id="heavenly-hand-with-big-three-dragons-still-6",
    ),
    pytest.param(
        "123m456p789s111z2z +2z",
        {"self_drawn": True, "earthly": True},
        {},
        6,
        6,
        {"earthly_hand": 6},
        id="earthly-hand-self-drawn",
    ),
    pytest.param(
        "123m456p789s111z2z +2z",
        {"earthly": True},
        {},
        6,
        6,
        {"earthly_hand": 6},
        id="earthly-hand-on-discard",
    ),
    pytest.param(
        "234m555z666z777z1m +1m",
        {"self_drawn": True, "earthly": True, "flowers": 2},
        FLOWERS,
        6,
        6,
        {"earthly_hand": 6},
        id="earthly-hand-no-bonus-added",
    ),
    # --- highest reading (§5)
    pytest.param(
        "111222333m5p [999s] +5p",
        DISCARD,
        {},
        2,
        2,
        {"all_pungs": 2},
        id="highest-reading-pungs-beat-chicken",
    ),
    pytest.param(
        "111222333m5p [789s] +5p",
        DISCARD,
        {},
        1,
        1,
        {"all_chows": 1},
        id="highest-reading-chows-beat-chicken",
    ),
    # --- special-win floors (§6.4 step 4)
    pytest.param(
        "123m456p777s2m (4444s) +2m",
        {"self_drawn": True, "win_on_kong": True},
        {},
        3,
        0,
        {"chicken_hand": 0, "win_on_kong": 0},
        id="win-on-kong-self-drawn-floor",
    ),
    pytest.param(
        "123m456p777s2m (4444s) +2m",
        {"win_on_kong": True},
        {},
        0,
        0,
        {"chicken_hand": 0},
        id="win-on-kong-needs-self-draw",
    ),
    pytest.param(
        "234m555z1m [666z] (7777z) +1m",
        {"self_drawn": True, "win_on_kong": True},
        {},
        8,
        8,
        {"big_three_dragons": 6, "mixed_one_suit": 2, "win_on_kong": 0},
        id="win-on-kong-floor-does-not-lower-or-add",
    ),
    pytest.param(
        CHICKEN,
        {"self_drawn": True, "last_tile": True},
        {},
        3,
        0,
        {"chicken_hand": 0, "last_tile_draw": 0},
        id="last-tile-self-drawn-floor",
    ),
    pytest.param(
        CHICKEN,
        {"last_tile": True},
        {},
        0,
        0,
        {"chicken_hand": 0},
        id="last-tile-on-discard-is-no-floor",
    ),
    pytest.param(
        CHICKEN,
        {"robbing_kong": True},
        {},
        3,
        0,
        {"chicken_hand": 0, "robbing_the_kong": 0},
        id="robbing-the-kong-floor",
    ),
    pytest.param(
        ALL_CHOWS,
        {"robbing_kong": True},
        {},
        3,
        1,
        {"all_chows": 1, "robbing_the_kong": 0},
        id="robbing-the-kong-lifts-1-to-3",
    ),
    # --- seat and prevailing wind
    pytest.param(
        "123m456p789s5m [111z] +5m",
        EAST_SEAT,
        {},
        2,
        2,
        {"chicken_hand": 0, "prevailing_wind_pung": 1, "seat_wind_pung": 1},
        id="east-seat-east-round-scores-both",
    ),
    pytest.param(
        "123m456p789s5m [222z] +5m",
        {"seat_wind": 1, "prevailing_wind": 1},
        {},
        2,
        2,
        {"chicken_hand": 0, "prevailing_wind_pung": 1, "seat_wind_pung": 1},
        id="south-seat-south-round-scores-both",
    ),
    pytest.param(
        "123m456p789s5m [111z] +5m",
        DISCARD,
        {},
        1,
        1,
        {"chicken_hand": 0, "prevailing_wind_pung": 1},
        id="prevailing-wind-only",
    ),
    pytest.param(
        "123m456p789s5m [111z] +5m",
        {"seat_wind": 0, "prevailing_wind": 1},
        {},
        1,
        1,
        {"chicken_hand": 0, "seat_wind_pung": 1},
        id="seat-wind-only",
    ),
    # --- flowers: +1 each
    pytest.param(
        CHICKEN,
        {"flowers": 1},
        FLOWERS,
        1,
        1,
        {"chicken_hand": 0, "flower": 1},
        id="flower-one",
    ),
    pytest.param(
        CHICKEN,
        {"flowers": 3, "self_drawn": True},
        FLOWERS,
        3,
        3,
        {"chicken_hand": 0, "flower": 3},
        id="flowers-three",
    ),
    # --- seven pairs, only with the option
    pytest.param(
        "11m33m55p77p99s22s4s +4s",
        DISCARD,
        {"seven_pairs": True},
        2,
        2,
        {"seven_pairs": 2},
        id="seven-pairs-with-option",
    ),
    pytest.param(
        "11m33m55m77m99m22z4z +4z",
        DISCARD,
        {"seven_pairs": True},
        3,
        4,
        {"seven_pairs": 2, "mixed_one_suit": 2},
        id="seven-pairs-mixed-one-suit-capped",
    ),
]


@pytest.mark.parametrize(("hand", "ctx", "options", "fan", "raw", "patterns"), JIPINGHU)
def test_jipinghu(hand, ctx, options, fan, raw, patterns):
    result = score(hand, ctx, **options)
    assert result.win
    assert result.fan == fan
    assert result.raw_fan == raw
    assert pattern_map(result) == patterns


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("11m33m55p77p99s22s4s +4s", id="mixed-suits"),
        pytest.param("11m33m55m77m99m22z4z +4z", id="one-suit-and-honors"),
    ],
)
def test_seven_pairs_is_no_win_without_the_option(hand):
    result = score(hand)
    assert not result.win
    assert result.fan == 0
    assert not result.can_declare
    assert result.shanten is not None and result.shanten >= 1


# ---------------------------------------------------------------------------------------------
# min_fan (§6.4 step 5): (hand, context, min_fan, can_declare)

MIN_FAN = [
    pytest.param(CHICKEN, DISCARD, 0, True, id="fan0-min0"),
    pytest.param(CHICKEN, DISCARD, 1, False, id="fan0-min1"),
    pytest.param(CHICKEN, DISCARD, 3, False, id="fan0-min3"),
    pytest.param(ALL_CHOWS, DISCARD, 0, True, id="fan1-min0"),
    pytest.param(ALL_CHOWS, DISCARD, 1, True, id="fan1-min1"),
    pytest.param(ALL_CHOWS, DISCARD, 3, False, id="fan1-min3"),
    pytest.param("123m456p4s [678m] [555z] +4s", DISCARD, 1, True, id="chicken-bonus-min1"),
    pytest.param(MIXED_CHOWS, DISCARD, 3, True, id="fan3-min3"),
    pytest.param(
        CHICKEN, {"self_drawn": True, "last_tile": True}, 3, True, id="floor-lifts-to-min3"
    ),
    pytest.param(BIG3_MIXED, DISCARD, 3, True, id="fan8-min3"),
]


@pytest.mark.parametrize(("hand", "ctx", "min_fan", "declare"), MIN_FAN)
def test_min_fan(hand, ctx, min_fan, declare):
    result = score(hand, ctx, min_fan=min_fan)
    assert result.win
    assert result.can_declare is declare


# ---------------------------------------------------------------------------------------------
# points = base × 2^fan (§6.5): (hand, context, options, points)

POINTS = [
    pytest.param("123m456m789m2z [111z] +2z", SELF, {"base": 2}, 16, id="base2-fan3"),
    pytest.param(CHICKEN, DISCARD, {"base": 5, "min_fan": 0}, 5, id="base5-fan0"),
    pytest.param(ALL_CHOWS, DISCARD, {"base": 10}, 20, id="base10-fan1"),
    pytest.param(BIG3_MIXED, DISCARD, {"base": 1}, 256, id="base1-fan8"),
    pytest.param("111z222z333z5z [444z] +5z", DISCARD, {"base": 100}, 409600, id="base100-fan12"),
    pytest.param(CHICKEN, {"robbing_kong": True}, {"base": 20}, 160, id="base20-floor3"),
]


@pytest.mark.parametrize(("hand", "ctx", "options", "points"), POINTS)
def test_points(hand, ctx, options, points):
    assert score(hand, ctx, **options).points == points


# ---------------------------------------------------------------------------------------------
# a 14-tile hand that does not win


@pytest.mark.parametrize(
    ("hand", "shanten"),
    [
        # 123m 456p 789s and a pair of East, with 2z 3z 4z loose: one away from tenpai
        pytest.param("123m456p789s11z23z +4z", 1, id="one-shanten"),
        # 123m 456p 789s, pair 55m, partial 67m and a loose 1z: discard 1z for tenpai
        pytest.param("123m456p789s55m67m +1z", 0, id="tenpai-after-discard"),
    ],
)
def test_non_winning_hand(hand, shanten):
    result = score(hand, min_fan=0)
    assert result.win is False
    assert result.shanten == shanten
    assert result.fan == 0
    assert result.patterns == ()
    assert result.can_declare is False
    assert result.points == 0


# ---------------------------------------------------------------------------------------------
# presets of §8: (preset, hand, context, fan, raw_fan, patterns)

MIXED_SUIT = "123m456m999m2m [333z] +2m"  # mixed_one_suit, a West pung (no bonus for South)
ALL_PUNGS_BONUS = "111m444p3z [777z] [222z] +3z"  # all_pungs + 中 + seat wind South
MIXED_PUNGS = "111m555m3z [777z] [222z] +3z"  # mixed_one_suit + all_pungs + 中 + seat wind
EARTHLY = "123m456p789s999m2z +2z"  # a chicken hand
EAST_BONUSES = "123m456p5s [111z] [777z] +5s"  # chicken; East seat East round + 中

PRESET_CASES = [
    # ----- qq3: cap 3, self_drawn +1, specials alone
    pytest.param("qq3", MIXED_SUIT, DISCARD, 2, 2, {"mixed_one_suit": 2}, id="qq3-within-cap"),
    pytest.param(
        "qq3",
        MIXED_SUIT,
        SELF,
        3,
        3,
        {"mixed_one_suit": 2, "self_drawn": 1},
        id="qq3-self-drawn-bonus",
    ),
    pytest.param(
        "qq3",
        MIXED_CHOWS,
        SELF,
        3,
        4,
        {"mixed_one_suit": 2, "all_chows": 1, "self_drawn": 1},
        id="qq3-self-drawn-capped",
    ),
    pytest.param(
        "qq3",
        ALL_PUNGS_BONUS,
        DISCARD,
        3,
        4,
        {"all_pungs": 2, "dragon_pung": 1, "seat_wind_pung": 1},
        id="qq3-cap",
    ),
    pytest.param(
        "qq3",
        EAST_BONUSES,
        {"self_drawn": True, "flowers": 2, **EAST_SEAT},
        3,
        6,
        {
            "chicken_hand": 0,
            "prevailing_wind_pung": 1,
            "seat_wind_pung": 1,
            "dragon_pung": 1,
            "self_drawn": 1,
            "flower": 2,
        },
        id="qq3-bonus-never-breaks-cap",
    ),
    pytest.param(
        "qq3",
        BIG3_MIXED,
        {"self_drawn": True, "flowers": 2},
        6,
        6,
        {"big_three_dragons": 6},
        id="qq3-special-alone-no-bonus",
    ),
    pytest.param(
        "qq3",
        BIG3_TERMINALS,
        DISCARD,
        6,
        6,
        {"big_three_dragons": 6},
        id="qq3-two-specials-highest-only",
    ),
    pytest.param(
        "qq3",
        "123m555z6z [777z] [999m] +6z",
        SELF,
        5,
        5,
        {"small_three_dragons": 5},
        id="qq3-small-three-dragons-no-mixed-no-self-drawn",
    ),
    pytest.param("qq3", MIXED_PUNGS, DISCARD, 4, 4, {"mixed_pungs": 4}, id="qq3-mixed-pungs"),
    pytest.param(
        "qq3",
        "111222333p5p [999p] +5p",
        DISCARD,
        5,
        5,
        {"pure_pungs": 5},
        id="qq3-highest-reading-pure-pungs",
    ),
    pytest.param("qq3", NINE_GATES, DISCARD, 6, 6, {"nine_gates": 6}, id="qq3-nine-gates"),
    pytest.param("qq3", ORPHANS, DISCARD, 6, 6, {"thirteen_orphans": 6}, id="qq3-orphans"),
    pytest.param(
        "qq3",
        EARTHLY,
        {"self_drawn": True, "earthly": True},
        6,
        6,
        {"earthly_hand": 6},
        id="qq3-earthly-self-drawn",
    ),
    pytest.param(
        "qq3",
        EARTHLY,
        {"earthly": True},
        0,
        0,
        {"chicken_hand": 0},
        id="qq3-earthly-on-discard-is-not-earthly",
    ),
    pytest.param("qq3", EARTHLY, {"human": True}, 6, 6, {"human_hand": 6}, id="qq3-human-hand"),
    pytest.param(
        "qq3",
        CHICKEN,
        {"robbing_kong": True},
        3,
        0,
        {"chicken_hand": 0, "robbing_the_kong": 0},
        id="qq3-robbing-floor",
    ),
    pytest.param("qq3", ARHATS, DISCARD, 2, 2, {"all_pungs": 2}, id="qq3-no-eighteen-arhats"),
    # ----- baohu5: cap 5
    pytest.param(
        "baohu5", NINE_GATES, DISCARD, 5, 5, {"pure_one_suit": 5}, id="baohu5-no-nine-gates"
    ),
    pytest.param(
        "baohu5",
        MIXED_CHOWS,
        DISCARD,
        4,
        4,
        {"mixed_one_suit": 3, "all_chows": 1},
        id="baohu5-within-cap",
    ),
    pytest.param(
        "baohu5",
        MIXED_CHOWS,
        SELF,
        5,
        5,
        {"mixed_one_suit": 3, "all_chows": 1, "self_drawn": 1},
        id="baohu5-self-drawn-reaches-cap",
    ),
    pytest.param(
        "baohu5",
        ALL_PUNGS_BONUS,
        SELF,
        5,
        6,
        {"all_pungs": 3, "dragon_pung": 1, "seat_wind_pung": 1, "self_drawn": 1},
        id="baohu5-bonus-never-breaks-cap",
    ),
    pytest.param(
        "baohu5",
        MIXED_PUNGS,
        DISCARD,
        5,
        7,
        {"mixed_pungs": 5, "dragon_pung": 1, "seat_wind_pung": 1},
        id="baohu5-mixed-pungs-replaces-parts",
    ),
    pytest.param(
        "baohu5",
        "123p456p789p234p5p +5p",
        DISCARD,
        5,
        6,
        {"pure_one_suit": 5, "all_chows": 1},
        id="baohu5-pure-one-suit-within-cap",
    ),
    pytest.param(
        "baohu5",
        "111p333p555p7p [999p] +7p",
        DISCARD,
        6,
        6,
        {"pure_pungs": 6},
        id="baohu5-pure-pungs-special",
    ),
    pytest.param(
        "baohu5",
        BIG3_TERMINALS,
        {"self_drawn": True},
        9,
        9,
        {"big_three_dragons": 9},
        id="baohu5-two-specials-highest-only",
    ),
    pytest.param(
        "baohu5",
        "111z222z3z [444z] [555z] +3z",
        DISCARD,
        8,
        8,
        {"all_honors": 8},
        id="baohu5-all-honors-beats-small-four-winds",
    ),
    pytest.param("baohu5", ORPHANS, DISCARD, 9, 9, {"thirteen_orphans": 9}, id="baohu5-orphans"),
    # ----- seed003: cap 3, no self-drawn fan, specials alone
    pytest.param(
        "seed003", MIXED_SUIT, SELF, 2, 2, {"mixed_one_suit": 2}, id="seed003-self-drawn-no-fan"
    ),
    pytest.param(
        "seed003",
        ALL_PUNGS_BONUS,
        DISCARD,
        3,
        4,
        {"all_pungs": 2, "dragon_pung": 1, "seat_wind_pung": 1},
        id="seed003-cap",
    ),
    pytest.param(
        "seed003",
        BIG3_TERMINALS,
        DISCARD,
        5,
        5,
        {"big_three_dragons": 5},
        id="seed003-two-specials-highest-only",
    ),
    pytest.param(
        "seed003",
        BIG3_MIXED,
        {"flowers": 1},
        5,
        5,
        {"big_three_dragons": 5},
        id="seed003-special-alone-no-bonus",
    ),
    pytest.param(
        "seed003", MIXED_PUNGS, DISCARD, 3, 3, {"mixed_pungs": 3}, id="seed003-mixed-pungs"
    ),
    pytest.param("seed003", NINE_GATES, DISCARD, 5, 5, {"nine_gates": 5}, id="seed003-nine-gates"),
    pytest.param(
        "seed003",
        ARHATS,
        DISCARD,
        5,
        5,
        {"eighteen_arhats": 5},
        id="seed003-eighteen-arhats",
    ),
    pytest.param(
        "seed003",
        EARTHLY,
        {"self_drawn": True, "earthly": True},
        5,
        5,
        {"earthly_hand": 5},
        id="seed003-earthly-self-drawn",
    ),
    pytest.param(
        "seed003",
        EARTHLY,
        {"earthly": True},
        0,
        0,
        {"chicken_hand": 0},
        id="seed003-earthly-on-discard-is-not-earthly",
    ),
    pytest.param(
        "seed003", EARTHLY, {"human": True}, 5, 5, {"human_hand": 5}, id="seed003-human-hand"
    ),
    pytest.param("seed003", ORPHANS, DISCARD, 5, 5, {"thirteen_orphans": 5}, id="seed003-orphans"),
]


@pytest.mark.parametrize(("preset", "hand", "ctx", "fan", "raw", "patterns"), PRESET_CASES)
def test_presets(preset, hand, ctx, fan, raw, patterns):
    options: dict[str, Any] = {"preset": preset}
    if ctx.get("flowers"):
        options["flowers"] = True
    result = score(hand, ctx, **options)
    assert result.win
    assert result.fan == fan
    assert result.raw_fan == raw
    assert pattern_map(result) == patterns


# points in the presets: (preset, hand, context, base, points)
PRESET_POINTS = [
    pytest.param("qq3", MIXED_SUIT, SELF, 2, 16, id="qq3-self-drawn-is-a-fan-not-a-base"),
    pytest.param("seed003", MIXED_SUIT, DISCARD, 2, 8, id="seed003-discard"),
    pytest.param("seed003", MIXED_SUIT, SELF, 2, 10, id="seed003-self-drawn-adds-a-base"),
    pytest.param("seed003", CHICKEN, SELF, 5, 10, id="seed003-chicken-self-drawn"),
    pytest.param(
        "seed003", "123m345m678m999m5m +5m", SELF, 2, 16, id="seed003-special-no-base-bonus"
    ),
    pytest.param(
        "seed003",
        EARTHLY,
        {"self_drawn": True, "earthly": True},
        1,
        32,
        id="seed003-earthly-no-base-bonus",
    ),
    pytest.param("baohu5", MIXED_CHOWS, SELF, 1, 32, id="baohu5-self-drawn-fan5"),
    # §5: the highest reading. As three pungs this is mixed_pungs 3 (a special: no base bonus,
    # 8); as three chows it is mixed_one_suit 2 + dragon_pung 1 = 3 within the cap, and a
    # self-drawn win within the cap adds one base: 8 + 1 = 9. The highest reading pays 9.
    pytest.param(
        "seed003", "111222333m4z [555z] +4z", SELF, 1, 9, id="seed003-highest-reading-by-points"
    ),
]


@pytest.mark.parametrize(("preset", "hand", "ctx", "base", "points"), PRESET_POINTS)
def test_preset_points(preset, hand, ctx, base, points):
    assert score(hand, ctx, preset=preset, base=base).points == points


@pytest.mark.parametrize(
    ("options", "min_fan", "twelve"),
    [
        pytest.param({}, 1, "all", id="jipinghu"),
        pytest.param({"preset": "qq3"}, 0, "first_only", id="qq3"),
        pytest.param({"preset": "baohu5"}, 0, "all", id="baohu5"),
        pytest.param({"preset": "seed003"}, 0, "all", id="seed003"),
        pytest.param(
            {"preset": "qq3", "min_fan": 3, "twelve_tile_liability": "all"},
            3,
            "all",
            id="qq3-overridden",
        ),
        pytest.param({"preset": "baohu5", "min_fan": 1}, 1, "all", id="baohu5-min1"),
        pytest.param(
            {"twelve_tile_liability": "first_only", "min_fan": 0},
            0,
            "first_only",
            id="jipinghu-overridden",
        ),
    ],
)
def test_preset_defaults(options, min_fan, twelve):
    rules = make_ruleset(options)
    assert rules.min_fan == min_fan
    assert rules.twelve_tile_liability == twelve


def test_qq3_chicken_may_win_by_default():
    assert score(CHICKEN, preset="qq3").can_declare is True
    assert score(CHICKEN).can_declare is False  # jipinghu: min_fan 1


# ---------------------------------------------------------------------------------------------
# rulesets


@pytest.mark.parametrize(
    ("options", "named"),
    [
        pytest.param({"no_such_option": 1}, "no_such_option", id="unknown-option"),
        pytest.param({"base": 3}, "base", id="base-3"),
        pytest.param({"min_fan": 2}, "min_fan", id="min-fan-2"),
        pytest.param({"horses": 3}, "horses", id="horses-3"),
        pytest.param({"rounds": 2}, "rounds", id="rounds-2"),
        pytest.param({"preset": "no_such_preset"}, "no_such_preset", id="unknown-preset"),
    ],
)
def test_make_ruleset_rejects(options, named):
    with pytest.raises(RulesetError) as info:
        make_ruleset(options)
    assert named in str(info.value)


def _table(patterns: list[list[Any]]) -> dict[str, Any]:
    return {
        "name": "custom",
        "title_zh": "自定义",
        "title_en": "Custom",
        "counting": {"method": "burst", "cap": 3, "burst": 6},
        "patterns": patterns,
    }


def test_parse_preset_accepts_a_valid_table():
    preset = parse_preset(
        _table([["chicken_hand", 0, "fallback", []], ["all_chows", 1, "small", []]])
    )
    assert [r.id for r in preset.patterns] == ["chicken_hand", "all_chows"]


@pytest.mark.parametrize(
    ("patterns", "named"),
    [
        pytest.param(
            [["chicken_hand", 0, "fallback", []], ["golden_dragon", 3, "big", []]],
            "golden_dragon",
            id="unknown-pattern",
        ),
        pytest.param(
            [["chicken_hand", 0, "fallback", []], ["all_chows", 1, "small", ["pure_one_suit"]]],
            "pure_one_suit",
            id="excludes-pattern-not-in-table",
        ),
        pytest.param(
            [
                ["chicken_hand", 0, "fallback", []],
                ["all_chows", 1, "small", []],
                ["all_chows", 2, "small", []],
            ],
            "all_chows",
            id="duplicated-pattern",
        ),
    ],
)
def test_parse_preset_rejects(patterns, named):
    with pytest.raises(RulesetError) as info:
        parse_preset(_table(patterns))
    assert named in str(info.value)


def test_builtin_presets_parse():
    for name, raw in PRESETS.items():
        assert parse_preset(raw).name == name


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"preset": "qq3"}, id="preset"),
        pytest.param({"base": 2}, id="base"),
        pytest.param({"starting_score": 500}, id="starting_score"),
        pytest.param({"min_fan": 0}, id="min_fan"),
        pytest.param({"multiple_winners": False}, id="multiple_winners"),
        pytest.param({"missed_win_lock_until": "any_move"}, id="missed_win_lock_until"),
        pytest.param({"twelve_tile_liability": "first_only"}, id="twelve_tile_liability"),
        pytest.param({"flowers": True}, id="flowers"),
        pytest.param({"horses": 2}, id="horses"),
        pytest.param({"rounds": 1}, id="rounds"),
        pytest.param({"turn_seconds": 30}, id="turn_seconds"),
        pytest.param({"claim_seconds": 0}, id="claim_seconds"),
        pytest.param({"seven_pairs": True}, id="seven_pairs"),
    ],
)
def test_digest_differs_when_an_option_differs(change):
    assert make_ruleset(change).digest != make_ruleset({}).digest


def test_digest_equal_for_equal_options():
    assert make_ruleset({}).digest == make_ruleset({"preset": "jipinghu", "base": 1}).digest
    a = make_ruleset({"preset": "qq3", "base": 5, "horses": 1})
    b = make_ruleset({"horses": 1, "base": 5, "preset": "qq3"})
    assert a.digest == b.digest
    # a preset default spelled out is the same rule as the default left implicit
    assert (
        make_ruleset({"preset": "qq3", "min_fan": 0}).digest
        == make_ruleset({"preset": "qq3"}).digest
    )
