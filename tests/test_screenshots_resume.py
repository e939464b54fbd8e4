"""Screenshots of hosting again after the hosting game crashed: the offer to resume the
unfinished table, and the host form after "New table" (saying what starting gives up). At
1280×720 and 1920×1080, in 简体, 繁體 and English, with SDL's dummy driver; saved like
tests/test_screenshots.py's. Each test also checks what a person would see wrong: the
buttons on screen, apart, their labels at full size, and every line within the box.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client.app import App
from client.assets import render_text
from client.i18n import set_language, t
from client.scenes.host_form import HostFormScene
from client.scenes.menu import MenuScene
from client.scenes.resume import ResumeScene, summary
from client.ui import WHITE
from server.unfinished import UnfinishedTable
from tests.support.screens import assert_buttons_laid_out, save

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["zh-Hans", "zh-Hant", "en"]
SHOTS = [(size, language) for size in SIZES for language in LANGUAGES]
TABLE = UnfinishedTable(
    table="周五麻将 Friday table",
    hand_number=7,
    prevailing_wind=1,
    players=(
        ("强哥", 1040, False),
        ("Bea", 936, False),
        ("阿珍", 1012, True),
        ("阿强", 1012, True),
    ),
    between_hands=False,
)


@pytest.fixture(params=SHOTS, ids=lambda shot: f"{shot[0][0]}x{shot[0][1]}-{shot[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


def test_the_offer_to_resume_the_unfinished_table(app: App, shots_dir: Path, language: str) -> None:
    app.push(MenuScene(app))
    app.push(ResumeScene(app, TABLE))
    save(app, shots_dir, "resume-offer", language)
    scene = app.scene
    assert isinstance(scene, ResumeScene)
    assert_buttons_laid_out(app.screen, scene.buttons)
    for button in scene.buttons:
        assert scene.box.contains(button.rect), button.label
    w, h = app.screen.get_size()
    room = scene.box.width - int(w * 0.05)
    for text, size in ((t("resume.why"), 0.028), (summary(TABLE), 0.038), (t("resume.how"), 0.026)):
        drawn = render_text(text, int(h * size), WHITE)
        assert drawn.get_width() <= room, (text, drawn.get_width(), room)
    assert "7" in summary(TABLE) and TABLE.table in summary(TABLE)


def test_the_host_form_after_choosing_a_new_table(app: App, shots_dir: Path, language: str) -> None:
    app.push(MenuScene(app))
    app.push(HostFormScene(app, replaces=TABLE))
    save(app, shots_dir, "resume-new-table-form", language)
    scene = app.scene
    assert isinstance(scene, HostFormScene)
    assert_buttons_laid_out(app.screen, scene.buttons)
    w, h = app.screen.get_size()
    note = render_text(t("host.discards", table=TABLE.table), int(h * 0.03), WHITE)
    assert note.get_width() <= w - 80
