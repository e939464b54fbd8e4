"""A real session to its end, over the network: the game (a guest, Bea) at a table a host
runs with the owner (强哥, another connection) and two computer players. 强哥 leaves
mid-hand; a computer player finishes that hand for him and the host ends the session
(`session_ended` "player_left"), then sends the lobby with his seat free. Bea's table keeps
the last hand's result on screen until she moves on, then shows the standings naming him;
History opened from there keeps her at the table however long she looks."""

from __future__ import annotations

import time
from pathlib import Path

import msgspec
import pygame
import pytest

from client.app import App
from client.scenes.history import HistoryScene
from client.scenes.lobby import LobbyScene
from client.scenes.over import SessionOverScene
from client.scenes.table import TableScene
from shared.actions import Discard, LeaveTable, Pass, SetRules, StartGame
from shared.protocol import LOST_AFTER_SECONDS
from tests.support.gui import labelled, press
from tests.support.net import FAST_OPTIONS, make_player, start_host
from tests.test_leave_and_lost_host import in_a_hand, join_as_guest, run_for, run_until


@pytest.fixture
def guest(app: App) -> App:
    app.settings = msgspec.structs.replace(app.settings, player_name="Bea")
    return app


def test_a_session_that_ends_keeps_the_last_result_then_shows_the_standings(
    guest: App, tmp_path: Path
) -> None:
    host = start_host(tmp_path / "data", "Last hand", bots=2)
    owner = make_player(host.address, "强哥")
    try:
        deadline = time.monotonic() + 10
        while owner.conn.welcome is None and time.monotonic() < deadline:
            owner.conn.poll(20)
        owner.conn.send(SetRules(FAST_OPTIONS))
        join_as_guest(guest, host.address)

        def owner_polls() -> None:
            owner.conn.poll(0)

        run_until(
            guest,
            lambda: owner.conn.lobby is not None and owner.conn.lobby.can_start,
            10,
            "the table can start",
            owner_polls,
        )
        owner.conn.send(StartGame())
        run_until(guest, lambda: in_a_hand(guest), 20, "a hand under way", owner_polls)
        owner.conn.send(LeaveTable())  # mid-hand: he is gone, a computer finishes for him

        def bea_plays() -> None:
            owner_polls()
            conn = guest.connection
            if conn is None or not conn.legal or conn.view is None or conn.view.phase == "ended":
                return
            discards = [a for a in conn.legal if isinstance(a, Discard)]
            if discards:
                conn.send(discards[-1])
            else:
                conn.send(Pass() if Pass() in conn.legal else conn.legal[0])
            conn.legal = ()

        conn = guest.connection
        assert conn is not None
        run_until(guest, lambda: conn.session_end is not None, 60, "the session ends", bea_plays)
        run_for(guest, 1.0)  # the lobby that frees 强哥's seat has come meanwhile
        scene = guest.scene
        assert isinstance(scene, TableScene), "the table went away with the last result"
        assert conn.session_end is not None and conn.session_end.reason == "player_left"
        assert conn.lobby is not None and "强哥" not in [
            o.name for o in conn.lobby.seats if o is not None
        ]
        assert scene.result_layout is not None
        assert "强哥" in " ".join(scene.result_layout.lines), "the last result names him still"
        assert labelled(scene.buttons, "Final standings") is not None
        press(guest, pygame.K_RETURN)
        over = guest.scene
        assert isinstance(over, SessionOverScene)
        lines = over.layout.lines
        assert "强哥 left the table" in lines
        assert "Bea (you)" in lines and "强哥" in lines
        assert [row.score for row in over.layout.rows] == sorted(conn.session_end.scores)[::-1]
        # History over the standings, for longer than the host waits on a silent player:
        # the connection is kept alive meanwhile, and Bea keeps her seat.
        press(guest, pygame.K_h)
        assert isinstance(guest.scene, HistoryScene)
        run_for(guest, LOST_AFTER_SECONDS + 1.5)
        press(guest, pygame.K_ESCAPE)
        assert guest.scene is over
        run_for(guest, 0.5)
        assert conn.reconnects == 0 and conn.silent_since is None
        mine = [o for o in conn.lobby.seats if o is not None and o.name == "Bea"]
        assert mine and not mine[0].away, conn.lobby.seats
        press(guest, pygame.K_RETURN)
        assert isinstance(guest.scene, LobbyScene)
        run_for(guest, 0.5)
        assert isinstance(guest.scene, LobbyScene) and guest.connection is conn
    finally:
        owner.conn.close()
        host.stop()
