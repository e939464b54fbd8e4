"""The table's input: mouse and keys turned into the player's intents, hit-tested against
the layout the scene last laid out (so a click acts on what was drawn where it landed).

Buttons press first (their hotkeys too); then the hand: click a tile to choose it and again
(or double-click) to discard it, drag it up out of the hand and let go to discard it, the
arrow keys (A/D) and 1–9, 0 to choose, Enter, Down or a second press of the same digit to
discard the chosen tile, and Enter with none chosen to discard the tile just drawn (摸打;
the dealer's 14th on its first turn). Space never discards: it is 过 (pass) and the dice,
and a Space meant for a claim that lands on one's turn must not let a tile go. The host
decides what is legal: only the tiles it listed as discards are ever sent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client.scenes.table_layout import TableLayout
from client.ui import Button
from shared.actions import Discard

if TYPE_CHECKING:
    from client.scenes.table import TableScene

DRAG_START_PIXELS = 8
"""How far a pressed tile must move before it is being dragged rather than clicked."""
DOUBLE_CLICK_SECONDS = 0.4
DISCARD_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_DOWN)
"""These discard the chosen tile (never Space: that is 过, see the module's docstring)."""
DRAWN_TILE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""With no tile chosen, these discard the tile just drawn (摸打)."""


@dataclass
class Drag:
    """A hand tile held down by the mouse: `index` into the hand as last laid out."""

    index: int
    tile: int
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


def make_buttons(scene: TableScene, layout: TableLayout) -> list[Button]:
    """The layout's buttons, each wired to what it does."""
    mouse = scene.app.window.mouse_pos() if pygame.display.get_init() else (-1, -1)
    buttons = []
    for place in layout.buttons:
        callback: Callable[[], None]
        if place.kind == "act":
            assert place.action is not None
            callback = partial(scene.send, place.action)
        elif place.kind == "toggle":
            callback = partial(scene.toggle, str(place.arg))
        elif place.kind == "phrase":
            callback = partial(scene.say, int(place.arg or 0))
        elif place.kind == "chat":
            callback = scene.toggle_chat
        elif place.kind == "rules":
            callback = scene.app.nav.table_rules
        elif place.kind == "scores":
            callback = scene.app.overlays.toggle_scoreboard
        elif place.kind == "standings":
            callback = scene.show_standings
        else:
            callback = scene.app.request_leave  # asks first (client/overlays.py)
        button = Button(place.rect, place.label, callback, hotkey=place.hotkey, accent=place.accent)
        if place.icons:
            art = scene.art(place.icon_height)
            button.icons = [art.face(tile) for tile in place.icons]
        button.intent = place.action
        button.hovered = place.rect.collidepoint(mouse)
        buttons.append(button)
    return buttons


def handle(scene: TableScene, event: pygame.event.Event, layout: TableLayout) -> None:
    """One event, against `layout` and the buttons made from it."""
    for button in scene.buttons:
        if button.handle(event):
            return
    view = scene.view
    table = scene.table
    if view is None or table is None:
        return
    discards = {a.tile for a in table.legal if isinstance(a, Discard)}
    if _handle_drag(scene, event, layout, discards):
        return
    tiles = [tile for _, tile in layout.hand]
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        for rect, tile in layout.hand:
            if rect.collidepoint(event.pos):
                now = scene.clock()
                double = scene.selected == tile and now - scene.last_click < DOUBLE_CLICK_SECONDS
                if (scene.selected == tile or double) and tile in discards:
                    scene.send(Discard(tile))
                else:
                    scene.selected = tile
                scene.last_click = now
                return
    elif event.type == pygame.KEYDOWN and tiles:
        chosen = scene.selected if scene.selected in tiles else None
        index = tiles.index(chosen) if chosen is not None else len(tiles) - 1
        if event.key in (pygame.K_LEFT, pygame.K_a):
            scene.selected = tiles[max(0, index - 1)]
        elif event.key in (pygame.K_RIGHT, pygame.K_d):
            scene.selected = tiles[min(len(tiles) - 1, index + 1)]
        elif event.key in DISCARD_KEYS:
            if chosen is not None and chosen in discards:
                scene.send(Discard(chosen))
            elif chosen is None and event.key in DRAWN_TILE_KEYS and view.drawn in discards:
                scene.send(Discard(view.drawn))
        elif pygame.K_1 <= event.key <= pygame.K_9 or event.key == pygame.K_0:
            n = 9 if event.key == pygame.K_0 else event.key - pygame.K_1
            if n < len(tiles) and tiles[n] == chosen and chosen in discards:
                scene.send(Discard(chosen))  # the same digit again: as a second click
            elif n < len(tiles):
                scene.selected = tiles[n]


def _handle_drag(
    scene: TableScene, event: pygame.event.Event, layout: TableLayout, discards: set[int]
) -> bool:
    """Press a hand tile, drag it up out of the hand and let go: it is discarded (when
    the host allows it). True when the event was the drag's; a press that barely moved
    stays a click."""
    hand = layout.hand
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for index, (rect, tile) in enumerate(hand):
            if rect.collidepoint(event.pos):
                scene.drag = Drag(index, tile, event.pos, event.pos)
        return False
    drag = scene.drag
    if drag is None:
        return False
    if event.type == pygame.MOUSEMOTION:
        drag.pos = event.pos
        far = max(abs(event.pos[0] - drag.start[0]), abs(event.pos[1] - drag.start[1]))
        drag.moved = drag.moved or far >= DRAG_START_PIXELS
        return drag.moved
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        scene.drag = None
        if not drag.moved:
            return False
        hand_top = min((rect.top for rect, _ in hand), default=0)
        held = hand[drag.index][0] if drag.index < len(hand) else None
        out_of_hand = event.pos[1] < hand_top - (held.height // 3 if held else 0)
        if out_of_hand and drag.tile in discards:
            scene.dropped_at = (drag.tile, event.pos)
            scene.send(Discard(drag.tile))
        return True
    return False
