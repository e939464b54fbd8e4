"""The table options of RULES.md §7 as the host form and the lobby offer them: every option,
each chosen value carried into the TableOptions (and the SetRules the lobby sends)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client_helpers import click

from client import i18n
from client.app import App
from client.i18n import LANGUAGES, set_language, t
from client.table_options import OPTIONS, OptionChoices, summary
from client.ui import Choice
from shared.ruleset import TableOptions, make_ruleset

PICKED = {
    "base": 5,
    "starting_score": 2000,  # × base
    "preset": "baohu5",
    "min_fan": 3,
    "rounds": 1,
    "turn_seconds": 30,
    "claim_seconds": 10,
    "multiple_winners": False,
    "missed_win_lock_until": "any_move",
    "twelve_tile_liability": "first_only",
    "seven_pairs": True,
    "flowers": True,
    "horses": 2,
}
"""A value other than the default for every option."""

EXPECTED = TableOptions(
    preset="baohu5",
    base=5,
    starting_score=10000,
    min_fan=3,
    multiple_winners=False,
    missed_win_lock_until="any_move",
    twelve_tile_liability="first_only",
    flowers=True,
    horses=2,
    rounds=1,
    turn_seconds=30,
    claim_seconds=10,
    seven_pairs=True,
)


def pick(choices: dict[str, Choice], app: App | None = None) -> None:
    """Set every option to its PICKED value, by clicking when an app draws the choices."""
    for name, value in PICKED.items():
        choice = choices[name]
        assert value in choice.options, (name, value)
        if app is None:
            choice.index = choice.options.index(value)
            continue
        while choice.value != value:
            click(app, choice.rect.center)


def assert_same(made: TableOptions, expected: TableOptions) -> None:
    for field in TableOptions.__struct_fields__:
        assert getattr(made, field) == getattr(expected, field), field


def test_every_option_of_the_rules_is_offered_once_default_first() -> None:
    names = [option.name for option in OPTIONS]
    assert sorted(names) == sorted(TableOptions.__struct_fields__)
    assert set(PICKED) == set(names)
    defaults = TableOptions()
    for option in OPTIONS:
        choice = OptionChoices().by_name[option.name]
        assert choice.options == option.values and choice.index == 0
        assert len(set(option.values)) == len(option.values)
        if option.name != "starting_score":
            assert option.values[0] == getattr(defaults, option.name), option.name
    assert OptionChoices().options() == TableOptions()


def test_the_choices_carry_every_picked_value() -> None:
    choices = OptionChoices()
    pick(choices.by_name)
    assert_same(choices.options(), EXPECTED)
    make_ruleset(choices.options())  # and the rules accept them


def test_options_given_beforehand_are_shown_picked() -> None:
    assert OptionChoices(EXPECTED).options() == EXPECTED
    odd = TableOptions(base=2, starting_score=3000, turn_seconds=45)
    choices = OptionChoices(odd)
    assert choices.by_name["turn_seconds"].value == 45
    assert choices.options() == odd


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_value_reads_in_every_language(language: str) -> None:
    set_language(language)
    try:
        for option in OPTIONS:
            assert i18n.has_text(option.label)
            texts = [option.describe(value) for value in option.values]
            assert all(text.strip() for text in texts), option.name
            assert len(set(texts)) == len(texts), (option.name, texts)
        rows = summary(EXPECTED)
        assert [label for label, _ in rows] == [t(option.label) for option in OPTIONS]
        assert dict(rows)[t("option.starting_score")] == "10000"
    finally:
        set_language("en")
