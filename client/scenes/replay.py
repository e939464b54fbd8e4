"""The replay viewer (牌谱): a recorded hand shown step by step with the live table's own
layout and drawing, from any seat's view or with all hands open, with the coach.

`ReplayScene(app, record_file, back=None)` is one record (`back` is the screen to go back
to, None for the main menu); client/navigator.py opens it. The hand's steps come
from client/scenes/replay_model.py (the engine's replay, followed with the clients' view
model); the scene is a TableScene shown from a table model (client/table_model.py) made
from the step, not from the host, so table_layout.py and table_draw.py draw it as they
draw a live table (nothing here draws a tile). Under the
table, the controls and the timeline (replay_bar.py); right of the wall, the coach's box at
each decision of the watched seat (server/engine/bots/coach.py, the strong player's choice
from that seat's view).

Keys: ← → a step, Space play/pause, X speed (1×, 2×, 4×), Home/End, N the next claim or
kong, W the end, D the watched seat's next decision unlike the coach's, S the next seat
(1–4 a seat), O all hands open, E export, Esc back;
a click on the timeline jumps there. The navigator's `open_record` opens a file from the
command line or dropped on the window, `show_record` a record in hand (ReplayScene raises
ValueError for one the engine refuses: these say why on screen).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from client.i18n import current_language, seat_name, t, tile_name
from client.problem import DETAIL_COLOUR, detail_of, detail_size, problem
from client.record_export import export_record
from client.render.wall import WallTracker
from client.scene import Scene
from client.scenes import table_draw
from client.scenes.replay_bar import (
    BarLayout,
    BarModel,
    Control,
    draw_bar,
    draw_coach,
    lay_out_bar,
    lay_out_coach,
    summary_text,
)
from client.scenes.replay_model import Replay, Step
from client.scenes.table import TableScene
from client.scenes.table_layout import TableLayout, TableModel
from client.table_model import ClientTable
from client.ui import Button, draw_text, panel, wrap_chunks
from server.engine.bots.coach import CoachReport
from server.records import coach_record, replayed_result
from shared.actions import Chow, ClaimKong, Pass, Pung, RollDice, Timeout
from shared.events import HandEnded, KongDeclared, LobbySeat, MeldClaimed, TileDiscarded
from shared.records import (
    RecordFile,
)
from shared.verification import DealVerdict, verify_record

if TYPE_CHECKING:
    from client.app import App

log = logging.getLogger(__name__)

SPEEDS = (1, 2, 4)
NAME_LIMIT = 24
"""A seat's name as shown, at most as long as the host lets a name be (a file may hold any)."""
STEP_SECONDS = 0.9
"""A step's time when playing at 1× (a brisk table's pace)."""


