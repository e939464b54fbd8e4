"""What the form-like screens share: lay out, pass input to the widgets, draw a title."""

from __future__ import annotations

import pygame

from client.i18n import t
from client.scene import Scene
from client.scenes.background import felt
from client.ui import GOLD, TextField, Widget, draw_text, focused_field


class FormScene(Scene):
    """A titled screen of widgets; subclasses say which widgets and where they go."""

    title_key = ""

    def widgets(self) -> list[Widget]:
        """The widgets in input order (each has `handle(event)` and `draw(screen)`);
        every form lists its own."""
        return []

    def layout(self, screen: pygame.Surface) -> None:
        """Place the widgets for this window size."""

    def focused_field(self) -> TextField | None:
        return focused_field(self.widgets())

    def handle(self, event: pygame.event.Event) -> None:
        self.layout(self.app.screen)
        for widget in self.widgets():
            if widget.handle(event):
                break

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        draw_text(
            screen,
            t(self.title_key),
            (w // 2, int(h * 0.07)),
            int(h * 0.05),
            GOLD,
            anchor="center",
            bold=True,
        )
        self.draw_labels(screen)
        for widget in self.widgets():
            widget.draw(screen)

    def draw_labels(self, screen: pygame.Surface) -> None:
        """Text beside the widgets, drawn before them."""
