"""The table's own step made cheaper in pure Python (the speed itself:
tests/bench/bench_table.py): each test holds one change of that work, and fails on the
tree before it. The answers are held elsewhere (tests/test_engine_golden.py,
tests/test_refusals.py)."""

from __future__ import annotations

import ast
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from types import CodeType, FrameType

import pytest

from server.engine import claim_window, legal, moves, wall, winning
from server.engine.bots import make_bot
from server.engine.claims import ClaimOptions, Resolution
from server.engine.hand_state import TURN
from server.engine.table import HandSetup, HandTable
from shared import accelerator
from shared.actions import (
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    Discard,
    Pass,
    Pung,
    RollDice,
)
from shared.analysis import wait_kinds
from shared.events import MeldClaimed
from shared.fan import score_hand
from shared.melds import Meld
from shared.notation import Hand
from shared.patterns import Score, WinContext
from shared.ruleset import Ruleset, make_ruleset
from shared.tiles import KIND_TILES, KINDS

ENGINE = Path(__file__).resolve().parents[1] / "server" / "engine"
HOT_MODULES = ("table.py", "legal.py", "moves.py", "claim_window.py", "winning.py")
"""The modules of the table's step (not seat_views.py: the views are another's work)."""


@pytest.mark.parametrize("module", HOT_MODULES)
def test_the_step_reads_no_phase_off_the_enum_class(module: str) -> None:
    # `Phase.TURN` is an attribute look-up on the enum class (about 70 ns in the pure tree)
    # and the step read several; hand_state's Final names (TURN...) are global reads.
    tree = ast.parse((ENGINE / module).read_text(encoding="utf-8"))
    reads = [
        f"line {node.lineno}: Phase.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "Phase"
    ]
    assert reads == []


def test_the_phase_names_are_the_enum_members() -> None:
    from server.engine import hand_state
    from server.engine.hand_state import Phase

    for member in Phase:
        assert getattr(hand_state, member.name) is member


# --- the spies below watch module functions, which a compiled module calls directly -------

pure_only = pytest.mark.skipif(
    accelerator.mode() == "compiled", reason="compiled modules call these functions directly"
)


def _play(hands: int, seed: int, kind: str = "random", **options: object) -> list[HandTable]:
    rules = make_ruleset(options)
    rng = random.Random(seed)
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for _ in range(4)]
    tables = []
    for hand in range(hands):
        table = HandTable(HandSetup(rules, seed * 1000 + hand, hand % 4, 0, (0, 0, 0, 0)))
        table.start()
        while not table.ended:
            seat = table.awaiting()[0]
            table.step(seat, bots[seat].choose(table.live_view(seat)))
        tables.append(table)
    return tables


def test_a_wall_copies_its_set_and_does_not_build_it(monkeypatch: pytest.MonkeyPatch) -> None:
    built = [list(wall.full_set(False)), list(wall.full_set(True))]

    def refuse(flowers: bool) -> list[int]:
        raise AssertionError("full_set built for a wall")

    monkeypatch.setattr(wall, "full_set", refuse)
    for flowers in (False, True):
        made = wall.Wall(random.Random(0), flowers, None)
        # the expectation: random.py's own shuffle of the set shared.shuffle builds
        twin = list(built[flowers])
        random.Random(0).shuffle(twin)
        assert made.tiles == twin


def test_the_deal_draws_its_chunks_at_once() -> None:
    draws = 0
    real = wall.Wall.draw

    def counted(self: wall.Wall) -> int:
        nonlocal draws
        draws += 1
        return real(self)

    table = HandTable(HandSetup(make_ruleset({}), 7, 2, 0, (0, 0, 0, 0)))
    order = list(table.wall.tiles)
    table.start()
    wall.Wall.draw = counted  # type: ignore[method-assign]
    try:
        table.step(2, RollDice())
    finally:
        wall.Wall.draw = real  # type: ignore[method-assign]
    if accelerator.mode() == "pure":
        assert draws == 1  # the dealer's 14th alone (53 before)
    # the deal as the rules deal it (RULES.md §3): 4, 4, 4, 1 from the dealer round, and
    # the dealer's 14th; the expectation worked out here from the wall's order
    expected: list[list[int]] = [[], [], [], []]
    head = 0
    for chunk in (4, 4, 4, 1):
        for seat in (2, 3, 0, 1):
            expected[seat] += order[head : head + chunk]
            head += chunk
    expected[2].append(order[head])
    for seat in range(4):
        held = [k for k in range(KINDS) for _ in range(table.seats[seat].counts[k])]
        assert held == sorted(expected[seat])
    assert table.wall.head == 53 and table.wall.left == 136 - 53


