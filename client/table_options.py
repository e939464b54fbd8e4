"""The table options of RULES.md §7 as the player picks them: one list of choices, used by
the host form and by the lobby (where the owner sets the rules and the others read them).

Each option names its `TableOptions` field, its label and the values offered, first the
default. `None` is "what the preset says" (min_fan, twelve_tile_liability) or, for the
starting score, 1000 × base; the other starting scores are offered as multiples of the base.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from client.i18n import t
from client.ui import Choice
from shared.ruleset import BASE_VALUES, RulesetError, TableOptions, make_ruleset

PRESETS = ("jipinghu", "qq3", "baohu5", "seed003")
BOX_SHARE = 0.58
"""The share of a choice's width its value takes: values say more than labels here."""
STARTING_TIMES = (None, 500, 2000, 5000)
"""Starting score as a multiple of the base; None is the rules' 1000 × base."""


def _on_off(name: str) -> Callable[[Any], str]:
    return lambda value: t(f"option.{name}.{'on' if value else 'off'}")


def _keyed(prefix: str) -> Callable[[Any], str]:
    """`prefix.value`, or "as the rules say" for None."""
    return lambda value: t("option.preset_default") if value is None else t(f"{prefix}.{value}")


def _seconds(value: int) -> str:
    return t("option.seconds", n=value) if value else t("option.no_timer")


def _starting(times: int | None) -> str:
    if times is None:
        return t("option.starting_score.default")
    return t("option.starting_score.times", n=times)


@dataclass(frozen=True)
class Option:
    """One option of RULES.md §7 as offered: field, label key, values (default first)."""

    name: str
    label: str
    values: tuple[Any, ...]
    describe: Callable[[Any], str]


OPTIONS: tuple[Option, ...] = (
    Option("base", "lobby.base", BASE_VALUES, str),
    Option("starting_score", "option.starting_score", STARTING_TIMES, _starting),
    Option("preset", "lobby.preset", PRESETS, lambda p: t(f"preset.{p}.short")),
    Option("min_fan", "option.min_fan", (None, 0, 1, 3), _keyed("option.min_fan")),
    Option("rounds", "option.rounds", (4, 1), lambda r: t(f"rounds.{r}")),
    Option("turn_seconds", "option.turn_seconds", (15, 20, 30, 0), _seconds),
    Option("claim_seconds", "option.claim_seconds", (8, 10, 15, 0), _seconds),
    Option(
        "multiple_winners", "option.multiple_winners", (True, False), _on_off("multiple_winners")
    ),
    Option(
        "missed_win_lock_until",
        "option.missed_win_lock_until",
        ("discard", "any_move"),
        lambda v: t(f"option.missed_win_lock_until.{v}"),
    ),
    Option(
        "twelve_tile_liability",
        "option.twelve_tile_liability",
        (None, "all", "first_only"),
        _keyed("option.twelve_tile_liability"),
    ),
    Option("seven_pairs", "option.seven_pairs", (False, True), _on_off("seven_pairs")),
    Option("flowers", "option.flowers", (False, True), _on_off("flowers")),
    Option("horses", "option.horses", (0, 1, 2), lambda n: t(f"option.horses.{n}")),
)


def _offered(option: Option, options: TableOptions) -> Any:
    """The value of `option` that `options` hold, as the choice offers it."""
    value = getattr(options, option.name)
    if option.name == "starting_score" and value is not None:
        times, rest = divmod(value, options.base)
        return times if not rest else None
    return value


class OptionChoices:
    """A Choice for every option, set from `options` (the defaults when None)."""

    def __init__(self, options: TableOptions | None = None) -> None:
        options = options or TableOptions()
        self.by_name: dict[str, Choice] = {}
        for option in OPTIONS:
            values = option.values
            wanted = _offered(option, options)
            if wanted not in values:  # a value given on the command line, say: offer it too
                values = (*values, wanted)
            self.by_name[option.name] = Choice(
                pygame.Rect(0, 0, 10, 10),
                t(option.label),
                values,
                values.index(wanted),
                describe=option.describe,
                box_share=BOX_SHARE,
            )

    @property
    def choices(self) -> list[Choice]:
        return list(self.by_name.values())

    def options(self) -> TableOptions:
        """The TableOptions the choices make."""
        picked = {name: choice.value for name, choice in self.by_name.items()}
        times = picked.pop("starting_score")
        if times is not None:
            picked["starting_score"] = times * picked["base"]
        return TableOptions(**picked)


def summary(options: TableOptions) -> list[tuple[str, str]]:
    """(label, value) of every option, as the table will play it (the preset's defaults
    and the starting score worked out): what a player is asked to accept."""
    try:
        resolved: Any = make_ruleset(options)
    except RulesetError:  # an unknown preset from a newer host: show the options as sent
        resolved = options
    rows = []
    for option in OPTIONS:
        if option.name == "preset":
            value = t(f"preset.{options.preset}")
        elif option.name == "starting_score":
            value = str(resolved.starting_score or t("option.starting_score.default"))
        else:
            value = option.describe(getattr(resolved, option.name))
        rows.append((t(option.label), value))
    return rows


def grid(items: Sequence[Any], area: pygame.Rect, columns: int, gap: int) -> list[pygame.Rect]:
    """Rectangles for `items` in `columns` columns filling `area`, down each column first."""
    rows = -(-len(items) // columns)
    width = (area.width - gap * (columns - 1)) // columns
    pitch = area.height // rows
    return [
        pygame.Rect(
            area.x + (i // rows) * (width + gap),
            area.y + (i % rows) * pitch,
            width,
            max(1, pitch - max(4, pitch // 7)),
        )
        for i in range(len(items))
    ]
