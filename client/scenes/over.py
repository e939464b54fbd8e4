"""The session is over: why, the evening's final standings, and the way on.

Shown after the last hand's result box (its Continue is "Final standings" then, table.py):
the title and the reason (naming who left or ran out of points), the four seats ranked by
final score with the evening's change, the winner in gold. Enter (Back to the lobby) goes
to the same table's lobby for another game, Leave the table leaves it (asking first when
this game hosts it, as everywhere), History opens the 对局记录 screen, back here after, and
Scores (Tab) the session's whole scoreboard over it (client/scoreboard.py).
The panel is laid out by over_layout.py; drawing only reads that layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.assets import render_text
from client.i18n import current_language, seat_name
from client.scene import Scene
from client.scenes.background import felt
from client.scenes.over_layout import OverButton, OverLayout, OverModel, lay_out
from client.ui import GOLD, Button, panel
from shared.events import SessionEnded

if TYPE_CHECKING:
    from client.app import App


class SessionOverScene(Scene):
    def __init__(self, app: App, ended: SessionEnded, viewer: int | None) -> None:
        super().__init__(app)
        self.ended = ended
        self.viewer = viewer
        table = app.table
        seats = table.session_seats if table is not None else ()
        seats = seats or (table.lobby.seats if table is not None and table.lobby else ())
        self.names = tuple(seat_name(seats[s]) if s < len(seats) else "?" for s in range(4))
        self.start = table.start_scores if table is not None else None
        self.laid_out: tuple[OverModel, OverLayout] | None = None
        """The last layout and the model it was laid out for (input hit-tests it)."""
        self.buttons: list[Button] = []

    def model(self) -> OverModel:
        return OverModel(
            self.ended, self.names, self.start, self.viewer, language=current_language()
        )

    def layout_for(self, size: tuple[int, int]) -> OverLayout:
        """The last layout while the screen and the model are the same, else a new one."""
        model = self.model()
        if self.laid_out is not None:
            last_model, last = self.laid_out
            if last.size == size and last_model == model:
                return last
        return lay_out(model, size)

    def lay_out(self) -> OverLayout:
        """Lay the panel out for the screen now (if anything changed) and keep it, with its
        buttons wired."""
        layout = self.layout_for(self.app.screen.get_size())
        if self.laid_out is None or self.laid_out[1] is not layout:
            self.laid_out = (self.model(), layout)
            self.buttons = [self._button(place) for place in layout.buttons]
        return layout

    @property
    def layout(self) -> OverLayout:
        return self.laid_out[1] if self.laid_out is not None else self.lay_out()

    def _button(self, place: OverButton) -> Button:
        action = {
            "lobby": self.to_lobby,
            "leave": self.app.request_leave,
            "history": self.history,
            "scores": self.app.overlays.toggle_scoreboard,
        }[place.kind]
        return Button(place.rect, place.label, action, hotkey=place.hotkey, accent=place.accent)

    # --- the way on ------------------------------------------------------------------------

    def to_lobby(self) -> None:
        self.app.nav.lobby()

    def history(self) -> None:
        self.app.nav.history()

    # --- time and input --------------------------------------------------------------------

    def follows_table(self) -> bool:
        return True

    def update(self, dt: float) -> bool:
        table = self.app.table
        if table is None:
            self.app.back_to_menu()
            return True
        heard, self.heard = self.heard, False
        view = table.view
        if view is not None and view.phase != "ended" and table.session_end is None:
            # Another game began at this table meanwhile: to it.
            self.app.nav.table()
            return True
        before = self.laid_out
        self.lay_out()
        return self.laid_out is not before or heard

    def handle(self, event: pygame.event.Event) -> None:
        self.lay_out()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_KP_ENTER:
            self.to_lobby()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.request_leave()
            return
        for button in self.buttons:
            if button.handle(event):
                return

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """The panel as laid out for this screen; reads the scene, never changes it."""
        layout = self.layout_for(screen.get_size())
        kept = self.laid_out is not None and self.laid_out[1] is layout
        buttons = self.buttons if kept else [self._button(place) for place in layout.buttons]
        screen.blit(felt(screen.get_size()), (0, 0))
        panel(screen, layout.panel, (0, 0, 0, 180), radius=16)
        pygame.draw.rect(screen, GOLD, layout.panel, 2, border_radius=16)
        for band, colour in layout.bands:
            pygame.draw.rect(screen, colour, band, border_radius=6)
        for text in layout.texts:
            image = render_text(text.text, text.size, text.colour, bold=text.bold)
            screen.blit(image, text.pos)
        for button in buttons:
            button.draw(screen)
