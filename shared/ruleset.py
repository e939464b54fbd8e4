"""Rulesets: a preset's pattern table plus the table options of RULES.md §7, validated."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Annotated, Any, Literal

import msgspec

from shared.errors import RulesetError
from shared.patterns import PATTERNS
from shared.presets import PRESETS

PatternKind = Literal["fallback", "small", "big", "bonus", "floor"]
BASE_VALUES = (1, 2, 5, 10, 20, 50, 100)
MIN_FAN_VALUES = (0, 1, 3)


class PatternRule(msgspec.Struct, frozen=True, array_like=True, forbid_unknown_fields=True):
    """One row of a preset's table: a pattern, its fan, its kind and what it excludes."""

    id: str
    fan: Annotated[int, msgspec.Meta(ge=0, le=99)]
    kind: PatternKind
    excludes: tuple[str, ...] = ()


class Counting(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How fan is counted: `burst` (§6.4, 3番满6番爆) or `highest_big` (§8, specials alone)."""

    method: Literal["burst", "highest_big"]
    cap: Annotated[int, msgspec.Meta(ge=0, le=99)]
    burst: Annotated[int, msgspec.Meta(ge=0, le=99)] = 0


class Preset(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A named ruleset: its pattern table and the option defaults it changes."""

    name: str
    title_zh: str
    title_en: str
    counting: Counting
    patterns: tuple[PatternRule, ...]
    defaults: dict[str, Any] = {}
    earthly_hand_on_discard: bool = True
    self_drawn_base_bonus: Annotated[int, msgspec.Meta(ge=0)] = 0

    def rule(self, pattern_id: str) -> PatternRule | None:
        return next((r for r in self.patterns if r.id == pattern_id), None)


class TableOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """The options of RULES.md §7; None means "the preset's default"."""

    preset: str = "jipinghu"
    base: Literal[1, 2, 5, 10, 20, 50, 100] = 1
    starting_score: Annotated[int, msgspec.Meta(gt=0)] | None = None
    min_fan: Literal[0, 1, 3] | None = None
    multiple_winners: bool = True
    missed_win_lock_until: Literal["discard", "any_move"] = "discard"
    twelve_tile_liability: Literal["all", "first_only"] | None = None
    flowers: bool = False
    horses: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0
    rounds: Literal[1, 4] = 4
    turn_seconds: Annotated[int, msgspec.Meta(ge=0, le=300)] = 15
    claim_seconds: Annotated[int, msgspec.Meta(ge=0, le=300)] = 8
    seven_pairs: bool = False


class Ruleset(msgspec.Struct, frozen=True):
    """A preset with every option resolved: what a table actually plays."""

    preset: Preset
    base: int
    starting_score: int
    min_fan: int
    multiple_winners: bool
    missed_win_lock_until: str
    twelve_tile_liability: str
    flowers: bool
    horses: int
    rounds: int
    turn_seconds: int
    claim_seconds: int
    seven_pairs: bool

    @property
    def digest(self) -> str:
        """A short hash of the preset table and every option: equal digests, equal rules."""
        return hashlib.sha256(msgspec.json.encode(self)).hexdigest()[:16]

    @property
    def table_options(self) -> TableOptions:
        """The options these rules were made from, each one resolved (no "preset's default"):
        for a built-in preset, `make_ruleset(rules.table_options)` makes these rules again."""
        # Every option is a field of the same name here, the preset aside (here its table).
        resolved = {
            name: getattr(self, name) for name in TableOptions.__struct_fields__ if name != "preset"
        }
        return TableOptions(preset=self.preset.name, **resolved)


def _validate_preset(preset: Preset) -> None:
    seen: set[str] = set()
    for row in preset.patterns:
        if row.id not in PATTERNS:
            raise RulesetError(f"preset {preset.name!r}: unknown pattern {row.id!r}")
        if row.id in seen:
            raise RulesetError(f"preset {preset.name!r}: pattern {row.id!r} listed twice")
        seen.add(row.id)
    for row in preset.patterns:
        for excluded in row.excludes:
            if excluded != "*" and excluded not in seen:
                raise RulesetError(
                    f"preset {preset.name!r}: {row.id!r} excludes {excluded!r}, "
                    "which is not in the table"
                )
    fallbacks = [r.id for r in preset.patterns if r.kind == "fallback"]
    if len(fallbacks) > 1:
        raise RulesetError(f"preset {preset.name!r}: more than one fallback pattern {fallbacks}")
    if preset.counting.method == "burst" and preset.counting.burst < preset.counting.cap:
        raise RulesetError(f"preset {preset.name!r}: burst is below the cap")
    unknown = set(preset.defaults) - set(TableOptions.__struct_fields__) - {"preset"}
    if unknown:
        raise RulesetError(f"preset {preset.name!r}: unknown option default {sorted(unknown)}")


def parse_preset(raw: dict[str, Any]) -> Preset:
    """Validate a preset given as data; raises RulesetError naming the problem."""
    try:
        preset = msgspec.convert(raw, Preset)
    except msgspec.ValidationError as exc:
        raise RulesetError(f"preset {raw.get('name', '?')!r}: {exc}") from None
    _validate_preset(preset)
    return preset


@cache
def load_preset(name: str) -> Preset:
    """The built-in preset of that name (jipinghu, qq3, baohu5, seed003)."""
    raw = PRESETS.get(name)
    if raw is None:
        raise RulesetError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
    return parse_preset(raw)


def parse_options(raw: dict[str, Any] | TableOptions | None = None) -> TableOptions:
    """Validate table options given as data; raises RulesetError naming the problem."""
    if isinstance(raw, TableOptions):
        return raw
    try:
        return msgspec.convert(raw or {}, TableOptions)
    except msgspec.ValidationError as exc:
        raise RulesetError(f"table options: {_explain(exc)}") from None


def _explain(exc: msgspec.ValidationError) -> str:
    """msgspec's message, plus the allowed values when the option takes a fixed set."""
    message = str(exc)
    for name, values in _CHOICES.items():
        if message.endswith(f"`$.{name}`"):
            return f"{message} (option {name!r} takes {', '.join(map(str, values))})"
    return message


_CHOICES = {
    "base": BASE_VALUES,
    "min_fan": MIN_FAN_VALUES,
    "missed_win_lock_until": ("discard", "any_move"),
    "twelve_tile_liability": ("all", "first_only"),
    "rounds": (1, 4),
}


def make_ruleset(options: dict[str, Any] | TableOptions | None = None) -> Ruleset:
    """Resolve table options against their preset into the rules a table plays."""
    opts = parse_options(options)
    preset = load_preset(opts.preset)
    # The preset's defaults are checked through the same option types.
    defaults = parse_options({"preset": opts.preset, **preset.defaults})

    def pick(field: str, fallback: Any) -> Any:
        value = getattr(opts, field)
        if value is None:
            value = getattr(defaults, field)
        return fallback if value is None else value

    return Ruleset(
        preset=preset,
        base=opts.base,
        starting_score=pick("starting_score", 1000 * opts.base),
        min_fan=pick("min_fan", 1),
        multiple_winners=opts.multiple_winners,
        missed_win_lock_until=opts.missed_win_lock_until,
        twelve_tile_liability=pick("twelve_tile_liability", "all"),
        flowers=opts.flowers,
        horses=opts.horses,
        rounds=opts.rounds,
        turn_seconds=opts.turn_seconds,
        claim_seconds=opts.claim_seconds,
        seven_pairs=opts.seven_pairs,
    )
