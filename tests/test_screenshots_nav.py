"""The screens the menu opens, each reached through the navigator (client/navigator.py) by
the menu's own buttons, and the table code asked for again after a failed try: one PNG
each at 1280×720 in 繁體 (as tests/test_screenshots.py's), Esc back to the menu between."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.i18n import t
from client.net import Address
from client.problem import problem
from client.scenes.menu import MenuScene
from tests.support.screens import save

LANGUAGE = "zh-Hant"

OPENED = [
    ("menu.host", "HostFormScene"),
    ("menu.history", "HistoryScene"),
    ("menu.rules", "RulesScene"),
    ("menu.settings", "SettingsScene"),
]
"""A menu entry's text key -> the screen its button opens (joining starts the LAN's table
browser, so it is left out)."""


@pytest.fixture
def app_language() -> str:
    return LANGUAGE


@pytest.fixture
def menu_app(app: App) -> App:
    app.nav.menu()
    app.frame(0.016)
    return app


def _click(app: App, label: str) -> None:
    scene = app.scene
    assert isinstance(scene, MenuScene)
    (button,) = [b for b in scene.buttons if b.label == label]
    button.action()


@pytest.mark.parametrize(("key", "screen"), OPENED, ids=[key for key, _ in OPENED])
def test_a_menu_button_opens_its_screen(
    menu_app: App, shots_dir: Path, key: str, screen: str
) -> None:
    _click(menu_app, t(key))
    assert type(menu_app.scene).__name__ == screen
    save(menu_app, shots_dir, f"nav-{screen}", LANGUAGE)
    menu_app.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    menu_app.frame(0.016)
    assert isinstance(menu_app.scene, MenuScene)


def test_settings_open_about(menu_app: App, shots_dir: Path) -> None:
    menu_app.nav.settings()
    menu_app.frame(0.016)
    menu_app.nav.about()
    assert type(menu_app.scene).__name__ == "AboutScene"
    save(menu_app, shots_dir, "nav-AboutScene", LANGUAGE)


def test_the_code_asked_again_says_why(menu_app: App, shots_dir: Path) -> None:
    address = Address("192.0.2.7", 7788, None)
    why = problem("error.connect_failed", "Invalid argument")
    menu_app.nav.code_prompt(address, "週五枱", "ab12", why=why)
    scene = menu_app.scene
    assert type(scene).__name__ == "CodePromptScene"
    assert scene.problem == why  # type: ignore[attr-defined]
    save(menu_app, shots_dir, "nav-code-again", LANGUAGE)
