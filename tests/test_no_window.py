"""No window, no game: `gdmj` with no display exits 1 at once, saying what to do, instead
of playing invisibly on SDL's offscreen fallback; a headless driver asked for on purpose
(SDL_VIDEODRIVER=dummy, as the tests and CI do) still runs the game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from client.display import is_headless, no_window_reason
from tests.support.net import net_env

linux_only = pytest.mark.skipif(
    sys.platform != "linux",
    reason="unsetting DISPLAY/WAYLAND_DISPLAY takes the display away only on Linux "
    "(Windows and macOS always have one)",
)


def no_display_env(tmp_path: Path) -> dict[str, str]:
    """A child's environment with no display and no video driver chosen: no X11, no Wayland
    (an empty runtime folder, so libwayland finds no default `wayland-0` socket either)."""
    env = net_env(tmp_path)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    env.update(
        XDG_RUNTIME_DIR=str(runtime),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        SDL_AUDIODRIVER="dummy",
    )
    return env


def run_gdmj(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """`gdmj ARGS`; the timeout is only a generous deadline (a loaded machine can take
    seconds to start the interpreter), "at once" is shown by no frame being played."""
    return subprocess.run(
        [sys.executable, "-m", "client.main", *args],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


@linux_only
def test_gdmj_with_no_display_exits_1_with_a_message_at_once(tmp_path: Path) -> None:
    env = no_display_env(tmp_path)
    # Were the check missing, the game would run invisibly; this makes such a run end.
    env["GDMJ_EXIT_AFTER_FIRST_FRAME"] = "1"
    done = run_gdmj(env)
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "first frame" not in done.stdout
    assert "gdmj: no display" in done.stderr
    assert "DISPLAY" in done.stderr and "SDL_VIDEODRIVER=dummy" in done.stderr
    # Said once: the log's console line must not repeat what was printed for the user.
    assert done.stderr.count("no display to open") == 1, done.stderr


@linux_only
@pytest.mark.parametrize("driver", ["dummy", "offscreen"])
def test_a_headless_driver_asked_for_still_runs_the_game(tmp_path: Path, driver: str) -> None:
    env = no_display_env(tmp_path)
    env.update(SDL_VIDEODRIVER=driver, GDMJ_EXIT_AFTER_FIRST_FRAME="1")
    done = run_gdmj(env)
    assert done.returncode == 0, (done.stdout, done.stderr)
    assert "first frame" in done.stdout
    assert "no display" not in done.stderr


@linux_only
def test_the_crash_screen_does_not_wait_for_a_click_on_no_display(tmp_path: Path) -> None:
    """With no display the crash screen (shown when the font is damaged, say) is drawn
    offscreen, where nobody can close it: it must return rather than wait for ever."""
    code = "from client.crash import show_crash; show_crash('X: broken', None); print('back')"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=no_display_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert "back" in done.stdout


@pytest.mark.parametrize(
    ("driver", "requested", "refused"),
    [
        ("offscreen", None, True),
        ("offscreen", "", True),
        ("dummy", None, True),
        ("offscreen", "x11", True),
        ("dummy", "dummy", False),
        ("offscreen", "OffScreen", False),
        ("dummy", "x11,dummy", False),
        ("x11", None, False),
        ("wayland", None, False),
        ("windows", None, False),
        ("cocoa", "", False),
    ],
)
def test_which_drivers_are_refused(driver: str, requested: str | None, refused: bool) -> None:
    reason = no_window_reason(driver, requested)
    assert (reason is not None) == refused
    if reason is not None:
        assert driver in reason and "SDL_VIDEODRIVER=dummy" in reason
    assert is_headless(driver) == (driver in ("dummy", "offscreen"))

