"""What the rules page says, worked out from the ruleset itself: never a second copy.

`page(rules, options)` turns a table's `Ruleset` (its preset's pattern table and counting,
every option resolved) into the page's blocks, in the current language: the counting (the
cap, the burst or "specials alone", the special-win floors, `min_fan`, the points), every
pattern of the preset by kind with its names, its fan from the preset's table, a short
description and an example hand (shared/pattern_examples.py), the payments (self-drawn,
discard, several winners, each 包 case, horses), the table's options as the owner set
them, seats and the computer players' pace, hosting from the game (resuming after a
crash) and the keys at the table. A pattern the table's options leave out (七对, 花) is
listed all the same, with a note that says which option it needs: the page shows the whole
preset.
client/scenes/rules.py draws the blocks; tests read them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from client.i18n import current_language, pattern_names, t, wind_name
from client.table_options import summary
from shared.pattern_examples import Example, example_for
from shared.ruleset import Ruleset, TableOptions
from shared.settlement import LIABILITY_MULTIPLIER, THREE_WINNER_FLOOR
from shared.tiles import Tile

HOW_WON = (
    ("heavenly", "rules.won.heavenly"),
    ("earthly", "rules.won.earthly"),
    ("human", "rules.won.human"),
    ("win_on_kong", "rules.won.win_on_kong"),
    ("robbing_kong", "rules.won.robbing_kong"),
    ("last_tile", "rules.won.last_tile"),
    ("self_drawn", "rules.won.self_drawn"),
)
"""How an example was won, the most telling fact first (a heavenly hand is self-drawn too)."""
OPTION_LABELS = {"seven_pairs": "option.seven_pairs", "flowers": "option.flowers"}
"""The label of each option an example may need (shared/pattern_examples.py)."""
SECTIONS = (
    (("fallback", "small"), "rules.section.small"),
    (("big",), ""),
    (("bonus",), "rules.section.bonus"),
    (("floor",), "rules.section.floor"),
)
"""Pattern kinds in the order the page lists them, with their heading (鸡胡, the fallback,
goes with the small hands; the big hands' heading says how the preset counts them)."""


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Line:
    text: str
    indent: int = 0
    """Levels of indentation: a 包 case under its heading."""


@dataclass(frozen=True)
class Option:
    """A table option and its value, as the lobby shows it."""

    label: str
    value: str


@dataclass(frozen=True)
class PatternEntry:
    """One pattern of the preset, as the page shows it."""

    id: str
    name: str
    """In the page's language (Chinese in both scripts, else English)."""
    other_name: str
    """English beside Chinese, Chinese beside English."""
    fan: str
    about: str
    example: Example | None
    caption: str
    """How the example was won (and the winds, when it holds any)."""
    note: str = ""
    """Why the pattern cannot come up at this table, or a preset's restriction."""


Block = Heading | Line | Option | PatternEntry


def names(pattern_id: str) -> tuple[str, str]:
    """(the name in the page's language, the other one or ""): the other only when the
    player chose both names (Settings › Pattern names)."""
    return pattern_names(pattern_id, current_language())


def caption(example: Example) -> str:
    """How the example was won: "自摸 · 南家 · 东风圈", the winds only when it holds a wind
    pung (whose fan they decide)."""
    how = next((key for fact, key in HOW_WON if getattr(example.won, fact)), "rules.won.discard")
    parts = [t(how)]
    held = Counter(example.parsed().all_tiles())
    if any(held[wind] >= 3 for wind in (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)):
        parts.append(t("table.seat_wind", wind=wind_name(example.won.seat_wind)))
        parts.append(t("table.prevailing", wind=wind_name(example.won.prevailing_wind)))
    return " · ".join(parts)


def _missing_option(example: Example, rules: Ruleset, at_table: bool) -> str:
    """The note for an example whose pattern needs an option these rules have not set."""
    key = "rules.not_here" if at_table else "rules.not_by_default"
    for option, wanted in example.options.items():
        if getattr(rules, option) != wanted:
            return t(key, option=t(OPTION_LABELS.get(option, option)))
    return ""


def pattern_entries(
    rules: Ruleset, kinds: tuple[str, ...], at_table: bool = False
) -> list[PatternEntry]:
    """The preset's patterns of these kinds, in the preset's order."""
    entries = []
    for row in rules.preset.patterns:
        if row.kind not in kinds:
            continue
        name, other = names(row.id)
        if row.kind == "bonus":
            fan = t("rules.fan.bonus", fan=row.fan)
        elif row.kind == "floor":
            fan = t("rules.fan.floor", fan=row.fan)
        else:
            fan = t("result.fan", fan=row.fan)
        example = example_for(rules.preset.name, row.id)
        note = _missing_option(example, rules, at_table) if example is not None else ""
        if row.id == "earthly_hand" and not rules.preset.earthly_hand_on_discard:
            note = note or t("rules.earthly_self_drawn_only")
        entries.append(
            PatternEntry(
                row.id,
                name,
                other,
                fan,
                t(f"pattern.{row.id}.about"),
                example,
                caption(example) if example is not None else "",
                note,
            )
        )
    return entries


def counting(rules: Ruleset) -> list[Block]:
    """The cap and how big hands count, the floors, the minimum to win, the points."""
    counted = rules.preset.counting
    blocks: list[Block] = [Heading(t("rules.section.counting"))]
    if counted.method == "burst":
        blocks.append(Line(t("rules.cap.burst", cap=counted.cap)))
        blocks.append(Line(t("rules.burst", burst=counted.burst, cap=counted.cap)))
    else:
        blocks.append(Line(t("rules.cap.alone", cap=counted.cap)))
        blocks.append(Line(t("rules.alone")))
    floors: dict[int, list[str]] = {}
    for row in rules.preset.patterns:
        if row.kind == "floor":
            floors.setdefault(row.fan, []).append(names(row.id)[0])
    for fan, floored in floors.items():
        joined = t("common.list_separator").join(floored)
        blocks.append(Line(t("rules.floor", names=joined, fan=fan)))
    blocks.append(
        Line(t("rules.line", label=t("option.min_fan"), value=t(f"option.min_fan.{rules.min_fan}")))
    )
    blocks.append(Line(t("rules.points", base=rules.base, points=rules.base * 2**3)))
    bonus = rules.preset.self_drawn_base_bonus
    if bonus:
        blocks.append(Line(t("rules.self_drawn_bonus", n=bonus, points=bonus * rules.base)))
    return blocks


def payments(rules: Ruleset) -> list[Block]:
    """Who pays whom (RULES.md §6.5): by how the hand was won, then each 包 case."""
    blocks: list[Block] = [
        Heading(t("rules.section.payments")),
        Line(t("rules.pay.self_drawn")),
        Line(t("rules.pay.discard")),
    ]
    if rules.multiple_winners:
        blocks.append(Line(t("rules.pay.multiple.on", floor=THREE_WINNER_FLOOR)))
    else:
        blocks.append(Line(t("rules.pay.multiple.off")))
    blocks.append(Line(t("rules.pay.liability", n=LIABILITY_MULTIPLIER)))
    for case in ("robbing", "kong", "big", f"twelve.{rules.twelve_tile_liability}"):
        blocks.append(Line(t(f"rules.pay.liable.{case}"), indent=1))
    blocks.append(Line(t("rules.pay.order"), indent=1))
    if rules.horses:
        blocks.append(Line(t("rules.pay.horses", n=rules.horses)))
    blocks.append(Line(t("rules.line", label=t("result.draw"), value=t("result.draw_note"))))
    return blocks


def page(
    rules: Ruleset, options: TableOptions | None = None, at_table: bool = False
) -> list[Block]:
    """Every block of the page for these rules. `options`: as the owner set them (None: the
    rules' own, resolved); `at_table`: the rules of the player's table, not a preset's
    defaults read from the menu."""
    preset = rules.preset.name
    blocks: list[Block] = [Heading(t(f"preset.{preset}"))]
    if not at_table:  # the preset in a line, as its defaults have it (a table may differ)
        blocks.append(Line(t(f"preset.{preset}.about")))
    blocks += counting(rules)
    counted = rules.preset.counting
    for kinds, heading in SECTIONS:
        entries = pattern_entries(rules, kinds, at_table)
        if not entries:
            continue
        if heading:
            blocks.append(Heading(t(heading)))
        elif counted.method == "burst":
            blocks.append(Heading(t("rules.section.big.burst", burst=counted.burst)))
        else:
            blocks.append(Heading(t("rules.section.big.alone")))
        blocks += entries
    blocks += payments(rules)
    blocks.append(Heading(t("rules.table_options" if at_table else "rules.default_options")))
    shown = options if options is not None else rules.table_options
    blocks += [Option(label, value) for label, value in summary(shown)]
    return blocks + seating() + hosting() + keys()


def seating() -> list[Block]:
    """Seats chosen in the lobby (the first dealer still drawn) and the computer players'
    pace (server/bot_pace.py)."""
    return [Heading(t("rules.seats")), Line(t("rules.seats.choose")), Line(t("rules.seats.pace"))]


def hosting() -> list[Block]:
    """Hosting from the game: what the host form remembers, and resuming after a crash
    (client/scenes/resume.py)."""
    return [
        Heading(t("rules.hosting")),
        Line(t("rules.hosting.remembers")),
        Line(t("rules.hosting.resume", resume=t("resume.resume"), new=t("resume.new_table"))),
    ]


def keys() -> list[Block]:
    """The keys at the table (client/scenes/table_input.py): what lets a tile go, that
    Space never does, and the scoreboard's Tab (client/scoreboard.py)."""
    return [
        Heading(t("rules.keys")),
        Line(t("rules.keys.pick")),
        Line(t("rules.keys.discard")),
        Line(t("rules.keys.drawn", auto=t("toggle.auto_discard"))),
        Line(t("rules.keys.space")),
        Line(t("rules.keys.scores")),
        Line(t("rules.keys.more")),
    ]
