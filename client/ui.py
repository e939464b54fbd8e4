"""Small widgets drawn with our own code: buttons, text fields, choices, panels, labels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from client.assets import render_text

INK = (35, 31, 28)
PAPER = (246, 240, 226)
FELT = (18, 92, 66)
FELT_DARK = (12, 66, 47)
GOLD = (226, 182, 74)
RED = (190, 40, 40)
WHITE = (250, 250, 245)
MUTED = (150, 160, 150)
BUTTON = (58, 122, 92)
BUTTON_HOVER = (76, 150, 112)
BUTTON_OFF = (90, 100, 95)
BUTTON_PADDING = 8
MIN_TEXT_SIZE = 9
"""Text shrunk to fit its room stops here: smaller is unreadable."""


def fitted_text(
    text: str,
    size: int,
    color: tuple[int, int, int],
    max_width: int | None,
    bold: bool = False,
) -> pygame.Surface:
    """`text` at `size`, or smaller if that is wider than `max_width` (None: any width)."""
    image = render_text(text, size, color, bold=bold)
    while max_width is not None and image.get_width() > max_width and size > MIN_TEXT_SIZE:
        size = max(MIN_TEXT_SIZE, min(size - 1, int(size * max_width / image.get_width())))
        image = render_text(text, size, color, bold=bold)
    return image


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    color: tuple[int, int, int] = WHITE,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw text and return where it went; `anchor` is any pygame.Rect position name.

    Text wider than `max_width` is drawn smaller so that it fits."""
    image = fitted_text(text, size, color, max_width, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def panel(
    surface: pygame.Surface, rect: pygame.Rect, color=(0, 0, 0, 150), radius: int = 12
) -> None:  # type: ignore[no-untyped-def]
    """A translucent rounded panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, color, layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect.topleft)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], Any]
    enabled: bool = True
    hotkey: int | None = None
    accent: tuple[int, int, int] | None = None
    hovered: bool = False
    icons: list[pygame.Surface] = field(default_factory=list)
    """Pictures drawn after the label (the tiles of a chow choice)."""

    def draw(self, surface: pygame.Surface, size: int | None = None) -> None:
        color = self.accent or BUTTON
        if not self.enabled:
            color = BUTTON_OFF
        elif self.hovered:
            color = tuple(min(255, c + 25) for c in color)  # type: ignore[assignment]
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, color, self.rect, border_radius=10)
        pygame.draw.rect(
            surface,
            GOLD if self.hovered and self.enabled else (20, 50, 35),
            self.rect,
            2,
            border_radius=10,
        )
        text_size = size or max(14, int(self.rect.height * 0.45))
        color = WHITE if self.enabled else MUTED
        room = self.rect.width - 2 * BUTTON_PADDING
        if not self.icons:
            label = fitted_text(self.label, text_size, color, room, bold=True)
            surface.blit(label, label.get_rect(center=self.rect.center))
            return
        icons_width = sum(icon.get_width() for icon in self.icons)
        label = fitted_text(self.label, text_size, color, max(1, room - icons_width), bold=True)
        x = self.rect.centerx - (label.get_width() + 6 + icons_width) // 2
        surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
        x += label.get_width() + 6
        for icon in self.icons:
            surface.blit(icon, icon.get_rect(midleft=(x, self.rect.centery)))
            x += icon.get_width()

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event pressed this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if not self.enabled:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.action()
            return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.action()
            return True
        return False


@dataclass
class TextField:
    rect: pygame.Rect
    text: str = ""
    max_length: int = 24
    placeholder: str = ""
    focused: bool = False
    allowed: Callable[[str], bool] = field(default=lambda c: c.isprintable())

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, PAPER, self.rect, border_radius=8)
        pygame.draw.rect(surface, GOLD if self.focused else INK, self.rect, 2, border_radius=8)
        size = max(14, int(self.rect.height * 0.5))
        shown = self.text or self.placeholder
        color = INK if self.text else MUTED
        caret = "|" if self.focused and (pygame.time.get_ticks() // 500) % 2 else ""
        draw_text(
            surface,
            shown + caret,
            (self.rect.x + 10, self.rect.centery),
            size,
            color,
            anchor="midleft",
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focused = False
                return True
        if event.type == pygame.TEXTINPUT:
            addition = "".join(c for c in event.text if self.allowed(c))
            self.text = (self.text + addition)[: self.max_length]
            return True
        return False


@dataclass
class Choice:
    """A labelled value that cycles through its options when clicked."""

    rect: pygame.Rect
    label: str
    options: Sequence[Any]
    index: int = 0
    describe: Callable[[Any], str] = field(default=str)
    enabled: bool = True
    hovered: bool = False

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def draw(self, surface: pygame.Surface) -> None:
        size = max(14, int(self.rect.height * 0.42))
        box = pygame.Rect(0, 0, int(self.rect.width * 0.5), self.rect.height)
        box.midright = self.rect.midright
        draw_text(
            surface,
            self.label,
            (self.rect.x, self.rect.centery),
            size,
            WHITE,
            anchor="midleft",
            max_width=box.x - self.rect.x - BUTTON_PADDING,
        )
        color = BUTTON_HOVER if self.hovered and self.enabled else BUTTON
        pygame.draw.rect(surface, color if self.enabled else BUTTON_OFF, box, border_radius=8)
        draw_text(
            surface,
            f"‹ {self.describe(self.value)} ›",
            box.center,
            size,
            WHITE,
            anchor="center",
            max_width=box.width - BUTTON_PADDING,
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            step = -1 if event.button == 3 else 1
            self.index = (self.index + step) % len(self.options)
            return True
        return False
