"""The engine plays byte for byte as it did before the rules tables got one owner.

tests/data/engine_golden.json was written by the code before that refactor
(tests/support/engine_golden.py says how); these tests replay its logs and ask its
analysis questions again, so they fail on any change of an event or an answer, in the
pure tree and in the compiled one alike.
"""

from __future__ import annotations

import json

import pytest

from tests.support.engine_golden import DATA, analysis_digest, replay_digest

GOLDEN = json.loads(DATA.read_text())


def test_the_file_covers_every_lineup_and_some_wins() -> None:
    bots = {tuple(row["bots"]) for row in GOLDEN["hands"]}
    assert len(bots) == 4
    assert len(GOLDEN["hands"]) == 48
    won = [row for row in GOLDEN["hands"] if any('"win"' in a for _, a in row["log"])]
    assert len(won) >= 10


@pytest.mark.parametrize("index", range(48))
def test_a_logged_hand_replays_to_the_same_events(index: int) -> None:
    row = GOLDEN["hands"][index]
    assert replay_digest(row) == row["events"]


def test_the_analysis_answers_as_before() -> None:
    assert analysis_digest() == GOLDEN["analysis"]
