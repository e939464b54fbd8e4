"""The window's size on the screen it opens on: the player's, when it fits, else smaller.

A fixed 1280×720 opens under the taskbar on a 1366×768 laptop and tiny on a 4K screen
at 200 %. Sizes here are logical (what the player chose in Settings, in points); the
window is opened at that size times the screen's scale where SDL counts in pixels
(Windows, where the game is DPI aware: client/display.py), so the game draws at the
screen's full resolution and lays itself out from the window's size as at 1×.
"""

from __future__ import annotations

import sys

import pygame

from client.display import is_headless
from client.settings import MIN_WINDOW

ROOM = 0.9
"""The share of the desktop's width and height a window may take: the rest is for the
taskbar or the Dock and the menu bar, and the window's own title bar."""
ASPECT = (16, 9)
"""The shape of a window made to fit: the game's own, as every size in Settings."""
WINDOWS_BASE_DPI = 96
"""The DPI Windows calls 100 %."""


def fitted_size(
    wanted: tuple[int, int], desktop: tuple[int, int], scale: float = 1.0
) -> tuple[int, int]:
    """The window size (in SDL's units) for a wanted logical size on a desktop of
    `desktop` (SDL's units) whose scale is `scale` SDL units per point: `wanted` when it
    fits in ROOM of the desktop, else the largest 16:9 size that does, never below the
    game's minimum (MIN_WINDOW)."""
    if scale <= 0:
        raise ValueError(f"the display scale must be positive, not {scale}")
    room_w, room_h = desktop[0] * ROOM / scale, desktop[1] * ROOM / scale
    width, height = wanted
    if width > room_w or height > room_h:
        width = int(min(room_w, room_h * ASPECT[0] / ASPECT[1]))
        height = width * ASPECT[1] // ASPECT[0]
        width, height = max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1])
    return round(width * scale), round(height * scale)


def display_scale() -> float:
    """SDL units per point on the main screen: Windows' scale setting (125 %: 1.25), as
    SDL counts in pixels there; 1.0 elsewhere, where SDL counts in points already (macOS)
    or the desktop gives no scale to read (X11)."""
    if sys.platform != "win32":
        return 1.0
    try:
        import ctypes

        dpi = int(ctypes.windll.user32.GetDpiForSystem())  # type: ignore[attr-defined,unused-ignore]
    except (AttributeError, OSError):  # before Windows 10 1607
        return 1.0
    return dpi / WINDOWS_BASE_DPI if dpi > 0 else 1.0


def window_size(wanted: tuple[int, int]) -> tuple[int, int]:
    """The size to open a window at for the logical size `wanted`, fitted to the first
    screen (pygame.display must be initialised); `wanted` as it is under a driver that
    shows nothing (the tests' dummy), which has no desktop to fit."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops or is_headless(pygame.display.get_driver()):
        return wanted
    return fitted_size(wanted, desktops[0], display_scale())
