"""Starting a game: a quick game on this computer, hosting a table, joining one.

What the menu, the host form, the resume offer, the join list and the command line do to
get to a table; the screen that waits for the host's welcome comes from the navigator.
"""

from __future__ import annotations

import ipaddress
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from client.i18n import current_language, t
from client.net import Address, Connection, client_id, client_keys
from client.problem import problem
from client.settings import DEFAULT_TABLE_NAME, HostedTable
from server.host import HostConfig
from server.local import LocalHost, LocalHostFailed, hosting_player
from shared.protocol import DEFAULT_PORT
from shared.ruleset import TableOptions

if TYPE_CHECKING:
    from client.app import App


QUICK_TIMERS = {"off": (0, 0), "relaxed": (60, 20)}
"""(turn, claim) seconds of a quick game by the setting; "table" keeps TableOptions'. Only
the player is waited on there, so a timer is there to keep the game moving, not the others
from waiting: a relaxed one is four times a table's."""


def start_quick_game(app: App) -> None:
    """A table on this computer with three computer players of the chosen level; one
    click, no typing."""
    settings = app.settings
    options = TableOptions()
    if settings.quick_timers in QUICK_TIMERS:
        turn, claim = QUICK_TIMERS[settings.quick_timers]
        options = TableOptions(turn_seconds=turn, claim_seconds=claim)
    host_locally(
        app,
        HostConfig(
            name=t("quick.table_name"),
            port=0,
            bind="127.0.0.1",
            bots=3,
            advertise=False,
            data_dir=app.data_dir,
            bot_delay=0.7,
            bot_level=settings.quick_level,
        ),
        options,
        auto_start=True,
    )


def host_locally(
    app: App,
    config: HostConfig,
    options: TableOptions | None,
    auto_start: bool = False,
) -> None:
    app.disconnect()
    # The table is this player's from the start and after the game hosts it again: a
    # guest still reconnecting must not sit first and take it (RULES.md §2).
    # The table's language is its player's: its computer players are named in it, once,
    # for every game at the table.
    owner = own_identity(app.config_dir, config.insecure)
    local = LocalHost(replace(config, owner=owner, language=current_language()))
    try:
        host = local.start()
    except LocalHostFailed as exc:
        if app.scenes and not app.scene.shows_notices:
            app.back_to_menu()  # the host form shows no notices: the menu says why
        app.notice = problem("error.host_failed", exc.reason)
        return
    app.local_host = local
    address = Address("127.0.0.1", host.port, None if config.insecure else host.key_text)
    connect(app, address, options=options, auto_start=auto_start, table_code=config.code)


def own_identity(config_dir: Path, insecure: bool) -> str:
    """Who this install's player is to a host it runs (server/identity.py): what `connect`
    sends, the public key kept in `config_dir` or, on an insecure host, the client id."""
    if insecure:
        return hosting_player(True, b"", client_id(config_dir))
    return hosting_player(False, client_keys(config_dir)[0], "")


def hosted_addresses(local: LocalHost | None) -> list[str]:
    """The `host:port#key` addresses a friend can type to join the table this game hosts,
    one per LAN address of this computer (none for a table on loopback, as a quick game
    is): the addresses the host advertises, LAN ones first, link-local ones last."""
    if local is None or local.host is None:
        return []
    host = local.host
    found = [ipaddress.ip_address(ip) for ip in host.advertised_addresses()]
    usable = [ip for ip in found if not ip.is_loopback and not ip.is_unspecified]
    usable.sort(key=lambda ip: (ip.is_link_local, not ip.is_private))
    return [host.address(str(ip)) for ip in usable]


def connect(
    app: App,
    address: Address,
    *,
    options: TableOptions | None = None,
    auto_start: bool = False,
    table_code: str = "",
) -> bool:
    """Connect to the host at `address` and wait for its welcome on the connecting screen
    (True); False, with the reason on screen, when the connection cannot even start."""
    # One key pair and one client id for every connection of this install: who the
    # player is to a host (their score and seat there), whatever name they type.
    keys = client_keys(app.config_dir) if address.key else None
    ident = "" if address.key else client_id(app.config_dir)
    connection = Connection(
        address, app.settings.player_name, code=table_code, keys=keys, client_id=ident
    )
    try:
        connection.connect()
    except Exception as exc:  # a bad address must not end the game
        app.notice = problem("error.connect_failed", exc)
        return False
    app.connection = connection
    app.nav.connecting(options, auto_start)
    return True


def hosted_config(data_dir: Path, name: str, hosted: HostedTable) -> HostConfig:
    """The host a table hosted from the game runs: on the LAN, on the usual port (the
    guests' games find it there again after a restart), journaled so that it can be
    resumed (server/unfinished.py)."""
    return HostConfig(
        name=name,
        port=DEFAULT_PORT,
        bind="*",
        code=hosted.code,
        bots=hosted.bots,
        bot_level=hosted.bot_level,
        bot_pace=hosted.bot_pace,
        allow_suggest=hosted.allow_suggest,
        data_dir=data_dir,
        journal=True,
    )


def default_table_name(last: str) -> str:
    """The name a new table gets (in the form, and from `gdmj --host` without `--name`):
    the last one the player gave, or the default in the UI's language (the settings keep
    the English default until the player names a table)."""
    return t("host.table_name.default") if last == DEFAULT_TABLE_NAME else last
