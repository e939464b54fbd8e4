"""Bare loops that bound what any table engine in this Python can reach on this machine.

tests/bench/bench_table.py measures them in the same run as the engine, so its ratios hold on a
noisy machine. Each leaves out most of the engine's work, so each is a ceiling. (The one
thing the bare random loop does that the engine saves, asking again after every discard
whether each other seat is one tile from complete, costs four dictionary look-ups for a
random hand; the engine keeps the answer until the seat's hand changes.)

- `bare_random_hands`: random-bot hands with nothing but the game's flow. A shuffled
  wall, the deal, draws from the head, a uniform choice among the distinct tiles held
  (and the win, when the drawn tile completes the hand), then for each other seat a
  uniform choice among win (when the discard completes its hand), pung, chow and pass,
  carried out by priority. No validation, events, log, views, scoring, kongs or flowers.
  The win tests are the engine's own quick filters (shared.groups) and analysis.
- `bare_analysis_decisions`: the analysis one competent discard needs and nothing else.
  Four seats draw in turn from a shuffled wall, with no claims; each draw is checked for
  a win (`is_win`), then `discard_table` gives every discard's shanten and improving
  tiles, and the seat lets go of the tile with the lowest shanten and the most improving
  kinds. The time per decision, times the competent engine's discards per hand, is a
  ceiling for any engine whose competent bot weighs its discards by shanten and
  improving tiles with this analysis.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from itertools import compress

from server.engine.claims import chow_starts
from server.engine.wall import full_set
from shared.analysis import discard_table, is_win, wait_kinds
from shared.groups import (
    MOVES,
    NEIGHBOURS,
    group_ids,
    may_be_ready,
    may_be_win,
    moved,
)
from shared.tiles import KINDS

_KINDS = range(KINDS)
_NEXT = (1, 2, 3, 0)
_WIN = -1
_PASS = -2
_PUNG = -3


class Rates:
    """Rates of a timed run with `hands`, `actions` and `cpu` (seconds of CPU time)."""

    hands: int
    actions: int
    cpu: float

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.cpu if self.cpu else 0.0

    @property
    def actions_per_hand(self) -> float:
        return self.actions / self.hands if self.hands else 0.0

    @property
    def us_per_action(self) -> float:
        return 1e6 * self.cpu / self.actions if self.actions else 0.0


@dataclass
class Bare(Rates):
    hands: int
    actions: int
    cpu: float


def _deal(rng: random.Random, dealer: int) -> tuple[list[int], list[list[int]]]:
    wall = full_set(False)
    rng.shuffle(wall)
    hands = [[0] * KINDS for _ in range(4)]
    head = 0
    for seat in range(4):
        size = 14 if seat == dealer else 13
        for tile in wall[head : head + size]:
            hands[seat][tile] += 1
        head += size
    return wall[head:], hands


def _move(ids: list[int], tile: int, n: int) -> None:
    """One tile in or out of a hand's group ids, as SeatState.add does it."""
    g, out_bits, in_bits = MOVES[tile]
    found = NEIGHBOURS.get(ids[g] << 5 | (in_bits if n > 0 else out_bits))
    if found is None:
        moved(ids, tile, n)
    else:
        ids[g] = found


def _random_hand(rng: random.Random, dealer: int) -> int:
    """One hand of four random players; returns the number of choices made."""
    choice = rng.choice
    wall, hands = _deal(rng, dealer)
    codes = [list(group_ids(counts)) for counts in hands]
    melds = [0, 0, 0, 0]
    actions = 0
    head = 0
    seat = dealer
    drew = True
    while True:
        counts = hands[seat]
        options: list[int] = list(compress(_KINDS, counts))
        if drew and may_be_win(codes[seat], melds[seat], False) and is_win(counts, melds[seat]):
            options.append(_WIN)
        tile = choice(options)
        actions += 1
        if tile == _WIN:
            return actions
        counts[tile] -= 1
        _move(codes[seat], tile, -1)
        last = head == len(wall)
        claim: tuple[int, int] | None = None
        other = _NEXT[seat]
        while other != seat:
            held = hands[other]
            answers: list[int] = []
            if may_be_ready(codes[other], melds[other], False) and tile in wait_kinds(
                held, melds[other]
            ):
                answers.append(_WIN)
            if not last:
                if held[tile] >= 2:
                    answers.append(_PUNG)
                if other == _NEXT[seat] and tile < 27:
                    answers.extend(chow_starts(held, tile))
            if answers:
                answers.append(_PASS)
                answer = choice(answers)
                actions += 1
                if answer == _WIN:
                    return actions
                if answer != _PASS and (claim is None or answer == _PUNG):
                    claim = (other, answer)
            other = _NEXT[other]
        if claim is not None:
            seat, answer = claim
            held, group = hands[seat], codes[seat]
            taken = (tile, tile) if answer == _PUNG else (answer, answer + 1, answer + 2)
            for t in taken:
                if answer == _PUNG or t != tile:
                    held[t] -= 1
                    _move(group, t, -1)
            melds[seat] += 1
            drew = False
            continue
        if last:
            return actions
        seat = _NEXT[seat]
        tile = wall[head]
        head += 1
        hands[seat][tile] += 1
        _move(codes[seat], tile, 1)
        drew = True


def bare_random_hands(n: int, seed: int) -> Bare:
    """Play `n` bare random hands (the dealer moving round); only the loop is timed."""
    rng = random.Random(seed)
    cpu = time.process_time()
    actions = sum(_random_hand(rng, i % 4) for i in range(n))
    return Bare(n, actions, time.process_time() - cpu)


def _analysis_hand(rng: random.Random, dealer: int) -> int:
    """Draw-and-discard by `discard_table` until a win or the wall runs out; returns the
    number of discard decisions."""
    wall, hands = _deal(rng, dealer)
    decisions = 0
    seat = dealer
    head = 0
    while True:
        counts = hands[seat]
        if is_win(counts):
            return decisions
        rows = discard_table(counts)
        best = min(rows, key=lambda row: (row[1], -len(row[2] or ())))
        decisions += 1
        counts[best[0]] -= 1
        if head == len(wall):
            return decisions
        seat = _NEXT[seat]
        hands[seat][wall[head]] += 1
        head += 1


def bare_analysis_decisions(n: int, seed: int) -> Bare:
    """`n` bare hands of analysis-chosen discards; `actions` counts the decisions."""
    rng = random.Random(seed)
    cpu = time.process_time()
    decisions = sum(_analysis_hand(rng, i % 4) for i in range(n))
    return Bare(n, decisions, time.process_time() - cpu)
