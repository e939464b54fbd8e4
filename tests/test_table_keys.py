"""The keys at the table cannot surprise: Space passes a claim and never lets a tile go;
Enter (or the same digit pressed again) does, the dealer's dealt 14th on its first turn
included, and 自动摸打 lets that 14th go as it does any drawn tile."""

from __future__ import annotations

import msgspec
import pygame

from client.app import App
from server.engine.table import HandSetup, HandTable
from server.engine.wall import rig
from shared.actions import Discard, Pass, RollDice
from shared.events import Event, only
from shared.ruleset import make_ruleset
from shared.view_model import apply
from shared.views import TableView
from tests.support.gui import StillConnection, late_game_connection, press, show_table
from tests.support.table import scenario_tile, scenario_tiles

DEALER_HAND = "147m 258p 369s 1234z 6z"
"""Seat 0 deals: no win, no kong, and its 14th tile (the last dealt) is a 發."""
HANDS = [
    DEALER_HAND,
    "258m 369p 147s 12z 66z",  # can pung the 發
    "369m 147p 258s 567z 7z",
    "1m 2p 3s 5z 7z 4567m 4567p",
]


def dealt_to_the_dealer() -> tuple[HandTable, list[Event]]:
    """The rigged hand rolled: the dealer (seat 0) on its first turn, and its events."""
    rules = make_ruleset()
    wall = rig(0, [scenario_tiles(hand) for hand in HANDS], flowers=rules.flowers)
    scores = (1000, 1000, 1000, 1000)
    setup = HandSetup(rules=rules, seed=1, dealer=0, prevailing_wind=0, scores=scores, wall=wall)
    table = HandTable(setup)
    out = [*table.start(), *table.step(0, RollDice())]
    return table, [d.event for d in out if d.audience & only(0)]


def dealer_at_the_table(app: App) -> StillConnection:
    table, events = dealt_to_the_dealer()
    conn = StillConnection(table.rules)
    conn.feed(*events)
    conn.legal = table.view(0).legal
    show_table(app, conn)
    return conn


def test_the_host_and_the_replayed_view_keep_the_dealers_14th_apart() -> None:
    table, events = dealt_to_the_dealer()
    view: TableView | None = None
    for event in events:
        view = apply(view, event, 0)
    assert view is not None
    assert table.view(0).drawn == scenario_tile("6z")
    assert view.drawn == scenario_tile("6z")
    assert scenario_tile("6z") not in view.hand and len(view.hand) == 13
    assert (view.hand, view.drawn) == (table.view(0).hand, table.view(0).drawn)


def test_enter_lets_the_dealers_14th_go(app: App) -> None:
    conn = dealer_at_the_table(app)
    press(app, pygame.K_RETURN)
    assert conn.sent == [Discard(scenario_tile("6z"))]


def test_auto_draw_discard_lets_the_dealers_14th_go(app: App) -> None:
    app.settings = msgspec.structs.replace(app.settings, auto_discard=True)
    conn = dealer_at_the_table(app)
    app.frame(0.016)
    assert conn.sent == [Discard(scenario_tile("6z"))]


def test_space_on_ones_turn_never_discards(app: App) -> None:
    conn = late_game_connection()
    assert conn.view is not None and conn.view.drawn is not None
    assert Discard(conn.view.drawn) in conn.legal
    show_table(app, conn)
    press(app, pygame.K_SPACE)
    assert conn.sent == []
    press(app, pygame.K_2)  # a tile chosen: Space still lets nothing go
    press(app, pygame.K_SPACE)
    assert conn.sent == []


def test_space_in_a_claim_window_passes_and_discards_nothing(app: App) -> None:
    table, _ = dealt_to_the_dealer()
    table.step(0, Discard(scenario_tile("6z")))
    seat = next(s for s in table.awaiting() if Pass() in table.view(s).legal)
    conn = StillConnection(table.rules, seat=seat)
    # Seat `seat`'s own history: its view is the host's, as after a reconnect.
    conn.view = table.view(seat)
    conn.legal = table.view(seat).legal
    show_table(app, conn)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_SPACE)
    assert conn.sent == [Pass()]


def test_the_same_digit_twice_lets_the_chosen_tile_go(app: App) -> None:
    conn = dealer_at_the_table(app)
    press(app, pygame.K_3)
    assert conn.sent == []
    press(app, pygame.K_3)
    assert conn.sent == [Discard(scenario_tile("7m"))]
