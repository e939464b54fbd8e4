"""The main menu: quick game, host, join, history, rules, settings, quit."""

from __future__ import annotations

import pygame

from client.i18n import t
from client.net import Address
from client.problem import draw_problem
from client.scene import Scene
from client.scenes.background import felt
from client.starting import start_quick_game
from client.ui import GOLD, RED, WHITE, Button, draw_text
from shared.protocol import Error


class MenuScene(Scene):
    shows_notices = True

    def enter(self) -> None:
        self.buttons: list[Button] = []
        self.notice_box: pygame.Rect | None = None
        """Where the last notice was drawn (under the buttons; the tests check)."""

    def _layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        bw, bh = int(w * 0.26), int(h * 0.075)
        x = (w - bw) // 2
        y = int(h * 0.305)  # seven entries, above the notice's two lines at the bottom
        entries = [
            (t("menu.quick_game"), lambda: start_quick_game(self.app), pygame.K_q),
            (t("menu.host"), self.app.nav.host_form, pygame.K_h),
            (t("menu.join"), self.app.nav.join, pygame.K_j),
            (t("menu.history"), self.app.nav.history, pygame.K_y),
            (t("menu.rules"), self.app.nav.rules, pygame.K_r),
            (t("menu.settings"), self.app.nav.settings, pygame.K_s),
            (t("menu.quit"), self._quit, pygame.K_ESCAPE),
        ]
        hovered = {b.label for b in self.buttons if b.hovered}
        self.buttons = []
        for i, (label, action, key) in enumerate(entries):
            rect = pygame.Rect(x, y + i * int(bh * 1.18), bw, bh)
            accent = RED if i == 0 else None
            self.buttons.append(
                Button(rect, label, action, hotkey=key, accent=accent, hovered=label in hovered)
            )

    def refused(self, error: Error, address: Address, code: str) -> bool:
        """`gdmj --join` without the code a table needs: asked for on the spot."""
        return self.app.nav.ask_for_code(error, address, code)

    def _quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        self._layout(self.app.screen)
        for button in self.buttons:
            if button.handle(event):
                break

    def draw(self, screen: pygame.Surface) -> None:
        self._layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        draw_text(
            screen,
            t("menu.title"),
            (w // 2, int(h * 0.16)),
            int(h * 0.09),
            GOLD,
            anchor="center",
            bold=True,
            max_width=int(w * 0.94),
        )
        draw_text(
            screen,
            t("menu.subtitle"),
            (w // 2, int(h * 0.26)),
            int(h * 0.035),
            WHITE,
            anchor="center",
        )
        for button in self.buttons:
            button.draw(screen)
        if self.app.notice:
            self.notice_box = draw_problem(
                screen,
                self.app.notice,
                (w // 2, h - int(h * 0.015)),
                int(h * 0.028),
                (255, 220, 160),
                anchor="midbottom",
                max_width=int(w * 0.94),
            )
