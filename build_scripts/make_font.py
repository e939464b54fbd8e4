"""Make the game's font: a subset of Noto Sans CJK SC, and check a font covers the game.

    python build_scripts/make_font.py [--source NotoSansCJK-Regular.ttc]
                                      [--copyright /usr/share/doc/fonts-noto-cjk/copyright]
                                      [--out assets/fonts]

The source is the Debian package ``fonts-noto-cjk`` (``apt-get install fonts-noto-cjk``),
whose ``NotoSansCJK-Regular.ttc`` holds one face per region over one set of glyphs. Only
the Simplified Chinese face is taken (pygame would open a .ttc as its first, Japanese,
face), found by its family name. The subset keeps:

* every character the game draws: all of `client.i18n` in its three languages, the tile,
  wind and pattern names, and the Chinese characters in the code of ``client/`` and
  ``shared/`` (the tile faces);
* printable ASCII and Latin-1, so Latin text comes from the same font as Chinese;
* what people type in names: every character of GBK and of Big5 (its symbols and
  level-1 characters, the common traditional ones).

Hinting, vertical metrics and most layout features are dropped; the result is a CFF
OpenType file of a few MB. It writes ``NotoSansSC-Subset.otf`` and ``OFL.txt`` (the font's
copyright line and the SIL Open Font License text, from the package's copyright file).

`missing_characters` is the coverage check ``build.py`` runs before every build and the
tests run on the committed font: it names the characters the game needs that the font's
cmap lacks.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tokenize
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # client.render imports pygame

from client.i18n import (  # noqa: E402
    CATALOGUE,
    LANGUAGES,
    PLURAL_KEYS,
    pattern_name,
    plural_texts,
    tile_name,
)
from client.render.tiles import TILE_COUNT  # noqa: E402

FONT_NAME = "NotoSansSC-Subset.otf"
LICENCE_NAME = "OFL.txt"
FAMILY = "Noto Sans CJK SC"
"""The face taken out of the collection, by its family name (name ID 1)."""
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
DEFAULT_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
DEFAULT_OUT = ROOT / "assets" / "fonts"
SOURCE_PACKAGES = ("client", "shared", "server")
"""Packages whose string literals may hold characters drawn outside the catalogue."""

LAYOUT_FEATURES = ["kern", "mark", "mkmk", "ccmp"]
"""Latin kerning and mark placement; the CJK features (vertical forms, locl) are not used:
the Simplified Chinese cmap already maps to the Simplified forms."""
DROPPED_TABLES = ["BASE", "VORG", "vhea", "vmtx"]
"""Baselines and vertical metrics: the game writes horizontally only."""
KEPT_NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 14]
"""Copyright, names, version, trademark, designer, vendor URL, licence and its URL."""


class FontError(Exception):
    """The source font, the licence or the result is not what the game needs."""


# --- which characters ----------------------------------------------------------------------


def ui_characters() -> set[str]:
    """Every character of every text the game shows from its catalogue, in every language."""
    texts: list[str] = list(LANGUAGES.values())
    for catalogue in CATALOGUE.values():
        texts.extend(catalogue.values())
    for language in LANGUAGES:
        texts.extend(tile_name(tile, language) for tile in range(TILE_COUNT))
        texts.extend(pattern_name(pattern, language) for pattern in _all_patterns())
        for key in PLURAL_KEYS:
            texts.extend(plural_texts(key, language))
    return _drawable("".join(texts))


def _all_patterns() -> list[str]:
    from shared.patterns import PATTERNS

    return sorted(PATTERNS)


def source_characters(packages: Iterable[str] = SOURCE_PACKAGES) -> set[str]:
    """The characters beyond ASCII in the string literals of the game's code (docstrings
    aside): the tile faces, the ‹ › of a choice, the 中 of the icon, … anything the code
    may draw without the catalogue."""
    found: set[str] = set()
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            for literal in _string_literals(path.read_text("utf-8")):
                found.update(char for char in literal if not char.isascii())
    return _drawable("".join(found))


def _string_literals(source: str) -> Iterator[str]:
    """The string tokens of `source` that are not docstrings (a string standing alone as a
    statement, after a NEWLINE, INDENT or DEDENT)."""
    before = tokenize.ENCODING
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and before not in _STATEMENT_STARTS:
            yield token.string
        if token.type not in (tokenize.NL, tokenize.COMMENT):
            before = token.type


_STATEMENT_STARTS = {tokenize.ENCODING, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}


def required_characters() -> set[str]:
    """What the font must have: the UI's texts, the code's Chinese characters, ASCII."""
    return ui_characters() | source_characters() | printable_ascii()


def printable_ascii() -> set[str]:
    return {chr(code) for code in range(0x20, 0x7F)}


def latin1_characters() -> set[str]:
    return _drawable("".join(chr(code) for code in range(0xA0, 0x100)))


def gbk_characters() -> set[str]:
    """Every character GBK encodes in two bytes (GB2312, and the rest of the CJK block)."""
    return _decode_double_bytes("gbk", range(0x81, 0xFF), _trail_bytes(0x40, 0xFF))


def big5_characters() -> set[str]:
    """Big5's symbols and its level-1 (common) traditional characters, lead bytes A1–C6."""
    return _decode_double_bytes("big5", range(0xA1, 0xC7), _trail_bytes(0x40, 0xFF))


