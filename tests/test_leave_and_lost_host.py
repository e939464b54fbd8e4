"""Leaving and losing the host, with real processes and the real game on the guest's side.

A hosted two-human session: the host's player (the game hosting the table, in its own
process) leaves with Esc and confirms; the guest (the `app` fixture) is told at once who
closed the table, with the scores. A `gdmj-host` killed mid-hand: the guest's table shows
the lost-host banner within the heartbeat window, takes no input, and gets back to a
sensible screen by itself when a host on the same data folder and port answers again. A
`gdmj-host` stopped cleanly tells every connection, with the scores it saved.
"""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import msgspec
import pygame
import pytest

from client.app import App
from client.net import Address
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MenuScene
from client.scenes.table import TableScene
from client.scenes.table_closed import TableClosedScene
from client.starting import connect
from shared.actions import AcceptRules, SetRules, StartGame
from shared.protocol import LOST_AFTER_SECONDS, SavedScore, TableClosed
from shared.ruleset import TableOptions
from tests.support.gui import labelled, press
from tests.support.net import (
    FAST_OPTIONS,
    PYTHON,
    ROOT,
    LineReader,
    NetHost,
    NetPlayer,
    close_all,
    hand_results,
    make_player,
    make_players,
    net_env,
    net_stop,
    pump,
    start_host,
)

HOSTING_SCRIPT = ROOT / "tests" / "support" / "hosting_app_proc.py"
PLAYING = ("roll", "turn", "claim", "rob")
"""A hand in play (the dealer still to roll counts: the hand has started)."""


@pytest.fixture
def guest(app: App) -> App:
    """The guest's game: named Bea, playing its own turns (so hands go on)."""
    app.settings = msgspec.structs.replace(
        app.settings, player_name="Bea", auto_win=True, auto_pass=True, auto_discard=True
    )
    return app


def run_until(
    app: App,
    until: Callable[[], bool],
    limit_s: float,
    what: str,
    each: Callable[[], None] | None = None,
) -> float:
    """Run the game's frames until `until()`; the seconds it took, or fail after the limit."""
    start = time.monotonic()
    while not until():
        if time.monotonic() - start > limit_s:
            scene = type(app.scene).__name__ if app.scenes else None
            raise AssertionError(f"not within {limit_s}s: {what} (scene {scene})")
        app.frame(0.016)
        if each is not None:
            each()
        time.sleep(0.004)
    return time.monotonic() - start


