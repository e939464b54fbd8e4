"""关于 About: the game's name, version and licence, and what it carries from others.

Reached from Settings. Lists each component THIRD_PARTY_NOTICES.txt covers with its
licence, and opens that file for the full texts (client.licences says which file).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.desktop import NotOpened, open_file
from client.i18n import t
from client.licences import components, notices_path
from client.problem import draw_problem, problem
from client.scenes.form import FormScene
from client.ui import GOLD, MUTED, RED, WHITE, Button, Widget, draw_text
from shared.version import VERSION

if TYPE_CHECKING:
    from client.app import App

COLUMNS = 3
NOTICE = (255, 220, 160)


class AboutScene(FormScene):
    title_key = "about.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.notices = notices_path()
        self.components = components(self.notices.read_text("utf-8"))
        self.buttons: list[Button] = []

    def _open_notices(self) -> None:
        try:
            open_file(self.notices)
        except NotOpened as exc:
            self.app.notice = problem("about.open_failed", exc)
        self.app.dirty = True

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        bh = int(h * 0.07)
        back = pygame.Rect(0, 0, int(w * 0.2), bh)
        back.midbottom = (w // 2 - int(w * 0.14), h - int(h * 0.04))
        texts = pygame.Rect(0, 0, int(w * 0.26), bh)
        texts.midbottom = (w // 2 + int(w * 0.15), h - int(h * 0.04))
        self.buttons = [
            Button(back, t("common.back"), self.app.pop, hotkey=pygame.K_ESCAPE),
            Button(texts, t("about.open_notices"), self._open_notices, accent=RED),
        ]

    def widgets(self) -> list[Widget]:
        return list(self.buttons)

    def draw_labels(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        x, width = int(w * 0.1), int(w * 0.8)
        y = int(h * 0.15)
        draw_text(screen, t("menu.title"), (w // 2, y), int(h * 0.045), GOLD,
                  anchor="midtop", bold=True)  # fmt: skip
        y += int(h * 0.08)
        lines = (t("about.version", version=VERSION), t("about.licence"), t("about.carries"))
        for i, line in enumerate(lines):
            size = int(h * 0.026)
            draw_text(screen, line, (w // 2, y), size, WHITE, anchor="midtop", max_width=width)
            y += int(size * (1.5 if i < 2 else 2.0))
        rows = -(-len(self.components) // COLUMNS)
        step = max(12, min(int(h * 0.032), (int(h * 0.86) - y) // max(rows, 1)))
        column = width // COLUMNS
        for i, (name, licence) in enumerate(self.components):
            cx, cy = x + (i // rows) * column, y + (i % rows) * step
            size = int(step * 0.62)
            drawn = draw_text(screen, name, (cx, cy), size, WHITE, max_width=column // 2)
            draw_text(screen, licence, (drawn.right + size // 2, drawn.centery + 1),
                      int(size * 0.85), MUTED, anchor="midleft",
                      max_width=column - drawn.width - size)  # fmt: skip
        if self.app.notice:
            draw_problem(screen, self.app.notice, (w // 2, int(h * 0.125)), int(h * 0.026),
                         NOTICE, anchor="center", max_width=int(w * 0.94),
                         inline=True)  # fmt: skip  (one line's room above the list)
