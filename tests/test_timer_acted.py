"""What the timer does for a player is named to that player: the host sends `timer_acted`
to the seat whose timer ran out (PROTOCOL.md §5), and the table shows a line such as
"Time: 5筒 let go for you" for a few seconds."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pytest

import client.ui
from client.app import App
from client.i18n import t, tile_name
from client.widgets.banners import TIMER_LINE_SECONDS
from shared.actions import Discard, LeaveTable, Pass, RollDice
from shared.events import TileDiscarded
from shared.protocol import EventMessage, TimerActed, decode_host, encode
from tests.support.gui import late_turn_with_melds, redraw, show_table
from tests.test_one_clock import _to_a_persons_turn


def test_the_host_tells_the_seat_what_its_timer_did(tmp_path: Path) -> None:
    room, mover = _to_a_persons_turn(tmp_path)
    players = {m.seat: m.player for m in room.members.values()}
    assert room.session is not None and room.session.hand is not None
    rolling = room.session.hand.phase.value == "roll"
    due = room.next_wakeup()
    assert due is not None
    out = room.tick(due)
    told = [(p, m) for p, m in out if isinstance(m, TimerActed)]
    assert [p for p, _ in told] == [players[mover]], "only the seat whose timer ran out"
    action = told[0][1].action
    if rolling:
        assert action == RollDice()
    else:
        (discarded,) = [
            m.event
            for p, m in out
            if p == players[mover]
            and isinstance(m, EventMessage)
            and isinstance(m.event, TileDiscarded)
        ]
        assert discarded.by_timer and action == Discard(discarded.tile)


def test_timer_acted_on_the_wire() -> None:
    message = TimerActed(Discard(21))
    assert msgspec.json.decode(msgspec.json.encode(message)) == {
        "type": "timer_acted",
        "action": {"type": "discard", "tile": 21},
    }
    assert decode_host(encode(message)) == message


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = client.ui.render_text

    def spy(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(client.ui, "render_text", spy)
    monkeypatch.setattr("client.widgets.banners.render_text", spy)
    return seen


@pytest.mark.parametrize(
    ("action", "key"),
    [
        (Discard(4), "timer.acted.discard"),
        (Pass(), "timer.acted.pass"),
        (RollDice(), "timer.acted.roll"),
        (LeaveTable(), "timer.acted.leave"),
    ],
)
def test_the_table_names_what_the_timer_did(
    app: App, texts: list[str], action: object, key: str
) -> None:
    conn = late_turn_with_melds().connection()
    scene = show_table(app, conn)
    clock = [100.0]
    scene.clock = lambda: clock[0]
    conn.pending.append(TimerActed(action))  # type: ignore[arg-type]
    texts.clear()
    redraw(app)
    line = t(key, tile=tile_name(4)) if key.endswith("discard") else t(key)
    assert line in texts
    clock[0] += TIMER_LINE_SECONDS + 0.1  # a few seconds later it is gone
    texts.clear()
    redraw(app)
    redraw(app)
    assert line not in texts
