"""Sound effects made by our own code at start, and the spoken call-outs.

Each effect is synthesised as floating-point samples (sines with exponential decay and
seeded noise), turned into PCM in the mixer's own format and handed to
`pygame.mixer.Sound(buffer=...)`. Without a usable mixer (no audio device, or the dummy
and disk drivers of headless runs) `Audio` stays silent and never raises: sound is a
nicety, never a reason for the game to stop.

The call-outs (碰, 上/吃, 槓, 食糊/胡, 自摸) are the game's only sound files, clips made by
`build_scripts/make_voice.py` (see `client.voice`). Both languages are loaded with the
effects (ten clips of half a second); a missing or damaged clip is logged and stays silent.
They follow the same sound switch and volume as the effects and play beside them (the claim
chime under the spoken 碰). One voice speaks at a time: a new call-out cuts one still
speaking, so a burst of events never makes a babble.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

import pygame

from client.voice import CALLOUTS, VOICES, callout_for, clip_path

log = logging.getLogger(__name__)

SAMPLE_RATE = 44100
SOUND_NAMES = ("draw", "discard", "claim", "win", "dice", "timer")
SILENT_DRIVERS = ("dummy", "disk")
"""SDL audio drivers that play nothing (disk even writes a file): treated as no mixer."""

Samples = list[float]


# --- building blocks ------------------------------------------------------------------


def _blank(seconds: float, rate: int) -> Samples:
    return [0.0] * max(1, round(seconds * rate))


def _mix(into: Samples, part: Samples, at: float, rate: int, gain: float = 1.0) -> None:
    """Add `part` into `into` from `at` seconds on (cut at the end of `into`)."""
    start = round(at * rate)
    for i, value in enumerate(part[: max(0, len(into) - start)]):
        into[start + i] += gain * value


def _tone(
    freq: float,
    seconds: float,
    rate: int,
    decay: float,
    partials: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),),
    attack: float = 0.004,
) -> Samples:
    """A struck tone: partials (frequency ratio, amplitude, decay factor), decaying."""
    n = max(1, round(seconds * rate))
    out = [0.0] * n
    for ratio, amp, decay_factor in partials:
        tau = decay * decay_factor
        step = 2.0 * math.pi * freq * ratio / rate
        if freq * ratio >= rate / 2:
            continue  # above Nyquist: would only alias
        length = min(n, round(tau * 9.0 * rate))  # e^-9 ≈ 0.0001: inaudible after that
        fall = math.exp(-1.0 / (tau * rate))
        env = amp
        for i in range(length):
            out[i] += env * math.sin(step * i)
            env *= fall
    rise = max(1, round(attack * rate))
    for i in range(min(rise, n)):
        out[i] *= i / rise
    return out


def _noise(seconds: float, rate: int, decay: float, rng: random.Random, smooth: float) -> Samples:
    """A decaying noise burst; `smooth` 0..1 is a one-pole low-pass (0 = bright)."""
    n = max(1, round(seconds * rate))
    fall = math.exp(-1.0 / (decay * rate))
    env = 1.0
    last = 0.0
    out = []
    for _ in range(n):
        last = smooth * last + (1.0 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(env * last)
        env *= fall
    return out


def _finish(samples: Samples, peak: float, rate: int, fade: float = 0.005) -> Samples:
    """Scale to `peak` (0..1 of full scale) and fade the last milliseconds out (no click)."""
    top = max((abs(v) for v in samples), default=0.0)
    scale = peak / top if top > 0 else 0.0
    out = [v * scale for v in samples]
    tail = min(len(out), max(1, round(fade * rate)))
    for i in range(tail):
        out[len(out) - 1 - i] *= i / tail
    return out


_BELL = ((1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (3.0, 0.12, 0.4), (4.2, 0.05, 0.25))
"""A soft chime: the fundamental and a few quicker-dying overtones."""


# --- the effects ----------------------------------------------------------------------


def _draw(rate: int) -> Samples:
    """A soft tick: a tiny muffled noise puff and a faint high ping."""
    rng = random.Random(1)
    out = _blank(0.06, rate)
    _mix(out, _noise(0.03, rate, 0.004, rng, smooth=0.6), 0.0, rate, 0.6)
    _mix(out, _tone(1800.0, 0.05, rate, 0.010, attack=0.001), 0.0, rate, 0.5)
    return _finish(out, 0.30, rate)


def _discard(rate: int) -> Samples:
    """A tile's clack on the table: a bright noise burst, a woody knock and a low click."""
    rng = random.Random(2)
    out = _blank(0.16, rate)
    burst = _noise(0.05, rate, 0.006, rng, smooth=0.0)
    burst = [b - a for a, b in zip([0.0, *burst], burst, strict=False)]  # high-pass: crisper
    _mix(out, burst, 0.0, rate, 0.7)
    _mix(out, _tone(950.0, 0.08, rate, 0.018, attack=0.0005), 0.0, rate, 0.5)
    _mix(out, _tone(2450.0, 0.04, rate, 0.007, attack=0.0005), 0.0, rate, 0.3)
    _mix(out, _tone(140.0, 0.12, rate, 0.025, attack=0.001), 0.0, rate, 0.8)
    return _finish(out, 0.85, rate)


