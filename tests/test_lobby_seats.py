"""Seats chosen in the lobby (RULES.md §2): a seated player moves to any free seat before
the game starts; refused, saying why, for a taken, an unknown or the same seat, and once
the game started; the host answers a bad seat index with an error and plays on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from client.net import Address, Connection, client_keys
from server.engine.lobby import Lobby
from server.host import HostConfig
from server.local import LocalHost
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import (
    AcceptRules,
    AddBot,
    JoinTable,
    RollDice,
    SetRules,
    StartGame,
    TakeSeat,
)
from shared.errors import IllegalAction
from shared.events import LobbyUpdated
from shared.ruleset import TableOptions

ANN, BEN = 1, 2


def names(lobby: Lobby) -> list[str | None]:
    return [s.name if s is not None else None for s in lobby.snapshot().seats]


def test_a_player_moves_to_a_free_seat_keeping_name_acceptance_and_ownership() -> None:
    lobby = Lobby(seed=1)
    lobby.step(ANN, JoinTable("Ann"))
    lobby.step(BEN, JoinTable("Ben"))
    lobby.step(ANN, SetRules(TableOptions()))
    lobby.step(BEN, AcceptRules())
    assert names(lobby) == ["Ann", "Ben", None, None]
    lobby.step(BEN, TakeSeat(3))
    lobby.step(ANN, TakeSeat(2))
    assert names(lobby) == [None, None, "Ann", "Ben"]
    seats = lobby.snapshot().seats
    assert seats[2] is not None and seats[2].owner and seats[2].accepted
    assert seats[3] is not None and not seats[3].owner and seats[3].accepted
    assert lobby.seat_of(BEN) == 3


def test_a_taken_unknown_or_same_seat_is_refused_and_nothing_changes() -> None:
    lobby = Lobby(seed=1)
    lobby.step(ANN, JoinTable("Ann"))
    lobby.step(BEN, JoinTable("Ben"))
    lobby.step(ANN, AddBot(2))
    with pytest.raises(IllegalAction, match="seat 1 is taken"):
        lobby.step(ANN, TakeSeat(1))
    with pytest.raises(IllegalAction, match="seat 2 is taken"):  # a computer player's
        lobby.step(BEN, TakeSeat(2))
    with pytest.raises(IllegalAction, match="already in seat 0"):
        lobby.step(ANN, TakeSeat(0))
    # Past the wire's check (a seat is 0 to 3), the lobby still names the problem.
    with pytest.raises(IllegalAction, match="there is no seat 4"):
        lobby.step(ANN, TakeSeat(4))
    with pytest.raises(IllegalAction, match="only a seated player may change seats"):
        lobby.step(99, TakeSeat(3))
    assert names(lobby) == ["Ann", "Ben", "阿强", None]


def test_the_first_dealer_is_drawn_whatever_seats_were_taken(tmp_path: Path) -> None:
    """Seat choice decides positions, not who deals first (RULES.md §2): the same seeds
    draw the same first dealer seat whether or not the owner moved."""
    dealers = []
    for move in (False, True):
        store = ScoreStore(tmp_path / f"{move}" / "scores.json")
        room = Room(
            "T", "", store, RecordLog(tmp_path / f"{move}" / "r"), RoomConfig(bot_delay=0), seed=5
        )
        room.join(ANN, "Ann", False, 0.0, identity="id:lobby-seats-test-ann-0001")
        if move:
            room.act(ANN, TakeSeat(2), 0.0)
        for seat in range(4):
            if room.lobby.seats[seat] is None:
                room.act(ANN, AddBot(seat), 0.0)
        room.act(ANN, SetRules(TableOptions()), 0.0)
        room.act(ANN, StartGame(), 0.0)
        assert room.session is not None and room.session.hand is not None
        assert room.members[ANN].seat == (2 if move else 0)
        dealers.append(room.session.hand.setup.dealer)
    assert dealers[0] == dealers[1]


def test_no_seat_changes_once_the_game_started(tmp_path: Path) -> None:
    store = ScoreStore(tmp_path / "scores.json")
    room = Room("T", "", store, RecordLog(tmp_path / "r"), RoomConfig(bot_delay=0))
    room.join(ANN, "Ann", False, 0.0, identity="id:lobby-seats-test-ann-0001")
    room.act(ANN, AddBot(1), 0.0)
    room.act(ANN, AddBot(2), 0.0)
    room.act(ANN, TakeSeat(3), 0.0)
    room.act(ANN, AddBot(0), 0.0)
    room.act(ANN, SetRules(TableOptions()), 0.0)
    room.act(ANN, StartGame(), 0.0)
    with pytest.raises(IllegalAction, match="a session is in play"):
        room.act(ANN, TakeSeat(0), 0.0)


def lobby_where(conn: Connection, others: list[Connection], check: object) -> LobbyUpdated:
    """Poll until `conn`'s lobby passes `check` (generous deadline); return it."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for c in [conn, *others]:
            c.poll(20)
        if conn.lobby is not None and callable(check) and check(conn.lobby):
            return conn.lobby
    raise AssertionError(f"lobby never got there: {conn.lobby}, errors {conn.errors}")


