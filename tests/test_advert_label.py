"""The LAN advert's instance name (server/advert.py): a DNS label holds 63 bytes of UTF-8,
so a table named in Chinese or emoji is cut by bytes, at the end of a character, or
zeroconf refuses the advert and nobody sees the table. Every expected label here is
written out by hand."""

from __future__ import annotations

import pytest

from server.advert import LABEL_BYTES, LanAdvert, service_label

PORT = 47251
TWENTY_HANZI = "广东麻将周五晚上老友聚会开心一点好运连连"


def test_twenty_chinese_characters_are_cut_to_nineteen_to_fit_63_bytes() -> None:
    assert len(TWENTY_HANZI) == 20
    # 19 × 3 bytes + "-47251" (6) = 63; the 20th character would make 66.
    assert service_label(TWENTY_HANZI, PORT) == "广东麻将周五晚上老友聚会开心一点好运连-47251"


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("周五牌局", "周五牌局-47251"),  # short: whole
        ("Friday table", "Friday table-47251"),
        # 57 bytes for the name: 54 ASCII + 麻 (3) fit, 将 does not.
        ("a" * 54 + "麻将", "a" * 54 + "麻-47251"),
        # 55 ASCII + 麻 would be 58: 麻 goes whole, never as one or two of its bytes.
        ("a" * 55 + "麻将", "a" * 55 + "-47251"),
        # An emoji is 4 bytes: 53 + 4 = 57 fits, 54 + 4 does not.
        ("b" * 53 + "🀄x", "b" * 53 + "🀄-47251"),
        ("b" * 54 + "🀄x", "b" * 54 + "-47251"),
        # Mixed, 56 bytes up to the last 🀄 (4 more): the space before it is not kept.
        (
            "老友 Friday 麻将 night 🀄🀄 with them all again 🀄",
            "老友 Friday 麻将 night 🀄🀄 with them all again-47251",
        ),
        ("老友 Friday 麻将 night 🀄🀄 with 家人", "老友 Friday 麻将 night 🀄🀄 with 家人-47251"),
    ],
)
def test_names_are_cut_by_bytes_at_a_character(name: str, label: str) -> None:
    assert service_label(name, PORT) == label


@pytest.mark.parametrize(
    ("name", "label"),
    [
        # 👍🏽 (thumbs up, skin tone): 53 + 4 fits, the tone's 4 would not; both go.
        ("c" * 53 + "👍\U0001f3fd", "c" * 53 + "-47251"),
        # ❤️ (heart, variation selector 16): 3 + 3 bytes.
        ("d" * 54 + "\u2764\ufe0f", "d" * 54 + "-47251"),
        ("d" * 51 + "\u2764\ufe0f", "d" * 51 + "\u2764\ufe0f-47251"),
        # 👨‍👩‍👧 (joined by zero-width joiners, 18 bytes): all of it or none.
        ("e" * 40 + "👨\u200d👩\u200d👧", "e" * 40 + "-47251"),
        ("e" * 39 + "👨\u200d👩\u200d👧", "e" * 39 + "👨\u200d👩\u200d👧-47251"),
        # Flags are pairs of regional indicators: 🇨🇳🇭🇰, 8 bytes each.
        ("f" * 45 + "🇨🇳🇭🇰", "f" * 45 + "🇨🇳-47251"),
        ("f" * 41 + "🇨🇳🇭🇰", "f" * 41 + "🇨🇳🇭🇰-47251"),
        # é as e + a combining acute accent.
        ("g" * 56 + "e\u0301", "g" * 56 + "-47251"),
    ],
)
def test_a_cut_keeps_what_shows_as_one_character_whole(name: str, label: str) -> None:
    assert service_label(name, PORT) == label


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("  Ann's table v1.0\n", "Ann's table v1-0-47251"),  # a dot would end the label
        ("tab\there", "tab-here-47251"),
        ("", "table-47251"),
        ("   ", "table-47251"),
    ],
)
def test_dots_and_control_characters_become_dashes(name: str, label: str) -> None:
    assert service_label(name, PORT) == label


def test_the_port_keeps_two_tables_of_one_computer_apart() -> None:
    assert service_label(TWENTY_HANZI, 47251) != service_label(TWENTY_HANZI, 47252)
    assert service_label("x", 7) == "x-7"


@pytest.mark.parametrize(
    "name",
    [
        TWENTY_HANZI,
        "广东麻将" * 6,  # the game's longest name, 24 characters
        "🀄" * 24,
        "麻将🀄 Friday 老友 👨\u200d👩\u200d👧 night 🇨🇳 ❤\ufe0f",
    ],
)
def test_zeroconf_takes_the_advert_of_a_long_name(name: str) -> None:
    """zeroconf's own check of the service name (it raised "Too long" for these)."""
    advert = LanAdvert(name, PORT, lambda: {"name": name}, lambda: ["192.0.2.1"])
    info = advert._service_info()
    instance = info.name.split(".")[0]
    assert len(instance.encode()) <= LABEL_BYTES
    assert instance.endswith("-47251")
