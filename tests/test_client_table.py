"""The table scene without a network: a seeded hand's events fed through a stand-in
connection (tests/support/gui.py), drawn with SDL's dummy driver, driven by pygame events."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.render.motion import SLIDE_SECONDS
from client.render.wall import WallTracker, stack_places, wall_depth
from client.scenes.table import TableScene, wall_ring
from shared.actions import Discard
from shared.events import (
    DiceRolled,
    MeldClaimed,
    PatternResult,
    PaymentResult,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
    WinnerResult,
)
from tests.support.gui import (
    SEAT,
    StillConnection,
    late_game,
    late_game_connection,
    late_turn_with_melds,
    played_out,
    show_table,
    tile_of,
    tiles_of,
)

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (2560, 1440)]


def show(app: App, conn: StillConnection, size: tuple[int, int] = (1280, 720)) -> TableScene:
    app.screen = pygame.display.set_mode(size)
    return show_table(app, conn)


def wall_tiles(wall: WallTracker) -> int:
    return sum(wall.layers().values())


def test_the_wall_follows_the_events_down_to_the_tiles_left() -> None:
    game = late_game(seed=3, wall_left_at_most=30)
    wall = WallTracker()
    for event in game.events:
        wall.follow(event)
        if isinstance(event, TilesDealt | TileDrawn):
            assert wall_tiles(wall) == event.wall_left
    dice = next(e for e in game.events if isinstance(e, DiceRolled))
    assert (wall.break_seat, wall.break_stack) == (dice.break_seat, dice.break_stack)
    assert wall.head >= 53 and wall.tail >= 0


def test_the_head_leaves_from_the_break_and_the_tail_from_its_other_side() -> None:
    wall = WallTracker(hand_number=1, size=136, break_seat=2, break_stack=5)
    layers = wall.layers()
    assert sum(layers.values()) == 136
    wall.head, wall.tail = 3, 1
    layers = wall.layers()
    assert layers[(2, 5)] == 0 and layers[(2, 6)] == 1  # the head took a stack and a half
    assert layers[(2, 4)] == 1  # the tail's first tile came off the stack right of the break
    assert layers[(2, 3)] == 2


def test_a_resumed_hand_places_the_wall_from_the_view() -> None:
    conn = late_game_connection(seed=5)
    followed = WallTracker()
    for message in conn.pending:
        followed.follow(message.event)  # type: ignore[attr-defined]
    guess = WallTracker().settled(conn.view)  # type: ignore[arg-type]
    assert wall_tiles(guess) == conn.view.wall_left  # type: ignore[union-attr]
    assert (guess.break_seat, guess.break_stack) == (followed.break_seat, followed.break_stack)


@pytest.mark.parametrize("size", SIZES)
def test_the_wall_sides_and_the_rivers_do_not_overlap(app: App, size: tuple[int, int]) -> None:
    scene = show(app, late_game_connection(seed=7, wall_left_at_most=40), size)
    ring = wall_ring(*size)
    stacks = [p.rect for rel in range(4) for p in stack_places(ring, 17, rel)]
    for i, rect in enumerate(stacks):
        assert ring.contains(rect), (rect, ring)
        assert rect.collidelist(stacks[i + 1 :]) == -1, rect
    rivers = [rect for rects in scene.river_rects.values() for rect in rects]
    assert len(rivers) == sum(len(s.river) for s in app.connection.view.seats)  # type: ignore[union-attr]
    for rect in rivers:
        assert not rect.colliderect(ring), (rect, ring)
        assert screen_rect(size).contains(rect)
    for rect, _ in scene.hand_rects:
        assert rect.collidelist(rivers) == -1
    depth = wall_depth(ring, 17)
    assert depth >= 6 and 2 * depth < ring.height


def screen_rect(size: tuple[int, int]) -> pygame.Rect:
    return pygame.Rect((0, 0), size)


def test_the_scene_draws_the_wall_it_followed(app: App) -> None:
    conn = late_game_connection(seed=7, wall_left_at_most=40)
    scene = show(app, conn)
    assert scene.wall.hand_number == conn.view.hand_number  # type: ignore[union-attr]
    assert wall_tiles(scene.wall) == conn.view.wall_left  # type: ignore[union-attr]
    conn.feed(TileDrawn(SEAT, True, conn.view.wall_left - 1, 5))  # type: ignore[union-attr]
    app.frame(0.016)
    assert scene.wall.tail >= 1 and wall_tiles(scene.wall) == conn.view.wall_left  # type: ignore[union-attr]


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=1, pos=pos))
    app.frame(0.016)


def test_a_discard_slides_from_the_hand_to_the_river_without_holding_up_input(
    app: App,
) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    view = conn.view
    assert view is not None and view.drawn is not None
    drawn_at = scene.hand_rects[-1][0].center
    conn.feed(TileDiscarded(SEAT, view.drawn))
    app.frame(0.016)
    key = ("river", SEAT, len(conn.view.seats[SEAT].river) - 1)  # type: ignore[union-attr]
    assert key in scene.motion.slides
    assert scene.motion.slides[key].source == drawn_at
    landed = scene.river_rects[SEAT][-1]
    assert scene.motion.offset(key, landed.center, scene.motion.slides[key].began) != (0, 0)
    # Mid-slide, the player's clicks act on the view as it is now.
    conn.legal = tuple(Discard(tile) for tile in conn.view.hand)  # type: ignore[union-attr]
    rect, tile = scene.hand_rects[0]
    click(app, rect.center)
    click(app, rect.center)
    assert conn.sent == [Discard(tile)]
    assert key in scene.motion.slides  # still sliding
    time.sleep(SLIDE_SECONDS["normal"] + 0.05)
    app.frame(0.016)
    assert not scene.motion.slides
    assert scene.update(0.016) is False  # nothing moves: the loop may idle


def test_a_claimed_meld_slides_from_the_river_and_a_draw_from_the_wall(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    view = conn.view
    assert view is not None and view.drawn is not None
    tile = view.drawn
    conn.feed(TileDiscarded(SEAT, tile))
    app.frame(0.016)
    river_tile = scene.river_rects[SEAT][-1].center
    conn.feed(MeldClaimed(1, "pung", (tile, tile, tile), tile, SEAT))
    app.frame(0.016)
    key = ("meld", 1, len(conn.view.seats[1].melds) - 1)  # type: ignore[union-attr]
    assert scene.motion.slides[key].source == river_tile
    conn.feed(TileDiscarded(1, 0), TileDrawn(SEAT, False, view.wall_left - 1, 5))
    app.frame(0.016)
    slide = scene.motion.slides[("drawn",)]
    assert slide.source == wall_ring(1280, 720).center


def test_no_slides_when_animations_are_off(app: App) -> None:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    conn.feed(TileDiscarded(SEAT, conn.view.drawn))  # type: ignore[union-attr, arg-type]
    app.frame(0.016)
    assert not scene.motion.slides and scene.update(0.016) is False


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move there in a few steps, let go at `end`."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    app.frame(0.016)
    for step in range(1, 5):
        pos = (
            start[0] + (end[0] - start[0]) * step // 4,
            start[1] + (end[1] - start[1]) * step // 4,
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.frame(0.016)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    app.frame(0.016)


def test_dragging_a_tile_up_out_of_the_hand_discards_it(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    rect, tile = scene.hand_rects[2]
    assert Discard(tile) in conn.legal
    drag(app, rect.center, (rect.centerx + 30, rect.top - rect.height))
    assert conn.sent == [Discard(tile)]


def _patch(screen: pygame.Surface, center: tuple[int, int], radius: int = 6) -> list[tuple]:  # type: ignore[type-arg]
    x, y = center
    return [
        tuple(screen.get_at((x + dx, y + dy)))
        for dy in range(-radius, radius + 1)
        for dx in range(-radius, radius + 1)
    ]


def test_the_dragged_tile_follows_the_mouse(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    rect, _ = scene.hand_rects[0]
    target = (rect.centerx + 200, rect.top - 2 * rect.height)
    app.dirty = True  # a frame drawn again without the first frame's call-outs of the past
    app.frame(0.016)
    # the middle of the tile as the hand shows it, and the table where it will be dragged to
    face = _patch(app.screen, rect.center)
    before = _patch(app.screen, target)
    assert face != before
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
    )
    app.frame(0.016)
    assert _patch(app.screen, target) == face
    assert not conn.sent


def test_a_drag_let_go_inside_the_hand_or_when_no_discard_is_legal_does_nothing(
    app: App,
) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    rect, tile = scene.hand_rects[1]
    drag(app, rect.center, (rect.centerx + 40, rect.centery))
    assert conn.sent == [] and scene.selected != tile
    conn.legal = ()
    drag(app, rect.center, (rect.centerx, rect.top - rect.height))
    assert conn.sent == []


def test_a_press_that_barely_moves_is_still_a_click(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    rect, tile = scene.hand_rects[3]
    drag(app, rect.center, (rect.centerx + 3, rect.centery - 3))
    assert scene.selected == tile and conn.sent == []
    click(app, rect.center)
    assert conn.sent == [Discard(tile)]


@pytest.mark.parametrize(
    ("language", "name"), [("zh-Hans", "麻将台"), ("zh-Hant", "麻將枱"), ("en", "Mahjong table")]
)
def test_the_host_form_names_a_new_table_in_the_ui_language(
    app: App, language: str, name: str
) -> None:
    from client.i18n import set_language
    from client.scenes.host_form import HostFormScene

    set_language(language)
    try:
        assert HostFormScene(app).name.text == name
        app.settings = msgspec.structs.replace(app.settings, last_table_name="周六麻将")
        assert HostFormScene(app).name.text == "周六麻将"
    finally:
        set_language("en")


def test_a_spectator_sees_all_four_seats_from_outside_and_has_nothing_to_press(
    app: App,
) -> None:
    conn = late_game_connection(seed=7, viewer=None)
    scene = show(app, conn)
    view = conn.view
    assert view is not None and view.seat is None and view.hand == ()
    assert scene.hand_rects == []
    labels = [button.label for button in scene.buttons]
    assert not any(label.startswith("Auto") for label in labels), labels
    # The bottom seat's hidden tiles and melds are drawn where a player's hand would be.
    assert view.seats[0].concealed_count > 0
    band = [
        tuple(app.screen.get_at((x, y)))
        for x in range(0, 1280, 7)
        for y in range(int(720 * 0.86), 715, 5)
    ]
    assert len(set(band)) > 20


def crowded_result() -> StillConnection:
    """A drawn hand's table given a crowded result: three winners on one discard (一炮多响),
    each with many patterns, a cap, 包, horses and a player whose score is too low."""
    conn = played_out(late_turn_with_melds()).connection()
    assert conn.view is not None and conn.view.result is not None
    patterns = tuple(
        PatternResult(pid, fan)
        for pid, fan in (
            ("mixed_one_suit", 2),
            ("all_pungs", 3),
            ("dragon_pung", 1),
            ("prevailing_wind_pung", 1),
            ("seat_wind_pung", 1),
            ("flower", 2),
        )
    )
    winners = tuple(
        WinnerResult(
            seat=seat,
            fan=10,
            raw_fan=10 + seat,
            patterns=patterns,
            points=64,
            winning_tile=tile_of("5z"),
            concealed=tuple(tiles_of("555z 111m 99p 1s")),
            melds=(("kong", tuple(tiles_of("7777z"))), ("pung", tuple(tiles_of("222s")))),
        )
        for seat in (0, 1, 2)
    )
    result = msgspec.structs.replace(
        conn.view.result,
        kind="discard",
        winners=winners,
        loser=3,
        liable=3,
        horses=((tile_of("1m"), tile_of("5m")), (tile_of("9p"),), (), (tile_of("2s"),)),
        payments=tuple(
            PaymentResult(3, seat, 64, reason)
            for seat in (0, 1, 2)
            for reason in ("win", "liability", "horse")
        ),
        deltas=(64, 64, 64, -192),
        scores=(1064, 1064, 1064, 20),
    )
    conn.view = msgspec.structs.replace(conn.view, result=result)
    return conn


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_crowded_result_fits_the_screen_with_its_buttons_inside(
    app: App, size: tuple[int, int]
) -> None:
    conn = crowded_result()
    scene = show(app, conn, size)
    scene.too_low = [3]
    app.dirty = True
    app.frame(0.016)
    layout = scene.result_layout
    assert layout is not None
    assert app.screen.get_rect().contains(layout.box), (layout.box, size)
    choices = [
        b for b in scene.buttons if isinstance(b.label, str) and b.label in ("Continue", "Leave")
    ]
    assert len(choices) == 2
    assert all(layout.box.contains(b.rect) for b in choices)
    assert layout.rows[-1].gap >= 0
    last_row_bottom = layout.box.y + layout.margin + sum(r.gap + r.height for r in layout.rows)
    assert last_row_bottom <= min(b.rect.top for b in choices), "text runs under the buttons"
    lines = layout.lines
    for name in ("Bot Ming wins", "Bot Wing wins"):
        assert sum(line.startswith(name) for line in lines) == 1, (name, lines)
    assert sum(line.startswith("You win") for line in lines) == 1
    assert sum("Dragon pung" in line and "1 fan" in line for line in lines) == 3
    assert sum("10 fan (raw 11)" in line for line in lines) >= 1
    assert "Liable: Bot Fai pays for all" in lines
    assert any("(liability)" in line for line in lines)
    assert any("Horses · Me: " in line for line in lines), lines
    assert "Bot Fai's score is too low; they must leave the table" in lines
    if os.environ.get("GDMJ_SCREENSHOT_DIR"):
        pygame.image.save(
            app.screen,
            f"{os.environ['GDMJ_SCREENSHOT_DIR']}/result-crowded-{size[0]}x{size[1]}.png",
        )
    text_rows = [r for r in layout.rows if len(r.pieces) <= 3]
    assert min(p[0].get_height() for r in text_rows for p in r.pieces) >= 12, "text too small"
