"""Every text the player sees, read from gettext catalogues: 简体中文, 繁體中文 and English.

The texts live in ``client/locale/<language>/LC_MESSAGES/gdmj.po`` (what translators edit
with their usual tools), compiled to ``gdmj.mo`` beside them; this module reads the .mo
files with the standard library's `gettext` and nothing else. Message ids are keys
(``t("table.tiles_left", n=42)``) and texts are `str.format` templates; counted texts take
the form their language's ``Plural-Forms`` header chooses (``t_plural("join.seats_free",
1)`` → "1 seat free"). client/LOCALES.md says why keys, and how to add a text or a language
(build_scripts/translations.py extracts, updates, compiles and imports).

A missing key or a bad format argument raises in tests (strict mode) and, in the game,
shows the English text (or the key itself when English lacks it too) and logs one warning,
because a missing word must never stop a hand.
"""

from __future__ import annotations

import gettext
import logging
import os
import string
import sys
from pathlib import Path
from typing import IO

from shared.events import LobbySeat
from shared.tiles import Tile

log = logging.getLogger(__name__)

DOMAIN = "gdmj"
"""The catalogues' file name: ``gdmj.po``, ``gdmj.mo``."""
DEFAULT_LANGUAGE = "zh-Hans"
REFERENCE_LANGUAGE = "en"
"""The catalogue that has every key: the others fall back to it in the game."""
_FIRST = ("zh-Hans", "zh-Hant", "en")
"""The order the language menu offers the languages in; any other found comes after."""

STRICT: bool | None = None
"""True: a missing key or format field raises (the suite sets it: tests/conftest.py).
None: strict when the environment sets GDMJ_I18N_STRICT=1. False: never raise."""


class CatalogueMissing(RuntimeError):
    """A shipped catalogue cannot be read: the game's install is incomplete."""


