"""A scrolling list of rows, one of them chosen: ↑ ↓, Page Up/Down, Home/End and the wheel
move through it, Enter or a click opens the chosen row (History, a session's hands)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from client.ui import GOLD

CHOSEN = (255, 255, 255, 34)
"""The chosen row's light band."""


@dataclass
class RowList:
    count: int = 0
    chosen: int = 0
    first: int = 0
    """The first row shown."""
    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    row_height: int = 1

    @property
    def visible(self) -> int:
        return max(1, self.area.height // max(1, self.row_height))

    def place(self, area: pygame.Rect, row_height: int, count: int) -> None:
        self.area, self.row_height, self.count = area, max(1, row_height), count
        self.chosen = min(max(0, self.chosen), max(0, count - 1))
        self._keep_chosen_in_view()

    def rows(self) -> list[tuple[int, pygame.Rect]]:
        """(index, rect) of every row on screen now."""
        shown = range(self.first, min(self.count, self.first + self.visible))
        return [
            (
                i,
                pygame.Rect(
                    self.area.x,
                    self.area.y + (i - self.first) * self.row_height,
                    self.area.width,
                    self.row_height,
                ),
            )
            for i in shown
        ]

    def choose(self, index: int) -> None:
        if self.count:
            self.chosen = min(max(0, index), self.count - 1)
            self._keep_chosen_in_view()

    def scroll(self, rows: int) -> None:
        self.first = min(max(0, self.first + rows), max(0, self.count - self.visible))

    def _keep_chosen_in_view(self) -> None:
        if self.chosen < self.first:
            self.first = self.chosen
        elif self.chosen >= self.first + self.visible:
            self.first = self.chosen - self.visible + 1
        self.scroll(0)

    def handle(self, event: pygame.event.Event, open_row: Callable[[int], None]) -> bool:
        """Move, scroll or open a row; True when the event was the list's."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3)
            return True
        if event.type == pygame.KEYDOWN:
            page = max(1, self.visible - 1)
            moves = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -self.count,
                pygame.K_END: self.count,
            }
            if event.key in moves:
                self.choose(self.chosen + moves[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.count:
                open_row(self.chosen)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, rect in self.rows():
                if rect.collidepoint(event.pos):
                    self.chosen = index
                    open_row(index)
                    return True
        return False

    def draw_chosen(self, surface: pygame.Surface) -> None:
        for index, rect in self.rows():
            if index == self.chosen:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                band.fill(CHOSEN)
                surface.blit(band, rect.topleft)
                pygame.draw.rect(surface, GOLD, rect, 1, border_radius=4)

    def draw_scroll_bar(self, surface: pygame.Surface) -> None:
        if self.count <= self.visible:
            return
        track = pygame.Rect(self.area.right + 6, self.area.y, 6, self.area.height)
        pygame.draw.rect(surface, (0, 0, 0), track, border_radius=3)
        height = max(12, track.height * self.visible // self.count)
        top = track.y + (track.height - height) * self.first // max(1, self.count - self.visible)
        pygame.draw.rect(surface, GOLD, (track.x, top, track.width, height), border_radius=3)
