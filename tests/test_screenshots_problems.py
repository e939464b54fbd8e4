"""Screenshots of a problem told in two lines (client/problem.py): the taken-name screen and
a bad record file's message on the menu, in 简体, 繁體 and English at 1280×720 and
1920×1080 (PNG files as tests/test_screenshots.py's). The menu's notice stays on screen,
under its buttons."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import set_language
from client.scenes.connect import ConnectingScene
from client.scenes.menu import MenuScene
from tests.support.screens import assert_buttons_laid_out, save

SIZES = ((1280, 720), (1920, 1080))
SHOTS = [(size, lang) for size in SIZES for lang in ("zh-Hans", "zh-Hant", "en")]


@pytest.fixture(params=SHOTS, ids=lambda shot: f"{shot[0][0]}x{shot[0][1]}-{shot[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


def test_the_taken_name_screen(app: App, shots_dir: Path, language: str) -> None:
    scene = ConnectingScene(app, None, False)
    app.push(scene)
    scene._ask_for_a_name("小龙", "the name '小龙' is already at this table")
    save(app, shots_dir, "problem-name-taken", language)
    assert_buttons_laid_out(app.screen, [scene.retry, scene.cancel])


def test_a_bad_record_file_on_the_menu(
    app: App, shots_dir: Path, language: str, tmp_path: Path
) -> None:
    app.push(MenuScene(app))
    bad = tmp_path / "bad.gdmjrec"
    bad.write_text("not json", encoding="utf-8")
    assert not app.nav.open_record(bad)
    save(app, shots_dir, "problem-bad-record", language)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert_buttons_laid_out(app.screen, menu.buttons)
    block = menu.notice_box
    assert block is not None and app.screen.get_rect().contains(block)
    assert all(b.rect.bottom < block.top for b in menu.buttons)


def test_a_refusal_in_the_lobby(app: App, shots_dir: Path, language: str) -> None:
    from client.scenes.lobby import LobbyScene
    from shared.events import LobbySeat, LobbyUpdated
    from shared.protocol import Error, Welcome
    from tests.support.gui import StillConnection

    seats = (
        LobbySeat("小龙", bot=False, accepted=True, owner=False),
        LobbySeat("Bea", bot=False, accepted=False, owner=True),
        None,
        None,
    )
    lobby = LobbyUpdated(seats, (), None, False)
    conn = StillConnection(rules=None, view=None, lobby=lobby)  # type: ignore[arg-type]
    conn.name = "小龙"
    conn.welcome = Welcome(1, "周五麻将", 1, "token", 0, None, "")
    conn.errors = [Error(code="illegal_action", reason="only the table owner may start the game")]
    app.connection = conn  # type: ignore[assignment]
    scene = LobbyScene(app)
    app.push(scene)
    save(app, shots_dir, "problem-lobby-refusal", language)
