"""The compiled accelerator and the pure tree behave alike at the engine's public edges.

.ci/run runs the whole suite twice: on the pure tree and on the tree compiled by
build_scripts/compile.py, with GDMJ_EXPECT_COMPILED set to 0 or 1, which the first test
holds the run to (so a build that silently fell back, or a pure run that picked up
stray extension modules, fails). The others hold in both modes: the public entry points
check their inputs themselves, so a compiled module never answers a bad seat or action
with a TypeError where the pure one says IllegalAction, and a table deep-copies (the
property tests explore copies of one).
"""

from __future__ import annotations

import copy
import os
import random

import pytest

from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable
from shared import accelerator, analysis
from shared.actions import Action, Discard, JoinTable, RollDice
from shared.errors import IllegalAction, MahjongError
from shared.ruleset import make_ruleset


def test_the_run_uses_the_engine_it_was_asked_for() -> None:
    wanted = os.environ.get("GDMJ_EXPECT_COMPILED")
    if wanted is None:
        pytest.skip("GDMJ_EXPECT_COMPILED is not set (.ci/run sets it)")
    assert accelerator.mode() == ("compiled" if wanted == "1" else "pure")
    assert not accelerator.stale()
    assert accelerator.describe() == (
        "engine: compiled (mypyc)" if wanted == "1" else "engine: pure Python"
    )


def test_the_modes_name_what_is_imported() -> None:
    found = accelerator.compiled_modules()
    assert set(found) <= set(accelerator.COMPILED_MODULES)
    expected = {"compiled": len(accelerator.COMPILED_MODULES), "pure": 0}
    assert len(found) == expected.get(accelerator.mode(), len(found))
    assert (accelerator.mode() == "pure") == (not accelerator.built_files())


def _table(steps: int = 30) -> HandTable:
    rules = make_ruleset({"preset": "jipinghu"})
    start = rules.starting_score
    table = HandTable(HandSetup(rules, 5, 0, 0, (start,) * 4))
    table.start()
    rng = random.Random(1)
    bots = [make_bot("random", rules, rng.getrandbits(32)) for _ in range(4)]
    for _ in range(steps):
        seat = table.awaiting()[0]
        table.step(seat, bots[seat].choose(table.live_view(seat)))
    return table


@pytest.mark.parametrize("seat", ["0", 1.5, None, -1, 4, 2**70, b"\x00"])
def test_a_bad_seat_is_an_illegal_action(seat: object) -> None:
    table = HandTable(HandSetup(make_ruleset({}), 5, 0, 0, (500,) * 4))
    table.start()
    with pytest.raises(IllegalAction, match="no seat"):
        table.step(seat, RollDice())


@pytest.mark.parametrize(
    "action", ["roll_dice", None, 3, {"type": "roll_dice"}, RollDice, Action(), JoinTable("x")]
)
def test_a_bad_action_is_an_illegal_action(action: object) -> None:
    table = HandTable(HandSetup(make_ruleset({}), 5, 0, 0, (500,) * 4))
    table.start()
    with pytest.raises(IllegalAction, match="not an action at the table"):
        table.step(0, action)


@pytest.mark.parametrize("tile", [1.5, "3", None, -1, 99])
def test_a_discard_of_no_tile_is_illegal(tile: object) -> None:
    table = _table()
    seat = table.awaiting()[0]
    with pytest.raises(IllegalAction):
        table.step(seat, Discard(tile=tile))  # type: ignore[arg-type]


@pytest.mark.parametrize("melds", [1.5, "1", None])
def test_the_analysis_refuses_a_meld_count_of_another_type(melds: object) -> None:
    """Pure: MahjongError naming the count; compiled: mypyc's TypeError naming the
    argument and its type (shared/accelerator.py says why the analysis keeps its types)."""
    counts = [0] * 34
    counts[0], counts[1], counts[2], counts[3] = 4, 4, 4, 1
    wanted = TypeError if "shared.analysis" in accelerator.compiled_modules() else MahjongError
    for ask in (analysis.shanten, analysis.waits, analysis.improving_kinds):
        with pytest.raises(wanted, match=r"melds|int"):
            ask(counts, melds)  # type: ignore[arg-type]


@pytest.mark.parametrize("melds", [True, -1, 5])
def test_the_analysis_refuses_a_bad_meld_count_by_name(melds: int) -> None:
    counts = [0] * 34
    counts[0], counts[1], counts[2], counts[3] = 4, 4, 4, 1
    for ask in (analysis.shanten, analysis.waits, analysis.improving_kinds):
        with pytest.raises(MahjongError, match="melds"):
            ask(counts, melds)


def test_a_table_deep_copies_into_an_independent_one() -> None:
    table = _table()
    twin = copy.deepcopy(table)
    assert twin is not table and twin.view(0) == table.view(0)
    assert twin.live_view(1).hand == table.live_view(1).hand
    seat = twin.awaiting()[0]
    action = twin.legal_actions(seat)[0]
    twin.step(seat, action)
    twin.check_invariants()
    assert len(twin.log) == len(table.log) + 1
    assert twin.live_view(seat).hand != table.live_view(seat).hand or twin.phase != table.phase
    table.check_invariants()
    again = copy.deepcopy(table)
    again.step(seat, action)
    assert again.view(None) == twin.view(None)


def test_ci_runs_the_whole_suite_pure_then_compiled_and_compares_the_hands() -> None:
    script = (accelerator.ROOT / ".ci" / "run").read_text(encoding="utf-8")
    steps = [
        "suite 0",
        "--play-digest",
        "python build_scripts/compile.py\n",
        "suite 1",
        '[ "$pure_digest" != "$compiled_digest" ]',
        "clean_compiled\n",
        "python build_scripts/build.py",
    ]
    place = 0
    for step in steps:  # each after the one before
        place = script.index(step, place) + len(step)
    assert 'GDMJ_EXPECT_COMPILED="$1" python -m pytest' in script
