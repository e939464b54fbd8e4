"""The first window fits the screen it opens on (client/window_fit.py): under the taskbar
of a 1366×768 laptop, at its real size on a 4K screen at 200 %, and the game drawn at the
window's full resolution there, laid out as at 1×."""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client import window_fit
from client.app import App
from client.settings import MIN_WINDOW, Settings
from client.window_fit import display_scale, fitted_size
from tests.support.gui import late_turn_with_melds, show_table
from tests.support.screens import save

TASKBAR_AND_TITLE = 40 + 31
"""Windows 10/11 at 100 %: the taskbar 40 px, a window's title bar 31 px."""


@pytest.mark.parametrize(
    ("wanted", "desktop", "scale", "window"),
    [
        # 90 % of 1366×768 is 1229.4×691.2; the widest 16:9 in it is 1228×690
        ((1280, 720), (1366, 768), 1.0, (1228, 690)),
        ((1280, 720), (1920, 1080), 1.0, (1280, 720)),  # fits: the player's size
        ((1920, 1080), (1920, 1080), 1.0, (1728, 972)),  # 90 % of it
        ((1280, 720), (3840, 2160), 2.0, (2560, 1440)),  # 200 %: twice the pixels
        ((2560, 1440), (3840, 2160), 2.0, (3456, 1944)),  # 1728×972 points at 200 %
        ((1280, 720), (1280, 800), 1.25, (1280, 800)),  # 1024×640 points: the minimum
        ((1024, 640), (2560, 1600), 1.0, (1024, 640)),
    ],
)
def test_a_window_fits_its_desktop(wanted, desktop, scale, window):
    assert fitted_size(wanted, desktop, scale) == window


def test_a_scale_that_is_not_positive_is_refused():
    with pytest.raises(ValueError, match="display scale must be positive, not 0"):
        fitted_size((1280, 720), (1920, 1080), 0)


def _on_a_desktop(
    monkeypatch: pytest.MonkeyPatch, desktop: tuple[int, int], scale: float = 1.0
) -> None:
    """pygame sees one screen of `desktop` (SDL's units) under a driver that shows
    windows, at `scale`."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "windows")
    monkeypatch.setattr(window_fit, "display_scale", lambda: scale)


@pytest.fixture
def settings_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.mark.usefixtures("settings_home")
def test_the_first_window_fits_a_1366x768_laptop(monkeypatch: pytest.MonkeyPatch):
    _on_a_desktop(monkeypatch, (1366, 768))
    app = App(Settings(language="en"))
    width, height = app.screen.get_size()
    assert width <= 1366 and height <= 768 - TASKBAR_AND_TITLE
    assert (width, height) >= MIN_WINDOW
    assert abs(width / height - 16 / 9) < 0.01
    # F11 twice: back to a window that still fits, not the saved 1280×720
    app.toggle_fullscreen()
    app.toggle_fullscreen()
    assert app.screen.get_size() == (width, height)


@pytest.mark.usefixtures("settings_home")
def test_the_first_window_on_a_4k_screen_at_200_percent_is_the_chosen_size_in_points(
    monkeypatch: pytest.MonkeyPatch,
):
    _on_a_desktop(monkeypatch, (3840, 2160), 2.0)
    app = App(Settings(language="en"))
    assert app.screen.get_size() == (2560, 1440)


@pytest.mark.usefixtures("settings_home")
def test_without_a_desktop_to_fit_the_chosen_size_is_used(monkeypatch: pytest.MonkeyPatch):
    """SDL's dummy driver (the tests', CI's) reports a 1024×768 desktop nobody sees."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 768)])
    app = App(Settings(language="en", window_size=(1600, 900)))
    assert app.screen.get_size() == (1600, 900)


@pytest.mark.parametrize(("dpi", "scale"), [(96, 1.0), (120, 1.25), (192, 2.0), (0, 1.0)])
def test_windows_scale_is_read_from_its_dpi(monkeypatch: pytest.MonkeyPatch, dpi, scale):
    class User32:
        @staticmethod
        def GetDpiForSystem() -> int:
            return dpi

    class WinDLL:
        user32 = User32

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", WinDLL, raising=False)
    assert display_scale() == scale


def test_a_windows_without_the_dpi_call_counts_as_100_percent(monkeypatch: pytest.MonkeyPatch):
    class WinDLL:
        user32 = object()  # Windows before 10 1607: no GetDpiForSystem

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", WinDLL, raising=False)
    assert display_scale() == 1.0


def test_at_200_percent_the_table_is_laid_out_as_at_100_percent_in_twice_the_pixels(
    app: App, shots_dir: Path
):
    """What a 1280×720 window at 200 % gets: a 2560×1440 drawable. Every tile and button
    stands where it stands at 1280×720, twice as far from the corner and twice as big (a
    pixel or two of rounding aside, which adds up along a row of tiles to under 1 % of the
    window), so the text is drawn with four times the pixels."""
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    layouts = []
    for size in ((1280, 720), (2560, 1440)):
        app.screen = pygame.display.set_mode(size)
        scene = show_table(app, late_turn_with_melds().connection())
        save(app, shots_dir, "table-scale", "en")
        layouts.append(scene.layout_for(size))
        app.pop()
    small, big = layouts
    pairs = [
        *((one.rect, two.rect) for one, two in zip(small.tiles, big.tiles, strict=True)),
        *((one.rect, two.rect) for one, two in zip(small.buttons, big.buttons, strict=True)),
        (small.ring, big.ring),
    ]
    assert len(pairs) > 100
    for one, two in pairs:
        assert one is not None and two is not None
        x, y, w, h = two.x - 2 * one.x, two.y - 2 * one.y, two.w - 2 * one.w, two.h - 2 * one.h
        assert abs(w) <= 2 and abs(h) <= 2, (one, two)  # a pixel of rounding, doubled
        assert abs(x) <= 2560 // 100 and abs(y) <= 1440 // 100, (one, two)  # added up in a row
