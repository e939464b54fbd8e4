"""Table options (RULES.md §7) written as text, as a command line takes them: `NAME=VALUE`
words and JSON objects, validated as the host validates a SetRules; and back to words.

Nothing here names an option: each value is read by the type of its `TableOptions` field, so
a new option is a new field and nothing more.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable, Mapping
from types import MappingProxyType
from typing import Any

import msgspec
from msgspec import inspect as msgspec_types

from shared.errors import RulesetError
from shared.presets import PRESETS
from shared.ruleset import TableOptions, make_ruleset

TRUE_WORDS = ("on", "true", "yes", "1")
FALSE_WORDS = ("off", "false", "no", "0")
DEFAULT_WORDS = ("default", "none", "null")
"""Words for None: "what the preset says" (or 1000 × base for the starting score)."""
LISTED_RANGE = 10
"""An integer option whose range is at most this wide lists its values in a message."""


def _field_types() -> Mapping[str, msgspec_types.Type]:
    info = msgspec_types.type_info(TableOptions)
    assert isinstance(info, msgspec_types.StructType)
    return MappingProxyType({field.name: field.type for field in info.fields})


FIELD_TYPES = _field_types()
"""Every option's type, in the field order of `TableOptions`."""
NAMED_VALUES: Mapping[str, tuple[str, ...]] = MappingProxyType({"preset": tuple(PRESETS)})
"""Text options whose type is a plain str but whose values are a known set of names."""

_AT_FIELD = re.compile(r"^(?P<problem>.*) - at `\$\.(?P<name>\w+)`$")


def _alternatives(field_type: msgspec_types.Type) -> tuple[msgspec_types.Type, ...]:
    if isinstance(field_type, msgspec_types.UnionType):
        return tuple(field_type.types)
    return (field_type,)


def _takes_int(field_type: msgspec_types.Type) -> bool:
    return isinstance(field_type, msgspec_types.IntType) or (
        isinstance(field_type, msgspec_types.LiteralType)
        and all(isinstance(v, int) for v in field_type.values)
    )


def _is_int(word: str) -> bool:
    return re.fullmatch(r"[+-]?\d+", word) is not None


def value_of(text: str, field_type: msgspec_types.Type) -> Any:
    """The value `text` stands for under `field_type`. Text that fits nothing is returned as
    it is, so that msgspec's validation, the only one, says what is wrong with it."""
    word = text.strip().lower()
    alternatives = _alternatives(field_type)
    for alternative in alternatives:
        if isinstance(alternative, msgspec_types.NoneType) and word in DEFAULT_WORDS:
            return None
        if isinstance(alternative, msgspec_types.BoolType):
            if word in TRUE_WORDS:
                return True
            if word in FALSE_WORDS:
                return False
        if isinstance(alternative, msgspec_types.LiteralType):
            for value in alternative.values:
                if str(value).lower() == word:
                    return value
    # Out of range is still a number: then the message is about the range, not the type.
    if _is_int(word) and any(_takes_int(a) for a in alternatives):
        return int(word)
    return text.strip()


def format_value(value: Any) -> str:
    """A value as `value_of` reads it back: on/off, default for None, else as written."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return DEFAULT_WORDS[0]
    return str(value)


def valid_values(name: str) -> str:
    """What option `name` takes, in words: its values when they are a small set. Spelled as
    JSON has them (true, null), which the `NAME=VALUE` words take too."""
    words: list[str] = []
    for alternative in _alternatives(FIELD_TYPES[name]):
        if isinstance(alternative, msgspec_types.BoolType):
            words += ["true", "false"]
        elif isinstance(alternative, msgspec_types.LiteralType):
            words += [format_value(v) for v in alternative.values]
        elif isinstance(alternative, msgspec_types.IntType):
            words.append(_integers(alternative))
        elif isinstance(alternative, msgspec_types.NoneType):
            words.append("null (the preset's default)")
        elif name in NAMED_VALUES:
            words += NAMED_VALUES[name]
        else:
            words.append("text")
    return ", ".join(words)


def _integers(int_type: msgspec_types.IntType) -> str:
    # msgspec keeps the bounds as written (gt or ge, lt or le): make both inclusive.
    low = int_type.ge if int_type.gt is None else int_type.gt + 1
    high = int_type.le if int_type.lt is None else int_type.lt - 1
    if low is not None and high is not None:
        if high - low <= LISTED_RANGE:
            return ", ".join(str(n) for n in range(low, high + 1))
        return f"{low} to {high}"
    if low is not None:
        return f"any integer from {low}"
    if high is not None:
        return f"any integer up to {high}"
    return "any integer"


def _unknown_name(name: str) -> RulesetError:
    close = difflib.get_close_matches(name, FIELD_TYPES, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return RulesetError(f"unknown option {name!r}{hint}; valid names: {', '.join(FIELD_TYPES)}")


def parse_assignment(text: str) -> tuple[str, Any]:
    """`NAME=VALUE` as (name, value), the value read by the option's type (not yet checked)."""
    name, equals, value = text.partition("=")
    name = name.strip()
    if not equals or not name:
        raise RulesetError(f"option {text!r}: write NAME=VALUE, e.g. flowers=on")
    if name not in FIELD_TYPES:
        raise _unknown_name(name)
    return name, value_of(value, FIELD_TYPES[name])


def parse_json_object(text: str) -> dict[str, Any]:
    """A JSON object of option names and values (not yet checked)."""
    try:
        raw = msgspec.json.decode(text)
    except msgspec.DecodeError as exc:
        raise RulesetError(f"table options JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise RulesetError(
            f"table options JSON: expected an object of option names and values, "
            f"got {type(raw).__name__}"
        )
    return raw


def table_options(raw: Mapping[str, Any]) -> TableOptions:
    """Validate options given as data, as the host validates a client's SetRules (msgspec
    against `TableOptions`, then the preset); RulesetError names the option and the problem."""
    for name in raw:
        if name not in FIELD_TYPES:
            raise _unknown_name(str(name))
    try:
        options = msgspec.convert(dict(raw), TableOptions)
    except msgspec.ValidationError as exc:
        raise _bad_value(str(exc), raw) from None
    try:
        make_ruleset(options)  # the only check the types leave: that the preset exists
    except RulesetError as exc:
        raise RulesetError(f"option 'preset': {exc}") from None
    return options


def _bad_value(message: str, raw: Mapping[str, Any]) -> RulesetError:
    at = _AT_FIELD.match(message)
    if at is None or at["name"] not in raw:
        return RulesetError(f"table options: {message}")
    name = at["name"]
    return RulesetError(
        f"option {name!r}: bad value {raw[name]!r} ({at['problem']}); "
        f"valid values: {valid_values(name)}"
    )


def parse_table_options(
    json_text: str | None = None, assignments: Iterable[str] = (), preset: str | None = None
) -> TableOptions:
    """Options from a JSON object, then `NAME=VALUE` words over it, then a preset over both
    (each later one wins), validated once as a whole."""
    raw = parse_json_object(json_text) if json_text is not None else {}
    for text in assignments:
        name, value = parse_assignment(text)
        raw[name] = value
    if preset is not None:
        raw["preset"] = preset
    return table_options(raw)


def option_words(options: TableOptions, exclude: Collection[str] = ()) -> list[str]:
    """`NAME=VALUE` for every option not at its default, in field order: the words
    `parse_table_options` reads back into the same options."""
    changed: dict[str, Any] = msgspec.to_builtins(options)  # omit_defaults: only the changed
    return [f"{name}={format_value(v)}" for name, v in changed.items() if name not in exclude]
