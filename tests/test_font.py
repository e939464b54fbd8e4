"""The bundled font: a single Noto Sans CJK SC face that covers every text the game shows.

Coverage is read from the committed font's cmap with fontTools (as build.py does before a
build), and pygame must draw the tile characters with it, not as "missing glyph" boxes.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest
from fontTools.ttLib import TTFont

from client import assets
from client.i18n import CATALOGUE, translate

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "assets" / "fonts" / "NotoSansSC-Subset.otf"
NOT_IN_NOTO = {"\u02cd", "\u203e", "\u223c", "\u2252"}
"""The four GBK/Big5 characters Noto Sans CJK SC 2.004 has no glyph for."""


def _load_make_font() -> ModuleType:
    path = ROOT / "build_scripts" / "make_font.py"
    spec = importlib.util.spec_from_file_location("build_scripts_make_font", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


make_font = _load_make_font()


@pytest.fixture(scope="module")
def cmap() -> set[str]:
    return make_font.font_characters(FONT)


def test_the_font_is_one_noto_sans_sc_face_with_its_licence():
    assert FONT.read_bytes()[:4] == b"OTTO"  # one CFF face, not a collection
    with TTFont(FONT, lazy=True) as font:
        assert font["name"].getDebugName(1) == "Noto Sans CJK SC"
        glyphs = font["maxp"].numGlyphs
    assert 20_000 < glyphs < 30_000
    assert FONT.stat().st_size < 8_000_000
    licence = (FONT.parent / "OFL.txt").read_text("utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Adobe" in licence.splitlines()[0]
    assert not list(FONT.parent.glob("Droid*"))


@pytest.mark.parametrize("language", list(CATALOGUE))
def test_every_text_of_every_language_is_in_the_font(cmap: set[str], language: str):
    missing = {
        key: "".join(sorted(set(text) - cmap))
        for key, text in CATALOGUE[language].items()
        if not set(text) <= cmap
    }
    assert missing == {}


def test_tile_pattern_and_code_characters_are_in_the_font(cmap: set[str]):
    assert make_font.missing_characters(FONT) == []
    assert set("萬筒條条东東南西北中發发白梅蘭兰竹菊春夏秋冬一二三四五六七八九‹›×") <= cmap
    assert make_font.printable_ascii() <= cmap


def test_the_characters_people_type_in_names_are_in_the_font(cmap: set[str]):
    assert make_font.gbk_characters() - cmap <= NOT_IN_NOTO
    assert make_font.big5_characters() - cmap <= NOT_IN_NOTO
    assert set("陳陈張张黃黄鄧邓劉刘é") <= cmap


def test_a_character_the_font_lacks_is_named(tmp_path: Path):
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []
    small = tmp_path / "small.otf"
    with TTFont(FONT) as font:
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=translate("en", "menu.quick_game") + "东")
        subsetter.subset(font)
        font.save(small)
    assert "中" in make_font.missing_characters(small, "中东")
    with pytest.raises(make_font.FontError, match=r"lacks \d+ character.*'中' U\+4E2D"):
        make_font.check_coverage(small)


def test_a_file_that_is_no_font_is_refused_clearly(tmp_path: Path):
    junk = tmp_path / "junk.otf"
    junk.write_bytes(b"not a font at all")
    with pytest.raises(make_font.FontError, match="not a font"):
        make_font.font_characters(junk)
    with pytest.raises(make_font.FontError, match="does not exist"):
        make_font.font_characters(tmp_path / "none.otf")
    with pytest.raises(make_font.FontError, match="fonts-noto-cjk"):
        make_font.extract_face(tmp_path / "none.ttc")


def test_pygame_draws_the_tile_characters_with_it():
    missing = pygame.image.tobytes(assets.font(32).render("\ufffe", True, (0, 0, 0)), "RGBA")
    images = set()
    for char in "中發萬":
        image = assets.font(32).render(char, True, (0, 0, 0))
        assert image.get_bounding_rect().width > 10, char
        images.add(pygame.image.tobytes(image, "RGBA"))
    assert missing not in images and len(images) == 3
    assert assets.has_glyph("萬") and assets.has_glyph("A") and assets.has_glyph("7")
    assert not assets.has_glyph("\U0001f512")


def test_mixed_text_is_one_line_on_one_baseline():
    mixed = assets.render_text("东 East 1万", 24, (0, 0, 0))
    chinese = assets.render_text("东万", 24, (0, 0, 0))
    latin = assets.render_text("East 1", 24, (0, 0, 0))
    assert mixed.get_height() == chinese.get_height() == latin.get_height()
    assert mixed.get_width() > chinese.get_width() + latin.get_width()


def test_font_file_faults_are_found_before_sdl_opens_the_file():
    good = FONT.read_bytes()
    assert assets.font_file_fault(good) is None
    assert "not an OpenType" in assets.font_file_fault(b"garbage" * 10)
    assert "past the end" in assets.font_file_fault(good[: len(good) // 2])
    flipped = bytearray(good)
    flipped[len(good) // 2] ^= 0xFF
    assert "checksum" in assets.font_file_fault(bytes(flipped))


def test_a_missing_or_damaged_font_raises_font_unusable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(assets, "assets_dir", lambda: tmp_path)
    with pytest.raises(assets.FontUnusable, match="cannot be read"):
        assets.check_font()
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "NotoSansSC-Subset.otf").write_bytes(b"OTTO" + b"\0" * 60)
    with pytest.raises(assets.FontUnusable, match="unusable: it has no"):
        assets.check_font()


def test_the_licence_paragraph_is_unwrapped_from_a_debian_copyright_file():
    text = (
        "Files: *\nLicense: SIL-1.1\n\nLicense: SIL-1.1\n SIL OPEN FONT LICENSE\n .\n"
        " PREAMBLE\n  indented\n\nLicense: GPL-3+\n GPL\n"
    )
    assert make_font._licence_paragraph(text, "SIL-1.1") == (
        "SIL OPEN FONT LICENSE\n\nPREAMBLE\n indented"
    )
    with pytest.raises(make_font.FontError, match="no stand-alone paragraph"):
        make_font._licence_paragraph(text, "MIT")


def test_code_strings_count_but_docstrings_do_not():
    source = '"""Doc 甲."""\nX = 1\n"""Attribute doc 乙."""\n\n\ndef f():\n    """丙"""\n'
    source += '    return ("‹ " +\n        "丁")\n'
    found = "".join(make_font._string_literals(source))
    assert "丁" in found and "‹" in found
    assert not set("甲乙丙") & set(found)


def _drawn_chars(texts: object) -> set[str]:
    return {char for text in texts for char in text if not char.isspace()}  # type: ignore[attr-defined]


def _missing_in(face: pygame.font.Font, chars: set[str]) -> set[str]:
    box = pygame.image.tobytes(face.render("\ufffe", True, (255, 255, 255)), "RGBA")
    return {c for c in chars if pygame.image.tobytes(face.render(c, True, (255, 255, 255)),
                                                     "RGBA") == box}


@pytest.mark.parametrize("language", list(CATALOGUE))
@pytest.mark.parametrize("bold", [False, True])
def test_pygame_draws_every_character_of_every_text_with_the_games_font(language, bold):
    chars = _drawn_chars(CATALOGUE[language].values())
    for size in (14, 24, 40):
        assert _missing_in(assets.font(size, bold), chars) == set(), (language, size)


CRASH_KEYS = ("error.crash_no_log", "error.crash_log", "log.open_folder", "menu.quit",
              "log.open_failed", "menu.title")
"""The texts the crash screen writes, in English with pygame's own font when the game's
font is what broke (client/crash.py)."""


def test_the_crash_screens_fallback_font_draws_its_english_texts():
    from client.crash import _builtin_font

    chars = _drawn_chars(CATALOGUE["en"][key] for key in CRASH_KEYS) | {"…"}
    assert _missing_in(_builtin_font(24, False), chars) == set()


ELLIPSES = "…⋯"
"""Punctuation a CJK font draws centred on the line, as Chinese writes it, where Latin
text wants it on the baseline: in an English banner the bundled font's "…" floats."""


def _ink_bottom(text: str, size: int = 40) -> int:
    return assets.font(size).render(text, True, (255, 255, 255)).get_bounding_rect().bottom


@pytest.mark.parametrize("language", [code for code in CATALOGUE if not code.startswith("zh")])
def test_latin_texts_have_no_ellipsis_the_font_draws_off_the_baseline(language):
    baseline = _ink_bottom(".")
    floating = {char for char in ELLIPSES if abs(_ink_bottom(char) - baseline) > 40 * 0.1}
    assert floating  # the bundled font does draw them centred: the check can fail
    found = {key: text for key, text in CATALOGUE[language].items() if floating & set(text)}
    assert found == {}
