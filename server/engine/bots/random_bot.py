"""A bot that picks uniformly among the legal actions (for tests and as a weak opponent)."""

from __future__ import annotations

import random

from shared.actions import AnyAction
from shared.views import SeatView


class RandomBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView) -> AnyAction:
        legal = view.legal
        if not legal:
            raise ValueError("the bot has nothing to choose from")
        return self.rng.choice(legal)
