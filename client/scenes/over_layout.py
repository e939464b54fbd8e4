"""The end of a session, laid out: why it ended, the final standings, the way on.

`standings` ranks the seats from the host's `session_ended` (its final scores) and the
scores the session started with; `lay_out` places the panel, its texts and its buttons for
a screen size, a pure function of `OverModel`. The scene (over.py) wires the buttons and
draws what this returns; drawing never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pygame

from client.assets import render_text
from client.i18n import t
from client.scenes.result import LOSS
from client.scenes.table_buttons import BUTTON_GAP, button_width
from client.ui import GOLD, MUTED, RED, WHITE, elide_middle
from shared.events import SessionEnded

Colour = tuple[int, int, int]
OverKind = Literal["lobby", "leave", "history", "scores"]


@dataclass(frozen=True)
class Standing:
    """One seat's line in the final standings."""

    rank: int
    """1–4; seats with equal scores share a rank (1, 1, 3, 4)."""
    seat: int
    name: str
    score: int
    change: int | None
    """The evening's change: final score minus the session's first (None: not known)."""


def standings(
    ended: SessionEnded, names: tuple[str, ...], start: tuple[int, ...] | None
) -> list[Standing]:
    """The seats best first (the higher score; at equal scores the lower seat first, as
    the host numbers them), ranked as a competition ranks ties."""
    order = sorted(range(len(ended.scores)), key=lambda s: (-ended.scores[s], s))
    out: list[Standing] = []
    for place, seat in enumerate(order):
        score = ended.scores[seat]
        tied = out and out[-1].score == score
        rank = out[-1].rank if tied else place + 1
        name = names[seat] if seat < len(names) else "?"
        change = score - start[seat] if start is not None and seat < len(start) else None
        out.append(Standing(rank, seat, name, score, change))
    return out


def reason_text(ended: SessionEnded, names: tuple[str, ...]) -> str:
    """Why the session ended, naming whoever the host says is leaving."""
    leaving = [names[s] for s in ended.leaving if 0 <= s < len(names)]
    joined = t("common.list_separator").join(leaving)
    if ended.reason == "player_left" and leaving:
        return t("over.left", names=joined)
    if ended.reason == "score_too_low" and leaving:
        return t("over.too_low", names=joined)
    if ended.reason in ("rounds_complete", "player_left", "score_too_low"):
        return t(f"result.session_end.{ended.reason}")
    return ""  # a reason this game does not know: the standings say enough


def winner_text(rows: list[Standing], viewer: int | None) -> str:
    first = [row for row in rows if row.rank == 1]
    if len(first) > 1:
        return t("over.tied", names=t("common.list_separator").join(row.name for row in first))
    if first and first[0].seat == viewer:
        return t("over.you_won")
    return t("over.winner", name=first[0].name) if first else ""


@dataclass(frozen=True)
class OverModel:
    """Everything the panel depends on."""

    ended: SessionEnded
    names: tuple[str, ...]
    start: tuple[int, ...] | None
    viewer: int | None
    """The player's seat (None: a spectator)."""
    language: str = "zh-Hans"
    """Every label depends on it: a new language is a new layout."""


@dataclass(frozen=True)
class Text:
    text: str
    pos: tuple[int, int]
    """Its top left."""
    size: int
    colour: Colour
    bold: bool = False


@dataclass(frozen=True)
class OverButton:
    rect: pygame.Rect
    label: str
    kind: OverKind
    hotkey: int | None = None
    accent: Colour | None = None


@dataclass(frozen=True)
class OverLayout:
    size: tuple[int, int]
    panel: pygame.Rect
    texts: tuple[Text, ...]
    bands: tuple[tuple[pygame.Rect, Colour], ...]
    """Rows drawn behind their text: the winner's (gold) and the player's own."""
    buttons: tuple[OverButton, ...]
    rows: tuple[Standing, ...]

    @property
    def lines(self) -> list[str]:
        """Every text on the panel, top to bottom (for tests and screen readers)."""
        return [text.text for text in self.texts]


WINNER_BAND = (120, 92, 30)
OWN_BAND = (34, 70, 54)


def _signed(change: int | None) -> str:
    if change is None:
        return "—"
    return "±0" if change == 0 else f"{change:+d}"


def _colour(change: int | None) -> Colour:
    if change is None or change == 0:
        return MUTED
    return GOLD if change > 0 else LOSS


