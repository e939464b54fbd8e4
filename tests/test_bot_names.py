"""The host names each computer player once, in the table's language, and every game at the
table shows that name (issue #30: 阿珍 on one screen, "Ah Chun" on the other, so friends
talking across the room named different players).

A real host on loopback with two players whose games are in different languages: the
names each game shows for the computer players' seats are the same. A table the game
hosts is in its player's language; `gdmj-host --language` chooses, 简体 by default.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from client.app import App
from client.i18n import seat_name, set_language
from client.net import Address, Connection, client_keys
from client.starting import host_locally
from server.cli import _parser
from server.engine.bot_names import BOT_NAMES, TABLE_LANGUAGES, bot_names, table_language
from server.engine.lobby import Lobby
from server.host import HostConfig
from server.local import LocalHost
from shared.actions import AddBot
from shared.events import LobbyUpdated


def lobby_of(conn: Connection, others: list[Connection], bots: int) -> LobbyUpdated:
    """Poll until `conn` sees a lobby with `bots` computer players; return it."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for c in [conn, *others]:
            c.poll(20)
        lobby = conn.lobby
        if lobby is not None and sum(1 for s in lobby.seats if s is not None and s.bot) == bots:
            return lobby
    raise AssertionError(f"no lobby with {bots} computer players: {conn.lobby} {conn.errors}")


def shown_names(lobby: LobbyUpdated, language: str) -> list[str]:
    """The names a game in `language` shows for the computer players' seats."""
    set_language(language)
    return [seat_name(s) for s in lobby.seats if s is not None and s.bot]


def host_config(tmp_path: Path, **more: object) -> HostConfig:
    return HostConfig(
        name="Friday table",
        port=0,
        bind="127.0.0.1",
        advertise=False,
        data_dir=tmp_path / "data",
        bots=2,
        **more,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("language", [None, *TABLE_LANGUAGES])
def test_a_simplified_and_an_english_game_show_one_name(
    tmp_path: Path, language: str | None
) -> None:
    config = host_config(tmp_path) if language is None else host_config(tmp_path, language=language)
    local = LocalHost(config)
    host = local.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    owner = Connection(address, "小龙", keys=client_keys(tmp_path / "owner"))
    guest = Connection(address, "Bea", keys=client_keys(tmp_path / "guest"))
    try:
        owner.connect()
        guest.connect()
        in_simplified = shown_names(lobby_of(owner, [guest], 2), "zh-Hans")
        in_english = shown_names(lobby_of(guest, [owner], 2), "en")
    finally:
        owner.close()
        guest.close()
        local.stop()
        set_language("en")
    assert in_simplified == in_english
    expected = BOT_NAMES[language or "zh-Hans"]  # gdmj-host's default: 简体
    assert set(in_simplified) <= set(expected), in_simplified


def test_a_table_the_game_hosts_names_them_in_its_players_language(
    app: App, tmp_path: Path
) -> None:
    """The hosting player's game is in English: the host names its computer players in
    English, and a guest's 简体 game shows those names too."""
    config = host_config(tmp_path)
    host_locally(app, config, None)
    assert app.local_host is not None and app.local_host.host is not None, app.notice
    assert app.connection is not None
    host = app.local_host.host
    guest = Connection(
        Address("127.0.0.1", host.port, host.key_text), "Bea", keys=client_keys(tmp_path / "g")
    )
    try:
        guest.connect()
        hosting = shown_names(lobby_of(app.connection, [guest], 2), "en")
        in_simplified = shown_names(lobby_of(guest, [app.connection], 2), "zh-Hans")
    finally:
        guest.close()
        set_language("en")
    assert hosting == in_simplified
    assert set(hosting) <= set(BOT_NAMES["en"]), hosting


def test_the_lobby_names_each_seat_in_the_tables_language() -> None:
    lobby = Lobby(1, language="zh-Hant")
    lobby.join(1, "Bea", "")
    lobby.step(1, AddBot(2, "normal"))
    seat = lobby.seats[2]
    assert seat is not None and seat.name == "阿強"
    assert Lobby(1).bot_names == ("阿明", "阿珍", "阿强", "阿芬")


def test_every_table_language_names_four_different_players() -> None:
    for language in TABLE_LANGUAGES:
        assert len(set(bot_names(language))) == 4
    with pytest.raises(ValueError, match=r"'fr'.*zh-Hans"):
        bot_names("fr")
    assert table_language("fr") == "zh-Hans" and table_language("en") == "en"


def test_gdmj_host_takes_the_tables_language() -> None:
    assert _parser().parse_args([]).language == "zh-Hans"
    assert _parser().parse_args(["--language", "en"]).language == "en"
    with pytest.raises(SystemExit):
        _parser().parse_args(["--language", "fr"])


def test_a_computer_player_never_takes_a_persons_name() -> None:
    """At an English table a person called Ah Keung sits first; the computer player added
    in Ah Keung's seat takes a name nobody at the table holds."""
    lobby = Lobby(1, language="en")
    lobby.join(1, "Ah Keung", "")
    for seat in (1, 2, 3):
        lobby.step(1, AddBot(seat, "normal"))
    names = [o.name for o in lobby.seats if o is not None]
    assert len(set(names)) == 4 and names[0] == "Ah Keung", names
    assert names[1] == "Ah Chun" and names[3] == "Ah Fun"
