"""Screenshots of the running scoreboard (client/scoreboard.py), as PNG files for people to
look at: over the table mid-session (a long session, names as wide as the host allows),
over the final standings, and in the lobby after the session; at 1280×720 and 1920×1080,
in 简体, 繁體 and English, saved like tests/test_screenshots.py's. Each also checks the
box is on screen and the table of hands inside it, above its Close button."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.i18n import set_language
from client.scenes.lobby import LobbyScene
from client.scenes.over import SessionOverScene
from client.scoreboard import Scoreboard
from shared.protocol import ScoreSheet
from shared.score_sheet import SheetHand, SheetWinner
from tests.support.gui import click, late_game_connection, press, redraw, show_table
from tests.support.screens import assert_buttons_laid_out, save
from tests.test_session_over import end, ended_session

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["zh-Hans", "zh-Hant", "en"]
SHOTS = [(size, language) for size in SIZES for language in LANGUAGES]
LONG_NAMES = ("一二三四五六七八九十一二", "阿珍", "Wwwwwwwwwwwwwwwwwwwwwwww", "Bea")
"""Names as wide as the host allows (24 columns, a Chinese character two)."""
START = (1000, 1000, 1000, 1000)


def long_session(hands: int = 18) -> ScoreSheet:
    """`hands` hands of every kind: self-drawn, on a discard, robbing a kong, two winners
    on one discard, drawn."""
    lines = []
    scores = list(START)
    for n in range(1, hands + 1):
        dealer = (n - 1) % 4
        kind = ("self_drawn", "discard", "draw", "robbing_kong", "discard")[n % 5]
        winner = (dealer + n) % 4
        loser = None if kind in ("self_drawn", "draw") else (winner + 1) % 4
        deltas = [0, 0, 0, 0]
        winners: tuple[SheetWinner, ...] = ()
        if kind == "self_drawn":
            deltas = [-8] * 4
            deltas[winner] = 24
            winners = (SheetWinner(winner, 4),)
        elif kind != "draw":
            assert loser is not None
            deltas[winner], deltas[loser] = 16, -16
            winners = (SheetWinner(winner, 5),)
            if n % 7 == 0:  # two winners on one discard
                other = (loser + 1) % 4
                deltas[other], deltas[loser] = 2, -18
                winners += (SheetWinner(other, 1),)
        scores = [s + d for s, d in zip(scores, deltas, strict=True)]
        lines.append(
            SheetHand(n, (n - 1) // 4 % 4, dealer, kind, winners, loser,  # type: ignore[arg-type]
                      tuple(deltas), tuple(scores))  # type: ignore[arg-type]
        )  # fmt: skip
    return ScoreSheet(LONG_NAMES, START, tuple(lines))


@pytest.fixture
def app(app: App) -> App:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


@pytest.fixture(params=SHOTS, ids=lambda shot: f"{shot[0][0]}x{shot[0][1]}-{shot[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


def assert_board_laid_out(app: App) -> Scoreboard:
    board = app.overlays.scoreboard
    assert board is not None
    screen = app.screen.get_rect()
    assert screen.contains(board.box)
    assert board.box.contains(board.grid)
    close = board.buttons[0].rect
    assert board.box.contains(close) and close.top > board.grid.bottom
    hands = len(board.sheet.hands) if board.sheet is not None else 0
    assert board.visible >= min(hands, 8), "every hand in view, or eight at least"
    return board


def test_the_scoreboard_at_the_table(app: App, shots_dir: Path, language: str) -> None:
    conn = late_game_connection()
    conn.sheet = long_session()
    conn.lobby = msgspec.structs.replace(
        conn.lobby,
        seats=tuple(  # type: ignore[arg-type]
            msgspec.structs.replace(o, name=name, bot=False)
            for o, name in zip(conn.lobby.seats, LONG_NAMES, strict=True)
        ),
    )
    conn.name = LONG_NAMES[0]
    table = show_table(app, conn)
    save(app, shots_dir, "scores-table-button", language)
    assert_buttons_laid_out(app.screen, table.buttons)
    press(app, pygame.K_TAB)
    redraw(app)
    assert_board_laid_out(app)
    save(app, shots_dir, "scores-table", language)


def test_the_scoreboard_at_the_session_end(app: App, shots_dir: Path, language: str) -> None:
    conn = ended_session()
    conn.sheet = msgspec.structs.replace(long_session(6), over=True)
    table = show_table(app, conn)
    end(conn)
    redraw(app)
    where = next(b.rect.center for b in table.buttons if b.hotkey == pygame.K_RETURN)
    click(app, where)
    assert isinstance(app.scene, SessionOverScene)
    save(app, shots_dir, "scores-standings", language)
    press(app, pygame.K_TAB)
    redraw(app)
    assert_board_laid_out(app)
    save(app, shots_dir, "scores-over", language)


def test_the_scoreboard_in_the_lobby(app: App, shots_dir: Path, language: str) -> None:
    conn = ended_session()
    conn.sheet = msgspec.structs.replace(long_session(3), over=True)
    conn.view = None
    app.connection = conn  # type: ignore[assignment]
    app.push(LobbyScene(app))
    redraw(app)
    save(app, shots_dir, "scores-lobby-closed", language)
    press(app, pygame.K_TAB)
    redraw(app)
    assert_board_laid_out(app)
    save(app, shots_dir, "scores-lobby", language)

