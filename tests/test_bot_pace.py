"""The computer players' pace (server/bot_pace.py): at the natural pace a person's think,
0.8–2.5 s, longer on a claim or a close choice, never over half the wait's timer; at the
quick pace today's fixed delay. The owner sets it; the journal keeps it."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from server.bot_pace import natural_delay, weighed
from server.engine.hand_state import Phase
from server.engine.lobby import Lobby
from server.engine.session import SessionPhase
from server.restore import restore_tables
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import (
    AddBot,
    BotPace,
    Chow,
    DeclareWin,
    Discard,
    JoinTable,
    Pass,
    Pung,
    RollDice,
    SetBotPace,
    SetRules,
    StartGame,
)
from shared.errors import IllegalAction
from shared.ruleset import TableOptions

OWNER = 1


@pytest.mark.parametrize("timer", [0, 1, 1.5, 2, 3, 5, 8, 15, 30, 300])
@pytest.mark.parametrize("weighty", [False, True])
def test_a_natural_think_stays_within_its_bounds(timer: float, weighty: bool) -> None:
    rng = random.Random(7)
    for _ in range(500):
        delay = natural_delay(rng, weighty=weighty, timer_seconds=timer)
        assert delay <= 2.5
        if timer:
            assert delay <= timer / 2  # even when half the timer is under 0.8 s
        assert delay >= min(0.8, timer / 2) if timer else delay >= 0.8


def test_what_counts_as_weighed() -> None:
    assert not weighed([Discard(1), Discard(5)])
    assert not weighed([RollDice()])
    assert weighed([Discard(1), DeclareWin()])  # a win to take or let go
    assert weighed([Pass(), Pung()])  # a claim to answer
    assert weighed([Pass(), Chow(3), Chow(4)])


def playing_room(tmp_path: Path, pace: BotPace | None, journals: Path | None = None) -> Room:
    """Ann and three computer players, Ann's seat played for her too (she dropped), with
    timers of 15 s a turn and 8 s a claim."""
    store = ScoreStore(tmp_path / "scores.json")
    room = Room(
        "T",
        "",
        store,
        RecordLog(tmp_path / "records"),
        RoomConfig(bot_delay=0.6),
        seed=11,
        journals=journals,
    )
    room.join(OWNER, "Ann", False, 0.0, identity="id:bot-pace-test-ann-00001")
    for seat in (1, 2, 3):
        room.act(OWNER, AddBot(seat), 0.0)
    if pace is not None:
        room.act(OWNER, SetBotPace(pace), 0.0)
    room.act(OWNER, SetRules(TableOptions(turn_seconds=15, claim_seconds=8)), 0.0)
    room.act(OWNER, StartGame(), 0.0)
    room.lost(OWNER, 0.0)
    return room


def delays_of_a_hand(room: Room) -> list[tuple[str, float]]:
    """(kind, seconds) of every computer move of the first hand: "claim" in a claim
    window, "close" for a turn with a kong or a win on offer, else "plain"."""
    seen: list[tuple[str, float]] = []
    known: dict[int, float] = {}
    now = 0.0
    for _ in range(2000):
        assert room.session is not None
        if room.session.phase is not SessionPhase.PLAYING:
            break
        hand = room.session.hand
        assert hand is not None
        for seat, due in room.bot_due.items():
            if known.get(seat) != due:
                known[seat] = due
                legal = room.session.legal_actions(seat)
                claim = hand.phase in (Phase.CLAIM, Phase.ROB)
                kind = "claim" if claim else ("close" if weighed(legal) else "plain")
                seen.append((kind, due - now))
        wake = room.next_wakeup()
        assert wake is not None
        now = max(now, wake)
        room.tick(now)
    return seen


def test_natural_thinks_like_people_and_longer_on_claims(tmp_path: Path) -> None:
    seen = delays_of_a_hand(playing_room(tmp_path, "natural"))
    plain = [d for kind, d in seen if kind == "plain"]
    claims = [d for kind, d in seen if kind == "claim"]
    assert len(plain) > 20 and len(claims) >= 3, seen
    assert all(0.8 <= d <= 2.5 for _, d in seen), seen
    assert statistics.mean(claims) > statistics.mean(plain) + 0.3


def test_quick_is_the_hosts_fixed_delay(tmp_path: Path) -> None:
    seen = delays_of_a_hand(playing_room(tmp_path, "quick"))
    assert len(seen) > 20
    assert {round(d, 6) for _, d in seen} == {0.6}


def test_the_hosts_default_holds_until_the_owner_sets_another(tmp_path: Path) -> None:
    lobby = Lobby(seed=1, bot_pace="natural")
    lobby.step(OWNER, JoinTable("Ann"))
    lobby.step(2, JoinTable("Ben"))
    assert lobby.snapshot().bot_pace == "natural"
    with pytest.raises(IllegalAction, match="only the table owner"):
        lobby.step(2, SetBotPace("quick"))
    lobby.step(OWNER, SetBotPace("quick"))
    assert lobby.snapshot().bot_pace == "quick"
    assert RoomConfig().bot_pace == "quick"  # gdmj-host's default; the game's form: natural


def test_the_pace_survives_a_restart(tmp_path: Path) -> None:
    journals = tmp_path / "journal"
    playing_room(tmp_path / "before", "natural", journals)
    store = ScoreStore(tmp_path / "after" / "scores.json")
    records = RecordLog(tmp_path / "after" / "records", store.writer)
    rooms, _ = restore_tables(
        journals,
        store,
        records,
        lambda name: Room(name, "", store, records, RoomConfig(), journals=journals),
        10,
        0.0,
    )
    (room,) = rooms
    assert room.lobby.bot_pace == "natural"
    assert room.lobby.snapshot().bot_pace == "natural"
