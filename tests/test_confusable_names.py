"""Look-alike names across scripts (Unicode TS #39 skeletons) are the same name at a table:
Cyrillic `Аnn` is `name_taken` beside Latin `Ann`; Chinese names stay as written."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from server.store import ScoreStore
from shared import confusables_table
from shared.names import look_alike_letters, name_key, skeleton
from shared.protocol import Error, Welcome
from tests.support.net import NetHost, RawClient, close_all, hello, make_players, start_host

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("\u0410nn", "Ann"),  # Cyrillic capital А
        ("L\u0456ly", "Lily"),  # Cyrillic і
        ("\u0410NN", "ann"),  # Cyrillic and case at once
        ("\uff21nn", "\u0410nn"),  # fullwidth Ａ and Cyrillic А
        ("B0b", "BOB"),  # digit zero
        ("Sam", "Sarn"),  # m and rn
        ("\u039fscar", "Oscar"),  # Greek Ο
        ("Ann\u034f", "Ann"),  # a combining grapheme joiner (default-ignorable) dropped
        ("阿珍", "阿珍"),
        ("阿\uf90a", "阿金"),  # a CJK compatibility ideograph is its unified one
        ("戸田", "戶田"),  # variants Unicode lists as look-alikes
    ],
)
def test_look_alikes_are_one_name(one: str, other: str) -> None:
    assert name_key(one) == name_key(other), (one, other)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("阿強", "阿强"),  # traditional and simplified: two people
        ("阿明", "阿朋"),
        ("Ann", "Anne"),
        ("Ann", "Amy"),
        ("Zoë", "Zoe"),
        ("Lily", "Lilly"),
    ],
)
def test_different_names_stay_different(one: str, other: str) -> None:
    assert name_key(one) != name_key(other), (one, other)


def test_skeletons_follow_unicodes_table() -> None:
    # Hand-read from confusables.txt 16.0.0: each line's source → prototype.
    assert skeleton("\u0430") == "a"  # CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A
    assert skeleton("\u0456") == "i"
    assert skeleton("m") == "rn"
    assert skeleton("0") == "O"
    assert skeleton("\u00ad") == ""  # SOFT HYPHEN: Default_Ignorable_Code_Point
    assert skeleton("abc") == "abc"
    assert confusables_table.UNICODE_VERSION == "16.0.0"
    assert confusables_table.MAPPINGS == 6355  # the file's mapping lines
    assert confusables_table.LICENCE.startswith("UNICODE LICENSE V3")


def test_a_refusal_can_name_the_look_alike_letters() -> None:
    assert look_alike_letters("\u0410nn") == "U+0410 CYRILLIC CAPITAL LETTER A"
    assert look_alike_letters("Ann") == "" and look_alike_letters("阿強") == ""
    three = "\u0410\u0412\u0421"  # Cyrillic А, В, С
    assert look_alike_letters(three).endswith(" and 1 more")


def test_the_build_script_reads_unicodes_files() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_confusables", ROOT / "build_scripts" / "make_confusables.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_confusables", script)
    spec.loader.exec_module(script)
    sample = (
        "# Version: 16.0.0\n"
        "0430 ;\t0061 ;\tMA\t# ( а → a ) CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A\t#\n"
        "\n"
        "006D ;\t0072 006E ;\tMA\t# ( m → rn )\n"
    )
    assert script.mappings(sample) == ["0430 0061", "006D 0072 006E"]
    properties = (
        "00AD          ; Default_Ignorable_Code_Point # Cf       SOFT HYPHEN\n"
        "0041..005A    ; Alphabetic # L&  [26] LATIN CAPITAL LETTER A..Z\n"
        "115F..1160    ; Default_Ignorable_Code_Point # Lo   [2] HANGUL FILLERS\n"
    )
    assert script.ignorable(properties) == ["00AD", "115F..1160"]


def test_a_saved_scores_name_is_held_against_look_alikes(tmp_path: Path) -> None:
    """A name belongs to the identity whose saved score carries it (PROTOCOL.md §4): a
    Cyrillic І (U+0406) does not make 'Indie' another name."""
    store = ScoreStore(tmp_path / "scores.json")
    store.update({"id:indie": ("Indie", 1500)})
    assert store.holder("\u0406ndie") == "id:indie"
    assert store.holder("Indie") == "id:indie"
    assert store.holder("Index") is None


def answer(host: NetHost, name: str, spectate: bool = False) -> str:
    raw = RawClient(host.address)
    try:
        raw.send_message(hello(name=name, spectate=spectate))
        got = raw.wait_for(lambda m: isinstance(m, Welcome | Error), 5)
        return got.code if isinstance(got, Error) else type(got).__name__
    finally:
        raw.close()


def test_the_host_refuses_a_look_alike_of_a_seated_name(tmp_path: Path) -> None:
    host = start_host(tmp_path / "data", "Look-alikes", insecure=True)
    players = []
    try:
        players = make_players(host.address, ["Ann", "Lily", "阿強"])
        assert answer(host, "\u0410nn") == "name_taken"  # Cyrillic А
        # The reason names the letter, as both names look the same on screen.
        raw = RawClient(host.address)
        raw.send_message(hello(name="\u0410nn"))
        refused = raw.wait_error(5)
        raw.close()
        assert refused is not None and "U+0410 CYRILLIC CAPITAL LETTER A" in refused.reason
        assert "(as 'Ann'" in refused.reason, refused.reason
        assert answer(host, "L\u0456ly") == "name_taken"  # Cyrillic і
        assert answer(host, "\u0410NN", spectate=True) == "name_taken"
        assert answer(host, "Anna", spectate=True) == "Welcome"
        assert answer(host, "阿强") == "Welcome"  # simplified 强: another person
    finally:
        close_all(players)
        host.stop()
