"""Tile and hand notation (RULES.md §1): parsing, canonical printing and every error.

Expectations are written by hand from the rules: tiles are named by their enum members
(never by parsing), melds are built field by field, and the expected canonical text is
spelled out.  The property tests build hands from a 136-tile pool and check the
parse/print round trip, with a notation writer of their own for non-canonical input.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.errors import InvalidNotation, MahjongError
from shared.melds import Meld, MeldKind
from shared.notation import Hand, format_tiles, parse_hand, parse_tiles
from shared.tiles import Tile

CHOW, PUNG, KONG = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG


def tiles(names: str) -> tuple[Tile, ...]:
    """Tiles by enum member name, e.g. tiles("M1 M2 EAST") — independent of the parser."""
    return tuple(Tile[name] for name in names.split())


def chow(names: str) -> Meld:
    return Meld(CHOW, tiles(names))


def pung(name: str) -> Meld:
    return Meld(PUNG, (Tile[name],) * 3)


def kong(name: str, concealed: bool = False) -> Meld:
    return Meld(KONG, (Tile[name],) * 4, concealed)


# --- single tiles ----------------------------------------------------------------------

TILE_TABLE = [
    # text, member, zh, en
    ("1m", Tile.M1, "一万", "1 characters"),
    ("5m", Tile.M5, "五万", "5 characters"),
    ("9m", Tile.M9, "九万", "9 characters"),
    ("1p", Tile.P1, "一筒", "1 dots"),
    ("5p", Tile.P5, "五筒", "5 dots"),
    ("9p", Tile.P9, "九筒", "9 dots"),
    ("1s", Tile.S1, "一条", "1 bamboo"),
    ("7s", Tile.S7, "七条", "7 bamboo"),
    ("9s", Tile.S9, "九条", "9 bamboo"),
    ("1z", Tile.EAST, "东", "East"),
    ("2z", Tile.SOUTH, "南", "South"),
    ("3z", Tile.WEST, "西", "West"),
    ("4z", Tile.NORTH, "北", "North"),
    ("5z", Tile.WHITE, "白", "White"),
    ("6z", Tile.GREEN, "发", "Green"),
    ("7z", Tile.RED, "中", "Red"),
    ("1f", Tile.F1, "梅", "Flower 1"),
    ("2f", Tile.F2, "兰", "Flower 2"),
    ("5f", Tile.F5, "春", "Flower 5"),
    ("8f", Tile.F8, "冬", "Flower 8"),
]


@pytest.mark.parametrize(("text", "tile", "zh", "en"), TILE_TABLE)
def test_tile_parse_and_names(text: str, tile: Tile, zh: str, en: str) -> None:
    parsed = Tile.parse(text)
    assert parsed is tile
    assert parsed.notation == text
    assert str(parsed) == text
    assert parsed.zh == zh
    assert parsed.en == en


@pytest.mark.parametrize(
    ("text", "index"),
    [("1m", 0), ("9m", 8), ("1p", 9), ("9p", 17), ("1s", 18), ("9s", 26),
     ("1z", 27), ("7z", 33), ("1f", 34), ("8f", 41)],
)
def test_tile_values_are_count_vector_indices(text: str, index: int) -> None:
    assert int(Tile.parse(text)) == index


def test_every_tile_prints_and_parses_back() -> None:
    suits = ["m"] * 9 + ["p"] * 9 + ["s"] * 9 + ["z"] * 7 + ["f"] * 8
    ranks = [*range(1, 10)] * 3 + [*range(1, 8)] + [*range(1, 9)]
    assert len(Tile) == 42
    for index, (suit, rank) in enumerate(zip(suits, ranks, strict=True)):
        tile = Tile(index)
        assert tile.notation == f"{rank}{suit}"
        assert Tile.parse(f"{rank}{suit}") is tile


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("1x", ["unknown suit letter", "'x'", "'1x'"]),
        ("1M", ["unknown suit letter", "'M'"]),
        ("0m", ["no tile 0m", "1–9", "'0m'"]),
        ("8z", ["no tile 8z", "1–7", "'8z'"]),
        ("9f", ["no tile 9f", "1–8", "'9f'"]),
        ("m1", ["not a tile", "'m1'"]),
        ("11m", ["not a tile", "'11m'"]),
        ("1", ["not a tile", "'1'"]),
        ("", ["not a tile", "''"]),
        # '²' is a Unicode digit (str.isdigit) but not a decimal one: still bad notation.
        ("²m", ["'²m'"]),
    ],
)
def test_tile_parse_errors(text: str, fragments: list[str]) -> None:
    with pytest.raises(InvalidNotation) as info:
        Tile.parse(text)
    for fragment in fragments:
        assert fragment in str(info.value)


def test_invalid_notation_is_a_mahjong_error_and_a_value_error() -> None:
    assert issubclass(InvalidNotation, MahjongError)
    assert issubclass(InvalidNotation, ValueError)
    assert issubclass(MahjongError, ValueError)


# --- valid hands -----------------------------------------------------------------------

VALID_HANDS = [
    pytest.param(
        "123m456p789s1122z",
        Hand(tiles("M1 M2 M3 P4 P5 P6 S7 S8 S9 EAST EAST SOUTH SOUTH")),
        id="concealed-only",
    ),
    pytest.param(
        "123m456p789s1122z +1z",
        Hand(tiles("M1 M2 M3 P4 P5 P6 S7 S8 S9 EAST EAST SOUTH SOUTH"), (), Tile.EAST),
        id="winning-tile",
    ),
    pytest.param(
        "123m456p1z [555p] (7777s) +1z",
        Hand(
            tiles("M1 M2 M3 P4 P5 P6 EAST"),
            (pung("P5"), kong("S7", concealed=True)),
            Tile.EAST,
        ),
        id="rules-example-corrected",
    ),
    pytest.param(
        "19m19p19s1234567z +7z",
        Hand(
            tiles("M1 M9 P1 P9 S1 S9 EAST SOUTH WEST NORTH WHITE GREEN RED"), (), Tile.RED
        ),
        id="thirteen-orphans",
    ),
    pytest.param(
        "2z [234m] [666p] [9999s] [777z] +2z",
        Hand(
            (Tile.SOUTH,),
            (chow("M2 M3 M4"), pung("P6"), kong("S9"), pung("RED")),
            Tile.SOUTH,
        ),
        id="four-melds-exposed-kong",
    ),
    pytest.param(
        "1234567m (1111p) (9999s)",
        Hand(
            tiles("M1 M2 M3 M4 M5 M6 M7"),
            (kong("P1", concealed=True), kong("S9", concealed=True)),
        ),
        id="two-concealed-kongs",
    ),
    pytest.param(
        "123m456p789s1122z18f",
        Hand(
            tiles("M1 M2 M3 P4 P5 P6 S7 S8 S9 EAST EAST SOUTH SOUTH"),
            flowers=(Tile.F1, Tile.F8),
        ),
        id="flowers",
    ),
    pytest.param(
        "1m12345678f [123m] [111p] [999s] [555z] +1m",
        Hand(
            (Tile.M1,),
            (chow("M1 M2 M3"), pung("P1"), pung("S9"), pung("WHITE")),
            Tile.M1,
            tiles("F1 F2 F3 F4 F5 F6 F7 F8"),
        ),
        id="all-flowers-and-melds",
    ),
    pytest.param(
        "1111m2222p3333s4z",
        Hand(tiles("M1 M1 M1 M1 P2 P2 P2 P2 S3 S3 S3 S3 NORTH")),
        id="four-copies-concealed",
    ),
]


@pytest.mark.parametrize(("text", "expected"), VALID_HANDS)
def test_parse_valid_hand(text: str, expected: Hand) -> None:
    hand = parse_hand(text)
    assert hand == expected
    # The text of each case is already canonical.
    assert hand.notation == text


def test_parsed_fields_of_the_rules_example() -> None:
    hand = parse_hand("123m456p1z [555p] (7777s) +1z")
    assert hand.concealed == (Tile.M1, Tile.M2, Tile.M3, Tile.P4, Tile.P5, Tile.P6, Tile.EAST)
    assert hand.winning_tile is Tile.EAST
    assert hand.flowers == ()
    first, second = hand.melds
    assert first.kind is PUNG and first.tiles == (Tile.P5,) * 3 and not first.concealed
    assert second.kind is KONG and second.tiles == (Tile.S7,) * 4 and second.concealed
    assert hand.concealed_with_win == (*hand.concealed, Tile.EAST)
    counts = hand.counts()
    assert len(counts) == 34
    assert counts[Tile.EAST] == 2 and counts[Tile.P5] == 1 and counts[Tile.S7] == 0
    assert sum(counts) == 8
    assert len(hand.all_tiles()) == 8 + 3 + 4


CANONICAL = [
    ("321m 654p 987s 2121z", "123m456p789s1122z"),
    ("1m2m3m4p5p6p7s8s9s1z1z2z2z", "123m456p789s1122z"),
    ("  2121z987s654p321m  ", "123m456p789s1122z"),
    ("123m456p789s1122z + 2z", "123m456p789s1122z +2z"),
    ("8f 2z1f 3z4z5z [432m] [6p6p6p] (9s9s9s9s) + 2z",
     "2345z18f [234m] [666p] (9999s) +2z"),
    ("7654321m [312m] [9s7s8s]", "1234567m [123m] [789s]"),
    # Melds keep the order they are written in.
    ("123m456p1z (7777s) [555p] +1z", "123m456p1z (7777s) [555p] +1z"),
    ("1m [ 9999s ] [123m] [111p] [555z]", "1m [9999s] [123m] [111p] [555z]"),
]


@pytest.mark.parametrize(("text", "canonical"), CANONICAL)
def test_canonical_printing(text: str, canonical: str) -> None:
    hand = parse_hand(text)
    assert hand.notation == canonical
    assert str(hand) == canonical
    assert parse_hand(canonical) == hand


def test_format_tiles_groups_and_sorts() -> None:
    assert format_tiles([Tile.EAST, Tile.M3, Tile.P1, Tile.M1, Tile.F2, Tile.S9]) == "13m1p9s1z2f"
    assert format_tiles([]) == ""
    assert parse_tiles("31m2z1m") == [Tile.M3, Tile.M1, Tile.SOUTH, Tile.M1]


# --- errors ----------------------------------------------------------------------------

ERRORS = [
    # (bad input, fragments the message must contain: the problem and the quoted input)
    pytest.param("123m 456x 789s1122z", ["unknown suit letter", "'x'", "'456x'"], id="suit"),
    pytest.param("120m456p789s1122z", ["no tile 0m", "'120m456p789s1122z'"], id="rank-0"),
    pytest.param("123m456p789s1128z", ["no tile 8z", "1–7", "'123m456p789s1128z'"], id="8z"),
    pytest.param("123m456p789s1122z9f", ["no tile 9f", "1–8"], id="9f"),
    pytest.param(
        "1111m456p789s112z +1m",
        ["5 copies of 1m", "only 4", "'1111m456p789s112z +1m'"],
        id="fifth-copy-winning-tile",
    ),
    pytest.param(
        "1m456p789s112z [1111m]",
        ["5 copies of 1m", "only 4", "'1m456p789s112z [1111m]'"],
        id="fifth-copy-kong",
    ),
    pytest.param(
        "789s122z1m [111m] [123m]",
        ["5 copies of 1m", "only 4", "'789s122z1m [111m] [123m]'"],
        id="fifth-copy-melds",
    ),
    pytest.param(
        "1f1f123m456p789s1122z",
        ["2 copies of 1f", "only 1", "'1f1f123m456p789s1122z'"],
        id="second-flower",
    ),
    pytest.param(
        "123m456p789s112z", ["13 tiles", "holds 12", "'123m456p789s112z'"], id="12-tiles"
    ),
    pytest.param(
        "123m456p789s11223z", ["13 tiles", "holds 14", "'123m456p789s11223z'"], id="14-no-plus"
    ),
    pytest.param(
        "123m456p789s11223z +3z",
        ["13 tiles", "winning tile", "holds 14", "'123m456p789s11223z +3z'"],
        id="15-with-plus",
    ),
    pytest.param(
        "123m456p789s12z (1111p)",
        ["13 tiles", "kong as 3", "holds 14", "'123m456p789s12z (1111p)'"],
        id="kong-counts-as-3",
    ),
    pytest.param(
        "123m456p789s1z [1245m]", ["not a chow, pung or kong", "'[1245m]'"], id="four-mixed"
    ),
    pytest.param(
        "123m456p789s1z [135m]", ["not a chow, pung or kong", "'[135m]'"], id="gapped"
    ),
    pytest.param(
        "123m456p789s1z22z [11m]", ["not a chow, pung or kong", "'[11m]'"], id="pair-meld"
    ),
    pytest.param("123m456p789s1z [12m3p]", ["chow across suits", "'[12m3p]'"], id="cross-suit"),
    pytest.param("123m456p789s1z [891m]", ["9–1", "'[891m]'"], id="across-9-1"),
    pytest.param("123m456p789s1z [912m]", ["9–1", "'[912m]'"], id="across-9-1-low"),
    pytest.param("123m456p789s1z [123z]", ["honors", "chow", "'[123z]'"], id="honor-chow"),
    pytest.param(
        "123m456p789s1z (777s)", ["concealed kong", "four identical", "'(777s)'"], id="round-3"
    ),
    pytest.param(
        "123m456p789s1z (1234m)", ["concealed kong", "'(1234m)'"], id="round-chow"
    ),
    pytest.param(
        "123m456p789s1z [123m", ["not closed", "']'", "'123m456p789s1z [123m'"],
        id="unclosed",
    ),
    pytest.param(
        "123m456p789s1z 123m]", ["unbalanced", "']'", "'123m456p789s1z 123m]'"],
        id="stray-close",
    ),
    pytest.param(
        "123m456p789s1z [123m)", ["unbalanced", "')'", "'123m456p789s1z [123m)'"],
        id="mismatched",
    ),
    pytest.param(
        "456p789s1122z [12(3m)]", ["bracket opened inside", "'456p789s1122z [12(3m)]'"],
        id="nested",
    ),
    pytest.param("123 456p789s1122z", ["no suit letter", "'123'"], id="digits-start"),
    pytest.param("123m456p789s1122", ["no suit letter", "'1122'"], id="digits-end"),
    pytest.param(
        "123m456p789s1122z +", ["'+'", "one winning tile", "'123m456p789s1122z +'"],
        id="plus-nothing",
    ),
    pytest.param(
        "123m456p789s112z +1z2z", ["'+'", "one winning tile", "'123m456p789s112z +1z2z'"],
        id="plus-two-tiles",
    ),
    pytest.param(
        "123m456p789s112z +12z", ["'+'", "one winning tile", "'123m456p789s112z +12z'"],
        id="plus-two-ranks",
    ),
    pytest.param(
        "123m456p789s1122z +1f", ["'+'", "one winning tile", "'123m456p789s1122z +1f'"],
        id="plus-flower",
    ),
    pytest.param(
        "123m456p789s112z +1z 2z", ["winning tile", "last", "'123m456p789s112z +1z 2z'"],
        id="plus-not-last",
    ),
    pytest.param(
        "123m456p789s1z [123m] 4z",
        ["concealed tiles", "before the melds", "'123m456p789s1z [123m] 4z'"],
        id="tiles-after-meld",
    ),
    pytest.param(
        "[123m] 456p789s1122z1z",
        ["concealed tiles", "before the melds", "'[123m] 456p789s1122z1z'"],
        id="meld-first",
    ),
    pytest.param("123m456p789s1z [1f2f3f]", ["flower", "meld", "'[1f2f3f]'"], id="flower-chow"),
    pytest.param("123m456p789s1z (1111f)", ["flower", "meld", "'(1111f)'"], id="flower-kong"),
    pytest.param("", ["empty"], id="empty"),
    pytest.param("   ", ["empty"], id="blank"),
    pytest.param(
        "123m456p11z [555p] (7777s) +1z",
        ["13 tiles", "holds 14", "'123m456p11z [555p] (7777s) +1z'"],
        id="rules-example-as-printed",
    ),
]


@pytest.mark.parametrize(("text", "fragments"), ERRORS)
def test_parse_hand_errors(text: str, fragments: list[str]) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_hand(text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"


def test_parse_errors_are_catchable_as_mahjong_and_value_errors() -> None:
    for catch in (MahjongError, ValueError):
        with pytest.raises(catch):
            parse_hand("123m456p789s1z [891m]")


# --- property tests --------------------------------------------------------------------

SUITED = [t for t in Tile if t.is_suited]
KINDS = [t for t in Tile if not t.is_flower]
FLOWER_TILES = [t for t in Tile if t.is_flower]


@st.composite
def melds_from(draw, left: dict[Tile, int]) -> Meld | None:
    """One random meld whose tiles are still in `left` (copies left of each kind)."""
    kind = draw(st.sampled_from(["chow", "pung", "kong", "concealed kong"]))
    if kind == "chow":
        starts = [
            t for t in SUITED if t % 9 <= 6 and all(left[Tile(t + i)] for i in range(3))
        ]
        if not starts:
            return None
        low = draw(st.sampled_from(starts))
        meld = Meld(CHOW, (low, Tile(low + 1), Tile(low + 2)))
    else:
        need = 3 if kind == "pung" else 4
        options = [t for t in KINDS if left[t] >= need]
        if not options:
            return None
        tile = draw(st.sampled_from(options))
        if kind == "pung":
            meld = Meld(PUNG, (tile,) * 3)
        else:
            meld = Meld(KONG, (tile,) * 4, kind == "concealed kong")
    for tile in meld.tiles:
        left[tile] -= 1
    return meld


@st.composite
def hands(draw) -> Hand:
    """A valid hand: 0–4 melds, concealed tiles to make 13, maybe a winning tile and flowers."""
    left = dict.fromkeys(KINDS, 4)
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        meld = draw(melds_from(left))
        if meld is not None:
            melds.append(meld)
    pool = [t for t in KINDS for _ in range(left[t])]
    concealed = [
        pool.pop(draw(st.integers(0, len(pool) - 1))) for _ in range(13 - 3 * len(melds))
    ]
    winning = None
    if draw(st.booleans()):
        winning = pool.pop(draw(st.integers(0, len(pool) - 1)))
    flowers = draw(st.lists(st.sampled_from(FLOWER_TILES), unique=True, max_size=8))
    return Hand(tuple(concealed), tuple(melds), winning, tuple(flowers))


def _group(tile_list) -> str:
    """An independent canonical writer for a run of tiles: ranks sorted, one letter per suit."""
    out = []
    for suit in "mpszf":
        ranks = sorted(t.rank for t in tile_list if t.suit == suit)
        if ranks:
            out.append("".join(map(str, ranks)) + suit)
    return "".join(out)


def _meld_text(meld: Meld) -> str:
    body = "".join(str(t.rank) for t in meld.tiles) + meld.tiles[0].suit
    return f"({body})" if meld.concealed else f"[{body}]"


def expected_notation(hand: Hand) -> str:
    parts = [_group(hand.concealed) + _group(hand.flowers)]
    parts += [_meld_text(m) for m in hand.melds]
    if hand.winning_tile is not None:
        parts.append(f"+{hand.winning_tile.rank}{hand.winning_tile.suit}")
    return " ".join(parts)


def scrambled_notation(hand: Hand, rng: random.Random) -> str:
    """A non-canonical spelling: tiles one by one in random order, random spaces."""
    loose = list(hand.concealed) + list(hand.flowers)
    rng.shuffle(loose)
    words = [f"{t.rank}{t.suit}" for t in loose]
    text = ""
    for word in words:
        text += word + (" " if rng.random() < 0.3 else "")
    for meld in hand.melds:
        shuffled = list(meld.tiles)
        rng.shuffle(shuffled)
        body = "".join(f"{t.rank}{t.suit}" for t in shuffled)
        text += " " + (f"({body})" if meld.concealed else f"[{body}]")
    if hand.winning_tile is not None:
        gap = " " if rng.random() < 0.5 else ""
        text += f" +{gap}{hand.winning_tile.rank}{hand.winning_tile.suit}"
    return " " * rng.randrange(2) + text + " " * rng.randrange(2)


PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(hands())
def test_round_trip_of_random_hands(hand: Hand) -> None:
    text = hand.notation
    assert text == expected_notation(hand)
    parsed = parse_hand(text)
    assert parsed == hand
    assert parsed.notation == text


@PROPERTY
@given(hands(), st.randoms(use_true_random=False))
def test_scrambled_spelling_parses_to_the_same_hand(hand: Hand, rng: random.Random) -> None:
    text = scrambled_notation(hand, rng)
    parsed = parse_hand(text)
    assert parsed == hand, text
    assert parsed.notation == expected_notation(hand)


@PROPERTY
@given(hands())
def test_a_fifth_tile_or_second_flower_is_rejected(hand: Hand) -> None:
    held = hand.all_tiles()
    full = [t for t in KINDS if held.count(t) == 4]
    text = hand.notation
    if full:
        # One more copy of a kind already held four times, swapped for a concealed tile.
        extra = full[0]
        swapped = list(hand.concealed)
        swapped[0] = extra
        if hand.concealed[0] != extra:
            bad = Hand(tuple(swapped), hand.melds, hand.winning_tile, hand.flowers)
            with pytest.raises(InvalidNotation, match="5 copies"):
                parse_hand(bad.notation)
    if hand.flowers:
        doubled = _group(hand.flowers[:1]) + text
        with pytest.raises(InvalidNotation, match="2 copies"):
            parse_hand(doubled)


@PROPERTY
@given(hands())
def test_a_missing_or_extra_tile_is_rejected(hand: Hand) -> None:
    short = Hand(hand.concealed[1:], hand.melds, hand.winning_tile, hand.flowers)
    with pytest.raises(InvalidNotation, match="holds 12"):
        parse_hand(short.notation)
    if hand.winning_tile is not None:
        # The winning tile written as a 14th concealed tile instead of after '+'.
        long = Hand(hand.concealed_with_win, hand.melds, None, hand.flowers)
        with pytest.raises(InvalidNotation, match="holds 14"):
            parse_hand(long.notation)


@settings(max_examples=200, deadline=None)
@given(st.data(), st.randoms(use_true_random=False))
def test_meld_round_trip(data, rng: random.Random) -> None:
    left = dict.fromkeys(KINDS, 4)
    meld = data.draw(melds_from(left))
    assert meld is not None
    text = meld.notation
    assert text == _meld_text(meld)
    assert str(meld) == text
    shuffled = list(meld.tiles)
    rng.shuffle(shuffled)
    assert Meld.from_tiles(shuffled, meld.concealed, text) == meld
    assert meld.is_pung_or_kong == (meld.kind is not CHOW)
    assert meld.first == min(meld.tiles)
    # The same meld inside a full hand: filled up with concealed tiles of other kinds.
    filler = [t for t in KINDS if t not in meld.tiles for _ in range(4)][:10]
    hand = parse_hand(_group(filler) + " " + text)
    assert hand.melds == (meld,)
    assert hand.notation == _group(filler) + " " + text


@pytest.mark.parametrize(
    ("text", "concealed", "meld"),
    [
        ("[123m]", False, Meld(CHOW, (Tile.M1, Tile.M2, Tile.M3))),
        ("[312m]", False, Meld(CHOW, (Tile.M1, Tile.M2, Tile.M3))),
        ("[7s9s8s]", False, Meld(CHOW, (Tile.S7, Tile.S8, Tile.S9))),
        ("[555z]", False, Meld(PUNG, (Tile.WHITE,) * 3)),
        ("[9999p]", False, Meld(KONG, (Tile.P9,) * 4)),
        ("(7777z)", True, Meld(KONG, (Tile.RED,) * 4, True)),
    ],
)
def test_meld_from_tiles(text: str, concealed: bool, meld: Meld) -> None:
    assert Meld.from_tiles(parse_tiles(text[1:-1]), concealed, text) == meld


def test_meld_constructors() -> None:
    assert Meld.chow(Tile.P7) == Meld(CHOW, (Tile.P7, Tile.P8, Tile.P9))
    assert Meld.pung(Tile.EAST) == Meld(PUNG, (Tile.EAST,) * 3)
    assert Meld.kong(Tile.S1, concealed=True).notation == "(1111s)"
    for low in (Tile.M8, Tile.P9, Tile.EAST):
        with pytest.raises(InvalidNotation):
            Meld.chow(low)
