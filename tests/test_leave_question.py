"""The question before leaving, the lost-host banner and who is reconnecting, on the real
App and scenes without a network (tests/support/gui.py), driven by posted keys and clicks.

The expectations are the issue's words: any way out of a running table (Esc, the menu
button, closing the window) asks "Leave the table? A computer player finishes the hand for
you."; the owner of a table hosted from the game is told "You are hosting: leaving closes
the table for everyone." and may cancel; while the host is lost the table takes no input
and offers "Back to menu"; the others see "阿珍 is reconnecting…".
"""

from __future__ import annotations

import time
from pathlib import Path

import msgspec
import pygame
import pytest
import zmq

from client import net
from client.app import App
from client.net import Address, Connection
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MenuScene
from shared.protocol import LOST_AFTER_SECONDS, HostMessage, TableClosed
from tests.support.gui import (
    NAMES,
    FakeLocalHost,
    StillConnection,
    click,
    labelled,
    late_game_connection,
    press,
    redraw,
    show_table,
    with_people,
)

ROOT = Path(__file__).resolve().parents[1]


def question(app: App) -> list[str] | None:
    confirm = app.overlays.confirm
    return None if confirm is None else [confirm.title, *confirm.lines]


def test_esc_at_a_running_table_asks_and_stay_keeps_the_table(app: App) -> None:
    scene = show_table(app, late_game_connection())
    press(app, pygame.K_ESCAPE)
    assert question(app) == ["Leave the table?", "A computer player finishes the hand for you."]
    assert app.scene is scene and app.connection is not None
    press(app, pygame.K_ESCAPE)  # Esc again: Stay
    assert question(app) is None
    assert app.scene is scene and app.connection is not None


def test_the_menu_button_asks_and_leave_goes_to_the_menu(app: App) -> None:
    scene = show_table(app, late_game_connection())
    redraw(app)
    where = labelled(scene.buttons, "Menu")
    assert where is not None
    click(app, where)
    assert question(app) is not None
    redraw(app)
    confirm = app.overlays.confirm
    assert confirm is not None
    leave = labelled(confirm.buttons, "Leave")
    assert leave is not None
    click(app, leave)
    assert isinstance(app.scene, MenuScene)
    assert app.connection is None


def test_the_table_takes_no_input_while_asked(app: App) -> None:
    scene = show_table(app, late_game_connection())
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_t)  # the chat's hotkey, had the table had the keyboard
    assert not scene.chat_open
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_t)
    assert scene.chat_open, "the table has the keyboard again once the question is gone"


def test_closing_the_window_asks_and_closing_it_again_quits(app: App) -> None:
    show_table(app, late_game_connection())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0.016)
    assert app.running and question(app) is not None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame(0.016)
    assert not app.running


def test_a_guest_in_the_lobby_leaves_without_a_question(app: App) -> None:
    conn = StillConnection(late_game_connection().rules)
    app.connection = conn  # type: ignore[assignment]
    app.push(LobbyScene(app))
    redraw(app)
    press(app, pygame.K_ESCAPE)
    assert question(app) is None
    assert isinstance(app.scene, MenuScene)


def test_the_host_is_told_leaving_closes_the_table_for_everyone(app: App) -> None:
    host = FakeLocalHost()
    conn = with_people(StillConnection(late_game_connection().rules))
    app.connection = conn  # type: ignore[assignment]
    app.local_host = host  # type: ignore[assignment]
    app.push(LobbyScene(app))
    redraw(app)
    press(app, pygame.K_ESCAPE)
    assert question(app) == [
        "Leave the table?",
        "You are hosting: leaving closes the table for everyone.",
    ]
    press(app, pygame.K_ESCAPE)  # cancel
    assert isinstance(app.scene, LobbyScene) and host.stopped_by == []
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN)  # Leave
    assert isinstance(app.scene, MenuScene)
    assert host.stopped_by == [NAMES[0]], "the host closes the table in its player's name"


def test_a_game_with_computer_players_only_says_it_ends(app: App) -> None:
    app.local_host = FakeLocalHost()  # type: ignore[assignment]
    show_table(app, late_game_connection())
    press(app, pygame.K_ESCAPE)
    assert question(app) == [
        "Leave the table?",
        "This game against the computer players ends here.",
    ]


def test_a_spectator_is_asked_whether_to_stop_watching(app: App) -> None:
    show_table(app, late_game_connection(viewer=None))
    press(app, pygame.K_ESCAPE)
    assert question(app) == ["Leave the table?", "You stop watching this table."]


# --- the lost host -----------------------------------------------------------------------


