"""Helpers for table tests: rigged hands built from notation, stepping with invariant checks.

Names are prefixed (`scenario_`) so that other test modules may add their own helpers here.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.engine.table import HandSetup, HandTable
from server.engine.wall import rig
from shared.actions import AnyAction, RollDice, Timeout
from shared.errors import IllegalAction
from shared.events import Delivery, Event
from shared.notation import parse_tiles
from shared.ruleset import make_ruleset


def scenario_tiles(text: str) -> list[int]:
    """Tiles as ints, in the order written: `scenario_tiles("12m 5z")` → [0, 1, 31]."""
    return [int(t) for t in parse_tiles(text.replace(" ", ""))]


def scenario_tile(text: str) -> int:
    (tile,) = scenario_tiles(text)
    return tile


def scenario_table(
    hands: list[str],
    draws: str = "",
    tail: str = "",
    *,
    dealer: int = 0,
    seed: int = 1,
    scores: tuple[int, int, int, int] = (1000, 1000, 1000, 1000),
    **options: Any,
) -> HandTable:
    """A started (not yet rolled) table on a rigged wall.

    `hands` by seat in notation (the dealer's holds 14, its last tile is the 14th);
    `draws`: head draws after the deal, in order; `tail`: horses then replacements.
    """
    rules = make_ruleset(options)
    wall = rig(
        dealer,
        [scenario_tiles(h) for h in hands],
        scenario_tiles(draws),
        scenario_tiles(tail),
        flowers=rules.flowers,
    )
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=seed,
            dealer=dealer,
            prevailing_wind=0,
            scores=scores,
            wall=wall,
        )
    )
    table.start()
    table.check_invariants()
    return table


def scenario_step(table: HandTable, seat: int, action: AnyAction) -> list[Delivery]:
    """One legal action, then the table's invariants."""
    out = table.step(seat, action)
    table.check_invariants()
    return out


def scenario_roll(table: HandTable) -> list[Delivery]:
    return scenario_step(table, table.setup.dealer, RollDice())


def scenario_started(*args: Any, **kwargs: Any) -> HandTable:
    """`scenario_table(...)` with the dice already rolled: the dealer is on turn."""
    table = scenario_table(*args, **kwargs)
    scenario_roll(table)
    return table


def scenario_events(out: list[Delivery], kind: type[Event]) -> list[Delivery]:
    """The deliveries of one event type, in order."""
    return [d for d in out if isinstance(d.event, kind)]


def scenario_snapshot(table: HandTable) -> tuple[Any, ...]:
    """Everything observable of a table: every seat's and a spectator's view and more."""
    return (
        tuple(table.view(s) for s in (0, 1, 2, 3, None)),
        tuple(table.awaiting()),
        tuple(tuple(table.legal_actions(s)) for s in range(4)),
        len(table.log),
        table.wall.left,
        table.result,
        tuple(table.scores),
    )


def scenario_assert_illegal(table: HandTable, seat: Any, action: Any) -> None:
    """The action raises IllegalAction and leaves every observable thing unchanged."""
    before = scenario_snapshot(table)
    with pytest.raises(IllegalAction):
        table.step(seat, action)
    assert scenario_snapshot(table) == before
    table.check_invariants()


def scenario_timeouts(table: HandTable, until: Any = None, limit: int = 1000) -> None:
    """Let the timer act for whoever the table waits for, until `until(table)` or the end."""
    for _ in range(limit):
        if table.ended or (until is not None and until(table)):
            return
        scenario_step(table, table.awaiting()[0], Timeout())
    raise AssertionError("the hand did not reach the expected state")


def scenario_seeded_hands(rules: Any, rng: Any, hands: int) -> Any:
    """`hands` started tables of consecutive hands from equal scores, each dealt from the
    next 64 bits of `rng` with the dealer moving round; one at a time, so that whatever the
    caller draws from `rng` in between keeps its place in the stream."""
    for hand in range(hands):
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=rng.getrandbits(64),
                dealer=hand % 4,
                prevailing_wind=0,
                scores=(rules.starting_score,) * 4,
                hand_number=hand + 1,
            )
        )
        table.start()
        yield table
