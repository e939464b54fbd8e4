"""What the game draws above any scene: the question before leaving a table, the banner
while the host is lost, who at the table is reconnecting and who left it mid-hand, the
running scoreboard (client/scoreboard.py) when the player opens it, and the player's own
time left while something covers the table.

The App owns one `Overlays`. Each frame `update()` works out what to show from the
connection (how long the host has been silent) and the table model (the lobby's `away`
seats, client/table_model.py), `handle()` takes
the player's input while a modal one is up (the scene below gets none: a frozen table
must not take clicks), and `draw()` only draws what `update()` decided. Scenes know
nothing of it but `App.request_leave()`, which their Esc and menu buttons call.

Timers you cannot lose unseen: while a choice of the player's is pending at the table (a
scene's `own_timer()`, the table's) and anything covers the table, a card above the cover
says how long is left. The leave question and the lost-host banner are covers by being
here; a page pushed over the table (the rules) is one by being on top; a sheet a scene
draws over its own table (a scoreboard) gets the card by setting the scene's
`covers_table` True while it is shown. Nothing else is needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client.i18n import seat_name, t
from client.scoreboard import Scoreboard
from client.ui import GOLD, RED, WHITE, Button, fitted_text, panel
from client.widgets.countdown import draw_ring
from client.widgets.modal import Modal
from client.widgets.timers import Countdown

if TYPE_CHECKING:
    from client.app import App
    from client.net import Connection
    from client.table_model import ClientTable

INPUT_EVENTS = frozenset(
    {
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.TEXTEDITING,
    }
)
"""What a modal overlay keeps from the scene below it."""
AWAY_WIDTH = 0.34
"""The widest a 'who is reconnecting' card's text may be, a fraction of the screen's."""
K_ESC = pygame.K_ESCAPE
SCOREBOARD_TOP = 0.115
"""Below the table's top-left buttons and the time-left card in the top right corner."""
"""Over the table while a modal overlay is up: it is still there, but not to be touched."""


def running(table: ClientTable) -> bool:
    """A session is in play at the player's table (a hand, or between hands)."""
    return table.view is not None and table.session_end is None


def others_here(table: ClientTable) -> bool:
    """Someone but this player is at the table: a seated person or a spectator."""
    lobby = table.lobby
    if lobby is None:
        return False
    seated = any(o is not None and not o.bot and o.name != table.name for o in lobby.seats)
    return seated or any(name != table.name for name in lobby.spectators)


def leave_question(app: App) -> str | None:
    """What leaving now means, as the key of the sentence the question shows; None when
    leaving costs nothing (a guest in the lobby, no table at all): then no question.

    A table this game hosts closes for everyone (in the lobby too, if anyone else is
    there); mid-session a seated guest's hand is finished by a computer player; a
    spectator just stops watching; a game with computer players only just ends."""
    table = app.table
    if table is None:
        return None
    hosting = app.local_host is not None
    if hosting and others_here(table):
        return "leave.hosting"
    if not running(table):
        return None
    if hosting:
        return "leave.solo"
    assert table.view is not None
    return "leave.watching" if table.view.seat is None else "leave.seated"


def away_names(table: ClientTable) -> list[str]:
    """The other players a computer player plays for while they reconnect (their seat is
    `away` in the host's lobby), while a session is in play."""
    if table.lobby is None or not running(table):
        return []
    return [
        o.name
        for o in table.lobby.seats
        if o is not None and o.away and not o.bot and o.name != table.name
    ]


def departed_names(table: ClientTable) -> list[str]:
    """The other players who left the table on purpose during the hand in play, whose seat
    a computer player plays to its end (`ClientTable.departures`); none between hands, when
    the session's end says the rest."""
    view = table.view
    if view is None or not running(table) or view.phase == "ended":
        return []
    return list(dict.fromkeys(n for n, hand in table.departures if hand == view.hand_number))


def covered_timer(app: App, confirm: object) -> tuple[Countdown, float] | None:
    """The player's own timer (and the time now on its scene's clock) while something
    covers the table it runs at: a question (`confirm`), a page on top of the table's
    scene, or a sheet that scene draws over itself (`covers_table`); else None."""
    for i, scene in enumerate(reversed(app.scenes)):
        own = scene.own_timer()
        if own is None:
            continue
        covered = confirm is not None or i > 0 or scene.covers_table or app.scene.covers_table
        return own if covered else None
    return None