class ReplayScene(TableScene):
    shows_notices = True

    def __init__(self, app: App, record_file: RecordFile, back: Scene | None = None) -> None:
        """Raises ValueError (IllegalAction among them) for a record that does not replay."""
        super().__init__(app)
        self.record_file = record_file
        self.back = back
        self.replay = Replay(record_file.record)
        self.coaches: dict[int, CoachReport] = {
            seat: coach_record(record_file.record, seat) for seat in range(4)
        }
        self.step = 0
        people = [i for i, s in enumerate(record_file.seats) if s.kind == "human"]
        self.seat = people[0] if people else 0
        """The seat watched: drawn at the bottom, and the one the coach follows."""
        self.all_open = False
        self.playing = False
        self.speed = SPEEDS[0]
        self.waited = 0.0
        """Seconds since the last step while playing."""
        self.names = tuple(
            seat_name(LobbySeat(s.name[:NAME_LIMIT], s.kind == "bot", True, False))
            for s in record_file.seats
        )
        self.wall = self.replay.steps[0].wall
        self.verdict = verify_record(record_file, replayed_result)
        """The deal's check (PROTOCOL.md §15): shown beside the coach's summary, and a
        deal that does not verify is said as the viewer opens."""
        if self.verdict.status == "mismatch":
            self.notice = problem("replay.deal.mismatch", "; ".join(self.verdict.problems))
        self._shown: tuple[tuple[int, int, bool], ClientTable] | None = None
        """The table model for (step, seat, all open), made once for them."""
        self.bar: BarLayout | None = None
        """The controls as last laid out, for the model and size in `_bar_for`..."""
        self._bar_for: tuple[BarModel, tuple[int, int]] | None = None
        self._buttons: list[Button] = []
        """...and their buttons (kept while nothing changes: a button keeps its hover)."""

    # --- what is shown -------------------------------------------------------------------

    def follows_table(self) -> bool:
        return False  # a record, not the host: a live table's messages wait for its return

    @property
    def table(self) -> ClientTable:
        """The table as the watched seat saw it after this step: the record's, not the
        host's, in the same model a live table is shown from (client/table_model.py)."""
        key = (self.step, self.seat, self.all_open)
        if self._shown is None or self._shown[0] != key:
            view = self.replay.view(self.step, self.seat, self.all_open)
            self._shown = (key, ClientTable(self.names[self.seat], view=view))
        return self._shown[1]

    @property
    def current(self) -> Step:
        return self.replay.steps[self.step]

    @property
    def report(self) -> CoachReport:
        return self.coaches[self.seat]

    def model(self) -> TableModel:
        return TableModel(
            view=self.view,
            names=self.names,
            tile_size=self.app.settings.tile_size,
            wall_per_side=self.wall.stacks_per_side(),
            language=current_language(),
            open_hands=self.replay.hands(self.step) if self.all_open else (),
        )

    def bar_model(self) -> BarModel:
        return BarModel(
            step=self.step,
            last=self.replay.last,
            playing=self.playing,
            speed=self.speed,
            seat_name=self.names[self.seat],
            all_open=self.all_open,
            language=current_language(),
        )

    def lay_out(self) -> TableLayout:
        """The table laid out for the window above the controls (kept, as the table's)."""
        bar = self.bar_layout(self.app.screen.get_size())
        model = self.model()
        layout = self.layout_for(bar.table.size, model)
        self.laid_out = (model, layout)
        self.buttons = []
        return layout

    # --- moving through the hand ---------------------------------------------------------

    def go_to(self, step: int, play: bool = False) -> None:
        """Show the table after `step` actions; one step forward is played out (its slides,
        sounds and calls), as is the step jumped to with `play`; any other move shows the
        step at once."""
        step = max(0, min(self.replay.last, step))
        forward = step == self.step + 1 or (play and step > 0)
        self.step = step
        self.callouts = []
        self.motion = type(self.motion)()
        self.dice_rolling_until = 0.0
        self.wall = self.current.wall
        if forward:
            now = self.clock()
            self.wall = WallTracker()  # _react follows the events on a wall of its own...
            for delivery in self.current.deliveries:
                self._react(delivery.event, now)
            self.wall = self.current.wall  # ...not on the one kept for the step
        if self.step == self.replay.last:
            self.playing = False
        self.app.dirty = True

    def act(self, name: str) -> None:
        """Do what a control names."""
        replay = self.replay
        if name == "first":
            self.go_to(0)
        elif name == "back":
            self.go_to(self.step - 1)
        elif name == "forward":
            self.go_to(self.step + 1)
        elif name == "last":
            self.go_to(replay.last)
        elif name == "play":
            if self.step == replay.last:
                self.go_to(0)
            self.playing = not self.playing
            self.waited = 0.0
        elif name == "speed":
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        elif name == "next_claim":
            found = replay.next_mark(self.step, ("claim", "kong", "win", "draw"))
            self.go_to(found if found is not None else replay.last, play=True)
        elif name == "next_win":
            self.go_to(replay.last, play=True)
        elif name == "next_differs":
            later = [d.index for d in self.report.decisions if not d.agreed and d.index > self.step]
            if later:
                self.go_to(later[0])
        elif name == "seat":
            self.watch((self.seat + 1) % 4)
        elif name == "all_open":
            self.all_open = not self.all_open
        elif name == "export":
            self.export()
        elif name == "leave":
            self.go_back()
        self.app.dirty = True

    def watch(self, seat: int) -> None:
        self.seat = seat
        self.selected = None

    def go_back(self) -> None:
        back = self.back
        if back is None:
            self.app.back_to_menu()
        elif back in self.app.scenes:
            while self.app.scene is not back:
                self.app.pop()
        else:
            self.app.replace(back)

    def export(self) -> Path | None:
        """Write the record to the Documents folder, say where, and copy that path."""
        path, self.notice = export_record(self.record_file)
        return path

    # --- time and input ------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        now = self.clock()
        if self.playing:
            self.waited += dt
            if self.waited >= STEP_SECONDS / self.speed:
                self.waited = 0.0
                self.go_to(self.step + 1)
        self.callouts = [c for c in self.callouts if c.until > now]
        self.lay_out()
        moving = self.motion.moving(now) or now < self.dice_rolling_until
        return self.playing or bool(self.callouts) or moving

    def bar_layout(self, size: tuple[int, int]) -> BarLayout:
        """The controls laid out for a window of `size` (the last layout if it still fits)."""
        key = (self.bar_model(), size)
        if self.bar is None or key != self._bar_for:
            self.bar = lay_out_bar(key[0], size)
            self._bar_for = key
            self._buttons = [self._button(c) for c in self.bar.controls]
        return self.bar

    def controls(self) -> list[Button]:
        self.bar_layout(self.app.screen.get_size())
        return self._buttons

    def _button(self, control: Control) -> Button:
        accent = (150, 110, 40) if control.lit else None
        return Button(
            control.rect,
            control.label,
            lambda: self.act(control.name),
            hotkey=control.hotkey,
            accent=accent,
        )

    def handle(self, event: pygame.event.Event) -> None:
        self.lay_out()
        for button in self.controls():
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_4:
            self.watch(event.key - pygame.K_1)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            self.act("next_differs")
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.bar is not None
            and self.bar.timeline.inflate(0, 16).collidepoint(event.pos)
        ):
            self.go_to(self.bar.step_at(event.pos[0], self.replay.last))
        self.app.dirty = True

    # --- drawing -------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        bar = self.bar_layout(screen.get_size())
        area = screen.subsurface(bar.table)
        layout = self.layout_for(area.get_size())
        table_draw.draw(area, self, layout, [], self.clock())
        decision = self.report.at(self.step)
        if decision is not None and layout.result is None:
            rivers = layout.rivers[(self.seat + 1) % 4]
            draw_coach(area, lay_out_coach(decision, bar.table, rivers))
        report = self.report
        coached = summary_text(report.agreed, len(report.decisions))
        summary = f"{deal_text(self.verdict)} · {coached}"
        marks = [step.mark for step in self.replay.steps]
        draw_bar(screen, bar, self.bar_model(), marks, report.decisions, self.caption(), summary)
        for button in self.controls():
            button.draw(screen)
        if self.notice:
            draw_notice_line(screen, self.notice)

    def caption(self) -> str:
        """The step and what its action did: 第 12/80 步 · 阿强 打出 五万."""
        head = t("replay.step", step=self.step, last=self.replay.last)
        return f"{head} · {describe(self.current, self.names)}"


