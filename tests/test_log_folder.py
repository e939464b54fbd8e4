"""Where the log is: the settings screen shows the folder and opens it; `client.desktop`
asks each OS's file manager to show a folder, and a failure is a notice, never a crash.

The settings screen is drawn with SDL's dummy driver at 1280×720 and 1920×1080 in the
three languages and saved as PNG files ($GDMJ_SCREENSHOT_DIR when set) to look at.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client import desktop
from client.app import App
from client.assets import render_text
from client.i18n import set_language, t
from client.problem import detail_of, problem
from client.scenes import settings_scene
from client.scenes.settings_scene import SettingsScene
from client.ui import BUTTON_PADDING, WHITE, Button

LONG_FOLDER = Path(
    "C:\\Users\\Alexandra Featherstonehaugh-Montgomery\\AppData\\Local\\gdmahjong\\gdmahjong\\Logs"
)
"""A log folder as long as a Windows user with a long name has it."""
STORE_FOLDER = Path(
    "C:\\Users\\Alexandra Featherstonehaugh-Montgomery\\AppData\\Local\\Packages\\"
    "GuangdongMahjong.Desktop_8wekyb3d8bbwe\\LocalCache\\Local\\gdmahjong\\gdmahjong\\Logs"
)
"""Longer still: the same, installed from the Microsoft Store."""
SHOTS = [
    ((1280, 720), "zh-Hans"),
    ((1280, 720), "zh-Hant"),
    ((1280, 720), "en"),
    ((1920, 1080), "zh-Hans"),
    ((1920, 1080), "zh-Hant"),
    ((1920, 1080), "en"),
    ((1024, 640), "en"),
]


@pytest.fixture
def app(app: App) -> App:
    """The conftest's app, animations off."""
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders shown, instead of starting a file manager."""
    shown: list[Path] = []
    monkeypatch.setattr(desktop, "opener", shown.append)
    return shown


def settings_screen(app: App, folder: Path, monkeypatch: pytest.MonkeyPatch) -> SettingsScene:
    monkeypatch.setattr(settings_scene, "log_dir", lambda: folder)
    scene = SettingsScene(app)
    app.push(scene)
    scene.layout(app.screen)
    return scene


def open_button(scene: SettingsScene) -> Button:
    (button,) = [b for b in scene.buttons if b.label == t("log.open_folder")]
    return button


def click(app: App, button: Button) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    app.frame(0.016)


# --- client.desktop ------------------------------------------------------------------


def test_open_folder_makes_the_folder_and_shows_it(tmp_path: Path, opened: list[Path]):
    folder = tmp_path / "state" / "log"
    desktop.open_folder(folder)
    assert opened == [folder] and folder.is_dir()


@pytest.mark.parametrize(("platform", "command"), [("darwin", "open"), ("linux", "xdg-open")])
def test_macos_and_linux_start_their_opener_without_waiting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str, command: str
):
    started: list[list[str]] = []

    class Popen:
        def __init__(self, args: list[str], **_: object) -> None:
            started.append(args)

        def wait(self) -> None:
            raise AssertionError("the game must not wait for the file manager")

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(subprocess, "Popen", Popen)
    desktop.open_folder(tmp_path)
    assert started == [[command, str(tmp_path)]]


BUNDLE = "/tmp/_MEIxyz/gdmj/_internal"
"""Where a bundle's bootloader points the loader (its own, older libraries)."""


@pytest.mark.parametrize("original", ["/opt/mine/lib", None])
def test_the_file_manager_gets_the_players_environment_not_the_bundles(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, original: str | None
):
    """In the Linux bundle, xdg-open must not load the bundle's libraries: it gets the
    LD_LIBRARY_PATH the player had (PyInstaller keeps it in LD_LIBRARY_PATH_ORIG), or
    none when there was none."""
    given: list[dict[str, str] | None] = []

    class Popen:
        def __init__(self, args: list[str], env: dict[str, str] | None = None, **_: object):
            given.append(env)

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(subprocess, "Popen", Popen)
    monkeypatch.setenv("LD_LIBRARY_PATH", BUNDLE if original is None else f"{BUNDLE}:{original}")
    if original is None:
        monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    else:
        monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", original)
    monkeypatch.setenv("_PYI_APPLICATION_HOME_DIR", BUNDLE)
    desktop.open_folder(tmp_path)
    [env] = given
    assert env is not None, "the opener inherited the bundle's environment"
    assert not [name for name, value in env.items() if BUNDLE in value]
    assert env.get("LD_LIBRARY_PATH") == original
    assert env["PATH"] == os.environ["PATH"]