def lay_out(model: OverModel, size: tuple[int, int]) -> OverLayout:
    """The panel in the middle of a `size` screen: title, reason, winner, the four
    standings in columns (rank, name, score, change), the buttons at its foot."""
    w, h = size
    rows = standings(model.ended, model.names, model.start)
    unit = max(12, int(h * 0.034))
    title_size, line_size = int(unit * 1.6), unit
    # steps by the height the font draws a line (its ascent and descent), not the size
    title_step = render_text(t("result.session_over"), title_size, GOLD, bold=True).get_height()
    line_step = render_text(t("over.player"), line_size, WHITE, bold=True).get_height()
    row_h = max(int(unit * 1.9), line_step + 4)
    pad = int(unit * 1.2)
    button_h = max(28, int(unit * 2.0))
    specs: list[tuple[str, OverKind, int | None, Colour | None]] = [
        (t("over.back_to_lobby"), "lobby", pygame.K_RETURN, RED),
        (t("over.leave_table"), "leave", None, None),
        (t("menu.history"), "history", pygame.K_h, None),
        (t("sheet.button"), "scores", pygame.K_TAB, None),
    ]
    widths = [button_width(label, button_h, 0, int(w * 0.1)) for label, *_ in specs]

    def wide(text: str, size_: int = line_size, bold: bool = True) -> int:
        return render_text(text, size_, WHITE, bold=bold).get_width()

    # the columns: rank, name (the rest), score and change right-aligned
    names = [t("over.you", name=r.name) if r.seat == model.viewer else r.name for r in rows]
    rank_w = max(wide(s) for s in [t("over.rank"), *(str(r.rank) for r in rows)])
    score_w = max(wide(s) for s in [t("over.score"), *(str(r.score) for r in rows)])
    change_w = max(wide(s) for s in [t("over.change"), *(_signed(r.change) for r in rows)])
    gap = unit
    columns = rank_w + score_w + change_w + 3 * gap
    reason, winner = reason_text(model.ended, model.names), winner_text(rows, model.viewer)
    # as wide as its widest line wants, up to most of the screen; a line wider still (the
    # longest names the host allows, at a small window) is cut in the middle, never shrunk
    needed = max(
        int(w * 0.5),
        int(unit * 26),
        sum(widths) + BUTTON_GAP * (len(widths) - 1),
        wide(t("result.session_over"), title_size),
        wide(reason, bold=False),
        wide(winner),
        columns + max(wide(name) for name in names),
    )
    width = min(int(w * 0.92), needed + 2 * pad)
    room = width - 2 * pad
    name_room = max(unit, room - columns)
    mark = t("common.ellipsis")

    def cut(text: str, size_: int, bold: bool, room_: int) -> str:
        return elide_middle(text, lambda s: wide(s, size_, bold) <= room_, mark)

    names = [cut(name, line_size, True, name_room) for name in names]
    height = (
        pad
        + title_step
        + line_step * 2
        + int(unit * 0.6)
        + row_h * (len(rows) + 1)
        + int(unit * 1.0)
        + button_h
        + pad
    )
    panel = pygame.Rect(0, 0, width, min(height, h - 2 * int(h * 0.02)))
    panel.center = (w // 2, h // 2)
    texts: list[Text] = []
    bands: list[tuple[pygame.Rect, Colour]] = []
    left = panel.x + pad
    y = panel.y + pad

    def centred(text: str, size_: int, colour: Colour, bold: bool = False) -> None:
        text = cut(text, size_, bold, room)
        at = panel.centerx - wide(text, size_, bold) // 2
        texts.append(Text(text, (at, y), size_, colour, bold))

    centred(t("result.session_over"), title_size, GOLD, bold=True)
    y += title_step
    centred(reason, line_size, WHITE)
    y += line_step
    centred(winner, line_size, GOLD, bold=True)
    y += line_step + int(unit * 0.6)
    x_rank = left
    x_name = left + rank_w + gap
    x_score_right = panel.right - pad - change_w - gap
    x_change_right = panel.right - pad

    def row(cells: tuple[str, str, str, str], colours: tuple[Colour, ...], bold: bool) -> None:
        dy = (row_h - line_step) // 2
        rank, name, score, change = cells
        texts.append(Text(rank, (x_rank, y + dy), line_size, colours[0], bold))
        texts.append(Text(name, (x_name, y + dy), line_size, colours[1], bold))
        right_aligned = ((score, x_score_right, colours[2]), (change, x_change_right, colours[3]))
        for text, right, colour in right_aligned:
            image_w = render_text(text, line_size, colour, bold=bold).get_width()
            texts.append(Text(text, (right - image_w, y + dy), line_size, colour, bold))

    header = (t("over.rank"), t("over.player"), t("over.score"), t("over.change"))
    row(header, (MUTED,) * 4, False)
    y += row_h
    for standing, name in zip(rows, names, strict=True):
        band = pygame.Rect(left - unit // 2, y, room + unit, row_h - 2)
        if standing.rank == 1:
            bands.append((band, WINNER_BAND))
        elif standing.seat == model.viewer:
            bands.append((band, OWN_BAND))
        colour = GOLD if standing.rank == 1 else WHITE
        cells = (str(standing.rank), name, str(standing.score), _signed(standing.change))
        row(cells, (colour, colour, colour, _colour(standing.change)), standing.rank == 1)
        y += row_h
    total = sum(widths) + BUTTON_GAP * (len(widths) - 1)
    x = panel.centerx - total // 2
    top = panel.bottom - pad - button_h
    buttons = []
    for (label, kind, key, accent), bw in zip(specs, widths, strict=True):
        buttons.append(OverButton(pygame.Rect(x, top, bw, button_h), label, kind, key, accent))
        x += bw + BUTTON_GAP
    return OverLayout(size, panel, tuple(texts), tuple(bands), tuple(buttons), tuple(rows))
