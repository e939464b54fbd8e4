"""The table scene's house: layout, draw and input apart; the timers and the turn compass.

Drawn with SDL's dummy driver on the stand-in connection of tests/client_helpers.py, with a
fake clock (`scene.clock`) where time matters.
"""

from __future__ import annotations

import dataclasses
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.audio import Audio
from client.scenes.table import TableScene
from client.scenes.table_layout import TableLayout, lay_out
from client.ui import GOLD, RED
from client.widgets.compass import UNLIT, disc_centres, disc_radius
from client.widgets.countdown import TRACK
from client.widgets.timers import Timers
from shared.actions import Discard, Pass
from shared.events import TileDiscarded
from tests.support.gui import (
    SEAT,
    StillConnection,
    claim_on_every_kind,
    click,
    late_game_connection,
    late_turn_with_melds,
    played_out,
    press,
    show_table,
)

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture
def app(app: App) -> App:
    """The conftest's app; still pictures (pixels are read): no tile sliding across the
    centre from the wall."""
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def show(app: App, conn: StillConnection, size: tuple[int, int] = (1280, 720)) -> TableScene:
    app.screen = pygame.display.set_mode(size)
    return show_table(app, conn)


def redraw(app: App) -> None:
    app.dirty = True
    app.frame(0.016)


def near(colour: tuple[int, ...], want: tuple[int, int, int], slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], want, strict=True))


# --- the split -----------------------------------------------------------------------------


def snapshot(value: object, depth: int = 0) -> object:
    """A plain copy of `value` to compare: what drawing must leave as it was."""
    if depth > 12 or isinstance(value, int | float | str | bool | type(None)):
        return value
    if isinstance(value, pygame.Rect):
        return ("Rect", tuple(value))
    if isinstance(value, pygame.Surface):
        return ("Surface", value.get_size())
    if isinstance(value, list | tuple):
        return (type(value).__name__, [snapshot(v, depth + 1) for v in value])
    if isinstance(value, dict):
        return {repr(k): snapshot(v, depth + 1) for k, v in value.items()}
    if isinstance(value, msgspec.Struct) or callable(value):
        return repr(value)
    if hasattr(value, "__dict__"):
        return {k: snapshot(v, depth + 1) for k, v in vars(value).items()}
    return repr(value)


def scene_state(scene: TableScene) -> object:
    return {k: snapshot(v) for k, v in vars(scene).items() if k not in ("app", "arts")}