def wanted_characters() -> set[str]:
    """Everything the subset keeps, where the source font has it."""
    return required_characters() | latin1_characters() | gbk_characters() | big5_characters()


def _trail_bytes(first: int, end: int) -> list[int]:
    return [byte for byte in range(first, end) if byte != 0x7F]


def _decode_double_bytes(codec: str, leads: Iterable[int], trails: list[int]) -> set[str]:
    found: set[str] = set()
    for lead in leads:
        for trail in trails:
            try:
                found.update(bytes((lead, trail)).decode(codec))
            except UnicodeDecodeError:
                continue
    return _drawable("".join(found))


def _drawable(text: str) -> set[str]:
    """The characters of `text` that take a glyph: not controls, format characters, line
    breaks or private use code points (a plain space does, it has an advance)."""
    return {char for char in text if unicodedata.category(char) not in _GLYPHLESS_CATEGORIES}


_GLYPHLESS_CATEGORIES = {"Cc", "Cf", "Co", "Cn", "Zl", "Zp"}


# --- checking a font ---------------------------------------------------------------------------


def font_characters(font_path: Path) -> set[str]:
    """The characters a font file maps to glyphs (its best Unicode cmap)."""
    from fontTools.ttLib import TTFont, TTLibError

    if not font_path.is_file():
        raise FontError(f"the font {font_path} does not exist")
    try:
        with TTFont(font_path, lazy=True) as font:
            cmap = font.getBestCmap()
    except (TTLibError, OSError, AssertionError, KeyError) as exc:
        raise FontError(f"{font_path} is not a font fontTools can read: {exc}") from exc
    if not cmap:
        raise FontError(f"{font_path} has no Unicode cmap")
    return {chr(code) for code in cmap}


def missing_characters(font_path: Path, needed: Iterable[str] | None = None) -> list[str]:
    """The characters in `needed` (default: `required_characters()`) that the font lacks."""
    wanted = set(required_characters() if needed is None else needed)
    return sorted(wanted - font_characters(font_path))


def describe(characters: Iterable[str]) -> str:
    """``'中' U+4E2D, …`` for an error message."""
    return ", ".join(f"{char!r} U+{ord(char):04X}" for char in characters)


def check_coverage(font_path: Path) -> int:
    """Raise FontError naming the missing characters; return how many characters it has."""
    missing = missing_characters(font_path)
    if missing:
        raise FontError(
            f"{font_path.name} lacks {len(missing)} character(s) the game draws: "
            f"{describe(missing)}; run build_scripts/make_font.py again"
        )
    return len(font_characters(font_path))


