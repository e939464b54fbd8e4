"""After a resume the timer shown on another seat is the time really left, not a full one:
the host's snapshot says how long the wait in progress has left (PROTOCOL.md `snapshot`
`wait_left`), the connection keeps it, and the table's countdown starts from it."""

from __future__ import annotations

import time
from pathlib import Path

import msgspec
import pytest

from client.net import Address, Connection
from client.widgets.timers import Timers, waited_on
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, RollDice, SetRules, StartGame
from shared.protocol import Snapshot
from shared.ruleset import TableOptions, make_ruleset
from tests.support.gui import late_game

OWNER, GUEST, WATCHER = 1, 2, 3
TURN, CLAIM = 20, 8


def timed_room(tmp_path: Path) -> Room:
    """A table with 20 s turns: two people (seats 0 and 1), two computer players slow to
    move, a spectator; the first hand started at t=0, both people's contributions to its
    deal in, its dealer to roll."""
    room = Room(
        "T",
        "",
        ScoreStore(tmp_path / "scores.json"),
        RecordLog(tmp_path / "records"),
        RoomConfig(bot_delay=1000.0),
    )
    for player, name in ((OWNER, "强哥"), (GUEST, "Bea")):
        room.join(player, name, False, 0.0, identity=f"id:timer-resume-{player}")
    for seat in (2, 3):
        room.act(OWNER, AddBot(seat), 0.0)
    room.act(OWNER, SetRules(TableOptions(turn_seconds=TURN, claim_seconds=CLAIM)), 0.0)
    room.act(GUEST, AcceptRules(), 0.0)
    room.act(OWNER, StartGame(), 0.0)
    window = room.contributions
    assert window is not None
    for player in (OWNER, GUEST):  # as their clients do on deal_committed (PROTOCOL.md §15)
        room.contribute(player, window.hand_number, bytes([player]).hex() * 32, 0.0)
    room.join(WATCHER, "Cat", True, 0.0, identity="id:timer-resume-watcher")
    return room


def test_a_snapshot_says_how_long_the_wait_in_progress_has_left(tmp_path: Path) -> None:
    room = timed_room(tmp_path)
    watcher = room.members[WATCHER]
    snapshot = room.snapshot(watcher, 5.0)
    assert snapshot.view is not None and snapshot.view.phase == "roll"
    assert snapshot.wait_left == pytest.approx(TURN - 5.0)
    assert room.snapshot(watcher, 25.0).wait_left == 0.0  # ran out: not negative
    assert room.snapshot(watcher).wait_left is None  # no clock given: nothing said


def test_the_time_left_counts_from_when_that_wait_began(tmp_path: Path) -> None:
    room = timed_room(tmp_path)
    assert room.session is not None
    dealer = room.session.hand.current  # type: ignore[union-attr]
    roller = next((m.player for m in room.members.values() if m.seat == dealer), None)
    if roller is not None:
        rolled = 6.0
        room.act(roller, RollDice(), rolled)
    else:  # a computer player's: it rolls when its delay is up
        rolled = 1000.0
        room.tick(rolled)
    view = room.snapshot(room.members[WATCHER], rolled + 3.0)
    assert view.view is not None and view.view.phase == "turn"
    assert view.wait_left == pytest.approx(TURN - 3.0)


def test_a_resumed_player_is_told_the_time_left(tmp_path: Path) -> None:
    room = timed_room(tmp_path)
    room.lost(GUEST, 2.0)
    out = room.resume(room.members[GUEST], 9, 7.0)
    (snapshot,) = [m for p, m in out if p == 9 and isinstance(m, Snapshot)]
    assert snapshot.wait_left == pytest.approx(TURN - 7.0)


def test_the_snapshot_field_is_optional_on_the_wire() -> None:
    old = {"type": "snapshot", "seq": 3, "lobby": {"type": "lobby_updated", "seats": [None] * 4,
           "spectators": [], "options": None, "can_start": False}, "view": None}
    decoded = msgspec.json.decode(msgspec.json.encode(old), type=Snapshot)
    assert decoded.wait_left is None


def _waiting_view():  # type: ignore[no-untyped-def]
    """A view mid-hand, waiting on another seat than the viewer's."""
    game = late_game(7, 16)
    connection = Connection(Address("127.0.0.1", 9, None), "Bea")
    from shared.protocol import EventMessage

    for seq, event in enumerate(game.events, 1):
        connection.model.take(EventMessage(seq, event), time.monotonic())
    view = connection.view
    assert view is not None
    other = (view.seat + 1) % 4 if view.seat is not None else 1
    return msgspec.structs.replace(view, phase="turn", current_seat=other, legal=())


def test_another_seats_timer_after_a_resume_shows_the_time_really_left() -> None:
    view = _waiting_view()
    rules = make_ruleset({"turn_seconds": TURN, "claim_seconds": CLAIM})
    now = 100.0
    timers = Timers()
    timers.follow(now, None, view, rules, (view, now + 7.0))
    seat = waited_on(view)
    assert seat is not None
    countdown = timers.for_seat(seat, view)
    assert countdown is not None
    assert countdown.shown(now) == 7  # not 20: the wait began before the snapshot
    assert countdown.share(now) == pytest.approx(7 / TURN)
    # a wait that begins after the snapshot starts full
    later = msgspec.structs.replace(view, wall_left=view.wall_left - 1)
    timers.follow(now + 1, None, later, rules, (view, now + 7.0))
    assert timers.for_seat(seat, later).shown(now + 1) == TURN  # type: ignore[union-attr]


def test_without_a_hint_a_new_wait_starts_full() -> None:
    view = _waiting_view()
    rules = make_ruleset({"turn_seconds": TURN, "claim_seconds": CLAIM})
    timers = Timers()
    timers.follow(50.0, None, view, rules)
    assert timers.for_seat(waited_on(view), view).shown(50.0) == TURN  # type: ignore[arg-type,union-attr]


def test_the_connection_keeps_the_snapshots_time_left() -> None:
    view = _waiting_view()
    conn = Connection(Address("127.0.0.1", 9, None), "Bea")
    lobby = {"type": "lobby_updated", "seats": [None] * 4, "spectators": [], "options": None,
             "can_start": False}
    from shared.events import LobbyUpdated

    snapshot = Snapshot(4, msgspec.convert(lobby, LobbyUpdated), view, None, 6.5)
    before = time.monotonic()
    conn.receive(snapshot)
    assert conn.wait_hint is not None
    hinted, deadline = conn.wait_hint
    assert hinted == view
    assert before + 6.5 <= deadline <= time.monotonic() + 6.5
    conn.receive(Snapshot(5, msgspec.convert(lobby, LobbyUpdated), view, None))
    assert conn.wait_hint is None
