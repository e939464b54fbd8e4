"""The competent bot reads no more of a live view than its turn needs.

A live view (server/engine/live_view.py) builds every seat's public part, all four, each
time `seats` is read. The bot needs them only to defend (its hand two or more from
ready) or to check the minimum fan of a ready discard (its own seat's melds and
flowers); a turn one from ready needs neither. Before, every turn read them; now a turn
whose best discard leaves the hand one from ready reads none, and no turn reads them
twice. The best shanten of a turn is worked out here from `discard_table`, not from the
bot. Choices are unchanged: tests/test_engine_golden.py.
"""

from __future__ import annotations

import random
from typing import Any

from server.engine.bots import make_bot
from shared.actions import Discard
from shared.analysis import discard_table
from shared.ruleset import make_ruleset
from tests.support.table import scenario_seeded_hands


class _CountingView:
    """A live view that counts the reads of `seats` (everything else passed through)."""

    def __init__(self, view: Any) -> None:
        self._view = view
        self.seat_reads = 0

    @property
    def seats(self) -> Any:
        self.seat_reads += 1
        return self._view.seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


def test_a_turn_reads_the_seats_only_when_it_may_need_them() -> None:
    rules = make_ruleset({"preset": "jipinghu", "min_fan": 1})
    rng = random.Random("lean-seats")
    bots = [make_bot("competent", rules, rng.getrandbits(32)) for _ in range(4)]
    near_turns = 0
    for hand, table in enumerate(scenario_seeded_hands(rules, rng, 8)):
        while not table.ended:
            seat = table.awaiting()[0]
            live = table.live_view(seat)
            view = _CountingView(live)
            action = bots[seat].choose(view)  # type: ignore[arg-type]
            if live.phase == "turn" and isinstance(action, Discard):
                allowed = {a.tile for a in live.legal if isinstance(a, Discard)}
                counts = live.concealed_counts()
                rows = discard_table(counts, live.melds_laid())
                best = min(s for tile, s, _ in rows if tile in allowed)
                assert view.seat_reads <= 1
                if best == 1:
                    near_turns += 1
                    assert view.seat_reads == 0, f"hand {hand}: seats read one from ready"
            table.step(seat, action)
    assert near_turns > 20  # many turns one from ready were met
