"""First start asks the language with the name: 简体中文 / 繁體中文 / English, the computer's
own preselected, the prompt switching at once, the choice saved; `--lang` is not asked."""

from __future__ import annotations

import getpass
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame
import pytest

from client import main as gdmj_main
from client.app import App
from client.i18n import LANGUAGES, current_language, set_language, t, translate
from client.scenes import prompt as prompt_module
from client.scenes.menu import MenuScene
from client.scenes.prompt import NamePromptScene
from client.settings import load_settings
from tests.support.gui import click
from tests.support.keys import key, run, typed
from tests.support.screens import save

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def _computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer set to Hong Kong Chinese, its user "bea"."""
    monkeypatch.setattr(getpass, "getuser", lambda: "bea")
    monkeypatch.setattr(prompt_module, "system_language", lambda: "zh-Hant")


def start(app: App, *argv: str) -> NamePromptScene:
    args = gdmj_main._parser().parse_args(list(argv))
    gdmj_main._start(app, args, None)
    assert isinstance(app.scene, NamePromptScene)
    app.frame(0.016)
    return app.scene


def button(scene: NamePromptScene, label: str) -> tuple[int, int]:
    found = [b.rect.center for b in scene.language_buttons if b.label == label]
    assert found, [b.label for b in scene.language_buttons]
    return found[0]


def test_the_computers_language_is_preselected(app: App) -> None:
    scene = start(app)
    assert [b.label for b in scene.language_buttons] == ["简体中文", "繁體中文", "English"]
    assert scene.language == "zh-Hant" and current_language() == "zh-Hant"
    assert scene.about == translate("zh-Hant", "name.hint")
    marked = [b.label for b in scene.language_buttons if b.accent is not None]
    assert marked == ["繁體中文"]


def test_picking_a_language_switches_the_prompt_at_once(app: App) -> None:
    scene = start(app)
    click(app, button(scene, "English"))
    assert scene.language == "en" and scene.about == translate("en", "name.hint")
    assert t("name.title") == translate("en", "name.title")
    assert scene.buttons[0].label == translate("en", "common.ok")
    click(app, button(scene, "简体中文"))
    assert scene.about == translate("zh-Hans", "name.hint")


def test_a_suggested_name_follows_the_language_a_typed_one_stays(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def nobody() -> str:
        raise OSError("no user name")

    monkeypatch.setattr(getpass, "getuser", nobody)
    scene = start(app)
    digits = re.fullmatch(r"玩家 (\d{4})", scene.field.text)
    assert digits, scene.field.text
    click(app, button(scene, "English"))
    assert scene.field.text == f"Player {digits[1]}"
    scene.field.text = "Bea"
    click(app, button(scene, "繁體中文"))
    assert scene.field.text == "Bea"


def test_the_choice_is_saved_with_the_name(app: App) -> None:
    scene = start(app)
    click(app, button(scene, "English"))
    run(app, typed("Bea Lam"), key(pygame.K_RETURN))
    assert isinstance(app.scene, MenuScene)
    saved, _ = load_settings()
    assert (saved.player_name, saved.language, saved.language_chosen) == ("Bea Lam", "en", True)
    assert current_language() == "en"


def test_a_language_chosen_before_is_preselected_not_the_computers(app: App) -> None:
    app.settings = msgspec.structs.replace(app.settings, language="zh-Hans", language_chosen=True)
    scene = start(app)
    assert scene.language == "zh-Hans"


def test_a_language_on_the_command_line_is_not_asked(app: App) -> None:
    set_language("en")
    scene = start(app, "--lang", "en")
    assert scene.language_buttons == [] and current_language() == "en"
    run(app, key(pygame.K_RETURN))
    saved, _ = load_settings()
    assert not saved.language_chosen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_screenshot_of_the_first_start(
    app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str, shots_dir: Path
) -> None:
    monkeypatch.setattr(prompt_module, "system_language", lambda: language)
    app.screen = pygame.display.set_mode(size)
    scene = start(app)
    assert scene.language == language
    save(app, shots_dir, "first-start", language)
