"""The competent bot's glue around the analysis made lean (tests/bench/README.md, "The
competent glue made lean"), choices unchanged.

- A turn builds the whole ranking (a tuple of tuples per discard, sorted) only when it
  checks the minimum fan of a ready discard or defends; otherwise it reads the head
  straight from `discard_ranking`'s rows, which must be the plain ranking's head.
- On a live view, the minimum-fan check and the claims read the bot's own seat only
  (`LiveView.own_public`), never `seats`, which builds all four.

Both count calls on the pure classes (a compiled class cannot be patched), so they run on
the pure tree; the choices themselves are held on both by tests/test_engine_golden.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from server.engine import live_view
from server.engine.bots import make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.live_view import LiveView
from server.engine.table import HandTable
from shared.actions import Discard
from shared.analysis import discard_table
from shared.ruleset import make_ruleset
from tests.support.table import scenario_seeded_hands
from tests.test_competent_ranking import _plain_head

pytestmark = pytest.mark.skipif(
    not live_view.__file__.endswith(".py"), reason="counts calls on the pure classes"
)


def _turns(min_fan: int, seed: str, hands: int) -> Iterator[tuple[HandTable, int, CompetentBot]]:
    """Every step of seeded hands of four competent bots: (table, seat to act, its bot);
    the caller lets the bot choose and steps the table."""
    rules = make_ruleset({"preset": "jipinghu", "min_fan": min_fan})
    rng = random.Random(seed)
    bots = [make_bot("competent", rules, rng.getrandbits(32)) for _ in range(4)]
    for table in scenario_seeded_hands(rules, rng, hands):
        while not table.ended:
            seat = table.awaiting()[0]
            bot = bots[seat]
            assert isinstance(bot, CompetentBot)
            yield table, seat, bot


def _best_shanten(table: HandTable, seat: int) -> int:
    view = table.view(seat)
    allowed = {a.tile for a in view.legal if isinstance(a, Discard)}
    rows = discard_table(view.concealed_counts(), view.melds_laid())
    return min(s for tile, s, _ in rows if tile in allowed)


def test_a_turn_near_ready_takes_the_plain_head_without_ranking_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ranked_calls = 0
    original = CompetentBot._ranked

    def counting(self: CompetentBot, *args: object) -> object:
        nonlocal ranked_calls
        ranked_calls += 1
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(CompetentBot, "_ranked", counting)
    checked = 0
    for table, seat, bot in _turns(0, "glue-head", 10):
        view = table.view(seat)
        near = view.phase == "turn" and _best_shanten(table, seat) <= 1
        expected = _plain_head(view, bot.rules)[1] if near else None
        before = ranked_calls
        action = bot.choose(table.live_view(seat))
        if near and isinstance(action, Discard):
            assert ranked_calls == before, "a turn near ready ranked every discard"
            assert action.tile == expected
            checked += 1
        table.step(seat, action)
    assert checked > 50


def test_the_fan_checks_and_claims_read_only_the_own_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = 0
    original = LiveView.seats

    def counting(self: LiveView) -> object:
        nonlocal reads
        reads += 1
        return original.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(LiveView, "seats", property(counting))
    ready_turns = claims = 0
    for table, seat, bot in _turns(1, "glue-seats", 10):
        phase = table.phase_name
        best = _best_shanten(table, seat) if phase == "turn" else None
        before = reads
        action = bot.choose(table.live_view(seat))
        if phase == "claim":
            assert reads == before, "a claim read every seat"
            claims += 1
        elif best is not None and best <= 1:
            assert reads == before, "a turn near ready (its fan checked) read every seat"
            ready_turns += best == 0
        else:
            assert reads - before <= 1
        table.step(seat, action)
    assert ready_turns > 20 and claims > 20
