"""Each computer seat's level, as the table's owner sets it in the lobby (`add_bot` with a
`level`): seated at it, changed in place, shown to everyone, played at it, and kept by the
journal across a restart of the host."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.engine.bots.easy import EasyBot
from server.engine.bots.normal import NormalBot
from server.engine.bots.strong import StrongBot
from server.engine.lobby import Lobby
from server.restore import restore_tables
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, JoinTable, SetRules, StartGame
from shared.errors import IllegalAction
from shared.ruleset import TableOptions

OWNER = 1


def test_the_owner_seats_a_level_and_changes_it_in_place() -> None:
    lobby = Lobby(seed=1)
    lobby.step(OWNER, JoinTable("Ann"))
    lobby.step(OWNER, AddBot(2, "strong"))
    seat = lobby.snapshot().seats[2]
    assert seat is not None and seat.bot and seat.level == "strong"
    lobby.step(OWNER, AddBot(2, "easy"))  # the same computer player, now easy
    seat = lobby.snapshot().seats[2]
    assert seat is not None and seat.level == "easy" and seat.name == "阿强"
    me = lobby.snapshot().seats[0]
    assert me is not None and not me.bot and me.level == ""  # a person has none
    with pytest.raises(IllegalAction, match="seat 0 is taken"):
        lobby.step(OWNER, AddBot(0, "strong"))


def started(tmp_path: Path, journals: Path | None = None) -> Room:
    store = ScoreStore(tmp_path / "scores.json")
    room = Room(
        "T",
        "",
        store,
        RecordLog(tmp_path / "records"),
        RoomConfig(bot_delay=0.0),
        journals=journals,
    )
    room.join(OWNER, "Ann", False, 0.0, identity="id:seat-levels-test-ann-01")
    room.act(OWNER, AddBot(1, "strong"), 0.0)
    room.act(OWNER, AddBot(2, "easy"), 0.0)
    room.act(OWNER, AddBot(3), 0.0)
    room.act(OWNER, SetRules(TableOptions(turn_seconds=0, claim_seconds=0)), 0.0)
    room.act(OWNER, AcceptRules(), 0.0)
    room.act(OWNER, StartGame(), 0.0)
    assert room.session is not None
    return room


def kinds(room: Room) -> list[type]:
    return [type(room.bots[s]) for s in range(4)]


def test_each_computer_seat_plays_at_its_level(tmp_path: Path) -> None:
    room = started(tmp_path)
    # seat 0 is Ann's: whoever plays for her if she drops plays at the table's level
    assert kinds(room) == [NormalBot, StrongBot, EasyBot, NormalBot]


def test_the_levels_survive_a_restart(tmp_path: Path) -> None:
    started(tmp_path, journals=tmp_path / "journal")
    store = ScoreStore(tmp_path / "after" / "scores.json")
    records = RecordLog(tmp_path / "after" / "records", store.writer)
    rooms, _ = restore_tables(
        tmp_path / "journal",
        store,
        records,
        lambda name: Room(name, "", store, records, RoomConfig(), journals=tmp_path / "journal"),
        10,
        0.0,
    )
    (room,) = rooms
    assert kinds(room) == [NormalBot, StrongBot, EasyBot, NormalBot]
    levels = [s.level if s is not None else None for s in room.lobby.snapshot().seats]
    assert levels == ["", "strong", "easy", "normal"]
