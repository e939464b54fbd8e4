"""The competent bot's minimum-fan check, straight from counts and melds.

`shared.fan.any_declarable` (and `score_counts`) answer from a count vector and the laid
melds, without a `Hand` of sorted tiles, and read a wait's tiles once for both ways to
win. The expectation here is the full scoring the table itself does: a `Hand` built from
a list of tiles, `score_hand` under each context, its memo emptied before each call, so
that no cached answer of the fast path can stand in for it. Random ready hands, with
laid chows, pungs, kongs and concealed kongs, flowers and winds, under every preset and
each minimum fan (0, 1, 3), with and without 七对.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared import fan
from shared.analysis import waits
from shared.errors import MahjongError
from shared.fan import any_declarable, score_counts, score_hand
from shared.melds import Meld
from shared.notation import Hand, parse_hand
from shared.patterns import WinContext
from shared.presets import PRESETS
from shared.ruleset import MIN_FAN_VALUES, Ruleset, make_ruleset
from shared.tiles import Tile

PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_SETS = [("chow", s * 9 + r) for s in range(3) for r in range(7)] + [
    ("pung", t) for t in range(34)
]


@cache
def _rules(preset: str, min_fan: int, seven_pairs: bool) -> Ruleset:
    return make_ruleset({"preset": preset, "min_fan": min_fan, "seven_pairs": seven_pairs})


def _set_tiles(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t, t, t]


@st.composite
def ready_hands(draw):
    """(13-tile concealed counts, laid melds, flowers): a win less one concealed tile,
    a seven-pairs hand less one, or either with a tile swapped (often no longer ready)."""
    counts = [0] * 34
    melds: list[Meld] = []
    if draw(st.integers(0, 5)) == 0:  # seven pairs
        for _ in range(7):
            t = draw(st.sampled_from([t for t in range(34) if counts[t] <= 2]))
            counts[t] += 2
    else:
        used = [0] * 34
        laid = draw(st.integers(0, 4))
        for i in range(4):
            options = [
                s
                for s in _SETS
                if all(used[x] + _set_tiles(*s).count(x) <= 4 for x in _set_tiles(*s))
            ]
            kind, t = draw(st.sampled_from(options))
            if i < laid and kind == "pung" and used[t] == 0 and draw(st.booleans()):
                used[t] = 4
                melds.append(Meld.kong(Tile(t), concealed=draw(st.booleans())))
                continue
            for x in _set_tiles(kind, t):
                used[x] += 1
                if i >= laid:
                    counts[x] += 1
            if i < laid:
                melds.append(Meld.chow(Tile(t)) if kind == "chow" else Meld.pung(Tile(t)))
        pair = draw(st.sampled_from([t for t in range(34) if used[t] <= 2]))
        counts[pair] += 2
    held = [t for t in range(34) for _ in range(counts[t])]
    counts[draw(st.sampled_from(held))] -= 1
    if draw(st.integers(0, 3)) == 0:
        out = draw(st.sampled_from([t for t in range(34) if counts[t]]))
        counts[out] -= 1
        counts[draw(st.sampled_from([t for t in range(34) if counts[t] < 4]))] += 1
    flowers = tuple(sorted(draw(st.sets(st.integers(34, 41), max_size=8))))
    return counts, tuple(melds), flowers


def _contexts(seat_wind: int, prevailing_wind: int, flowers: int) -> tuple[WinContext, ...]:
    return tuple(
        WinContext(
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            prevailing_wind=prevailing_wind,
            flowers=flowers,
        )
        for self_drawn in (True, False)
    )


def _full_scores(counts, melds, flowers, wait, contexts, rules):
    """The table's way: a Hand of tiles, each context scored afresh (memo emptied)."""
    tiles = tuple(Tile(t) for t in range(34) for _ in range(counts[t]))
    hand = Hand(tiles, melds, Tile(wait), tuple(Tile(f) for f in flowers))
    scores = []
    for context in contexts:
        fan._score_memo.clear()
        scores.append(score_hand(hand, context, rules))
    return scores


@pytest.mark.parametrize("seven_pairs", [False, True])
@pytest.mark.parametrize("min_fan", MIN_FAN_VALUES)
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_fast_min_fan_answer_is_the_full_scorings(preset, min_fan, seven_pairs) -> None:
    rules = _rules(preset, min_fan, seven_pairs)

    @PROPERTY
    @given(ready_hands(), st.integers(0, 3), st.integers(0, 3))
    def check(hand, seat_wind, prevailing_wind) -> None:
        counts, melds, flowers = hand
        contexts = _contexts(seat_wind, prevailing_wind, len(flowers))
        for wait in waits(counts, len(melds), seven_pairs):
            expected = _full_scores(counts, melds, flowers, wait, contexts, rules)
            counts[wait] += 1
            with_win = bytes(counts)
            counts[wait] -= 1
            # twice: the second answer comes from the memo the first one filled
            for _ in range(2):
                assert any_declarable(with_win, melds, contexts, rules) == any(
                    s.win and s.can_declare for s in expected
                )
                for context, full in zip(contexts, expected, strict=True):
                    assert score_counts(with_win, melds, context, rules) == full

    check()


def test_a_chicken_hand_is_declarable_only_without_a_minimum() -> None:
    # 123m 456m 789p 222s 5s, won on 5s: 鸡和, 0 fan in jipinghu (a pung breaks 平和),
    # South seat in an East round, no flowers: nothing adds a fan, by discard or self-draw
    counts = [0] * 34
    for t in (0, 1, 2, 3, 4, 5, 15, 16, 17, 19, 19, 19, 22):
        counts[t] += 1
    assert waits(counts, 0) == [22]
    counts[22] += 1
    contexts = _contexts(1, 0, 0)
    assert any_declarable(bytes(counts), (), contexts, _rules("jipinghu", 0, False))
    assert not any_declarable(bytes(counts), (), contexts, _rules("jipinghu", 1, False))
    # the 222s laid down changes nothing; a dragon pung laid instead gives one fan
    counts[19] -= 3
    chicken = (Meld.pung(Tile(19)),)
    assert not any_declarable(bytes(counts), chicken, contexts, _rules("jipinghu", 1, False))
    dragon = (Meld.pung(Tile(31)),)
    assert any_declarable(bytes(counts), dragon, contexts, _rules("jipinghu", 1, False))
    assert not any_declarable(bytes(counts), dragon, contexts, _rules("jipinghu", 3, False))


def test_a_non_win_scores_as_none_and_a_wrong_size_is_refused() -> None:
    rules = _rules("jipinghu", 1, False)
    counts = [0] * 34
    for t in (0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26):
        counts[t] += 1
    context = WinContext()
    assert not any_declarable(bytes(counts), (), (context,), rules)
    assert not score_counts(bytes(counts), (), context, rules).win
    with pytest.raises(MahjongError, match="14 tiles"):
        any_declarable(bytes([0, *counts[1:]]), (), (context,), rules)  # 13 tiles
    with pytest.raises(MahjongError, match="14 tiles"):
        score_counts(bytes(counts), (Meld.pung(Tile(31)),), context, rules)


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_nine_gates_in_every_suit(suit) -> None:
    # 九莲宝灯 is 6 fan in jipinghu, counted alone, whichever suit it is in
    rules = _rules("jipinghu", 1, False)
    hand = parse_hand(f"1112345678999{suit} +5{suit}")
    for score in (
        score_hand(hand, WinContext(), rules),
        score_counts(hand.count_bytes, (), WinContext(), rules),
    ):
        assert [(p.id, p.fan) for p in score.patterns] == [("nine_gates", 6)]
        assert score.fan == 6
