"""The replay viewer's controls and texts: the button rows, the timeline with its marks,
the line saying what the step did, and the coach's box. Laid out as a pure function of the
screen size and the viewer's state (`BarModel`), drawn from that layout only, like the
table's own layout (table_layout.py).

Under the table: a line (the step, what it did; the coach's summary at the right), the
timeline (a tick for every claim, kong and the end; a red mark over each decision of the
watched seat that differs from the coach, a green dot where it agreed; the cursor), then
the transport row. Top left, where the live table has Menu and Chat: Back and Export.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from client.i18n import t, tile_name
from client.scenes.replay_model import Mark
from client.scenes.table_buttons import BUTTON_GAP, button_width
from client.scenes.table_layout import wall_ring
from client.ui import FELT_DARK, GOLD, MUTED, WHITE, draw_text, fitted_text, panel, wrap_chunks
from server.engine.bots.coach import Decision, MoveFacts
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    Pung,
)

BAR_SHARE = 0.16
"""The share of the window's height under the table for the controls."""
MARK_COLOURS: dict[Mark, tuple[int, int, int]] = {
    "claim": (235, 200, 90),
    "kong": (240, 140, 60),
    "win": (230, 70, 60),
    "draw": (170, 170, 170),
}
AGREED = (90, 200, 120)
DIFFERS = (235, 80, 70)
CURSOR = (255, 255, 255)


def bar_height(h: int) -> int:
    return int(h * BAR_SHARE)


@dataclass(frozen=True)
class Control:
    """One button: where, its label, what it does (a name the scene acts on), its key."""

    rect: pygame.Rect
    label: str
    name: str
    hotkey: int | None = None
    lit: bool = False
    """Drawn in the accent colour: a toggle that is on, the watched seat."""


@dataclass(frozen=True)
class BarModel:
    """What the controls depend on."""

    step: int
    last: int
    playing: bool
    speed: int
    seat_name: str
    all_open: bool
    language: str


@dataclass(frozen=True)
class BarLayout:
    size: tuple[int, int]
    table: pygame.Rect
    """Where the table is drawn (the window above the bar)."""
    caption: pygame.Rect
    timeline: pygame.Rect
    controls: tuple[Control, ...]
    text_size: int

    def step_at(self, x: int, last: int) -> int:
        """The step under x on the timeline."""
        share = (x - self.timeline.left) / max(1, self.timeline.width)
        return max(0, min(last, round(share * last)))

    def x_of(self, step: int, last: int) -> int:
        return self.timeline.left + round(self.timeline.width * step / max(1, last))


def lay_out_bar(model: BarModel, size: tuple[int, int]) -> BarLayout:
    w, h = size
    bar = bar_height(h)
    table = pygame.Rect(0, 0, w, h - bar)
    margin = int(w * 0.02)
    text_size = max(13, int(h * 0.024))
    caption = pygame.Rect(margin, h - bar + int(h * 0.008), w - 2 * margin, int(h * 0.032))
    timeline = pygame.Rect(margin, caption.bottom + int(h * 0.012), w - 2 * margin, int(h * 0.02))
    height = int(h * 0.05)
    row_y = h - height - int(h * 0.012)
    transport = [
        (t("replay.first"), "first", pygame.K_HOME, False),
        (t("replay.back"), "back", pygame.K_LEFT, False),
        (t("replay.pause" if model.playing else "replay.play"), "play", pygame.K_SPACE, False),
        (t("replay.forward"), "forward", pygame.K_RIGHT, False),
        (t("replay.last"), "last", pygame.K_END, False),
        (t("replay.speed", speed=model.speed), "speed", pygame.K_x, False),
        (t("replay.next_claim"), "next_claim", pygame.K_n, False),
        (t("replay.next_win"), "next_win", pygame.K_w, False),
        (t("replay.seat", name=model.seat_name), "seat", pygame.K_s, False),
        (t("replay.all_open"), "all_open", pygame.K_o, model.all_open),
    ]
    least = int(w * 0.045)
    widths = [button_width(label, height, 0, least) for label, *_ in transport]
    room = w - 2 * margin - BUTTON_GAP * (len(widths) - 1)
    if sum(widths) > room:  # a long name: the seat's button gives way first
        widths[8] = max(least, widths[8] - (sum(widths) - room))
    x = (w - sum(widths) - BUTTON_GAP * (len(widths) - 1)) // 2
    controls = []
    for (label, name, key, lit), width in zip(transport, widths, strict=True):
        controls.append(Control(pygame.Rect(x, row_y, width, height), label, name, key, lit))
        x += width + BUTTON_GAP
    # Top left, where the live table has Menu and Chat.
    top = pygame.Rect(int(w * 0.01), int(h * 0.01), int(w * 0.09), int(h * 0.045))
    controls.append(Control(top, t("common.back"), "leave", pygame.K_ESCAPE))
    export = top.move(int(w * 0.1), 0)
    controls.append(Control(export, t("replay.export"), "export", pygame.K_e))
    return BarLayout(size, table, caption, timeline, tuple(controls), text_size)


