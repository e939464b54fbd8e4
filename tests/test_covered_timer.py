"""Timers you cannot lose unseen: while the player has a choice pending at the table and a
dialog or page covers it (the leave question, the rules page, a sheet a scene draws over
its table), a card above the cover says how long is left (client/overlays.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import client.ui
from client.app import App
from client.i18n import t
from client.scenes.table import TableScene
from client.widgets.timers import Timers
from tests.support.gui import StillConnection, late_turn_with_melds, press, redraw, show_table

START = 500.0


def _turn(app: App, seconds: float = 15.0, gone: float = 4.2) -> tuple[TableScene, list[float]]:
    """The player's turn with `seconds` on its timer, `gone` of them past."""
    conn = late_turn_with_melds().connection()
    assert conn.legal
    scene = show_table(app, conn)
    clock = [START]
    scene.clock = lambda: clock[0]
    scene.timers = Timers()
    conn.deadline = START + seconds
    app.frame(0.016)
    clock[0] += gone
    return scene, clock


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the next frames render."""
    seen: list[str] = []
    real = client.ui.render_text

    def spy(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(client.ui, "render_text", spy)
    return seen


def test_the_leave_question_shows_the_time_left(app: App, texts: list[str]) -> None:
    _turn(app)
    press(app, pygame.K_ESCAPE)
    confirm = app.overlays.confirm
    assert confirm is not None
    texts.clear()
    redraw(app)
    assert t("timer.covered", seconds=11) in texts
    assert t("leave.title") in texts  # the question is there as well


def test_the_card_sits_above_the_question_on_screen(app: App) -> None:
    _turn(app)
    press(app, pygame.K_ESCAPE)
    from client.overlays import draw_time_left

    timer = app.overlays.time_left
    assert timer is not None and timer[0].shown(timer[1]) == 11
    confirm = app.overlays.confirm
    assert confirm is not None
    card = draw_time_left(app.screen, timer, confirm.box)
    assert app.screen.get_rect().contains(card)
    assert card.bottom <= confirm.box.top


def test_the_rules_page_over_the_table_shows_the_time_left(app: App, texts: list[str]) -> None:
    _turn(app)
    app.nav.table_rules()
    texts.clear()
    redraw(app)
    assert t("timer.covered", seconds=11) in texts


def test_a_sheet_a_scene_draws_over_its_table_gets_it_by_saying_so(
    app: App, texts: list[str]
) -> None:
    scene, _ = _turn(app)
    redraw(app)
    assert t("timer.covered", seconds=11) not in texts  # the table's own ring shows it
    scene.covers_table = True  # a scoreboard drawn over the table, say
    texts.clear()
    redraw(app)
    assert t("timer.covered", seconds=11) in texts


def test_no_card_without_a_choice_pending(app: App, texts: list[str]) -> None:
    _turn(app)
    conn = app.connection
    assert isinstance(conn, StillConnection)
    conn.legal = ()  # answered: nothing pending
    press(app, pygame.K_ESCAPE)
    texts.clear()
    redraw(app)
    assert app.overlays.confirm is not None
    assert not any(text.startswith(t("timer.covered", seconds=0)[:4]) for text in texts)
    assert app.overlays.time_left is None


def test_the_scoreboard_over_the_table_shows_the_time_left(app: App, texts: list[str]) -> None:
    _turn(app)
    press(app, pygame.K_TAB)
    scoreboard = app.overlays.scoreboard
    assert scoreboard is not None
    texts.clear()
    redraw(app)
    assert t("timer.covered", seconds=11) in texts
    from client.overlays import draw_time_left

    timer = app.overlays.time_left
    assert timer is not None
    card = draw_time_left(app.screen, timer, None)
    assert app.screen.get_rect().contains(card)
