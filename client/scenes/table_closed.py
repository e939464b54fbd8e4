"""The table was closed by its host: who closed it, the scores saved, a way back to the menu.

Shown by the App (`App.check_connection`) the moment a `TableClosed` arrives, whatever
scene was up: the connection is already closed, so nothing here waits on the network.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.i18n import t
from client.scene import Scene
from client.scenes.background import felt
from client.ui import GOLD, MUTED, RED, WHITE, Button, draw_text, panel
from shared.protocol import TableClosed

if TYPE_CHECKING:
    from client.app import App


class TableClosedScene(Scene):
    def __init__(self, app: App, closed: TableClosed) -> None:
        super().__init__(app)
        self.closed = closed
        self.button = Button(
            pygame.Rect(0, 0, 1, 1),
            t("lost.back_to_menu"),
            app.back_to_menu,
            hotkey=pygame.K_RETURN,
            accent=RED,
        )
        self.title = t("closed.by", name=closed.by) if closed.by else t("net.host_closed")
        self.box = self._lay_out(app.screen)

    def _lay_out(self, screen: pygame.Surface) -> pygame.Rect:
        """The box in the middle, and the button placed at its foot."""
        w, h = screen.get_size()
        rows = max(1, len(self.closed.scores))
        box = pygame.Rect(0, 0, int(w * 0.5), int(h * (0.34 + 0.055 * rows)))
        box.center = (w // 2, h // 2)
        self.button.rect = pygame.Rect(0, 0, int(w * 0.2), int(h * 0.075))
        self.button.rect.midbottom = (box.centerx, box.bottom - int(h * 0.035))
        return box

    def update(self, dt: float) -> bool:
        box = self._lay_out(self.app.screen)
        moved, self.box = box != self.box, box
        return moved

    def handle(self, event: pygame.event.Event) -> None:
        self.box = self._lay_out(self.app.screen)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back_to_menu()
            return
        self.button.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        box = self.box
        panel(screen, box, (0, 0, 0, 170), radius=16)
        room = box.width - int(w * 0.04)
        y = box.top + int(h * 0.04)
        title = draw_text(
            screen, self.title, (box.centerx, y), int(h * 0.05), GOLD, "midtop", True, room
        )
        y = title.bottom + int(h * 0.035)
        scores = self.closed.scores
        if not scores:
            draw_text(
                screen, t("closed.no_scores"), (box.centerx, y), int(h * 0.03), MUTED, "midtop",
                max_width=room,
            )
        else:
            draw_text(screen, t("closed.scores"), (box.centerx, y), int(h * 0.03), MUTED, "midtop")
            y += int(h * 0.055)
            left, right = box.left + int(box.width * 0.18), box.right - int(box.width * 0.18)
            for saved in scores:
                name = saved.name + (t("closed.bot") if saved.bot else "")
                size = int(h * 0.034)
                draw_text(screen, name, (left, y), size, WHITE, max_width=right - left - size * 4)
                draw_text(screen, str(saved.score), (right, y), size, WHITE, "topright", True)
                y += int(h * 0.055)
        self.button.draw(screen)