def _claim(rate: int) -> Samples:
    """A two-note chime, up a fourth (G5 → C6)."""
    out = _blank(0.65, rate)
    _mix(out, _tone(783.99, 0.55, rate, 0.16, _BELL), 0.0, rate)
    _mix(out, _tone(1046.50, 0.54, rate, 0.20, _BELL), 0.11, rate)
    return _finish(out, 0.60, rate)


def _win(rate: int) -> Samples:
    """A rising arpeggio C5 E5 G5 C6 E6 that rings out together."""
    notes = (523.25, 659.26, 783.99, 1046.50, 1318.51)
    out = _blank(1.2, rate)
    for i, freq in enumerate(notes):
        at = 0.09 * i
        last = i == len(notes) - 1
        _mix(out, _tone(freq, 1.2 - at, rate, 0.45 if last else 0.32, _BELL), at, rate, 0.8)
    return _finish(out, 0.70, rate)


def _dice(rate: int) -> Samples:
    """Two dice rattling in a bowl: a dozen small clicks, quicker and softer as they settle."""
    rng = random.Random(3)
    out = _blank(0.5, rate)
    at, gain = 0.0, 1.0
    while at < 0.42:
        click = _noise(0.012, rate, 0.002, rng, smooth=0.2)
        ring = _tone(rng.uniform(2600.0, 4200.0), 0.03, rate, 0.005, attack=0.0003)
        _mix(out, click, at, rate, 0.7 * gain)
        _mix(out, ring, at, rate, 0.4 * gain)
        at += rng.uniform(0.018, 0.05)
        gain *= rng.uniform(0.8, 0.95)
    return _finish(out, 0.60, rate)


def _timer(rate: int) -> Samples:
    """A short warning beep at 1 kHz with soft edges."""
    out = _tone(1000.0, 0.14, rate, 10.0, ((1.0, 1.0, 1.0), (3.0, 0.15, 1.0)), attack=0.005)
    return _finish(out, 0.45, rate, fade=0.02)


_SYNTHS: dict[str, Callable[[int], Samples]] = {
    "draw": _draw,
    "discard": _discard,
    "claim": _claim,
    "win": _win,
    "dice": _dice,
    "timer": _timer,
}


def synthesize(name: str, rate: int = SAMPLE_RATE) -> Samples:
    """The samples of one effect, -1..1, at `rate` Hz (KeyError for an unknown name)."""
    return _SYNTHS[name](rate)


def render_pcm(name: str, rate: int = SAMPLE_RATE) -> bytes:
    """One effect as 16-bit signed mono PCM in the machine's byte order."""
    return _encode(synthesize(name, rate), -16, 1)


def render_wav(name: str, path: str | os.PathLike[str], rate: int = SAMPLE_RATE) -> Path:
    """Write one effect as a 16-bit mono WAV file, for listening or checking offline."""
    pcm = array("h", render_pcm(name, rate))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV is little-endian
    out = Path(path)
    with wave.open(str(out), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm.tobytes())
    return out


# format of pygame.mixer.get_init() → (array typecode, full scale, offset of silence)
_FORMATS: dict[int, tuple[str, float, float]] = {
    -16: ("h", 32767.0, 0.0),
    16: ("H", 32767.0, 32768.0),
    -8: ("b", 127.0, 0.0),
    8: ("B", 127.0, 128.0),
    32: ("f", 1.0, 0.0),
}


def _encode(samples: Samples, fmt: int, channels: int) -> bytes:
    """PCM bytes of `samples` in a mixer format, each sample repeated on every channel."""
    code, scale, offset = _FORMATS[fmt]
    if code == "f":
        values = [max(-1.0, min(1.0, v)) for v in samples]
    else:
        values = [round(max(-1.0, min(1.0, v)) * scale + offset) for v in samples]
    if channels > 1:
        values = [v for v in values for _ in range(channels)]
    return array(code, values).tobytes()


def _clamp(volume: float) -> float:
    if volume != volume:  # NaN
        return 0.0
    return max(0.0, min(1.0, float(volume)))


