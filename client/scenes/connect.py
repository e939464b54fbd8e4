"""Waiting for the host's welcome after connecting (client/starting.py), then its lobby."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from client.i18n import t
from client.problem import Problem, draw_problem, refusal
from client.scene import Scene
from client.scenes.background import felt
from client.ui import GOLD, RED, WHITE, Button, TextField, Widget, draw_text
from shared.names import NAME_MAX_COLUMNS, clean_name
from shared.ruleset import TableOptions

if TYPE_CHECKING:
    from client.app import App

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 8.0


class ConnectingScene(Scene):
    """Waiting for the host's welcome; asking for another name, in place, when the host
    says the name is another player's (`name_taken`)."""

    def __init__(self, app: App, options: TableOptions | None, auto_start: bool) -> None:
        super().__init__(app)
        self.options = options
        self.auto_start = auto_start
        self.started = time.monotonic()
        self.cancel = Button(
            pygame.Rect(0, 0, 10, 10), t("common.cancel"), app.back_to_menu, hotkey=pygame.K_ESCAPE
        )
        self.name_field: TextField | None = None
        """The name to join under again, while the host's `name_taken` is shown."""
        self.refused_name = ""
        self.refusal = ""
        """The host's reason (English, as it sent it), shown small under ours."""
        self.name_note = ""
        self.retry = Button(
            pygame.Rect(0, 0, 10, 10), t("join.join"), self._join_as, accent=RED
        )

    def _ask_for_a_name(self, name: str, reason: str) -> None:
        self.refused_name = name
        self.refusal = reason
        self.name_note = ""
        self.name_field = TextField(
            pygame.Rect(0, 0, 10, 10), name, 24, max_columns=NAME_MAX_COLUMNS, focused=True
        )

    def _join_as(self) -> None:
        """Say hello again, on a new connection (the refused one has a join deadline),
        under the name typed; it becomes the player's name in the settings too."""
        conn = self.app.connection
        if self.name_field is None or conn is None:
            return
        try:
            name = clean_name(self.name_field.text)
        except ValueError:
            self.name_note = t("net.name_needed")
            return
        from msgspec import structs

        self.app.update_settings(structs.replace(self.app.settings, player_name=name))
        conn.name = name
        if self.app.table is not None:
            self.app.table.errors.clear()
        conn.connect()
        self.name_field = None
        self.started = time.monotonic()

    def follows_table(self) -> bool:
        """Not while a name is asked for again: that hello was refused."""
        return self.name_field is None

    def update(self, dt: float) -> bool:
        conn, table = self.app.connection, self.app.table
        if conn is None or table is None or self.name_field is not None:
            return False
        if table.errors:
            error = table.errors[-1]
            if error.code == "name_taken":
                # Asked again here, in place: the player picks another name and joins.
                self._ask_for_a_name(conn.name, error.reason)
                return True
            # The screen that asked gets the refusal back: it may fix it in place (a table
            # code asked for again) rather than the player starting over from the menu.
            self.app.disconnect()
            asked = len(self.app.scenes) > 1
            if asked:
                self.app.pop()
            if not (asked and self.app.scene.refused(error, conn.address, conn.code)):
                self.app.back_to_menu()
                self.app.notice = refusal(error)
            return True
        if table.welcome is not None and table.lobby is not None:
            self.app.nav.lobby(self.options, self.auto_start)
            return True
        if conn.key_rejected:
            self.app.back_to_menu()
            self.app.notice = t("error.wrong_key")
            return True
        if time.monotonic() - self.started > CONNECT_TIMEOUT:
            self.app.back_to_menu()
            self.app.notice = t("error.no_answer")
        return True

    def focused_field(self) -> TextField | None:
        field = self.name_field
        return field if field is not None and field.focused else None

    def handle(self, event: pygame.event.Event) -> None:
        field = self.name_field
        if field is None:
            self.cancel.handle(event)
            return
        self._layout_name_form(self.app.screen)
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and not field.composition:  # Enter joins, from the field too
            self._join_as()
            return
        widgets: list[Widget] = [field, self.retry, self.cancel]
        for widget in widgets:
            if widget.handle(event):
                break

    def _layout_name_form(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        assert self.name_field is not None
        self.name_field.rect = pygame.Rect(0, 0, int(w * 0.36), int(h * 0.07))
        self.name_field.rect.center = (w // 2, int(h * 0.55))
        bw, bh = int(w * 0.16), int(h * 0.065)
        self.retry.rect = pygame.Rect(w // 2 - bw - int(w * 0.01), int(h * 0.68), bw, bh)
        self.cancel.rect = pygame.Rect(w // 2 + int(w * 0.01), int(h * 0.68), bw, bh)

    def _draw_name_form(self, screen: pygame.Surface) -> None:
        self._layout_name_form(screen)
        assert self.name_field is not None
        w, h = screen.get_size()
        size = int(h * 0.03)
        draw_text(
            screen,
            t("net.name_taken_title"),
            (w // 2, int(h * 0.24)),
            int(h * 0.05),
            GOLD,
            anchor="center",
            bold=True,
        )
        # Ours first, in the player's language; the host's reason (English) smaller under it.
        body = Problem(t("net.name_taken", name=self.refused_name), self.refusal)
        draw_problem(screen, body, (w // 2, int(h * 0.31)), size, WHITE, "midtop", w - 80)
        field = self.name_field.rect
        draw_text(
            screen,
            t("settings.player_name"),
            (field.x, field.y - 6),
            int(size * 0.8),
            WHITE,
            anchor="bottomleft",
        )
        self.name_field.draw(screen)
        if self.name_note:
            draw_text(
                screen,
                self.name_note,
                (w // 2, field.bottom + 8),
                int(size * 0.8),
                (255, 210, 160),
                anchor="midtop",
            )
        self.retry.draw(screen)
        self.cancel.draw(screen)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        if self.name_field is not None:
            self._draw_name_form(screen)
            return
        dots = "." * (int(time.monotonic() * 2) % 4)
        draw_text(
            screen,
            t("net.connecting") + dots,
            (w // 2, h // 2),
            int(h * 0.05),
            GOLD,
            anchor="center",
        )
        self.cancel.rect = pygame.Rect(0, 0, int(w * 0.16), int(h * 0.065))
        self.cancel.rect.center = (w // 2, int(h * 0.65))
        self.cancel.draw(screen)
