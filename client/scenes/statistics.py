"""统计 Statistics: one player's figures from the kept records (client/record_stats.py):
sessions, hands, win rate, the share of wins self-drawn, the deal-in rate, the average fan
of wins, the patterns won with, and the points won and lost over time as a line chart.

The player is chosen by identity (the game's own player first, then everyone else seen at
the table, by their latest name); the range is the last 10 or 50 sessions, or all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.i18n import pattern_name, t
from client.problem import draw_problem
from client.record_stats import Player, PlayerStats, own_player, players, statistics
from client.record_store import SessionLine, store_of
from client.scene import Scene
from client.scenes.background import felt
from client.ui import GOLD, MUTED, WHITE, Button, Choice, draw_text, fitted_text, panel
from client.widgets.line_chart import draw_line_chart

if TYPE_CHECKING:
    from client.app import App

RANGES: tuple[int | None, ...] = (10, 50, None)
"""The last N sessions a player may look at (None: all of them)."""
PATTERNS_SHOWN = 8


def percent(value: float | None) -> str:
    return t("stats.none") if value is None else f"{value:.0%}"


def figures(stats: PlayerStats) -> list[tuple[str, str]]:
    """(label, value) of each figure, as the screen lists them."""
    fan = stats.average_fan
    return [
        (t("stats.sessions"), str(stats.sessions)),
        (t("stats.hands"), str(stats.hands)),
        (t("stats.win_rate"), percent(stats.win_rate)),
        (t("stats.self_drawn"), percent(stats.self_drawn_share)),
        (t("stats.deal_in"), percent(stats.deal_in_rate)),
        (t("stats.average_fan"), t("stats.none") if fan is None else f"{fan:.1f}"),
    ]


class StatisticsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sessions: list[SessionLine] = []
        self.people: list[Player] = []
        self.person = 0
        self.range = len(RANGES) - 1
        self.widgets: list[Choice] = []
        self.buttons: list[Button] = []

    def enter(self) -> None:
        self.sessions = store_of(self.app).sessions()
        own = own_player(self.app.config_dir, self.app.settings.player_name)
        self.people = players(self.sessions, own.fingerprints, own.name)

    def stats(self) -> PlayerStats:
        return statistics(self.sessions, self.people[self.person].fingerprints, RANGES[self.range])

    def _name(self, index: int) -> str:
        person = self.people[index]
        return t("stats.you", name=person.name) if person.own else person.name

    @staticmethod
    def _range(index: int) -> str:
        last = RANGES[index]
        return t("stats.all") if last is None else t("stats.last", n=last)

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        margin = int(w * 0.04)
        bh = int(h * 0.065)
        width = int(w * 0.36)
        hovered = [c.hovered for c in self.widgets] or [False, False]
        self.widgets = [
            Choice(
                pygame.Rect(w - margin - 2 * width - margin // 2, int(h * 0.045), width, bh),
                t("stats.player"),
                list(range(len(self.people))),
                index=self.person,
                describe=self._name,
                box_share=0.74,
                hovered=hovered[0],
            ),
            Choice(
                pygame.Rect(w - margin - width, int(h * 0.045), width, bh),
                t("stats.over"),
                list(range(len(RANGES))),
                index=self.range,
                describe=self._range,
                box_share=0.74,
                hovered=hovered[1],
            ),
        ]
        bw = int(w * 0.16)
        self.buttons = [
            Button(
                pygame.Rect(w - margin - bw, h - margin // 2 - bh, bw, bh),
                t("history.back"),
                self.app.pop,
                hotkey=pygame.K_ESCAPE,
            )
        ]

    def handle(self, event: pygame.event.Event) -> None:
        self.layout(self.app.screen)
        for button in self.buttons:
            if button.handle(event):
                return
        person, chosen_range = self.widgets
        if person.handle(event):
            self.person = person.index
        elif chosen_range.handle(event):
            self.range = chosen_range.index
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.person = (self.person + step) % len(self.people)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.range = (self.range + step) % len(RANGES)

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        margin = int(w * 0.04)
        title_width = self.widgets[0].rect.x - 2 * margin
        draw_text(
            screen,
            t("stats.title"),
            (margin, int(h * 0.045)),
            int(h * 0.06),
            GOLD,
            bold=True,
            max_width=title_width,
        )
        stats = self.stats()
        top = int(h * 0.16)
        bottom = self.buttons[0].rect.y - margin // 2
        left = pygame.Rect(margin, top, int(w * 0.3), bottom - top)
        panel(screen, left)
        self._draw_figures(screen, stats, left.inflate(-margin // 2, -margin // 2))
        right = pygame.Rect(
            left.right + margin // 2, top, w - margin - left.right - margin // 2, bottom - top
        )
        panel(screen, right)
        self._draw_chart(screen, stats, right.inflate(-margin // 2, -margin // 2))
        for widget in self.widgets:
            widget.draw(screen)
        for button in self.buttons:
            button.draw(screen)
        draw_problem(
            screen,
            self.app.notice or t("stats.hint"),
            (margin, self.buttons[0].rect.centery),
            int(h * 0.026),
            (255, 220, 160),
            anchor="midleft",
            max_width=self.buttons[0].rect.x - 2 * margin,
        )

    def _draw_figures(self, screen: pygame.Surface, stats: PlayerStats, box: pygame.Rect) -> None:
        h = screen.get_height()
        size = int(h * 0.03)
        line = int(size * 1.45)
        y = box.y
        for label, value in figures(stats):
            draw_text(screen, label, (box.x, y), size, MUTED, max_width=int(box.width * 0.62))
            draw_text(screen, value, (box.right, y), size, WHITE, anchor="topright", bold=True)
            y += line
        y += line // 3
        draw_text(
            screen, t("stats.patterns"), (box.x, y), size, GOLD, bold=True, max_width=box.width
        )
        y += line
        small = int(size * 0.9)
        if not stats.patterns:
            draw_text(screen, t("stats.no_patterns"), (box.x, y), small, MUTED, max_width=box.width)
            return
        room = (box.bottom - y) // int(small * 1.4)
        ranked = sorted(stats.patterns.items(), key=lambda item: (-item[1], item[0]))
        for pattern, count in ranked[: max(0, min(PATTERNS_SHOWN, room))]:
            image = fitted_text(pattern_name(pattern), small, WHITE, int(box.width * 0.78))
            screen.blit(image, (box.x, y))
            draw_text(screen, f"×{count}", (box.right, y), small, WHITE, anchor="topright")
            y += int(small * 1.4)

    def _draw_chart(self, screen: pygame.Surface, stats: PlayerStats, box: pygame.Rect) -> None:
        h = screen.get_height()
        size = int(h * 0.03)
        draw_text(
            screen, t("stats.chart"), (box.x, box.y), size, GOLD, bold=True, max_width=box.width
        )
        hint = int(h * 0.024)
        draw_text(
            screen,
            t("stats.chart_hint"),
            (box.x, box.bottom),
            hint,
            MUTED,
            anchor="bottomleft",
            max_width=box.width,
        )
        plot_box = pygame.Rect(
            box.x,
            box.y + int(size * 1.6),
            box.width,
            box.height - int(size * 1.6) - int(hint * 1.8),
        )
        if not stats.points:
            draw_text(
                screen,
                t("stats.no_hands"),
                plot_box.center,
                size,
                MUTED,
                anchor="center",
                max_width=box.width,
            )
            return
        draw_line_chart(screen, plot_box, stats.points, stats.session_starts[1:], int(h * 0.024))
