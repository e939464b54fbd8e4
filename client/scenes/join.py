"""Join a table: the tables found on the LAN (live), or an address typed by hand."""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client.discovery import TableBrowser, TableInfo
from client.i18n import t, t_plural
from client.net import Address
from client.problem import draw_problem, problem, refusal
from client.scene import Scene
from client.scenes.background import felt
from client.starting import connect
from client.ui import (
    GOLD,
    MUTED,
    RED,
    WHITE,
    Button,
    TextField,
    Widget,
    draw_text,
    fitted_text,
    focused_field,
    panel,
)
from shared.errors import MahjongError
from shared.protocol import Error

if TYPE_CHECKING:
    from client.app import App

log = logging.getLogger(__name__)


class JoinScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.browser: TableBrowser | None = None
        self.tables: list[TableInfo] = []
        r = pygame.Rect(0, 0, 10, 10)
        self.address = TextField(
            r.copy(), app.settings.last_address, 80, placeholder="192.168.1.20:47251#…"
        )
        self.code = TextField(
            r.copy(), "", 12, placeholder=t("host.code_optional"), allowed=lambda c: c.isalnum()
        )
        self.buttons: list[Button] = []
        self.message = ""

    def enter(self) -> None:
        try:
            self.browser = TableBrowser()
        except Exception as exc:  # no network for multicast: typing an address still works
            log.warning("no LAN discovery: %s", exc)
            self.message = t("join.no_discovery")

    def leave(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, dt: float) -> bool:
        if self.browser is None:
            return False
        tables = self.browser.tables()
        changed = tables != self.tables
        self.tables = tables
        return changed

    def _join(self, address: Address) -> None:
        from msgspec import structs

        self.app.update_settings(structs.replace(self.app.settings, last_address=str(address)))
        connect(self.app, address, table_code=self.code.text)

    def _join_listed(self, table: TableInfo) -> None:
        """A table from the list; one that needs a code not typed yet asks for it first."""
        if table.code_required and not self.code.text:
            self.app.nav.code_prompt(table.address, table.name)
            return
        self._join(table.address)

    def refused(self, error: Error, address: Address, code: str) -> bool:
        """Said here, not on the menu: a table code asked for (again), anything else on
        this screen's own line."""
        listed = next((table.name for table in self.tables if table.address == address), "")
        if not self.app.nav.ask_for_code(error, address, code, listed):
            self.message = refusal(error)
        return True

    def _join_typed(self) -> None:
        try:
            address = Address.parse(self.address.text)
        except MahjongError as exc:
            self.message = problem("join.bad_address", exc)
            return
        self._join(address)

    def _layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        bh = int(h * 0.06)
        self.buttons = []
        pitch = int(bh * 1.45)  # room for the name over its address, apart from the next row
        for i, table in enumerate(self.tables[: self.rows_shown(h)]):
            rect = pygame.Rect(int(w * 0.62), int(h * 0.18) + i * pitch, int(w * 0.16), bh)
            self.buttons.append(Button(rect, t("join.join"), partial(self._join_listed, table)))
        self.address.rect = pygame.Rect(int(w * 0.2), int(h * 0.72), int(w * 0.45), bh)
        self.code.rect = pygame.Rect(int(w * 0.2), int(h * 0.80), int(w * 0.2), bh)
        self.buttons.append(
            Button(
                pygame.Rect(int(w * 0.67), int(h * 0.72), int(w * 0.13), bh),
                t("join.join"),
                self._join_typed,
                accent=RED,
                hotkey=pygame.K_RETURN,
            )
        )
        self.buttons.append(
            Button(
                pygame.Rect(int(w * 0.02), int(h * 0.02), int(w * 0.12), bh),
                t("common.back"),
                self.app.pop,
                hotkey=pygame.K_ESCAPE,
            )
        )

    @staticmethod
    def rows_shown(h: int) -> int:
        """How many listed tables fit in the list's panel, rows 1.45 buttons apart."""
        bh = int(h * 0.06)
        room = list_area(0, h).bottom - int(h * 0.18) - bh
        return 1 + max(0, room // int(bh * 1.45))

    @staticmethod
    def row_text(table: TableInfo) -> str:
        """A listed table's line: its name, a lock if it needs a code, the free seats."""
        lock = f"  ·  {t('join.locked')}" if table.code_required else ""
        return f"{table.name}{lock}  ·  {t_plural('join.seats_free', table.seats_free)}"

    def draw_row(
        self, screen: pygame.Surface, table: TableInfo, i: int, x: int
    ) -> tuple[pygame.Rect, pygame.Rect]:
        """The i-th listed table beside its Join button: its name (with the lock and the
        free seats) over its address, a size smaller but readable, apart from it, the two
        lines together centred on the button. Returns where the two went."""
        h = screen.get_height()
        size = int(h * 0.03)
        button = self.buttons[i].rect
        room = button.x - x - 16
        name = fitted_text(self.row_text(table), size, WHITE, room)
        address = fitted_text(
            f"{table.address.host}:{table.address.port}", max(14, int(size * 0.8)), MUTED, room
        )
        gap = max(2, size // 8)
        top = button.centery - (name.get_height() + gap + address.get_height()) // 2
        name_rect = screen.blit(name, (x, top))
        address_rect = screen.blit(address, (x, name_rect.bottom + gap))
        return name_rect, address_rect

    def focused_field(self) -> TextField | None:
        return focused_field([self.address, self.code])

    def handle(self, event: pygame.event.Event) -> None:
        self._layout(self.app.screen)
        widgets: list[Widget] = [self.address, self.code, *self.buttons]
        for widget in widgets:
            if widget.handle(event):
                break

    def draw(self, screen: pygame.Surface) -> None:
        self._layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        size = int(h * 0.03)
        draw_text(
            screen,
            t("join.title"),
            (w // 2, int(h * 0.07)),
            int(h * 0.05),
            GOLD,
            anchor="center",
            bold=True,
        )
        area = list_area(w, h)
        panel(screen, area, (0, 0, 0, 100))
        if not self.tables:
            draw_text(screen, t("join.searching"), area.center, size, MUTED, anchor="center")
        for i, table in enumerate(self.tables[: self.rows_shown(h)]):
            self.draw_row(screen, table, i, area.x + 16)
        draw_text(
            screen,
            t("join.manual"),
            (self.address.rect.x, self.address.rect.y - 6),
            int(size * 0.8),
            WHITE,
            anchor="bottomleft",
        )
        draw_text(
            screen,
            t("host.code"),
            (self.code.rect.right + 12, self.code.rect.centery),
            int(size * 0.8),
            WHITE,
            anchor="midleft",
        )
        widgets: list[Widget] = [self.address, self.code, *self.buttons]
        for widget in widgets:
            widget.draw(screen)
        note = self.message or self.app.notice or ""
        if note:
            draw_problem(
                screen,
                note,
                (w // 2, h - int(h * 0.05)),
                int(size * 0.8),
                (255, 210, 160),
                anchor="center",
            )


def list_area(w: int, h: int) -> pygame.Rect:
    """The panel of the tables found."""
    return pygame.Rect(int(w * 0.18), int(h * 0.15), int(w * 0.64), int(h * 0.48))
