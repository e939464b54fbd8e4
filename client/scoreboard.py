"""The running scoreboard (计分表): every finished hand of the session — its number and
prevailing wind, the dealer, who won and how, the fan, what each seat won or paid — and the
totals, one column a seat in the table's seat order; a dialog over the table, the lobby or
the final standings (Tab or its button opens and closes it, Esc closes it too).

The host sends the sheet whole (`score_sheet`, PROTOCOL.md §5; `Connection.sheet`), so a
player who came late sees the hands before them. `sheet_rows` turns it into the texts
shown (pure, tested alone); `Scoreboard` is an overlay like the leave question
(client/overlays.py): the table's timers run on behind it, it only takes the input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from client.i18n import t, wind_name
from client.ui import GOLD, MUTED, WHITE, Button, draw_text, elide_middle, render_text
from client.widgets.modal import Modal
from shared.protocol import ScoreSheet
from shared.score_sheet import SheetHand, totals

LOSS = (235, 120, 110)
OWN_COLUMN = (60, 52, 24, 200)
"""Behind the viewer's own column."""
ROW_SIZE = 0.028
"""The text height of a row, a fraction of the screen's."""
ROW_STEP = 1.55
"""A row's height, in text heights."""
SCROLL_KEYS = {
    pygame.K_UP: -1,
    pygame.K_DOWN: 1,
    pygame.K_PAGEUP: -8,
    pygame.K_PAGEDOWN: 8,
}


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet as texts: hand, dealer, result, and a cell a seat."""

    hand: str
    dealer: str
    result: str
    cells: tuple[str, str, str, str]
    amounts: tuple[int, int, int, int]


def signed(amount: int) -> str:
    return "±0" if amount == 0 else f"{amount:+d}"


def result_text(hand: SheetHand, names: Sequence[str]) -> str:
    """流局, or each winner and how they won (自摸, on whose discard, robbing whose kong)."""
    if hand.kind == "draw" or not hand.winners:
        return t("history.drawn")
    loser = names[hand.loser] if hand.loser is not None else ""
    key = {
        "self_drawn": "sheet.self_drawn",
        "discard": "sheet.discard",
        "robbing_kong": "sheet.robbing_kong",
    }[hand.kind]
    parts = [t(key, name=names[w.seat], fan=w.fan, loser=loser) for w in hand.winners]
    return t("common.list_separator").join(parts)


def sheet_rows(
    sheet: ScoreSheet, names: Sequence[str], short: Sequence[str] | None = None
) -> list[SheetRow]:
    """The sheet's hands as rows of text, `names` by seat as the screen calls them
    (`short`: shortened as a result's line names them, when they must be)."""
    in_results = names if short is None else short
    return [
        SheetRow(
            t("sheet.hand", n=hand.hand_number, wind=wind_name(hand.prevailing_wind)),
            names[hand.dealer],
            result_text(hand, in_results),
            (
                signed(hand.deltas[0]),
                signed(hand.deltas[1]),
                signed(hand.deltas[2]),
                signed(hand.deltas[3]),
            ),
            hand.deltas,
        )
        for hand in sheet.hands
    ]


def total_row(sheet: ScoreSheet) -> tuple[str, str, str, str]:
    """Each seat's change over the session so far."""
    a, b, c, d = totals(sheet.hands)
    return signed(a), signed(b), signed(c), signed(d)


def score_row(sheet: ScoreSheet) -> tuple[str, str, str, str]:
    """Each seat's score now: after the last hand, or the start's before any."""
    scores = sheet.hands[-1].scores if sheet.hands else sheet.start_scores
    return str(scores[0]), str(scores[1]), str(scores[2]), str(scores[3])


def _colour(amount: int) -> tuple[int, int, int]:
    return MUTED if amount == 0 else GOLD if amount > 0 else LOSS


class Scoreboard(Modal):
    """The sheet as a dialog: the Modal's box, title and Close button, the table of hands
    in it (the latest hands first in view; ↑ ↓, Page Up/Down and the wheel scroll)."""

    def __init__(self, close: Callable[[], None]) -> None:
        button = Button(pygame.Rect(0, 0, 1, 1), t("sheet.close"), close, hotkey=pygame.K_TAB)
        super().__init__(
            t("sheet.title"), [], [button], width=0.92, title_size=0.04, fill=(20, 28, 24, 252)
        )
        self.close = close
        self.sheet: ScoreSheet | None = None
        self.names: tuple[str, str, str, str] = ("", "", "", "")
        self.viewer: int | None = None
        self.first = 0
        """The first hand in view (an index into the sheet's hands)."""
        self.follow = True
        """Keep the latest hands in view (until the player scrolls up)."""
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.visible = 1
        """How many hands fit between the header and the totals."""

    def show(self, sheet: ScoreSheet | None, names: Sequence[str], viewer: int | None) -> None:
        """What to show (each frame, from the connection: a hand may end meanwhile)."""
        self.sheet = sheet
        self.names = (names[0], names[1], names[2], names[3])
        self.viewer = viewer

    def lay_out(self, screen: pygame.Surface, top: float = 0.115) -> None:
        """The box as tall as the hands want, up to most of the screen (then it scrolls)."""
        w, h = screen.get_size()
        self.row_h = max(1, int(h * ROW_SIZE * ROW_STEP))
        count = len(self.sheet.hands) if self.sheet is not None else 0
        head = int(h * 0.03) + int(h * self.title_size * 1.5) + int(h * 0.015)
        bw, bh = int(w * 0.17), int(h * 0.07)
        foot = int(h * 0.05) + bh + int(h * 0.025)  # the scroll line, the button, padding
        wanted = head + self.row_h * (max(count, 2) + 3) + foot
        box = pygame.Rect(0, 0, int(w * self.width), min(wanted, int(h * (0.98 - top))))
        box.midtop = (w // 2, int(h * top))
        box.bottom = min(box.bottom, h - int(h * 0.02))
        self.box = box
        self.buttons[0].rect = pygame.Rect(0, 0, bw, bh)
        self.buttons[0].rect.midbottom = (box.centerx, box.bottom - int(h * 0.025))
        pad = int(w * 0.02)
        grid_top, grid_bottom = box.top + head, box.bottom - foot
        self.grid = pygame.Rect(box.x + pad, grid_top, box.width - 2 * pad, grid_bottom - grid_top)
        rows = self.grid.height // self.row_h
        self.visible = max(1, rows - 3)  # the header, the totals, the scores
        last_first = max(0, count - self.visible)
        self.first = last_first if self.follow else min(self.first, last_first)

    def scroll(self, by: int) -> None:
        count = len(self.sheet.hands) if self.sheet is not None else 0
        last_first = max(0, count - self.visible)
        self.first = max(0, min(last_first, self.first + by))
        self.follow = self.first == last_first

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll(SCROLL_KEYS[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        else:
            super().handle(event)

    def columns(self) -> list[tuple[int, int]]:
        """(left, width) of each column: hand, dealer, result, then the four seats."""
        g = self.grid
        shares = [0.12, 0.14, 0.34] + [0.10] * 4
        out, x = [], g.x
        for share in shares:
            width = int(g.width * share)
            out.append((x, width))
            x += width
        return out

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)  # the veil, the box, the title and the Close button
        h = screen.get_height()
        size = max(14, int(h * ROW_SIZE))
        columns = self.columns()
        gap = max(6, size // 2)
        sheet = self.sheet
        if self.viewer is not None:
            left, width = columns[3 + self.viewer]
            shown = min(self.visible, max(len(sheet.hands) if sheet else 0, 2))
            column = pygame.Rect(left, self.grid.y, width, self.row_h * (shown + 3))
            band = pygame.Surface(column.size, pygame.SRCALPHA)
            band.fill(OWN_COLUMN)
            screen.blit(band, column)
        y = self.grid.y

        def cell(text: str, column: int, colour: tuple[int, int, int], bold: bool = False) -> None:
            left, width = columns[column]
            room = width - gap

            def fits(s: str) -> bool:
                return render_text(s, size, colour, bold=bold).get_width() <= room

            text = elide_middle(text, fits, t("common.ellipsis"))
            if column >= 3:  # amounts and names right-aligned under each other
                anchor, x = "midright", left + width - gap // 2
            else:
                anchor, x = "midleft", left
            draw_text(screen, text, (x, y + self.row_h // 2), size, colour, anchor, bold)

        header = [t("history.col.hand"), t("history.col.dealer"), t("history.col.result")]
        for i, text in enumerate([*header, *self.names]):
            own = i >= 3 and i - 3 == self.viewer
            cell(text, i, GOLD if own else MUTED, bold=own)
        y += self.row_h
        pygame.draw.line(screen, MUTED, (self.grid.x, y - 2), (self.grid.right, y - 2))
        if sheet is None or not sheet.hands:
            where = (self.grid.centerx, y + self.row_h)
            draw_text(screen, t("sheet.empty"), where, size, WHITE, "midtop")
            y += self.row_h * 2
        else:
            # In a result, each name short enough that how the hand was won still shows.
            name_room = columns[2][1] // 3

            def short(name: str) -> str:
                def fits(s: str) -> bool:
                    return render_text(s, size, WHITE).get_width() <= name_room

                return elide_middle(name, fits, t("common.ellipsis"))

            rows = sheet_rows(sheet, self.names, [short(name) for name in self.names])
            for row in rows[self.first : self.first + self.visible]:
                cell(row.hand, 0, WHITE)
                cell(row.dealer, 1, WHITE)
                cell(row.result, 2, WHITE)
                for seat in range(4):
                    cell(row.cells[seat], 3 + seat, _colour(row.amounts[seat]))
                y += self.row_h
            y = self.grid.y + self.row_h * (1 + min(self.visible, len(rows)))
        pygame.draw.line(screen, MUTED, (self.grid.x, y + 2), (self.grid.right, y + 2))
        if sheet is not None:
            cell(t("sheet.total"), 0, GOLD, bold=True)
            change = totals(sheet.hands)
            for seat, text in enumerate(total_row(sheet)):
                cell(text, 3 + seat, _colour(change[seat]), bold=True)
            y += self.row_h
            cell(t("sheet.score"), 0, MUTED)
            for seat, text in enumerate(score_row(sheet)):
                cell(text, 3 + seat, WHITE)
            count = len(sheet.hands)
            if count > self.visible:
                last = min(count, self.first + self.visible)
                note = t("sheet.scroll", first=self.first + 1, last=last, n=count)
                where = (self.box.centerx, self.buttons[0].rect.top - int(h * 0.01))
                draw_text(screen, note, where, max(14, int(size * 0.85)), MUTED, "midbottom")
