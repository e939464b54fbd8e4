"""The table options of RULES.md §7 as the host form and the lobby offer them: every option,
each chosen value carried into the TableOptions (and the SetRules the lobby sends)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client import i18n
from client.i18n import LANGUAGES, set_language, t
from client.table_options import OPTIONS, OptionChoices, summary
from shared.ruleset import TableOptions, make_ruleset
from tests.support.gui import EXPECTED, PICKED, assert_same, pick


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
