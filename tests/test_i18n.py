"""The text catalogue: three languages, same keys and format fields, names of patterns and tiles."""

from __future__ import annotations

import ast
import logging
import string
from pathlib import Path

import msgspec
import pytest

from client import i18n
from client.i18n import (
    CATALOGUE,
    LANGUAGES,
    current_language,
    pattern_name,
    set_language,
    t,
    tile_list,
    tile_name,
    translate,
    wind_name,
)
from shared.patterns import PATTERNS
from shared.presets import PRESETS
from shared.protocol import Error
from shared.tiles import ALL_TILES, Tile

ROOT = Path(__file__).resolve().parents[1]

# Characters that exist only in one script: a simplified one in 繁體 (or the reverse) is a slip.
SIMPLIFIED_ONLY = set(
    "们这设网络连过门风杠开抢鸡对罗汉东发兰万条个时间无与给还进钱庄马买请认错输选项积数"
)
TRADITIONAL_ONLY = set(
    "們這設網絡連過門風槓開搶雞對羅漢東發蘭萬條個時間無與給還進錢莊馬買請認錯輸選項積數"
)


@pytest.fixture(autouse=True)
def _restore_language():
    before = current_language()
    yield
    set_language(before)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_languages_are_the_three_offered():
    assert LANGUAGES == {"zh-Hans": "简体中文", "zh-Hant": "繁體中文", "en": "English"}
    assert set(CATALOGUE) == set(LANGUAGES)


def test_every_key_exists_in_every_language_and_is_not_empty():
    keys = set().union(*(CATALOGUE[code] for code in LANGUAGES))
    assert len(keys) > 200
    for code in LANGUAGES:
        missing = keys - set(CATALOGUE[code])
        assert not missing, f"{code} lacks {sorted(missing)}"
        empty = [k for k, text in CATALOGUE[code].items() if not text.strip()]
        assert not empty, f"{code} has empty texts: {empty}"


def test_every_key_has_the_same_format_fields_in_every_language():
    for key in CATALOGUE["en"]:
        expected = _fields(CATALOGUE["en"][key])
        for code in LANGUAGES:
            assert _fields(CATALOGUE[code][key]) == expected, f"{key} in {code}"
            assert i18n.fields(CATALOGUE[code][key]) == expected
            # and every template formats with its fields (no stray braces)
            CATALOGUE[code][key].format(**dict.fromkeys(expected, "X"))


def test_each_chinese_script_keeps_to_its_own_characters():
    for key, text in CATALOGUE["zh-Hant"].items():
        assert not SIMPLIFIED_ONLY & set(text), f"simplified in zh-Hant {key}: {text}"
    for key, text in CATALOGUE["zh-Hans"].items():
        assert not TRADITIONAL_ONLY & set(text), f"traditional in zh-Hans {key}: {text}"


def test_set_language_switches_the_texts():
    set_language("zh-Hans")
    assert current_language() == "zh-Hans"
    assert t("menu.title") == "广东麻将 · 鸡平和"
    assert t("menu.settings") == "设置"
    set_language("zh-Hant")
    assert t("menu.title") == "廣東麻將 · 雞平和"
    assert t("menu.settings") == "設定"
    set_language("en")
    assert current_language() == "en"
    assert t("menu.settings") == "Settings"
    assert t("table.tiles_left", n=42) == "Tiles left: 42"


def test_unknown_language_raises_value_error():
    with pytest.raises(ValueError, match="klingon"):
        set_language("klingon")
    with pytest.raises(ValueError):
        translate("fr", "menu.title")
    assert current_language() in LANGUAGES


def test_format_fields_are_filled():
    set_language("zh-Hans")
    assert (
        t("hint.discard_waits", tile="五筒", waits="三万、六万", n=5)
        == "打五筒：听三万、六万（剩5张）"
    )
    set_language("en")
    assert t("hint.discard_waits", tile="5 dots", waits="3 characters", n=2) == (
        "Discard 5 dots: waits on 3 characters (2 left)"
    )
    assert t("history.hosted_by", name="Bea").count("Bea") == 1


def test_score_too_low_message_is_as_the_rules_give_it():
    assert translate("zh-Hans", "result.score_too_low") == "您的积分不足，不能进行下一局"
    assert translate("zh-Hant", "result.score_too_low") == "您的積分不足，不能進行下一局"


def test_missing_key_raises_in_tests():
    assert i18n._strict()
    with pytest.raises(KeyError):
        t("no.such.key")
    with pytest.raises(KeyError):
        t("table.tiles_left")  # its field n is missing


def test_strict_mode_is_set_not_guessed_from_the_loaded_modules(monkeypatch):
    """The game does not look for pytest: only STRICT (set by tests/conftest.py) or the
    environment make a missing key raise."""
    monkeypatch.setattr(i18n, "STRICT", None)
    monkeypatch.setattr(i18n, "_warned", set())
    monkeypatch.delenv("GDMJ_I18N_STRICT", raising=False)
    assert not i18n._strict()
    assert t("no.such.key") == "no.such.key"
    monkeypatch.setenv("GDMJ_I18N_STRICT", "1")
    assert i18n._strict()


def test_missing_key_never_crashes_the_game(monkeypatch, caplog):
    monkeypatch.setattr(i18n, "STRICT", False)
    monkeypatch.setattr(i18n, "_warned", set())
    with caplog.at_level(logging.WARNING, logger="client.i18n"):
        assert t("no.such.key") == "no.such.key"
        assert t("no.such.key") == "no.such.key"
        assert t("table.tiles_left") == CATALOGUE[current_language()]["table.tiles_left"]
        assert pattern_name("no_such_pattern") == "no_such_pattern"
    warnings = [r for r in caplog.records if "no.such.key" in r.getMessage()]
    assert len(warnings) == 1  # logged once, not every frame


