"""Host a table, when the last one this game hosted is still in play: resume it, or not.

The game crashed or was killed while it hosted a table (its journal is still there:
server/unfinished.py). The player sees which table, which hand, who sat there with what
score, and chooses: Resume brings the table back from its journal, as `gdmj-host` does
after a restart (the guests' games reconnect to their seats by themselves); New table opens
the host form, and only starting a table there gives the old one up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.i18n import t, wind_name
from client.scene import Scene
from client.scenes.background import felt
from client.starting import host_locally, hosted_config
from client.ui import GOLD, MUTED, NOTICE, RED, WHITE, Button, draw_text, panel
from server.unfinished import UnfinishedTable

if TYPE_CHECKING:
    from client.app import App


def summary(table: UnfinishedTable) -> str:
    """«Friday table» — hand 7, South round."""
    key = "resume.summary_between" if table.between_hands else "resume.summary"
    wind = t("table.prevailing", wind=wind_name(table.prevailing_wind))
    return t(key, table=table.table, hand=table.hand_number, round=wind)


class ResumeScene(Scene):
    shows_notices = True

    def __init__(self, app: App, table: UnfinishedTable) -> None:
        super().__init__(app)
        self.table = table
        r = pygame.Rect(0, 0, 1, 1)
        self.resume = Button(
            r.copy(), t("resume.resume"), self._resume, hotkey=pygame.K_RETURN, accent=RED
        )
        self.new_table = Button(r.copy(), t("resume.new_table"), self._new_table)
        self.back = Button(r.copy(), t("common.back"), app.pop, hotkey=pygame.K_ESCAPE)
        self.buttons = [self.resume, self.new_table, self.back]
        self.box = self._lay_out(app.screen)

    def _resume(self) -> None:
        config = hosted_config(self.app.data_dir, self.table.table, self.app.settings.last_hosted)
        host_locally(self.app, config, None)

    def _new_table(self) -> None:
        self.app.nav.host_form_instead(self.table)

    def _lay_out(self, screen: pygame.Surface) -> pygame.Rect:
        w, h = screen.get_size()
        rows = len(self.table.players)
        box = pygame.Rect(0, 0, int(w * 0.62), int(h * (0.47 + 0.055 * rows)))
        box.center = (w // 2, h // 2)
        bw, bh, gap = int(w * 0.17), int(h * 0.075), int(w * 0.02)
        left = box.centerx - (3 * bw + 2 * gap) // 2
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(left + i * (bw + gap), 0, bw, bh)
            button.rect.bottom = box.bottom - int(h * 0.035)
        return box

    def update(self, dt: float) -> bool:
        box = self._lay_out(self.app.screen)
        moved, self.box = box != self.box, box
        return moved

    def handle(self, event: pygame.event.Event) -> None:
        self.box = self._lay_out(self.app.screen)
        for button in self.buttons:
            if button.handle(event):
                break

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        box = self.box
        panel(screen, box, (0, 0, 0, 170), radius=16)
        room = box.width - int(w * 0.05)
        y = box.top + int(h * 0.035)
        title = t("resume.title")
        y = draw_text(screen, title, (box.centerx, y), int(h * 0.05), GOLD, "midtop", True).bottom
        y += int(h * 0.02)
        for text, size, color in (
            (t("resume.why"), 0.028, MUTED),
            (summary(self.table), 0.038, WHITE),
        ):
            drawn = draw_text(
                screen, text, (box.centerx, y), int(h * size), color, "midtop", max_width=room
            )
            y = drawn.bottom + int(h * 0.015)
        y += int(h * 0.01)
        left, right = box.left + int(box.width * 0.22), box.right - int(box.width * 0.22)
        size = int(h * 0.034)
        for name, score, computer in self.table.players:
            shown = t("resume.computer", name=name) if computer else name
            draw_text(screen, shown, (left, y), size, WHITE, max_width=right - left - size * 4)
            draw_text(screen, str(score), (right, y), size, WHITE, "topright", True)
            y += int(h * 0.055)
        y += int(h * 0.005)
        draw_text(
            screen,
            t("resume.how"),
            (box.centerx, y),
            int(h * 0.026),
            MUTED,
            "midtop",
            max_width=room,
        )
        for button in self.buttons:
            button.draw(screen)
        if self.notice:  # the table could not start (the port taken, say)
            draw_text(
                screen,
                self.notice,
                (w // 2, box.bottom + int(h * 0.02)),
                int(h * 0.028),
                NOTICE,
                "midtop",
                max_width=w - 80,
            )