def draw_bar(
    screen: pygame.Surface,
    layout: BarLayout,
    model: BarModel,
    marks: Sequence[Mark | None],
    decisions: Sequence[Decision],
    caption: str,
    summary: str,
) -> None:
    """The panel under the table, its line of text, the timeline and its marks."""
    w, h = layout.size
    area = pygame.Rect(0, layout.table.bottom, w, h - layout.table.bottom)
    screen.fill(FELT_DARK, area)  # the table draws only above it: clear the last frame
    panel(screen, area, (0, 0, 0, 150), radius=0)
    size = layout.text_size
    right = fitted_text(summary, size, GOLD, layout.caption.width // 2) if summary else None
    room = layout.caption.width - (right.get_width() + 20 if right else 0)
    left = fitted_text(caption, size, WHITE, room)
    screen.blit(left, left.get_rect(midleft=layout.caption.midleft))
    if right is not None:
        screen.blit(right, right.get_rect(midright=layout.caption.midright))
    line = layout.timeline
    track = pygame.Rect(line.x, line.centery - 2, line.width, 4)
    pygame.draw.rect(screen, (60, 90, 75), track, border_radius=2)
    done = pygame.Rect(track.x, track.y, layout.x_of(model.step, model.last) - track.x, 4)
    pygame.draw.rect(screen, (150, 200, 170), done, border_radius=2)
    for step, mark in enumerate(marks):
        if mark is not None:
            x = layout.x_of(step, model.last)
            pygame.draw.line(screen, MARK_COLOURS[mark], (x, line.top + 2), (x, line.bottom - 2), 3)
    for decision in decisions:
        x = layout.x_of(decision.index, model.last)
        if decision.agreed:
            pygame.draw.circle(screen, AGREED, (x, line.bottom + 3), 3)
        else:  # a small triangle over the line, pointing at the step
            tip = (x, line.top + 1)
            pygame.draw.polygon(screen, DIFFERS, [tip, (x - 5, tip[1] - 8), (x + 5, tip[1] - 8)])
    x = layout.x_of(model.step, model.last)
    pygame.draw.circle(screen, CURSOR, (x, line.centery), max(5, line.height // 3))


# --- words ------------------------------------------------------------------------------


def move_text(action: AnyAction) -> str:
    """A move of the coach's box: 打 五万, 碰, 吃 三四五万…"""
    if isinstance(action, Discard):
        return t("coach.move.discard", tile=tile_name(action.tile))
    if isinstance(action, Chow):
        tiles = "".join(tile_name(action.low + i) for i in range(3))
        return t("coach.move.chow", tiles=tiles)
    if isinstance(action, Pung):
        return t("coach.move.pung")
    if isinstance(action, ClaimKong):
        return t("coach.move.kong")
    if isinstance(action, ConcealedKong):
        return t("coach.move.concealed_kong", tile=tile_name(action.tile))
    if isinstance(action, AddedKong):
        return t("coach.move.added_kong", tile=tile_name(action.tile))
    if isinstance(action, DeclareWin):
        return t("coach.move.win")
    if isinstance(action, Pass):
        return t("coach.move.pass")
    return type(action).__name__


def facts_text(facts: MoveFacts) -> list[str]:
    """The numbers of a move, in pieces a line may break between."""
    if facts.shanten == -1:
        return [t("coach.win")]
    pieces = []
    steps = facts.shanten
    shanten = t("coach.ready") if steps == 0 else str(steps)
    if steps is not None and facts.improving is not None and facts.live is not None:
        pieces.append(t("coach.facts", shanten=shanten, kinds=facts.improving, live=facts.live))
    elif steps is not None:
        pieces.append(t("coach.shanten_only", shanten=shanten))
    if facts.danger is not None:
        pieces.append(t("coach.danger", danger=f"{facts.danger:.2f}"))
    if facts.fan is not None:
        pieces.append(t("coach.value", fan=facts.fan))
    return pieces


def summary_text(agreed: int, total: int) -> str:
    if not total:
        return t("coach.none")
    return t("coach.summary", agreed=agreed, total=total, percent=round(100 * agreed / total))


@dataclass(frozen=True)
class CoachBox:
    rect: pygame.Rect
    lines: tuple[tuple[str, tuple[int, int, int]], ...]
    size: int
    step: int


def lay_out_coach(
    decision: Decision, table: pygame.Rect, rivers: Sequence[pygame.Rect]
) -> CoachBox:
    """The coach's box for a decision, right of the wall between the river on the right
    and that seat's hand: where the live table's hint goes."""
    w, h = table.size
    size = max(12, int(h * 0.025))
    right = int(w * 0.89)
    left = max([wall_ring(w, h).right + int(w * 0.02), *(r.right for r in rivers)])
    left = min(left + int(w * 0.012), right - int(w * 0.18))
    room = right - left - 20
    lines: list[tuple[str, tuple[int, int, int]]] = [(t("coach.title"), GOLD)]
    for key, facts in (("coach.played", decision.played), ("coach.advised", decision.advised)):
        lines.append((t(key, move=move_text(facts.action)), WHITE))
        lines.extend((line, MUTED) for line in wrap_chunks(facts_text(facts), size, room))
    if decision.agreed:
        lines.append((t("coach.same"), AGREED))
    else:
        lines.append((t("coach.differs"), DIFFERS))
    step = int(size * 1.45)
    width = max(fitted_text(text, size, WHITE, room).get_width() for text, _ in lines) + 20
    box = pygame.Rect(0, int(h * 0.22), width, step * len(lines) + 12)
    box.right = right
    return CoachBox(box, tuple(lines), size, step)


def draw_coach(screen: pygame.Surface, box: CoachBox) -> None:
    panel(screen, box.rect, (0, 0, 0, 170))
    for i, (text, colour) in enumerate(box.lines):
        where = (box.rect.x + 10, box.rect.y + 6 + i * box.step)
        draw_text(screen, text, where, box.size, colour, max_width=box.rect.width - 20)
