"""Screenshots of a session's end, as PNG files for people to look at: the last hand's result
with its Final standings button, and the final standings (a player who left named, the
winner in gold). At 1280×720 and 1920×1080 (and a small 1024×640), in 简体, 繁體 and English,
saved like tests/test_screenshots.py's. Each also checks what a person would see wrong: the
panel on screen, every text and button inside it at its full size, nothing over anything."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.assets import render_text
from client.i18n import set_language
from client.scenes.over import SessionOverScene
from client.scenes.table import TableScene
from shared.events import LobbySeat, LobbyUpdated
from tests.support.gui import press, redraw, show_table
from tests.support.screens import assert_buttons_laid_out, save
from tests.test_session_over import end, ended_session

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["zh-Hans", "zh-Hant", "en"]
SHOTS = [(size, language) for size in SIZES for language in LANGUAGES]
LONG_NAMES = ("一二三四五六七八九十一二", "Wwwwwwwwwwwwwwwwwwwwwwww", "阿珍", "Bea")
"""Names as wide as the host allows (24 columns, a Chinese character two)."""


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


def assert_standings_readable(app: App, scene: SessionOverScene) -> None:
    layout = scene.layout
    screen = app.screen.get_rect()
    assert screen.contains(layout.panel), layout.panel
    drawn = []
    for text in layout.texts:
        image = render_text(text.text, text.size, text.colour, bold=text.bold)
        rect = pygame.Rect(text.pos, image.get_size())
        assert layout.panel.contains(rect), (text.text, rect, layout.panel)
        assert text.size >= 14, (text.text, text.size)
        drawn.append((text.text, rect))
    for i, (label, rect) in enumerate(drawn):
        for other, other_rect in drawn[i + 1 :]:
            assert not rect.colliderect(other_rect), (label, other)
    for band, _ in layout.bands:
        assert layout.panel.contains(band), band
    assert_buttons_laid_out(app.screen, scene.buttons)
    lowest = max(rect.bottom for _, rect in drawn)
    for button in scene.buttons:
        assert layout.panel.contains(button.rect), (button.label, button.rect)
        assert button.rect.top >= lowest, ("a button over the standings", button.label)


def test_the_last_result_and_the_final_standings(
    app: App, shots_dir: Path, language: str
) -> None:
    conn = ended_session()
    table = show_table(app, conn)
    end(conn, "player_left", leaving=(2,))
    redraw(app)
    assert isinstance(app.scene, TableScene)
    save(app, shots_dir, "session-last-result", language)
    assert_buttons_laid_out(app.screen, table.buttons)
    press(app, pygame.K_RETURN)
    over = app.scene
    assert isinstance(over, SessionOverScene)
    save(app, shots_dir, "session-standings", language)
    assert_standings_readable(app, over)


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
@pytest.mark.parametrize("chosen", LANGUAGES)
def test_the_widest_names_fit_the_standings(
    app: App, shots_dir: Path, size: tuple[int, int], chosen: str
) -> None:
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    conn = ended_session()
    conn.lobby = LobbyUpdated(
        tuple(LobbySeat(name, False, True, i == 0) for i, name in enumerate(LONG_NAMES)),  # type: ignore[arg-type]
        (),
        None,
        False,
    )
    conn.name = LONG_NAMES[0]
    show_table(app, conn)
    end(conn, "score_too_low", leaving=(1,))
    redraw(app)
    press(app, pygame.K_RETURN)
    over = app.scene
    assert isinstance(over, SessionOverScene)
    save(app, shots_dir, "session-standings-long-names", chosen)
    assert_standings_readable(app, over)
