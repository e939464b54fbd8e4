"""Hand analysis (shared.analysis): wins, waits, readings, shanten, chow counts, errors.

The hand-written cases spell out their expectations from the rules of RULES.md §5.  The
property tests check the functions against each other and against the way the hands
were built (sets plus a pair is a win; a tile is a wait iff it completes the hand; the
shanten of a 13-tile hand drops by exactly one with the best tile, and so on).  Hands
are written in the notation of §1 and turned into count vectors by a small parser of
this file's own, so that these tests do not lean on shared.notation.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from shared.analysis import (
    Reading,
    chow_counts,
    discard_ranking,
    discard_table,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    is_win,
    orphans_shanten,
    readings,
    seven_pairs_shanten,
    shanten,
    standard_shanten,
    waits,
)
from shared.errors import MahjongError
from shared.tiles import Tile

_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


def idx(text: str) -> list[int]:
    """Count-vector indices of the tiles in `text`, e.g. '19m7z' -> [0, 8, 33]."""
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        out.extend(_OFFSET[suit] + int(d) - 1 for d in digits)
    assert "".join(re.findall(r"\d+[mpsz]", text)) == text.replace(" ", ""), text
    return out


def cv(text: str) -> list[int]:
    counts = [0] * 34
    for i in idx(text):
        counts[i] += 1
    return counts


def kinds(text: str) -> list[int]:
    """Sorted distinct indices, the form `waits` answers in."""
    return sorted(set(idx(text)))


def T(text: str) -> Tile:
    (i,) = idx(text)
    return Tile(i)


ALL_NINE_M = "123456789m"
ORPHANS = "19m19p19s1234567z"

# --- is_win ------------------------------------------------------------------------------

WINS = [
    # (concealed tiles, melds, seven_pairs option, expected)
    ("123m456p789s11122z", 0, False, True),
    ("11123455678999m", 0, False, True),  # 111 234 55 678 999
    ("111222333m789m77z", 0, False, True),
    ("11m222p333s444z555z", 0, False, True),
    ("111123m456p789s99s", 0, False, True),  # 1111m read as 111 + 123
    ("112233m445566p77z", 0, False, True),  # looks like pairs, is standard
    ("123m456p789s11123z", 0, False, False),
    ("123m456p789s1122z3z", 0, False, False),
    ("11112222333344m", 0, False, True),  # 11 + 123 123 234 234, or 44 + 123 123 123 123
    # thirteen orphans, with the duplicate in different places
    ("119m19p19s1234567z", 0, False, True),
    ("19m19p19s12345677z", 0, False, True),
    ("159m19p19s1234567z", 0, False, False),  # a 5m instead of the duplicate
    ("119m19p19s1234566z", 0, False, False),  # 7z missing, two duplicates
    # seven pairs: only with the option; four of a kind counts as two pairs
    ("1122m3344p5566s77z", 0, False, False),
    ("1122m3344p5566s77z", 0, True, True),
    ("1111m3344p5566s77z", 0, True, True),
    ("1111m2222p3333s55z", 0, True, True),
    ("1111m2222p3333s55z", 0, False, False),
    ("1122m3344p5566s7z7m", 0, True, False),  # six pairs and two singles
    # melds laid down: the concealed part makes 4 - melds sets and a pair
    ("123m456p789s11z", 1, False, True),
    ("123m11z", 3, False, True),
    ("111z22z", 3, False, True),
    ("11z", 4, False, True),
    ("12z", 4, False, False),
    ("12m3p11z", 3, False, False),
    ("1122m3344p", 2, True, False),  # seven pairs needs a fully concealed hand
    ("11223344m", 2, False, True),  # 11 + 234 234, or 44 + 123 123
    ("1122m3344p", 2, False, False),
]


@pytest.mark.parametrize(("text", "melds", "seven", "expected"), WINS)
def test_is_win(text: str, melds: int, seven: bool, expected: bool) -> None:
    assert is_win(cv(text), melds, seven_pairs=seven) is expected


def test_form_predicates() -> None:
    assert is_thirteen_orphans(cv("119m19p19s1234567z"))
    assert not is_thirteen_orphans(cv("19m19p19s1234567z"))  # 13 tiles
    assert not is_thirteen_orphans(cv("123m456p789s11122z"))
    assert is_seven_pairs(cv("1111m3344p5566s77z"))
    assert not is_seven_pairs(cv("1122m3344p5566s7z"))  # 13 tiles
    assert is_standard_win(cv("123m11z"))
    assert not is_standard_win(cv("1122m3344p5566s77z"))
    assert not is_standard_win(cv("11m11p"))  # two pairs


# --- waits ------------------------------------------------------------------------------

WAITS = [
    # (concealed tiles, melds, seven_pairs option, the waits)
    ("1112345678999m", 0, False, ALL_NINE_M),  # nine gates
    ("1111m234p567s789s", 0, False, ""),  # only a fifth 1m would complete it
    ("1111m", 3, False, ""),  # likewise, with three melds laid down
    # 111 + 123 with a single 5z; the m tiles cannot give the pair (11 + 1123 is no sets)
    ("1111m23m456p789s5z", 0, False, "5z"),
    (ORPHANS, 0, False, ORPHANS),  # thirteen-sided
    ("119m19p19s123456z", 0, False, "7z"),
    ("23m456p789s111z55z", 0, False, "14m"),
    ("123m456p789s1112z", 0, False, "2z"),
    ("2345678m", 2, False, "258m"),
    ("23m11z", 3, False, "14m"),
    ("1234m", 3, False, "14m"),
    ("1113m", 3, False, "23m"),
    ("1m", 4, False, "1m"),
    ("1122m3344p5566s7z", 0, False, ""),
    ("1122m3344p5566s7z", 0, True, "7z"),
    ("111m3344p5566s77z", 0, False, ""),
    ("111m3344p5566s77z", 0, True, "1m"),  # 1111m is two pairs
    ("1111m2222p3333s5z", 0, True, "5z"),
    ("1111m2222p3333s5z", 0, False, ""),
    ("123m456p789s1z2z33z", 0, False, ""),  # one tile short of ready
]


@pytest.mark.parametrize(("text", "melds", "seven", "expected"), WAITS)
def test_waits(text: str, melds: int, seven: bool, expected: str) -> None:
    got = waits(cv(text), melds, seven_pairs=seven)
    assert [int(t) for t in got] == kinds(expected)
    assert all(isinstance(t, Tile) for t in got), f"waits must be Tiles, got {got!r}"


# --- readings and chow counts ------------------------------------------------------------

def test_readings_of_three_pungs_or_three_chows() -> None:
    got = readings(cv("111222333m789m77z"))
    assert len(got) == 2
    assert set(got) == {
        Reading((T("1m"), T("1m"), T("1m"), T("7m")), (), T("7z")),
        Reading((T("7m"),), (T("1m"), T("2m"), T("3m")), T("7z")),
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456p789s11122z", [Reading((T("1m"), T("4p"), T("7s")), (T("1z"),), T("2z"))]),
        ("11m222p333s444z555z", [Reading((), (T("2p"), T("3s"), T("4z"), T("5z")), T("1m"))]),
        ("123m11z", [Reading((T("1m"),), (), T("1z"))]),
        ("11z", [Reading((), (), T("1z"))]),
        ("123m456p789s11123z", []),
        ("1122m3344p5566s77z", []),
        (ORPHANS + "1m", []),
    ],
)
def test_readings(text: str, expected: list[Reading]) -> None:
    assert readings(cv(text)) == expected


def test_readings_with_the_pair_in_different_places() -> None:
    # 11123m: 11 + 123 only (111 + 23 is no set).  11122233m: 111 + 222 + 33 only.
    assert readings(cv("11123m")) == [Reading((T("1m"),), (), T("1m"))]
    assert readings(cv("11122233m")) == [Reading((), (T("1m"), T("2m")), T("3m"))]
    # 11123444m: 111 + 234 + 44, or 11 + 123 + 444 — the pair moves.
    assert set(readings(cv("11123444m"))) == {
        Reading((T("2m"),), (T("1m"),), T("4m")),
        Reading((T("1m"),), (T("4m"),), T("1m")),
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("111222333m789m77z", {1, 4}),
        ("123m456p789s11122z", {3}),
        ("11m222p333s444z555z", {0}),
        ("123m11z", {1}),
        ("11123444m", {1}),
        ("11112222333344m", {1, 4}),  # 11+123 123 234 234 / 44+123x4 / 44+111 222 333 123
        ("123456789m123p11z", {4}),
    ],
)
def test_chow_counts(text: str, expected: set[int]) -> None:
    assert chow_counts(cv(text)) == frozenset(expected)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("11m11p123456789s1z", id="single-honor"),
        pytest.param("11123m456p789s11z", id="two-pairs"),
        pytest.param("123m456p789s11z12z", id="honor-single-and-pair"),
    ],
)
def test_chow_counts_is_empty_for_a_hand_with_no_reading(text: str) -> None:
    # The docstring: "The numbers of concealed chows over every standard reading (empty if
    # none)". These hands have no standard reading at all.
    counts = cv(text)
    assert readings(counts) == []
    assert chow_counts(counts) == frozenset()


# --- shanten ------------------------------------------------------------------------------

SHANTEN = [
    # (tiles, melds, seven_pairs option, shanten, standard, orphans or None)
    ("123m456p789s11122z", 0, False, -1, -1, None),
    ("123m456p789s1112z", 0, False, 0, 0, None),
    ("123m456p789s1z2z33z", 0, False, 1, 1, None),
    ("123m456p789s1z2z3z4z", 0, False, 2, 2, None),
    ("1112345678999m", 0, False, 0, 0, 10),  # orphans: 1m 9m + a pair -> 13 - 2 - 1
    (ORPHANS, 0, False, 0, 8, 0),  # thirteen singles, no two within a chow of each other
    (ORPHANS + "7z", 0, False, -1, 7, -1),  # the 7z pair helps the standard form by one
    ("19m19p19s123456z5m", 0, False, 1, 8, 1),  # thirteen orphans one tile from ready
    ("1122m3344p5566s7z", 0, False, 3, 3, 10),
    ("1122m3344p5566s7z", 0, True, 0, 3, 10),
    ("1122m3344p5566s77z", 0, False, 3, 3, 10),
    ("1122m3344p5566s77z", 0, True, -1, 3, 10),
    ("1111m2222p3333s5z", 0, True, 0, 2, 10),
    ("1111m2222p3333s5z", 0, False, 2, 2, 10),
    ("111222333m44m55m", 0, True, 0, 0, 11),
    # melds
    ("123m456p789s11z", 1, False, -1, -1, None),
    ("23m11z", 3, False, 0, 0, None),
    ("123m11z", 3, False, -1, -1, None),
    ("1m", 4, False, 0, 0, None),
    ("11m", 4, False, -1, -1, None),
    ("1111m", 3, False, 1, 1, None),  # a fifth 1m is no tile
    # No seven pairs with melds; no set is complete and two are needed: 1 (e.g. 11 222 345).
    ("1122m3344p", 2, True, 1, 1, None),
]


@pytest.mark.parametrize(("text", "melds", "seven", "total", "standard", "orphans"), SHANTEN)
def test_shanten(
    text: str, melds: int, seven: bool, total: int, standard: int, orphans: int | None
) -> None:
    counts = cv(text)
    assert shanten(counts, melds, seven_pairs=seven) == total
    assert standard_shanten(counts, melds) == standard
    if orphans is not None:
        assert orphans_shanten(counts) == orphans


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1122m3344p5566s7z", 0),
        ("1122m3344p5566s77z", -1),
        ("1111m2222p3333s5z", 0),  # three fours are six pairs
        ("111222333m44m55m", 1),  # five pairs
        ("123m456p789s1234z", 6),
    ],
)
def test_seven_pairs_shanten(text: str, expected: int) -> None:
    assert seven_pairs_shanten(cv(text)) == expected


# --- errors -------------------------------------------------------------------------------

THIRTEEN = cv("123m456p789s1112z")
FOURTEEN = cv("123m456p789s11122z")


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: shanten([0] * 33), id="shanten-33"),
        pytest.param(lambda: shanten([*THIRTEEN, 0]), id="shanten-35"),
        pytest.param(lambda: is_win(FOURTEEN[:33]), id="is_win-33"),
        pytest.param(lambda: waits([*THIRTEEN, 0]), id="waits-35"),
        pytest.param(lambda: standard_shanten([4, 4, 4, 1] + [0] * 29 + [5]), id="count-5"),
        pytest.param(lambda: shanten([5, 4, 4] + [0] * 31), id="shanten-count-5"),
        pytest.param(lambda: is_win([5, 4, 4, 1] + [0] * 30), id="is_win-count-5"),
        pytest.param(lambda: waits([5, 4, 4] + [0] * 31), id="waits-count-5"),
        pytest.param(lambda: shanten([-1, 4, 4, 4, 2] + [0] * 29), id="negative"),
        pytest.param(lambda: shanten([0.5] + [0] * 33), id="not-an-int"),
        pytest.param(lambda: is_win(THIRTEEN), id="is_win-13"),
        pytest.param(lambda: is_win(FOURTEEN, 1), id="is_win-14-with-meld"),
        pytest.param(lambda: is_win(cv("123m11z"), 2), id="is_win-5-with-2-melds"),
        pytest.param(lambda: waits(FOURTEEN), id="waits-14"),
        pytest.param(lambda: waits(THIRTEEN, 1), id="waits-13-with-meld"),
        pytest.param(lambda: shanten(cv("123m456p789s112z")), id="shanten-12"),
        pytest.param(lambda: shanten([*FOURTEEN[:27], 4, 3, 0, 0, 0, 0, 0]), id="shanten-16"),
        pytest.param(lambda: standard_shanten(cv("11z"), 5), id="five-melds"),
        pytest.param(lambda: shanten(cv("11z"), -1), id="negative-melds"),
        pytest.param(
            lambda: standard_shanten(cv("1111222233334444m"), -1), id="negative-melds-16"
        ),
        pytest.param(lambda: waits(cv("1111222233334444m"), -1), id="negative-melds-waits"),
        pytest.param(lambda: is_win(cv("11122233344455566m"), -1), id="negative-melds-is_win"),
    ],
)
def test_bad_input_raises_mahjong_error(call) -> None:
    with pytest.raises(MahjongError):
        call()


def test_error_messages_name_the_problem() -> None:
    with pytest.raises(MahjongError, match="34"):
        shanten([0] * 33)
    with pytest.raises(MahjongError, match="four"):
        shanten([5, 4, 4] + [0] * 31)
    with pytest.raises(MahjongError, match="not 14"):
        is_win(FOURTEEN, 1)
    with pytest.raises(MahjongError, match="not 13"):
        is_win(THIRTEEN)


# --- property tests -----------------------------------------------------------------------

SETS = [("chow", s * 9 + r) for s in range(3) for r in range(7)] + [
    ("pung", t) for t in range(34)
]
PROPERTY = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _set_tiles(kind: str, t: int) -> list[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t, t, t]


@st.composite
def complete_hands(draw, most_melds: int = 4):
    """(concealed counts, melds, the reading it was built from): 4 sets and a pair.

    The first `melds` sets are the laid-down ones and stay out of the count vector; no
    kind is used more than four times over the whole hand.
    """
    k = draw(st.integers(0, most_melds))
    used = [0] * 34
    counts = [0] * 34
    chows: list[int] = []
    pungs: list[int] = []
    for i in range(4):
        options = [s for s in SETS if all(used[x] + _set_tiles(*s).count(x) <= 4
                                          for x in _set_tiles(*s))]
        kind, t = draw(st.sampled_from(options))
        for x in _set_tiles(kind, t):
            used[x] += 1
            if i >= k:
                counts[x] += 1
        if i >= k:
            (chows if kind == "chow" else pungs).append(t)
    pair = draw(st.sampled_from([t for t in range(34) if used[t] <= 2]))
    counts[pair] += 2
    reading = Reading(
        tuple(Tile(t) for t in sorted(chows)), tuple(Tile(t) for t in sorted(pungs)), Tile(pair)
    )
    return counts, k, reading


def _held(counts: list[int]) -> list[int]:
    return [t for t in range(34) for _ in range(counts[t])]


@st.composite
def random_tiles(draw, size: int) -> list[int]:
    pool = [t for t in range(34) for _ in range(4)]
    counts = [0] * 34
    for _ in range(size):
        counts[pool.pop(draw(st.integers(0, len(pool) - 1)))] += 1
    return counts


@st.composite
def swapped(draw, counts: list[int], swaps: int) -> list[int]:
    """Replace `swaps` held tiles with other tiles, never exceeding four of a kind."""
    counts = list(counts)
    for _ in range(swaps):
        out = draw(st.sampled_from(_held(counts)))
        counts[out] -= 1
        into = draw(st.sampled_from([t for t in range(34) if counts[t] < 4 and t != out]))
        counts[into] += 1
    return counts


@st.composite
def seven_pair_hands(draw) -> list[int]:
    counts = [0] * 34
    for _ in range(7):
        t = draw(st.sampled_from([t for t in range(34) if counts[t] <= 2]))
        counts[t] += 2
    return counts


@st.composite
def hands_of(draw, short: bool):
    """(counts, melds): 13 - 3k tiles when `short`, else 14 - 3k; many ready or complete."""
    source = draw(st.sampled_from(["random", "built", "built", "pairs"]))
    if source == "pairs":
        k, counts = 0, draw(seven_pair_hands())
    else:
        counts, k, _ = draw(complete_hands())
    if source == "random":
        counts = draw(random_tiles(14 - 3 * k))
    else:
        counts = draw(swapped(counts, draw(st.integers(0, 2))))
    if short:
        counts[draw(st.sampled_from(_held(counts)))] -= 1
    return counts, k


@PROPERTY
@given(complete_hands())
def test_sets_and_a_pair_is_a_win(built) -> None:
    counts, k, reading = built
    assert is_win(counts, k)
    assert is_standard_win(counts)
    assert standard_shanten(counts, k) == -1
    assert shanten(counts, k) == -1
    assert reading in readings(counts)
    assert len(reading.chows) in chow_counts(counts)
    # Take any tile out: that tile is a wait of what is left.
    for t in set(_held(counts)):
        counts[t] -= 1
        assert Tile(t) in waits(counts, k)
        assert shanten(counts, k) == 0
        counts[t] += 1


@PROPERTY
@given(complete_hands(most_melds=3), st.data())
def test_laying_down_a_concealed_set_keeps_the_win(built, data) -> None:
    counts, k, reading = built
    sets = [("chow", int(t)) for t in reading.chows] + [("pung", int(t)) for t in reading.pungs]
    kind, t = data.draw(st.sampled_from(sets))
    for x in _set_tiles(kind, t):
        counts[x] -= 1
    assert is_win(counts, k + 1)
    assert shanten(counts, k + 1) == -1


@PROPERTY
@given(hands_of(short=True), st.booleans())
def test_a_wait_is_a_tile_that_completes_the_hand(hand, seven: bool) -> None:
    counts, k = hand
    got = [int(t) for t in waits(counts, k, seven_pairs=seven)]
    expected = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if is_win(counts, k, seven_pairs=seven):
                expected.append(t)
            counts[t] -= 1
    assert got == expected


@PROPERTY
@given(hands_of(short=True), st.booleans())
def test_ready_iff_there_is_a_wait(hand, seven: bool) -> None:
    counts, k = hand
    value = shanten(counts, k, seven_pairs=seven)
    assert value >= 0
    assert (value == 0) == bool(waits(counts, k, seven_pairs=seven))
    if k:
        assert (standard_shanten(counts, k) == 0) == bool(waits(counts, k))


@PROPERTY
@given(hands_of(short=False), st.booleans())
def test_complete_iff_shanten_is_minus_one(hand, seven: bool) -> None:
    counts, k = hand
    assert (shanten(counts, k, seven_pairs=seven) == -1) == is_win(counts, k, seven_pairs=seven)
    assert (standard_shanten(counts, k) == -1) == is_standard_win(counts)
    assert bool(readings(counts)) == is_standard_win(counts)


@PROPERTY
@given(hands_of(short=True), st.booleans())
def test_the_best_tile_lowers_shanten_by_exactly_one(hand, seven: bool) -> None:
    counts, k = hand
    before = shanten(counts, k, seven_pairs=seven)
    after = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            after.append(shanten(counts, k, seven_pairs=seven))
            counts[t] -= 1
    assert min(after) == before - 1
    assert min(after) >= -1


@PROPERTY
@given(hands_of(short=False), st.booleans())
def test_shanten_of_fourteen_is_the_best_discard(hand, seven: bool) -> None:
    counts, k = hand
    value = shanten(counts, k, seven_pairs=seven)
    if value == -1:
        return
    best = min(
        _after_discard(counts, t, k, seven) for t in range(34) if counts[t]
    )
    assert best == value


def _after_discard(counts: list[int], t: int, k: int, seven: bool) -> int:
    counts[t] -= 1
    try:
        return shanten(counts, k, seven_pairs=seven)
    finally:
        counts[t] += 1


@PROPERTY
@given(hands_of(short=False))
def test_chow_counts_agree_with_readings_on_complete_hands(hand) -> None:
    counts, _k = hand
    if is_standard_win(counts):
        assert chow_counts(counts) == frozenset(len(r.chows) for r in readings(counts))
        for reading in readings(counts):
            tiles = [int(t) for c in reading.chows for t in (c, c + 1, c + 2)]
            tiles += [int(p) for p in reading.pungs for _ in range(3)]
            tiles += [int(reading.pair)] * 2
            assert sorted(tiles) == _held(counts)


@PROPERTY
@given(hands_of(short=False))
@example(([4, 3, 0, 0, 0, 0, 0, 0, 1, 1, *[0] * 16, 1, 1, 1, 1, 1, 0, 0, 0], 0))  # orphans lower
def test_discard_table_agrees_with_shanten_discard_by_discard(hand) -> None:
    """Each row: the shanten after that discard; for the lowest rows, exactly the kinds
    whose draw then lowers the shanten (never a fifth copy) — all worked out by shanten()."""
    counts, k = hand
    table = discard_table(counts, k)
    assert [int(row[0]) for row in table] == [t for t in range(34) if counts[t]]
    lowest = min(row[1] for row in table)
    for tile, value, better in table:
        assert value == _after_discard(counts, tile, k, False), f"discard {tile}"
        if value != lowest:
            assert better is None
            continue
        counts[tile] -= 1
        expected = [
            t for t in range(34) if counts[t] < 4 and _after_draw(counts, t, k) < value
        ]
        counts[tile] += 1
        assert list(better) == expected, f"discard {tile}"


@PROPERTY
@given(hands_of(short=False), st.lists(st.integers(0, 4), min_size=34, max_size=34))
@example(
    ([4, 3, 0, 0, 0, 0, 0, 0, 1, 1, *[0] * 16, 1, 1, 1, 1, 1, 0, 0, 0], 0), [1] * 34
)  # thirteen orphans lower than the standard form: its draws counted once each
@example(([1, 0, 0, 0, 0, 0, 0, 0, 1, *[1, 0, 0, 0, 0, 0, 0, 0, 1] * 2, *[1] * 6, 2], 0), [3] * 34)
def test_discard_ranking_counts_the_live_improving_tiles(hand, unseen) -> None:
    """Each row: the shanten after that discard; for the lowest rows, the sum of `unseen`
    over the kinds whose draw then lowers the shanten (worked out by shanten()), else 0."""
    counts, k = hand
    ranking = discard_ranking(counts, k, unseen)
    assert [int(row[0]) for row in ranking] == [t for t in range(34) if counts[t]]
    lowest = min(row[1] for row in ranking)
    for tile, value, live in ranking:
        assert value == _after_discard(counts, tile, k, False), f"discard {tile}"
        if value != lowest:
            assert live == 0
            continue
        counts[tile] -= 1
        expected = sum(
            unseen[t] for t in range(34) if counts[t] < 4 and _after_draw(counts, t, k) < value
        )
        counts[tile] += 1
        assert live == expected, f"discard {tile}"


def _after_draw(counts: list[int], t: int, k: int) -> int:
    counts[t] += 1
    try:
        return shanten(counts, k)
    finally:
        counts[t] -= 1
