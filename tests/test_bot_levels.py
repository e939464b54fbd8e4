"""The computer players' levels (easy, normal, strong) and baselines (competent, greedy,
random): every choice legal under every preset, the same choices from the same seed, and
nothing used beyond the seat's own view — the view as a network client receives it gives
the same choice. (How strong each is: tests/bench/bench_bots.py, a benchmark, not a test.)"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import msgspec
import pytest

from server.engine.bots import BASELINES, LEVELS, bot_kind, make_bot
from server.engine.bots.danger import discard_loss, read_opponents
from server.engine.table import HandSetup, HandTable
from shared.actions import AnyAction
from shared.presets import PRESETS
from shared.ruleset import make_ruleset
from shared.views import TableView

KINDS = (*LEVELS, *BASELINES)
_view_bytes = msgspec.msgpack.Encoder()
_view_decoder = msgspec.msgpack.Decoder(TableView)


def play(
    kinds: tuple[str, ...], seed: int, options: dict[str, object]
) -> list[tuple[int, AnyAction]]:
    """One hand with these players; every choice checked against the seat's legal ones."""
    rules = make_ruleset(options)
    rng = random.Random(seed)
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for kind in kinds]
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=rng.getrandbits(64),
            dealer=seed % 4,
            prevailing_wind=seed // 4 % 4,
            scores=(rules.starting_score,) * 4,
        )
    )
    table.start()
    chosen = []
    while not table.ended:
        seat = table.awaiting()[0]
        view = table.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal, (kinds[seat], action, view.legal)
        chosen.append((seat, action))
        table.step(seat, action)
    assert len(chosen) < 2000
    return chosen


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("kind", KINDS)
def test_every_choice_is_legal(kind: str, preset: str) -> None:
    for seed in range(6):
        options = {"preset": preset, "seven_pairs": seed % 2 == 0, "flowers": seed % 3 == 0}
        play((kind, kind, "normal", kind), seed, options)


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_makes_the_same_choices(kind: str) -> None:
    for seed in (3, 8):
        first = play((kind, "greedy", kind, "easy"), seed, {})
        assert play((kind, "greedy", kind, "easy"), seed, {}) == first


@pytest.mark.parametrize("kind", LEVELS)
def test_the_view_a_client_receives_gives_the_same_choice(kind: str) -> None:
    """A bot reads nothing but its view: its choice on the view decoded from the bytes a
    client would receive equals its choice on the engine's own view (same random state)."""
    rules = make_ruleset({})
    table = HandTable(
        HandSetup(rules=rules, seed=21, dealer=1, prevailing_wind=0, scores=(1000,) * 4)
    )
    table.start()
    bots = [make_bot(kind, rules, 5) for _ in range(4)]
    checked = 0
    while not table.ended:
        seat = table.awaiting()[0]
        view = table.view(seat)
        received = _view_decoder.decode(_view_bytes.encode(view))
        twin = make_bot(kind, rules, 5)
        twin.rng.setstate(bots[seat].rng.getstate())  # type: ignore[attr-defined]
        action = bots[seat].choose(view)
        assert twin.choose(received) == action
        checked += 1
        table.step(seat, action)
    assert checked > 40


def test_names_of_levels_and_baselines() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    assert BASELINES == ("competent", "greedy", "random")
    assert bot_kind("competent") == "competent"  # its own player now, no longer an alias
    with pytest.raises(ValueError, match=r"unknown computer player 'genius'; use one of easy"):
        make_bot("genius", make_ruleset({}), 1)


def test_a_tile_an_opponent_let_go_is_safer_against_them() -> None:
    """The defence's reading of the table: against a player with two sets down late in
    the hand, a tile from their own river is far less dangerous than a fresh middle tile,
    and an honour whose other copies are all visible is not dangerous at all."""
    rules = make_ruleset({})
    table = HandTable(
        HandSetup(rules=rules, seed=4, dealer=0, prevailing_wind=0, scores=(1000,) * 4)
    )
    table.start()
    view = table.view(table.awaiting()[0])
    base = read_opponents(view, rules)[0]
    threat = dataclasses.replace(base, ready=0.9, sets_down=2, river=frozenset({4}))
    unseen = [4] * 34
    fresh = discard_loss(13, [threat], unseen, rules)  # 5p: nobody let it go
    theirs = discard_loss(4, [threat], unseen, rules)  # 5m: in their river
    assert theirs < fresh / 4
    unseen[31] = 0
    assert discard_loss(31, [threat], unseen, rules) == 0


# --- choosing them: gdmj-host --simulate --bots, --bot-level, a room's level ---------------


def test_simulate_takes_one_level_or_four(monkeypatch: pytest.MonkeyPatch) -> None:
    from server.cli import main

    assert main(["--simulate", "3", "--seed", "2", "--bots", "strong,normal,easy,greedy"]) == 0
    assert main(["--simulate", "2", "--seed", "2", "--bots", "easy"]) == 0


@pytest.mark.parametrize(
    ("bots", "said"),
    [
        ("genius", "--bots: unknown computer player 'genius'; use one of easy, normal, strong"),
        ("strong,normal", "one level for all four seats, or four separated by commas"),
    ],
)
def test_simulate_refuses_what_is_not_a_player(
    bots: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from server.cli import main

    assert main(["--simulate", "2", "--bots", bots]) == 2
    assert said in capsys.readouterr().err


def test_a_room_plays_its_computer_players_at_its_level(tmp_path: Path) -> None:
    """`gdmj-host --bot-level strong --bots 3`: the computer players the host seats for the
    owner, and whoever plays for a dropped player, are strong ones."""
    from server.engine.bots.strong import StrongBot
    from server.room import Room, RoomConfig
    from server.store import RecordLog, ScoreStore
    from shared.actions import AcceptRules, SetRules, StartGame
    from shared.ruleset import TableOptions

    store = ScoreStore(tmp_path / "scores.json")
    config = RoomConfig(bot_level="strong", bots_for_owner=3)
    room = Room("T", "", store, RecordLog(tmp_path / "records"), config)
    room.join(1, "Ann", False, 0.0, identity="id:bot-levels-test-ann-1")
    room.act(1, SetRules(TableOptions(turn_seconds=0, claim_seconds=0)), 0.0)
    room.act(1, AcceptRules(), 0.0)
    room.act(1, StartGame(), 0.0)
    assert room.session is not None
    assert all(isinstance(bot, StrongBot) for bot in room.bots.values())


def test_gdmj_host_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    from server.cli import main

    assert main(["--bot-level", "genius", "--port", "0"]) == 2
    assert "--bot-level is one of easy, normal, strong" in capsys.readouterr().err
