"""Screenshots of the clock's screens, as PNG files for people to look at: the leave
question and the rules page over the player's turn, each with the player's own time left
above it; the line naming what the timer did for the player; the result box saying whom
the table waits for. At 1280×720, in 简体, 繁體 and English (SDL's dummy driver, no
network); saved like tests/test_screenshots.py's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.i18n import set_language, t
from client.widgets.timers import Timers
from shared.actions import Discard
from shared.protocol import TimerActed
from tests.support.gui import (
    SEAT,
    labelled,
    late_turn_with_melds,
    played_out,
    press,
    show_table,
    with_people,
)
from tests.support.screens import save

LANGUAGES = ["zh-Hans", "zh-Hant", "en"]


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, app: App) -> str:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    set_language(request.param)
    app.screen = pygame.display.set_mode((1280, 720))
    return str(request.param)


def _turn(app: App) -> None:
    """The player's turn, 11 of its 15 s left."""
    conn = late_turn_with_melds().connection()
    scene = show_table(app, conn)
    clock = [500.0]
    scene.clock = lambda: clock[0]
    scene.timers = Timers()
    conn.deadline = clock[0] + 15.0
    app.frame(0.016)
    clock[0] += 4.2


def test_the_leave_question_over_the_players_turn(app: App, shots_dir: Path, language: str) -> None:
    _turn(app)
    press(app, pygame.K_ESCAPE)
    save(app, shots_dir, "clock-leave", language)
    assert app.overlays.time_left is not None


def test_the_rules_page_over_the_players_turn(app: App, shots_dir: Path, language: str) -> None:
    _turn(app)
    app.nav.table_rules()
    save(app, shots_dir, "clock-rules", language)
    assert app.overlays.time_left is not None


def test_the_line_naming_what_the_timer_did(app: App, shots_dir: Path, language: str) -> None:
    conn = late_turn_with_melds().connection()
    show_table(app, conn)
    conn.legal = ()
    conn.pending.append(TimerActed(Discard(13)))  # 5筒
    app.frame(0.016)
    save(app, shots_dir, "clock-timer-line", language)


def test_the_result_box_after_leave_says_whom_the_table_waits_for(
    app: App, shots_dir: Path, language: str
) -> None:
    conn = with_people(played_out(late_turn_with_melds()).connection())
    scene = show_table(app, conn)
    conn.legal = ()  # Leave was chosen: no buttons any more
    conn.chosen = {SEAT: "leave", 2: "continue"}
    save(app, shots_dir, "clock-result-waiting", language)
    assert scene.result_layout is not None
    assert labelled(scene.buttons, t("result.leave")) is None


def test_the_scoreboard_over_the_players_turn(app: App, shots_dir: Path, language: str) -> None:
    _turn(app)
    press(app, pygame.K_TAB)
    save(app, shots_dir, "clock-scoreboard", language)
    assert app.overlays.scoreboard is not None and app.overlays.time_left is not None
