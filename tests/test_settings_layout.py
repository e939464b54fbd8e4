"""Settings at 1280×720 and 1920×1080: labels grow with the window and sit beside their
fields (not a small word half a screen away); screenshots in three languages."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from client import ui
from client.app import App
from client.i18n import LANGUAGES, set_language, t
from client.scenes import settings_scene
from client.scenes.menu import MenuScene
from client.scenes.settings_scene import SettingsScene
from tests.support.screens import assert_buttons_laid_out, save

SIZES = [(1280, 720), (1920, 1080)]


def drawn_labels(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> tuple[SettingsScene, dict[str, tuple[int, pygame.Rect]]]:
    """The Settings scene drawn, with each text's size and where it went."""
    drawn: dict[str, tuple[int, pygame.Rect]] = {}
    real = ui.draw_text

    def record(surface, text, pos, size, *a, **k):  # type: ignore[no-untyped-def]
        rect = real(surface, text, pos, size, *a, **k)
        drawn.setdefault(text, (size, rect))
        return rect

    monkeypatch.setattr(settings_scene, "draw_text", record)
    monkeypatch.setattr("client.ui.draw_text", record)
    scene = SettingsScene(app)
    app.push(scene)
    scene.draw(app.screen)
    return scene, drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_labels_scale_and_sit_by_their_fields(
    app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    w, h = size
    scene, drawn = drawn_labels(app, monkeypatch)
    fields = [(c.label, c.box) for c in scene.choices.values()]
    fields.append((t("settings.player_name"), scene.name.rect))
    for label, field in fields:
        text_size, rect = drawn[label]
        assert text_size >= 0.022 * h, f"{label!r}: {text_size} px text in a {h} px window"
        assert field.height >= 0.045 * h, f"{label!r}'s field is {field.height} px high"
        assert text_size >= 0.35 * field.height, (label, text_size, field.height)
        assert abs(rect.centery - field.centery) <= field.height // 4, (label, rect, field)
        gap = field.left - rect.right
        assert 0 <= gap <= 0.03 * w, f"{label!r} ends {gap} px from its field"
    screen = app.screen.get_rect()
    for choice in scene.choices.values():
        assert screen.contains(choice.rect)
    assert_buttons_laid_out(app.screen, scene.buttons)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_screenshot_of_settings(
    app: App, size: tuple[int, int], language: str, shots_dir: Path
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    save(app, shots_dir, "settings-layout", language)
