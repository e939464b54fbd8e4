"""Fan counting (算番): one generic loop over a preset's pattern table, highest reading wins."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from shared.analysis import (
    chow_counts,
    is_seven_pairs,
    is_standard_win,
    is_thirteen_orphans,
    shanten,
)
from shared.errors import MahjongError
from shared.melds import MeldKind
from shared.notation import Hand
from shared.patterns import PATTERNS, Check, Form, HandFacts, Shape, WinContext
from shared.ruleset import Preset, Ruleset


class PatternScore(msgspec.Struct, frozen=True):
    """A pattern counted in a hand, with the fan it adds (0 for a floor or chicken hand)."""

    id: str
    fan: int


class Score(msgspec.Struct, frozen=True, omit_defaults=True):
    """The result of scoring a hand: its fan, patterns, whether it may be declared, its points.

    `points` is what one payer owes for this win (RULES.md §6.5: base × 2^fan, plus the
    preset's self-drawn base bonus), before liability, several winners and horses.
    """

    win: bool
    fan: int = 0
    raw_fan: int = 0
    patterns: tuple[PatternScore, ...] = ()
    can_declare: bool = False
    points: int = 0
    shanten: int | None = None


@dataclass(frozen=True, slots=True)
class _Row:
    id: str
    fan: int
    kind: str
    excludes: frozenset[str]
    excludes_all: bool
    check: Check
    order: int


@dataclass(frozen=True, slots=True)
class _Plan:
    """A preset's table made ready for counting: rows by fan, highest first."""

    rows: tuple[_Row, ...]
    fallback: _Row | None


_plans: dict[int, tuple[Preset, _Plan]] = {}


def _plan(preset: Preset) -> _Plan:
    cached = _plans.get(id(preset))
    if cached is not None and cached[0] is preset:
        return cached[1]
    rows = [
        _Row(
            r.id,
            r.fan,
            r.kind,
            frozenset(r.excludes),
            "*" in r.excludes,
            PATTERNS[r.id].check,
            order,
        )
        for order, r in enumerate(preset.patterns)
    ]
    fallback = next((r for r in rows if r.kind == "fallback"), None)
    ordered = sorted((r for r in rows if r.kind != "fallback"), key=lambda r: (-r.fan, r.order))
    plan = _Plan(tuple(ordered), fallback)
    _plans[id(preset)] = (preset, plan)
    return plan


_Counted = tuple[int, int, list[tuple[_Row, int]]]


def _count(facts: HandFacts, shape: Shape, rules: Ruleset) -> _Counted:
    """(fan, raw_fan, counted rows with multiplicity) of one reading."""
    plan = _plan(rules.preset)
    counting = rules.preset.counting
    kept: list[tuple[_Row, int]] = []
    excluded: set[str] = set()
    for row in plan.rows:
        if row.id in excluded:
            continue
        n = row.check(facts, shape)
        if not n:
            continue
        kept.append((row, int(n)))
        if row.excludes_all:
            kept = [(row, int(n))]
            break
        excluded |= row.excludes
    hands = [(r, n) for r, n in kept if r.kind in ("small", "big")]
    if not hands and plan.fallback is not None:
        kept.append((plan.fallback, 1))
    bigs = [(r, n) for r, n in kept if r.kind == "big"]
    floors = [r for r, _ in kept if r.kind == "floor"]
    if counting.method == "highest_big" and bigs:
        top = bigs[0]  # rows are ordered by fan, highest first
        kept = [top] + [(r, n) for r, n in kept if r.kind == "floor"]
        raw = top[0].fan
        fan = raw
    else:
        raw = sum(r.fan * n for r, n in kept if r.kind != "floor")
        if counting.method == "burst" and bigs:
            fan = raw if raw >= counting.burst else counting.cap
        else:
            fan = min(raw, counting.cap)
    for floor in floors:
        fan = max(fan, floor.fan)
    kept.sort(key=lambda item: item[0].order)
    return fan, raw, kept


def shapes_of(hand: Hand, seven_pairs: bool) -> list[Shape]:
    """Every scoring-relevant reading of a complete hand (empty when it is not complete)."""
    counts = hand.counts()
    melds = hand.melds
    shapes: list[Shape] = []
    if is_standard_win(counts):
        exposed_chows = sum(1 for m in melds if m.kind is MeldKind.CHOW)
        for c in sorted(chow_counts(counts)):
            chows = c + exposed_chows
            shapes.append(Shape(Form.STANDARD, chows, 4 - chows))
    if not melds and is_thirteen_orphans(counts):
        shapes.append(Shape(Form.THIRTEEN_ORPHANS))
    if not melds and seven_pairs and is_seven_pairs(counts):
        shapes.append(Shape(Form.SEVEN_PAIRS))
    return shapes


def score_hand(hand: Hand, context: WinContext, rules: Ruleset) -> Score:
    """Score a complete hand of 14 (kongs as 3) by its highest reading; non-wins say so."""
    size = len(hand.concealed_with_win) + 3 * len(hand.melds)
    if size != 14:
        raise MahjongError(
            f"a winning hand holds 14 tiles counting each kong as 3, not {size}: {hand}"
        )
    shapes = shapes_of(hand, rules.seven_pairs)
    if not shapes:
        return Score(
            win=False,
            shanten=shanten(hand.counts(), len(hand.melds), rules.seven_pairs),
        )
    facts = HandFacts(hand.counts(), hand.melds, context, rules.preset.earthly_hand_on_discard)
    fan, raw, kept = max(
        (_count(facts, shape, rules) for shape in shapes), key=lambda r: (r[0], r[1])
    )
    points = rules.base * 2**fan
    has_big = any(r.kind == "big" for r, _ in kept)
    if context.self_drawn and not has_big:
        points += rules.preset.self_drawn_base_bonus * rules.base
    return Score(
        win=True,
        fan=fan,
        raw_fan=raw,
        patterns=tuple(PatternScore(r.id, 0 if r.kind == "floor" else r.fan * n) for r, n in kept),
        can_declare=fan >= rules.min_fan,
        points=points,
    )
