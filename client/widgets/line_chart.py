"""A line chart drawn with pygame: one series over its index, a zero line, the lowest and
highest values written at the side, and upright marks (where a session starts)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from client.ui import GOLD, MUTED, WHITE, draw_text

SESSION = (120, 165, 215)
"""Where a session starts: a cool blue, apart from the gold line, ≥ 3:1 against BACKGROUND."""
BACKGROUND = (6, 34, 24)
LINE = (250, 210, 110)
GAIN = (140, 220, 150)
LOSS = (235, 110, 95)


def chart_points(
    values: Sequence[int], plot: pygame.Rect
) -> tuple[list[tuple[int, int]], int, int]:
    """Where each value goes in `plot` (the first at its left edge, the last at its right),
    with the range shown: zero always inside it, so gains and losses read at a glance."""
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high = low + 1
    steps = max(1, len(values) - 1)
    points = [
        (
            plot.x + plot.width * i // steps,
            plot.bottom - (plot.height * (v - low)) // (high - low),
        )
        for i, v in enumerate(values)
    ]
    return points, low, high


def draw_line_chart(
    surface: pygame.Surface,
    box: pygame.Rect,
    values: Sequence[int],
    marks: Sequence[int] = (),
    text_size: int = 14,
) -> pygame.Rect:
    """Draw `values` in `box` (with room for the labels); returns the plot's rect."""
    label_room = text_size * 5
    plot = pygame.Rect(
        box.x + label_room,
        box.y + text_size,
        box.width - label_room - text_size,
        box.height - 2 * text_size,
    )
    pygame.draw.rect(surface, BACKGROUND, plot.inflate(8, 8), border_radius=6)
    if not values:
        return plot
    points, low, high = chart_points(values, plot)
    grid = pygame.Surface(plot.size, pygame.SRCALPHA)
    steps = max(1, len(values) - 1)
    width = max(2, text_size // 8)  # 3 px at 1920×1080: seen at a glance, still a line
    for mark in marks:
        x = plot.width * mark // steps
        pygame.draw.line(grid, SESSION, (x, 0), (x, plot.height), width)
    zero = plot.height - plot.height * (0 - low) // (high - low)
    pygame.draw.line(grid, (255, 255, 255, 90), (0, zero), (plot.width, zero))
    surface.blit(grid, plot.topleft)
    for value in sorted({low, 0, max(0, *values)}):
        y = plot.bottom - plot.height * (value - low) // (high - low)
        draw_text(
            surface,
            f"{value:+d}" if value else "0",
            (plot.x - 8, y),
            text_size,
            MUTED,
            anchor="midright",
        )
    if len(points) == 1:
        pygame.draw.circle(surface, LINE, points[0], 4)
    else:
        pygame.draw.lines(surface, LINE, False, points, 3)
    last = values[-1]
    colour = GAIN if last > 0 else LOSS if last < 0 else WHITE
    pygame.draw.circle(surface, colour, points[-1], 5)
    pygame.draw.circle(surface, GOLD, points[-1], 5, 1)
    draw_text(
        surface,
        f"{last:+d}",
        (points[-1][0] - 8, points[-1][1] - 6),
        text_size,
        colour,
        anchor="bottomright",
        bold=True,
    )
    return plot
