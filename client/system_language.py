"""The language the computer's user reads, from the OS locale: what the first start
preselects (简体中文, 繁體中文 or English), the player choosing in the same prompt.

Only the standard library: the locale variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as
gettext reads them), `locale.getlocale()`, and on Windows the UI language
(`GetUserDefaultUILanguage`, named by `locale.windows_locale`)."""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Callable, Mapping

from client.settings import Language

TRADITIONAL_REGIONS = ("tw", "hk", "mo")
"""Taiwan, Hong Kong, Macau: 繁體 (a Hong Kong player is the game's first reader)."""
VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""As gettext looks them up: the first set one says."""


def language_of(tag: str) -> Language | None:
    """The game's language for a locale name (zh_TW.UTF-8, zh-Hant-HK, zh_CN, en_GB, C):
    None for a name that says nothing (C, POSIX, empty)."""
    name = tag.split(".")[0].split("@")[0].replace("-", "_").lower()
    if name in ("", "c", "posix"):
        return None
    parts = name.split("_")
    if parts[0] == "yue":  # Cantonese: written 繁體 but in mainland China
        return "zh-Hans" if "cn" in parts[1:] or "hans" in parts[1:] else "zh-Hant"
    if parts[0] != "zh":
        return "en"
    if "hant" in parts[1:] or any(p in TRADITIONAL_REGIONS for p in parts[1:]):
        return "zh-Hant"
    return "zh-Hans"  # zh, zh_CN, zh_SG, zh_Hans


def _windows_ui_locale() -> str | None:
    """Windows' display language as a locale name (zh_HK), or None elsewhere."""
    if sys.platform != "win32":
        return None
    import ctypes

    try:
        langid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):
        return None
    return locale.windows_locale.get(int(langid))


def _getlocale() -> str | None:
    try:
        return locale.getlocale()[0]
    except ValueError:  # an unknown locale name in the environment
        return None


def system_language(
    environ: Mapping[str, str] = os.environ,
    windows_ui: Callable[[], str | None] = _windows_ui_locale,
    getlocale: Callable[[], str | None] = _getlocale,
) -> Language:
    """简体, 繁體 or English, as the computer is set up; English when it cannot tell."""
    for variable in VARIABLES:
        for tag in environ.get(variable, "").split(":"):  # LANGUAGE may list several
            found = language_of(tag)
            if found is not None:
                return found
    for source in (windows_ui, getlocale):
        found = language_of(source() or "")
        if found is not None:
            return found
    return "en"
