"""Drawing the table: reads the scene and its layout, changes neither.

Everything is drawn where the layout (table_layout.py) put it; slides (client.render.motion)
only shift a tile from its place for a moment, the timers count down on the clock the scene
was given. Nothing here decides a rule or keeps a value for later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.deal_banner import draw_deal_warning
from client.i18n import t
from client.notice_banner import draw_notice
from client.render.tiles import TileArt
from client.render.wall import WallTracker, draw_wall
from client.scenes import table_suggest
from client.scenes.background import felt
from client.scenes.table_layout import Place, TableLayout
from client.ui import GOLD, WHITE, Button, draw_text, panel
from client.widgets import banners
from client.widgets.compass import draw_compass, draw_middle
from client.widgets.countdown import draw_bar, draw_ring
from client.widgets.timers import waited_on
from shared.views import TableView

if TYPE_CHECKING:
    from client.scenes.table import TableScene


def draw(
    screen: pygame.Surface,
    scene: TableScene,
    layout: TableLayout,
    buttons: list[Button],
    now: float,
) -> None:
    w, h = screen.get_size()
    screen.blit(felt((w, h)), (0, 0))
    view = scene.view
    if view is None:
        draw_text(screen, t("net.waiting"), (w // 2, h // 2), int(h * 0.04), WHITE, anchor="center")
        draw_notice(screen, scene.table)
        return
    _draw_centre(screen, scene, view, layout, now)
    _draw_tiles(screen, scene, layout, now)
    _draw_badges(screen, scene, view, layout, now)
    if scene.app.settings.hint and layout.hint is not None:
        _draw_hint(screen, layout)
    banners.draw_missed_win(screen, view.missed_win_tiles)
    if layout.result is not None:
        layout.result.draw(screen)
    for button in buttons:
        button.draw(screen)
    table_suggest.draw(screen, scene, layout)  # 出牌建议: marks over the hand and buttons
    own = scene.timers.own
    if own is not None and layout.claim_bar is not None:
        draw_bar(screen, layout.claim_bar, own, now)
    if own is not None and layout.claim_timer is not None:
        draw_ring(screen, layout.claim_timer, own, now)
    if view.phase != "ended":
        badges = [badge.rect for badge in layout.badges]
        banners.draw_callouts(screen, scene.callouts, layout.relative, badges)
    if scene.timer_line is not None:
        banners.draw_timer_line(screen, scene.timer_line[0])
    table = scene.table
    if table is not None:
        banners.draw_phrases(screen, table.phrases, layout.relative, now)
    ended = view.hand_number if view.phase == "ended" else None
    # A deal that did not verify; at once, a contribution of ours the host kept out of it.
    draw_deal_warning(screen, table, ended, hand_in_play=view.hand_number)
    draw_notice(screen, table)  # the host's notices (a failed save) over everything


def _draw_centre(
    screen: pygame.Surface, scene: TableScene, view: TableView, layout: TableLayout, now: float
) -> None:
    """The wall, and inside it the turn compass, the round, the tiles left and the dice."""
    assert layout.ring is not None and layout.centre is not None
    wall = scene.wall.settled(view)
    wall_left = view.wall_left
    if now < scene.dice_rolling_until:
        # The dice still roll: nothing is dealt yet as far as the player has seen, so the
        # wall is whole and so is its count (the deal's events are already in the view).
        wall = WallTracker(view.hand_number, wall.size)
        wall_left = wall.size
    draw_wall(screen, layout.ring, wall, layout.relative)
    box = layout.centre
    lit = waited_on(view)
    countdown = scene.timers.for_centre(view)
    if countdown is None and lit is not None:
        countdown = scene.timers.for_seat(lit, view)
    draw_compass(screen, box, view.seat_winds, layout.relative, lit, countdown, now)
    faces = view.dice
    if faces is not None and now < scene.dice_rolling_until:
        tick = int(now * 20)  # tumbling: faces change every frame, then settle on the roll
        faces = (tick * 7 % 6 + 1, tick * 11 % 6 + 1)
    draw_middle(screen, box, view.prevailing_wind, wall_left, faces, draw_die)


def _image(art: TileArt, place: Place) -> pygame.Surface:
    if place.tile is None:
        return art.back() if place.turns % 2 == 0 else art.back_rotated(place.turns)
    return art.face_rotated(
        place.tile, place.turns, highlight=place.highlight, dim=place.dim, shaded=place.shaded
    )


def _draw_tiles(screen: pygame.Surface, scene: TableScene, layout: TableLayout, now: float) -> None:
    """Every tile where the layout put it, shifted by its slide; the tile being dragged last,
    under the mouse, over everything else of the hand."""
    drag = scene.drag
    lifted: list[tuple[pygame.Surface, tuple[int, int]]] = []
    for place in layout.tiles:
        image = _image(scene.art(place.height), place)
        held = drag is not None and drag.moved and drag.index == place.hand_index
        if held and drag is not None and drag.tile == place.tile:
            lifted.append((image, drag.pos))
            continue
        shift = (0, 0)
        if place.motion is not None:
            shift = scene.motion.offset(place.motion, place.anchor, now)
        screen.blit(image, place.rect.move(shift))
    for image, pos in lifted:
        screen.blit(image, image.get_rect(center=pos))


def _draw_badges(
    screen: pygame.Surface, scene: TableScene, view: TableView, layout: TableLayout, now: float
) -> None:
    """Each seat's name badge (gold for the seat to move) and the timer of the seat the
    table waits on: beside its badge, or beside the hand when it is the player's own."""
    for seat, badge in enumerate(layout.badges):
        turn = view.current_seat == seat and view.phase in ("turn", "roll")
        colour = GOLD if turn else WHITE
        draw_text(screen, badge.text, badge.rect.center, badge.size, colour, "center", bold=turn)
        countdown = scene.timers.for_seat(seat, view)
        if countdown is None:
            continue
        if seat == view.seat and layout.hand_timer is not None:
            draw_ring(screen, layout.hand_timer, countdown, now)
        else:
            draw_ring(screen, badge.timer, countdown, now)


def _draw_hint(screen: pygame.Surface, layout: TableLayout) -> None:
    hint = layout.hint
    assert hint is not None
    panel(screen, hint.rect, (0, 0, 0, 150))
    for i, line in enumerate(hint.lines):
        draw_text(
            screen,
            line,
            (hint.rect.x + 10, hint.rect.y + 6 + i * hint.step),
            hint.size,
            GOLD if i == 0 else WHITE,
            max_width=hint.room,
        )


_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
}


def draw_die(screen: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    pygame.draw.rect(screen, (250, 248, 240), rect, border_radius=rect.width // 5)
    pygame.draw.rect(screen, (60, 60, 60), rect, 1, border_radius=rect.width // 5)
    r = max(2, rect.width // 10)
    color = (200, 30, 30) if value in (1, 4) else (30, 30, 30)
    for fx, fy in _SPOTS[value]:
        centre = (rect.x + int(fx * rect.width), rect.y + int(fy * rect.height))
        pygame.draw.circle(screen, color, centre, r)
