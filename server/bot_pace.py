"""How long a computer player "thinks" before it acts, at the table's pace.

At the natural pace it takes as long as a person might: 0.8–1.6 s for a plain move, longer
(1.3–2.5 s) for a weighed one, and never more than half the timer of the wait, so a short
timer is never nearly spent by a computer player. At the quick pace it acts after the
host's fixed short delay (RoomConfig.bot_delay), as it always did.

A move is weighed when the computer player has a real decision beyond its plain default:
answering a claim window with a claim on offer (吃/碰/杠/胡 or pass), or, on its turn, a
kong or a win to take or let go. The bots' own scores of near-equal discards would say
more, but they are inside each bot; the legal actions are what the host knows for any bot.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shared.actions import AnyAction, Discard, Pass, RollDice

NATURAL_PLAIN = (0.8, 1.6)
"""Seconds of thought for a plain move (a discard, a roll, continuing after a hand)."""
NATURAL_WEIGHED = (1.3, 2.5)
"""Seconds of thought for a claim or a close choice (see the module's docstring)."""


def weighed(legal: Sequence[AnyAction]) -> bool:
    """Whether the choice among `legal` is more than the plain move: a claim to answer,
    or a kong or a win on one's turn."""
    return any(not isinstance(action, (Discard, Pass, RollDice)) for action in legal) and any(
        isinstance(action, (Discard, Pass)) for action in legal
    )


def natural_delay(rng: random.Random, *, weighty: bool, timer_seconds: float) -> float:
    """A person's thinking time for a move (`weighty`: a claim or a close choice), at most
    half of `timer_seconds` when the wait has a timer (0: none)."""
    low, high = NATURAL_WEIGHED if weighty else NATURAL_PLAIN
    delay = rng.uniform(low, high)
    if timer_seconds > 0:
        delay = min(delay, timer_seconds / 2)
    return delay
