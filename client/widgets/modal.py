"""A box in the middle of the screen over a dimmed scene: the leave question, the lost-host
banner (client/overlays.py) and the running scoreboard (client/scoreboard.py) are ones."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client.ui import GOLD, WHITE, Button, draw_text, fitted_text, panel

LINE_SIZE = 0.03
"""The text height of a modal's lines, a fraction of the screen's."""
DIM = (0, 0, 0, 140)


@dataclass
class Modal:
    """A box in the middle of the screen: a title, lines below it, a row of buttons."""

    title: str
    lines: list[str]
    buttons: list[Button]
    title_color: tuple[int, int, int] = WHITE
    width: float = 0.56
    """The box's width, a fraction of the screen's."""
    title_size: float = 0.042
    """The title's text height, a fraction of the screen's (the lines': LINE_SIZE)."""
    box: pygame.Rect = field(default_factory=pygame.Rect)
    """Where the box was last laid out (Overlays.update)."""
    fill: tuple[int, int, int, int] = (20, 28, 24, 235)
    """The box's colour: a sheet of figures is opaque, so the table never shows through."""

    def lay_out(self, screen: pygame.Surface, top: float = 0.3) -> None:
        """Where the box goes, the buttons placed in it (centred, side by side): padding,
        the title, a line of text each, a gap, the buttons, padding (fractions of the
        screen's height)."""
        w, h = screen.get_size()
        height = 0.03 + self.title_size * 1.5 + 0.02 + 0.045 * len(self.lines) + 0.035 + 0.07
        box = pygame.Rect(0, 0, int(w * self.width), int(h * (height + 0.03)))
        box.midtop = (w // 2, int(h * top))
        bw, bh = int(w * 0.17), int(h * 0.07)
        gap = int(w * 0.02)
        x = box.centerx - (len(self.buttons) * bw + (len(self.buttons) - 1) * gap) // 2
        for button in self.buttons:
            button.rect = pygame.Rect(x, box.bottom - bh - int(h * 0.03), bw, bh)
            x += bw + gap
        self.box = box

    def room(self, screen: pygame.Surface) -> int:
        """How wide a line of text may be in the box."""
        return self.box.width - int(screen.get_width() * 0.04)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        box = self.box
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill(DIM)
        screen.blit(veil, (0, 0))
        panel(screen, box, self.fill, radius=16)
        pygame.draw.rect(screen, GOLD, box, 2, border_radius=16)
        room = self.room(screen)
        y = box.top + int(h * 0.03)
        size = int(h * self.title_size)
        title = fitted_text(self.title, size, self.title_color, room, bold=True)
        screen.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += int(size * 1.5) + int(h * 0.02)
        for line in self.lines:
            draw_text(
                screen, line, (box.centerx, y), int(h * LINE_SIZE), WHITE, "midtop", max_width=room
            )
            y += int(h * 0.045)
        for button in self.buttons:
            button.draw(screen)

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