def run_for(app: App, seconds: float) -> None:
    """The game's frames for `seconds`, whatever happens."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(0.016)
        time.sleep(0.004)


def in_a_hand(app: App) -> bool:
    conn = app.connection
    return (
        isinstance(app.scene, TableScene)
        and conn is not None
        and conn.view is not None
        and conn.view.phase in PLAYING
    )


def join_as_guest(app: App, address: Address) -> None:
    """Join, and accept the owner's rules once they are set (as the lobby's button does)."""
    connect(app, address)
    run_until(
        app,
        lambda: isinstance(app.scene, LobbyScene)
        and app.connection is not None
        and app.connection.lobby is not None
        and app.connection.lobby.options is not None,
        20,
        "the guest is in the lobby with the owner's rules",
    )
    assert app.connection is not None
    app.connection.send(AcceptRules())


def test_the_hosting_player_leaves_and_the_guest_is_told_at_once(
    guest: App, tmp_path: Path
) -> None:
    child = subprocess.Popen(
        [PYTHON, str(HOSTING_SCRIPT), str(tmp_path / "hosting"), "强哥", "--limit", "90"],
        cwd=ROOT,
        env=net_env(tmp_path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
    )
    try:
        assert child.stdin is not None
        lines = LineReader(child)
        address = Address.parse(lines.wait_for(r"^hosting ", 30).split()[1])
        join_as_guest(guest, address)
        run_until(guest, lambda: in_a_hand(guest), 20, "a hand under way at the guest's")
        conn = guest.connection
        assert conn is not None and conn.view is not None and conn.lobby is not None
        seated = [o.name if o is not None else "" for o in conn.lobby.seats]
        assert seated[0] == "强哥" and "Bea" in seated, seated

        child.stdin.write("esc\n")
        child.stdin.flush()
        lines.wait_for(r"^asked You are hosting: leaving closes the table for everyone\.$", 10)
        # Asked, not gone: the guest's table goes on meanwhile.
        run_for(guest, 1.0)
        assert guest.connection is conn and conn.closed is None
        assert isinstance(guest.scene, TableScene)
        started_with = conn.view.scores  # the hand in play began with these

        child.stdin.write("enter\n")
        child.stdin.flush()
        lines.wait_for(r"^leaving$", 5)
        # "At once" is the closed-table screen naming who closed it, not the lost-host
        # banner a silent host would give after the heartbeat window; the limit is only a
        # generous deadline (a loaded machine is slow to run the frames, not wrong).
        took = run_until(
            guest,
            lambda: isinstance(guest.scene, TableClosedScene),
            LOST_AFTER_SECONDS,
            "the guest is told the table closed",
        )
        print(f"the guest saw the table closed {took:.3f} s after the host's player confirmed")
        scene = guest.scene
        assert isinstance(scene, TableClosedScene)
        assert scene.title == "强哥 closed the table"
        assert scene.closed.by == "强哥"
        # What was saved: the scores after the last hand the guest saw end (the bots play
        # fast), or those the first hand started with; a hand in play counts for nothing.
        saved = conn.results[-1].scores if conn.results else started_with
        assert [s.name for s in scene.closed.scores] == seated
        assert tuple(s.score for s in scene.closed.scores) == saved
        assert guest.connection is None, "the connection is closed with the table"
        lines.wait_for(r"^scene MenuScene$", 10)  # the host's player is back at the menu

        where = labelled([scene.button], "Back to menu")
        assert where is not None
        press(guest, pygame.K_RETURN)
        run_until(guest, lambda: isinstance(guest.scene, MenuScene), 10, "back at the menu")
    finally:
        net_stop(child)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_killed_host_gives_the_banner_then_a_returning_host_the_table_back(
    guest: App, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    port = _free_port()
    host: NetHost = start_host(data, "Fragile evening", bots=2, port=port)
    owner: NetPlayer | None = None
    try:
        owner = make_player(host.address, "强哥")
        pump([owner], lambda: owner is not None and owner.conn.welcome is not None, 10)
        owner.conn.send(SetRules(FAST_OPTIONS))
        join_as_guest(guest, host.address)
        step_owner = owner.step
        run_until(
            guest,
            lambda: owner is not None
            and owner.conn.lobby is not None
            and owner.conn.lobby.can_start,
            10,
            "the table can start",
            each=step_owner,
        )
        owner.conn.send(StartGame())
        run_until(guest, lambda: in_a_hand(guest), 20, "a hand under way", each=step_owner)
        conn = guest.connection
        assert conn is not None and conn.view is not None
        hand = conn.view.hand_number

        host.kill()
        killed = time.monotonic()
        run_until(
            guest,
            lambda: guest.overlays.banner is not None,
            LOST_AFTER_SECONDS,
            "the lost-host banner within the heartbeat window",
        )
        shown = time.monotonic() - killed
        assert shown <= LOST_AFTER_SECONDS
        print(f"the banner was up {shown:.2f} s after the host was killed")
        banner = guest.overlays.banner
        assert banner is not None
        assert banner.title.startswith("Connection to the host lost — reconnecting... ("), banner
        assert [b.label for b in banner.buttons] == ["Back to menu"]
        # Input is blocked: Esc would otherwise ask whether to leave.
        press(guest, pygame.K_ESCAPE)
        assert guest.overlays.confirm is None
        assert isinstance(guest.scene, TableScene), "the frozen table stays below the banner"
        # The count goes on while nobody answers.
        run_for(guest, 2.0)
        later = guest.overlays.banner
        assert later is not None and later.title != banner.title, (banner.title, later.title)

        # A host on the same data folder and port comes back: the guest reconnects by itself.
        host = start_host(data, "Fragile evening", bots=2, port=port)
        back = run_until(
            guest,
            lambda: guest.overlays.banner is None,
            2 * LOST_AFTER_SECONDS + 5,
            "the banner goes once the host answers",
        )
        assert back <= 2 * LOST_AFTER_SECONDS + 5
        print(f"the banner went {back:.2f} s after the new host was ready")
        run_until(
            guest,
            lambda: isinstance(guest.scene, LobbyScene) or in_a_hand(guest),
            5,
            "a sensible screen: the table again, or the new host's lobby",
        )
        conn = guest.connection
        assert conn is not None and conn.reconnects >= 1 and conn.lobby is not None
        if isinstance(guest.scene, TableScene):
            # A host that kept the session (a journal) resumed this very hand.
            assert conn.view is not None and conn.view.hand_number == hand
        else:
            # This host starts afresh: the guest is seated in its lobby, nothing frozen.
            names = [o.name for o in conn.lobby.seats if o is not None and not o.bot]
            assert names == ["Bea"], conn.lobby.seats
    finally:
        close_all([owner] if owner else [])
        host.stop()


def test_a_host_stopped_cleanly_tells_everyone_the_scores_it_saved(tmp_path: Path) -> None:
    data = tmp_path / "data"
    host = start_host(data, "Early night", bots=2)
    players: list[NetPlayer] = []
    try:
        players = make_players(host.address, ["Ann", "Ben"])
        owner, other = players
        owner.conn.send(SetRules(TableOptions(rounds=1, turn_seconds=0, claim_seconds=0)))
        pump(players, lambda: other.conn.lobby is not None and bool(other.conn.lobby.options), 10)
        other.conn.send(AcceptRules())
        pump(players, lambda: owner.conn.lobby is not None and owner.conn.lobby.can_start, 10)
        owner.conn.send(StartGame())
        pump(players, lambda: bool(hand_results(owner)), 30, play=True, what="a hand ends")
        result = hand_results(owner)[0]
        assert host.stop() == 0, host.log_text()[-2000:]
        pump(
            players,
            lambda: all(p.conn.closed is not None for p in players),
            3,
            what="every connection hears the table closed",
        )
        lobby = owner.conn.lobby
        assert lobby is not None
        expected = tuple(
            SavedScore(o.name, result.scores[seat], o.bot)
            for seat, o in enumerate(lobby.seats)
            if o is not None
        )
        for player in players:
            closed = player.conn.closed
            assert isinstance(closed, TableClosed)
            assert closed.by == "", "stopped by whoever runs the host, not by a player"
            assert closed.scores == expected
        # It stops reconnecting: nobody will answer, and it was told so.
        reconnects = owner.conn.reconnects
        end = time.monotonic() + LOST_AFTER_SECONDS + 1
        while time.monotonic() < end:
            owner.conn.poll(20)
        assert owner.conn.reconnects == reconnects
    finally:
        close_all(players)
        host.stop()


def test_a_host_stopped_by_its_operator_shows_the_guest_who_closed_it(
    guest: App, tmp_path: Path
) -> None:
    host = start_host(tmp_path / "data", "Closing soon", bots=3)
    try:
        connect(guest, host.address)
        run_until(guest, lambda: isinstance(guest.scene, LobbyScene), 20, "in the lobby")
        assert host.stop() == 0, host.log_text()[-2000:]  # SIGTERM: Ctrl+C at gdmj-host
        run_until(
            guest,
            lambda: isinstance(guest.scene, TableClosedScene),
            2,
            "the guest is told the table closed",
        )
        scene = guest.scene
        assert isinstance(scene, TableClosedScene)
        assert scene.title == "The host closed the table"
        assert scene.closed.scores == (), "a newcomer in the lobby has nothing saved yet"
        assert guest.connection is None
    finally:
        host.stop()
