"""规则 Rules: the rules of a table, drawn from its ruleset, in one scrolling page.

From the main menu the page shows each preset with its default options (tabs, or ← →, to
switch); from a table it shows that table's rules and the options its owner set, and the
table keeps playing underneath (its scene is updated every frame, so nothing is missed and
the turn timer is no surprise: the page says when it is the player's move). What the page
says comes from client/rules_content.py; this module only lays it out and scrolls it
(wheel, ↑ ↓, Page Up/Down, Home/End, or the scroll bar).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame
from msgspec import json

from client.assets import font, render_text
from client.i18n import current_language, t
from client.render.tiles import TileArt
from client.rules_content import Block, Heading, Line, Option, PatternEntry, page
from client.scene import Scene
from client.scenes.background import felt
from client.table_options import PRESETS
from client.ui import GOLD, MUTED, RED, WHITE, Button, draw_text, fitted_text, panel
from shared.melds import MeldKind
from shared.pattern_examples import Example, all_examples
from shared.protocol import HostMessage
from shared.ruleset import Ruleset, TableOptions, make_ruleset

if TYPE_CHECKING:
    from client.app import App

NOTE = (255, 200, 120)
"""An amber that reads on the felt: a pattern this table does not play."""
YOUR_MOVE = (255, 140, 120)
"""The reminder, at a table, that the host waits on this player."""
SMALLEST_TILE = 20
"""Tiles of an example are never drawn smaller than this many pixels high."""
SCROLL_LINES = 3
"""Lines of text one notch of the mouse wheel scrolls."""
_BREAKABLE = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]|[^\s\u2e80-\u9fff]+\s*|\s+")
"""A line may break after any CJK character or punctuation, or after a Latin word."""


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `width` at `size`: Chinese breaks between characters,
    English between words (a word wider than the line gets a line of its own)."""
    face = font(size, bold)
    lines: list[str] = []
    line = ""
    for piece in _BREAKABLE.findall(text):
        if line and face.size((line + piece).rstrip())[0] > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


@dataclass
class Drawn:
    """A block of the page drawn for one width: its picture and the space above it."""

    block: Block
    image: pygame.Surface
    gap: int