def test_drawing_changes_nothing_of_the_scene(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    clock = scene.clock = Clock()
    # What draw() once kept for later: the hand's rects after a new choice, a slide that
    # has ended, the hint, the buttons, the result box.
    app.settings = msgspec.structs.replace(app.settings, animation_speed="normal")
    conn.feed(TileDiscarded(SEAT, conn.view.drawn))  # type: ignore[union-attr, arg-type]
    app.frame(0.016)
    assert scene.motion.slides
    clock.now += 10  # every slide has ended, unseen
    scene.selected = scene.hand_rects[0][1]  # chosen since the last layout
    scene.drag = None
    before = scene_state(scene)
    scene.draw(app.screen)
    assert scene_state(scene) == before


def test_drawing_a_result_and_a_claim_changes_nothing(app: App) -> None:
    for hand in (played_out(late_turn_with_melds()), claim_on_every_kind(late_turn_with_melds())):
        conn = hand.connection()
        scene = show(app, conn)
        scene.chat_open = True  # opened since the last layout: new buttons
        before = scene_state(scene)
        scene.draw(app.screen)
        assert scene_state(scene) == before


def test_the_layout_is_a_pure_function_of_the_model_and_the_size(app: App) -> None:
    conn = claim_on_every_kind(late_turn_with_melds()).connection()
    scene = show(app, conn)
    model = scene.model()
    one = lay_out(model, (1280, 720), scene.art)
    again = lay_out(model, (1280, 720), scene.art)
    assert one == again and one is not again
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.hand = ()  # type: ignore[misc]
    bigger = lay_out(model, (1920, 1080), scene.art)
    assert bigger.hand[0][0].height > one.hand[0][0].height
    chosen = lay_out(dataclasses.replace(model, selected=one.hand[0][1]), (1280, 720), scene.art)
    assert chosen.hand[0][0].top < one.hand[0][0].top, "the chosen tile is lifted"


def test_input_hits_the_layout_the_layout_step_made(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    layout = scene.lay_out()
    assert scene.laid_out is not None and scene.laid_out[1] is layout
    # The layout step says where the tiles are; input asks it, not geometry of its own:
    # hand it a layout with the first tile moved elsewhere and a click there chooses it.
    (rect, tile), *rest = layout.hand
    moved = pygame.Rect(5, 300, rect.width, rect.height)
    scene.laid_out = (scene.laid_out[0], dataclasses.replace(layout, hand=((moved, tile), *rest)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=moved.center))
    for event in pygame.event.get():
        scene.handle(event)
    assert scene.selected == tile


# --- keys ----------------------------------------------------------------------------------


def test_enter_with_nothing_chosen_discards_the_tile_just_drawn(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    drawn = conn.view.drawn  # type: ignore[union-attr]
    assert drawn is not None and Discard(drawn) in conn.legal and scene.selected is None
    press(app, pygame.K_RETURN)
    assert conn.sent == [Discard(drawn)]


def test_enter_discards_the_chosen_tile_and_space_only_passes_a_claim(app: App) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn)
    rect, tile = scene.hand_rects[2]
    click(app, rect.center)
    assert scene.selected == tile
    press(app, pygame.K_SPACE)
    assert conn.sent == []  # Space never discards (tests/test_table_keys.py)
    press(app, pygame.K_RETURN)
    assert conn.sent == [Discard(tile)]
    claim = claim_on_every_kind(late_turn_with_melds()).connection()
    show(app, claim)
    press(app, pygame.K_SPACE)
    assert claim.sent == [Pass()]


def test_f11_toggles_full_screen_and_keeps_it_in_the_settings(app: App) -> None:
    show(app, late_game_connection(seed=7))
    assert app.settings.fullscreen is False
    press(app, pygame.K_F11)
    assert app.settings.fullscreen is True
    assert app.screen.get_flags() & pygame.FULLSCREEN
    press(app, pygame.K_F11)
    assert app.settings.fullscreen is False
    assert not app.screen.get_flags() & pygame.FULLSCREEN


# --- timers --------------------------------------------------------------------------------


def claim_scene(app: App, size: tuple[int, int] = (1280, 720)) -> tuple[TableScene, Clock]:
    """Seat 0 asked about a discard, its prompt's 8 s arrived at the clock's now."""
    conn = claim_on_every_kind(late_turn_with_melds()).connection()
    scene = show(app, conn, size)
    clock = scene.clock = Clock()
    conn.deadline = clock.now + 8.0  # what Connection sets: arrival + the prompt's seconds
    redraw(app)
    return scene, clock


def bar_colours(app: App, layout: TableLayout) -> tuple[tuple[int, ...], tuple[int, ...]]:
    bar = layout.claim_bar
    assert bar is not None
    y = bar.centery
    return tuple(app.screen.get_at((bar.left + 3, y))), tuple(app.screen.get_at((bar.right - 3, y)))


@pytest.mark.parametrize("size", SIZES)
def test_the_claim_countdown_shrinks_along_the_claim_buttons(
    app: App, size: tuple[int, int]
) -> None:
    scene, clock = claim_scene(app, size)
    layout = scene.layout
    claims = [b for b in scene.buttons if b.intent is not None]
    bar = layout.claim_bar
    assert bar is not None and claims
    assert all(b.rect.top > bar.bottom for b in claims), "the bar runs above the buttons"
    assert bar.left <= min(b.rect.left for b in claims)
    left, right = bar_colours(app, layout)
    assert near(left, GOLD) and near(right, GOLD), "full at first"
    clock.now += 4.0
    redraw(app)
    left, right = bar_colours(app, layout)
    assert near(left, GOLD) and near(right, TRACK, 12), "half gone after half the time"
    clock.now += 3.5
    redraw(app)
    left, _ = bar_colours(app, layout)
    assert near(left, RED), "red in the last seconds"
    assert scene.timers.own is not None and scene.timers.own.shown(clock.now) == 1


def test_a_prompt_sent_again_in_the_same_window_keeps_its_full_length(app: App) -> None:
    scene, clock = claim_scene(app)
    conn = app.connection
    assert conn is not None and conn.deadline is not None
    clock.now += 4.0
    conn.deadline = None  # a hand event drops the choices...
    app.frame(0.016)
    conn.deadline = clock.now + 4.0 + 0.01  # ...and the prompt again gives the time left
    app.frame(0.016)
    own = scene.timers.own
    assert own is not None and own.seconds == pytest.approx(8.0)
    assert own.share(clock.now) == pytest.approx(0.5, abs=0.01)


class FakeSound:
    def __init__(self) -> None:
        self.played = 0

    def play(self) -> None:
        self.played += 1

    def set_volume(self, volume: float) -> None: ...

    def stop(self) -> None: ...


@pytest.mark.parametrize("sound", [True, False])
def test_the_warning_sounds_once_a_second_in_the_last_three_seconds(
    app: App, sound: bool
) -> None:
    audio = Audio(sound, 0.8, mixer=False)
    beep, other = FakeSound(), FakeSound()
    audio.sounds = {"timer": beep, "discard": other}  # type: ignore[dict-item]
    app.audio = audio
    scene, clock = claim_scene(app)
    when = []
    for _ in range(100):  # 8 s in tenths, and past the end
        before = beep.played
        scene.update(0.1)
        if beep.played != before:
            when.append(round(scene.timers.own.left(clock.now), 1))  # type: ignore[union-attr]
        clock.now += 0.1
    if sound:
        assert when == [3.0, 2.0, 1.0]
    else:
        assert when == [] and beep.played == 0


def test_the_warning_is_only_for_the_players_own_timer(app: App) -> None:
    audio = Audio(True, 0.8, mixer=False)
    beep = FakeSound()
    audio.sounds = {"timer": beep}  # type: ignore[dict-item]
    app.audio = audio
    conn = late_turn_with_melds()
    hand = conn.connection()
    scene = show(app, hand)
    clock = scene.clock = Clock()
    hand.legal, hand.deadline = (), None  # another seat's turn would give no prompt
    for _ in range(200):
        scene.update(0.1)
        clock.now += 0.1
    assert beep.played == 0


# --- the turn indicator and the seat waited on ---------------------------------------------


def disc_colour(app: App, scene: TableScene, relative: int) -> tuple[int, ...]:
    box = scene.layout.centre
    assert box is not None
    radius = disc_radius(box)
    x, y = disc_centres(box, radius)[relative]
    return tuple(app.screen.get_at((x + int(radius * 0.75), y)))


@pytest.mark.parametrize("size", SIZES)
def test_the_compass_lights_the_seat_to_move_and_in_a_claim_the_discarder(
    app: App, size: tuple[int, int]
) -> None:
    conn = late_game_connection(seed=7)
    scene = show(app, conn, size)
    redraw(app)
    assert conn.view is not None and conn.view.current_seat == SEAT
    assert near(disc_colour(app, scene, 0), GOLD, 20)
    for rel in (1, 2, 3):
        assert near(disc_colour(app, scene, rel), UNLIT, 20), rel
    scene, _ = claim_scene(app, size)  # 上家 (seat 3) let its 5m go
    view = app.connection.view  # type: ignore[union-attr]
    assert view is not None and view.last_discard is not None and view.last_discard[0] == 3
    assert near(disc_colour(app, scene, 3), GOLD, 20)
    assert near(disc_colour(app, scene, 0), UNLIT, 20)


def test_the_seat_waited_on_shows_its_timer_and_no_claimer_is_singled_out(app: App) -> None:
    hand = late_turn_with_melds()
    seat_turn = hand.connection()
    scene = show(app, seat_turn)
    clock = scene.clock = Clock()
    hand.discard_drawn(SEAT)  # now 下家 (seat 1) is to move
    conn = hand.connection()
    app.connection = conn  # type: ignore[assignment]
    conn.deadline = None
    redraw(app)
    view = conn.view
    assert view is not None and view.phase == "turn" and view.current_seat == 1
    timer = scene.timers.for_seat(1, view)
    assert timer is not None and timer.seconds == conn.rules.turn_seconds
    ring = scene.layout.badges[1].timer
    top = tuple(app.screen.get_at((ring.centerx + 1, ring.top + 2)))
    assert near(top, GOLD), "a full ring on the badge of the seat to move"
    for seat in (0, 2, 3):
        assert scene.timers.for_seat(seat, view) is None
    clock.now += 1.0
    assert timer.shown(clock.now) == conn.rules.turn_seconds - 1
    # In a claim window no badge shows a timer: the table's is in the centre.
    scene, _ = claim_scene(app)
    view = app.connection.view  # type: ignore[union-attr]
    assert view is not None and view.phase == "claim"
    assert all(scene.timers.for_seat(seat, view) is None for seat in range(4))
    assert scene.timers.for_centre(view) is not None


def test_another_seats_timer_is_redrawn_a_few_times_a_second_at_the_idle_rate(app: App) -> None:
    hand = late_turn_with_melds()
    hand.discard_drawn(SEAT)  # 下家 to move: no prompt for the player, so no deadline
    conn = hand.connection()
    conn.legal = ()
    scene = show(app, conn)
    clock = scene.clock = Clock()
    scene.timers = Timers()
    scene.update(0.016)  # the wait begins: 15 s
    clock.now += 0.01
    scene.update(0.016)  # 14.99 s
    app.dirty = False
    clock.now += 0.05
    assert scene.update(0.016) is False and not app.dirty, "nothing new to show yet"
    clock.now += 0.25
    assert scene.update(0.016) is False, "the loop may idle..."
    assert app.dirty, "...but draws the timer again"


def test_the_tiles_left_follow_the_dice_not_the_deal(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the dice still roll, the count in the middle and the wall drawn are the whole
    wall: the deal the view already holds has not been shown yet."""
    from client.scenes import table_draw

    shown: list[int] = []
    real = table_draw.draw_middle

    def spy(screen, box, prevailing, wall_left, faces, die):  # type: ignore[no-untyped-def]
        shown.append(wall_left)
        real(screen, box, prevailing, wall_left, faces, die)

    monkeypatch.setattr(table_draw, "draw_middle", spy)
    conn = late_game_connection(seed=7, wall_left_at_most=40)
    scene = show_table(app, conn)
    assert conn.view is not None
    redraw(app)
    assert shown[-1] == conn.view.wall_left  # settled: the view's count
    scene.dice_rolling_until = scene.clock() + 5.0
    redraw(app)
    assert shown[-1] == scene.wall.size == 136


@pytest.mark.parametrize("size", SIZES)
def test_call_outs_stand_by_the_caller_off_the_rivers(
    app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """碰! from each seat is drawn beside that seat's badge and over none of the rivers,
    where the last discard lies."""
    from client.widgets import banners
    from client.widgets.banners import Callout

    drawn: list[pygame.Rect] = []
    real = banners.draw_text

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, text, *args, **kwargs)
        if text == "碰!":
            drawn.append(rect)
        return rect

    monkeypatch.setattr(banners, "draw_text", spy)
    app.screen = pygame.display.set_mode(size)
    conn = late_game_connection(seed=7, wall_left_at_most=40)
    scene = show_table(app, conn)
    for seat in range(4):
        drawn.clear()
        scene.callouts = [Callout("碰!", seat, scene.clock() + 60)]
        redraw(app)
        assert drawn, f"seat {seat}'s call-out was not drawn"
        layout = scene.layout
        river = [r for tiles in layout.rivers for r in tiles]
        assert river, "the late game has rivers to keep clear"
        for rect in drawn:
            assert app.screen.get_rect().contains(rect), (seat, rect)
            assert rect.collidelist(river) == -1, (seat, rect, "over a river")
            badge = layout.badges[seat].rect
            assert abs(rect.centerx - badge.centerx) <= badge.width, (seat, rect, badge)
