"""Spoken call-outs: which clip an event calls for, where the clips are, whether one is whole.

The clips are the only sound files the game has: 碰, 上/吃, 槓, 食糊/胡 and 自摸 said in
Cantonese and in Mandarin, rendered by espeak-ng and encoded as Ogg Vorbis by
`build_scripts/make_voice.py` into ``assets/voice/<voice>/<callout>.ogg`` (see the
manifest there, ``assets/voice/README.md``). `client.audio.Audio` loads and plays them;
this module knows nothing of the mixer, so the self-test can check the files without one.

`clip_fault` reads an Ogg Vorbis file the way the mixer will need it: every page's CRC, a
Vorbis identification header first, and the length from the last page's granule position.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import NamedTuple

from client.assets import asset_path
from shared.events import HandEnded, KongDeclared, MeldClaimed

VOICES: tuple[str, ...] = ("yue", "cmn")
"""The languages there are clips for: Cantonese (粤语) and Mandarin (普通话); the setting
(client.settings.Voice) is one of them or "off"."""
CALLOUTS: tuple[str, ...] = ("pung", "chow", "kong", "win", "self_drawn")
VOICE_FOLDER = "voice"
CLIP_SUFFIX = ".ogg"

_MELD_CALLOUTS = {"chow": "chow", "pung": "pung", "kong": "kong"}


def clip_path(voice: str, callout: str) -> Path:
    """Where one clip is: ``assets/voice/yue/pung.ogg`` (in the bundle when frozen)."""
    return asset_path(VOICE_FOLDER, voice, callout + CLIP_SUFFIX)


def callout_for(event: object) -> str | None:
    """The call-out a table event is announced with, or None for events said silently.

    Every seat's claims are called, as at a real table; a concealed or added kong is 槓
    too. A hand won on a discard (or by robbing a kong) is 食糊, a self-drawn one 自摸;
    two winners on one discard still make one call."""
    if isinstance(event, MeldClaimed):
        return _MELD_CALLOUTS[event.kind]
    if isinstance(event, KongDeclared):
        return "kong"
    if isinstance(event, HandEnded) and event.winners:
        return "self_drawn" if event.kind == "self_drawn" else "win"
    return None


# --- checking a clip without a mixer ----------------------------------------------------


class ClipInfo(NamedTuple):
    channels: int
    rate: int
    seconds: float


class ClipUnusable(ValueError):
    """A clip that is not a whole Ogg Vorbis stream; the message says what is wrong."""


_OGG_PAGE = struct.Struct("<4sBBqIIIB")
"""Capture "OggS", version, header type, granule position, serial, sequence, CRC, segments
(RFC 3533 §6)."""


def _crc_table() -> tuple[int, ...]:
    table = []
    for index in range(256):
        crc = index << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
        table.append(crc & 0xFFFFFFFF)
    return tuple(table)


_CRC = _crc_table()
"""Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0 (RFC 3533 §6)."""


def _ogg_crc(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[(crc >> 24) ^ byte]
    return crc


def clip_info(data: bytes) -> ClipInfo:
    """Channels, rate and length of an Ogg Vorbis file; ClipUnusable when it is not whole."""
    offset, first_packet, last_granule, pages = 0, b"", -1, 0
    while offset < len(data):
        if len(data) - offset < _OGG_PAGE.size:
            raise ClipUnusable(f"it is cut short at byte {offset}")
        capture, version, _kind, granule, _serial, _seq, crc, count = _OGG_PAGE.unpack_from(
            data, offset
        )
        if capture != b"OggS" or version != 0:
            raise ClipUnusable(f"no Ogg page at byte {offset}")
        lacing = data[offset + _OGG_PAGE.size : offset + _OGG_PAGE.size + count]
        end = offset + _OGG_PAGE.size + count + sum(lacing)
        if len(lacing) < count or end > len(data):
            raise ClipUnusable(f"its page at byte {offset} runs past the end")
        page = bytearray(data[offset:end])
        page[22:26] = b"\0\0\0\0"
        if _ogg_crc(bytes(page)) != crc:
            raise ClipUnusable(f"its page at byte {offset} is damaged (wrong CRC)")
        if pages == 0:
            first_packet = data[offset + _OGG_PAGE.size + count : end]
        last_granule = granule if granule >= 0 else last_granule
        offset, pages = end, pages + 1
    if len(first_packet) < 16 or first_packet[:7] != b"\x01vorbis":
        raise ClipUnusable("it is not Ogg Vorbis")
    channels = first_packet[11]
    (rate,) = struct.unpack_from("<I", first_packet, 12)
    if channels == 0 or rate == 0 or last_granule <= 0:
        raise ClipUnusable("it holds no sound")
    return ClipInfo(channels, rate, last_granule / rate)


def clip_fault(path: Path) -> str | None:
    """Why the clip at `path` cannot be played (missing, unreadable, damaged), or None."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"{path} cannot be read ({exc.strerror or type(exc).__name__})"
    try:
        clip_info(data)
    except ClipUnusable as exc:
        return f"{path} is unusable: {exc}"
    return None