class _Painter:
    """Draws the page's blocks `width` pixels wide, text `unit` pixels high."""

    def __init__(self, width: int, unit: int, art: Callable[[int], TileArt]) -> None:
        self.width = width
        self.unit = unit
        self.art = art
        self.tile_height = fit_tile_height(self.tiles_room(width), unit, art)
        self.shrunk: list[str] = []
        """Texts drawn smaller than asked, to fit: none, on a page laid out well."""

    def tiles_room(self, width: int) -> int:
        """The room beside a pattern's text for its example."""
        return width - self.text_width(width) - 2 * self.pad - self.unit

    @property
    def pad(self) -> int:
        return self.unit // 2

    @staticmethod
    def text_width(width: int) -> int:
        return int(width * 0.46)

    def fitted(
        self, text: str, size: int, color: tuple[int, int, int], room: int, bold: bool = False
    ) -> pygame.Surface:
        """`text` on one line, smaller if it must be (noted in `shrunk`, for the tests)."""
        image = fitted_text(text, size, color, room, bold)
        if image.get_height() < render_text(text, size, color, bold=bold).get_height():
            self.shrunk.append(text)
        return image

    def paragraph(
        self, text: str, size: int, color: tuple[int, int, int], width: int, bold: bool = False
    ) -> pygame.Surface:
        lines = [
            render_text(line, size, color, bold=bold) for line in wrap(text, size, width, bold)
        ]
        height = sum(line.get_height() for line in lines)
        image = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        y = 0
        for line in lines:
            image.blit(line, (0, y))
            y += line.get_height()
        return image

    def draw(self, block: Block) -> Drawn:
        u = self.unit
        if isinstance(block, Heading):
            text = self.paragraph(block.text, int(u * 1.25), GOLD, self.width, bold=True)
            image = pygame.Surface((self.width, text.get_height() + u // 3), pygame.SRCALPHA)
            image.blit(text, (0, 0))
            y = image.get_height() - 2
            pygame.draw.line(image, (*GOLD, 140), (0, y), (self.width, y), 1)
            return Drawn(block, image, int(u * 1.1))
        if isinstance(block, Line):
            indent = block.indent * int(u * 1.5)
            text = self.paragraph(block.text, u, WHITE, self.width - indent - u)
            image = pygame.Surface((self.width, text.get_height()), pygame.SRCALPHA)
            bullet = render_text("·", u, GOLD if not block.indent else MUTED, bold=True)
            image.blit(bullet, (indent, 0))
            image.blit(text, (indent + u, 0))
            return Drawn(block, image, u // 4)
        if isinstance(block, Option):
            return Drawn(block, self.option(block), u // 6)
        return Drawn(block, self.pattern(block), u // 2)

    def option(self, block: Option) -> pygame.Surface:
        label_width = int(self.width * 0.36)
        u = self.unit
        label = self.paragraph(block.label, u, MUTED, label_width - u)
        value = self.paragraph(block.value, u, WHITE, self.width - label_width)
        image = pygame.Surface(
            (self.width, max(label.get_height(), value.get_height())), pygame.SRCALPHA
        )
        image.blit(label, (u, 0))
        image.blit(value, (label_width, 0))
        return image

    def pattern(self, entry: PatternEntry) -> pygame.Surface:
        """Names, fan, description and how the example was won on the left; the example's
        tiles on the right, each starting at the same x (below the text, when the page is
        too narrow for both)."""
        u = self.unit
        pad = self.pad
        text_width = self.text_width(self.width)
        tiles = self.tiles(entry)
        side_by_side = tiles is not None and tiles.get_width() <= self.tiles_room(self.width)
        if not side_by_side:
            text_width = self.width - 2 * pad
        fan = render_text(entry.fan, int(u * 1.1), GOLD, bold=True)
        name_room = text_width - fan.get_width() - u
        name = self.fitted(entry.name, int(u * 1.15), WHITE, name_room, bold=True)
        parts = []
        # The other language's name beside the name, or under it when it would not fit.
        other: pygame.Surface | None = render_text(entry.other_name, int(u * 0.85), MUTED)
        if other is not None and other.get_width() > name_room - name.get_width() - u // 2:
            parts.append(self.paragraph(entry.other_name, int(u * 0.85), MUTED, text_width))
            other = None
        parts.append(self.paragraph(entry.about, u, WHITE, text_width))
        parts.append(self.paragraph(entry.caption, int(u * 0.85), MUTED, text_width))
        if entry.note:
            parts.append(self.paragraph(entry.note, int(u * 0.85), NOTE, text_width))
        text_height = max(name.get_height(), fan.get_height()) + sum(p.get_height() for p in parts)
        tiles_height = tiles.get_height() if tiles is not None else 0
        if side_by_side:
            height = max(text_height, tiles_height) + 2 * pad
        else:
            height = text_height + tiles_height + 3 * pad
        image = pygame.Surface((self.width, height), pygame.SRCALPHA)
        panel(image, image.get_rect(), (0, 0, 0, 70), radius=10)
        x, y = pad, pad
        image.blit(name, (x, y))
        if other is not None:
            other_y = y + name.get_height() - other.get_height() - u // 10
            image.blit(other, (x + name.get_width() + u // 2, other_y))
        image.blit(fan, (x + text_width - fan.get_width(), y))
        y += max(name.get_height(), fan.get_height())
        for part in parts:
            image.blit(part, (x, y))
            y += part.get_height()
        if tiles is not None:
            if side_by_side:  # every example starts at one x, as hands lie on a table
                left = self.width - pad - self.tiles_room(self.width)
                image.blit(tiles, (left, (height - tiles.get_height()) // 2))
            else:
                image.blit(tiles, (pad, y + pad))
        return image

    def tiles(self, entry: PatternEntry) -> pygame.Surface | None:
        """The example hand at the page's tile size; None without an example."""
        if entry.example is None:
            return None
        art = self.art(self.tile_height)
        dim = bool(entry.note) and bool(entry.example.options)
        groups = tile_groups(entry.example)
        tw, th = art.size
        image = pygame.Surface((hand_width(groups, tw), th), pygame.SRCALPHA)
        x = 0
        for group in groups:
            for tile, how in group:
                if how == "back":
                    face = art.back(dim=dim)
                else:
                    face = art.face(tile, highlight=how == "win", dim=dim)
                image.blit(face, (x, 0))
                x += tw
            x += group_gap(tw)
        return image


def tile_groups(example: Example) -> list[list[tuple[int, str]]]:
    """The example hand as it lies on the table, group by group: the concealed tiles, the
    winning tile ("win": lit), each meld (a concealed kong with its two end tiles face
    down, "back"), the flowers."""
    hand = example.parsed()
    groups: list[list[tuple[int, str]]] = [[(tile, "") for tile in hand.concealed]]
    if hand.winning_tile is not None:
        groups.append([(hand.winning_tile, "win")])
    for meld in hand.melds:
        hidden = meld.kind is MeldKind.KONG and meld.concealed
        groups.append(
            [(tile, "back" if hidden and i in (0, 3) else "") for i, tile in enumerate(meld.tiles)]
        )
    if hand.flowers:
        groups.append([(tile, "") for tile in hand.flowers])
    return groups


def group_gap(tile_width: int) -> int:
    return max(3, tile_width // 3)


def hand_width(groups: list[list[tuple[int, str]]], tile_width: int) -> int:
    count = sum(len(group) for group in groups)
    return count * tile_width + (len(groups) - 1) * group_gap(tile_width)


def fit_tile_height(room: int, unit: int, art: Callable[[int], TileArt]) -> int:
    """One tile height for every example of every preset (the page looks even, and a
    preset switched to draws with tiles already made): as large as 2.5 lines of text, but
    the widest example fits in `room`; never below a readable least."""
    widest = max(
        (tile_groups(example) for example in all_examples()),
        key=lambda groups: hand_width(groups, 100),
    )
    height = int(unit * 2.5)
    while height > SMALLEST_TILE and hand_width(widest, art(height).size[0]) > room:
        height -= 1
    return height


class RulesScene(Scene):
    """The rules page. `rules`: a table's rules (the page of that table, no tabs), or None
    for the presets' defaults, from the menu; `below`: the table scene it was opened from."""

    def __init__(
        self,
        app: App,
        rules: Ruleset | None = None,
        options: TableOptions | None = None,
        below: Scene | None = None,
    ) -> None:
        super().__init__(app)
        self.table_rules = rules
        self.table_options = options
        self.preset = rules.preset.name if rules is not None else PRESETS[0]
        self.below = below
        """The table underneath, kept playing while the page is open (None from the menu)."""
        self.offset = 0
        self.drawn: list[Drawn] = []
        self.shrunk: list[str] = []
        """The texts of the page as last laid out that had to be drawn smaller to fit."""
        self.cache_key: object = None
        self.buttons: list[Button] = []
        self.viewport = pygame.Rect(0, 0, 1, 1)
        self.thumb: pygame.Rect | None = None
        self.track = pygame.Rect(0, 0, 1, 1)
        self.dragging: tuple[int, int] | None = None
        """(mouse y, offset) where a drag of the scroll bar's thumb began."""
        self.arts: dict[int, TileArt] = {}

    @property
    def covers_table(self) -> bool:  # type: ignore[override]
        return self.at_table

    @classmethod
    def of_table(cls, app: App) -> RulesScene:
        """The page of the table the player is at: the rules the host confirmed and the
        options its owner set (the presets' defaults if the table has no rules yet)."""
        table = app.table
        below = app.scene if app.scenes else None
        if table is None or table.rules is None:
            return cls(app, below=below)
        options = table.lobby.options if table.lobby is not None else None
        return cls(app, table.rules, options, below)

    # --- what is shown ----------------------------------------------------------------------

    @property
    def at_table(self) -> bool:
        return self.table_rules is not None

    def rules(self) -> Ruleset:
        if self.table_rules is not None:
            return self.table_rules
        return make_ruleset(TableOptions(preset=self.preset))

    def blocks(self) -> list[Block]:
        return page(self.rules(), self.table_options, self.at_table)

    def art(self, height: int) -> TileArt:
        found = self.arts.get(height)
        if found is None:
            found = self.arts[height] = TileArt(height)
        return found

    def choose(self, preset: str) -> None:
        if preset != self.preset:
            self.preset = preset
            self.offset = 0
            self.app.dirty = True

    def _step_preset(self, step: int) -> None:
        if not self.at_table:
            self.choose(PRESETS[(PRESETS.index(self.preset) + step) % len(PRESETS)])

    # --- layout -----------------------------------------------------------------------------

    def unit(self, screen: pygame.Surface) -> int:
        return max(14, int(screen.get_height() * 0.026))

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        top = int(h * 0.115)
        self.buttons = []
        if not self.at_table:
            tab_w, tab_h, gap = int(w * 0.19), int(h * 0.055), int(w * 0.012)
            x = (w - len(PRESETS) * tab_w - (len(PRESETS) - 1) * gap) // 2
            for i, preset in enumerate(PRESETS):
                rect = pygame.Rect(x + i * (tab_w + gap), top, tab_w, tab_h)
                accent = RED if preset == self.preset else None
                self.buttons.append(
                    Button(
                        rect,
                        t(f"preset.{preset}.short"),
                        partial(self.choose, preset),
                        accent=accent,
                    )
                )
            top += tab_h + int(h * 0.02)
        back = pygame.Rect(0, 0, int(w * 0.16), int(h * 0.062))
        back.midbottom = (w // 2, h - int(h * 0.02))
        self.buttons.append(Button(back, t("common.back"), self.app.pop, hotkey=pygame.K_ESCAPE))
        bottom = back.top - int(h * 0.02)
        width = int(w * 0.86)
        self.viewport = pygame.Rect((w - width) // 2, top, width, bottom - top)
        self.track = pygame.Rect(
            self.viewport.right + int(w * 0.012), top, max(6, w // 160), self.viewport.height
        )
        key = (
            self.rules().digest,
            json.encode(self.table_options),
            current_language(),
            width,
            self.unit(screen),
            self.at_table,
        )
        if key != self.cache_key:
            painter = _Painter(width, self.unit(screen), self.art)
            self.drawn = [painter.draw(block) for block in self.blocks()]
            self.shrunk = painter.shrunk
            self.cache_key = key
        self.offset = max(0, min(self.offset, self.max_offset))

    @property
    def content_height(self) -> int:
        return sum(d.gap + d.image.get_height() for d in self.drawn)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.viewport.height)

    def scroll(self, pixels: int) -> None:
        self.offset = max(0, min(self.offset + pixels, self.max_offset))
        self.app.dirty = True

    def placed(self) -> list[tuple[Drawn, pygame.Rect]]:
        """Where each block is on screen now (most of them above or below the viewport)."""
        y = self.viewport.y - self.offset
        out = []
        for drawn in self.drawn:
            y += drawn.gap
            out.append((drawn, drawn.image.get_rect(topleft=(self.viewport.x, y))))
            y += drawn.image.get_height()
        return out

    # --- input and time ---------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        screen = self.app.screen
        self.layout(screen)
        for button in self.buttons:
            if button.handle(event):
                return
        line = int(self.unit(screen) * 1.6)
        page_height = int(self.viewport.height * 0.9)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * SCROLL_LINES * line)
        elif event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -line,
                pygame.K_DOWN: line,
                pygame.K_PAGEUP: -page_height,
                pygame.K_PAGEDOWN: page_height,
                pygame.K_SPACE: page_height,
                pygame.K_HOME: -self.content_height,
                pygame.K_END: self.content_height,
            }
            if event.key in steps:
                self.scroll(steps[event.key])
            elif event.key == pygame.K_LEFT:
                self._step_preset(-1)
            elif event.key == pygame.K_RIGHT:
                self._step_preset(1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.thumb is not None and self.thumb.collidepoint(event.pos):
                self.dragging = (event.pos[1], self.offset)
            elif self.track.inflate(12, 0).collidepoint(event.pos) and self.thumb is not None:
                self.scroll(page_height if event.pos[1] > self.thumb.centery else -page_height)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            start_y, start_offset = self.dragging
            travel = max(1, self.track.height - (self.thumb.height if self.thumb else 0))
            self.offset = start_offset
            self.scroll((event.pos[1] - start_y) * self.max_offset // travel)

    def follows_table(self) -> bool:
        """At a table, the page keeps the table underneath hearing the host."""
        return self.below is not None and self.below.follows_table()

    def on_messages(self, messages: list[HostMessage]) -> None:
        if self.below is not None:
            self.below.on_messages(messages)

    def update(self, dt: float) -> bool:
        """Keep the table underneath playing, as if it were on top: if it moves on (to the
        lobby, or the menu), the page goes with it."""
        below = self.below
        scenes = self.app.scenes
        if below is None or len(scenes) < 2 or scenes[-1] is not self or scenes[-2] is not below:
            return False
        scenes.pop()
        try:
            changed = below.update(dt)
        finally:
            if scenes and scenes[-1] is below:
                scenes.append(self)
        return changed

    def your_move(self) -> bool:
        """At a table, when the host waits on this player (a turn, a claim, continue)."""
        table = self.app.table
        return self.at_table and table is not None and bool(table.legal)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        title = t("rules.at_table") if self.at_table else t("rules.title")
        draw_text(
            screen,
            title,
            (w // 2, int(h * 0.06)),
            int(h * 0.05),
            GOLD,
            anchor="center",
            bold=True,
            max_width=int(w * 0.6),
        )
        clip = screen.get_clip()
        screen.set_clip(self.viewport)
        for drawn, rect in self.placed():
            if rect.colliderect(self.viewport):
                screen.blit(drawn.image, rect)
        screen.set_clip(clip)
        self._draw_scroll_bar(screen)
        for button in self.buttons:
            button.draw(screen)
        # Left of Back: how to scroll, or, at a table waiting on this player, that it is.
        back = self.buttons[-1].rect
        room = back.x - self.viewport.x - int(w * 0.02)
        if self.your_move():
            text, size, color = t("rules.your_move"), max(14, int(h * 0.026)), YOUR_MOVE
        else:
            hint = "rules.scroll_hint.table" if self.at_table else "rules.scroll_hint"
            text, size, color = t(hint), max(12, int(h * 0.022)), MUTED
        bold = color == YOUR_MOVE
        draw_text(
            screen,
            text,
            (self.viewport.x, back.centery),
            size,
            color,
            anchor="midleft",
            bold=bold,
            max_width=room,
        )

    def _draw_scroll_bar(self, screen: pygame.Surface) -> None:
        self.thumb = None
        if self.max_offset <= 0:
            return
        track = self.track
        panel(screen, track, (0, 0, 0, 110), radius=track.width // 2)
        shown = self.viewport.height / self.content_height
        thumb_h = max(track.width * 3, int(track.height * shown))
        y = track.y + (track.height - thumb_h) * self.offset // self.max_offset
        self.thumb = pygame.Rect(track.x, y, track.width, thumb_h)
        pygame.draw.rect(screen, GOLD, self.thumb, border_radius=track.width // 2)