def locale_dir() -> Path:
    """The folder of the compiled catalogues: in the PyInstaller bundle when frozen (its
    spec ships them as client/locale), else beside this module."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "client" / "locale"
    return Path(__file__).resolve().parent / "locale"


class _Catalogue(gettext.GNUTranslations):
    """One language's compiled catalogue, as gettext parsed it: `texts` (key → template)
    and `forms` (counted key → its templates, msgstr[0], msgstr[1], …, in the order the
    header's plural rule numbers them)."""

    texts: dict[str, str]
    forms: dict[str, tuple[str, ...]]

    def _parse(self, fp: IO[bytes]) -> None:  # type: ignore[override]
        super()._parse(fp)
        catalog: dict[object, str] = self._catalog  # type: ignore[attr-defined]
        self.texts = {k: v for k, v in catalog.items() if isinstance(k, str) and k}
        counted: dict[str, dict[int, str]] = {}
        for k, v in catalog.items():
            if isinstance(k, tuple):
                counted.setdefault(k[0], {})[k[1]] = v
        self.forms = {k: tuple(v[i] for i in sorted(v)) for k, v in counted.items()}

    def form_index(self, n: int) -> int:
        """Which msgstr[i] goes with the count `n`: the header's Plural-Forms rule."""
        return int(self.plural(n))  # type: ignore[attr-defined]


def _load(folder: Path) -> dict[str, _Catalogue]:
    found: dict[str, _Catalogue] = {}
    for path in sorted(folder.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
        code = path.parent.parent.name.replace("_", "-")  # zh_Hans (gettext) → zh-Hans
        try:
            with path.open("rb") as f:
                found[code] = _Catalogue(f)
        except (OSError, ValueError) as exc:  # gettext raises OSError on a damaged file
            raise CatalogueMissing(
                f"the game's texts {path} cannot be read ({exc}); reinstall the game"
            ) from exc
    for code in (DEFAULT_LANGUAGE, REFERENCE_LANGUAGE):
        if code not in found:
            raise CatalogueMissing(
                f"the game's texts for {code} are missing from {folder}; reinstall the game "
                "(from source: python build_scripts/translations.py compile)"
            )
    order = [c for c in _FIRST if c in found] + sorted(set(found) - set(_FIRST))
    return {code: found[code] for code in order}


_CATALOGUES = _load(locale_dir())

CATALOGUE: dict[str, dict[str, str]] = {code: c.texts for code, c in _CATALOGUES.items()}
"""Language code → key → template: the catalogue as tests and tools read it."""

LANGUAGES: dict[str, str] = {
    code: texts.get("language.name", code) for code, texts in CATALOGUE.items()
}
"""Language code → its name in itself (what the language menu shows)."""

PLURAL_FORMS: dict[str, str] = {
    code: c.info().get("plural-forms", "") for code, c in _CATALOGUES.items()
}
"""Language code → its catalogue's Plural-Forms header (nplurals=1 in Chinese, 2 in English)."""

PLURAL_KEYS: tuple[str, ...] = tuple(_CATALOGUES[REFERENCE_LANGUAGE].forms)
"""The counted texts (msgid_plural entries)."""

_WIND_KEYS = ("wind.east", "wind.south", "wind.west", "wind.north")

PATTERN_NAMES = ("language", "both")
"""How fan patterns are named (Settings › Pattern names): in the UI's language only, or
with the other one beside it (English in a Chinese UI, 简体 in an English one)."""

_current = DEFAULT_LANGUAGE
_pattern_names = "language"
_warned: set[str] = set()


def _strict() -> bool:
    if STRICT is not None:
        return STRICT
    return os.environ.get("GDMJ_I18N_STRICT") == "1"


def _warn_once(what: str, message: str, *args: object) -> None:
    if what not in _warned:
        _warned.add(what)
        log.warning(message, *args)


def set_language(code: str) -> None:
    """Switch every later `t()` to this language; an unknown code raises ValueError."""
    global _current
    _current = _language(code)


def current_language() -> str:
    return _current


def _language(code: str | None) -> str:
    if code is None:
        return _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r} (use one of {', '.join(LANGUAGES)})")
    return code


def _template(code: str, key: str) -> str | None:
    """The key's template in `code`; in the game, English's when `code` lacks it."""
    text = CATALOGUE[code].get(key)
    if text is not None or code == REFERENCE_LANGUAGE:
        return text
    if _strict():
        raise KeyError(f"{key} (no {code} text)")
    english = CATALOGUE[REFERENCE_LANGUAGE].get(key)
    if english is not None:
        _warn_once(f"{code}/{key}", "no %s text for %r; showing English", code, key)
    return english


def _format(key: str, template: str, fmt: dict[str, object]) -> str:
    try:
        return template.format(**fmt)
    except (KeyError, IndexError, ValueError, AttributeError):
        if _strict():
            raise
        _warn_once(f"{key}/format", "text %r could not be formatted with %r", key, sorted(fmt))
        return template


def translate(language: str, key: str, **fmt: object) -> str:
    """The text of `key` in one language, formatted; the key itself when it is missing."""
    template = _template(_language(language), key)
    if template is None:
        if _strict():
            raise KeyError(key)
        _warn_once(key, "no text for %r", key)
        return key
    return _format(key, template, fmt)


def t(key: str, **fmt: object) -> str:
    """The text of `key` in the current language, formatted with `fmt`."""
    return translate(_current, key, **fmt)


def has_text(key: str) -> bool:
    return key in CATALOGUE[REFERENCE_LANGUAGE]


def fields(template: str) -> set[str]:
    """The `str.format` field names a template uses (`{n}` and `{n:>3}` both give n)."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


def plural_index(language: str, n: int) -> int:
    """Which of a counted text's forms goes with `n` in `language` (its Plural-Forms)."""
    return _CATALOGUES[_language(language)].form_index(n)


def t_plural(key: str, n: int, language: str | None = None, **fmt: object) -> str:
    """The form of the counted text `key` that goes with `n`, formatted with `n` and `fmt`
    (in the current language unless `language` is given)."""
    code = _language(language)
    forms = _CATALOGUES[code].forms.get(key)
    english = _CATALOGUES[REFERENCE_LANGUAGE].forms
    if forms is None and code != REFERENCE_LANGUAGE and not _strict() and key in english:
        # in the game, English rather than a key
        _warn_once(f"{code}/{key}", "no %s text for %r; showing English", code, key)
        code = REFERENCE_LANGUAGE
        forms = english[key]
    if forms is None:
        if _strict():
            raise KeyError(key)
        _warn_once(key, "no counted text for %r", key)
        return f"{key} {n}"
    index = plural_index(code, n)
    template = forms[index] if index < len(forms) else forms[-1]
    return _format(key, template, {"n": n, **fmt})


def plural_texts(key: str, language: str) -> tuple[str, ...]:
    """The forms of a counted text in one language, msgstr[0], msgstr[1], … (for tests,
    tools)."""
    return _CATALOGUES[_language(language)].forms[key]


def seat_name(seat: LobbySeat | None) -> str:
    """What the screens call whoever sits in a seat: the name the host sent, as it sent it
    (a computer player's too: the host names it once, in the table's language, so every
    game at the table calls it the same); "?" for an empty seat."""
    return "?" if seat is None else seat.name


def pattern_name(pattern_id: str, language: str | None = None) -> str:
    """A fan pattern's name: 简体/繁體 Chinese or English, e.g. 对对胡 / 對對胡 / All pungs
    (key ``pattern.<id>``; a test keeps 简体 and English equal to shared.patterns')."""
    key = f"pattern.{pattern_id}"
    if not has_text(key):
        if _strict():
            raise KeyError(pattern_id)
        _warn_once(f"pattern:{pattern_id}", "no pattern %r", pattern_id)
        return pattern_id
    return translate(_language(language), key)


def set_pattern_names(mode: str) -> None:
    """"language" or "both" (PATTERN_NAMES) for every later `pattern_names()`."""
    global _pattern_names
    if mode not in PATTERN_NAMES:
        raise ValueError(f"unknown pattern names {mode!r} (use one of {', '.join(PATTERN_NAMES)})")
    _pattern_names = mode


def pattern_names(pattern_id: str, language: str | None = None) -> tuple[str, str]:
    """(the pattern's name in the UI's language, the other language's or ""): the other
    only when the player asked for both names, English beside Chinese, 简体 beside English."""
    code = _language(language)
    name = pattern_name(pattern_id, code)
    if _pattern_names != "both":
        return name, ""
    other = "zh-Hans" if code == REFERENCE_LANGUAGE else REFERENCE_LANGUAGE
    return name, pattern_name(pattern_id, other)


def tile_name(tile: int, language: str | None = None) -> str:
    """A tile's name: 五筒 / 五筒 / 5 dots, 东 / 東 / East, 兰 / 蘭 / Flower 2 (key
    ``tile.<Tile name>``, e.g. tile.P5)."""
    return translate(_language(language), f"tile.{Tile(tile).name}")


def tile_list(tiles: list[int] | tuple[int, ...], language: str | None = None) -> str:
    """Tile names joined as the language lists things (五筒、八筒 / 5 dots, 8 dots)."""
    code = _language(language)
    separator = translate(code, "common.list_separator")
    return separator.join(tile_name(tile, code) for tile in tiles)


def wind_name(wind: int, language: str | None = None) -> str:
    """0–3 → 东 南 西 北 (東 南 西 北, East South West North)."""
    return translate(_language(language), _WIND_KEYS[wind])
