"""A refused action says why, from the legality check itself, and tells the seat nothing
its own view does not show (no seat numbers, no tiles, no counts).

At every step of seeded hands, every seat tries every action of every kind: the table
refuses exactly those not in `legal_actions(seat)`, with a reason free of digits and of
other seats' business, and changes nothing when it refuses.
"""

from __future__ import annotations

import random
import re

import pytest

from server.engine.bots import make_bot
from server.engine.table import SEATS, HandSetup, HandTable
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    Pung,
    RollDice,
)
from shared.errors import IllegalAction
from shared.ruleset import make_ruleset
from shared.tiles import KINDS

EVERY_ACTION: tuple[AnyAction, ...] = (
    RollDice(),
    DeclareWin(),
    Pass(),
    Pung(),
    ClaimKong(),
    *(Discard(k) for k in range(KINDS)),
    *(Chow(k) for k in range(27)),
    *(ConcealedKong(k) for k in range(KINDS)),
    *(AddedKong(k) for k in range(KINDS)),
)
LEAKY = re.compile(r"\d|seat|waiting|[一-龥]")
"""Digits (seat numbers, counts, tiles by number), seats, who is waited for, tile names."""


@pytest.mark.parametrize("options", [{}, {"flowers": True, "min_fan": 0}])
def test_every_refusal_agrees_with_the_legal_list_and_leaks_nothing(options) -> None:
    rules = make_ruleset(options)
    rng = random.Random(2024)
    reasons: set[str] = set()
    for hand in range(6):
        table = HandTable(
            HandSetup(rules, rng.getrandbits(64), hand % SEATS, 0, (1000, 1000, 1000, 1000))
        )
        table.start()
        bots = [make_bot("random", rules, rng.getrandbits(32)) for _ in range(SEATS)]
        steps = 0
        while not table.ended and steps < 400:
            for seat in range(SEATS):
                legal = table.legal_actions(seat)
                before = table.view(seat)
                for action in EVERY_ACTION:
                    if action in legal:
                        continue
                    with pytest.raises(IllegalAction) as refused:
                        table.step(seat, action)
                    reason = str(refused.value)
                    assert not LEAKY.search(reason), (seat, action, reason)
                    reasons.add(reason)
                assert table.view(seat) == before, "a refusal changed the table"
            seat = table.awaiting()[0]
            table.step(seat, bots[seat].choose(table.live_view(seat)))
            steps += 1
    # The reasons say why, case by case, rather than one line for everything.
    assert len(reasons) >= 8, sorted(reasons)
    assert "it is not your turn" in reasons
    assert "you do not hold that tile" in reasons
