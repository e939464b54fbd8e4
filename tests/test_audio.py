"""Generated sound effects: they render, they are sane, and no mixer means silence, not errors."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import wave
from array import array

import pygame
import pytest

from client import audio
from client.audio import SAMPLE_RATE, SOUND_NAMES, Audio, render_pcm, render_wav


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_renders_to_sane_pcm(name):
    pcm = render_pcm(name)
    assert len(pcm) % 2 == 0
    samples = array("h", pcm)
    seconds = len(samples) / SAMPLE_RATE
    assert 0.03 <= seconds <= 1.5, f"{name}: {seconds:.3f} s"
    peak = max(abs(v) for v in samples) / 32767
    assert 0.2 <= peak <= 0.95, f"{name}: peak {peak:.2f}"
    assert abs(samples[-1]) < 50, "the end is faded out (no click)"
    assert render_pcm(name) == pcm, "the same bytes every time (seeded)"


def test_sounds_follow_the_sample_rate():
    for name in SOUND_NAMES:
        full = len(render_pcm(name, SAMPLE_RATE))
        half = len(render_pcm(name, SAMPLE_RATE // 2))
        assert abs(full - 2 * half) <= 4


def test_expected_sound_names():
    assert set(SOUND_NAMES) == {"draw", "discard", "claim", "win", "dice", "timer"}
    with pytest.raises(KeyError):
        render_pcm("trumpet")


@pytest.mark.parametrize("name", ["discard", "win"])
def test_render_wav(tmp_path, name):
    path = render_wav(name, tmp_path / f"{name}.wav")
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() == SAMPLE_RATE
        assert wav.getnframes() * 2 == len(render_pcm(name))


@pytest.mark.parametrize(
    ("fmt", "channels", "width"),
    [(-16, 1, 2), (-16, 2, 2), (16, 2, 2), (8, 1, 1), (-8, 2, 1), (32, 2, 4)],
)
def test_encoding_for_each_mixer_format(fmt, channels, width):
    samples = [0.0, 1.0, -1.0, 0.5]
    data = audio._encode(samples, fmt, channels)
    assert len(data) == len(samples) * channels * width


def test_audio_without_a_mixer_is_silent_and_never_raises():
    a = Audio(enabled=True, volume=0.5, mixer=False)
    assert not a.available
    for name in SOUND_NAMES:
        a.play(name)
    a.play("no_such_sound")
    a.set_enabled(False)
    a.play("win")
    a.set_enabled(True)
    a.close()


def test_dummy_and_disk_drivers_mean_no_mixer(monkeypatch):
    for driver in ("dummy", "disk", "DUMMY"):
        monkeypatch.setenv("SDL_AUDIODRIVER", driver)
        a = Audio(True, 0.8)
        assert not a.available
        a.play("discard")


def test_a_mixer_that_fails_to_open_means_silence(monkeypatch):
    def broken_init(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    a = Audio(True, 0.8, mixer=True)
    assert not a.available
    for name in SOUND_NAMES:
        a.play(name)


def test_set_volume_clamps():
    a = Audio(True, 3.0, mixer=False)
    assert a.volume == 1.0
    a.set_volume(-0.5)
    assert a.volume == 0.0
    a.set_volume(1.7)
    assert a.volume == 1.0
    a.set_volume(0.3)
    assert a.volume == 0.3
    a.set_volume(float("nan"))
    assert a.volume == 0.0


def test_with_a_real_mixer_when_there_is_one():
    """The dummy driver usually opens: then the sounds are real pygame Sounds."""
    a = Audio(True, 0.4, mixer=True)
    try:
        if not a.available:
            pytest.skip("no mixer on this machine")
        assert set(a.sounds) == set(SOUND_NAMES)
        rate, _fmt, _channels = pygame.mixer.get_init()
        win = a.sounds["win"].get_length()
        assert abs(win - len(render_pcm("win", rate)) / 2 / rate) < 0.01
        for name in SOUND_NAMES:
            a.play(name)
        a.set_volume(0.9)
        assert all(abs(s.get_volume() - 0.9) < 0.01 for s in a.sounds.values())
        a.set_enabled(False)
        a.play("win")
    finally:
        a.close()
    assert not a.available
