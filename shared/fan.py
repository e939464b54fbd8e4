"""Fan counting (算番): one generic loop over a preset's pattern table, highest reading wins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shared.analysis import is_seven_pairs, is_thirteen_orphans, shanten
from shared.errors import MahjongError
from shared.groups import group_ids, honor_facts, suit_facts
from shared.melds import Meld, MeldKind
from shared.memo import named_memo, remember
from shared.notation import Hand
from shared.patterns import (
    PATTERNS,
    STANDARD_SHAPES,
    Check,
    Form,
    HandFacts,
    PatternScore,
    Score,
    Shape,
    WinContext,
)
from shared.ruleset import Preset, Ruleset
from shared.tiles import FIRST_HONOR, KINDS


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
    return _count_rows(rules, lambda row: row.check(facts, shape))


def fan_of_patterns(rules: Ruleset, patterns: dict[str, int]) -> int:
    """The fan a win with these patterns (id -> how many times, e.g. two dragon pungs)
    would count under these rules: the preset's exclusions, its fallback (鸡和) when no
    hand pattern is given, its cap and burst, as `score_hand` counts them. For a player
    weighing which hand to aim at; patterns the preset does not have count nothing."""
    return _count_rows(rules, lambda row: patterns.get(row.id, 0))[0]


def _count_rows(rules: Ruleset, matches: Callable[[_Row], int]) -> _Counted:
    """(fan, raw_fan, counted rows) given how many times each row of the preset applies."""
    plan = _plan(rules.preset)
    counting = rules.preset.counting
    kept: list[tuple[_Row, int]] = []
    excluded: set[str] = set()
    alone = False
    for row in plan.rows:
        if row.id in excluded or (alone and row.kind != "floor"):
            continue
        n = matches(row)
        if not n:
            continue
        if row.excludes_all:
            # Counted alone: what came before goes, only special-win floors still follow.
            kept = [(r, c) for r, c in kept if r.kind == "floor"]
            alone = True
        kept.append((row, int(n)))
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


_TileFacts = tuple[int, bool, bool, bool, int, int | None, bool, int]
"""HandFacts' arguments that the tiles decide: suits, honors, simples, terminals, honor
pungs, honor pair, nine gates, kongs (the context and the preset add the rest)."""


def _tile_facts(
    counts: bytes, melds: tuple[Meld, ...], seven_pairs: bool
) -> tuple[_TileFacts, tuple[Shape, ...]]:
    """The tile-decided facts of a 14-tile hand (`counts` with the winning tile, `melds`
    laid down) and its winning readings (none when it is no win). A win's context does
    not enter, so a caller weighing one hand under several contexts works this out once."""
    m, p, s, h = group_ids(counts)
    # The three suits spelt out, not looped: this runs for every win weighed.
    mf, pf, sf = suit_facts(m), suit_facts(p), suit_facts(s)
    honor = honor_facts(h)
    suits = (1 if mf[0] else 0) | (2 if pf[0] else 0) | (4 if sf[0] else 0)
    # an absent suit has neither simples nor terminals
    simples = mf[1] or pf[1] or sf[1]
    terminals = mf[2] or pf[2] or sf[2]
    honors = honor[0]
    honor_pungs = honor[1]
    kongs = exposed_chows = 0
    for meld in melds:
        first = meld.tiles[0]
        if first >= FIRST_HONOR:
            honors = True
            honor_pungs |= 1 << (first - FIRST_HONOR)
        else:
            suits |= 1 << (first // 9)
            rank = first % 9
            if meld.kind is MeldKind.CHOW:
                exposed_chows += 1
                simples = True
                terminals = terminals or rank in (0, 6)
            elif rank in (0, 8):
                terminals = True
            else:
                simples = True
        if meld.kind is MeldKind.KONG:
            kongs += 1
    shapes: list[Shape] = []
    if (
        honor[3]
        and mf[3]
        and pf[3]
        and sf[3]
        and honor[4] + mf[4] + pf[4] + sf[4] == 1
    ):
        m_chows, p_chows, s_chows = mf[5], pf[5], sf[5]
        if len(m_chows) == len(p_chows) == len(s_chows) == 1:
            total = exposed_chows + min(m_chows) + min(p_chows) + min(s_chows)
            shapes.append(STANDARD_SHAPES[total])
        else:
            totals = {exposed_chows + a + b + c for a in m_chows for b in p_chows for c in s_chows}
            shapes.extend(STANDARD_SHAPES[t] for t in sorted(totals))
    nine_gates = False
    if not melds:
        if not simples and is_thirteen_orphans(counts):
            shapes.append(Shape(Form.THIRTEEN_ORPHANS))
        if seven_pairs and is_seven_pairs(counts):
            shapes.append(Shape(Form.SEVEN_PAIRS))
        nine_gates = not honors and suits in (1, 2, 4) and (mf, pf, sf)[suits >> 1][6]
    facts = (suits, honors, simples, terminals, honor_pungs, honor[2], nine_gates, kongs)
    return facts, tuple(shapes)


_SCORE_MEMO_LIMIT = 16_000
_score_memo: dict[tuple[object, ...], tuple[Ruleset, Score]] = named_memo(
    "fan.score", {}, _SCORE_MEMO_LIMIT
)


def score_hand(hand: Hand, context: WinContext, rules: Ruleset) -> Score:
    """Score a complete hand of 14 (kongs as 3) by its highest reading; non-wins say so.

    Scores are cached on the hand's facts (not on its tiles): hands alike in every fact
    a pattern looks at score alike.
    """
    # (not `concealed_with_win`, which makes a new tuple each time)
    size = len(hand.concealed) + (hand.winning_tile is not None) + 3 * len(hand.melds)
    if size != 14:
        raise MahjongError(
            f"a winning hand holds 14 tiles counting each kong as 3, not {size}: {hand}"
        )
    return _score_counts(hand.count_bytes, hand.melds, context, rules)


def score_counts(
    counts: bytes, melds: tuple[Meld, ...], context: WinContext, rules: Ruleset
) -> Score:
    """`score_hand` of the hand whose concealed tiles with the winning tile have these 34
    counts and whose laid-down sets are `melds`: the same answer without a `Hand` (no
    tiles to sort or count), for a player weighing many wins a turn."""
    _check_size(counts, melds)
    return _score_counts(counts, melds, context, rules)


def any_declarable(
    counts: bytes,
    melds: tuple[Meld, ...],
    contexts: tuple[WinContext, ...],
    rules: Ruleset,
) -> bool:
    """Whether this 14-tile hand wins and may be declared (`min_fan`) under one of
    `contexts`, as `score_counts(...).can_declare` for each would say; the tiles' facts
    are worked out once for all of them."""
    _check_size(counts, melds)
    tile_facts, shapes = _tile_facts(counts, melds, rules.seven_pairs)
    if not shapes:
        return False
    return any(_scored(tile_facts, shapes, c, rules).can_declare for c in contexts)


def _check_size(counts: bytes, melds: tuple[Meld, ...]) -> None:
    size = sum(counts) + 3 * len(melds)
    if len(counts) != KINDS or size != 14:
        raise MahjongError(
            f"a winning hand holds 14 tiles counting each kong as 3 in {KINDS} counts, not "
            f"{size} in {len(counts)}"
        )


def _score_counts(
    counts: bytes, melds: tuple[Meld, ...], context: WinContext, rules: Ruleset
) -> Score:
    tile_facts, shapes = _tile_facts(counts, melds, rules.seven_pairs)
    if not shapes:
        return Score(win=False, shanten=shanten(counts, len(melds), rules.seven_pairs))
    return _scored(tile_facts, shapes, context, rules)


def _scored(
    tile_facts: _TileFacts, shapes: tuple[Shape, ...], context: WinContext, rules: Ruleset
) -> Score:
    """The score of a win with these facts and readings, from the memo when it has it.

    The memo's key is every argument HandFacts is built from (it holds nothing else), so
    a hit needs no HandFacts built: equal keys score alike."""
    earthly = rules.preset.earthly_hand_on_discard
    key = (tile_facts, context, earthly, shapes, id(rules))
    cached = _score_memo.get(key)
    if cached is not None and cached[0] is rules:
        return cached[1]
    suits, honors, simples, terminals, honor_pungs, honor_pair, nine_gates, kongs = tile_facts
    facts = HandFacts(
        suits=suits,
        honors=honors,
        simples=simples,
        terminals=terminals,
        honor_pungs=honor_pungs,
        honor_pair=honor_pair,
        nine_gates=nine_gates,
        kongs=kongs,
        context=context,
        earthly_on_discard=earthly,
    )
    score = _score(facts, shapes, rules)
    remember(_score_memo, _SCORE_MEMO_LIMIT, key, (rules, score))
    return score


def _points(fan: int, kept: list[tuple[_Row, int]], facts: HandFacts, rules: Ruleset) -> int:
    doubling: int = 2**fan  # typeshed types int ** int as Any (a negative power is a float)
    points = rules.base * doubling
    if facts.context.self_drawn and not any(r.kind == "big" for r, _ in kept):
        points += rules.preset.self_drawn_base_bonus * rules.base
    return points


def _score(facts: HandFacts, shapes: tuple[Shape, ...], rules: Ruleset) -> Score:
    """The highest reading: most points, then most fan, then most raw fan."""
    best = None
    for shape in shapes:
        fan, raw, kept = _count(facts, shape, rules)
        rank = (_points(fan, kept, facts, rules), fan, raw)
        if best is None or rank > best[0]:
            best = (rank, kept)
    assert best is not None
    (points, fan, raw), kept = best
    return Score(
        win=True,
        fan=fan,
        raw_fan=raw,
        patterns=tuple(PatternScore(r.id, 0 if r.kind == "floor" else r.fan * n) for r, n in kept),
        can_declare=fan >= rules.min_fan,
        points=points,
    )
