"""Starting a game: a quick game on this computer, hosting a table, joining one."""

from __future__ import annotations

import ipaddress
import logging
import time

import pygame

from client.app import App, Scene
from client.i18n import t
from client.net import Address, Connection, client_id, client_keys
from client.scenes.background import felt
from client.ui import GOLD, Button, draw_text
from server import host as host_module
from server.host import HostConfig
from server.local import LocalHost, LocalHostFailed
from shared.ruleset import TableOptions

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 8.0


def start_quick_game(app: App) -> None:
    """A table on this computer with three computer players; one click, no typing."""
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
        ),
        TableOptions(),
        auto_start=True,
    )


def host_locally(
    app: App,
    config: HostConfig,
    options: TableOptions | None,
    auto_start: bool = False,
) -> None:
    app.disconnect()
    local = LocalHost(config)
    try:
        host = local.start()
    except LocalHostFailed as exc:
        app.notice = t("error.host_failed", reason=exc.reason)
        return
    app.local_host = local
    address = Address("127.0.0.1", host.port, None if config.insecure else host.key_text)
    connect(app, address, options=options, auto_start=auto_start, table_code=config.code)


def hosted_addresses(local: LocalHost | None) -> list[str]:
    """The `host:port#key` addresses a friend can type to join the table this game hosts,
    one per LAN address of this computer (none for a table on loopback, as a quick game
    is): the addresses the host advertises, LAN ones first, link-local ones last."""
    if local is None or local.host is None:
        return []
    host = local.host
    found = [
        ipaddress.ip_address(ip)
        for ip in host_module._local_addresses(host.config.bind)  # what the host advertises
    ]
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
) -> None:
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
        app.notice = t("error.connect_failed", reason=str(exc))
        return
    app.connection = connection
    app.push(ConnectingScene(app, options, auto_start))


def start_hosting_form(app: App) -> None:
    from client.scenes.host_form import HostFormScene

    app.push(HostFormScene(app))


def start_join(app: App) -> None:
    from client.scenes.join import JoinScene

    app.push(JoinScene(app))


class ConnectingScene(Scene):
    """Waiting for the host's welcome."""

    def __init__(self, app: App, options: TableOptions | None, auto_start: bool) -> None:
        super().__init__(app)
        self.options = options
        self.auto_start = auto_start
        self.started = time.monotonic()
        self.cancel = Button(
            pygame.Rect(0, 0, 10, 10), t("common.cancel"), app.back_to_menu, hotkey=pygame.K_ESCAPE
        )

    def update(self, dt: float) -> bool:
        conn = self.app.connection
        if conn is None:
            return False
        conn.poll(0)
        if conn.errors:
            error = conn.errors[-1]
            self.app.back_to_menu()
            self.app.notice = t("error.refused", reason=error.reason)
            return True
        if conn.welcome is not None and conn.lobby is not None:
            from client.scenes.lobby import LobbyScene

            self.app.replace(LobbyScene(self.app, self.options, self.auto_start))
            return True
        if conn.key_rejected:
            self.app.back_to_menu()
            self.app.notice = t("error.wrong_key")
            return True
        if time.monotonic() - self.started > CONNECT_TIMEOUT:
            self.app.back_to_menu()
            self.app.notice = t("error.no_answer")
        return True

    def handle(self, event: pygame.event.Event) -> None:
        self.cancel.handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        dots = "." * (int(time.monotonic() * 2) % 4)
        draw_text(
            screen,
            t("net.connecting") + dots,
            (w // 2, h // 2),
            int(h * 0.05),
            GOLD,
            anchor="center",
        )
        self.cancel.rect = pygame.Rect(0, 0, int(w * 0.16), int(h * 0.065))
        self.cancel.rect.center = (w // 2, int(h * 0.65))
        self.cancel.draw(screen)
