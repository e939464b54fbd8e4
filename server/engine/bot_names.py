"""The computer players' names, one list per table language (data, seat by seat).

The host names each computer player once, in its table's language, and every game shows
the name as sent: friends talking across the room call a player the same, whatever
language each game is in. Friendly Cantonese nicknames, in the script or romanisation
of the language.
"""

from __future__ import annotations

TABLE_LANGUAGES = ("zh-Hans", "zh-Hant", "en")
"""The languages a table may name its computer players in (the game's, client/locale)."""
DEFAULT_TABLE_LANGUAGE = "zh-Hans"
"""`gdmj-host` without --language: 简体, the script of Guangdong, where the game's rules
come from (a table hosted from the game takes its player's language instead)."""

BOT_NAMES: dict[str, tuple[str, str, str, str]] = {
    "zh-Hans": ("阿明", "阿珍", "阿强", "阿芬"),
    "zh-Hant": ("阿明", "阿珍", "阿強", "阿芬"),
    "en": ("Ah Ming", "Ah Chun", "Ah Keung", "Ah Fun"),
}


def bot_names(language: str) -> tuple[str, str, str, str]:
    """The four seats' computer player names at a table in `language`; ValueError naming
    the languages known for one that is not."""
    try:
        return BOT_NAMES[language]
    except KeyError:
        known = ", ".join(TABLE_LANGUAGES)
        raise ValueError(f"no computer players' names in {language!r} (known: {known})") from None


def table_language(language: str) -> str:
    """`language` if the host has computer players' names in it, else the default: what a
    game in a language added later (and not named here yet) hosts in."""
    return language if language in BOT_NAMES else DEFAULT_TABLE_LANGUAGE
