"""Starting a game: a quick game on this computer, hosting a table, joining one."""

from __future__ import annotations

import ipaddress
import logging
import time
from dataclasses import replace
from pathlib import Path

import pygame

from client.app import App, Scene
from client.i18n import current_language, t
from client.net import Address, Connection, client_id, client_keys
from client.problem import Problem, draw_problem, problem, refusal
from client.scenes.background import felt
from client.ui import GOLD, RED, WHITE, Button, TextField, Widget, draw_text
from server.host import HostConfig
from server.local import LocalHost, LocalHostFailed, hosting_player
from server.unfinished import unfinished_table
from shared.names import NAME_MAX_COLUMNS, clean_name
from shared.ruleset import TableOptions

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 8.0


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
    found = [
        ipaddress.ip_address(ip)
        for ip in host.advertised_addresses()
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
        app.notice = problem("error.connect_failed", exc)
        return
    app.connection = connection
    app.push(ConnectingScene(app, options, auto_start))


def start_hosting_form(app: App) -> None:
    """The host form; first, when the last table this game hosted is still in play (the
    game crashed or was killed), the offer to resume it (client/scenes/resume.py)."""
    from client.scenes.host_form import HostFormScene
    from client.scenes.resume import ResumeScene

    unfinished = unfinished_table(app.data_dir)
    app.push(HostFormScene(app) if unfinished is None else ResumeScene(app, unfinished))


def start_join(app: App) -> None:
    from client.scenes.join import JoinScene

    app.push(JoinScene(app))


class ConnectingScene(Scene):
    """Waiting for the host's welcome; asking for another name, in place, when the host
    says the name is another player's (`name_taken`)."""

    def __init__(self, app: App, options: TableOptions | None, auto_start: bool) -> None:
        super().__init__(app)
        self.options = options
        self.auto_start = auto_start
        self.started = time.monotonic()
        self.cancel = Button(
            pygame.Rect(0, 0, 10, 10), t("common.cancel"), app.back_to_menu, hotkey=pygame.K_ESCAPE
        )
        self.name_field: TextField | None = None
        """The name to join under again, while the host's `name_taken` is shown."""
        self.refused_name = ""
        self.refusal = ""
        """The host's reason (English, as it sent it), shown small under ours."""
        self.name_note = ""
        self.retry = Button(
            pygame.Rect(0, 0, 10, 10), t("join.join"), self._join_as, accent=RED
        )

    def _ask_for_a_name(self, name: str, reason: str) -> None:
        self.refused_name = name
        self.refusal = reason
        self.name_note = ""
        self.name_field = TextField(
            pygame.Rect(0, 0, 10, 10), name, 24, max_columns=NAME_MAX_COLUMNS, focused=True
        )

    def _join_as(self) -> None:
        """Say hello again, on a new connection (the refused one has a join deadline),
        under the name typed; it becomes the player's name in the settings too."""
        conn = self.app.connection
        if self.name_field is None or conn is None:
            return
        try:
            name = clean_name(self.name_field.text)
        except ValueError:
            self.name_note = t("net.name_needed")
            return
        from msgspec import structs

        self.app.update_settings(structs.replace(self.app.settings, player_name=name))
        conn.name = name
        if self.app.table is not None:
            self.app.table.errors.clear()
        conn.connect()
        self.name_field = None
        self.started = time.monotonic()

    def follows_table(self) -> bool:
        """Not while a name is asked for again: that hello was refused."""
        return self.name_field is None

    def update(self, dt: float) -> bool:
        conn, table = self.app.connection, self.app.table
        if conn is None or table is None or self.name_field is not None:
            return False
        if table.errors:
            error = table.errors[-1]
            if error.code == "name_taken":
                # Asked again here, in place: the player picks another name and joins.
                self._ask_for_a_name(conn.name, error.reason)
                return True
            # The screen that asked gets the refusal back: it may fix it in place (a table
            # code asked for again) rather than the player starting over from the menu.
            self.app.disconnect()
            asked = len(self.app.scenes) > 1
            if asked:
                self.app.pop()
            if not (asked and self.app.scene.refused(error, conn.address, conn.code)):
                self.app.back_to_menu()
                self.app.notice = refusal(error)
            return True
        if table.welcome is not None and table.lobby is not None:
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

    def focused_field(self) -> TextField | None:
        field = self.name_field
        return field if field is not None and field.focused else None

    def handle(self, event: pygame.event.Event) -> None:
        field = self.name_field
        if field is None:
            self.cancel.handle(event)
            return
        self._layout_name_form(self.app.screen)
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter and not field.composition:  # Enter joins, from the field too
            self._join_as()
            return
        widgets: list[Widget] = [field, self.retry, self.cancel]
        for widget in widgets:
            if widget.handle(event):
                break

    def _layout_name_form(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        assert self.name_field is not None
        self.name_field.rect = pygame.Rect(0, 0, int(w * 0.36), int(h * 0.07))
        self.name_field.rect.center = (w // 2, int(h * 0.55))
        bw, bh = int(w * 0.16), int(h * 0.065)
        self.retry.rect = pygame.Rect(w // 2 - bw - int(w * 0.01), int(h * 0.68), bw, bh)
        self.cancel.rect = pygame.Rect(w // 2 + int(w * 0.01), int(h * 0.68), bw, bh)

    def _draw_name_form(self, screen: pygame.Surface) -> None:
        self._layout_name_form(screen)
        assert self.name_field is not None
        w, h = screen.get_size()
        size = int(h * 0.03)
        draw_text(
            screen,
            t("net.name_taken_title"),
            (w // 2, int(h * 0.24)),
            int(h * 0.05),
            GOLD,
            anchor="center",
            bold=True,
        )
        # Ours first, in the player's language; the host's reason (English) smaller under it.
        body = Problem(t("net.name_taken", name=self.refused_name), self.refusal)
        draw_problem(screen, body, (w // 2, int(h * 0.31)), size, WHITE, "midtop", w - 80)
        field = self.name_field.rect
        draw_text(
            screen,
            t("settings.player_name"),
            (field.x, field.y - 6),
            int(size * 0.8),
            WHITE,
            anchor="bottomleft",
        )
        self.name_field.draw(screen)
        if self.name_note:
            draw_text(
                screen,
                self.name_note,
                (w // 2, field.bottom + 8),
                int(size * 0.8),
                (255, 210, 160),
                anchor="midtop",
            )
        self.retry.draw(screen)
        self.cancel.draw(screen)

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        if self.name_field is not None:
            self._draw_name_form(screen)
            return
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
