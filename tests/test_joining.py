"""Joining a table that needs a code: the code asked for on the spot, a wrong code said in
place with another try, and notices that stay with the screen that raised them.

The host is a real `gdmj-host` on loopback with a table code; the LAN list is given to the
join screen directly (discovery itself is tests/test_discovery.py's).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from client.app import App
from client.discovery import TableInfo
from client.i18n import set_language, t
from client.net import Address, Connection
from client.problem import detail_of
from client.scenes.connect import ConnectingScene
from client.scenes.join import JoinScene
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MenuScene
from client.scenes.prompt import CodePromptScene
from client.scenes.settings_scene import SettingsScene
from client.starting import connect
from shared.protocol import Error
from tests.support.keys import clicked, key, run, typed
from tests.support.net import NetHost

CODE = "tea42"


def frames_until(app: App, done: Callable[[], bool], limit: float = 30.0) -> None:
    """Frames until `done`; `limit` is a generous deadline for the event, not a speed."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, f"still on {type(app.scene).__name__}"
        app.frame(0.02)
        time.sleep(0.02)


def join_screen(app: App, tables: list[TableInfo]) -> JoinScene:
    """The join screen over the menu, listing `tables` (no discovery running)."""
    app.push(MenuScene(app))
    scene = JoinScene(app)
    app.push(scene)
    if scene.browser is not None:
        scene.browser.close()
        scene.browser = None
    scene.tables = tables
    app.frame(0.016)
    return scene


def listed(host: NetHost, name: str = "Tea house") -> TableInfo:
    return TableInfo(name, host.address, seats_free=3, code_required=True, protocol=1)


def press_join(app: App, scene: JoinScene) -> None:
    button = scene.buttons[0]
    assert button.label == t("join.join")
    run(app, clicked(button.rect.center))


def test_a_listed_table_that_needs_a_code_asks_for_it_on_the_spot(app: App) -> None:
    table = TableInfo(
        "Tea house", Address("127.0.0.1", 9, "k" * 40), 3, code_required=True, protocol=1
    )
    scene = join_screen(app, [table])
    press_join(app, scene)
    prompt = app.scene
    assert isinstance(prompt, CodePromptScene), type(prompt).__name__
    assert app.connection is None  # nothing was tried without the code
    assert prompt.field.focused and prompt.address == table.address
    assert t("join.code_table", name="Tea house") == prompt.about
    run(app, key(pygame.K_RETURN))  # an empty code is not sent either
    assert app.scene is prompt and prompt.problem == t("join.code_empty")
    assert app.connection is None
    run(app, key(pygame.K_ESCAPE))
    assert app.scene is scene and app.notice is None


def test_a_wrong_code_is_said_in_place_and_the_right_one_then_joins(
    app: App, net_host: Callable[..., NetHost]
) -> None:
    host = net_host("Tea house", code=CODE)
    scene = join_screen(app, [listed(host)])
    press_join(app, scene)
    prompt = app.scene
    assert isinstance(prompt, CodePromptScene)
    run(app, typed("wrong1"), key(pygame.K_RETURN))
    frames_until(app, lambda: isinstance(app.scene, CodePromptScene) and app.scene is not prompt)
    again = app.scene
    assert isinstance(again, CodePromptScene)
    assert again.problem == t("join.code_wrong")
    assert again.field.text == "wrong1" and again.field.selection() == (0, 6)  # typing replaces
    assert app.scenes[-2] is scene, "the prompt sits on the join screen, not on the menu"
    assert not any(s.notice for s in app.scenes)
    run(app, typed(CODE), key(pygame.K_RETURN))
    frames_until(app, lambda: isinstance(app.scene, LobbyScene))
    assert app.connection is not None and app.connection.code == CODE


def test_a_typed_address_without_the_code_gets_the_prompt_too(
    app: App, net_host: Callable[..., NetHost]
) -> None:
    host = net_host("Tea house", code=CODE)
    scene = join_screen(app, [])
    connect(app, host.address)  # what Join does with a typed address and no code
    assert isinstance(app.scene, ConnectingScene)
    frames_until(app, lambda: isinstance(app.scene, CodePromptScene))
    prompt = app.scene
    assert isinstance(prompt, CodePromptScene)
    assert prompt.problem == ""  # no code was given: it is asked for, not called wrong
    assert app.scenes[-2] is scene


def test_other_refusals_are_said_on_the_join_screen_in_its_language(app: App) -> None:
    set_language("zh-Hant")
    scene = join_screen(app, [])
    refusal = Error("table_full", "this table is full")
    assert scene.refused(refusal, Address("127.0.0.1", 9, None), "")
    assert scene.message == "牌桌已滿" == t("error.table_full")
    assert app.scene is scene and app.scenes[0].notice is None


def test_gdmj_join_without_the_code_asks_for_it(
    app: App, net_host: Callable[..., NetHost]
) -> None:
    host = net_host("Tea house", code=CODE)
    menu = MenuScene(app)
    app.push(menu)
    connect(app, host.address)  # main._start for `gdmj --join ADDRESS`
    frames_until(app, lambda: isinstance(app.scene, CodePromptScene))
    assert app.scenes[0] is menu and menu.notice is None


def test_a_notice_stays_with_its_screen_not_on_a_later_menu(app: App) -> None:
    app.push(MenuScene(app))
    app.back_to_menu()
    app.notice = t("error.no_answer")  # as ConnectingScene leaves a refusal on the menu
    menu = app.scene
    assert menu.notice == t("error.no_answer")
    app.push(SettingsScene(app))
    assert app.notice is None, "the menu's notice followed the player to settings"
    app.pop()
    assert app.notice is None, "the old notice came back on the menu"
    app.notice = t("error.no_answer")
    app.back_to_menu()  # a later game ends
    assert app.notice is None


def test_a_notice_from_before_the_first_screen_is_the_first_screens(app: App) -> None:
    fresh = App(app.settings, "The settings file was damaged and has been reset")
    assert fresh.notice == "The settings file was damaged and has been reset"
    menu = MenuScene(fresh)
    fresh.push(menu)
    assert menu.notice == fresh.notice == "The settings file was damaged and has been reset"


def test_a_connection_that_cannot_even_start_is_said_in_the_prompt(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Connection) -> None:
        raise OSError("Network is unreachable")

    monkeypatch.setattr(Connection, "connect", refuse)
    table = TableInfo("Tea house", Address("10.9.9.9", 47251, None), 3, True, 1)
    scene = join_screen(app, [table])
    press_join(app, scene)
    run(app, typed(CODE), key(pygame.K_RETURN))
    prompt = app.scene
    assert isinstance(prompt, CodePromptScene) and app.scenes[-2] is scene
    assert prompt.problem == t("error.connect_failed")
    assert detail_of(prompt.problem) == "Network is unreachable"
    assert prompt.field.text == CODE and scene.notice is None
