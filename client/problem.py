"""A problem told to the player, the same way on every screen: first a line from the
catalogue in the player's language, then the technical detail (the host's reason, which
is English for its logs; the system's error; what is wrong in a file), if any, on a
second, smaller line under it.

A `Problem` is a `str` (the player's line) carrying its `detail`, so it goes wherever a
notice goes (`App.notice`, a screen's message) and a screen that knows only strings still
shows its first line; `draw_problem` draws both.
"""

from __future__ import annotations

import pygame

from client.i18n import has_text, t
from client.ui import fitted_text
from shared.protocol import Error

DETAIL_SCALE = 0.72
"""The detail's size, against the line's: readable, clearly secondary."""
DETAIL_COLOUR = (196, 204, 192)
"""Quieter than any notice's colour, still legible on the felt and on dark panels."""


class Problem(str):
    """The player's line (the `str`), with the technical `detail` to show under it."""

    detail: str

    def __new__(cls, text: str, detail: object = "") -> Problem:
        made = super().__new__(cls, text)
        made.detail = str(detail).strip()
        return made


def problem(key: str, detail: object = "", **fields: object) -> Problem:
    """The catalogue's text of `key` in the player's language, with `detail` under it."""
    return Problem(t(key, **fields), detail)


def refusal(error: Error) -> Problem:
    """A host's refusal: what its code means, in the player's language (`error.<code>`;
    a code this game does not know, "the host refused"), the host's reason under it."""
    key = f"error.{error.code}"
    return Problem(t(key) if has_text(key) else t("error.refused"), error.reason)


def detail_of(text: str) -> str:
    """The technical detail of a notice ("" for a plain text)."""
    return text.detail if isinstance(text, Problem) else ""


def detail_size(size: int) -> int:
    return max(13, int(size * DETAIL_SCALE))


def draw_problem(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    colour: tuple[int, int, int],
    anchor: str = "center",
    max_width: int | None = None,
    inline: bool = False,
) -> pygame.Rect:
    """Draw a notice: its line at `size` in `colour` and, for a `Problem` with a detail,
    the detail under it, smaller and quieter (`inline`: after it on the same line, where a
    screen has no room for two). `anchor` places the whole block (one line or two) at
    `pos`, as pygame.Rect's position names do; returns where it went."""
    images = [fitted_text(str(text), size, colour, max_width)]
    detail = detail_of(text)
    if detail and inline:
        return _draw_inline(surface, images[0], detail, pos, size, anchor, max_width)
    if detail:
        images.append(fitted_text(detail, detail_size(size), DETAIL_COLOUR, max_width))
    gap = size // 6 if len(images) > 1 else 0
    block = pygame.Rect(
        0, 0, max(i.get_width() for i in images), sum(i.get_height() for i in images) + gap
    )
    setattr(block, anchor, pos)
    y = block.y
    for image in images:
        rect = image.get_rect(top=y)
        if "left" in anchor:
            rect.left = block.left
        elif "right" in anchor:
            rect.right = block.right
        else:
            rect.centerx = block.centerx
        surface.blit(image, rect)
        y = rect.bottom + gap
    return block


def _draw_inline(
    surface: pygame.Surface,
    line: pygame.Surface,
    detail: str,
    pos: tuple[int, int],
    size: int,
    anchor: str,
    max_width: int | None,
) -> pygame.Rect:
    gap = size
    room = None if max_width is None else max(size, max_width - line.get_width() - gap)
    small = fitted_text(detail, detail_size(size), DETAIL_COLOUR, room)
    block = pygame.Rect(0, 0, line.get_width() + gap + small.get_width(), line.get_height())
    setattr(block, anchor, pos)
    surface.blit(line, line.get_rect(midleft=block.midleft))
    surface.blit(small, small.get_rect(midright=block.midright))
    return block