@pure_only
def test_chow_starts_is_asked_only_where_a_chow_is(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = 0
    idle: list[tuple[list[int], int]] = []
    real = moves.chow_starts

    def spy(counts: list[int], tile: int) -> list[int]:
        nonlocal asked
        asked += 1
        found = real(counts, tile)
        # Asked and none found only for a seat that may claim the tile otherwise (a
        # pung or a win: the claim's options list its chows too). The expectation is
        # worked out from the counts alone (the seat's melds from its tiles' number).
        melds = (13 - sum(counts)) // 3
        if not found and counts[tile] < 2 and tile not in wait_kinds(counts, melds):
            idle.append((list(counts), tile))
        return found

    monkeypatch.setattr(moves, "chow_starts", spy)
    _play(20, 3)
    assert asked > 0 and idle == []  # before: asked on every suited discard, most for none


@pure_only
def test_a_window_everyone_passed_without_a_win_skips_resolve_claims(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    windows: list[bool] = []
    real = claim_window.resolve_claims

    def spy(
        options: dict[int, ClaimOptions],
        responses: dict[int, AnyAction],
        discarder: int,
        multiple_winners: bool,
    ) -> Resolution:
        passes = all(a.__class__ is Pass for a in responses.values())
        windows.append(passes and all(o.win_fan is None for o in options.values()))
        return real(options, responses, discarder, multiple_winners)

    monkeypatch.setattr(claim_window, "resolve_claims", spy)
    tables = _play(20, 4)
    assert windows and not any(windows)
    # the passes were played: windows opened and every seat asked passed
    assert sum(1 for t in tables for _, a in t.log if a.__class__ is Pass) > 50


def _played_steps(hands: int, seed: int) -> Iterator[tuple[HandTable, int, AnyAction]]:
    """Each (table, seat, action) of random hands, before the action is taken (taken
    next, unless the test took it)."""
    rules = make_ruleset({})
    rng = random.Random(seed)
    bots = [make_bot("random", rules, rng.getrandbits(32)) for _ in range(4)]
    for hand in range(hands):
        table = HandTable(HandSetup(rules, seed * 1000 + hand, hand % 4, 0, (0, 0, 0, 0)))
        table.start()
        while not table.ended:
            seat = table.awaiting()[0]
            action = bots[seat].choose(table.live_view(seat))
            logged = len(table.log)
            yield table, seat, action
            if len(table.log) == logged:
                table.step(seat, action)


def test_the_seats_keep_how_many_fours_they_hold_and_the_kongs_follow() -> None:
    kongs = 0
    for table, seat, _ in _played_steps(150, 8):
        for st in table.seats:
            assert st.fours in (-1, st.counts.count(4))
        if table.phase is TURN and table.drawn is not None and table.wall.left:
            counts = table.seats[seat].counts
            # the expectation from the counts: a concealed kong of every kind held four times
            want = {ConcealedKong(k) for k in range(KINDS) if counts[k] == 4}
            got = {a for a in table.legal_actions(seat) if isinstance(a, ConcealedKong)}
            assert got == want
            kongs += len(want)
    assert kongs > 0


def test_a_drawn_tile_let_go_gives_the_hand_its_waits_back_unworked() -> None:
    kept = 0
    pending: tuple[HandTable, int, frozenset[int]] | None = None

    def check(table: HandTable, seat: int, before: frozenset[int]) -> None:
        st = table.seats[seat]
        assert st.waits is before
        # the expectation worked out from the counts by the analysis itself
        assert before == wait_kinds(st.counts, len(st.melds))

    for table, seat, action in _played_steps(60, 9):
        if pending is not None:  # the discard below has been taken since
            check(*pending)
            kept += 1
            pending = None
        if isinstance(action, Discard) and action.tile == table.drawn:
            before = table.drawn_waits
            if before is not None:  # None: the dealer's dealt 14th, no draw
                pending = (table, seat, before)
    assert kept > 50


@pure_only
def test_a_claimed_meld_is_laid_without_the_tile_enums_call() -> None:
    """Tile(k) is a call of enum.py (Python) where KIND_TILES[k] is a read; and the four
    exposed sets are counted only once a seat has four melds."""
    claimed = 0
    called: list[tuple[str, str]] = []

    def name(code: CodeType) -> str:
        return f"{Path(code.co_filename).name}:{code.co_name}"

    def watch(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_back is not None:
            called.append((name(frame.f_back.f_code), name(frame.f_code)))

    for table, seat, action in _played_steps(40, 12):
        if not isinstance(action, (Chow, Pung, ClaimKong)):
            continue
        called.clear()
        melds_before = [len(st.melds) for st in table.seats]
        sys.setprofile(watch)
        try:
            out = table.step(seat, action)
        finally:
            sys.setprofile(None)
        if not any(isinstance(d.event, MeldClaimed) for d in out):
            continue  # a claim another seat's won over
        claimed += 1
        assert ("claim_window.py:_claim_meld", "enum.py:__call__") not in called
        if melds_before[table.current] < 3:
            assert ("claim_window.py:_claim_meld", "hand_state.py:exposed_sets") not in called
    assert claimed > 20


@pure_only
def test_a_win_is_weighed_from_the_counts_without_a_hand_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A discard a seat waits on, and a self-drawn tile that completes a hand, are scored
    from the counts (`score_counts`); a `Hand` is built only for the result's winners."""
    built = weighed = 0
    real_hand_of, real_score = winning.hand_of, winning.score_counts

    def hand_of(table: HandTable, seat: int, tile: int, extra: bool) -> Hand:
        nonlocal built
        built += 1
        return real_hand_of(table, seat, tile, extra)

    def score(counts: bytes, melds: tuple[Meld, ...], context: WinContext, rules: Ruleset) -> Score:
        nonlocal weighed
        weighed += 1
        # the expectation: the same hand scored as a Hand, by score_hand
        tiles = [KIND_TILES[k] for k in range(KINDS) for _ in range(counts[k])]
        want = score_hand(Hand(tuple(tiles[1:]), melds, tiles[0], ()), context, rules)
        got = real_score(counts, melds, context, rules)
        assert got == want
        return got

    monkeypatch.setattr(winning, "hand_of", hand_of)
    monkeypatch.setattr(winning, "score_counts", score)
    tables = _play(12, 6, "competent")
    winners = sum(len(t.result.winners) for t in tables if t.result is not None)
    assert winners > 0 and built == winners
    assert weighed >= winners


@pure_only
def test_the_seat_on_turn_is_awaited_without_a_call(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = legal.awaiting

    def spy(table: HandTable) -> list[int]:
        asked.append(table.phase.value)
        return real(table)

    monkeypatch.setattr(legal, "awaiting", spy)
    tables = _play(5, 13)
    assert "turn" not in asked and "claim" in asked  # the other phases still asked there
    assert all(t.awaiting() == [] for t in tables)  # and the hand over: nobody


@pure_only
def test_the_shuffle_works_its_bit_lengths_out_once() -> None:
    calls: list[str] = []

    def watch(frame: FrameType, event: str, arg: object) -> None:
        if event == "c_call":
            calls.append(getattr(arg, "__name__", ""))

    tiles = list(range(136))
    sys.setprofile(watch)
    try:
        wall.shuffle(random.Random(4), tiles)
    finally:
        sys.setprofile(None)
    assert "bit_length" not in calls and calls.count("getrandbits") >= 135
    twin = list(range(136))
    random.Random(4).shuffle(twin)  # the expectation: random.py's own shuffle
    assert tiles == twin