def test_every_pattern_has_a_name_in_every_language():
    for pid, pattern in PATTERNS.items():
        names = {code: pattern_name(pid, code) for code in LANGUAGES}
        assert all(name.strip() for name in names.values()), pid
        # the catalogue's 简体 and English names are the rules' own, not a second spelling
        assert names["zh-Hans"] == pattern.zh
        assert names["en"] == pattern.en
        assert names["zh-Hant"] == CATALOGUE["zh-Hant"][f"pattern.{pid}"]
    named = {key.removeprefix("pattern.") for key in CATALOGUE["en"] if key.count(".") == 1
             and key.startswith("pattern.")}
    assert named == set(PATTERNS)


@pytest.mark.parametrize(
    ("pid", "hant"),
    [
        ("chicken_hand", "雞胡"),
        ("all_pungs", "對對胡"),
        ("pure_one_suit", "清一色"),
        ("nine_gates", "九蓮寶燈"),
        ("win_on_kong", "槓上開花"),
        ("robbing_the_kong", "搶槓"),
        ("last_tile_draw", "海底撈月"),
        ("seat_wind_pung", "門風刻"),
        ("prevailing_wind_pung", "圈風刻"),
        ("eighteen_arhats", "十八羅漢"),
        ("thirteen_orphans", "十三幺"),
    ],
)
def test_traditional_pattern_names(pid, hant):
    assert pattern_name(pid, "zh-Hant") == hant


def test_pattern_name_follows_the_current_language():
    set_language("en")
    assert pattern_name("all_pungs") == "All pungs"
    set_language("zh-Hans")
    assert pattern_name("all_pungs") == "对对胡"


def test_tile_names_for_all_42_tiles():
    assert len(ALL_TILES) == 42
    for code in LANGUAGES:
        names = [tile_name(tile, code) for tile in ALL_TILES]
        assert all(names), code
        assert len(set(names)) == 42, f"{code} names two tiles alike"
    assert tile_name(Tile.M1, "zh-Hans") == "一万"
    assert tile_name(Tile.M1, "zh-Hant") == "一萬"
    assert tile_name(Tile.S3, "zh-Hant") == "三條"
    assert tile_name(Tile.P5, "zh-Hant") == "五筒"
    assert tile_name(Tile.GREEN, "zh-Hant") == "發"
    assert tile_name(Tile.EAST, "zh-Hant") == "東"
    assert tile_name(Tile.F2, "zh-Hant") == "蘭"
    assert tile_name(Tile.P5, "en") == "5 dots"
    assert tile_name(Tile.RED, "en") == "Red"
    set_language("zh-Hans")
    assert tile_name(int(Tile.RED)) == "中"
    assert tile_list([Tile.M3, Tile.M6]) == "三万、六万"
    assert tile_list([Tile.M3, Tile.M6], "en") == "3 characters, 6 characters"


def test_wind_names():
    assert [wind_name(w, "zh-Hans") for w in range(4)] == ["东", "南", "西", "北"]
    assert [wind_name(w, "zh-Hant") for w in range(4)] == ["東", "南", "西", "北"]
    assert [wind_name(w, "en") for w in range(4)] == ["East", "South", "West", "North"]


def test_the_families_of_keys_the_game_builds_exist():
    for name in PRESETS:
        assert i18n.has_text(f"preset.{name}")
        assert i18n.has_text(f"preset.{name}.about")
        assert i18n.has_text(f"preset.{name}.short")
    for rounds in (1, 4):
        assert i18n.has_text(f"rounds.{rounds}")
    (code_field,) = [f for f in msgspec.structs.fields(Error) if f.name == "code"]
    for code in code_field.type.__args__:
        assert i18n.has_text(f"error.{code}"), code
    for fan in (0, 1, 3):
        assert i18n.has_text(f"option.min_fan.{fan}")
    for horses in (0, 1, 2):
        assert i18n.has_text(f"option.horses.{horses}")
    for reason in ("win", "liability", "horse"):
        assert i18n.has_text(f"result.payment.{reason}")
    for reason in ("rounds_complete", "score_too_low", "player_left"):
        assert i18n.has_text(f"result.session_end.{reason}")
    for call in ("chow", "pung", "kong", "win", "self_drawn"):
        assert i18n.has_text(f"call.{call}")
    for claim in ("chow", "pung", "kong", "win", "pass", "self_drawn", "concealed_kong"):
        assert i18n.has_text(f"claim.{claim}")
    for speed in ("slow", "normal", "fast", "off"):
        assert i18n.has_text(f"settings.animation.{speed}")
    for size in ("small", "medium", "large"):
        assert i18n.has_text(f"settings.tile_size.{size}")
    for chat in ("hurry", "nice", "sorry", "again"):
        assert i18n.has_text(f"chat.{chat}")


def _client_calls():
    """(file, line, key, keyword names) of every t("literal", ...) call in client/."""
    for path in sorted((ROOT / "client").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "t"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                names = {k.arg for k in node.keywords}
                yield path.relative_to(ROOT), node.lineno, node.args[0].value, names


def test_every_literal_key_the_client_uses_exists_with_its_fields():
    problems = []
    for where, line, key, names in _client_calls():
        if not i18n.has_text(key):
            problems.append(f"{where}:{line}: no text {key!r}")
        elif None not in names and names != _fields(CATALOGUE["en"][key]):
            want = sorted(_fields(CATALOGUE["en"][key]))
            problems.append(f"{where}:{line}: {key!r} given {sorted(names)}, takes {want}")
    assert not problems, "\n".join(problems)
