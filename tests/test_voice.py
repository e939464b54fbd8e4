"""The spoken call-outs: the committed clips, which one each event asks for, the setting.

The clips are checked as committed (no espeak-ng needed); where espeak-ng and SoX are
installed at the versions the manifest names, they are also made again and compared byte
for byte, and espeak-ng's readings are compared with the jyutping and pinyin.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from client import assets, voice
from client.app import App
from client.audio import Audio
from client.selftest import SelfTestFailed, _check_voice
from client.settings import Settings, load_settings, save_settings
from client.voice import ClipUnusable, callout_for, clip_fault, clip_info, clip_path
from shared.events import (
    HandEnded,
    KongDeclared,
    MeldClaimed,
    TileDiscarded,
    TileDrawn,
    WinnerResult,
)
from tests.support.gui import late_turn_with_melds, show_table

ROOT = Path(__file__).resolve().parents[1]
VOICE_DIR = ROOT / "assets" / "voice"
LANGUAGES = ("yue", "cmn")
CALLS = ("pung", "chow", "kong", "win", "self_drawn")
EVERY_CLIP = [(language, call) for language in LANGUAGES for call in CALLS]


# --- the committed files -----------------------------------------------------------------


def test_the_clips_are_the_ones_the_game_looks_for():
    assert voice.VOICES == LANGUAGES
    assert voice.CALLOUTS == CALLS
    found = sorted(p.relative_to(VOICE_DIR).as_posix() for p in VOICE_DIR.rglob("*.ogg"))
    assert found == sorted(f"{language}/{call}.ogg" for language, call in EVERY_CLIP)
    for language, call in EVERY_CLIP:
        assert clip_path(language, call) == VOICE_DIR / language / f"{call}.ogg"


@pytest.mark.parametrize(("language", "call"), EVERY_CLIP)
def test_every_clip_is_a_short_small_mono_ogg_vorbis(language: str, call: str):
    data = (VOICE_DIR / language / f"{call}.ogg").read_bytes()
    assert data[:4] == b"OggS"
    info = clip_info(data)
    assert info.channels == 1
    assert info.rate == 22050
    assert 0.2 <= info.seconds < 1.5, info
    assert len(data) < 12_000


def test_all_the_clips_together_are_tens_of_kilobytes():
    total = sum(p.stat().st_size for p in VOICE_DIR.rglob("*.ogg"))
    assert 20_000 < total < 90_000, total


def test_the_mixer_decodes_every_clip_at_its_length():
    """Under SDL's dummy driver the mixer opens and decodes as it would on a sound card."""
    audio = Audio(True, 0.5, mixer=True)
    try:
        if not audio.available:
            pytest.skip("no mixer opens on this machine")
        assert set(audio.clips) == set(EVERY_CLIP)
        for key, clip in audio.clips.items():
            seconds = clip_info(clip_path(*key).read_bytes()).seconds
            assert abs(clip.get_length() - seconds) < 0.01, key
            raw = clip.get_raw()
            assert max(raw) > 0, f"{key} decodes to silence"
            assert abs(clip.get_volume() - 0.5) < 0.01
    finally:
        audio.close()


def test_the_manifest_names_every_clip_its_size_and_the_tools():
    text = (VOICE_DIR / "README.md").read_text(encoding="utf-8")
    for language, call in EVERY_CLIP:
        size = (VOICE_DIR / language / f"{call}.ogg").stat().st_size
        assert re.search(rf"`{language}/{call}\.ogg` \|.*\| {size:,} B \|", text), (language, call)
    assert re.search(r"espeak-ng \d+\.\d+", text)
    assert "python build_scripts/make_voice.py" in text
    assert "GNU General Public License" in text


@pytest.mark.parametrize(
    ("damage", "fault"),
    [
        (lambda data: data[:100] + bytes([data[100] ^ 0xFF]) + data[101:], "wrong CRC"),
        (lambda data: data[: len(data) - 300], "runs past the end"),
        (lambda data: data + b"OggS", "cut short"),
        (lambda data: b"RIFF" + data[4:], "no Ogg page at byte 0"),
    ],
)
def test_a_damaged_clip_is_refused_naming_the_fault(damage: Any, fault: str):
    good = (VOICE_DIR / "yue" / "pung.ogg").read_bytes()
    with pytest.raises(ClipUnusable, match=fault):
        clip_info(damage(good))


def test_clip_fault_names_a_missing_file(tmp_path: Path):
    reason = clip_fault(tmp_path / "nothing.ogg")
    assert reason is not None and "nothing.ogg cannot be read" in reason
    assert clip_fault(VOICE_DIR / "cmn" / "win.ogg") is None


