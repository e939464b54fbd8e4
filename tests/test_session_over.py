"""The end of a session: the last hand's result stays on the table until the player moves
on ("Final standings"), then the evening's standings, and the way back to the lobby.

The table is fed by the stand-in connection (tests/support/gui.py) a played-out hand and
then the host's `session_ended`, as a real host sends them; the lobby that follows frees the
seat of whoever leaves, as `Room._end_session` does."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from client.app import App
from client.scenes.lobby import LobbyScene
from client.scenes.over import SessionOverScene
from client.scenes.over_layout import Standing, standings
from client.scenes.table import TableScene
from shared.events import LobbyUpdated, SessionEnded
from tests.support.gui import (
    StillConnection,
    click,
    labelled,
    late_turn_with_melds,
    played_out,
    press,
    redraw,
    show_table,
)

FINAL = (1040, 1002, 958, 1000)
START = (1000, 1000, 1000, 1000)


def ended_session() -> StillConnection:
    """A hand played out to its end, then the session's end (no choice left to make)."""
    conn = played_out(late_turn_with_melds()).connection()
    conn.start_scores = START
    return conn


def end(
    conn: StillConnection, reason: str = "rounds_complete", leaving: tuple[int, ...] = ()
) -> None:
    """The host's `session_ended`, then the lobby without the seats of those leaving."""
    conn.legal = ()
    conn.session_end = SessionEnded(reason, FINAL, leaving)
    assert conn.lobby is not None
    conn.session_seats = conn.lobby.seats
    conn.feed(conn.session_end)
    seats = tuple(None if s in leaving else o for s, o in enumerate(conn.lobby.seats))
    conn.lobby = LobbyUpdated(seats, (), None, False)  # type: ignore[arg-type]


def test_the_last_hands_result_stays_until_the_player_moves_on(app: App) -> None:
    conn = ended_session()
    scene = show_table(app, conn)
    assert scene.result_layout is not None
    end(conn)
    for _ in range(5):
        redraw(app)
    assert app.scene is scene, "the table went away before the last result was seen"
    assert scene.result_layout is not None, "the last hand's result is not drawn"
    where = labelled(scene.buttons, "Final standings")
    assert where is not None and scene.result_layout.box.collidepoint(where)
    assert labelled(scene.buttons, "Continue") is None
    click(app, where)
    assert isinstance(app.scene, SessionOverScene)


def test_enter_on_the_last_result_shows_the_standings_and_again_the_lobby(app: App) -> None:
    conn = ended_session()
    show_table(app, conn)
    end(conn)
    redraw(app)
    press(app, pygame.K_RETURN)
    over = app.scene
    assert isinstance(over, SessionOverScene)
    redraw(app)
    lines = over.layout.lines
    assert "Game over" in lines and "All rounds played" in lines
    assert "Me (you) wins" not in lines and "You win the game!" in lines
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, LobbyScene)
    assert app.connection is conn, "back to the same table's lobby, still connected"


def test_the_standings_rank_the_seats_by_final_score_with_the_evenings_change() -> None:
    rows = standings(SessionEnded("rounds_complete", FINAL, ()), ("A", "B", "C", "D"), START)
    assert rows == [
        Standing(1, 0, "A", 1040, 40),
        Standing(2, 1, "B", 1002, 2),
        Standing(3, 3, "D", 1000, 0),
        Standing(4, 2, "C", 958, -42),
    ]


def test_equal_scores_share_a_rank_and_an_unknown_start_has_no_change() -> None:
    ended = SessionEnded("rounds_complete", (990, 1010, 1010, 990), ())
    rows = standings(ended, ("A", "B", "C", "D"), None)
    assert [(r.rank, r.name, r.change) for r in rows] == [
        (1, "B", None),
        (1, "C", None),
        (3, "A", None),
        (3, "D", None),
    ]


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        ("player_left", "Bot Wing left the table"),
        ("score_too_low", "Score too low: Bot Wing"),
    ],
)
def test_the_reason_names_who_the_session_ended_for(
    app: App, reason: str, expected: str
) -> None:
    conn = ended_session()
    table = show_table(app, conn)
    end(conn, reason, leaving=(2,))
    redraw(app)
    assert table.result_layout is not None
    assert "Bot Wing" in table.result_layout.lines, "the last result names the freed seat"
    press(app, pygame.K_RETURN)
    over = app.scene
    assert isinstance(over, SessionOverScene)
    lines = over.layout.lines
    assert expected in lines
    assert "Bot Wing" in lines, "the seat freed in the lobby is still named in the standings"
    assert "+40" in lines and "-42" in lines


def test_the_standings_buttons_lead_on(app: App) -> None:
    conn = ended_session()
    show_table(app, conn)
    end(conn)
    redraw(app)
    press(app, pygame.K_RETURN)
    over = app.scene
    assert isinstance(over, SessionOverScene)
    redraw(app)
    history = labelled(over.buttons, "History")
    assert history is not None
    click(app, history)
    from client.scenes.history import HistoryScene

    assert isinstance(app.scene, HistoryScene)
    app.pop()
    assert app.scene is over
    redraw(app)
    leave = labelled(over.buttons, "Leave the table")
    assert leave is not None
    click(app, leave)
    assert app.connection is None, "the table was left"


def test_a_new_game_at_the_table_takes_the_standings_to_it(app: App) -> None:
    conn = ended_session()
    show_table(app, conn)
    end(conn)
    redraw(app)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SessionOverScene)
    again = played_out(late_turn_with_melds())
    conn.session_end = None
    conn.view = None
    conn.feed(*again.events[:3])
    redraw(app)
    assert isinstance(app.scene, TableScene)


def test_the_connection_keeps_the_start_and_who_sat_where_when_the_session_ended() -> None:
    from client.net import Address, Connection
    from shared.events import SessionStarted
    from shared.protocol import EventMessage
    from tests.support.gui import lobby

    conn = Connection(Address("127.0.0.1", 9, None), "Me")
    seated = lobby()
    events = [
        seated,
        SessionStarted(0, (0, 1, 2, 3), (1000, 1020, 990, 1000), 1),
        SessionEnded("player_left", FINAL, (2,)),
        LobbyUpdated(  # the host frees the leaver's seat right after
            (seated.seats[0], seated.seats[1], None, seated.seats[3]), (), None, False
        ),
    ]
    for seq, event in enumerate(events, 1):
        conn.model.take(EventMessage(seq, event), time.monotonic())
    assert conn.start_scores == (1000, 1020, 990, 1000)
    assert conn.session_seats == seated.seats
    assert conn.lobby is not None and conn.lobby.seats[2] is None


def test_a_tie_for_first_names_both_and_a_spectator_sees_the_winner_named(app: App) -> None:
    from client.scenes.over_layout import winner_text

    tied = standings(SessionEnded("rounds_complete", (990, 1010, 1010, 990), ()), NAMES4, None)
    assert winner_text(tied, viewer=1) == "B, C share first place"
    rows = standings(SessionEnded("rounds_complete", FINAL, ()), NAMES4, START)
    assert winner_text(rows, viewer=None) == "A wins the game"
    assert winner_text(rows, viewer=0) == "You win the game!"


NAMES4 = ("A", "B", "C", "D")
