"""Settings → About / Licences: the game's version and licence, what it carries from
others, and the full licence texts (THIRD_PARTY_NOTICES.txt) opened with one click.

Drawn with SDL's dummy driver in the three languages and saved as PNG files
($GDMJ_SCREENSHOT_DIR when set) to look at."""

from __future__ import annotations

import importlib.metadata as metadata
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client import desktop, licences
from client.app import App
from client.assets import render_text
from client.i18n import set_language, t
from client.problem import detail_of
from client.scenes import about as about_scene
from client.scenes import settings_scene
from client.scenes.about import AboutScene
from client.scenes.settings_scene import SettingsScene
from client.ui import BUTTON_PADDING, WHITE, Button
from machine import notices

BUNDLED = """GDMahjong 0.1.0: third-party notices

  GDMahjong 0.1.0                                 MIT
  Python 3.11.7                                   PSF-2.0
  pygame-ce 2.5.8                                 LGPL v2.1
  SDL 2 (native library)                          Zlib
==============================================================================
GDMahjong 0.1.0
"""


def button(scene: SettingsScene | AboutScene, key: str) -> Button:
    (found,) = [b for b in scene.buttons if b.label == t(key)]
    return found


def click(app: App, target: Button) -> None:
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target.rect.center, button=1))
    app.frame(0.016)


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The About screen reads notices that are BUNDLED (as from a bundle: the test below
    checks which file a bundle reads)."""
    (tmp_path / notices.FILE_NAME).write_text(BUNDLED, encoding="utf-8")
    monkeypatch.setattr(about_scene, "notices_path", lambda: tmp_path / notices.FILE_NAME)
    return tmp_path / notices.FILE_NAME


def test_a_bundle_reads_the_notices_the_spec_put_in_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert licences.notices_path() == tmp_path / notices.FILE_NAME


def test_settings_open_about_which_opens_the_bundles_notices(
    app: App, bundle: Path, monkeypatch: pytest.MonkeyPatch
):
    opened: list[Path] = []
    monkeypatch.setattr(desktop, "opener", opened.append)
    monkeypatch.setattr(settings_scene, "log_dir", lambda: bundle.parent / "log")
    settings = SettingsScene(app)
    app.push(settings)
    settings.layout(app.screen)
    click(app, button(settings, "settings.about"))
    about = app.scene
    assert isinstance(about, AboutScene)
    assert about.components == [
        ("Python 3.11.7", "PSF-2.0"),
        ("pygame-ce 2.5.8", "LGPL v2.1"),
        ("SDL 2", "Zlib"),
    ]
    about.layout(app.screen)
    click(app, button(about, "about.open_notices"))
    assert opened == [bundle] and app.notice is None
    click(app, button(about, "common.back"))
    assert app.scene is settings


def test_notices_that_will_not_open_are_the_apps_notice(
    app: App, bundle: Path, monkeypatch: pytest.MonkeyPatch
):
    def refuse(path: Path) -> None:
        raise FileNotFoundError(2, "No such file or directory", "xdg-open")

    monkeypatch.setattr(desktop, "opener", refuse)
    about = AboutScene(app)
    app.push(about)
    about.layout(app.screen)
    click(app, button(about, "about.open_notices"))
    assert app.notice is not None and "No such file or directory" in detail_of(app.notice)
    assert app.scene is about


def test_from_source_the_notices_are_written_from_the_installed_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    path = licences.notices_path()
    text = path.read_text("utf-8")
    names = [notices.dist_name(d) for d in notices.runtime_distributions()]
    assert path.name == notices.FILE_NAME and notices.check(text, names, []) == []
    pygame_ce = metadata.version("pygame-ce")
    # Its metadata names the licence in its own words ("LGPL v2.1" from 2.5.1, the trove
    # classifier's "GNU Library or Lesser General Public License (LGPL)" in 2.5.0).
    assert "LGPL" in dict(licences.components(text))[f"pygame-ce {pygame_ce}"]


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_about_screen(
    app: App,
    shots_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    size: tuple[int, int],
):
    """From source (the real list): everything on the screen, no button label cut."""
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    about = AboutScene(app)
    app.push(about)
    app.dirty = True
    app.frame(0.016)
    pygame.image.save(app.screen, str(shots_dir / f"about-{size[0]}x{size[1]}-{language}.png"))
    assert len(about.components) > 10
    for each in about.buttons:
        label = render_text(each.label, max(14, int(each.rect.height * 0.45)), WHITE, bold=True)
        assert label.get_width() <= each.rect.width - 2 * BUTTON_PADDING, each.label
