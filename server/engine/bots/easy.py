"""The easy computer player: a beginner's game that a beginner can beat.

It plays for tile efficiency like the greedy player, but slips the way people new to the
game do: now and then it lets go of a tile that is nearly as good instead of the best
one (never an absurd one: only among the discards that leave the hand at most one step
further from ready), it sometimes lets a useful pung or chow go by, and it never defends
or aims at fan. It declares every win it may: a beginner does not miss a win that is
shown to them. The slips come from its own seeded random stream, so a replay is exact.
"""

from __future__ import annotations

import random

from server.engine.bots.greedy import GreedyBot
from shared.actions import AnyAction, Discard, Pass
from shared.analysis import discard_table
from shared.ruleset import Ruleset
from shared.views import SeatView

SLIP_CHANCE = 0.3
"""How often a discard is a slip: one of the next few candidates instead of the best."""
SLIP_CANDIDATES = 4
"""The best discards a slip picks from (itself excluded)."""
MISSED_CLAIM_CHANCE = 0.35
"""How often a claim that would help is not seen."""


class EasyBot(GreedyBot):
    def __init__(self, rules: Ruleset, rng: random.Random) -> None:
        super().__init__(rules, rng)

    def turn(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        chosen = super().turn(view, legal)
        if not isinstance(chosen, Discard) or self.rng.random() >= SLIP_CHANCE:
            return chosen
        ranked = self.ranked_discards(view, legal)
        shanten_of = {
            int(tile): s for tile, s, _ in discard_table(view.concealed_counts(), view.melds_laid())
        }
        best = shanten_of[ranked[0]]
        near = [t for t in ranked[1 : 1 + SLIP_CANDIDATES] if shanten_of[t] <= best + 1]
        return Discard(self.rng.choice(near)) if near else chosen

    def claim(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        chosen = super().claim(view, legal)
        if not isinstance(chosen, Pass) and self.rng.random() < MISSED_CLAIM_CHANCE:
            return Pass()
        return chosen
