"""One screen of the game: what every scene (client/scenes/) is, and all the App asks of it.

Scenes are built by the navigator (client/navigator.py) alone and reach one another only
through it (`app.nav`): no scene imports another (the replay viewer, a table screen fed
from a record, is the one named exception in tests/test_client_imports.py), and the App
imports none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.ui import TextField
from client.widgets.timers import Countdown
from shared.protocol import Error, HostMessage

if TYPE_CHECKING:
    from client.app import App
    from client.net import Address


class Scene:
    """One screen. `draw()` only draws; input and time change state."""

    notice: str | None = None
    """What this screen tells the player about something that just happened there (a
    refusal, a failure); `App.notice` is the top screen's. It goes with the screen: gone
    when the player moves on to another one, never left over on a later menu."""

    shows_notices = False
    """Whether this screen draws its notice; a notice for a screen that does not is said
    on the menu instead."""
    covers_table = False
    """True while this screen hides the table under it or in it (a page over the table, a
    sheet drawn over it): the player's own time left is then shown above it (overlays.py)."""
    heard = False
    """The host sent something since the last `update` (`on_messages`): draw again."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None: ...

    def leave(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> None: ...

    def follows_table(self) -> bool:
        """Whether this screen follows the connection: while it is on top, the App takes in
        what the host sends each frame and hands it to `on_messages`; under any other
        screen the connection is only kept alive, the host's messages waiting for the
        table's return."""
        return False

    def on_messages(self, messages: list[HostMessage]) -> None:
        """What the host sent this frame (a screen that `follows_table`), already folded
        into the connection's table model (client/table_model.py): for the screen's own
        reactions (sounds, slides, callouts), before `update`."""
        self.heard = True

    def update(self, dt: float) -> bool:
        """Advance by `dt` seconds; True when something on screen may have changed."""
        return False

    def draw(self, screen: pygame.Surface) -> None: ...

    def own_timer(self) -> tuple[Countdown, float] | None:
        """The player's own timer while a choice of theirs is pending here (a table's turn,
        claim or continue) and the time now on the scene's clock; else None."""
        return None

    def focused_field(self) -> TextField | None:
        """The text field that has the keyboard: text input is on only while there is one."""
        return None

    def refused(self, error: Error, address: Address, code: str) -> bool:
        """The host refused a connection this screen started (it is on top again, the
        connection closed): True when the screen says so in place (a table code asked for
        again), False to go back to the menu with the reason."""
        return False
