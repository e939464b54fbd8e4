"""What every computer player offers: an action chosen from a seat's view; and the
players by name."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from shared.actions import BOT_LEVELS, AnyAction
from shared.ruleset import Ruleset
from shared.views import SeatView


class Bot(Protocol):
    """A policy: given what its seat may see, pick one of the legal actions."""

    def choose(self, view: SeatView) -> AnyAction: ...


LEVELS = BOT_LEVELS
"""The levels a table's owner picks from, weakest first."""
BASELINES = ("competent", "greedy", "random")
"""Policies for benchmarks and tests: the table benchmark's player (competent.py, the
normal level until 2026-12-01: `gdmj-host --simulate --bots competent` plays it as it always
did), plain tile efficiency, and uniform random."""


def _makers() -> dict[str, Callable[[Ruleset, random.Random], Bot]]:
    from server.engine.bots.competent import CompetentBot
    from server.engine.bots.easy import EasyBot
    from server.engine.bots.greedy import GreedyBot
    from server.engine.bots.normal import NormalBot
    from server.engine.bots.random_bot import RandomBot
    from server.engine.bots.strong import StrongBot

    return {
        "easy": EasyBot,
        "normal": NormalBot,
        "strong": StrongBot,
        "competent": CompetentBot,
        "greedy": GreedyBot,
        "random": lambda rules, rng: RandomBot(rng),
    }


def bot_kind(name: str) -> str:
    """The policy a name stands for (the name itself, checked); ValueError naming the
    choices."""
    if name not in (*LEVELS, *BASELINES):
        raise ValueError(
            f"unknown computer player {name!r}; use one of {', '.join(LEVELS + BASELINES)}"
        )
    return name


def make_bot(name: str, rules: Ruleset, seed: int) -> Bot:
    """A computer player by level or baseline name, with its own seeded random stream."""
    return _makers()[bot_kind(name)](rules, random.Random(seed))
