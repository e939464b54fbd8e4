"""The running scoreboard on screen (client/scoreboard.py): its rows and totals for a
session written out by hand (the amounts and their sums worked out here from RULES.md's
payments, not by the code under test), and Tab (or its button) opening and closing it at
the table, in the lobby and on the final standings, Esc closing it too."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client.app import App
from client.scenes.lobby import LobbyScene
from client.scenes.over import SessionOverScene
from client.scoreboard import Scoreboard, score_row, sheet_rows, total_row
from shared.protocol import ScoreSheet
from shared.score_sheet import SheetHand, SheetWinner
from tests.support.gui import (
    NAMES,
    click,
    labelled,
    late_game_connection,
    press,
    redraw,
    show_table,
)
from tests.test_session_over import end, ended_session

NAMES_HERE = ("阿珍", "Bea", "阿强", "Wong")
START = (1000, 1000, 1000, 1000)
# RULES.md §8, base 1 (3番满6番爆 doubling: 1 fan 1, 2 fan 2, 3 fan 4): self-drawn, each of
# the three others pays the winner; on a discard, the discarder alone pays.
HANDS = (
    # hand 1, East round, dealer 阿珍: 阿强 self-drawn at 3 fan, 4 from each of the others
    SheetHand(1, 0, 0, "self_drawn", (SheetWinner(2, 3),), None, (-4, -4, 12, -4),
              (996, 996, 1012, 996)),
    # hand 2, dealer Bea: a drawn game, nobody pays
    SheetHand(2, 0, 1, "draw", (), None, (0, 0, 0, 0), (996, 996, 1012, 996)),
    # hand 3, dealer Bea again: Wong wins 1 fan on 阿珍's discard, 阿珍 pays 1
    SheetHand(3, 0, 1, "discard", (SheetWinner(3, 1),), 0, (-1, 0, 0, 1),
              (995, 996, 1012, 997)),
)  # fmt: skip
SHEET = ScoreSheet(NAMES_HERE, START, HANDS)


def test_rows_and_totals_of_a_written_out_session(app: App) -> None:
    rows = sheet_rows(SHEET, NAMES_HERE)
    assert [r.hand for r in rows] == ["1 · East", "2 · East", "3 · East"]
    assert [r.dealer for r in rows] == ["阿珍", "Bea", "Bea"]
    assert [r.result for r in rows] == [
        "阿强 self-drawn, 3 fan",
        "Drawn hand",
        "Wong on 阿珍's discard, 1 fan",
    ]
    assert [r.cells for r in rows] == [
        ("-4", "-4", "+12", "-4"),
        ("±0", "±0", "±0", "±0"),
        ("-1", "±0", "±0", "+1"),
    ]
    # -4 + 0 - 1, -4 + 0 + 0, 12 + 0 + 0, -4 + 0 + 1
    assert total_row(SHEET) == ("-5", "-4", "+12", "-3")
    assert score_row(SHEET) == ("995", "996", "1012", "997")
    assert score_row(ScoreSheet(NAMES_HERE, START, ())) == ("1000",) * 4


def test_tab_opens_and_closes_it_at_the_table(app: App) -> None:
    conn = late_game_connection()
    conn.sheet = SHEET
    scene = show_table(app, conn)
    assert app.overlays.scoreboard is None
    press(app, pygame.K_TAB)
    board = app.overlays.scoreboard
    assert isinstance(board, Scoreboard)
    assert board.sheet == SHEET and board.viewer == 0
    press(app, pygame.K_TAB)
    assert app.overlays.scoreboard is None
    press(app, pygame.K_TAB)
    press(app, pygame.K_ESCAPE)
    assert app.overlays.scoreboard is None, "Esc closes it"
    assert app.overlays.confirm is None, "without asking to leave the table"
    redraw(app)
    where = labelled(scene.buttons, "Scores (Tab)")
    assert where is not None, "the table has a button for it"
    click(app, where)
    assert app.overlays.scoreboard is not None
    assert app.scene is scene


def test_tab_opens_it_in_the_lobby_and_on_the_final_standings(app: App) -> None:
    conn = ended_session()
    conn.sheet = SHEET
    table = show_table(app, conn)
    end(conn)
    redraw(app)
    where = labelled(table.buttons, "Final standings")
    assert where is not None
    click(app, where)
    assert isinstance(app.scene, SessionOverScene)
    press(app, pygame.K_TAB)
    assert app.overlays.scoreboard is not None
    press(app, pygame.K_TAB)
    assert app.overlays.scoreboard is None
    app.replace(LobbyScene(app))
    conn.view = None
    redraw(app)
    press(app, pygame.K_TAB)
    board = app.overlays.scoreboard
    assert board is not None and board.sheet == SHEET
    press(app, pygame.K_TAB)
    assert app.overlays.scoreboard is None


def test_a_long_session_scrolls_and_keeps_the_latest_hands_in_view(app: App) -> None:
    hands = tuple(
        SheetHand(n, (n - 1) // 4 % 4, (n - 1) % 4, "draw", (), None, (0, 0, 0, 0), START)
        for n in range(1, 25)
    )
    conn = late_game_connection()
    conn.sheet = ScoreSheet(NAMES, START, hands)
    show_table(app, conn)
    press(app, pygame.K_TAB)
    board = app.overlays.scoreboard
    assert board is not None
    redraw(app)
    assert board.visible < 24, "24 hands do not fit at 1280×720: it must scroll"
    assert board.first + board.visible == 24, "the latest hand is in view"
    press(app, pygame.K_PAGEUP)
    assert board.first == 24 - board.visible - 8
    for _ in range(10):
        press(app, pygame.K_UP)
    assert board.first == 0
    press(app, pygame.K_DOWN)
    assert board.first == 1
