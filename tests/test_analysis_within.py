"""How far a hand is from a hand of some groups only (混一色, 清一色): `shanten_within`
and its improving tiles, which the strong computer player weighs; and `fan_of_patterns`,
what a hoped-for set of patterns would count under a preset."""

from __future__ import annotations

import random

import pytest

from shared.analysis import improving_kinds_within, shanten_within, standard_shanten
from shared.errors import MahjongError
from shared.fan import fan_of_patterns
from shared.ruleset import make_ruleset
from tests.test_analysis import cv, kinds

WITHIN = [
    # (13 or 14 tiles, melds, groups, shanten): worked out by hand
    ("123456789m11p23s5z", 0, "m", 4),  # three sets kept; a set and a pair from nothing
    ("123456789m11p23s5z", 0, "mz", 3),  # the 5z single towards the pair
    ("123456789m11p23s5z", 0, "mpsz", 0),  # every group: the hand as it is
    ("1234567899m123p", 0, "m", 3),  # 9m towards the pair, a set to draw
    ("1234567899m123p", 0, "p", 10),  # 123p kept: three sets and a pair, 11 tiles, to draw
    ("11m", 4, "m", -1),  # four sets laid, the pair made
    ("19m", 4, "p", 1),  # nothing kept: the pair is two tiles away
]


@pytest.mark.parametrize(("hand", "melds", "groups", "expected"), WITHIN)
def test_shanten_within_groups(hand: str, melds: int, groups: str, expected: int) -> None:
    assert shanten_within(cv(hand), melds, groups) == expected


def test_every_group_is_the_standard_shanten() -> None:
    rng = random.Random(4)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(300):
        rng.shuffle(wall)
        counts = [0] * 34
        for k in wall[:13]:
            counts[k] += 1
        assert shanten_within(counts, 0, "mpsz") == standard_shanten(counts)


def test_improving_tiles_within_a_suit() -> None:
    # 1236m 45p: towards 萬子 only, the 6m wants 4m 5m 7m 8m or a pair, and every 萬 kind
    # that makes a new set or the pair helps; no 筒 ever does.
    hand = cv("1236m45p1234z5z6z7z")
    found = improving_kinds_within(hand, 0, "m")
    assert found and all(k < 9 for k in found)
    assert set(found) >= set(kinds("45678m"))
    honours = improving_kinds_within(hand, 0, "mz")
    assert set(honours) >= set(kinds("1234567z"))  # a second of any single honour: a pair


def test_bad_groups_are_refused() -> None:
    with pytest.raises(MahjongError, match=r"groups are letters of 'mpsz', not 'mx'"):
        shanten_within(cv("123456789m11p23s"), 0, "mx")
    with pytest.raises(MahjongError, match="concealed part holds 13 or 14 tiles"):
        shanten_within(cv("123m"), 0, "m")


FANS = [
    # (preset, patterns, fan): RULES.md §6.4 and §8
    ("jipinghu", {}, 0),  # 鸡和 alone
    ("jipinghu", {"dragon_pung": 2}, 2),
    ("jipinghu", {"mixed_one_suit": 1, "dragon_pung": 1}, 3),
    ("jipinghu", {"mixed_one_suit": 1, "all_pungs": 1, "dragon_pung": 1}, 3),  # 3番满
    ("jipinghu", {"pure_one_suit": 1}, 3),  # a big hand under 6 counts 3
    ("jipinghu", {"big_three_dragons": 1, "dragon_pung": 3}, 6),  # 箭刻 not with it
    ("jipinghu", {"pure_terminals": 1, "all_pungs": 1, "flower": 2}, 8),  # 6番爆: no cap
    ("baohu5", {"mixed_one_suit": 1, "all_pungs": 1}, 5),  # cap 5
    ("jipinghu", {"no_such_pattern": 3}, 0),
]


@pytest.mark.parametrize(("preset", "patterns", "fan"), FANS)
def test_fan_of_patterns(preset: str, patterns: dict[str, int], fan: int) -> None:
    assert fan_of_patterns(make_ruleset({"preset": preset}), patterns) == fan
