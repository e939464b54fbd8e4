"""The desktop client, headless: every screen draws, and a quick game plays a hand through.

Screens are drawn with SDL's dummy video driver; the quick game runs a real local host with
three computer players, and the test answers for the human seat through the same buttons'
intents the player would use.
"""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from shared.actions import ContinueGame, DeclareWin, Discard, Pass, RollDice, SetRules
from shared.events import LobbyUpdated
from shared.protocol import Welcome
from shared.ruleset import TableOptions
from tests.support.gui import EXPECTED, SEAT, StillConnection, assert_same, click, lobby, pick


def frames(app: App, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(0.016)
        time.sleep(0.005)


def not_blank(surface: pygame.Surface) -> bool:
    colors = {
        surface.get_at((x, y))[:3]
        for x in range(0, surface.get_width(), 37)
        for y in range(0, surface.get_height(), 29)
    }
    return len(colors) > 5


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
def test_every_screen_draws_in_every_language(app: App, language: str) -> None:
    from client.i18n import set_language
    from client.scenes.host_form import HostFormScene
    from client.scenes.menu import MenuScene
    from client.scenes.settings_scene import SettingsScene

    set_language(language)
    for scene in (MenuScene(app), SettingsScene(app), HostFormScene(app)):
        app.push(scene)
        app.dirty = True
        app.frame(0.016)
        assert not_blank(app.screen), type(scene).__name__
    for size in ((1024, 640), (2560, 1440)):
        app.screen = pygame.display.set_mode(size)
        app.dirty = True
        app.frame(0.016)
        assert app.screen.get_size() == size


def test_a_quick_game_plays_a_whole_hand(app: App) -> None:
    from client.scenes.menu import MenuScene
    from client.scenes.table import TableScene
    from client.starting import start_quick_game

    app.push(MenuScene(app))
    start_quick_game(app)
    deadline = time.monotonic() + 90
    ended = False
    while time.monotonic() < deadline and not ended:
        frames(app, 0.05)
        conn = app.connection
        assert conn is not None and not conn.errors, conn and conn.errors
        view, legal = conn.view, conn.legal
        if view is None or not legal:
            continue
        if view.phase == "ended":
            assert isinstance(app.scene, TableScene)
            app.dirty = True
            app.frame(0.016)  # the result box draws
            assert ContinueGame() in legal
            ended = True
        elif RollDice() in legal:
            app.scene.send(RollDice())  # type: ignore[attr-defined]
        elif DeclareWin() in legal:
            app.scene.send(DeclareWin())  # type: ignore[attr-defined]
        elif view.drawn is not None and Discard(view.drawn) in legal:
            app.scene.send(Discard(view.drawn))  # type: ignore[attr-defined]
        elif Pass() in legal:
            app.scene.send(Pass())  # type: ignore[attr-defined]
        elif any(isinstance(a, Discard) for a in legal):
            app.scene.send(next(a for a in legal if isinstance(a, Discard)))  # type: ignore[attr-defined]
    assert ended, "the hand did not end within 90 s"


def test_clicking_a_tile_twice_discards_it(app: App) -> None:
    from client.scenes.menu import MenuScene
    from client.starting import start_quick_game

    app.push(MenuScene(app))
    start_quick_game(app)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        frames(app, 0.05)
        conn = app.connection
        assert conn is not None
        if conn.legal and RollDice() in conn.legal:
            app.scene.send(RollDice())  # type: ignore[attr-defined]
        view = conn.view
        if (
            view is not None
            and view.phase == "turn"
            and any(isinstance(a, Discard) for a in conn.legal)
        ):
            break
    scene = app.scene
    app.dirty = True
    app.frame(0.016)
    rect, tile = scene.hand_rects[0]  # type: ignore[attr-defined]
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
        app.frame(0.016)
    river_before = len(view.seats[view.seat].river)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        frames(app, 0.05)
        seat_river = conn.view.seats[view.seat].river
        if len(seat_river) > river_before:
            break
    assert tile in conn.view.seats[view.seat].river


def test_text_too_wide_for_its_room_is_drawn_smaller() -> None:
    from client.ui import MIN_TEXT_SIZE, fitted_text

    title = "Guangdong Mahjong · Chicken-Ping-Hu"
    assert fitted_text(title, 57, (0, 0, 0), None).get_width() > 960
    assert 900 < fitted_text(title, 57, (0, 0, 0), 960).get_width() <= 960
    tiny = fitted_text(title, 57, (0, 0, 0), 10)
    assert tiny.get_height() == fitted_text(title, MIN_TEXT_SIZE, (0, 0, 0), None).get_height()


def test_long_text_wraps_between_its_pieces_within_the_width() -> None:
    from client.assets import render_text
    from client.ui import wrap_chunks

    pieces = ["Discard 8 bamboo: waits on", *(f"{n} characters×4 (3 fan)" for n in (2, 5, 8))]
    lines = wrap_chunks(pieces, 15, 240)
    assert len(lines) == 4 and lines[0] == pieces[0]
    assert all(line.strip() in pieces for line in lines)
    assert all(render_text(line, 15, (0, 0, 0)).get_width() <= 240 for line in lines)
    assert wrap_chunks(pieces, 15, 2000) == [" ".join(pieces)]


def test_every_button_label_fits_its_button_in_every_language(app: App) -> None:
    from client import ui
    from client.i18n import set_language
    from client.scenes.host_form import HostFormScene
    from client.scenes.menu import MenuScene
    from client.scenes.settings_scene import SettingsScene

    app.screen = pygame.display.set_mode((1024, 640))
    drawn: list[tuple[int, int]] = []
    real = ui.fitted_text

    def spy(text, size, color, max_width, bold=False):  # type: ignore[no-untyped-def]
        image = real(text, size, color, max_width, bold)
        if max_width is not None:
            drawn.append((image.get_width(), max_width))
        return image

    ui.fitted_text = spy  # type: ignore[assignment]
    try:
        for language in ("zh-Hans", "zh-Hant", "en"):
            set_language(language)
            for scene in (MenuScene(app), SettingsScene(app), HostFormScene(app)):
                app.push(scene)
                app.dirty = True
                app.frame(0.016)
    finally:
        ui.fitted_text = real  # type: ignore[assignment]
        set_language("en")
    assert drawn and all(width <= room for width, room in drawn)


def test_the_host_form_hosts_with_every_picked_option(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.i18n import t
    from client.scenes import host_form
    from client.scenes.host_form import HostFormScene

    hosted = []
    monkeypatch.setattr(
        host_form, "host_locally", lambda app, config, options: hosted.append((config, options))
    )
    app.screen = pygame.display.set_mode((1024, 640))
    scene = HostFormScene(app)
    app.push(scene)
    app.dirty = True
    app.frame(0.016)
    pick(scene.rules.by_name, app)
    while scene.bots.value != 3:
        click(app, scene.bots.rect.center)
    while scene.bot_level.value != "strong":
        click(app, scene.bot_level.rect.center)
    start = next(b for b in scene.buttons if b.label == t("host.start"))
    click(app, start.rect.center)
    ((config, options),) = hosted
    assert config.bots == 3 and config.bot_level == "strong"
    assert_same(options, EXPECTED)


def test_the_owner_in_the_lobby_sends_every_picked_option(app: App) -> None:
    from client.i18n import t
    from client.scenes.lobby import LobbyScene

    seats = list(lobby().seats)
    state = LobbyUpdated(tuple(seats), (), None, False)  # type: ignore[arg-type]
    conn = StillConnection(rules=None, view=None, lobby=state)  # type: ignore[arg-type]
    conn.welcome = Welcome(1, "t", 1, "token", SEAT, None, "")
    app.connection = conn  # type: ignore[assignment]
    app.screen = pygame.display.set_mode((1024, 640))
    scene = LobbyScene(app, TableOptions(base=2, horses=1))
    app.push(scene)
    app.dirty = True
    app.frame(0.016)
    assert scene.rules.by_name["base"].value == 2 and scene.rules.by_name["horses"].value == 1
    pick(scene.rules.by_name, app)
    button = next(b for b in scene.buttons if b.label == t("lobby.set_base"))
    click(app, button.rect.center)
    (sent,) = conn.sent
    assert isinstance(sent, SetRules)
    assert_same(sent.options, EXPECTED)
    assert msgspec.json.decode(msgspec.json.encode(sent), type=SetRules) == sent


def test_the_owner_steps_a_computer_seat_through_the_levels(app: App) -> None:
    """The level button of a computer seat asks the host for the next level (easy →
    normal → strong → easy), with `add_bot` on that seat."""
    from client.i18n import t
    from client.scenes.lobby import LobbyScene
    from shared.actions import AddBot

    state = LobbyUpdated(lobby().seats, (), None, False)
    conn = StillConnection(rules=None, view=None, lobby=state)  # type: ignore[arg-type]
    conn.welcome = Welcome(1, "t", 1, "token", SEAT, None, "")
    app.connection = conn  # type: ignore[assignment]
    app.push(LobbyScene(app))
    app.dirty = True
    app.frame(0.016)
    # the stand-in lobby's computer players: seat 1 normal, seat 2 strong, seat 3 easy
    for label, sent in (
        (t("level.normal") + " ›", AddBot(1, "strong")),
        (t("level.strong") + " ›", AddBot(2, "easy")),
        (t("level.easy") + " ›", AddBot(3, "normal")),
    ):
        conn.sent.clear()
        button = next(b for b in app.scene.buttons if b.label == label)
        click(app, button.rect.center)
        assert conn.sent == [sent]
