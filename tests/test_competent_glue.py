"""The competent bot's glue around the analysis made lean (the speed itself:
tests/bench/bench_table.py), choices unchanged.

- A turn builds the whole ranking (a tuple of tuples per discard, sorted) only when it
  checks the minimum fan of a ready discard or defends; otherwise it reads the head
  straight from `discard_ranking`'s rows, which must be the plain ranking's head.
- On a live view, the minimum-fan check and the claims read the bot's own seat only
  (`LiveView.own_public`), never `seats`, which builds all four.

The tests that count calls patch the pure classes (a compiled class cannot be patched), so
they run on the pure tree; the choices themselves are held on both by
tests/test_engine_golden.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from server.engine import live_view
from server.engine.bots import make_bot
from server.engine.bots.competent import CompetentBot
from server.engine.live_view import LiveView
from server.engine.table import HandTable
from shared.actions import Discard
from shared.analysis import discard_table
from shared.ruleset import make_ruleset
from tests.support.table import scenario_seeded_hands
from tests.test_competent_ranking import _plain_head

_PURE_ONLY = pytest.mark.skipif(
    not live_view.__file__.endswith(".py"), reason="counts calls on the pure classes"
)


def _turns(min_fan: int, seed: str, hands: int) -> Iterator[tuple[HandTable, int, CompetentBot]]:
    """Every step of seeded hands of four competent bots: (table, seat to act, its bot);
    the caller lets the bot choose and steps the table."""
    rules = make_ruleset({"preset": "jipinghu", "min_fan": min_fan})
    rng = random.Random(seed)
    bots = [make_bot("competent", rules, rng.getrandbits(32)) for _ in range(4)]
    for table in scenario_seeded_hands(rules, rng, hands):
        while not table.ended:
            seat = table.awaiting()[0]
            bot = bots[seat]
            assert isinstance(bot, CompetentBot)
            yield table, seat, bot


def _count_seat_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch `LiveView.seats` to count its reads; the count is the list's one item."""
    reads = [0]
    original = LiveView.seats

    def counting(self: LiveView) -> object:
        reads[0] += 1
        return original.fget(self)  # type: ignore[attr-defined]

    monkeypatch.setattr(LiveView, "seats", property(counting))
    return reads


def _best_shanten(table: HandTable, seat: int) -> int:
    view = table.view(seat)
    allowed = {a.tile for a in view.legal if isinstance(a, Discard)}
    rows = discard_table(view.concealed_counts(), view.melds_laid())
    return min(s for tile, s, _ in rows if tile in allowed)


@_PURE_ONLY
def test_a_turn_near_ready_takes_the_plain_head_without_ranking_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ranked_calls = 0
    original = CompetentBot._ranked

    def counting(self: CompetentBot, *args: object) -> object:
        nonlocal ranked_calls
        ranked_calls += 1
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(CompetentBot, "_ranked", counting)
    checked = 0
    for table, seat, bot in _turns(0, "glue-head", 10):
        view = table.view(seat)
        near = view.phase == "turn" and _best_shanten(table, seat) <= 1
        expected = _plain_head(view, bot.rules)[1] if near else None
        before = ranked_calls
        action = bot.choose(table.live_view(seat))
        if near and isinstance(action, Discard):
            assert ranked_calls == before, "a turn near ready ranked every discard"
            assert action.tile == expected
            checked += 1
        table.step(seat, action)
    assert checked > 50


@_PURE_ONLY
def test_the_fan_checks_and_claims_read_only_the_own_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads = _count_seat_reads(monkeypatch)
    ready_turns = claims = 0
    for table, seat, bot in _turns(1, "glue-seats", 10):
        phase = table.phase_name
        best = _best_shanten(table, seat) if phase == "turn" else None
        before = reads[0]
        action = bot.choose(table.live_view(seat))
        if phase == "claim":
            assert reads[0] == before, "a claim read every seat"
            claims += 1
        elif best is not None and best <= 1:
            assert reads[0] == before, "a turn near ready (its fan checked) read every seat"
            ready_turns += best == 0
        else:
            assert reads[0] - before <= 1
        table.step(seat, action)
    assert ready_turns > 20 and claims > 20


@_PURE_ONLY
def test_a_far_turn_without_a_threat_reads_no_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Far from ready, the bot defends only against a seat that looks ready (three sets
    face up, or late in the wall); a live view tells that from the seats' meld counts
    (`LiveView.melds_shown`), so a turn with no such seat builds none of the four."""
    reads = _count_seat_reads(monkeypatch)
    quiet = 0
    for table, seat, bot in _turns(0, "glue-far", 10):
        far = table.phase_name == "turn" and _best_shanten(table, seat) >= 2
        view = table.view(seat)
        shown = [sum(m.kind != "concealed_kong" for m in p.melds) for p in view.seats]
        threat = view.wall_left < 20 or any(
            n >= 3 for s, n in enumerate(shown) if s != seat
        )
        before = reads[0]
        action = bot.choose(table.live_view(seat))
        if far and not threat:
            assert reads[0] == before, "a far turn with no threat built every seat"
            quiet += 1
        table.step(seat, action)
    assert quiet > 50


def _python_calls(read: object) -> list[str]:
    """The Python functions a call runs (its own frame and the bench's aside)."""
    import sys

    names: list[str] = []

    def tracer(frame: object, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code  # type: ignore[attr-defined]
            names.append(f"{code.co_filename}:{code.co_name}")

    sys.setprofile(tracer)
    try:
        read()  # type: ignore[operator]
    finally:
        sys.setprofile(None)
    return names


@pytest.mark.filterwarnings("ignore")
def test_reading_the_phase_and_unseen_counts_runs_no_helper_frames() -> None:
    """`LiveView.phase` reads the member's `_value_`, not enum's `value` (a descriptor
    written in Python); `unseen_counts` subtracts in a comprehension, not by two maps
    calling `operator.sub` 68 times."""
    rules = make_ruleset({"preset": "jipinghu"})
    table = next(scenario_seeded_hands(rules, random.Random("glue-phase"), 1))
    live = table.live_view(table.awaiting()[0])
    assert not [n for n in _python_calls(lambda: live.phase) if "enum" in n]
    subs: list[str] = []
    import sys

    def tracer(frame: object, event: str, arg: object) -> None:
        if event == "c_call" and getattr(arg, "__name__", "") == "sub":
            subs.append("sub")

    sys.setprofile(tracer)
    try:
        live.unseen_counts()
    finally:
        sys.setprofile(None)
    assert not subs
