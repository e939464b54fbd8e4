"""The lobby: four seats (take any free one), the owner's base score, options and the
computer players' pace, accept or decline, start; the scoreboard of the session so far,
or of the last one (Tab, client/scoreboard.py)."""

from __future__ import annotations

import logging
import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client.i18n import seat_name, t
from client.notice_banner import draw_notice
from client.problem import draw_problem, refusal
from client.scene import Scene
from client.scenes.background import felt
from client.starting import hosted_addresses
from client.table_options import BOX_SHARE, OptionChoices, grid, summary
from client.ui import GOLD, MUTED, RED, WHITE, Button, Choice, Widget, draw_text, panel
from shared.actions import (
    BOT_LEVELS,
    BOT_PACES,
    AcceptRules,
    AddBot,
    BotPace,
    DeclineRules,
    RemoveBot,
    SetBotPace,
    SetRules,
    StartGame,
    TakeSeat,
)
from shared.ruleset import TableOptions

if TYPE_CHECKING:
    from client.app import App

log = logging.getLogger(__name__)

COPIED_SECONDS = 2.0
"""How long the copy button says the address was copied."""


class LobbyScene(Scene):
    def __init__(self, app: App, options: TableOptions | None = None, auto_start: bool = False):
        super().__init__(app)
        self.wanted = options
        self.auto_start = auto_start
        self.sent_rules = False
        self.sent_start = False
        self.buttons: list[Button] = []
        self.choices: list[Choice] = []
        self.rules = OptionChoices(options)
        """The owner's choice of base score and options, first those the host was given."""
        self.pace = Choice(
            pygame.Rect(0, 0, 10, 10),
            t("option.bot_pace"),
            BOT_PACES,
            describe=lambda v: t(f"option.bot_pace.{v}"),
            box_share=BOX_SHARE,
        )
        """The computer players' pace, among the owner's options; it shows the host's
        (`lobby_updated.bot_pace`) and a click asks the host for the other at once."""
        self.pace_asked: BotPace | None = None
        """The pace the owner clicked and the host has not confirmed yet."""
        self.addresses = hosted_addresses(app.local_host)
        """What friends type to join, when this game hosts the table (first: the likeliest)."""
        self.clipboard_works = True
        self.copied_until = 0.0

    # --- state -----------------------------------------------------------------------------

    @property
    def me(self) -> int | None:
        table = self.app.table
        if table is None or table.lobby is None:
            return None
        for seat, occupant in enumerate(table.lobby.seats):
            if occupant is not None and occupant.name == table.name and not occupant.bot:
                return seat
        return None

    def _is_owner(self) -> bool:
        table = self.app.table
        seat = self.me
        if table is None or table.lobby is None or seat is None:
            return False
        occupant = table.lobby.seats[seat]
        return occupant is not None and occupant.owner

    def follows_table(self) -> bool:
        return True

    def update(self, dt: float) -> bool:
        conn, table = self.app.connection, self.app.table
        if conn is None or table is None:
            self.app.back_to_menu()
            return True
        heard, self.heard = self.heard, False
        copied_label_ended = 0.0 < self.copied_until <= time.monotonic()
        if copied_label_ended:
            self.copied_until = 0.0
        if table.view is not None and table.view.phase != "ended":
            self.app.nav.table()
            return True
        if self.auto_start and self._is_owner() and table.lobby is not None:
            if table.lobby.options is None and not self.sent_rules:
                conn.send(SetRules(self.wanted or TableOptions()))
                self.sent_rules = True
            elif table.lobby.can_start and not self.sent_start:
                conn.send(StartGame())
                self.sent_start = True
        return heard or copied_label_ended

    # --- layout and input --------------------------------------------------------------------

    def _layout(self, screen: pygame.Surface) -> None:
        conn, table = self.app.connection, self.app.table
        w, h = screen.get_size()
        self.buttons = []
        self.choices = []
        if conn is None or table is None or table.lobby is None:
            return
        lobby = table.lobby
        bh = int(h * 0.06)
        owner = self._is_owner()
        me = self.me
        for seat, occupant in enumerate(lobby.seats):
            row = self._seat_rect(screen, seat)
            button_rect = pygame.Rect(0, 0, int(w * 0.16), int(bh * 0.85))
            button_rect.midright = (row.right - 12, row.centery)
            if me is not None and occupant is None:
                # Who sits beside whom is the friends' choice (RULES.md §2).
                sit = button_rect.copy()
                if owner:
                    sit.width = int(w * 0.12)
                    sit.midright = (button_rect.left - 10, button_rect.centery)
                move = TakeSeat(seat)
                self.buttons.append(
                    Button(sit, t("lobby.sit_here"), partial(conn.send, move), intent=move)
                )
            if owner and occupant is None:
                self.buttons.append(
                    Button(button_rect, t("lobby.add_bot"), partial(conn.send, AddBot(seat)))
                )
            elif owner and occupant is not None and occupant.bot:
                self.buttons.append(
                    Button(
                        button_rect, t("lobby.remove_bot"), partial(conn.send, RemoveBot(seat))
                    )
                )
                # The level, one click to the next (easy → normal → strong → easy).
                level_rect = button_rect.copy()
                level_rect.width = int(w * 0.1)
                level_rect.midright = (button_rect.left - 10, button_rect.centery)
                now = occupant.level or "normal"
                after = BOT_LEVELS[(BOT_LEVELS.index(now) + 1) % len(BOT_LEVELS)]
                self.buttons.append(
                    Button(
                        level_rect,
                        f"{t('level.' + now)} ›",
                        partial(conn.send, AddBot(seat, after)),
                    )
                )
        bottom = self._bottom_row(screen)
        if owner and lobby.options is None:
            if self.pace_asked == lobby.bot_pace:
                self.pace_asked = None  # the host has it
            shown = self.pace_asked or lobby.bot_pace
            self.pace.index = BOT_PACES.index(shown) if shown in BOT_PACES else 0
            self.choices = [*self.rules.choices, self.pace]
            for choice, rect in zip(self.choices, self._option_rects(screen), strict=True):
                choice.rect = rect
            rect = pygame.Rect(0, 0, int(w * 0.26), bottom.height)
            rect.center = bottom.center
            self.buttons.append(Button(rect, t("lobby.set_base"), self._set_rules, accent=RED))
        if not owner and lobby.options is not None and me is not None:
            occupant = lobby.seats[me]
            if occupant is not None and not occupant.accepted:
                accept = pygame.Rect(int(w * 0.3), bottom.y, int(w * 0.18), bottom.height)
                decline = pygame.Rect(int(w * 0.52), bottom.y, int(w * 0.18), bottom.height)
                self.buttons.append(
                    Button(accept, t("lobby.accept"), lambda: conn.send(AcceptRules()), accent=RED)
                )
                self.buttons.append(
                    Button(decline, t("lobby.decline"), lambda: conn.send(DeclineRules()))
                )
        if owner and lobby.can_start:
            rect = pygame.Rect(0, 0, int(w * 0.24), bottom.height)
            rect.center = bottom.center
            self.buttons.append(
                Button(
                    rect,
                    t("lobby.start"),
                    lambda: conn.send(StartGame()),
                    accent=RED,
                    hotkey=pygame.K_RETURN,
                )
            )
        if owner and self.addresses and self.clipboard_works:
            copied = time.monotonic() < self.copied_until
            label = t("lobby.copied") if copied else t("lobby.copy_address")
            self.buttons.append(Button(self._copy_rect(screen), label, self._copy_address))
        back = pygame.Rect(int(w * 0.02), int(h * 0.02), int(w * 0.12), int(bh * 0.9))
        self.buttons.append(
            Button(back, t("common.leave"), self.app.request_leave, hotkey=pygame.K_ESCAPE)
        )
        rules = back.copy()
        rules.topright = (w - back.x, back.y)
        show = self.app.nav.table_rules
        self.buttons.append(Button(rules, t("menu.rules"), show, hotkey=pygame.K_F1))
        scores = rules.copy()
        scores.topright = (rules.x - int(w * 0.01), rules.y)
        toggle = self.app.overlays.toggle_scoreboard
        self.buttons.append(Button(scores, t("sheet.button"), toggle, hotkey=pygame.K_TAB))

    def _copy_rect(self, screen: pygame.Surface) -> pygame.Rect:
        w, h = screen.get_size()
        rect = pygame.Rect(0, 0, int(w * 0.12), int(h * 0.04))
        rect.midright = (int(w * 0.8), int(h * 0.12))
        return rect

    def _copy_address(self) -> None:
        try:
            pygame.scrap.put_text(self.addresses[0])
        except pygame.error as exc:  # no clipboard here: the address stays on screen
            log.warning("could not copy the address: %s", exc)
            self.clipboard_works = False
            return
        self.copied_until = time.monotonic() + COPIED_SECONDS

    def _draw_addresses(self, screen: pygame.Surface) -> None:
        """The address(es) friends type to join, under the title, for the owner who hosts."""
        w, h = screen.get_size()
        right = self._copy_rect(screen).x - 10 if self.clipboard_works else int(w * 0.8)
        left = int(w * 0.2)
        draw_text(
            screen,
            t("host.address", address=self.addresses[0]),
            (left, int(h * 0.12)),
            int(h * 0.026),
            WHITE,
            anchor="midleft",
            max_width=right - left,
        )
        if len(self.addresses) > 1:
            draw_text(
                screen,
                "  ·  ".join(self.addresses[1:3]),
                (left, int(h * 0.155)),
                int(h * 0.019),
                MUTED,
                anchor="midleft",
                max_width=int(w * 0.6),
            )

    def _set_rules(self) -> None:
        conn = self.app.connection
        if conn is None:
            return
        options = self.rules.options()
        conn.send(SetRules(options))

    def _seat_rect(self, screen: pygame.Surface, seat: int) -> pygame.Rect:
        w, h = screen.get_size()
        return pygame.Rect(
            int(w * 0.2), int(h * 0.19) + seat * int(h * 0.062), int(w * 0.6), int(h * 0.055)
        )

    def _options_area(self, screen: pygame.Surface) -> pygame.Rect:
        """Under the seats: the owner's choices, or the rules set (to accept or decline)."""
        w, h = screen.get_size()
        return pygame.Rect(int(w * 0.03), int(h * 0.485), int(w * 0.94), int(h * 0.375))

    def _option_rects(self, screen: pygame.Surface) -> list[pygame.Rect]:
        choices = [*self.rules.choices, self.pace]
        return grid(choices, self._options_area(screen), 2, int(screen.get_width() * 0.03))

    def _bottom_row(self, screen: pygame.Surface) -> pygame.Rect:
        """Where the set-rules, accept/decline and start buttons go."""
        w, h = screen.get_size()
        return pygame.Rect(0, int(h * 0.875), w, int(h * 0.07))

    def _draw_rules(self, screen: pygame.Surface, options: TableOptions, asked: bool) -> None:
        """The rules the owner set, every option, in a panel; `asked`: this player has still
        to accept or decline them."""
        w, h = screen.get_size()
        area = self._options_area(screen)
        panel(screen, area.inflate(int(w * 0.01), int(h * 0.01)), (0, 0, 0, 120))
        heading = t("lobby.base_offer", base=options.base) if asked else t("lobby.rules")
        head = pygame.Rect(area.x, area.y, area.width, int(area.height * 0.13))
        draw_text(
            screen,
            heading,
            head.center,
            int(h * 0.03),
            GOLD,
            anchor="center",
            bold=True,
            max_width=head.width - 16,
        )
        body = pygame.Rect(area.x + 12, head.bottom, area.width - 24, area.bottom - head.bottom)
        rows = summary(options)
        lobby = self.app.table.lobby if self.app.table is not None else None
        if lobby is not None and not lobby.suggest_allowed:
            # Not a rule, but what a guest should know before sitting down: no advice here.
            rows = [*rows, (t("host.allow_suggest"), t("common.no"))]
        if lobby is not None and lobby.bot_pace in BOT_PACES:
            pace = lobby.bot_pace
            rows = [*rows, (t("option.bot_pace"), t(f"option.bot_pace.{pace}"))]
        size = max(12, int(h * 0.024))
        for (label, value), rect in zip(rows, grid(rows, body, 2, int(w * 0.04)), strict=True):
            split = rect.x + int(rect.width * 0.45)
            draw_text(
                screen,
                label,
                (rect.x, rect.centery),
                size,
                MUTED,
                anchor="midleft",
                max_width=split - rect.x - 8,
            )
            draw_text(
                screen,
                value,
                (split, rect.centery),
                size,
                WHITE,
                anchor="midleft",
                max_width=rect.right - split,
            )

    def handle(self, event: pygame.event.Event) -> None:
        self._layout(self.app.screen)
        widgets: list[Widget] = [*self.buttons, *self.choices]
        for widget in widgets:
            if widget.handle(event):
                if widget is self.pace:
                    self._ask_pace(self.pace.value)
                self.app.dirty = True
                break

    def _ask_pace(self, pace: BotPace) -> None:
        """The owner picked a pace: the host is asked now (not a rule: nothing to accept)."""
        conn = self.app.connection
        if conn is None:
            return
        self.pace_asked = pace
        conn.send(SetBotPace(pace))

    def draw(self, screen: pygame.Surface) -> None:
        self._layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        table = self.app.table
        if table is None or table.lobby is None:
            return
        lobby = table.lobby
        title = table.welcome.table_name if table.welcome else ""
        draw_text(
            screen, title, (w // 2, int(h * 0.07)), int(h * 0.05), GOLD, anchor="center", bold=True
        )
        if self.addresses and self._is_owner():
            self._draw_addresses(screen)
        size = int(h * 0.032)
        for seat, occupant in enumerate(lobby.seats):
            row = self._seat_rect(screen, seat)
            panel(screen, row, (0, 0, 0, 110))
            label = t("lobby.seat", n=seat + 1)
            draw_text(screen, label, (row.x + 14, row.centery), size, MUTED, anchor="midleft")
            if occupant is None:
                text, color = t("lobby.empty_seat"), MUTED
            else:
                marks = []
                if occupant.owner:
                    marks.append(t("lobby.owner"))
                if occupant.bot and not self._is_owner():
                    # (the owner's buttons say it: Remove computer, and its level)
                    marks.append(t("lobby.computer"))
                    if occupant.level:
                        marks.append(t("level." + occupant.level))
                if lobby.options is not None:
                    marks.append(t("lobby.accepted") if occupant.accepted else t("lobby.waiting"))
                text = seat_name(occupant) + ("  · " + " · ".join(marks) if marks else "")
                color = GOLD if seat == self.me else WHITE
            left = row.x + int(w * 0.1)
            buttons = [b.rect.left for b in self.buttons if b.rect.colliderect(row)]
            room = (min(buttons) - 12 if buttons else row.right - 12) - left
            draw_text(
                screen, text, (left, row.centery), size, color, anchor="midleft", max_width=room
            )
        me = self.me
        if lobby.options is not None:
            occupant = lobby.seats[me] if me is not None else None
            asked = occupant is not None and not occupant.accepted
            self._draw_rules(screen, lobby.options, asked)
        elif not self._is_owner():
            draw_text(
                screen,
                t("lobby.owner_setting"),
                self._options_area(screen).center,
                size,
                WHITE,
                anchor="center",
            )
        if lobby.spectators:
            draw_text(
                screen,
                t("lobby.spectators") + ": " + ", ".join(lobby.spectators),
                (w // 2, int(h * 0.455)),
                int(size * 0.8),
                MUTED,
                anchor="center",
                max_width=int(w * 0.9),
            )
        widgets: list[Widget] = [*self.choices, *self.buttons]
        for widget in widgets:
            widget.draw(screen)
        if table.errors:
            draw_problem(
                screen,
                refusal(table.errors[-1]),
                (w // 2, h - int(h * 0.015)),
                int(size * 0.8),
                (255, 200, 160),
                anchor="midbottom",
                max_width=int(w * 0.9),
            )
        draw_notice(screen, table)