def deal_text(verdict: DealVerdict) -> str:
    """The deal's check in a few words: verified, not verifiable, does not verify."""
    return t(f"replay.deal.{verdict.status}.short")


def draw_notice_line(screen: pygame.Surface, text: str) -> None:
    """The viewer's notice (where an export went, why a file would not open), top centre."""
    w, h = screen.get_size()
    size = int(h * 0.024)
    room = int(w * 0.6)
    lines = [(line, size, (255, 220, 160)) for line in wrap_chunks(text.split(" "), size, room)[:3]]
    detail = detail_of(text)  # the technical detail: smaller, under the player's line
    small = detail_size(size)
    lines += [(line, small, DETAIL_COLOUR) for line in wrap_chunks(detail.split(), small, room)]
    lines = lines[:5]
    box = pygame.Rect(0, 0, room + 24, sum(int(s * 1.4) for _, s, _ in lines) + 14)
    box.midtop = (w // 2, int(h * 0.012))
    panel(screen, box, (20, 20, 20, 225))
    y = box.y + 7
    for line, line_size, colour in lines:
        draw_text(screen, line, (w // 2, y), line_size, colour, "midtop", max_width=room)
        y += int(line_size * 1.4)


def describe(step: Step, names: tuple[str, ...]) -> str:
    """What the action of a step did, from its events (a claim waiting on others' answers
    is told by the action itself)."""
    if step.actor is None:
        return t("replay.start")
    name = names[step.actor]
    for delivery in step.deliveries:
        event = delivery.event
        if isinstance(event, HandEnded):
            if not event.winners:
                return t("replay.did.draw")
            return " · ".join(t("replay.did.win", name=names[w.seat]) for w in event.winners)
        if isinstance(event, MeldClaimed):
            tile = tile_name(event.claimed_tile)
            return t(f"replay.did.{event.kind}", name=names[event.seat], tile=tile)
        if isinstance(event, KongDeclared):
            if event.kind == "concealed":
                return t("replay.did.concealed_kong", name=names[event.seat])
            return t("replay.did.kong", name=names[event.seat], tile=tile_name(event.tile or 0))
        if isinstance(event, TileDiscarded):
            timer = t("replay.did.timer") if event.by_timer else ""
            tile = tile_name(event.tile)
            return t("replay.did.discard", name=names[event.seat], tile=tile) + timer
    action = step.action
    if isinstance(action, RollDice):
        return t("replay.did.roll", name=name)
    if isinstance(action, Pass | Timeout):
        return t("replay.did.pass", name=name)
    if isinstance(action, Chow | Pung | ClaimKong):
        kind = {"Chow": "chow", "Pung": "pung"}.get(type(action).__name__, "kong")
        return t(f"replay.did.{kind}", name=name, tile="").strip()
    return name
