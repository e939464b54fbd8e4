"""The rules page's example hands: every pattern of every preset has one, and the rules
engine, scoring it under that preset, counts that pattern (so the page never shows a
hand that is not an example of what it says)."""

from __future__ import annotations

import pytest

from shared.fan import score_hand
from shared.pattern_examples import EXAMPLES, PRESET_EXAMPLES, Example, example_for
from shared.presets import PRESETS
from shared.ruleset import load_preset, make_ruleset

CASES = [(preset, row.id) for preset in PRESETS for row in load_preset(preset).patterns]


@pytest.mark.parametrize(("preset", "pattern"), CASES, ids=[f"{p}-{i}" for p, i in CASES])
def test_the_example_scores_its_pattern_under_its_preset(preset: str, pattern: str) -> None:
    example = example_for(preset, pattern)
    assert example is not None, f"{preset}: no example for {pattern}"
    rules = make_ruleset({"preset": preset, **example.options})
    score = score_hand(example.parsed(), example.context(), rules)
    assert score.win, f"{preset} {pattern}: {example.hand} is not a winning hand"
    counted = [p.id for p in score.patterns]
    assert pattern in counted, f"{preset} {pattern}: {example.hand} scores {counted}"


def test_a_wrong_example_is_caught() -> None:
    """The check above can fail: a chicken hand is no example of all chows."""
    wrong = Example("123m456p777s3z [789s] +3z")
    score = score_hand(wrong.parsed(), wrong.context(), make_ruleset())
    assert "all_chows" not in [p.id for p in score.patterns]


def test_every_example_is_of_a_pattern_some_preset_has() -> None:
    known = {pattern for _, pattern in CASES}
    assert set(EXAMPLES) <= known
    for preset, examples in PRESET_EXAMPLES.items():
        assert preset in PRESETS
        assert set(examples) <= {row.id for row in load_preset(preset).patterns}


def test_the_flowers_an_example_shows_are_the_ones_it_counts() -> None:
    example = EXAMPLES["flower"]
    assert example.context().flowers == len(example.parsed().flowers) == 1
