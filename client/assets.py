"""Finding bundled assets and the font the desktop client draws text with.

`asset_path` works both from a source checkout (the repository's ``assets/`` folder next
to the ``client`` package) and from a PyInstaller bundle (``sys._MEIPASS/assets``).

The bundled font is a subset of Noto Sans CJK SC (``build_scripts/make_font.py``): Chinese
(all of GBK and the common traditional characters), Latin letters, digits and punctuation
in one face, so mixed text ("1万", "东 East") is drawn in one pass on one baseline.

* `font(size)` is that font, cached per size and weight;
* `render_text(text, size, color)` draws any text with it on a transparent surface;
* `check_font()` makes sure the file is a whole font before SDL_ttf opens it: a damaged
  font file crashes SDL_ttf outright, so it gets a clear `FontUnusable` error instead.

pygame's font module is initialised on first use; nothing here needs a display mode.
"""

from __future__ import annotations

import struct
import sys
from array import array
from functools import cache
from pathlib import Path

import pygame

FONT_FILE = ("fonts", "NotoSansSC-Subset.otf")
"""Where the font lives, relative to the assets folder."""
LICENCE_FILE = ("fonts", "OFL.txt")

_PROBE_SIZE = 16
_NOT_A_CHARACTER = "\ufffe"
"""A noncharacter no font has: rendering it shows the font's "missing glyph" box."""

_SFNT_VERSIONS = {b"OTTO", b"\x00\x01\x00\x00", b"true"}
_REQUIRED_TABLES = {b"cmap", b"head", b"hhea", b"hmtx", b"maxp", b"name"}
_OUTLINE_TABLES = {b"CFF ", b"glyf"}
_FILE_CHECKSUM = 0xB1B0AFBA
"""What the uint32 sum of a whole sfnt file comes to, by the `head` table's
checkSumAdjustment (OpenType spec, "head" table)."""


class FontUnusable(RuntimeError):
    """The bundled font is missing or damaged; the message names the file and the fault."""


def assets_dir() -> Path:
    """The assets folder: inside the PyInstaller bundle when frozen, else in the checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("fonts", "x.ttf")``."""
    return assets_dir().joinpath(*parts)


def font_path() -> Path:
    return asset_path(*FONT_FILE)


def font_file_fault(data: bytes) -> str | None:
    """Why `data` is not a whole OpenType/TrueType font, or None when it is one."""
    if len(data) < 12 or data[:4] not in _SFNT_VERSIONS:
        return "it is not an OpenType or TrueType font"
    (table_count,) = struct.unpack_from(">H", data, 4)
    if len(data) < 12 + 16 * table_count:
        return "its table directory is cut short"
    tables = set()
    for index in range(table_count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        if offset + length > len(data):
            return f"its {tag.decode('latin-1').strip()} table runs past the end of the file"
        tables.add(tag)
    missing = _REQUIRED_TABLES - tables
    if missing or not tables & _OUTLINE_TABLES:
        names = sorted(tag.decode("latin-1").strip() for tag in missing) or ["outlines"]
        return f"it has no {', '.join(names)}"
    if _checksum(data) != _FILE_CHECKSUM:
        return "its checksum is wrong (the file is damaged)"
    return None


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    words = array("I", padded)
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def check_font() -> Path:
    """The font's path, once it is known to be a whole font file; else FontUnusable."""
    return _checked(font_path())


@cache
def _checked(path: Path) -> Path:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise FontUnusable(f"the game's font {path} cannot be read ({exc.strerror}); "
                           "reinstall the game") from exc  # fmt: skip
    fault = font_file_fault(data)
    if fault is not None:
        raise FontUnusable(f"the game's font {path} is unusable: {fault}; reinstall the game")
    return path


def _init_fonts() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


@cache
def _load(size: int, bold: bool) -> pygame.font.Font:
    path = check_font()
    _init_fonts()
    result = pygame.font.Font(path, size)
    result.bold = bold
    return result


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at `size` points; cached per size and weight (bold is synthesised)."""
    return _load(max(1, int(size)), bool(bold))


@cache
def _missing_glyph_image() -> bytes:
    return _probe(_NOT_A_CHARACTER)


def _probe(char: str) -> bytes:
    surface = font(_PROBE_SIZE).render(char, True, (255, 255, 255))
    return pygame.image.tobytes(surface, "RGBA")


@cache
def has_glyph(char: str) -> bool:
    """Whether the font draws `char` itself (not its "missing glyph" box)."""
    if char.isspace():
        return True
    return _probe(char) != _missing_glyph_image()


def render_text(
    text: str,
    size: int,
    color: tuple[int, int, int] | pygame.Color,
    *,
    bold: bool = False,
    antialias: bool = True,
) -> pygame.Surface:
    """Draw `text` (any mix of Chinese and Latin) on a transparent surface."""
    face = font(size, bold)
    if not text:
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)
    return face.render(text, antialias, color)
