"""The table: your hand, the others' hands and melds, the rivers, the wall, the dice, claims.

The scene keeps the table's state and follows the host's events; the host decides every rule.
Each frame it gathers a `TableModel` (table_layout.py) and lays it out: a pure function of
that model and the screen size. Input (table_input.py) hit-tests that layout, drawing
(table_draw.py) only reads it and the scene; the widgets (client/widgets/) draw the timers,
the turn compass and the banners. The hint (听牌提示, table_hint.py) reads the rules engine
for advice only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from client.i18n import current_language, seat_name, t
from client.render.motion import SLIDE_SECONDS, Motion
from client.render.tiles import TileArt
from client.render.wall import WallTracker
from client.scene import Scene
from client.scenes import result as result_box
from client.scenes import table_draw, table_input
from client.scenes.table_hint import hint_lines
from client.scenes.table_input import Drag
from client.scenes.table_layout import TableLayout, TableModel, lay_out, wall_ring
from client.table_model import ClientTable
from client.ui import Button
from client.widgets.banners import (
    PHRASE_BUBBLE_SECONDS,
    TIMER_LINE_SECONDS,
    Callout,
    timer_acted_text,
)
from client.widgets.timers import Countdown, Timers
from shared.actions import AnyAction, DeclareWin, Discard, Pass
from shared.events import (
    DiceRolled,
    HandEnded,
    HandStarted,
    KongDeclared,
    MeldClaimed,
    ScoreTooLow,
    SessionEnded,
    TileDiscarded,
    TileDrawn,
)
from shared.protocol import EventMessage, HostMessage, TimerActed
from shared.views import TableView

if TYPE_CHECKING:
    from client.app import App

__all__ = ["Callout", "Drag", "TableScene", "wall_ring"]

CALLOUT_SECONDS = 1.3
DICE_SECONDS = 0.9
"""How long the dice tumble before they show the dealer's roll."""


class TableScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clock: Callable[[], float] = time.monotonic
        """The scene's clock (monotonic seconds): tests give it a fake one."""
        self.selected: int | None = None
        self.callouts: list[Callout] = []
        self.arts: dict[int, TileArt] = {}
        self.auto_win = app.settings.auto_win
        self.auto_pass = app.settings.auto_pass
        self.auto_discard = app.settings.auto_discard
        self.acted_on: object = None
        self.session_over: SessionEnded | None = None
        self.last_click = 0.0
        self.dice_rolling_until = 0.0
        self.chat_open = False
        self.too_low: list[int] = []
        """Seats told 您的积分不足 after this hand."""
        self.wall = WallTracker()
        self.motion = Motion()
        self.timers = Timers()
        self.drag: Drag | None = None
        self.dropped_at: tuple[int, tuple[int, int]] | None = None
        """(tile, where) the last drag let a tile go: its slide to the river starts there."""
        self.laid_out: tuple[TableModel, TableLayout] | None = None
        """The last layout, and the model it was laid out for: what input hit-tests."""
        self.buttons: list[Button] = []
        """The last layout's buttons, wired to what they do."""
        self.timer_line: tuple[str, float] | None = None
        """What the host's timer just did for the player (`timer_acted`), and until when
        (the scene's clock) the line says so."""

    # --- helpers -------------------------------------------------------------------------

    @property
    def table(self) -> ClientTable | None:
        """The table shown: the host's, as the client knows it (App.table)."""
        return self.app.table

    @property
    def view(self) -> TableView | None:
        table = self.table
        return table.view if table else None

    def art(self, height: int) -> TileArt:
        height = max(16, height)
        found = self.arts.get(height)
        if found is None:
            found = self.arts[height] = TileArt(height)
        return found

    def relative(self, seat: int) -> int:
        """0 me (bottom), 1 下家 (right), 2 opposite (top), 3 上家 (left)."""
        me = self.view.seat if self.view and self.view.seat is not None else 0
        return (seat - me) % 4

    def send(self, action: AnyAction) -> None:
        conn, table = self.app.connection, self.table
        if conn is not None and table is not None:
            conn.send(action)
            table.legal = ()  # answered; the host prompts again if more is to do
            self.selected = None

    # --- the layout ----------------------------------------------------------------------

    def model(self) -> TableModel:
        """Everything the layout depends on, as it is now."""
        table = self.table
        view = self.view
        names: tuple[str, ...] = ("?", "?", "?", "?")
        if table is not None and self.session_over is not None and table.session_seats:
            # the lobby after the session's end frees the seats of those leaving: the last
            # hand's result still names who sat there
            names = tuple(seat_name(o) for o in table.session_seats)
        elif table is not None and table.lobby is not None:
            names = tuple(seat_name(o) for o in table.lobby.seats)
        rules = table.rules if table is not None else None
        hint: tuple[tuple[str, ...], ...] = ()
        if view is not None and self.app.settings.hint:
            hint = hint_lines(view, rules)
        return TableModel(
            view=view,
            legal=table.legal if table is not None else (),
            names=names,
            selected=self.selected,
            tile_size=self.app.settings.tile_size,
            chat_open=self.chat_open,
            toggles=(self.auto_win, self.auto_pass, self.auto_discard),
            hint=hint,
            min_fan=rules.min_fan if rules is not None else 0,
            too_low=tuple(self.too_low),
            waiting=(
                result_box.waiting_text(table.chosen, list(names), view.seat)
                if table is not None and view is not None
                else ""
            ),
            wall_per_side=self.wall.stacks_per_side(),
            language=current_language(),
            session_over=self.session_over is not None,
        )

    def layout_for(self, size: tuple[int, int], model: TableModel | None = None) -> TableLayout:
        """The layout for the scene as it is now (`model`) on a screen of `size`: the last
        one when nothing it depends on changed (laying out measures text; a frame should
        not)."""
        model = model or self.model()
        if self.laid_out is not None:
            last_model, last = self.laid_out
            if last.size == size and last_model == model:
                return last
        return lay_out(model, size, self.art)

    def lay_out(self) -> TableLayout:
        """Lay the table out for the screen now (if anything changed) and keep it, with its
        buttons: what the next events are hit-tested against and the next frame draws."""
        model = self.model()
        layout = self.layout_for(self.app.screen.get_size(), model)
        if self.laid_out is None or self.laid_out[1] is not layout:
            self.laid_out = (model, layout)
            self.buttons = table_input.make_buttons(self, layout)
        return layout

    @property
    def layout(self) -> TableLayout:
        return self.laid_out[1] if self.laid_out is not None else self.lay_out()

    @property
    def hand_rects(self) -> list[tuple[pygame.Rect, int]]:
        """The player's hand tiles as last laid out: (rect, tile), the drawn one last."""
        return list(self.layout.hand)

    @property
    def river_rects(self) -> dict[int, list[pygame.Rect]]:
        """Where each seat's river tiles were last laid out, in order."""
        return {seat: list(rects) for seat, rects in enumerate(self.layout.rivers)}

    @property
    def hint_rect(self) -> pygame.Rect | None:
        """The hint's box as last laid out (None: there is none)."""
        hint = self.layout.hint
        return hint.rect if hint is not None and self.app.settings.hint else None

    @property
    def result_layout(self) -> result_box.ResultLayout | None:
        """The hand-result box as last laid out (its rect, rows and lines of text)."""
        return self.layout.result

    def _hint_lines(self, view: TableView) -> list[list[str]]:
        table = self.table
        return [list(line) for line in hint_lines(view, table.rules if table else None)]

    # --- time ----------------------------------------------------------------------------

    def follows_table(self) -> bool:
        return True

    def on_messages(self, messages: list[HostMessage]) -> None:
        now = self.clock()
        for message in messages:
            if isinstance(message, EventMessage):
                self._react(message.event, now)
            elif isinstance(message, TimerActed):
                text = timer_acted_text(message.action)
                self.timer_line = (text, now + TIMER_LINE_SECONDS) if text else None
        super().on_messages(messages)

    def update(self, dt: float) -> bool:
        table = self.table
        if table is None:
            self.app.back_to_menu()
            return True
        heard, self.heard = self.heard, False
        now = self.clock()
        self.callouts = [c for c in self.callouts if c.until > now]
        if self.timer_line is not None and self.timer_line[1] <= now:
            self.timer_line = None
            self.app.dirty = True
        if table.lobby is not None and table.view is None:
            # a host came back without the session: its lobby
            self.app.nav.lobby()
            return True
        if self.session_over is not None and table.view is not None and table.view.result is None:
            self.show_standings()  # no hand's result to keep on screen
            return True
        self._automatic()
        if self.timers.follow(now, table.deadline, table.view, table.rules, table.wait_hint):
            self.app.audio.play("timer")  # the last seconds of the player's own timer
        self.lay_out()
        rolling = now < self.dice_rolling_until or any(
            now - said_at < PHRASE_BUBBLE_SECONDS for said_at, _ in table.phrases
        )
        sliding = self.motion.moving(now)
        if self.timers.moved(now):
            # Another seat's timer: drawn again a few times a second, at the idle frame
            # rate (the loop need not run at full speed for it).
            self.app.dirty = True
        return (
            heard
            or bool(self.callouts)
            or table.deadline is not None
            or rolling
            or sliding
            or self.timer_line is not None
        )

    def _react(self, event: object, now: float) -> None:
        self.wall.follow(event)
        self._slide(event, now)
        audio = self.app.audio
        audio.call_out(event)
        if isinstance(event, TileDiscarded):
            audio.play("discard")
        elif isinstance(event, TileDrawn):
            if self.view is not None and event.seat == self.view.seat:
                audio.play("draw")
        elif isinstance(event, DiceRolled):
            audio.play("dice")
            self.dice_rolling_until = now + DICE_SECONDS
        elif isinstance(event, MeldClaimed):
            audio.play("claim")
            word = {"chow": "call.chow", "pung": "call.pung", "kong": "call.kong"}[event.kind]
            self.callouts.append(Callout(t(word), event.seat, now + CALLOUT_SECONDS))
        elif isinstance(event, KongDeclared):
            audio.play("claim")
            self.callouts.append(Callout(t("call.kong"), event.seat, now + CALLOUT_SECONDS))
        elif isinstance(event, HandEnded):
            if event.winners:
                audio.play("win")
                word = "call.self_drawn" if event.kind == "self_drawn" else "call.win"
                for w in event.winners:
                    self.callouts.append(Callout(t(word), w.seat, now + CALLOUT_SECONDS * 1.5))
        elif isinstance(event, SessionEnded):
            self.session_over = event
        elif isinstance(event, ScoreTooLow):
            self.too_low.append(event.seat)
        if isinstance(event, HandStarted):
            self.too_low = []
            self.session_over = None

    def _slide(self, event: object, now: float) -> None:
        """Start the slide an event calls for, from where the last frame showed its tile.

        The view already includes the event; the rects are still the last frame's."""
        view = self.view
        seconds = SLIDE_SECONDS.get(self.app.settings.animation_speed, 0.0)
        if view is None or not seconds:
            return
        if isinstance(event, TileDiscarded):
            source = self._hand_point(event.seat, event.tile)
            index = len(view.seats[event.seat].river) - 1
            self.motion.start(("river", event.seat, index), source, now, seconds)
        elif isinstance(event, TileDrawn) and event.seat == view.seat:
            source = wall_ring(*self.app.screen.get_size()).center
            self.motion.start(("drawn",), source, now, seconds)
        elif isinstance(event, MeldClaimed):
            river = self.river_rects.get(event.from_seat)
            source = river[-1].center if river else self._hand_point(event.from_seat, None)
            index = len(view.seats[event.seat].melds) - 1
            self.motion.start(("meld", event.seat, index), source, now, seconds)

    def _hand_point(self, seat: int, tile: int | None) -> tuple[int, int]:
        """Where a tile leaving `seat`'s hand starts: the tile itself for the player (the
        drawn one first), the middle of the hand for the others."""
        if self.view is not None and seat == self.view.seat:
            if self.dropped_at is not None and self.dropped_at[0] == tile:
                point, self.dropped_at = self.dropped_at[1], None
                return point
            mine = [rect for rect, held in reversed(self.hand_rects) if held == tile]
            if mine:
                return mine[0].center
        w, h = self.app.screen.get_size()
        return [
            (w // 2, int(h * 0.9)),
            (int(w * 0.93), int(h * 0.42)),
            (w // 2, int(h * 0.1)),
            (int(w * 0.07), int(h * 0.42)),
        ][self.relative(seat)]

    def _automatic(self) -> None:
        """The player's toggles: declare wins, pass claims, let the drawn tile go."""
        table = self.table
        view = self.view
        if table is None or view is None or not table.legal:
            return
        marker = (table.legal, view)
        if marker == self.acted_on:
            return
        legal = table.legal
        action: AnyAction | None = None
        if self.auto_win and any(isinstance(a, DeclareWin) for a in legal):
            action = DeclareWin()
        elif self.auto_pass and view.phase in ("claim", "rob") and Pass() in legal:
            action = Pass()
        elif self.auto_discard and view.phase == "turn" and view.drawn is not None:
            only_discards = all(isinstance(a, Discard) for a in legal)
            if only_discards and Discard(view.drawn) in legal:
                action = Discard(view.drawn)
        if action is not None:
            self.acted_on = marker
            self.send(action)

    # --- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        table_input.handle(self, event, self.lay_out())

    def show_standings(self) -> None:
        """The last hand's result was seen: on to the evening's final standings."""
        if self.session_over is not None:
            seat = self.view.seat if self.view is not None else None
            self.app.nav.session_over(self.session_over, seat)

    def own_timer(self) -> tuple[Countdown, float] | None:
        table = self.table
        own = self.timers.own
        if table is None or not table.legal or own is None:
            return None
        return own, self.clock()

    def toggle_chat(self) -> None:
        self.chat_open = not self.chat_open

    def say(self, phrase: int) -> None:
        conn = self.app.connection
        if conn is not None:
            conn.say(phrase)
        self.chat_open = False

    def toggle(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))
        self.acted_on = None

    # --- drawing -------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """Draw the table as laid out for this screen; reads the scene, never changes it."""
        layout = self.layout_for(screen.get_size())
        kept = self.laid_out is not None and self.laid_out[1] is layout
        buttons = self.buttons if kept else table_input.make_buttons(self, layout)
        table_draw.draw(screen, self, layout, buttons, self.clock())