def draw_time_left(
    screen: pygame.Surface, timer: tuple[Countdown, float], above: pygame.Rect | None
) -> pygame.Rect:
    """The card of the player's own time left: a ring and "Your move: 12 s left", centred
    just above `above` (a dialog's box), or in the top right corner (a page's title is in
    the middle)."""
    countdown, now = timer
    w, h = screen.get_size()
    size = int(h * 0.032)
    seconds = countdown.shown(now)
    text = fitted_text(t("timer.covered", seconds=seconds), size, WHITE, int(w * 0.5), True)
    ring = int(size * 1.5)
    pad = int(h * 0.012)
    card = pygame.Rect(0, 0, ring + pad + text.get_width() + 2 * pad, ring + 2 * pad)
    if above is not None:
        card.midbottom = (above.centerx, above.top - int(h * 0.015))
    else:
        card.topright = (w - int(w * 0.012), int(h * 0.012))
    panel(screen, card, (0, 0, 0, 215), radius=card.height // 2)
    pygame.draw.rect(screen, GOLD, card, 2, border_radius=card.height // 2)
    circle = pygame.Rect(card.x + pad, card.y + pad, ring, ring)
    draw_ring(screen, circle, countdown, now, text=False)
    screen.blit(text, text.get_rect(midleft=(circle.right + pad, card.centery)))
    return card


class Overlays:
    """The App's overlays; see the module's docstring."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.confirm: Modal | None = None
        self.banner: Modal | None = None
        self.away: list[str] = []
        self.departed: list[str] = []
        self.scoreboard: Scoreboard | None = None
        self._leave: Callable[[], None] | None = None
        self.time_left: tuple[Countdown, float] | None = None
        """The player's own timer while something covers the table (covered_timer)."""

    # --- the question before leaving ---------------------------------------------------------

    def ask_leave(self, question: str, leave: Callable[[], None]) -> None:
        """Ask before leaving; `leave` runs if the player confirms."""
        self._leave = leave
        self.confirm = Modal(
            t("leave.title"),
            [t(question)],
            [
                Button(
                    pygame.Rect(0, 0, 1, 1),
                    t("leave.confirm"),
                    self._confirmed,
                    accent=RED,
                    hotkey=pygame.K_RETURN,
                ),
                Button(pygame.Rect(0, 0, 1, 1), t("leave.stay"), self.cancel, hotkey=K_ESC),
            ],
        )
        self.app.dirty = True

    def cancel(self) -> None:
        self.confirm = None
        self._leave = None
        self.app.dirty = True

    def _confirmed(self) -> None:
        leave = self._leave
        self.cancel()
        if leave is not None:
            leave()

    def confirm_now(self) -> None:
        """The question's Leave, as if clicked (the window closed a second time)."""
        self._confirmed()

    # --- the scoreboard ----------------------------------------------------------------------

    def toggle_scoreboard(self) -> None:
        """Open the running scoreboard over the screen, or close it (Tab, its buttons)."""
        if self.scoreboard is not None:
            self.close_scoreboard()
            return
        self.scoreboard = Scoreboard(self.close_scoreboard)
        self.app.dirty = True

    def close_scoreboard(self) -> None:
        self.scoreboard = None
        self.app.dirty = True

    def _fill_scoreboard(self, scoreboard: Scoreboard, table: ClientTable) -> None:
        """The sheet the host last sent, each seat named as the screens name it."""
        sheet = table.sheet
        seats = table.lobby.seats if table.lobby is not None else ()
        names = list(sheet.names) if sheet is not None else [""] * 4
        for seat, name in enumerate(names):
            occupant = seats[seat] if seat < len(seats) else None
            if occupant is not None and occupant.name == name:
                names[seat] = seat_name(occupant)
            elif sheet is None:
                names[seat] = seat_name(occupant) if occupant is not None else ""
        viewer = table.view.seat if table.view is not None else None
        if viewer is None and table.name in names:
            viewer = names.index(table.name)
        scoreboard.show(sheet, names, viewer)

    # --- each frame -----------------------------------------------------------------------

    def modal(self) -> Modal | None:
        """The overlay that has the input now: the banner first (nothing else can be done
        while the host is lost), then the question, then the scoreboard."""
        return self.banner or self.confirm or self.scoreboard

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event is a modal overlay's (the scene must not get it)."""
        modal = self.modal()
        if modal is None or event.type not in INPUT_EVENTS:
            return False
        modal.handle(event)
        return True

    def update(self, screen: pygame.Surface, now: float | None = None) -> bool:
        """Decide what to show from the connection; True when that changed."""
        now = time.monotonic() if now is None else now
        before = (self._banner_key(), tuple(self.away), tuple(self.departed), self._second())
        conn = self.app.connection
        lost = conn.lost_for(now) if conn is not None else None
        if conn is None or lost is None:
            self.banner = None
        else:
            self.banner = self._lost_banner(conn, lost)
        table = self.app.table
        self.away = away_names(table) if table is not None and lost is None else []
        self.departed = departed_names(table) if table is not None and lost is None else []
        if self.scoreboard is not None and table is None:
            self.scoreboard = None  # left the table
        if self.scoreboard is not None and table is not None:
            self._fill_scoreboard(self.scoreboard, table)
        placed = ((self.banner, 0.22), (self.confirm, 0.3), (self.scoreboard, SCOREBOARD_TOP))
        for modal, top in placed:
            if modal is not None:
                modal.lay_out(screen, top)
        # Not while the host is lost: its timer is not running then.
        covering = self.confirm or self.scoreboard
        self.time_left = None if self.banner is not None else covered_timer(self.app, covering)
        after = (self._banner_key(), tuple(self.away), tuple(self.departed), self._second())
        return before != after

    def _second(self) -> int | None:
        """The whole second the time-left card shows (None: no card)."""
        return None if self.time_left is None else self.time_left[0].shown(self.time_left[1])

    def _banner_key(self) -> tuple[str, ...] | None:
        return None if self.banner is None else (self.banner.title, *self.banner.lines)

    def _lost_banner(self, conn: Connection, lost: float) -> Modal:
        seconds = int(lost)
        if conn.network_down:
            table = self.app.table
            view = table.view if table is not None and running(table) else None
            seated = view is not None and view.seat is not None
            detail = t("lost.own.seated") if seated else t("lost.own.detail")
            title = t("lost.own", seconds=seconds)
        else:
            title, detail = t("lost.host", seconds=seconds), t("lost.host.detail")
        old = self.banner.buttons if self.banner is not None else None
        button = (
            old
            if old
            else [Button(pygame.Rect(0, 0, 1, 1), t("lost.back_to_menu"), self.app.back_to_menu)]
        )
        return Modal(
            title, [detail], button, title_color=(255, 210, 150), width=0.72, title_size=0.036
        )

    def _draw_away(self, screen: pygame.Surface) -> None:
        """In the top right corner, clear of the menu and the seats' names: a card a
        player, who is reconnecting (or left the table) and that a computer player stands
        in (or finishes the hand)."""
        w, h = screen.get_size()
        room = int(w * AWAY_WIDTH)
        top = int(h * 0.012)
        cards = [(t("away.reconnecting", name=name), t("away.stand_in")) for name in self.away]
        cards += [(t("departed.left", name=name), t("departed.stand_in")) for name in self.departed]
        for headline, detail in cards:
            lines = [
                fitted_text(headline, int(h * 0.03), GOLD, room, True),
                fitted_text(detail, int(h * 0.025), WHITE, room),
            ]
            pad = int(h * 0.012)
            card = pygame.Rect(0, 0, max(x.get_width() for x in lines) + 2 * pad, 0)
            card.height = sum(x.get_height() for x in lines) + 2 * pad
            card.topright = (w - int(w * 0.01), top)
            panel(screen, card, (0, 0, 0, 200), radius=10)
            y = card.top + pad
            for line in lines:
                screen.blit(line, line.get_rect(midtop=(card.centerx, y)))
                y += line.get_height()
            top = card.bottom + int(h * 0.008)

    def draw(self, screen: pygame.Surface) -> None:
        """Draw what update() decided (nothing here changes it)."""
        if self.away or self.departed:
            self._draw_away(screen)
        for modal in (self.scoreboard, self.confirm, self.banner):
            if modal is not None:
                modal.draw(screen)
        if self.time_left is not None:
            box = self.confirm.box if self.confirm is not None else None
            draw_time_left(screen, self.time_left, box)
