"""Screenshots of leaving and losing the host, as PNG files for people to look at: the
question before leaving (a seated guest's, and the hosting player's), the lost-host banner
(the host's side, and the player's own network), the line the others see while someone
reconnects, and the closed-table screen. At 1280×720 and 1920×1080, in 简体, 繁體 and
English, with SDL's dummy driver and no network (tests/support/gui.py); saved like
tests/test_screenshots.py's. Each test also checks what a person would see wrong: the box
on screen, every line and button label at its full size within its room.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.assets import render_text
from client.i18n import set_language, t
from client.overlays import AWAY_WIDTH
from client.scenes.table_closed import TableClosedScene
from client.ui import BUTTON_PADDING, WHITE
from client.widgets.modal import LINE_SIZE, Modal
from shared.protocol import SavedScore, TableClosed
from tests.support.gui import (
    FakeLocalHost,
    late_game_connection,
    press,
    redraw,
    show_table,
    with_people,
)
from tests.support.screens import save

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["zh-Hans", "zh-Hant", "en"]
SHOTS = [(size, language) for size in SIZES for language in LANGUAGES]


@pytest.fixture
def app(app: App) -> App:
    """Animations off: a still table below the overlays."""
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


@pytest.fixture(params=SHOTS, ids=lambda shot: f"{shot[0][0]}x{shot[0][1]}-{shot[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


def assert_modal_readable(app: App, modal: Modal | None) -> None:
    """The box on screen; its title, lines and button labels at full size in their room."""
    assert modal is not None
    box = modal.box
    h = app.screen.get_height()
    assert app.screen.get_rect().contains(box), box
    room = modal.room(app.screen)
    title = render_text(modal.title, int(h * modal.title_size), WHITE, bold=True)
    assert title.get_width() <= room, (modal.title, title.get_width(), room)
    for line in modal.lines:
        drawn = render_text(line, int(h * LINE_SIZE), WHITE)
        assert drawn.get_width() <= room, (line, drawn.get_width(), room)
    for i, button in enumerate(modal.buttons):
        assert box.contains(button.rect), (button.label, button.rect, box)
        assert button.rect.collidelist([b.rect for b in modal.buttons[i + 1 :]]) == -1
        label = render_text(button.label, max(14, int(button.rect.height * 0.45)), WHITE, bold=True)
        assert label.get_width() <= button.rect.width - 2 * BUTTON_PADDING, button.label


def test_the_question_before_a_guest_leaves(app: App, shots_dir: Path, language: str) -> None:
    show_table(app, late_game_connection())
    press(app, pygame.K_ESCAPE)
    confirm = app.overlays.confirm
    assert confirm is not None and confirm.lines == [t("leave.seated")]
    save(app, shots_dir, "leave-seated", language)
    assert_modal_readable(app, confirm)


def test_the_question_before_the_host_leaves(app: App, shots_dir: Path, language: str) -> None:
    app.local_host = FakeLocalHost()  # type: ignore[assignment]
    show_table(app, with_people(late_game_connection()))
    press(app, pygame.K_ESCAPE)
    confirm = app.overlays.confirm
    assert confirm is not None and confirm.lines == [t("leave.hosting")]
    save(app, shots_dir, "leave-hosting", language)
    assert_modal_readable(app, confirm)


def test_the_banner_while_the_host_is_lost(app: App, shots_dir: Path, language: str) -> None:
    conn = late_game_connection()
    show_table(app, conn)
    conn.silent_since = time.monotonic() - 12.3
    redraw(app)
    banner = app.overlays.banner
    assert banner is not None and banner.title == t("lost.host", seconds=12)
    save(app, shots_dir, "lost-host", language)
    assert_modal_readable(app, app.overlays.banner)


def test_the_banner_when_the_players_own_network_is_down(
    app: App, shots_dir: Path, language: str
) -> None:
    conn = late_game_connection()
    show_table(app, conn)
    conn.silent_since = time.monotonic() - 6.5
    conn.network_down = True
    redraw(app)
    banner = app.overlays.banner
    assert banner is not None and banner.title == t("lost.own", seconds=6)
    save(app, shots_dir, "lost-own-network", language)
    assert_modal_readable(app, app.overlays.banner)


def test_the_others_see_who_is_reconnecting(app: App, shots_dir: Path, language: str) -> None:
    show_table(app, with_people(late_game_connection(), away=True))
    redraw(app)
    assert app.overlays.away == ["阿珍"]
    save(app, shots_dir, "reconnecting-line", language)
    w, h = app.screen.get_size()
    for text, size in ((t("away.reconnecting", name="阿珍"), 0.03), (t("away.stand_in"), 0.025)):
        line = render_text(text, int(h * size), WHITE, bold=size == 0.03)
        assert line.get_width() <= w * AWAY_WIDTH, f"{text!r} is drawn at its full size"


def test_the_closed_table(app: App, shots_dir: Path, language: str) -> None:
    closed = TableClosed(
        "强哥",
        (
            SavedScore("强哥", 1032),
            SavedScore("Bea", 984),
            SavedScore("阿强", 1016, True),
            SavedScore("阿芬", 968, True),
        ),
    )
    scene = TableClosedScene(app, closed)
    app.push(scene)
    save(app, shots_dir, "table-closed", language)
    assert scene.title == t("closed.by", name="强哥")
    assert app.screen.get_rect().contains(scene.box)
    assert scene.box.contains(scene.button.rect)


def test_the_others_see_who_left_mid_hand(app: App, shots_dir: Path, language: str) -> None:
    conn = with_people(late_game_connection())
    assert conn.view is not None
    conn.departures = [("阿珍", conn.view.hand_number)]
    show_table(app, conn)
    redraw(app)
    assert app.overlays.departed == ["阿珍"]
    save(app, shots_dir, "left-line", language)
    w, h = app.screen.get_size()
    for text, size in ((t("departed.left", name="阿珍"), 0.03), (t("departed.stand_in"), 0.025)):
        line = render_text(text, int(h * size), WHITE, bold=size == 0.03)
        assert line.get_width() <= w * AWAY_WIDTH, f"{text!r} is drawn at its full size"
