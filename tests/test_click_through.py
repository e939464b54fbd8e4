"""A whole quick game hand played the way a player plays it: by the mouse, on screen.

The real scenes run under SDL's dummy video driver against a real local host with three
computer players. The test never calls a scene's methods: it posts mouse (or key) events
aimed at where things are drawn. Each time the host asks, a seeded driver picks one of the
legal actions (a win first, the dice, claims now and then, discards) and clicks the tile
or button that shows it; every legal action it picks must have such a place, and the
click must send exactly that action. After the hand the result box's Continue is clicked
and the host's own state is checked.
"""

from __future__ import annotations

import os
import random
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client import starting
from client.app import App
from client.i18n import t
from client.net import Connection
from client.scenes.menu import MenuScene
from client.scenes.table import TableScene
from server.engine.bots.competent import CompetentBot
from server.host import HostConfig
from server.room import Room
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    ContinueGame,
    DeclareWin,
    Discard,
    Pass,
    Pung,
    RollDice,
)
from shared.views import TableView
from tests.support.gui import click, labelled, press, redraw, where_drawn

HAND_SECONDS = 90.0
BOT_DELAY = 0.05
"""Seconds a computer player waits before it moves (a quick game waits 0.7)."""


@pytest.fixture
def app(app: App, monkeypatch: pytest.MonkeyPatch) -> App:
    """The conftest's app (every automatic toggle off), its computer players quick."""

    def quick_bots(**fields: object) -> HostConfig:
        return HostConfig(**{**fields, "bot_delay": BOT_DELAY})  # type: ignore[arg-type]

    monkeypatch.setattr(starting, "HostConfig", quick_bots)
    return app

def spy_on_sends(conn: Connection) -> list[object]:
    """Everything the client sends from now on, in order."""
    sent: list[object] = []
    real = conn.send

    def send(action):  # type: ignore[no-untyped-def]
        sent.append(action)
        real(action)

    conn.send = send  # type: ignore[method-assign]
    return sent


def start_quick_game_by_click(app: App) -> tuple[Connection, list[object]]:
    app.push(MenuScene(app))
    redraw(app)
    where = labelled(app.scene.buttons, t("menu.quick_game"))  # type: ignore[attr-defined]
    assert where is not None, "no Quick game button on the menu"
    click(app, where)
    assert app.connection is not None and app.local_host is not None, app.notice
    return app.connection, spy_on_sends(app.connection)


def choose(
    legal: tuple[AnyAction, ...], view: TableView, rng: random.Random, coach: CompetentBot
) -> AnyAction:
    """A player's pick: mostly what a competent player would do (so the human wins now and
    then), otherwise a claim, a kong, a pass or any discard by chance."""
    if DeclareWin() in legal or rng.random() < 0.6:
        return coach.choose(view)
    claims = [a for a in legal if isinstance(a, (Pung, ClaimKong, Chow))]
    kongs = [a for a in legal if isinstance(a, (ConcealedKong, AddedKong))]
    discards = [a for a in legal if isinstance(a, Discard)]
    if claims and rng.random() < 0.5:
        return rng.choice(claims)
    if kongs and rng.random() < 0.5:
        return rng.choice(kongs)
    if Pass() in legal:
        return Pass()
    if discards:
        return rng.choice(discards)
    return rng.choice(legal)


def unplaced(scene: TableScene, legal: tuple[AnyAction, ...]) -> list[AnyAction]:
    """The legal actions the screen offers no place to click for."""
    return [action for action in legal if where_drawn(scene, action) is None]


def act_by_click(app: App, action: AnyAction, sent: list[object]) -> None:
    """Click where `action` is drawn (a tile: select it, then click it again)."""
    scene = app.scene
    assert isinstance(scene, TableScene)
    before = len(sent)
    for _ in range(2 if isinstance(action, Discard) else 1):
        where = where_drawn(scene, action)
        assert where is not None, f"{action!r} is legal but nowhere on screen to click"
        click(app, where)
        if len(sent) > before:
            break
        redraw(app)  # the selected tile is drawn lifted
    assert sent[before:] == [action], f"clicking {action!r} sent {sent[before:]!r}"


