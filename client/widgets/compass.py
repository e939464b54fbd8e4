"""The turn compass in the table's centre: each seat's wind on the side facing that seat
(the player's at the bottom), the seat the table waits on lit, with its timer around it;
the prevailing wind, the tiles left and the dice in the middle."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.i18n import current_language, t, wind_name
from client.ui import GOLD, INK, WHITE, draw_text, panel
from client.widgets.countdown import colour, ring_shape
from client.widgets.timers import Countdown

UNLIT = (30, 55, 45)
DIM_TEXT = (170, 185, 175)


def wind_mark(wind: int) -> str:
    """One glyph for a wind: 东 南 西 北, or E S W N in English."""
    name = wind_name(wind)
    return name[0] if current_language() == "en" else name[-1]


def disc_centres(box: pygame.Rect, radius: int) -> list[tuple[int, int]]:
    """Where each relative seat's wind sits: bottom, right, top, left."""
    pad = radius + max(2, radius // 4)
    return [
        (box.centerx, box.bottom - pad),
        (box.right - pad, box.centery),
        (box.centerx, box.top + pad),
        (box.left + pad, box.centery),
    ]


def draw_compass(
    screen: pygame.Surface,
    box: pygame.Rect,
    winds: tuple[int, int, int, int],
    relative: Callable[[int], int],
    lit: int | None,
    countdown: Countdown | None,
    now: float,
) -> None:
    """`winds` by seat; `lit` the seat the table waits on (None: none), `countdown` its
    timer (drawn as a ring round its wind) when there is one."""
    panel(screen, box, (0, 0, 0, 120))
    radius = disc_radius(box)
    size = max(9, int(radius * 1.25))
    centres = disc_centres(box, radius)
    for seat in range(4):
        centre = centres[relative(seat)]
        on = seat == lit
        if on and countdown is not None:
            ring = int(radius * 1.35)
            pygame.draw.circle(screen, (0, 0, 0), centre, ring)
            share = countdown.share(now)
            if share > 0:
                shape = ring_shape(centre, ring, radius, share)
                pygame.draw.polygon(screen, colour(countdown, now), shape)
        pygame.draw.circle(screen, GOLD if on else UNLIT, centre, radius)
        pygame.draw.circle(screen, (10, 20, 16), centre, radius, 1)
        draw_text(
            screen,
            wind_mark(winds[seat]),
            centre,
            size,
            INK if on else DIM_TEXT,
            anchor="center",
            bold=on,
        )


def disc_radius(box: pygame.Rect) -> int:
    return max(7, int(box.height * 0.1))


def draw_middle(
    screen: pygame.Surface,
    box: pygame.Rect,
    prevailing: int,
    wall_left: int,
    dice: tuple[int, int] | None,
    draw_die: Callable[[pygame.Surface, pygame.Rect, int], None],
) -> None:
    """Between the winds, one above the other: the prevailing wind, the tiles left and the
    dice (once rolled), centred in the box."""
    radius = disc_radius(box)
    room = box.width - 4 * radius - 8
    size = max(10, int(box.height * 0.15))
    small = max(9, int(box.height * 0.13))
    die = max(8, int(box.height * 0.19)) if dice is not None else 0
    gap = max(2, box.height // 40)
    height = int(size * 1.2) + int(small * 1.2) + (gap + die if dice is not None else 0)
    y = box.centery - height // 2
    draw_text(
        screen,
        t("table.prevailing", wind=wind_name(prevailing)),
        (box.centerx, y),
        size,
        GOLD,
        anchor="midtop",
        max_width=room,
    )
    y += int(size * 1.2)
    text = t("table.tiles_left", n=wall_left)
    draw_text(screen, text, (box.centerx, y), small, WHITE, anchor="midtop", max_width=room)
    y += int(small * 1.2) + gap
    for i, value in enumerate(dice or ()):
        rect = pygame.Rect(0, 0, die, die)
        rect.midtop = (box.centerx + (i * 2 - 1) * int(die * 0.65), y)
        draw_die(screen, rect, value)
