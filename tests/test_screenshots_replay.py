"""Screenshots of the replay viewer (client/scenes/replay.py) in 简体, 繁體 and English at
1280×720 and 1920×1080: the deal, a claim, the end with the result box, all hands open, and
a decision the coach marks as different. Saved as PNG under $GDMJ_SCREENSHOT_DIR (else a
temporary folder); each checks the scene is in the state its name claims and the controls
are laid out."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pygame
import pytest

from client.app import App
from client.i18n import LANGUAGES, set_language
from client.scenes.menu import MenuScene
from client.scenes.replay import ReplayScene
from shared.events import MeldClaimed
from shared.records import RecordFile
from tests.support.replays import as_file, played_record
from tests.support.screens import assert_buttons_laid_out, save

SIZES = ((1280, 720), (1920, 1080))


@pytest.fixture(scope="module")
def record_file() -> RecordFile:
    return as_file(played_record(3))


@pytest.fixture
def app(app: App) -> App:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


def _start(app: App, record_file: RecordFile) -> ReplayScene:
    app.push(MenuScene(app))
    scene = ReplayScene(app, record_file)
    app.push(scene)
    return scene


def _claim(scene: ReplayScene) -> None:
    scene.act("next_claim")
    assert any(isinstance(d.event, MeldClaimed) for d in scene.current.deliveries)


def _end(scene: ReplayScene) -> None:
    scene.act("last")
    assert scene.view is not None and scene.view.phase == "ended"


def _all_open(scene: ReplayScene) -> None:
    scene.go_to(scene.replay.last // 2)
    scene.act("all_open")
    assert scene.model().open_hands


def _coach(scene: ReplayScene) -> None:
    scene.watch(1)
    decision = next(d for d in scene.report.decisions if not d.agreed)
    scene.go_to(decision.index)
    assert scene.report.at(scene.step) is decision


SHOTS = {
    "replay-start": None,
    "replay-claim": _claim,
    "replay-end": _end,
    "replay-open": _all_open,
    "replay-coach": _coach,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_viewer_in_every_language_and_size(
    app: App, record_file: RecordFile, shots_dir: Path, language: str, size: tuple[int, int]
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    try:
        for name, prepare in SHOTS.items():
            scene = _start(app, record_file)
            if prepare is not None:
                prepare(scene)
            save(app, shots_dir, name, language)
            assert_buttons_laid_out(app.screen, scene.controls())
            app.scenes.clear()
    finally:
        set_language("en")
