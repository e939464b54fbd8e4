"""Hosting from the game window: the lobby shows the owner the address friends type.

The host listens on loopback only (tests reach nothing else); which LAN addresses this
computer has is the host's own helper, replaced here by a fixed list.
"""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client.app import App
from client.i18n import set_language, t
from client.net import Address
from client.scenes import lobby as lobby_module
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MenuScene
from client.starting import host_locally, hosted_addresses, start_quick_game
from server import host as host_module
from server.host import HostConfig

LAN = ["10.0.0.5", "127.0.0.1", "169.254.3.4", "192.168.7.20"]


@pytest.fixture
def app(app: App) -> App:
    """The conftest's app at the menu."""
    app.push(MenuScene(app))
    return app

def lobby_of(app: App) -> LobbyScene:
    deadline = time.monotonic() + 15
    while not isinstance(app.scene, LobbyScene) or not app.scene._is_owner():
        assert time.monotonic() < deadline, "no lobby"
        app.frame(0.016)
        time.sleep(0.01)
    return app.scene


def host(app: App, monkeypatch: pytest.MonkeyPatch, addresses: list[str]) -> LobbyScene:
    monkeypatch.setattr(host_module, "local_addresses", lambda bind: addresses)
    config = HostConfig(
        name="Friday", port=0, bind="127.0.0.1", advertise=False, data_dir=app.data_dir
    )
    host_locally(app, config, None)
    return lobby_of(app)


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []
    real = lobby_module.draw_text

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(lobby_module, "draw_text", spy)
    app.dirty = True
    app.frame(0.016)
    return texts


def test_the_owner_sees_every_lan_address_with_the_key_lan_first(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = host(app, monkeypatch, LAN)
    local = app.local_host
    assert local is not None and local.host is not None
    port, key = local.host.port, local.host.key_text
    assert scene.addresses == [
        f"10.0.0.5:{port}#{key}",
        f"192.168.7.20:{port}#{key}",
        f"169.254.3.4:{port}#{key}",
    ]
    assert Address.parse(scene.addresses[0]) == Address("10.0.0.5", port, key)
    texts = drawn_texts(app, monkeypatch)
    assert t("host.address", address=scene.addresses[0]) in texts
    assert any(scene.addresses[1] in text and scene.addresses[2] in text for text in texts)


def test_the_copy_button_puts_the_address_on_the_clipboard(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = host(app, monkeypatch, ["192.168.7.20"])
    button = next(b for b in scene.buttons if b.label == t("lobby.copy_address"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center))
    app.frame(0.016)
    assert pygame.scrap.get_text() == scene.addresses[0]
    assert any(b.label == t("lobby.copied") for b in scene.buttons)


def test_without_a_clipboard_the_address_is_still_shown(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = host(app, monkeypatch, ["192.168.7.20"])

    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    scene._copy_address()
    texts = drawn_texts(app, monkeypatch)
    assert not any(b.label == t("lobby.copy_address") for b in scene.buttons)
    assert t("host.address", address=scene.addresses[0]) in texts


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant"])
def test_the_address_line_is_in_the_ui_language(
    app: App, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    set_language(language)
    scene = host(app, monkeypatch, ["192.168.7.20"])
    assert t("host.address", address=scene.addresses[0]) in drawn_texts(app, monkeypatch)


def test_a_quick_game_on_loopback_shows_no_address(app: App) -> None:
    start_quick_game(app)
    scene = lobby_of(app)
    assert scene.addresses == [] and hosted_addresses(None) == []