def test_over_loopback_a_guest_takes_a_seat_and_a_bad_index_is_an_error(tmp_path: Path) -> None:
    config = HostConfig(
        name="Seats", port=0, bind="127.0.0.1", advertise=False, data_dir=tmp_path / "data"
    )
    local = LocalHost(config)
    host = local.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    ann = Connection(address, "Ann", keys=client_keys(tmp_path / "ann"))
    ben = Connection(address, "Ben", keys=client_keys(tmp_path / "ben"))
    try:
        ann.connect()
        lobby_where(ann, [], lambda lobby: lobby.seats[0] is not None)
        ben.connect()
        lobby_where(ann, [ben], lambda lobby: lobby.seats[1] is not None)
        ben.send(TakeSeat(3))
        moved = lobby_where(ann, [ben], lambda lobby: lobby.seats[3] is not None)
        assert [s.name if s else None for s in moved.seats] == ["Ann", None, None, "Ben"]
        ben.send(TakeSeat(9))  # not a seat: the host refuses it and carries on
        deadline = time.monotonic() + 10
        while not ben.errors and time.monotonic() < deadline:
            ben.poll(20)
        assert ben.errors and "seat" in ben.errors[-1].reason, ben.errors
        ann.send(TakeSeat(1))  # the host is still serving (a taken seat: the pure tests)
        lobby_where(ben, [ann], lambda lobby: lobby.seats[1] is not None)
        # The game starts with Ben in the seat he took: his game plays seat 3's hand.
        for seat in (0, 2):
            ann.send(AddBot(seat))
            lobby_where(ann, [ben], lambda lobby, seat=seat: lobby.seats[seat] is not None)
        ann.send(SetRules(TableOptions(turn_seconds=0, claim_seconds=0)))
        lobby_where(ben, [ann], lambda lobby: lobby.options is not None)
        ben.send(AcceptRules())
        lobby_where(ann, [ben], lambda lobby: lobby.can_start)
        ann.send(StartGame())
        deadline = time.monotonic() + 10
        rolled: set[str] = set()
        while (ben.view is None or len(ben.view.hand) < 13) and time.monotonic() < deadline:
            for c in (ann, ben):
                c.poll(20)
                # Whoever was drawn first dealer (§2) rolls the dice; no timer does it here.
                if c.view is not None and RollDice() in c.view.legal and c.name not in rolled:
                    rolled.add(c.name)
                    c.send(RollDice())
        assert ben.view is not None and ben.view.seat == 3 and len(ben.view.hand) >= 13
    finally:
        ann.close()
        ben.close()
        local.stop()
