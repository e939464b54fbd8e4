"""Screenshots the tests save and check: a frame drawn and saved as PNG, buttons checked
laid out (on screen, apart, every label at its full size)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from client.assets import render_text
from client.ui import BUTTON_PADDING, WHITE, Button

if TYPE_CHECKING:
    from client.app import App


def save(app: App, folder: Path, scene: str, language: str) -> Path:
    """Draw a frame and save it as `scene-WIDTHxHEIGHT-language.png`; check the file."""
    app.dirty = True
    app.frame(0.016)
    width, height = app.screen.get_size()
    path = folder / f"{scene}-{width}x{height}-{language}.png"
    pygame.image.save(app.screen, str(path))
    saved = pygame.image.load(str(path))
    assert saved.get_size() == (width, height), path
    colours = {saved.get_at((x, y))[:3] for x in range(0, width, 23) for y in range(0, height, 17)}
    assert len(colours) > 40, f"{path} is nearly blank: {len(colours)} colours"
    return path


def assert_buttons_laid_out(screen: pygame.Surface, buttons: list[Button]) -> None:
    """Every button on screen, none over another, every label at its full size inside."""
    bounds = screen.get_rect()
    for i, button in enumerate(buttons):
        assert bounds.contains(button.rect), (button.label, button.rect)
        others = [other.rect for other in buttons[i + 1 :]]
        hit = button.rect.collidelist(others)
        assert hit == -1, (button.label, buttons[i + 1 + hit].label)
        label = render_text(button.label, max(14, int(button.rect.height * 0.45)), WHITE, bold=True)
        icons = sum(icon.get_width() for icon in button.icons)
        room = button.rect.width - 2 * BUTTON_PADDING - icons - (6 if icons else 0)
        assert label.get_width() <= room, (button.label, label.get_width(), room)
