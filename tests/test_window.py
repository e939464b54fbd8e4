"""The window on a high-DPI screen (client/window.py): a Retina Mac's window has twice its
points in pixels; the game draws its frames at the full pixel size and shows them through
an SDL renderer, and the mouse (in points) lands where the frame drew what it points at.

SDL's dummy driver stands in for macOS's: `retina` makes the game take it for a driver that
counts in points and reports every window's drawable at twice its size, so the renderer
path is the one chosen; the renderer itself is SDL's real software one, so frames are
really uploaded and presented (and scaled down to the dummy's one pixel a point).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client import crash, desktop, window
from client.app import App
from client.i18n import set_language
from client.scenes import table_input
from client.scenes.join import JoinScene
from client.scenes.settings_scene import SettingsScene
from client.settings import Settings
from tests.support.gui import late_turn_with_melds, show_table
from tests.support.screens import save

RED, BLUE, MAGENTA = (200, 30, 30), (30, 30, 200), (255, 0, 255)


@pytest.fixture
def retina(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every window opened from here on has two pixels a point, as on a Retina Mac; the
    high-DPI window opened is closed afterwards."""
    pygame.display.init()
    real = window.drawable_size
    monkeypatch.setattr(window, "HIGH_DPI_DRIVERS", (pygame.display.get_driver(),))
    monkeypatch.setattr(
        window, "drawable_size", lambda renderer: tuple(2 * n for n in real(renderer))
    )
    yield
    if window._shown is not None:
        window._shown.close()


@pytest.fixture
def retina_app(retina: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The game on a Retina screen, its window 1280×720 points, in English."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = App(Settings(language="en", animation_speed="off"))
    app.data_dir, app.config_dir = tmp_path / "data", tmp_path / "config"
    yield app
    app.disconnect()
    set_language("en")


def motion(pos: tuple[int, int], rel: tuple[int, int] = (0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0))


def click_at(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
    ]


def post(*events: pygame.event.Event) -> None:
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)


def test_points_become_pixels_and_back_at_twice_the_pixels(retina: None) -> None:
    shown = window.open_window((320, 180))
    assert isinstance(shown, window.PixelWindow)
    assert shown.scale == (2.0, 2.0)
    assert shown.to_pixels((10, 7)) == (20, 14)
    assert shown.to_pixels((0, 0)) == (0, 0)
    # pixels 101 to 104 across are in points 50 (pixels 100, 101) to 52 (104, 105)
    assert shown.to_points(pygame.Rect(101, 40, 4, 31)) == pygame.Rect(50, 20, 3, 16)


def test_the_mouse_in_events_is_in_pixels_and_a_wheel_is_left_alone(retina: None) -> None:
    shown = window.open_window((320, 180))
    moved = shown.event(motion((100, 50), rel=(3, -2)))
    assert (moved.pos, moved.rel, moved.buttons) == ((200, 100), (6, -4), (0, 0, 0))
    pressed = shown.event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(7, 9)))
    assert (pressed.pos, pressed.button) == ((14, 18), 3)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0)
    assert shown.event(wheel) is wheel
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert shown.event(key) is key


