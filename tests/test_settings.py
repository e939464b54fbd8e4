"""Player settings: defaults, validation, forgiving load, atomic save."""

from __future__ import annotations

import json
import os

import msgspec
import pytest

from client import settings as settings_module
from client.i18n import LANGUAGES, has_text
from client.settings import FIELDS, Settings, load_settings, save_settings


def test_defaults():
    s = Settings()
    assert s.player_name == "Player"
    assert s.language == "zh-Hans"
    assert s.sound is True
    assert s.volume == 0.8
    assert s.voice == "yue"
    assert s.window_size == (1280, 720)
    assert s.fullscreen is False
    assert s.tile_size == "medium"
    assert s.animation_speed == "normal"
    assert s.hint is True
    assert (s.auto_win, s.auto_pass, s.auto_discard) == (False, False, False)
    assert s.last_address == ""
    assert s.last_table_name == "Mahjong table"


def test_settings_are_frozen():
    with pytest.raises(AttributeError):
        Settings().volume = 0.1  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad",
    [
        {"volume": 1.5},
        {"volume": -0.1},
        {"window_size": (1023, 720)},
        {"window_size": (1280, 639)},
        {"window_size": (3841, 2160)},
        {"window_size": (3840, 2161)},
        {"player_name": ""},
        {"player_name": "   "},
        {"player_name": "x" * 25},
        {"language": "fr"},
        {"tile_size": "huge"},
        {"animation_speed": "warp"},
        {"voice": "fr"},
    ],
)
def test_invalid_values_are_refused_also_in_code(bad):
    with pytest.raises(ValueError):
        Settings(**bad)
    with pytest.raises(ValueError):
        msgspec.structs.replace(Settings(), **bad)


def test_edge_values_are_allowed():
    Settings(volume=0.0, window_size=(1024, 640), player_name="x")
    Settings(volume=1.0, window_size=(3840, 2160), player_name="阿" * 24)


def test_languages_match_the_catalogue():
    field = next(f for f in msgspec.structs.fields(Settings) if f.name == "language")
    assert set(field.type.__args__) == set(LANGUAGES)


def test_every_field_has_a_label_for_the_reset_message():
    for name in FIELDS:
        assert has_text(f"settings.{name}"), name


def test_missing_file_gives_defaults_and_no_message(tmp_path):
    path = tmp_path / "settings.json"
    assert load_settings(path) == (Settings(), None)
    assert not path.exists()


def test_round_trip(tmp_path):
    path = tmp_path / "deep" / "er" / "settings.json"
    s = Settings(
        player_name="阿明",
        language="zh-Hant",
        sound=False,
        volume=0.25,
        window_size=(1920, 1080),
        fullscreen=True,
        tile_size="large",
        animation_speed="off",
        hint=False,
        auto_win=True,
        auto_pass=True,
        auto_discard=True,
        last_address="192.168.1.5:7000#abc",
        last_table_name="周六麻将",
    )
    save_settings(s, path)
    assert load_settings(path) == (s, None)
    text = path.read_text(encoding="utf-8")
    assert "阿明" in text  # kept readable, not escaped
    assert json.loads(text)["window_size"] == [1920, 1080]


def test_corrupt_json_gives_defaults_a_message_and_keeps_the_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"player_name": "Ah Ming", "volume": 0.')
    s, message = load_settings(path)
    assert s == Settings()
    assert message is not None
    assert "JSON" in message and "settings.json.corrupt" in message
    assert not path.exists()
    assert (
        tmp_path / "settings.json.corrupt"
    ).read_bytes() == b'{"player_name": "Ah Ming", "volume": 0.'
    # a later start finds no file: defaults, quietly
    assert load_settings(path) == (Settings(), None)


def test_a_second_corrupt_file_does_not_overwrite_the_first(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"first \xff")
    load_settings(path)
    path.write_bytes(b"second")
    load_settings(path)
    assert (tmp_path / "settings.json.corrupt").read_bytes() == b"first \xff"
    assert (tmp_path / "settings.json.corrupt.1").read_bytes() == b"second"


@pytest.mark.parametrize("content", [b"[1, 2]", b'"hello"', b"42", b"null", b""])
def test_json_that_is_not_an_object_is_reset(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s, message = load_settings(path)
    assert s == Settings()
    assert message
    assert (tmp_path / "settings.json.corrupt").read_bytes() == content


def test_only_the_invalid_fields_are_reset(tmp_path):
    path = tmp_path / "settings.json"
    original = {
        "player_name": "Ah Ming",
        "language": "en",
        "sound": False,
        "volume": 7,
        "window_size": [10, 10],
        "tile_size": "large",
        "hint": "yes",
    }
    path.write_text(json.dumps(original), encoding="utf-8")
    s, message = load_settings(path)
    assert s == Settings(player_name="Ah Ming", language="en", sound=False, tile_size="large")
    assert message is not None
    # named in the file's own language, by their labels
    assert "Volume" in message and "Window size" in message and "Waiting-tile hints" in message
    assert "Player name" not in message
    # the original is kept aside and the repaired settings are written back
    assert json.loads((tmp_path / "settings.json.corrupt").read_text(encoding="utf-8")) == original
    assert load_settings(path) == (s, None)


def test_reset_message_follows_the_files_language(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"language": "zh-Hant", "volume": "loud"}', encoding="utf-8")
    s, message = load_settings(path)
    assert s.language == "zh-Hant"
    assert message is not None and "音量" in message and "部分設定無效" in message


def test_unknown_fields_are_ignored(tmp_path):
    path = tmp_path / "settings.json"
    raw = '{"player_name": "Bo", "a_future_option": {"x": 1}, "volume": 0.5}'
    path.write_text(raw, encoding="utf-8")
    assert load_settings(path) == (Settings(player_name="Bo", volume=0.5), None)
    assert path.read_text(encoding="utf-8") == raw  # untouched
    assert not (tmp_path / "settings.json.corrupt").exists()


def test_an_unreadable_file_does_not_crash(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()  # reading a folder fails with an OSError
    s, message = load_settings(path)
    assert s == Settings()
    assert message


def test_save_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "settings.json"
    for volume in (0.1, 0.2, 0.3):
        save_settings(Settings(volume=volume), path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert load_settings(path)[0].volume == 0.3


def test_a_failed_save_keeps_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(Settings(player_name="Old"), path)

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save_settings(Settings(player_name="New"), path)
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert load_settings(path)[0].player_name == "Old"


def test_the_default_path_is_in_the_user_config_folder(tmp_path, monkeypatch):
    seen = []

    def config_dir(app):
        seen.append(app)
        return str(tmp_path / "config")

    monkeypatch.setattr(settings_module.platformdirs, "user_config_dir", config_dir)
    save_settings(Settings(player_name="Cy"))
    assert seen == ["gdmahjong"]
    assert (tmp_path / "config" / "settings.json").is_file()
    assert load_settings() == (Settings(player_name="Cy"), None)
