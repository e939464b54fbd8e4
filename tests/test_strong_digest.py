"""The strong player made cheaper without a choice changed
(docs/decisions/0005-decision-time.md): every decision of 40 seeded hands of each pairing
hashes to what the player before the change chose (recorded as below); and the work it
shared between the candidates of one decision is done once."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import server.engine.bots.strong as strong
from server.engine.bots.strong import StrongBot
from shared.ruleset import make_ruleset
from tests.support.seat_views import seat, turn
from tests.support.strong_digest import strong_digest

BEFORE = {
    "strong_vs_normal": (
        "2453f7b28dc1e1a208af405d19698910ceffafa1f318d895827dc720f1579437",
        660,
    ),
    "strong_vs_greedy": (
        "27788fcb11b09a75728ba3e38c90a9a5734b2156279689035189c4ae0d4ba001",
        533,
    ),
    "four_strong": ("cca2f0763395e3487a82895bc7efeece91fa584bccbb2a9ab0662346492f935d", 2570),
}
"""`python -m tests.support.strong_digest --hands 40`: first recorded on commit 0b33ad4, before
the strong player was made cheaper (which left every digest as it was); recorded again
when its choices were changed on purpose — the tile reading fitted (danger.py
`WAIT_WEIGHTS`), the step discount made to fade under pressure (strong.py
`PRESSED_DISCOUNT`) and the opponent's ready shapes read as a whole (whole_hand.py
`SHAPES_BLEND`, blended into danger.py's `wait_chance`), and the tiles let go from the
hand read for the waits once 摸切 was made public (danger.py `WAIT_WEIGHTS`' `chose…`
facts, fitted again), the danger weighed steeper, a share of it while calm (strong.py
`DANGER_CONTRAST`, `CALM_SHARE`), and a ready hand's wait read steeply by its live tiles
(strong.py `READY_POWER`), and the fan of a claimed honour pung counted (strong.py
`hand_worth`'s `claimed`) with the alarm earlier (`ALARM_FROM`). A deliberate change of the
player's choices records them anew; a change for speed must leave them."""


RULES = make_ruleset({})


@pytest.mark.parametrize("pairing", sorted(BEFORE))
def test_every_choice_is_the_one_made_before(pairing: str) -> None:
    assert strong_digest(pairing, 40) == BEFORE[pairing]


def test_a_flush_form_is_worked_out_once_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A discard of a dots or bamboo tile leaves the characters and the honours as they
    were: the 混一色 form in characters is the same for all those discards, and the
    decision asks for it once (it asked once per candidate)."""
    asked: Counter[tuple[bytes, str]] = Counter()
    real = strong.shanten_within

    def counting(counts: list[int], melds: int, groups: str) -> int:  # shanten_within
        suit = "mps".index(groups[0])
        asked[bytes(counts[9 * suit : 9 * suit + 9]) + bytes(counts[27:]), groups] += 1
        return real(counts, melds, groups)

    view = turn("1245m 368p 2479s 12z", "5s", (seat(), seat(), seat()), wall=70)
    monkeypatch.setattr(strong, "shanten_within", counting)
    StrongBot(RULES, random.Random(0)).choose(view)
    assert asked, "the decision weighed no flush"
    assert max(asked.values()) == 1, asked.most_common(3)


def test_what_a_set_of_patterns_pays_is_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fan of the patterns a form hopes for is the preset's: the same patterns asked
    again are not counted again (they were, hundreds of times a decision)."""
    counted: Counter[tuple[tuple[str, int], ...]] = Counter()
    real = strong.fan_of_patterns

    def counting(rules: object, patterns: dict[str, int]) -> int:
        counted[tuple(sorted(patterns.items()))] += 1
        return real(RULES, patterns)

    view = turn("1245m 368p 2479s 12z", "5s", (seat(), seat(), seat()), wall=70)
    bot = StrongBot(RULES, random.Random(0))
    monkeypatch.setattr(strong, "fan_of_patterns", counting)
    bot.choose(view)
    assert counted, "the decision counted no fan"
    assert max(counted.values()) <= 2, counted.most_common(3)  # hoped, then certain
