"""A client following events reaches exactly the view the host would send as a snapshot."""

from __future__ import annotations

import pytest
from msgspec import structs

from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable
from shared.events import Delivery, HandStarted
from shared.ruleset import make_ruleset
from shared.view_model import apply, new_hand
from shared.views import TableView

VIEWERS: tuple[int | None, ...] = (0, 1, 2, 3, None)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"flowers": True, "horses": 2},
        {"seven_pairs": True, "missed_win_lock_until": "any_move", "min_fan": 0},
        {"preset": "qq3", "multiple_winners": False},
    ],
    ids=["default", "flowers-horses", "seven-pairs-any-move", "qq3-jiehu"],
)
@pytest.mark.parametrize("bots", ["random", "competent"])
def test_events_rebuild_every_seats_view_after_every_step(options: dict, bots: str) -> None:  # type: ignore[type-arg]
    rules = make_ruleset(options)
    players = [make_bot(bots, rules, seed) for seed in range(4)]
    for hand in range(25):
        table = HandTable(
            HandSetup(rules, hand, hand % 4, hand % 4, (1000, 1000, 1000, 1000))
        )
        views: dict[int | None, TableView | None] = dict.fromkeys(VIEWERS)

        def feed(deliveries: list[Delivery]) -> None:
            for delivery in deliveries:
                for viewer in VIEWERS:
                    bit = 1 << 4 if viewer is None else 1 << viewer
                    if delivery.audience & bit:
                        views[viewer] = apply(views[viewer], delivery.event, viewer)  # noqa: B023

        feed(table.start())
        steps = 0
        while True:
            for viewer in VIEWERS:
                expected = structs.replace(table.view(viewer), legal=())
                assert views[viewer] == expected, f"hand {hand} step {steps} viewer {viewer}"
            if table.ended:
                break
            seat = table.awaiting()[0]
            feed(table.step(seat, players[seat].choose(table.view(seat))))
            steps += 1


def test_events_before_a_hand_starts_change_nothing() -> None:
    event = HandStarted(1, 2, (2, 3, 0, 1), 0, (1000, 1000, 1000, 1000), 136, 0)
    view = new_hand(event, 1)
    assert view.phase == "roll" and view.current_seat == 2 and view.wall_left == 136
    assert apply(None, event.__class__(**structs.asdict(event)), None) is not None