def test_where_pixels_are_points_the_window_is_pygames_display_surface(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pygame.display.init()
    monkeypatch.setattr(window, "HIGH_DPI_DRIVERS", (pygame.display.get_driver(),))
    shown = window.open_window((320, 180))  # the dummy's drawable: its size, one pixel a point
    assert isinstance(shown, window.DisplayWindow)
    assert shown.frame() is pygame.display.get_surface()
    assert shown.frame().get_size() == (320, 180) and shown.scale == (1.0, 1.0)
    assert window._shown is None  # the measured high-DPI window is gone
    monkeypatch.setattr(window, "HIGH_DPI_DRIVERS", ())
    assert isinstance(window.open_window((320, 180)), window.DisplayWindow)  # Windows, X11


def test_a_frame_drawn_at_twice_the_points_is_presented_whole(retina: None) -> None:
    shown = window.open_window((320, 180))
    frame = shown.frame()
    assert frame.get_size() == (640, 360)
    frame.fill(RED, pygame.Rect(0, 0, 320, 360))
    frame.fill(BLUE, pygame.Rect(320, 0, 320, 360))
    shown.present(frame)
    assert isinstance(shown, window.PixelWindow)
    shown_on_screen = shown.renderer.to_surface()  # the dummy's output: one pixel a point
    assert shown_on_screen.get_size() == (320, 180)
    assert shown_on_screen.get_at((40, 90))[:3] == RED
    assert shown_on_screen.get_at((280, 90))[:3] == BLUE


def test_the_game_draws_at_twice_the_points_and_a_click_hits_the_button_under_it(
    retina_app: App, shots_dir: Path
) -> None:
    app = retina_app
    assert isinstance(app.window, window.PixelWindow)
    assert app.screen.get_size() == (2560, 1440)
    app.back_to_menu()
    save(app, shots_dir, "menu-retina", "en")
    settings = next(b for b in app.scene.buttons if b.label == "Settings")
    x, y = settings.rect.center
    assert not settings.rect.collidepoint(x // 2, y // 2)  # unless read as points
    post(motion((x // 2, y // 2)))
    app.frame(0.016)
    assert [b.label for b in app.scene.buttons if b.hovered] == ["Settings"]
    post(*click_at((x // 2, y // 2)))
    app.frame(0.016)
    assert isinstance(app.scene, SettingsScene)


def test_a_table_at_twice_the_points_hovers_the_button_under_the_mouse(
    retina_app: App, shots_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = retina_app
    scene = show_table(app, late_turn_with_melds().connection())
    save(app, shots_dir, "table-retina", "en")
    button = max(scene.buttons, key=lambda b: b.rect.centerx + b.rect.centery)
    x, y = button.rect.center
    assert not button.rect.collidepoint(x // 2, y // 2)  # unless read as points
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (x // 2, y // 2))
    buttons = table_input.make_buttons(scene, scene.layout)  # as when the table changes
    assert [b.label for b in buttons if b.hovered] == [button.label]


def test_a_resized_or_full_screen_window_gets_a_frame_of_its_new_pixels(retina_app: App) -> None:
    app = retina_app
    app.back_to_menu()
    assert isinstance(app.window, window.PixelWindow)
    app.window.window.size = (800, 450)
    app.frame(0.016)
    assert app.screen.get_size() == (1600, 900)
    app.toggle_fullscreen()
    desktop_size = pygame.display.get_desktop_sizes()[0]
    assert app.screen.get_size() == (2 * desktop_size[0], 2 * desktop_size[1])
    app.toggle_fullscreen()
    assert app.screen.get_size() == (2560, 1440)


def test_the_input_methods_window_is_placed_in_points(
    retina_app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    placed: list[pygame.Rect] = []
    monkeypatch.setattr(pygame.key, "set_text_input_rect", lambda r: placed.append(pygame.Rect(r)))
    app = retina_app
    scene = JoinScene(app)
    app.push(scene)
    app.frame(0.016)
    x, y = scene.address.rect.center
    post(*click_at((x // 2, y // 2)))
    app.frame(0.016)
    caret = scene.address.input_rect()
    assert scene.address.focused and app.text_input_rect == caret
    assert caret.x % 2 == 0 and caret.y % 2 == 0 and caret.w % 2 == 0 and caret.h % 2 == 0
    assert placed == [pygame.Rect(caret.x // 2, caret.y // 2, caret.w // 2, caret.h // 2)]
    scene.leave()


def test_the_crash_screen_shows_in_the_games_high_dpi_window(
    retina_app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(desktop, "opener", opened.append)
    app = retina_app
    before = pygame.display.get_surface()
    app.screen.fill(MAGENTA)  # the game's last frame
    log_file = tmp_path / "log" / "gdmj.log"
    lettering = crash.Lettering.choose()
    button = crash.lay_out((2560, 1440), "RuntimeError: boom", log_file, lettering).buttons[0]
    x, y = button.rect.center
    post(
        *click_at((x // 2, y // 2)), pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    )
    screen = crash.show_crash("RuntimeError: boom", log_file, wait=True)
    assert opened == [log_file.parent]  # the click, in points, hit the button drawn in pixels
    assert app.screen.get_at((x, y))[:3] != MAGENTA  # the crash screen drawn over it
    assert pygame.display.get_surface() is before  # no second window
    assert isinstance(app.window, window.PixelWindow)
    assert window.shown_window() is app.window
    assert not screen.open


def test_a_window_size_chosen_in_the_settings_is_drawn_at_its_pixels(retina_app: App) -> None:
    """The settings' sizes are points on a Mac; the frame has the pixels."""
    app = retina_app
    settings = msgspec.structs.replace(app.settings, window_size=(1600, 900))
    app.show_window(settings)
    assert app.screen.get_size() == (3200, 1800)
