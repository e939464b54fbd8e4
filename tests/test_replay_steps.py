"""The replay viewer's steps (client/scenes/replay_model.py) are the engine's states: after
k actions each seat's view is what a table playing the record's first k actions shows that
seat, for every k, on hands with chows, pungs, kongs, a win by discard, a self-drawn win,
a robbed kong and a drawn hand; the last step ends in the record's own result."""

from __future__ import annotations

import pytest
from msgspec import structs

from client.scenes.replay_model import Replay
from server.engine.table import HandSetup, HandTable
from shared.events import FlowerRevealed
from shared.ruleset import make_ruleset
from tests.support.replays import kinds_of, played_record

FLOWERS = {"flowers": True, "horses": 2, "seven_pairs": True}
CASES = [
    (3, None, {"kong", "discard", "pung", "chow"}),
    (7, None, {"draw", "kong"}),
    (4, None, {"self_drawn"}),  # seed 0 stopped self-drawing once the strong player leaned
    (26, None, {"robbing_kong", "kong"}),
    (5, FLOWERS, {"kong", "discard"}),  # flowers shown and replaced, horses bought
]


def _table_after(record, k: int) -> HandTable:
    """A table of its own, built from the record's setup by hand, after its first k actions."""
    table = HandTable(
        HandSetup(
            rules=make_ruleset(record.options),
            seed=record.seed,
            dealer=record.dealer,
            prevailing_wind=record.prevailing_wind,
            scores=record.scores_before,
            hand_number=record.hand_number,
        )
    )
    table.start()
    for seat, action in record.actions[:k]:
        table.step(seat, action)
    return table


@pytest.mark.parametrize(("seed", "options", "kinds"), CASES)
def test_every_step_is_the_engines_state_after_that_many_actions(
    seed: int, options: dict[str, object] | None, kinds: set[str]
) -> None:
    record = played_record(seed, options)
    assert kinds <= kinds_of(record)  # the hand has what it is chosen for
    replay = Replay(record)
    assert replay.last == len(record.actions)
    events = [d.event for step in replay.steps for d in step.deliveries]
    assert any(isinstance(e, FlowerRevealed) for e in events) == bool(options)
    for k in range(replay.last + 1):
        table = _table_after(record, k)
        for seat in range(4):
            # The engine lists the seat's legal moves; the viewer shows none (nobody plays).
            expected = structs.replace(table.view(seat), legal=())
            assert replay.view(k, seat, all_open=False) == expected, (seed, k, seat)
    end = replay.steps[-1].views[0]
    assert end.phase == "ended" and end.result == record.result


def test_all_open_shows_every_hand_and_hides_nothing_else() -> None:
    record = played_record(3)
    replay = Replay(record)
    k = replay.last // 2
    table = _table_after(record, k)
    hands = replay.hands(k)
    for seat in range(4):
        held = sorted(hands[seat])
        assert held == sorted(
            (
                *table.hand_tiles(seat),
                *([table.shown_drawn(seat)] if table.shown_drawn(seat) is not None else []),
            )
        )
    opened = replay.view(k, 0, all_open=True)
    assert opened.hand == table.view(0).hand
    assert opened.seats[1].river == table.view(0).seats[1].river
