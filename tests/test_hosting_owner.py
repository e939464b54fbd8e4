"""The table a game hosts is its player's (RULES.md §2), even after the game hosts it again.

A real in-game host (server/local.py) on loopback, told its player's identity the way the
game tells it (client/starting.py `own_identity`). A guest whose game reconnects
to the restarted table before the hosting player is back sits there, but is not owner.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from client.net import Address, Connection, client_id, client_keys
from client.starting import own_identity
from server.host import HostConfig
from server.local import LocalHost, hosting_player
from shared.events import LobbyUpdated


def welcomed(conn: Connection, others: list[Connection]) -> LobbyUpdated:
    """Poll until `conn` is welcomed and has the lobby; return it."""
    deadline = time.monotonic() + 10
    while (conn.welcome is None or conn.lobby is None) and time.monotonic() < deadline:
        for c in [conn, *others]:
            c.poll(20)
    assert conn.welcome is not None and conn.lobby is not None, conn.errors
    return conn.lobby


def owners(lobby: LobbyUpdated) -> list[str]:
    return [s.name for s in lobby.seats if s is not None and s.owner]


def test_a_guest_back_first_at_the_restarted_table_does_not_own_it(tmp_path: Path) -> None:
    home = tmp_path / "hosting player"
    config = HostConfig(
        name="Friday table",
        port=0,
        bind="127.0.0.1",
        advertise=False,
        data_dir=tmp_path / "data",
        owner=own_identity(home, insecure=False),
    )
    guest_keys = client_keys(tmp_path / "guest")
    first = LocalHost(config)
    host = first.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    hosting = Connection(address, "Ah Ming", keys=client_keys(home))
    guest = Connection(address, "Ah Fong", keys=guest_keys)
    try:
        hosting.connect()
        assert owners(welcomed(hosting, [])) == ["Ah Ming"]
        guest.connect()
        welcomed(guest, [hosting])
    finally:
        hosting.close()
        guest.close()
        first.stop()
    # The game that hosted crashed and hosts again; the guest's game gets there first.
    again = LocalHost(replace(config, port=0))
    host = again.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    guest = Connection(address, "Ah Fong", keys=guest_keys)
    hosting = Connection(address, "Ah Ming", keys=client_keys(home))
    try:
        guest.connect()
        assert owners(welcomed(guest, [])) == [], "the table waits for its player"
        hosting.connect()
        assert owners(welcomed(hosting, [guest])) == ["Ah Ming"]
        deadline = time.monotonic() + 10
        while guest.lobby is not None and owners(guest.lobby) == [] and time.monotonic() < deadline:
            guest.poll(20)
        assert guest.lobby is not None and owners(guest.lobby) == ["Ah Ming"]
    finally:
        hosting.close()
        guest.close()
        again.stop()


@pytest.mark.parametrize("insecure", [False, True])
def test_the_game_names_its_player_the_owner_of_the_table_it_hosts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, insecure: bool
) -> None:
    import client.starting as connect
    from client.app import App
    from client.settings import Settings
    from server.local import LocalHostFailed

    told: list[HostConfig] = []

    class Recorded:
        def __init__(self, config: HostConfig) -> None:
            told.append(config)

        def start(self) -> None:
            raise LocalHostFailed("not started in this test")

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(connect, "LocalHost", Recorded)
    app = App(Settings(language="en", player_name="Ah Ming"))
    app.config_dir = tmp_path / "config"
    connect.host_locally(app, HostConfig(insecure=insecure, data_dir=tmp_path), None)
    expected = (
        f"id:{client_id(app.config_dir)}"
        if insecure
        else f"key:{client_keys(app.config_dir)[0].decode()}"
    )
    assert [c.owner for c in told] == [expected]


def test_a_hosting_player_with_nothing_to_be_known_by_is_refused() -> None:
    with pytest.raises(ValueError, match="no client id"):
        hosting_player(True, b"", "")


def test_a_guest_back_first_at_a_table_resumed_from_its_journal_does_not_own_it(
    tmp_path: Path,
) -> None:
    """The hosting game crashed mid-hand and its player resumed the table: the guest's game
    reconnects first, to the hand in play, and finds the hosting player the owner."""
    from client.overlays import away_names
    from shared.actions import AcceptRules, SetRules, StartGame
    from shared.ruleset import TableOptions

    home = tmp_path / "hosting player"
    data = tmp_path / "data"
    config = HostConfig(
        name="Friday table",
        port=0,
        bind="127.0.0.1",
        advertise=False,
        data_dir=data,
        bots=2,
        bot_delay=0.0,
        journal=True,
        owner=own_identity(home, insecure=False),
    )
    guest_keys = client_keys(tmp_path / "guest")
    first = LocalHost(config)
    host = first.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    hosting = Connection(address, "Ah Ming", keys=client_keys(home))
    guest = Connection(address, "Ah Fong", keys=guest_keys)
    crashed = tmp_path / "journal at the crash"
    try:
        hosting.connect()
        welcomed(hosting, [])
        guest.connect()
        welcomed(guest, [hosting])
        hosting.send(SetRules(TableOptions(turn_seconds=0, claim_seconds=0)))
        deadline = time.monotonic() + 10
        while (guest.lobby is None or guest.lobby.options is None) and time.monotonic() < deadline:
            for c in (hosting, guest):
                c.poll(20)
        guest.send(AcceptRules())
        while guest.lobby is None or not all(
            s is not None and s.accepted for s in guest.lobby.seats
        ):
            assert time.monotonic() < deadline, guest.errors
            for c in (hosting, guest):
                c.poll(20)
        hosting.send(StartGame())
        settled = time.monotonic() + 1.0  # the computer players' moves up to a person's turn
        while guest.view is None or time.monotonic() < settled:
            assert time.monotonic() < deadline, (hosting.errors, guest.errors)
            for c in (hosting, guest):
                c.poll(20)
        (journal,) = (data / "journal").glob("*.jnl")
        crashed.write_bytes(journal.read_bytes())  # what a SIGKILL would have left
        records_then = {p: p.read_bytes() for p in (data / "records").glob("*.jsonl")}
        tiles = guest.view.hand
    finally:
        hosting.close()
        guest.close()
        first.stop()
    journal.write_bytes(crashed.read_bytes())
    # And the records as they were then: the hand played on since is not on record (a
    # restore takes a journal on through the hands on record it lacks).
    for path in (data / "records").glob("*.jsonl"):
        if path in records_then:
            path.write_bytes(records_then[path])
        else:
            path.unlink()
    again = LocalHost(replace(config, port=0))
    host = again.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    guest = Connection(address, "Ah Fong", keys=guest_keys)
    hosting = Connection(address, "Ah Ming", keys=client_keys(home))
    try:
        guest.connect()
        lobby = welcomed(guest, [])
        assert owners(lobby) == ["Ah Ming"], "the owner's seat waits for its player"
        deadline = time.monotonic() + 10
        while guest.view is None and time.monotonic() < deadline:
            guest.poll(20)
        assert guest.view is not None and guest.view.hand == tiles, "the same hand"
        # The guest's game says whom the table waits for: the hosting player, not back yet.
        while away_names(guest) != ["Ah Ming"] and time.monotonic() < deadline:
            guest.poll(20)
        assert away_names(guest) == ["Ah Ming"]
        hosting.connect()
        welcomed(hosting, [guest])
        for _ in range(20):
            for c in (hosting, guest):
                c.poll(20)
        assert guest.lobby is not None and owners(guest.lobby) == ["Ah Ming"]
        assert hosting.lobby is not None and owners(hosting.lobby) == ["Ah Ming"]
    finally:
        hosting.close()
        guest.close()
        again.stop()
