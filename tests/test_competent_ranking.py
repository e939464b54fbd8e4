"""The competent bot's discard ranking, made lean, still puts first what the plain ranking
does: every ready discard checked against the minimum fan, the live improving tiles
summed over `discard_table`'s kinds, the unseen tiles recounted from the seat's view.

The reference below is that plain ranking, written out here from the public rules
functions (not from the bot), and compared with the bot's head at every turn of seeded
hands whose minimum fan makes many ready hands undeclarable.
"""

from __future__ import annotations

import random
from itertools import chain, repeat

import pytest

from server.engine.bots import make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.bots.hand_facts import KEEP_VALUES
from shared.actions import Discard
from shared.analysis import discard_table, waits
from shared.fan import score_hand
from shared.notation import Hand
from shared.patterns import WinContext
from shared.ruleset import Ruleset, make_ruleset
from shared.tiles import KIND_TILES, Tile
from shared.views import TableView, unseen_counts
from tests.support.table import scenario_seeded_hands


def _declarable(view: TableView, counts: list[int], rules: Ruleset) -> bool:
    """Whether a win on some wait of the 13 tiles `counts`, by discard or self-draw,
    reaches the minimum fan."""
    assert view.seat is not None
    own = view.seats[view.seat]
    placed = tuple(m.meld() for m in own.melds)
    concealed = tuple(chain.from_iterable(map(repeat, KIND_TILES, counts)))
    for wait in waits(counts, len(placed), rules.seven_pairs):
        hand = Hand(concealed, placed, wait, tuple(Tile(f) for f in own.flowers))  # type: ignore[arg-type]
        for self_drawn in (False, True):
            context = WinContext(
                self_drawn=self_drawn,
                seat_wind=view.seat_winds[view.seat],
                prevailing_wind=view.prevailing_wind,
                flowers=len(own.flowers),
            )
            if score_hand(hand, context, rules).can_declare:
                return True
    return False


def _plain_head(view: TableView, rules: Ruleset) -> tuple[tuple[int, int, int], int]:
    counts = view.concealed_counts()
    melds = view.melds_laid()
    unseen = unseen_counts(view.seats, counts)
    allowed = {a.tile for a in view.legal if isinstance(a, Discard)}
    rows = [row for row in discard_table(counts, melds) if row[0] in allowed]
    low = min(s for _, s, _ in rows)
    ranked = []
    for tile, s, better in rows:
        if s > low + 1:
            continue
        if s == 0:
            counts[tile] -= 1
            if not _declarable(view, counts, rules):
                s = 1
            counts[tile] += 1
        live = sum(unseen[k] for k in better) if better and s == low else 0
        ranked.append(((s, -live, KEEP_VALUES[tile]), int(tile)))
    return min(ranked)


@pytest.mark.parametrize("min_fan", [1, 3])
def test_the_bots_best_discard_is_the_plain_rankings(min_fan: int) -> None:
    rules = make_ruleset({"preset": "jipinghu", "min_fan": min_fan})
    rng = random.Random(f"ranking-{min_fan}")
    bots = [make_bot("competent", rules, rng.getrandbits(32)) for _ in range(4)]
    ready_turns = 0
    for hand, table in enumerate(scenario_seeded_hands(rules, rng, 12)):
        while not table.ended:
            seat = table.awaiting()[0]
            view = table.view(seat)
            if view.phase == "turn" and any(isinstance(a, Discard) for a in view.legal):
                bot = bots[seat]
                assert isinstance(bot, CompetentBot)
                counts = view.concealed_counts()
                discards = sorted({a.tile for a in view.legal if isinstance(a, Discard)})
                head = bot._rank_discards(
                    view, counts, view.melds_laid(), view.unseen_counts(), discards
                )[0]
                expected = _plain_head(view, rules)
                assert head == expected, f"hand {hand}, seat {seat}, hand {view.hand}"
                ready_turns += expected[0][0] <= 1
            table.step(seat, bots[seat].choose(table.live_view(seat)))
    assert ready_turns > 20  # the check met many hands near ready, not a few
