"""One clock for every seat: after the host restarts from its journal, every game shows the
same seconds left for the same wait — the player waited on (their own prompt's `seconds`)
and the others (the snapshot's `wait_left`), and a game that saw the wait begin before the
restart as well as one that did not (PROTOCOL.md §5 `snapshot.wait_left`)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

import client.net
from client.net import Address, Connection
from client.widgets.timers import Timers, waited_on
from server.engine.session import SessionPhase
from server.restore import restore_tables
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, SetRules, StartGame
from shared.protocol import Message
from shared.ruleset import TableOptions, make_ruleset
from tests.test_timer_resume import _waiting_view

OWNER, GUEST = 1, 2
NAMES = {OWNER: "强哥", GUEST: "Bea"}
TURN, CLAIM = 20, 8
SLOW = 1000.0
"""The computer players' delay: they never move in these tests unless the clock jumps."""


def _room(data: Path, journals: Path) -> Room:
    store = ScoreStore(data / "scores.json")
    return Room(
        "T", "", store, RecordLog(data / "records"), RoomConfig(bot_delay=SLOW), journals=journals
    )


def _to_a_persons_turn(tmp_path: Path) -> tuple[Room, int]:
    """A journaled table (two people, two computer players) waiting on a person's move
    (roll or turn); that person's seat."""
    room = _room(tmp_path / "before", tmp_path / "journal")
    for player in (OWNER, GUEST):
        room.join(player, NAMES[player], False, 0.0, identity=f"id:one-clock-{player}")
    for seat in (2, 3):
        room.act(OWNER, AddBot(seat), 0.0)
    room.act(OWNER, SetRules(TableOptions(turn_seconds=TURN, claim_seconds=CLAIM)), 0.0)
    room.act(GUEST, AcceptRules(), 0.0)
    room.act(OWNER, StartGame(), 0.0)
    window = room.contributions
    assert window is not None
    for player in (OWNER, GUEST):
        room.contribute(player, window.hand_number, bytes([player]).hex() * 32, 0.0)
    now = 0.0
    for _ in range(50):
        session = room.session
        assert session is not None and session.phase is SessionPhase.PLAYING
        hand = session.hand
        assert hand is not None
        if hand.phase.value in ("turn", "roll") and hand.current in (0, 1):
            return room, hand.current
        now += SLOW + 1.0  # a computer player's move
        room.tick(now)
    raise AssertionError("no person's turn came")


class _Game:
    """A game's connection fed by hand with what the host sends it, on a fake clock."""

    def __init__(self, name: str) -> None:
        self.conn = Connection(Address("127.0.0.1", 9, None), name)
        self.timers = Timers()

    def take(self, out: list[tuple[int, Message]], player: int) -> None:
        for to, message in out:
            if to == player:
                self.conn.receive(message)  # type: ignore[arg-type]

    def shown(self, seat: int, now: float) -> int:
        conn = self.conn
        assert conn.view is not None
        self.timers.follow(now, conn.deadline, conn.view, conn.rules, conn.wait_hint)
        countdown = self.timers.for_seat(seat, conn.view)
        assert countdown is not None
        return countdown.shown(now)


def test_two_games_agree_on_the_time_left_after_a_restore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, mover = _to_a_persons_turn(tmp_path)
    clock = [0.0]
    monkeypatch.setattr(client.net.time, "monotonic", lambda: clock[0])
    restarted = 5000.0
    store = ScoreStore(tmp_path / "after" / "scores.json")
    records = RecordLog(tmp_path / "after" / "records", store.writer)

    def make_room(name: str) -> Room:
        return Room(
            name, "", store, records, RoomConfig(bot_delay=SLOW), journals=tmp_path / "journal"
        )

    (room,), _ = restore_tables(tmp_path / "journal", store, records, make_room, 100, restarted)
    by_seat = {m.seat: m for m in room.members.values()}
    games = {}
    # The mover's game comes back 1 s after the restart, the other's 4 s after it.
    for seat, back in ((mover, 1.0), (1 - mover, 4.0)):
        member = by_seat[seat]
        game = games[seat] = _Game(member.name)
        player = 200 + seat
        clock[0] = restarted + back
        game.take(room.resume(member, player, restarted + back), player)
    later = restarted + 6.0
    clock[0] = later
    own = games[mover].shown(mover, later)
    theirs = games[1 - mover].shown(mover, later)
    assert games[mover].conn.deadline is not None, "the mover's own timer runs"
    assert own == theirs == TURN - 6  # counted from the restart, in both games


def test_a_game_that_saw_the_wait_begin_takes_the_restarted_hosts_time_left() -> None:
    """The wait began before the host went down (the game counted from it); the restarted
    host's snapshot says how long it really has: the game shows that, not its old count."""
    view = _waiting_view()
    seat = waited_on(view)
    assert seat is not None
    rules = make_ruleset({"turn_seconds": TURN, "claim_seconds": CLAIM})
    timers = Timers()
    timers.follow(0.0, None, view, rules)  # the wait begins: 20 s
    assert timers.for_seat(seat, view).shown(12.0) == 8  # type: ignore[union-attr]
    # The host went down and came back; its timers start afresh on the same wait.
    same = msgspec.structs.replace(view)
    timers.follow(12.0, None, same, rules, (same, 12.0 + 18.0))
    assert timers.for_seat(seat, same).shown(12.0) == 18  # type: ignore[union-attr]
    # A later frame with the same hint keeps that count (it is not taken again).
    timers.follow(15.0, None, same, rules, (same, 12.0 + 18.0))
    assert timers.for_seat(seat, same).shown(15.0) == 15  # type: ignore[union-attr]
