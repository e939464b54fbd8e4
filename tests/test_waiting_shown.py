"""Whom the table waits for, on the hand's result box, once the player has chosen: after
Continue as after Leave the buttons go, and a line names the players yet to choose until
the table moves on (client/scenes/result.py `waiting_text`, from `choice_made`)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

import client.ui
from client.app import App
from client.i18n import seat_name, set_language, t
from shared.actions import ContinueGame, LeaveTable
from tests.support.gui import (
    SEAT,
    click,
    labelled,
    late_turn_with_melds,
    played_out,
    redraw,
    show_table,
    with_people,
)


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = client.ui.render_text

    def spy(text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(client.ui, "render_text", spy)
    return seen


@pytest.mark.parametrize(
    ("button", "action", "choice"),
    [("result.leave", LeaveTable(), "leave"), ("result.continue", ContinueGame(), "continue")],
)
@pytest.mark.parametrize("language", ["zh-Hans", "en"])
def test_after_choosing_the_result_box_says_whom_the_table_waits_for(
    app: App, texts: list[str], button: str, action: object, choice: str, language: str
) -> None:
    set_language(language)
    conn = with_people(played_out(late_turn_with_melds()).connection())
    scene = show_table(app, conn)
    where = labelled(scene.buttons, t(button))
    assert where is not None
    click(app, where)
    assert conn.sent[-1] == action
    assert conn.lobby is not None
    seats = conn.lobby.seats
    other = (SEAT + 2) % 4
    conn.chosen = {SEAT: choice, other: "continue"}  # as the host's choice_made say
    texts.clear()
    redraw(app)
    assert labelled(scene.buttons, t(button)) is None, "chosen: the buttons are gone"
    waited = [seat_name(seats[s]) for s in range(4) if s not in (SEAT, other)]
    line = t("result.waiting_for", names=t("common.list_separator").join(waited))
    assert line in texts
    conn.chosen = {s: "continue" for s in range(4)} | {SEAT: choice}  # everyone has chosen
    texts.clear()
    redraw(app)
    assert line not in texts