def test_windows_uses_startfile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    started: list[Path] = []
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "startfile", started.append, raising=False)
    desktop.open_folder(tmp_path)
    assert started == [tmp_path]


def test_a_missing_opener_is_folder_not_opened(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    def missing(args: list[str], **_: object) -> None:
        raise FileNotFoundError(2, "No such file or directory", args[0])

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(subprocess, "Popen", missing)
    with pytest.raises(desktop.FolderNotOpened, match="No such file or directory"):
        desktop.open_folder(tmp_path)


# --- the settings screen -------------------------------------------------------------


def test_the_settings_button_opens_the_log_folder(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opened: list[Path]
):
    scene = settings_screen(app, tmp_path / "log", monkeypatch)
    click(app, open_button(scene))
    assert opened == [tmp_path / "log"]
    assert app.notice is None and app.scene is scene


def test_a_folder_that_will_not_open_is_the_apps_notice(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    def refuse(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(desktop, "opener", refuse)
    scene = settings_screen(app, tmp_path / "log", monkeypatch)
    click(app, open_button(scene))
    assert app.notice is not None
    assert app.notice == t("log.open_failed") and "Permission denied" in detail_of(app.notice)
    assert app.scene is scene and app.running


def shot_id(shot: tuple[tuple[int, int], str]) -> str:
    (width, height), language = shot
    return f"{width}x{height}-{language}"


@pytest.mark.parametrize("shot", SHOTS, ids=shot_id)
def test_the_settings_screen_shows_the_log_folder(
    app: App,
    shots_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    shot: tuple[tuple[int, int], str],
) -> None:
    size, language = shot
    # the row spans the window: at the smallest size, a Microsoft Store install's folder
    folder = LONG_FOLDER if size[0] >= 1280 else STORE_FOLDER
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    scene = settings_screen(app, folder, monkeypatch)
    app.notice = problem("log.open_failed", f"{folder}: Access is denied")
    drawn: list[tuple[str, pygame.Rect]] = []
    for drawer in ("draw_text", "draw_problem"):
        real = getattr(settings_scene, drawer)

        def spy(surface, text, *args, real=real, **kwargs):  # type: ignore[no-untyped-def]
            rect = real(surface, text, *args, **kwargs)
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(settings_scene, drawer, spy)
    app.dirty = True
    app.frame(0.016)
    path = shots_dir / f"settings-{shot_id(shot)}.png"
    pygame.image.save(app.screen, str(path))
    assert pygame.image.load(str(path)).get_size() == size

    texts = dict(drawn)
    shown_path, _ = scene.log_path_place()
    assert shown_path in texts and t("log.folder") in texts and app.notice in texts
    head, _, tail = shown_path.partition(t("common.ellipsis"))
    if size[0] < 1280:
        assert tail, "a path this long is elided below 1280×720"
    if tail:
        assert str(folder).startswith(head) and str(folder).endswith(tail)
        assert tail.endswith("Logs")
    else:
        assert shown_path == str(folder)
    path_rect, row = texts[shown_path], scene.log_row
    assert path_rect.left > texts[t("log.folder")].right, "the path runs into its label"
    assert path_rect.right <= row.right, "the path overflows"
    size_asked = scene.label_size()
    assert path_rect.height == render_text(shown_path, size_asked, WHITE).get_height()
    # nothing over anything: the rows, the texts beside them, the buttons, the notice
    widgets = [scene.name.rect, *(c.rect for c in scene.choices.values()), row]
    widgets += [b.rect for b in scene.buttons]
    bounds = app.screen.get_rect()
    for i, rect in enumerate(widgets):
        assert bounds.contains(rect), rect
        assert rect.collidelist(widgets[i + 1 :]) == -1, (rect, widgets[i + 1 :])
    assert texts[app.notice].collidelist(widgets) == -1, "the notice covers a row"
    assert bounds.contains(texts[app.notice])
    for button in scene.buttons:
        label = render_text(button.label, max(14, int(button.rect.height * 0.45)), WHITE, bold=True)
        assert label.get_width() <= button.rect.width - 2 * BUTTON_PADDING, button.label


def test_a_short_log_path_sits_whole_in_the_values_column(
    app: App, shots_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.screen = pygame.display.set_mode((1280, 720))
    folder = Path("/home/wei/.local/state/gdmahjong/log")
    scene = settings_screen(app, folder, monkeypatch)
    app.dirty = True
    app.frame(0.016)
    pygame.image.save(app.screen, str(shots_dir / "settings-short-log-1280x720-en.png"))
    assert scene.log_path_place() == (str(folder), scene.log_row.centerx)
