"""The App reads the network once a frame and hands what came to the screen on top; no
screen reads the connection itself (client/app.py `App.pump`)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from client.app import App, Scene
from shared.events import PhraseSaid
from shared.protocol import EventMessage, HostMessage
from shared.ruleset import make_ruleset
from tests.support.gui import StillConnection

SCENES = Path(__file__).resolve().parents[1] / "client" / "scenes"


@dataclass
class CountingConnection(StillConnection):
    """A StillConnection that counts how often the network is read and kept alive."""

    polls: int = 0
    pings: int = 0

    def poll(self, timeout_ms: int = 0) -> list[HostMessage]:
        self.polls += 1
        return super().poll(timeout_ms)

    def keep_alive(self) -> None:
        self.pings += 1


class Following(Scene):
    """A screen that follows the table and keeps what it is handed."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.handed: list[list[HostMessage]] = []

    def follows_table(self) -> bool:
        return True

    def on_messages(self, messages: list[HostMessage]) -> None:
        super().on_messages(messages)
        self.handed.append(messages)


@pytest.fixture
def conn(app: App) -> CountingConnection:
    connection = CountingConnection(make_ruleset())
    app.connection = connection  # type: ignore[assignment]
    return connection


def test_the_screen_on_top_is_handed_what_the_host_sent_once(
    app: App, conn: CountingConnection
) -> None:
    scene = Following(app)
    app.push(scene)
    said = PhraseSaid("Bot Ming", 1, 2)
    conn.feed(said)
    app.frame(0.016)
    app.frame(0.016)
    assert scene.handed == [[EventMessage(1, said)]]  # a quiet frame hands nothing
    assert conn.polls == 2 and conn.pings == 0


def test_under_a_screen_that_does_not_follow_the_table_it_is_only_kept_alive(
    app: App, conn: CountingConnection
) -> None:
    app.push(Scene(app))
    conn.feed(PhraseSaid("Bot Ming", 1, 2))
    app.frame(0.016)
    assert conn.polls == 0 and conn.pings == 1
    assert conn.pending, "the host's messages wait for the table's return"


def test_the_lobby_and_table_scenes_follow_the_table() -> None:
    from client.scenes.lobby import LobbyScene
    from client.scenes.over import SessionOverScene
    from client.scenes.table import TableScene

    for scene in (LobbyScene, SessionOverScene, TableScene):
        assert scene.follows_table is not Scene.follows_table, scene.__name__


def test_no_screen_reads_the_network_itself() -> None:
    readers = []
    for path in sorted(SCENES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("poll", "keep_alive")
            ):
                readers.append(f"{path.name}:{node.lineno}")
    assert readers == [], "the App reads the network (App.pump); a screen reads the model"


def test_no_product_code_reads_the_table_through_the_connection() -> None:
    """The connection keeps the socket; what the host said is read from the table model
    (App.table, NetworkBot.table), never as `conn.view` or `connection.lobby`."""
    state = "|".join(
        ("welcome", "view", "lobby", "legal", "deadline", "errors", "rules", "results", "deals",
         "phrases", "notices", "hand_records", "session_end", "start_scores", "sheet",
         "session_seats", "wait_hint", "departures", "chosen", "closed")
    )
    through = re.compile(rf"\b(conn|connection)\.({state})\b")
    root = SCENES.parents[1]
    found = [
        f"{path.relative_to(root)}:{n}"
        for folder in ("client", "server", "machine")
        for path in sorted((root / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if through.search(line)
    ]
    assert found == []