def test_a_lost_host_gives_a_banner_that_blocks_the_table(app: App) -> None:
    conn = late_game_connection()
    scene = show_table(app, conn)
    conn.silent_since = time.monotonic() - 12.4
    redraw(app)
    banner = app.overlays.banner
    assert banner is not None
    assert banner.title == "Connection to the host lost — reconnecting... (12 s)"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_t)
    assert app.overlays.confirm is None and not scene.chat_open, "input is blocked"
    conn.silent_since = None  # the host answered
    redraw(app)
    assert app.overlays.banner is None
    press(app, pygame.K_t)
    assert scene.chat_open


def test_the_banners_button_goes_back_to_the_menu(app: App) -> None:
    conn = late_game_connection()
    show_table(app, conn)
    conn.silent_since = time.monotonic() - 5
    redraw(app)
    assert app.overlays.banner is not None
    where = labelled(app.overlays.banner.buttons, "Back to menu")
    assert where is not None
    click(app, where)
    assert isinstance(app.scene, MenuScene) and app.connection is None


def test_a_player_whose_own_network_is_down_is_told_so_and_what_the_others_see(
    app: App,
) -> None:
    conn = late_game_connection()
    show_table(app, conn)
    conn.silent_since = time.monotonic() - 7.2
    conn.network_down = True
    redraw(app)
    banner = app.overlays.banner
    assert banner is not None
    assert banner.title == "Your network connection is down — reconnecting... (7 s)"
    assert banner.lines == [
        "Meanwhile a computer player plays for you; the others see you reconnecting."
    ]


def test_the_others_see_who_is_reconnecting(app: App) -> None:
    conn = with_people(late_game_connection(), away=True)
    show_table(app, conn)
    redraw(app)
    assert app.overlays.away == ["阿珍"]
    conn = with_people(conn, away=False)
    app.connection = conn  # type: ignore[assignment]
    redraw(app)
    assert app.overlays.away == []


# --- the connection ------------------------------------------------------------------------


@pytest.mark.parametrize("route", [True, False])
def test_a_silent_host_is_counted_from_when_it_was_last_heard(
    monkeypatch: pytest.MonkeyPatch, route: bool
) -> None:
    """Against a port nobody answers on: the connection reconnects, counts the silence from
    the host's last word (not from its own retry), and tells its own network from the host's
    by whether this computer still has a route to the host."""
    monkeypatch.setattr(net, "has_route", lambda host, port: route)
    with zmq.Context() as context:
        conn = Connection(Address("127.0.0.1", 9), "Bea", resume_token="t" * 32, context=context)
        conn.connect()
        heard = time.monotonic() - LOST_AFTER_SECONDS - 1
        conn.last_heard = heard
        conn.poll(0)
        assert conn.reconnects == 1
        assert conn.silent_since == heard
        lost = conn.lost_for(time.monotonic())
        assert lost is not None and lost >= LOST_AFTER_SECONDS + 1
        assert conn.network_down is (not route)
        conn.close(say_bye=False)


def test_three_seconds_of_silence_show_before_the_reconnect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three missed pongs (PROTOCOL.md §10.9): lost for the player, not yet reconnected."""
    monkeypatch.setattr(net, "has_route", lambda host, port: True)
    with zmq.Context() as context:
        conn = Connection(Address("127.0.0.1", 9), "Bea", resume_token="t" * 32, context=context)
        conn.connect()
        conn.last_heard = time.monotonic() - 2.5
        conn.poll(0)
        assert conn.silent_since is None, "two and a half seconds is not lost yet"
        heard = conn.last_heard = time.monotonic() - 3.2
        conn.poll(0)
        assert conn.silent_since == heard and conn.reconnects == 0
        conn.close(say_bye=False)


def test_a_route_to_this_computer_is_always_there() -> None:
    assert net.has_route("127.0.0.1", 47251)
    assert net.has_route("a.host.name", 47251), "names are not resolved: not known to be down"


def test_table_closed_stops_the_reconnecting(monkeypatch: pytest.MonkeyPatch) -> None:
    with zmq.Context() as context:
        conn = Connection(Address("127.0.0.1", 9), "Bea", resume_token="t" * 32, context=context)
        conn.connect()
        message: HostMessage = TableClosed("阿强", ())
        conn.receive(message)
        conn.last_heard = time.monotonic() - LOST_AFTER_SECONDS - 1
        conn.poll(0)
        assert conn.closed == message and conn.reconnects == 0
        conn.close(say_bye=False)


def test_the_documented_table_closed_example_is_a_table_closed() -> None:
    text = (ROOT / "shared" / "PROTOCOL.md").read_text(encoding="utf-8")
    start = text.index('{\n  "type": "table_closed"')
    example = text[start : text.index("\n}\n", start) + 2]
    closed = msgspec.json.decode(example, type=TableClosed)
    assert closed.by and len(closed.scores) == 4, closed
