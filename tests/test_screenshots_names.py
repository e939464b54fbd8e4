"""Screenshots of the places Settings › Pattern names changes: the result box of a win with
both names (对对胡 All pungs), the rules page with both, and the settings page offering
the choice; at 1280×720 and 1920×1080 in 简体, 繁體 and English (PNG files as
tests/test_screenshots.py's). Each checks that every row is within the box."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client import i18n
from client.app import App
from client.i18n import pattern_name, set_language, t
from client.scenes.settings_scene import SettingsScene
from shared.actions import DeclareWin
from tests.support.gui import SEAT, claim_on_every_kind, late_turn_with_melds, show_table
from tests.support.screens import save

SIZES = ((1280, 720), (1920, 1080))
SHOTS = [(size, lang) for size in SIZES for lang in ("zh-Hans", "zh-Hant", "en")]


@pytest.fixture(params=SHOTS, ids=lambda shot: f"{shot[0][0]}x{shot[0][1]}-{shot[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    app.settings = msgspec.structs.replace(
        app.settings, animation_speed="off", pattern_names="both", language=chosen
    )
    i18n.set_pattern_names("both")
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


def test_the_result_box_with_both_names(app: App, shots_dir: Path, language: str) -> None:
    hand = claim_on_every_kind(late_turn_with_melds())
    hand.step(SEAT, DeclareWin())
    hand.pass_claims()
    conn = hand.connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "result-both-names", language)
    layout = scene.result_layout
    view = conn.view
    assert layout is not None and view is not None and view.result is not None
    assert app.screen.get_rect().contains(layout.box)
    other = "zh-Hans" if language == "en" else "en"
    for winner in view.result.winners:
        for pattern in winner.patterns:
            names = (pattern_name(pattern.id, language), pattern_name(pattern.id, other))
            assert any(line.startswith("  ".join(names)) for line in layout.lines), names


def test_the_settings_offer_the_pattern_names(app: App, shots_dir: Path, language: str) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    app.dirty = True
    app.frame(0.016)
    save(app, shots_dir, "settings-pattern-names", language)
    choice = scene.choices["pattern_names"]
    assert choice.value == "both"
    assert app.screen.get_rect().contains(choice.rect)
    assert t("settings.pattern_names.both") in {"中英对照", "中英對照", "Chinese and English"}


def test_the_rules_page_with_both_names(app: App, shots_dir: Path, language: str) -> None:
    from client.rules_content import PatternEntry
    from client.scenes.rules import RulesScene

    scene = RulesScene(app)
    app.push(scene)
    app.dirty = True
    app.frame(0.016)
    first = next(rect for drawn, rect in scene.placed() if isinstance(drawn.block, PatternEntry))
    scene.scroll(first.y - scene.viewport.y - 8)
    save(app, shots_dir, "rules-both-names", language)
    entries = [d.block for d, _ in scene.placed() if isinstance(d.block, PatternEntry)]
    assert entries and all(entry.other_name for entry in entries)
