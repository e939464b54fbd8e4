"""Differential test of shared.analysis against the PyPI `mahjong` package.

The reference (mahjong.shanten.Shanten) is an independent implementation of the same
shanten numbers: regular form (four sets and a pair), kokushi (thirteen orphans) and
chiitoitsu (seven pairs, which we leave out: ours counts four of a kind as two pairs and
the default rules have no seven pairs at all).

The hands are drawn from random.Random(SEED): half uniformly from the 136 tiles, half
built from random sets and a pair (some from thirteen orphans) with 0-3 tiles replaced,
so that many are ready or complete.  Every mismatch is collected and the first few are
printed in hand notation with both answers.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from mahjong.shanten import Shanten

from shared.analysis import (
    is_win,
    orphans_shanten,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    waits,
)
from shared.notation import format_tiles
from shared.tiles import Tile

SEED = 20_240_601
HANDS = 10_000
MELD_HANDS = 2_000
SHOWN = 8

ORPHAN_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
POOL = tuple(t for t in range(34) for _ in range(4))
SETS = tuple([(s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)]
             + [(t, t, t) for t in range(34)])


def notation(counts: list[int]) -> str:
    return format_tiles([Tile(t) for t in range(34) for _ in range(counts[t])])


def _uniform(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for t in rng.sample(POOL, size):
        counts[t] += 1
    return counts


def _replace(rng: random.Random, counts: list[int], swaps: int) -> None:
    for _ in range(swaps):
        held = [t for t in range(34) if counts[t]]
        out = rng.choice(held)
        counts[out] -= 1
        counts[rng.choice([t for t in range(34) if counts[t] < 4 and t != out])] += 1


def _biased(rng: random.Random, size: int, sets: int = 4) -> list[int]:
    """`sets` random sets and a pair (or thirteen orphans), 0-3 tiles replaced, cut to size."""
    if sets == 4 and rng.random() < 0.1:
        counts = [0] * 34
        for t in ORPHAN_KINDS:
            counts[t] = 1
        counts[rng.choice(ORPHAN_KINDS)] += 1
    else:
        while True:
            counts = [0] * 34
            for _ in range(sets):
                for t in rng.choice(SETS):
                    counts[t] += 1
            counts[rng.randrange(34)] += 2
            if max(counts) <= 4:
                break
    _replace(rng, counts, rng.randrange(4))
    while sum(counts) > size:
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
    return counts


@cache
def sample() -> tuple[tuple[int, ...], ...]:
    """HANDS concealed hands of 13 or 14 tiles, no melds."""
    rng = random.Random(SEED)
    hands = []
    for i in range(HANDS):
        size = 13 + i % 2
        counts = _uniform(rng, size) if i < HANDS // 2 else _biased(rng, size)
        assert sum(counts) == size and max(counts) <= 4
        hands.append(tuple(counts))
    return tuple(hands)


@cache
def meld_sample() -> tuple[tuple[tuple[int, ...], int], ...]:
    """MELD_HANDS concealed parts of hands with 1-4 melds laid down: 13-3k or 14-3k tiles."""
    rng = random.Random(SEED + 1)
    hands = []
    for i in range(MELD_HANDS):
        k = 1 + i % 4
        size = 13 - 3 * k + (i // 4) % 2
        counts = _uniform(rng, size) if i % 8 < 4 else _biased(rng, size, sets=4 - k)
        assert sum(counts) == size and max(counts) <= 4
        hands.append((tuple(counts), k))
    return tuple(hands)


def _report(what: str, mismatches: list[str], total: int) -> str:
    shown = "\n".join(mismatches[:SHOWN])
    return f"{what}: {len(mismatches)} of {total} hands differ from the reference; first:\n{shown}"


def reference_wins(counts: tuple[int, ...]) -> list[int]:
    """Tiles t (fewer than four held) for which the reference calls hand + t complete."""
    found = []
    hand = list(counts)
    for t in range(34):
        if hand[t] < 4:
            hand[t] += 1
            if Shanten.calculate_shanten(hand, use_chiitoitsu=False) == Shanten.AGARI_STATE:
                found.append(t)
            hand[t] -= 1
    return found


def test_the_sample_is_varied() -> None:
    """Enough ready, complete and thirteen-orphans hands for the comparisons to mean much."""
    hands = sample()
    assert len(hands) >= 10_000
    assert len(set(hands)) > 0.95 * len(hands)
    shanten_of = [Shanten.calculate_shanten(list(c), use_chiitoitsu=False) for c in hands]
    complete = sum(1 for c, s in zip(hands, shanten_of, strict=True) if sum(c) == 14 and s == -1)
    ready = sum(1 for c, s in zip(hands, shanten_of, strict=True) if sum(c) == 13 and s == 0)
    orphans = sum(1 for c in hands if Shanten.calculate_shanten_for_kokushi_hand(list(c)) <= 0)
    far = sum(1 for s in shanten_of if s >= 3)
    assert complete >= 400, complete
    assert ready >= 600, ready
    assert orphans >= 100, orphans
    assert far >= 2_000, far


def test_shanten_matches_reference() -> None:
    hands = sample()
    bad = []
    for counts in hands:
        ours = shanten(counts)
        ref = Shanten.calculate_shanten(list(counts), use_chiitoitsu=False)
        if ours != ref:
            bad.append(f"  {notation(counts)}: ours {ours}, reference {ref}")
    assert not bad, _report("shanten", bad, len(hands))


def test_standard_shanten_matches_reference_regular_shanten() -> None:
    hands = sample()
    bad = []
    for counts in hands:
        ours = standard_shanten(counts)
        ref = Shanten.calculate_shanten_for_regular_hand(list(counts))
        if ours != ref:
            bad.append(f"  {notation(counts)}: ours {ours}, reference {ref}")
    assert not bad, _report("standard_shanten", bad, len(hands))


def test_orphans_shanten_matches_reference_kokushi_shanten() -> None:
    hands = sample()
    bad = []
    for counts in hands:
        ours = orphans_shanten(counts)
        ref = Shanten.calculate_shanten_for_kokushi_hand(list(counts))
        if ours != ref:
            bad.append(f"  {notation(counts)}: ours {ours}, reference {ref}")
    assert not bad, _report("orphans_shanten", bad, len(hands))


def test_seven_pairs_shanten_matches_reference_without_repeated_kinds() -> None:
    """With at most two of a kind both rules agree (ours also lets four count as two pairs)."""
    hands = [c for c in sample() if max(c) <= 2]
    assert len(hands) >= 1_000
    bad = []
    for counts in hands:
        ours = seven_pairs_shanten(counts)
        ref = Shanten.calculate_shanten_for_chiitoitsu_hand(list(counts))
        if ours != ref:
            bad.append(f"  {notation(counts)}: ours {ours}, reference {ref}")
    assert not bad, _report("seven_pairs_shanten", bad, len(hands))


def test_win_detection_matches_reference() -> None:
    hands = [c for c in sample() if sum(c) == 14]
    bad = []
    for counts in hands:
        ours = is_win(counts)
        ref = Shanten.calculate_shanten(list(counts), use_chiitoitsu=False) == Shanten.AGARI_STATE
        if ours != ref:
            bad.append(f"  {notation(counts)}: ours is_win={ours}, reference complete={ref}")
    assert not bad, _report("is_win", bad, len(hands))


def test_waits_match_reference() -> None:
    hands = [c for c in sample() if sum(c) == 13]
    bad = []
    for counts in hands:
        ours = [int(t) for t in waits(counts)]
        ref = reference_wins(counts)
        if ours != ref:
            bad.append(
                f"  {notation(counts)}: ours {format_tiles([Tile(t) for t in ours]) or '-'}, "
                f"reference {format_tiles([Tile(t) for t in ref]) or '-'}"
            )
    assert not bad, _report("waits", bad, len(hands))


@pytest.mark.parametrize("melds", [1, 2, 3, 4])
def test_hands_with_melds_match_reference(melds: int) -> None:
    """With k melds laid down the reference reads the missing sets as open melds too."""
    hands = [c for c, k in meld_sample() if k == melds]
    bad = []
    for counts in hands:
        hand = list(counts)
        ref = Shanten.calculate_shanten_for_regular_hand(hand)
        ours = standard_shanten(counts, melds)
        if ours != ref or shanten(counts, melds) != ref:
            bad.append(f"  {notation(counts)} with {melds} melds: ours {ours}, reference {ref}")
        if sum(counts) == 14 - 3 * melds:
            if is_win(counts, melds) != (ref == Shanten.AGARI_STATE):
                bad.append(f"  {notation(counts)} with {melds} melds: is_win differs ({ref=})")
        else:
            ref_waits = [
                t
                for t in range(34)
                if hand[t] < 4
                and Shanten.calculate_shanten_for_regular_hand(
                    [*hand[:t], hand[t] + 1, *hand[t + 1:]]
                )
                == Shanten.AGARI_STATE
            ]
            ours_waits = [int(t) for t in waits(counts, melds)]
            if ours_waits != ref_waits:
                bad.append(
                    f"  {notation(counts)} with {melds} melds: waits ours {ours_waits}, "
                    f"reference {ref_waits}"
                )
    assert not bad, _report(f"{melds} melds", bad, len(hands))
