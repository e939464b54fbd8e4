"""Someone leaves on purpose mid-hand: the others see "阿珍 left the table — a computer
player finishes the hand for them" until that hand ends (PROTOCOL.md `player_left`)."""

from __future__ import annotations

import time

import msgspec
import pytest

from client.i18n import set_language, t
from client.net import Address, Connection
from client.overlays import departed_names
from shared.events import PlayerLeft, SessionEnded
from shared.protocol import EventMessage
from tests.support.gui import late_game


@pytest.fixture
def conn() -> Connection:
    """A connection in the middle of a hand, fed the events a host would have sent."""
    game = late_game(7, 16)
    connection = Connection(Address("127.0.0.1", 9, None), "Bea")
    for seq, event in enumerate(game.events, 1):
        connection.model.take(EventMessage(seq, event), time.monotonic())
    assert connection.view is not None and connection.view.phase != "ended"
    return connection


def _feed(conn: Connection, *events: object) -> None:
    for event in events:
        conn.receive(EventMessage(conn.seq + 1, event))  # type: ignore[arg-type]


def test_a_player_who_leaves_mid_hand_is_named_until_the_hand_ends(conn: Connection) -> None:
    assert departed_names(conn) == []
    _feed(conn, PlayerLeft("阿珍", "left"))
    assert departed_names(conn) == ["阿珍"]
    assert conn.view is not None
    ended = msgspec.structs.replace(conn.view, phase="ended")
    conn.view = ended
    assert departed_names(conn) == []  # the hand is over: the session's end says the rest


def test_declining_the_rules_or_the_player_themself_is_no_such_line(conn: Connection) -> None:
    _feed(conn, PlayerLeft("小龍", "declined"), PlayerLeft("Bea", "left"))
    assert departed_names(conn) == []


def test_leaving_after_the_session_ended_is_no_such_line(conn: Connection) -> None:
    _feed(conn, SessionEnded("player_left", (1000, 1000, 1000, 1000), ()))
    _feed(conn, PlayerLeft("阿珍", "left"))
    assert departed_names(conn) == []


def test_the_next_hand_forgets_the_line(conn: Connection) -> None:
    _feed(conn, PlayerLeft("阿珍", "left"))
    assert conn.view is not None
    conn.view = msgspec.structs.replace(conn.view, hand_number=conn.view.hand_number + 1)
    assert departed_names(conn) == []


@pytest.mark.parametrize(
    ("language", "headline", "detail"),
    [
        ("zh-Hans", "阿珍 离开了牌桌", "由电脑玩家打完这一局"),
        ("zh-Hant", "阿珍 離開了牌桌", "由電腦玩家打完這一局"),
        ("en", "阿珍 left the table", "a computer player finishes the hand for them"),
    ],
)
def test_the_line_in_each_language(language: str, headline: str, detail: str) -> None:
    set_language(language)
    assert t("departed.left", name="阿珍") == headline
    assert t("departed.stand_in") == detail

