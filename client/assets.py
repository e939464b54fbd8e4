"""Finding bundled assets and the fonts the desktop client draws text with.

`asset_path` works both from a source checkout (the repository's ``assets/`` folder next
to the ``client`` package) and from a PyInstaller bundle (``sys._MEIPASS/assets``).

The bundled font is Droid Sans Fallback, which draws Chinese but has no Latin letters,
digits or punctuation of its own. So:

* `font(size)` is the Chinese font (use it for text that is all Chinese);
* `latin_font(size)` is pygame's built-in default font, scaled to sit well next to it;
* `text_font(text, size)` picks between the two for a piece of text;
* `render_text(text, size, color)` draws mixed text ("1万", "东 East") run by run, each
  character with a font that has it, on one shared baseline.

Fonts are cached per size; pygame's font module is initialised on first use, and
nothing here needs a display mode.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import pygame

FONT_FILE = ("fonts", "DroidSansFallbackFull.ttf")
"""Where the Chinese font lives, relative to the assets folder."""

_DEFAULT_FONT_SCALE = 0.6875
"""pygame shrinks its built-in default font by this factor; we undo it so sizes match."""

_PROBE_SIZE = 16
_NOT_A_CHARACTER = "\ufffe"
"""A noncharacter no font has: rendering it shows the font's "missing glyph" box."""


def assets_dir() -> Path:
    """The assets folder: inside the PyInstaller bundle when frozen, else in the checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset_path(*parts: str) -> Path:
    """The path of a bundled asset, e.g. ``asset_path("fonts", "x.ttf")``."""
    return assets_dir().joinpath(*parts)


def _init_fonts() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


@cache
def _load(chinese: bool, size: int, bold: bool) -> pygame.font.Font:
    _init_fonts()
    if chinese:
        result = pygame.font.Font(asset_path(*FONT_FILE), size)
    else:
        result = pygame.font.Font(None, max(1, round(size / _DEFAULT_FONT_SCALE)))
    result.bold = bold
    return result


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The Chinese font (Droid Sans Fallback) at `size` points; cached per size and weight.

    It has no Latin glyphs: draw ASCII with `text_font` / `render_text` instead.
    """
    return _load(True, max(1, int(size)), bool(bold))


def latin_font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's built-in font (Latin, digits, punctuation), scaled to match `font(size)`."""
    return _load(False, max(1, int(size)), bool(bold))


@cache
def _missing_glyph_image() -> bytes:
    return _probe(_NOT_A_CHARACTER)


def _probe(char: str) -> bytes:
    surface = font(_PROBE_SIZE).render(char, True, (255, 255, 255))
    return pygame.image.tobytes(surface, "RGBA")


@cache
def has_glyph(char: str) -> bool:
    """Whether the Chinese font draws `char` itself (not its "missing glyph" box)."""
    if char.isspace():
        return True
    if ord(char) < 0x80:
        return False  # the font has no ASCII at all
    return _probe(char) != _missing_glyph_image()


def text_font(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font for `text`: pygame's default font for pure-ASCII text, else the Chinese one.

    For text that mixes Chinese with Latin letters or digits use `render_text`.
    """
    if text.isascii():
        return latin_font(size, bold)
    return font(size, bold)


def _runs(text: str) -> list[tuple[bool, str]]:
    """Split `text` into (chinese_font, piece) runs; spaces join the run they are in."""
    runs: list[tuple[bool, str]] = []
    for char in text:
        chinese = has_glyph(char) if not char.isspace() else (runs[-1][0] if runs else True)
        if runs and runs[-1][0] == chinese:
            runs[-1] = (chinese, runs[-1][1] + char)
        else:
            runs.append((chinese, char))
    return runs


def render_text(
    text: str,
    size: int,
    color: tuple[int, int, int] | pygame.Color,
    *,
    bold: bool = False,
    antialias: bool = True,
) -> pygame.Surface:
    """Draw `text` (any mix of Chinese and Latin) on a transparent surface.

    Each run of characters uses a font that has them; all runs share one baseline.
    """
    runs = _runs(text) or [(True, "")]
    pieces = []
    for chinese, piece in runs:
        face = font(size, bold) if chinese else latin_font(size, bold)
        pieces.append((face, face.render(piece, antialias, color)))
    ascent = max(face.get_ascent() for face, _ in pieces)
    descent = max(-face.get_descent() for face, _ in pieces)
    width = sum(image.get_width() for _, image in pieces)
    height = max(ascent + descent, max(image.get_height() for _, image in pieces))
    out = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    x = 0
    for face, image in pieces:
        out.blit(image, (x, ascent - face.get_ascent()))
        x += image.get_width()
    return out
