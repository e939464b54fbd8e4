"""The greedy computer player: the ladder's baseline (bench_bots.py).

What a player who knows only tile efficiency does: discards the tile that leaves the hand
closest to ready (shanten), ties broken by the most live improving tiles (有效牌) and then
by letting go of honours and terminals first; claims a pung, kong or chow whenever it
brings the hand closer to ready; declares every win it may; never defends and never aims
at fan. Stronger levels have to beat it.
"""

from __future__ import annotations

import random

from server.engine.bots.hand_facts import (
    KEEP_VALUES,
    closest_claim,
    kong_no_further,
    obvious_choice,
)
from shared.actions import (
    AnyAction,
    Discard,
)
from shared.analysis import discard_table, shanten
from shared.ruleset import Ruleset
from shared.views import SeatView, unseen_counts


class GreedyBot:
    def __init__(self, rules: Ruleset, rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: SeatView) -> AnyAction:
        legal = view.legal
        plain = obvious_choice(view, legal)
        if plain is not None:
            return plain
        if view.phase == "turn":
            return self.turn(view, legal)
        return self.claim(view, legal)

    def ranked_discards(self, view: SeatView, legal: tuple[AnyAction, ...]) -> list[int]:
        """The legal discards, best first by (shanten, -live improving tiles, keep value)."""
        counts = view.concealed_counts()
        melds = view.melds_laid()
        unseen = unseen_counts(view.seats, counts)
        allowed = {a.tile for a in legal if a.__class__ is Discard}
        seven = self.rules.seven_pairs and melds == 0
        ranked = []
        for tile, s, better in discard_table(counts, melds):
            if tile not in allowed:
                continue
            if seven:
                counts[tile] -= 1
                s = shanten(counts, melds, True)
                counts[tile] += 1
            live = sum(unseen[k] for k in better) if better else 0
            ranked.append((s, -live, KEEP_VALUES[tile], int(tile)))
        ranked.sort()
        return [entry[3] for entry in ranked]

    def turn(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        counts = view.concealed_counts()
        melds = view.melds_laid()
        now = shanten(counts, melds, self.rules.seven_pairs and melds == 0)
        kong = kong_no_further(legal, counts, melds, now)
        if kong is not None:
            return kong
        return Discard(self.ranked_discards(view, legal)[0])

    def claim(self, view: SeatView, legal: tuple[AnyAction, ...]) -> AnyAction:
        return closest_claim(view, legal, self.rules.seven_pairs)