def the_room(app: App) -> Room:
    assert app.local_host is not None and app.local_host.host is not None
    (room,) = app.local_host.host.rooms.values()
    return room


@pytest.mark.parametrize(("seed", "size"), [(1, (1280, 720)), (2, (1024, 640)), (3, (2560, 1440))])
def test_a_hand_is_played_to_the_result_by_clicks_alone(
    app: App, seed: int, size: tuple[int, int]
) -> None:
    app.screen = pygame.display.set_mode(size)
    conn, sent = start_quick_game_by_click(app)
    rng = random.Random(seed)
    coach: CompetentBot | None = None
    clicked: dict[str, int] = {}
    deadline = time.monotonic() + HAND_SECONDS
    view: TableView | None = None
    while True:
        assert time.monotonic() < deadline, f"the hand did not end in {HAND_SECONDS} s: {clicked}"
        app.frame(0.016)
        time.sleep(0.002)
        assert not conn.errors, conn.errors
        if not isinstance(app.scene, TableScene) or not conn.legal or conn.view is None:
            continue
        redraw(app)  # the prompt as it stands now: its buttons and tiles where they show
        view, legal = conn.view, conn.legal
        if not legal:
            continue
        if view.phase == "ended":
            break
        missing = unplaced(app.scene, legal)
        assert not missing, f"legal but nowhere on screen to click: {missing!r}"
        if coach is None:
            assert conn.rules is not None
            coach = CompetentBot(conn.rules, random.Random(seed))
        action = choose(legal, view, rng, coach)
        act_by_click(app, action, sent)
        name = type(action).__name__
        clicked[name] = clicked.get(name, 0) + 1
    assert clicked.get("Discard"), clicked

    # The result box, with Continue inside it.
    scene = app.scene
    assert isinstance(scene, TableScene) and scene.result_layout is not None
    result = view.result
    assert result is not None and ContinueGame() in legal
    where = where_drawn(scene, ContinueGame())
    assert where is not None and scene.result_layout.box.collidepoint(where)
    act_by_click(app, ContinueGame(), sent)

    # The host heard it: it logged the human's Continue, and (the bots playing on) dealt hand 2.
    room, seat = the_room(app), view.seat
    assert seat is not None
    deadline = time.monotonic() + 10
    while True:
        session = room.session
        assert session is not None, "the session ended"
        if (seat, ContinueGame()) in list(session.log) and session.hand_number == 2:
            break
        assert time.monotonic() < deadline, (session.hand_number, session.choices)
        app.frame(0.016)
        time.sleep(0.01)
    assert sum(result.deltas) == 0
    assert tuple(session.scores) == result.scores
    assert sum(result.scores) == 4 * room.rules.starting_score  # type: ignore[union-attr]
    assert not conn.errors, conn.errors


def test_the_keyboard_starts_a_game_rolls_and_discards(app: App) -> None:
    app.push(MenuScene(app))
    redraw(app)
    press(app, pygame.K_q)  # Quick game
    conn = app.connection
    assert conn is not None
    sent = spy_on_sends(conn)
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "no turn of the player's came"
        app.frame(0.016)
        time.sleep(0.002)
        if not isinstance(app.scene, TableScene) or not conn.legal or conn.view is None:
            continue
        redraw(app)
        legal = conn.legal
        if RollDice() in legal:
            press(app, pygame.K_SPACE)
            assert sent[-1] == RollDice()
        elif Pass() in legal:
            press(app, pygame.K_SPACE)
            assert sent[-1] == Pass()
        elif any(isinstance(a, Discard) for a in legal):
            break
    press(app, pygame.K_RIGHT)  # from the last tile (the drawn one) one to the right: itself
    press(app, pygame.K_LEFT)
    selected = app.scene.selected  # type: ignore[attr-defined]
    assert Discard(selected) in conn.legal
    press(app, pygame.K_RETURN)
    assert sent[-1] == Discard(selected)
