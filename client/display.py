"""Whether the game got a window someone can see.

With no display to draw on (no X11 or Wayland session, an SSH login), SDL does not fail:
it falls back to its `offscreen` driver and the game would run invisibly, waiting for
clicks that cannot come. `gdmj` asks which driver SDL chose and stops with a message
instead, unless the user asked for such a driver (the tests and CI set
SDL_VIDEODRIVER=dummy on purpose).
"""

from __future__ import annotations

import os

HEADLESS_DRIVERS = ("dummy", "offscreen")
"""SDL's video drivers that draw into memory only: no window appears anywhere."""
VIDEO_DRIVER_VARIABLE = "SDL_VIDEODRIVER"


def prepare_video() -> None:
    """What SDL must be told before its video starts, whoever starts it first."""
    # Sharp on high-DPI screens: Windows scales blurry windows unless told otherwise.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def is_headless(driver: str) -> bool:
    """True for a video driver that shows nothing on any screen."""
    return driver.lower() in HEADLESS_DRIVERS


def no_window_reason(driver: str, requested: str | None) -> str | None:
    """Why the game cannot be played with the video driver SDL chose, or None when it can:
    a headless driver that `requested` (SDL_VIDEODRIVER, a comma-separated list) did not
    name is SDL's fallback, not the user's choice."""
    if not is_headless(driver):
        return None
    asked = {name.strip().lower() for name in (requested or "").split(",")}
    if driver.lower() in asked:
        return None
    return (
        f"no display to open the game's window on (SDL fell back to its {driver!r} video "
        "driver, which shows nothing). Start the game on a desktop, or set DISPLAY (X11) or "
        f"WAYLAND_DISPLAY (Wayland) to the display to use; set {VIDEO_DRIVER_VARIABLE}=dummy "
        "only to run it without a window on purpose."
    )
