"""Hosting again after the game that hosted crashed: the offer to resume the table in play
(server/unfinished.py, client/scenes/resume.py), the host form remembering what it was
given, and a table closed on purpose leaving nothing to resume.

Expectations come from the live table that wrote the journal, never from the journal code.
"""

from __future__ import annotations

import time
from pathlib import Path

import msgspec
import pytest

from client.app import App
from client.net import Address, Connection, client_keys
from client.scenes.host_form import HostFormScene
from client.scenes.resume import ResumeScene
from client.settings import HostedTable, load_settings, save_settings
from server.host import HostConfig
from server.journal import journal_name
from server.local import LocalHost
from server.unfinished import unfinished_table
from shared.actions import SetRules, StartGame
from shared.ruleset import TableOptions
from tests.support.room import Table
from tests.test_journal import into_hand_two, restore


def test_a_table_in_play_is_offered_as_it_was(tmp_path: Path) -> None:
    table = into_hand_two(tmp_path)
    session = table.room.session
    assert session is not None
    offer = unfinished_table(tmp_path)
    assert offer is not None
    assert offer.table == "T"
    assert offer.hand_number == 2 and not offer.between_hands
    assert offer.prevailing_wind == session.prevailing_wind
    seated = table.room.lobby.seats
    expected = [
        (o.name, score, o.bot)
        for o, score in zip(seated, session.scores, strict=True)
        if o is not None
    ]
    assert list(offer.players) == expected
    assert [bot for _, _, bot in offer.players] == [False, False, True, True]


def test_no_offer_without_a_journal_nor_for_a_damaged_one(tmp_path: Path) -> None:
    assert unfinished_table(tmp_path) is None
    folder = tmp_path / "journal"
    folder.mkdir()
    (folder / journal_name("T")).write_bytes(b"not a journal\n")
    assert unfinished_table(tmp_path) is None


def test_a_finished_session_is_no_offer(tmp_path: Path) -> None:
    table = Table(tmp_path, journals=tmp_path / "journal")
    table.play_until_session_ends()
    assert unfinished_table(tmp_path) is None


def test_host_a_table_offers_resume_and_new_table_keeps_the_journal_until_started(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    into_hand_two(app.data_dir)
    journal = app.data_dir / "journal" / journal_name("T")
    app.nav.host_form()
    assert isinstance(app.scene, ResumeScene)
    app.scene.draw(app.screen)
    assert [b.label for b in app.scene.buttons] == ["Resume", "New table", "Back"]
    app.scene.new_table.action()
    form = app.scene
    assert isinstance(form, HostFormScene) and form.replaces is not None
    assert journal.exists(), "not given up before the player starts the new table"
    started: list[HostConfig] = []
    monkeypatch.setattr(
        "client.scenes.host_form.host_locally", lambda app, config, options: started.append(config)
    )
    form._start()
    assert not journal.exists()
    assert [c.journal for c in started] == [True]
    assert [c.bot_pace for c in started] == ["natural"]  # the form's default, as hosted


def test_the_host_form_opens_with_what_it_was_given_last_time(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("client.scenes.host_form.host_locally", lambda *args: None)
    form = HostFormScene(app)
    form.name.text = "Friday table"
    form.code.text = "mahjong8"
    while form.bots.value != 2:
        form.bots.index += 1
    while form.bot_level.value != "strong":
        form.bot_level.index += 1
    form.suggest.index = 1
    while form.pace.value != "quick":
        form.pace.index += 1
    base = form.rules.by_name["base"]
    while base.value != 5:
        base.index += 1
    form._start()
    save_settings(app.settings, tmp_path / "settings.json")
    settings, problem = load_settings(tmp_path / "settings.json")
    assert problem is None
    app.settings = settings
    again = HostFormScene(app)
    assert again.name.text == "Friday table"
    assert again.code.text == "mahjong8"
    assert again.bots.value == 2 and again.bot_level.value == "strong"
    assert again.suggest.value is False
    assert again.pace.value == "quick"
    assert again.rules.options().base == 5


def test_a_remembered_table_with_a_bad_value_opens_the_form_with_the_defaults(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(msgspec.json.encode({"last_hosted": {"code": "密码", "bots": 9}}))
    settings, problem = load_settings(path)
    assert problem is not None and settings.last_hosted == HostedTable()


@pytest.mark.parametrize("crashed", [False, True])
def test_a_table_closed_on_purpose_leaves_nothing_to_resume(tmp_path: Path, crashed: bool) -> None:
    """Closed on purpose: no journal left. The game ending on an error (App.disconnect
    with `crashed`) keeps it: the player is offered to resume the table."""
    config = HostConfig(
        name="Friday table",
        port=0,
        bind="127.0.0.1",
        advertise=False,
        data_dir=tmp_path,
        bots=3,
        bot_delay=0.0,
        journal=True,
    )
    local = LocalHost(config)
    host = local.start()
    conn = Connection(
        Address("127.0.0.1", host.port, host.key_text), "Ah Ming", keys=client_keys(tmp_path)
    )
    try:
        conn.connect()

        deadline = time.monotonic() + 10
        while conn.lobby is None and time.monotonic() < deadline:
            conn.poll(20)
        conn.send(SetRules(TableOptions(turn_seconds=0, claim_seconds=0)))
        conn.send(StartGame())
        while conn.view is None and time.monotonic() < deadline:
            conn.poll(20)
        assert conn.view is not None, conn.errors
        while unfinished_table(tmp_path) is None and time.monotonic() < deadline:
            conn.poll(20)
        assert unfinished_table(tmp_path) is not None, "journaled while in play"
    finally:
        local.stop(closed_by="Ah Ming", keep_journal=crashed)
        conn.close()
    offer = unfinished_table(tmp_path)
    if crashed:
        assert offer is not None and offer.table == "Friday table"
        return
    assert offer is None
    assert not list((tmp_path / "journal").glob("*.jnl"))


def test_after_a_restart_the_lobby_says_who_is_not_back_yet(tmp_path: Path) -> None:
    """Every person at the restored table is `away` until they say hello again, so the
    others' games say whom the table waits for (client/overlays.py `away_names`)."""
    table = into_hand_two(tmp_path)
    people = [o.name for o in table.room.lobby.seats if o is not None and not o.bot]
    (room,), _ = restore(tmp_path / "journal", tmp_path / "again")
    seats = room.lobby.snapshot().seats
    assert [s.name for s in seats if s is not None and s.away] == people
    back = next(m for m in room.members.values() if m.name == people[0])
    room.resume(back, 500, 1.0)
    seats = room.lobby.snapshot().seats
    assert [s.name for s in seats if s is not None and s.away] == people[1:]
