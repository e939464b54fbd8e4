"""A bot that picks uniformly among the legal actions (for tests and as a weak opponent)."""

from __future__ import annotations

import random

from shared.actions import AnyAction
from shared.views import SeatView


class RandomBot:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._getrandbits = rng.getrandbits if type(rng) is random.Random else None
        """A plain Random's own draw, for `choose`'s written-out choice; None for a Random
        of another kind, which may choose otherwise (its own `choice` is called)."""

    def choose(self, view: SeatView) -> AnyAction:
        legal = view.legal
        if not legal:
            raise ValueError("the bot has nothing to choose from")
        getrandbits = self._getrandbits
        if getrandbits is None:
            return self.rng.choice(legal)
        # `self.rng.choice(legal)` written out: CPython's `choice` and the
        # `_randbelow_with_getrandbits` it calls (Lib/random.py of Python 3.11), the same
        # `getrandbits(k)` calls in the same order, so a seed's choices are the ones they
        # were (tests/test_bot_levels.py holds it to `choice`). Why: compiled, this runs
        # as C where random.py's two calls run as Python, about a fifth of a random hand.
        n = len(legal)
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return legal[r]
