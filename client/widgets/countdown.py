"""How a countdown looks: a ring that empties clockwise with the seconds inside, or a bar
that shrinks towards its left end. Gold, turning red over the warning seconds."""

from __future__ import annotations

import math

import pygame

from client.ui import GOLD, RED, WHITE, draw_text
from client.widgets.timers import WARN_SECONDS, Countdown

TRACK = (20, 40, 32)


def colour(countdown: Countdown, now: float) -> tuple[int, int, int]:
    return RED if countdown.shown(now) <= WARN_SECONDS else GOLD


def ring_shape(
    centre: tuple[int, int], outer: float, inner: float, share: float
) -> list[tuple[float, float]]:
    """The polygon of a ring's part that is left: from 12 o'clock, clockwise, `share` of it."""
    steps = max(2, int(48 * share))
    cx, cy = centre
    points = []
    for radius, order in ((outer, range(steps + 1)), (inner, range(steps, -1, -1))):
        for i in order:
            angle = -math.pi / 2 + 2 * math.pi * share * i / steps
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_ring(
    screen: pygame.Surface, rect: pygame.Rect, countdown: Countdown, now: float, text: bool = True
) -> None:
    """The ring in `rect` (a square), the whole seconds left inside when `text`."""
    radius = rect.width / 2
    thickness = max(3.0, radius * 0.22)
    pygame.draw.circle(screen, (0, 0, 0), rect.center, int(radius))
    pygame.draw.circle(screen, TRACK, rect.center, int(radius - 1))
    share = countdown.share(now)
    if share > 0:
        shape = ring_shape(rect.center, radius - 1, radius - 1 - thickness, share)
        pygame.draw.polygon(screen, colour(countdown, now), shape)
    if text:
        size = max(10, int(rect.height * 0.48))
        draw_text(
            screen,
            str(countdown.shown(now)),
            rect.center,
            size,
            WHITE,
            anchor="center",
            bold=True,
        )


def draw_bar(screen: pygame.Surface, rect: pygame.Rect, countdown: Countdown, now: float) -> None:
    """The bar in `rect`, shrinking towards its left end."""
    radius = rect.height // 2
    pygame.draw.rect(screen, (0, 0, 0), rect.inflate(2, 2), border_radius=radius + 1)
    pygame.draw.rect(screen, TRACK, rect, border_radius=radius)
    left = rect.copy()
    left.width = round(rect.width * countdown.share(now))
    if left.width > 0:
        pygame.draw.rect(screen, colour(countdown, now), left, border_radius=radius)
