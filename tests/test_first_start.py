"""First start asks for the player's name (prefilled with the computer's user name, never
empty), and Settings keeps to the same rules; the name labels match the others."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import getpass

import msgspec
import pygame

from client import main as gdmj_main
from client.app import App
from client.i18n import LANGUAGES, set_language, t
from client.names import suggested_name
from client.scenes import settings_scene
from client.scenes.menu import MenuScene
from client.scenes.prompt import NamePromptScene
from client.scenes.settings_scene import SettingsScene
from client.settings import load_settings
from client.ui import Choice
from tests.support.keys import CTRL, key, run, typed


def user(monkeypatch: pytest.MonkeyPatch, name: str | None) -> None:
    """The OS user name getpass gives (None: it cannot tell, as on a bare container)."""

    def getuser() -> str:
        if name is None:
            raise OSError("No username set in the environment")
        return name

    monkeypatch.setattr(getpass, "getuser", getuser)


def test_the_name_offered_is_the_computers_user_name(monkeypatch: pytest.MonkeyPatch) -> None:
    user(monkeypatch, "bea")
    assert suggested_name("Player") == "bea"
    user(monkeypatch, "阿" * 20)  # wider than a name may be: cut to 12 Chinese characters
    assert suggested_name("Player") == "阿" * 12


@pytest.mark.parametrize("os_name", [None, "", "   ", "\x07\x08"])
def test_without_a_usable_user_name_it_is_player_and_four_digits(
    monkeypatch: pytest.MonkeyPatch, os_name: str | None
) -> None:
    user(monkeypatch, os_name)
    set_language("zh-Hans")
    assert re.fullmatch(r"玩家 \d{4}", suggested_name("Player"))
    set_language("en")
    assert re.fullmatch(r"Player \d{4}", suggested_name("Player"))
    names = {suggested_name("Player", random.Random(seed)) for seed in range(5)}
    assert len(names) > 1, "two friends would get the same name"


def test_a_name_chosen_before_is_offered_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    user(monkeypatch, "bea")
    assert suggested_name("小龙") == "小龙"


def start(app: App, *argv: str) -> None:
    args = gdmj_main._parser().parse_args(list(argv))
    address = None
    if args.join:
        from client.net import Address

        address = Address.parse(args.join)
    gdmj_main._start(app, args, address)


def test_the_first_start_asks_for_a_name_before_the_game_asked_for(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    user(monkeypatch, "bea")
    quick: list[App] = []
    monkeypatch.setattr("client.starting.start_quick_game", quick.append)
    start(app, "--quick")
    prompt = app.scene
    assert isinstance(prompt, NamePromptScene) and isinstance(app.scenes[0], MenuScene)
    assert prompt.field.text == "bea" and prompt.field.focused
    assert not quick, "the game started before the player had a name"
    run(app, typed("Bea Lam"), key(pygame.K_RETURN))  # typing replaces the selected name
    assert quick == [app] and isinstance(app.scene, MenuScene)
    saved, _ = load_settings()
    assert (saved.player_name, saved.name_chosen) == ("Bea Lam", True)


def test_once_chosen_it_is_not_asked_again(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.settings = msgspec.structs.replace(app.settings, player_name="Bea", name_chosen=True)
    start(app)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


def test_a_name_on_the_command_line_is_not_asked_for(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    joined: list[object] = []
    monkeypatch.setattr(
        "client.starting.connect", lambda app, address, **kw: joined.append(address)
    )
    start(app, "--join", "127.0.0.1:47251", "--name", "Bea")
    assert joined and not isinstance(app.scene, NamePromptScene)


def test_the_name_is_never_empty(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    user(monkeypatch, "bea")
    set_language("zh-Hans")
    app.push(MenuScene(app))
    prompt = NamePromptScene(app)
    app.push(prompt)
    run(app, key(pygame.K_a, CTRL), key(pygame.K_BACKSPACE), key(pygame.K_RETURN))
    assert app.scene is prompt and prompt.problem == "请填写名字"
    run(app, typed("   "), key(pygame.K_RETURN))
    assert app.scene is prompt and not app.settings.name_chosen
    run(app, key(pygame.K_a, CTRL), typed("阿珍"), key(pygame.K_RETURN))
    assert app.scene is not prompt and app.settings.player_name == "阿珍"


def test_settings_refuses_an_empty_name_in_place(app: App) -> None:
    app.settings = msgspec.structs.replace(app.settings, player_name="Bea", name_chosen=True)
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    app.frame(0.016)
    scene.name.text = "  "
    scene._save()
    assert app.scene is scene and app.notice == t("name.empty")
    assert app.settings.player_name == "Bea"
    scene.name.text = "  Bea Lam "
    scene._save()
    assert app.scene is not scene and app.settings.player_name == "Bea Lam"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_settings_label_is_the_same_size(
    app: App, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    set_language(language)
    sizes: dict[str, int] = {}

    def record(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, *a, **k):  # type: ignore[no-untyped-def]
        sizes[text] = size
        return pygame.Rect(pos, (1, 1))

    monkeypatch.setattr(settings_scene, "draw_text", record)
    monkeypatch.setattr("client.ui.draw_text", record)
    scene = SettingsScene(app)
    app.push(scene)
    scene.draw(app.screen)
    labels = [t("settings.player_name"), t("log.folder")]
    labels += [c.label for c in scene.widgets() if isinstance(c, Choice)]
    assert len({sizes[label] for label in labels}) == 1, {label: sizes[label] for label in labels}


def test_settings_never_offers_the_english_placeholder_in_chinese(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    user(monkeypatch, None)
    set_language("zh-Hant")
    scene = SettingsScene(app)  # a name never chosen (started with --join --name, say)
    assert re.fullmatch(r"玩家 \d{4}", scene.name.text), scene.name.text