class Audio:
    """The game's sound effects: `play("discard")`; silent when there is no mixer."""

    def __init__(
        self,
        enabled: bool = True,
        volume: float = 0.8,
        *,
        voice: str = "yue",
        mixer: bool | None = None,
    ):
        """`voice`: "yue", "cmn" or "off" (client.settings.Voice). `mixer`: None opens the
        mixer unless SDL_AUDIODRIVER is dummy or disk."""
        self.enabled = bool(enabled)
        self.volume = _clamp(volume)
        self.voice = "off"
        self.set_voice(voice)
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.clips: dict[tuple[str, str], pygame.mixer.Sound] = {}
        """(voice, callout) → its clip, for those that loaded."""
        self._speaking: pygame.mixer.Sound | None = None
        self._opened_mixer = False
        self._warned: set[str] = set()
        if mixer is None:
            driver = os.environ.get("SDL_AUDIODRIVER", "").strip().lower()
            mixer = driver not in SILENT_DRIVERS
        if mixer:
            self._open()

    @property
    def available(self) -> bool:
        """True when the effects can actually be heard."""
        return bool(self.sounds)

    def _open(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=2, buffer=512)
                self._opened_mixer = True
            opened = pygame.mixer.get_init()
            if opened is None:
                log.info("sound off: the mixer did not start")
                return
            rate, fmt, channels = opened
            if fmt not in _FORMATS:
                log.info("sound off: mixer format %s is not one we can write", fmt)
                return
            for name in SOUND_NAMES:
                sound = pygame.mixer.Sound(buffer=_encode(synthesize(name, rate), fmt, channels))
                sound.set_volume(self.volume)
                self.sounds[name] = sound
        except Exception as exc:  # no device, no SDL_mixer, a driver error: play silently
            log.info("sound off: %s", exc)
            self.sounds.clear()
            return
        self._load_clips()

    def _load_clips(self) -> None:
        for voice in VOICES:
            for callout in CALLOUTS:
                path = clip_path(voice, callout)
                try:
                    clip = pygame.mixer.Sound(file=path)
                except (pygame.error, OSError) as exc:  # missing or undecodable: that one is mute
                    log.warning("voice clip %s not loaded: %s", path, exc)
                    continue
                clip.set_volume(self.volume)
                self.clips[voice, callout] = clip

    def play(self, name: str) -> None:
        """Play one effect (see SOUND_NAMES); nothing when off, muted or without a mixer."""
        if name not in _SYNTHS:
            if name not in self._warned:
                self._warned.add(name)
                log.warning("no sound effect named %r", name)
            return
        sound = self.sounds.get(name)
        if sound is None or not self.enabled or self.volume <= 0.0:
            return
        try:
            sound.play()
        except pygame.error as exc:
            log.info("could not play %s: %s", name, exc)

    def speak(self, callout: str) -> None:
        """Say one call-out (see client.voice.CALLOUTS) in the chosen voice; nothing when the
        voice is off, sound is off or muted, or the clip did not load."""
        if callout not in CALLOUTS:
            if callout not in self._warned:
                self._warned.add(callout)
                log.warning("no call-out named %r", callout)
            return
        clip = self.clips.get((self.voice, callout))
        if clip is None or not self.enabled or self.volume <= 0.0:
            return
        try:
            if self._speaking is not None:
                self._speaking.stop()
            clip.play()
        except pygame.error as exc:
            log.info("could not say %s: %s", callout, exc)
        self._speaking = clip

    def call_out(self, event: object) -> None:
        """Say what a table event calls for (client.voice.callout_for), if anything."""
        callout = callout_for(event)
        if callout is not None:
            self.speak(callout)

    def set_voice(self, voice: str) -> None:
        """"yue", "cmn" or "off"; anything else is taken as off, with a warning."""
        if voice != "off" and voice not in VOICES:
            log.warning("no voice %r; call-outs off", voice)
            voice = "off"
        self.voice = voice

    def _all(self) -> list[pygame.mixer.Sound]:
        return [*self.sounds.values(), *self.clips.values()]

    def set_volume(self, volume: float) -> None:
        """Volume 0..1 (values outside are clamped), of the effects and the voice alike."""
        self.volume = _clamp(volume)
        for sound in self._all():
            sound.set_volume(self.volume)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if not self.enabled:
            self.stop()

    def stop(self) -> None:
        for sound in self._all():
            with contextlib.suppress(pygame.error):
                sound.stop()

    def close(self) -> None:
        """Stop every effect and clip; close the mixer if this object opened it."""
        self.stop()
        self.sounds.clear()
        self.clips.clear()
        self._speaking = None
        if self._opened_mixer:
            pygame.mixer.quit()
            self._opened_mixer = False
