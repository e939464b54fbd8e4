"""What every computer player offers: an action chosen from a seat's view."""

from __future__ import annotations

import random
from typing import Protocol

from shared.actions import AnyAction
from shared.ruleset import Ruleset
from shared.views import SeatView


class Bot(Protocol):
    """A policy: given what its seat may see, pick one of the legal actions."""

    def choose(self, view: SeatView) -> AnyAction: ...


def make_bot(kind: str, rules: Ruleset, seed: int) -> Bot:
    """A bot by name: `competent` or `random`."""
    from server.engine.bots.competent import CompetentBot
    from server.engine.bots.random_bot import RandomBot

    if kind == "competent":
        return CompetentBot(rules, random.Random(seed))
    if kind == "random":
        return RandomBot(random.Random(seed))
    raise ValueError(f"unknown bot kind {kind!r}; use competent or random")