def test_the_self_test_fails_on_a_missing_clip(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    _check_voice()  # the committed clips pass
    shutil.copytree(VOICE_DIR, tmp_path / "voice")
    (tmp_path / "voice" / "cmn" / "kong.ogg").unlink()
    monkeypatch.setattr(assets, "assets_dir", lambda: tmp_path)
    with pytest.raises(SelfTestFailed, match=r"the voice clip .*kong\.ogg cannot be read"):
        _check_voice()


def test_a_missing_clip_is_mute_and_the_rest_still_play(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    shutil.copytree(VOICE_DIR, tmp_path / "voice")
    (tmp_path / "voice" / "yue" / "win.ogg").write_bytes(b"not a clip")
    monkeypatch.setattr(assets, "assets_dir", lambda: tmp_path)
    audio = Audio(True, 0.5, mixer=True)
    try:
        if not audio.available:
            pytest.skip("no mixer opens on this machine")
        assert set(audio.clips) == set(EVERY_CLIP) - {("yue", "win")}
        audio.speak("win")  # silent, no error
        audio.speak("pung")
    finally:
        audio.close()


# --- which clip each event asks for -------------------------------------------------------


class FakeClip:
    """A loaded clip that notes when it is played and stopped."""

    def __init__(self, key: tuple[str, str], log: list[tuple[str, ...]]):
        self.key, self.log = key, log

    def play(self) -> None:
        self.log.append(("play", *self.key))

    def stop(self) -> None:
        self.log.append(("stop", *self.key))

    def set_volume(self, volume: float) -> None: ...


def fake_audio(language: str, enabled: bool = True, volume: float = 0.8) -> Audio:
    audio = Audio(enabled, volume, voice=language, mixer=False)
    audio.log = []  # type: ignore[attr-defined]
    audio.clips = {key: FakeClip(key, audio.log) for key in EVERY_CLIP}  # type: ignore[attr-defined,misc]
    return audio


def spoken(audio: Audio) -> list[tuple[str, ...]]:
    return [entry[1:] for entry in audio.log if entry[0] == "play"]  # type: ignore[attr-defined]


def winner(seat: int) -> WinnerResult:
    return WinnerResult(seat, 3, 3, (), 8, 0, (), ())


def hand_ended(kind: str, winners: tuple[WinnerResult, ...]) -> HandEnded:
    return HandEnded(
        kind,  # type: ignore[arg-type]
        winners,
        None,
        ((), (), (), ()),
        (),
        (),
        (0, 0, 0, 0),
        (500, 500, 500, 500),
    )


EVENTS = [
    (MeldClaimed(1, "pung", (4, 4, 4), 4, 0), "pung"),
    (MeldClaimed(2, "chow", (0, 1, 2), 2, 1), "chow"),
    (MeldClaimed(3, "kong", (9, 9, 9, 9), 9, 2), "kong"),
    (KongDeclared(0, "concealed", None), "kong"),
    (KongDeclared(2, "added", 9), "kong"),
    (hand_ended("discard", (winner(1),)), "win"),
    (hand_ended("robbing_kong", (winner(3),)), "win"),
    (hand_ended("discard", (winner(1), winner(2))), "win"),
    (hand_ended("self_drawn", (winner(0),)), "self_drawn"),
    (hand_ended("draw", ()), None),
    (TileDiscarded(0, 5), None),
    (TileDrawn(0, False, 80, 5), None),
]


@pytest.mark.parametrize(("event", "call"), EVENTS)
def test_each_event_kind_asks_for_its_call(event: object, call: str | None):
    assert callout_for(event) == call
    for language in LANGUAGES:
        audio = fake_audio(language)
        audio.call_out(event)
        assert spoken(audio) == ([(language, call)] if call else [])


@pytest.mark.parametrize(
    ("language", "enabled", "volume"),
    [("off", True, 0.8), ("yue", False, 0.8), ("cmn", True, 0.0), ("klingon", True, 0.8)],
)
def test_off_muted_or_silenced_says_nothing(language: str, enabled: bool, volume: float):
    audio = fake_audio(language, enabled, volume)
    for event, _ in EVENTS:
        audio.call_out(event)
    audio.speak("pung")
    assert spoken(audio) == []


def test_a_new_call_cuts_the_one_still_speaking():
    audio = fake_audio("yue")
    audio.speak("pung")
    audio.speak("win")
    assert audio.log == [  # type: ignore[attr-defined]
        ("play", "yue", "pung"),
        ("stop", "yue", "pung"),
        ("play", "yue", "win"),
    ]


def test_an_unknown_call_is_ignored_with_one_warning(caplog: pytest.LogCaptureFixture):
    audio = fake_audio("cmn")
    audio.speak("riichi")
    audio.speak("riichi")
    assert spoken(audio) == []
    assert sum("riichi" in r.getMessage() for r in caplog.records) == 1


def test_the_table_calls_every_claim_of_the_hand_in_the_chosen_voice(app: App):
    """The scripted hand's claims in order: 下家's concealed kong, our pung, the pung
    opposite, 上家's chow (tests/support/gui.py, late_turn_with_melds)."""
    app.audio = fake_audio("cmn")
    show_table(app, late_turn_with_melds().connection())
    assert spoken(app.audio) == [("cmn", "kong"), ("cmn", "pung"), ("cmn", "pung"), ("cmn", "chow")]


def test_the_table_says_nothing_with_the_voice_off(app: App):
    app.audio = fake_audio("off")
    show_table(app, late_turn_with_melds().connection())
    assert spoken(app.audio) == []


# --- the setting ------------------------------------------------------------------------


def test_the_voice_setting_is_cantonese_by_default_and_round_trips(tmp_path: Path):
    assert Settings().voice == "yue"
    path = tmp_path / "settings.json"
    for language in ("cmn", "off", "yue"):
        save_settings(Settings(voice=language), path)
        assert load_settings(path) == (Settings(voice=language), None)
    with pytest.raises(ValueError):
        Settings(voice="fr")  # type: ignore[arg-type]


def test_a_bad_voice_in_the_file_resets_only_the_voice(tmp_path: Path):
    path = tmp_path / "settings.json"
    path.write_text('{"voice": "klingon", "volume": 0.4}', encoding="utf-8")
    settings, message = load_settings(path)
    assert (settings.voice, settings.volume) == ("yue", 0.4)
    assert message is not None and "语音报牌" in message  # the file's language: 简体


def test_the_setting_has_the_values_there_are_clips_for():
    field = next(f for f in msgspec.structs.fields(Settings) if f.name == "voice")
    assert set(field.type.__args__) == {*voice.VOICES, "off"}


def test_choosing_mandarin_in_the_settings_screen_changes_the_voice(app: App):
    from client.scenes.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    app.frame(0.016)
    choice = scene.choices["voice"]
    choice.index = choice.options.index("cmn")
    scene._save()
    assert app.settings.voice == "cmn"
    assert app.audio.voice == "cmn"
    assert load_settings()[0].voice == "cmn"


# --- remaking them (only where espeak-ng is installed) ------------------------------------


def _load_make_voice() -> Any:
    path = ROOT / "build_scripts" / "make_voice.py"
    spec = importlib.util.spec_from_file_location("build_scripts_make_voice", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _espeak_as_recorded() -> None:
    """Skip unless espeak-ng and sox are here at the versions the manifest records."""
    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        pytest.skip("espeak-ng and sox are not installed: the committed clips are checked only")
    here = subprocess.run(("espeak-ng", "--version"), capture_output=True, text=True).stdout
    have = re.search(r"text-to-speech:\s*(\S+)", here)
    manifest = (VOICE_DIR / "README.md").read_text(encoding="utf-8")
    made = re.search(r"Made with espeak-ng (\S+),", manifest)
    assert made is not None, "the manifest names espeak-ng's version"
    if have is None or have.group(1) != made.group(1):
        pytest.skip(f"espeak-ng here is not {made.group(1)}, the version the clips were made with")


READINGS = {
    ("yue", "碰"): "p'ung3_|",  # pung3
    ("yue", "上"): "s'oeng5_|",  # soeng5
    ("yue", "槓"): "g'ong3_|",  # gong3
    ("yue", "食糊"): "s'i6k_| w'u4_|",  # sik6 wu4
    ("yue", "[[z'i6 m'o1]]"): "z'i6_| m'o1_|",  # zi6 mo1
    ("cmn-latn-pinyin", "碰"): "ph'@51N_|",  # peng4: p aspirated, tone 4 = 51
    ("cmn-latn-pinyin", "吃"): "ts.h'i.55_|",  # chi1
    ("cmn-latn-pinyin", "杠"): "k'a51N_|",  # gang4
    ("cmn-latn-pinyin", "胡"): "X'u35_|",  # hu2
    ("cmn-latn-pinyin", "自摸"): "ts'i[51_| m'o55_|",  # zi4 mo1
}


def test_espeak_reads_each_text_as_the_call_sounds():
    _espeak_as_recorded()
    for (espeak_voice, text), expected in READINGS.items():
        done = subprocess.run(
            ("espeak-ng", "-v", espeak_voice, "-q", "-x", text), capture_output=True, text=True
        )
        assert done.stdout.strip() == expected, (espeak_voice, text)


def test_making_the_clips_again_gives_the_committed_bytes(capsys: pytest.CaptureFixture[str]):
    _espeak_as_recorded()
    assert _load_make_voice().main(["--check"]) == 0, capsys.readouterr().out
