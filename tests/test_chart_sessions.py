"""The statistics chart's session lines can be seen: drawn at least 2 px wide at 1920×1080
in a colour of at least 3:1 contrast (WCAG 2's ratio) with the chart's background."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from client.widgets.line_chart import BACKGROUND, draw_line_chart


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_contrast_formula() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize(("size", "text"), [((1920, 1080), 25), ((1280, 720), 17)])
def test_session_lines_stand_out(size: tuple[int, int], text: int) -> None:
    pygame.init()
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    box = pygame.Rect(size[0] // 2, size[1] // 5, size[0] // 2 - 40, size[1] * 3 // 5)
    values = [0, 10, 20, 30, 40]
    plot = draw_line_chart(surface, box, values, [2], text)
    x = plot.x + plot.width * 2 // 4
    y = plot.y + plot.height // 5  # above the value line where it crosses the mark
    seen = [
        dx
        for dx in range(-6, 7)
        if contrast(tuple(surface.get_at((x + dx, y)))[:3], BACKGROUND) >= 3
    ]
    assert len(seen) >= 2, f"session line at x={x}: {len(seen)} px stand out"
    assert surface.get_at((x - 12, y))[:3] == BACKGROUND  # and it is a line, not a band
