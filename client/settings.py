"""The player's own settings: one small JSON file, read forgivingly and written atomically.

A settings file is the player's, so a damaged one must never stop the game or cost more
than it has to: a file that is not a JSON object is set aside as `settings.json.corrupt`
and the defaults are used; a JSON object with some bad values keeps its good ones, resets
only the bad ones (the original is set aside the same way) and says which. Fields this
version does not know are ignored.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import platformdirs

from client.i18n import DEFAULT_LANGUAGE, translate
from machine.files import atomic_write, read_limited, replace
from shared.actions import BotLevel, BotPace
from shared.nesting import check_json
from shared.ruleset import TableOptions

log = logging.getLogger(__name__)

APP = "gdmahjong"
FILE_NAME = "settings.json"
CORRUPT_SUFFIX = ".corrupt"
MAX_SETTINGS_BYTES = 1024 * 1024
"""A settings file is under 2 KB; a larger one is not read (machine.files.read_limited)."""

MIN_WINDOW = (1024, 640)
MAX_WINDOW = (3840, 2160)

Language = Literal["zh-Hans", "zh-Hant", "en"]
"""The codes of client.i18n.LANGUAGES (a test keeps the two alike)."""
TileSize = Literal["small", "medium", "large"]
AnimationSpeed = Literal["slow", "normal", "fast", "off"]
Voice = Literal["yue", "cmn", "off"]
QuickLevel = BotLevel
QuickTimers = Literal["off", "relaxed", "table"]
PatternNames = Literal["language", "both"]
"""client.i18n.PATTERN_NAMES (a test keeps the two alike)."""
"""Call-outs spoken in Cantonese, in Mandarin, or not at all: client.voice.VOICES and "off"
(a test keeps the two alike)."""
PlayerName = Annotated[str, msgspec.Meta(min_length=1, max_length=24, pattern=r"\S")]
"""1–24 characters and not only spaces (the host allows 1–24 too)."""
Width = Annotated[int, msgspec.Meta(ge=MIN_WINDOW[0], le=MAX_WINDOW[0])]
Height = Annotated[int, msgspec.Meta(ge=MIN_WINDOW[1], le=MAX_WINDOW[1])]
Volume = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
DEFAULT_PLAYER_NAME = "Player"
"""`player_name` until the player chooses one: the first start asks (`name_chosen`)."""
DEFAULT_TABLE_NAME = "Mahjong table"
"""`last_table_name` until the player names a table; the host form shows the name in the
UI's language instead."""


TableCode = Annotated[str, msgspec.Meta(max_length=12, pattern=r"^[0-9A-Za-z]*$")]
"""What the host form's code field takes (ASCII letters and digits here: a stored code
that a guest could not type is no use)."""
BotCount = Annotated[int, msgspec.Meta(ge=0, le=3)]


class HostedTable(msgspec.Struct, frozen=True, kw_only=True):
    """What the host form was given last time; it opens with it again. (The name is
    `last_table_name`.) The code is kept in clear: it is a word friends say aloud across
    the room, not a password, and it sits in the player's own config folder beside their
    key pair, which is no better guarded."""

    code: TableCode = ""
    bots: BotCount = 0
    bot_level: BotLevel = "normal"
    bot_pace: BotPace = "natural"
    allow_suggest: bool = True
    options: TableOptions = TableOptions()


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """What the player chose; every value is checked, also when built in code."""

    player_name: PlayerName = DEFAULT_PLAYER_NAME
    name_chosen: bool = False
    """The player said what the table calls them (first start asks until then, prefilled
    with the computer's user name: client/names.py)."""
    language: Language = "zh-Hans"
    language_chosen: bool = False
    """The player chose `language` (at first start or in Settings); until then the first
    start preselects the computer's own (client/system_language.py)."""
    sound: bool = True
    volume: Volume = 0.8
    voice: Voice = "yue"
    """The call-outs' language; Cantonese by default, as the game plays Cantonese rules."""
    window_size: tuple[Width, Height] = (1280, 720)
    fullscreen: bool = False
    tile_size: TileSize = "medium"
    animation_speed: AnimationSpeed = "normal"
    hint: bool = True
    """听牌提示: show what each discard would wait on."""
    pattern_names: PatternNames = "language"
    """Fan patterns named in the UI's language only (对对胡 in Chinese, All pungs in English),
    or with the other language's name beside them, in the result box and the rules page."""
    suggest: bool = False
    """出牌建议 Suggest: mark what the strong computer player would discard or claim, with a
    one-line reason (client/scenes/table_suggest.py); off unless the player asks, and
    never shown at a table whose owner does not allow it."""
    quick_level: QuickLevel = "normal"
    """How the quick game's three computer players play (server/engine/bots LEVELS)."""
    quick_timers: QuickTimers = "relaxed"
    """The quick game's timers: nobody waits on a person there, so none, generous ones
    (QUICK_TIMERS), or a hosted table's usual ones."""
    auto_win: bool = False
    auto_pass: bool = False
    auto_discard: bool = False
    last_address: Annotated[str, msgspec.Meta(max_length=300)] = ""
    last_table_name: Annotated[str, msgspec.Meta(max_length=64)] = DEFAULT_TABLE_NAME
    last_hosted: HostedTable = HostedTable()
    """The rest of what the host form was given last time (the rules, the code, …)."""

    def __post_init__(self) -> None:
        # msgspec checks constraints only when decoding; check `Settings(...)` and
        # `msgspec.structs.replace(...)` too, so an invalid value never gets saved.
        msgspec.convert(msgspec.to_builtins(self), _schema())