# --- making the subset -----------------------------------------------------------------------


def extract_face(collection: Path, family: str = FAMILY):  # -> fontTools.ttLib.TTFont
    """The face of `collection` (.ttc) whose family name is `family`."""
    from fontTools.ttLib import TTCollection, TTLibError

    if not collection.is_file():
        raise FontError(f"{collection} does not exist: apt-get install fonts-noto-cjk")
    try:
        faces = TTCollection(collection).fonts
    except (TTLibError, OSError, AssertionError) as exc:
        raise FontError(f"{collection} is not a font collection: {exc}") from exc
    families = [face["name"].getDebugName(1) for face in faces]
    for face, name in zip(faces, families, strict=True):
        if name == family:
            return face
    raise FontError(f"{collection} has no face {family!r}; it has {', '.join(map(str, families))}")


def subset_options():  # -> fontTools.subset.Options
    from fontTools import subset

    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.hinting = False
    options.drop_tables = [*options.drop_tables, *DROPPED_TABLES]
    options.name_IDs = KEPT_NAME_IDS
    options.notdef_outline = True
    options.recalc_bounds = True
    return options


def make_subset(collection: Path, out_font: Path, characters: set[str]) -> None:
    from fontTools import subset

    face = extract_face(collection)
    subsetter = subset.Subsetter(subset_options())
    subsetter.populate(unicodes=sorted(ord(char) for char in characters))
    subsetter.subset(face)
    face.recalcTimestamp = False  # the same source makes the same bytes
    out_font.parent.mkdir(parents=True, exist_ok=True)
    face.save(out_font)


def licence_text(copyright_file: Path, font_path: Path) -> str:
    """The font's copyright notice and the SIL OFL 1.1, unwrapped from a Debian copyright
    file (machine-readable format: the licence is the paragraph ``License: SIL-1.1``)."""
    from fontTools.ttLib import TTFont

    if not copyright_file.is_file():
        raise FontError(f"{copyright_file} does not exist: apt-get install fonts-noto-cjk")
    body = _licence_paragraph(copyright_file.read_text("utf-8"), "SIL-1.1")
    if "SIL OPEN FONT LICENSE Version 1.1" not in body:
        raise FontError(f"{copyright_file} has no SIL Open Font License 1.1 text")
    with TTFont(font_path, lazy=True) as font:
        names = font["name"]
        notice = names.getDebugName(0)
        trademark = names.getDebugName(7)
    header = f"{FAMILY}, subset by build_scripts/make_font.py. {notice}\n{trademark or ''}"
    return f"{header.strip()}\n\n{body.strip()}\n"


def _licence_paragraph(copyright_text: str, licence: str) -> str:
    lines = copyright_text.splitlines()
    start = f"License: {licence}"
    for at, line in enumerate(lines):
        if line.strip() == start and at + 1 < len(lines) and lines[at + 1].startswith(" "):
            body = []
            for continued in lines[at + 1 :]:
                if not continued.startswith(" "):
                    break
                body.append("" if continued.strip() == "." else continued[1:])
            return "\n".join(body)
    raise FontError(f"no stand-alone paragraph {start!r} in the copyright file")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the .ttc to subset")
    parser.add_argument(
        "--copyright", type=Path, default=DEFAULT_COPYRIGHT, help="the package's copyright file"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    args = parser.parse_args(argv)
    out_font = args.out / FONT_NAME
    try:
        wanted = wanted_characters()
        make_subset(args.source, out_font, wanted)
        (args.out / LICENCE_NAME).write_text(licence_text(args.copyright, out_font), "utf-8")
        count = check_coverage(out_font)
    except FontError as exc:
        print(f"make_font.py: {exc}", file=sys.stderr)
        return 1
    absent = len(wanted) - len(wanted & font_characters(out_font))
    size_mb = out_font.stat().st_size / 1e6
    print(f"wrote {out_font} ({size_mb:.2f} MB, {count} characters; "
          f"{absent} wanted GBK/Big5 characters are not in the source font)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