FIELDS: tuple[str, ...] = Settings.__struct_fields__

_SCHEMA: type[msgspec.Struct] | None = None


def _schema() -> type[msgspec.Struct]:
    """Settings' fields and constraints without its __post_init__ (which would recurse)."""
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = msgspec.defstruct(
            "SettingsSchema",
            [(f.name, f.type, f.default) for f in msgspec.structs.fields(Settings)],
            kw_only=True,
        )
    return _SCHEMA


def default_path() -> Path:
    """settings.json in the platform's config folder (e.g. ~/.config/gdmahjong/)."""
    return Path(platformdirs.user_config_dir(APP)) / FILE_NAME


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player when something had to be reset.

    Never raises for a bad or unreadable file: a missing file gives the defaults and no
    message; anything else gives what could be kept and a message naming the problem.
    """
    file = Path(path) if path is not None else default_path()
    try:
        raw = read_limited(file, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        log.warning("cannot read %s: %s", file, exc)
        problem = exc.strerror or type(exc).__name__
        return Settings(), translate(DEFAULT_LANGUAGE, "settings.unreadable", problem=problem)
    try:
        check_json(raw)  # TooDeep, a DecodeError: msgspec would recurse (shared/nesting.py)
        data = msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        return _reset(file, f"not valid JSON: {exc}")
    if not isinstance(data, dict):
        return _reset(file, f"expected a JSON object, found {_json_kind(data)}")
    settings, bad = _salvage(data)
    if not bad:
        return settings, None
    backup = _set_aside(file)
    if backup is not None:
        try:
            save_settings(settings, file)
        except OSError as exc:
            log.warning("cannot write the repaired settings to %s: %s", file, exc)
    labels = [translate(settings.language, f"settings.{name}") for name in bad]
    separator = translate(settings.language, "common.list_separator")
    message = translate(settings.language, "settings.fields_reset", fields=separator.join(labels))
    return settings, message


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> None:
    """Write the settings whole (machine.files.atomic_write): a crash or a full disk leaves
    either the old file or the new one, never half of one. Raises OSError when the folder
    cannot be written."""
    file = Path(path) if path is not None else default_path()
    atomic_write(file, msgspec.json.format(msgspec.json.encode(settings), indent=2) + b"\n")


def _salvage(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from the known fields that are valid, and the names of those that are not."""
    good: dict[str, Any] = {}
    bad: list[str] = []
    for name in FIELDS:
        if name not in data:
            continue
        try:
            msgspec.convert({**good, name: data[name]}, Settings)
        except msgspec.ValidationError as exc:
            log.warning("settings: %s reset to its default: %s", name, exc)
            bad.append(name)
        else:
            good[name] = data[name]
    return msgspec.convert(good, Settings), bad


def _reset(file: Path, problem: str) -> tuple[Settings, str]:
    log.warning("settings file %s is damaged (%s); using the defaults", file, problem)
    backup = _set_aside(file)
    if backup is None:
        message = translate(DEFAULT_LANGUAGE, "settings.damaged_problem", problem=problem)
    else:
        message = translate(
            DEFAULT_LANGUAGE, "settings.damaged_detail", problem=problem, backup=backup.name
        )
    return Settings(), message


def _set_aside(file: Path) -> Path | None:
    """Rename a bad file to settings.json.corrupt (.corrupt.1, … if that is taken)."""
    first = file.with_name(file.name + CORRUPT_SUFFIX)
    others = (file.with_name(f"{first.name}.{i}") for i in range(1, 100))
    target = next((p for p in (first, *others) if not p.exists()), first)
    try:
        replace(file, target)
    except OSError as exc:
        log.warning("cannot set %s aside: %s", file, exc)
        return None
    return target


def _json_kind(value: object) -> str:
    kinds = {list: "an array", str: "a string", bool: "true/false", type(None): "null"}
    return kinds.get(type(value), "a number")
