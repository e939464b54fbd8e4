"""The hand-result box: laid out first (rows of pictures), then sized to fit and drawn.

A win shows each winner (一炮多响: every one) with the hand, one line per pattern (its
name in the UI's language and its fan) and the counted fan; a drawn hand (流局) shows every
seat's concealed tiles and melds. Then the scores, 包 (liability), the payments and horses
(买马), and who must leave (§2). The Continue and Leave buttons sit inside, at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from client.assets import render_text
from client.i18n import pattern_names, t, tile_name
from client.render.tiles import TileArt
from client.ui import GOLD, MUTED, WHITE, fitted_text
from shared.events import HandEnded, WinnerResult

LOSS = (235, 110, 95)
"""A red that reads on the dark box."""
SMALLEST_TEXT = 10


@dataclass
class Row:
    """One line of the box: pictures at (x, y) from its top left."""

    pieces: list[tuple[pygame.Surface, int, int]]
    height: int
    gap: int = 0
    """Space above the row."""
    centred: bool = False

    @property
    def width(self) -> int:
        return max((x + image.get_width() for image, x, _ in self.pieces), default=0)


@dataclass
class ResultLayout:
    box: pygame.Rect
    margin: int
    button_height: int
    rows: list[Row] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    """Every line of text in the box, in order (for tests and screen readers)."""

    @property
    def buttons_top(self) -> int:
        return self.box.bottom - self.margin - self.button_height

    def draw(self, screen: pygame.Surface) -> None:
        layer = pygame.Surface(self.box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (10, 24, 18, 255), layer.get_rect(), border_radius=16)
        screen.blit(layer, self.box.topleft)
        pygame.draw.rect(screen, GOLD, self.box, 2, border_radius=16)
        y = self.box.y + self.margin
        for row in self.rows:
            y += row.gap
            left = self.box.x + self.margin
            if row.centred:
                left = self.box.centerx - row.width // 2
            for image, x, dy in row.pieces:
                screen.blit(image, (left + x, y + dy))
            y += row.height


class _Builder:
    def __init__(self, unit: int, art: Callable[[int], TileArt], room: int) -> None:
        self.unit = unit
        self.art = art
        self.room = room
        self.rows: list[Row] = []
        self.lines: list[str] = []

    def size(self, scale: float) -> int:
        return max(SMALLEST_TEXT, int(self.unit * scale))

    def text(
        self,
        text: str,
        *,
        scale: float = 1.0,
        color: tuple[int, int, int] = WHITE,
        bold: bool = False,
        gap: float = 0.0,
        centred: bool = False,
    ) -> None:
        image = fitted_text(text, self.size(scale), color, self.room, bold)
        self.rows.append(Row([(image, 0, 0)], image.get_height(), int(self.unit * gap), centred))
        self.lines.append(text)

    def table(
        self,
        cells: list[list[tuple[str, tuple[int, int, int]]]],
        *,
        scale: float = 1.0,
        gap: float = 0.0,
        right: frozenset[int] = frozenset(),
    ) -> None:
        """Rows of cells, each column as wide as its widest cell; `right`: right-aligned."""
        if not cells:
            return
        size = self.size(scale)
        images = [[render_text(text, size, color) for text, color in row] for row in cells]
        columns = max(len(row) for row in images)
        widths = [
            max((row[i].get_width() for row in images if i < len(row)), default=0)
            for i in range(columns)
        ]
        spacing = self.unit
        for n, (row, texts) in enumerate(zip(images, cells, strict=True)):
            pieces = []
            x = 0
            for i, image in enumerate(row):
                offset = widths[i] - image.get_width() if i in right else 0
                pieces.append((image, x + offset, 0))
                x += widths[i] + spacing
            height = max(image.get_height() for image in row)
            self.rows.append(Row(pieces, height, int(self.unit * gap) if n == 0 else 0))
            self.lines.append("  ".join(text for text, _ in texts if text))

    def grid(
        self,
        cells: list[tuple[str, tuple[int, int, int]]],
        *,
        scale: float = 1.0,
        gap: float = 0.0,
    ) -> None:
        """Cells in two columns, or one when two would be too wide."""
        size = self.size(scale)
        widest = max((render_text(text, size, WHITE).get_width() for text, _ in cells), default=0)
        columns = 2 if 2 * widest + self.unit <= self.room else 1
        rows = [cells[i : i + columns] for i in range(0, len(cells), columns)]
        self.table(rows, scale=scale, gap=gap)

    def blocks(self, blocks: list[list[Row]], *, gap: float = 0.0) -> None:
        """Blocks of rows side by side, in one row."""
        pieces = []
        x = 0
        for rows in blocks:
            image = _picture(rows)
            pieces.append((image, x, 0))
            x += image.get_width() + 2 * self.unit
        height = max(image.get_height() for image, _, _ in pieces)
        self.rows.append(Row(pieces, height, int(self.unit * gap)))

    def tiles(
        self,
        groups: list[list[tuple[int, bool]]],
        *,
        height: int,
        label: tuple[pygame.Surface, int] | None = None,
        gap: float = 0.0,
    ) -> None:
        """Groups of tiles (tile, highlighted) in a line, after an optional label."""
        count = sum(len(group) for group in groups)
        start = label[1] if label else 0
        while True:
            art = self.art(height)
            tw = art.size[0]
            width = start + count * tw + (len(groups) - 1) * (tw // 3)
            if width <= self.room or height <= 16:
                break
            height = int(height * 0.9)
        pieces: list[tuple[pygame.Surface, int, int]] = []
        if label:
            pieces.append((label[0], 0, (art.size[1] - label[0].get_height()) // 2))
        x = start
        for group in groups:
            for tile, highlight in group:
                pieces.append((art.face(tile, highlight=highlight), x, 0))
                x += tw
            x += tw // 3
        self.rows.append(Row(pieces, art.size[1], int(self.unit * gap)))


def _picture(rows: list[Row]) -> pygame.Surface:
    width = max((row.width for row in rows), default=1)
    image = pygame.Surface(
        (max(1, width), max(1, sum(r.gap + r.height for r in rows))), pygame.SRCALPHA
    )
    y = 0
    for row in rows:
        y += row.gap
        left = (width - row.width) // 2 if row.centred else 0
        for piece, x, dy in row.pieces:
            image.blit(piece, (left + x, y + dy))
        y += row.height
    return image


def fan_text(winner: WinnerResult) -> str:
    if winner.raw_fan != winner.fan:
        return t("result.fan_raw", fan=winner.fan, raw=winner.raw_fan)
    return t("result.fan", fan=winner.fan)


def waiting_text(chosen: dict[int, str], names: list[str], viewer: int | None) -> str:
    """After this player chose Continue or Leave (the buttons are gone): "waiting for 阿强,
    阿珍…", the seats yet to choose, until the table moves on (the next hand, or the
    session's end); "" before the player chose, or once everyone has."""
    if viewer is None or viewer not in chosen:
        return ""
    waited = [names[seat] for seat in range(len(names)) if seat not in chosen]
    if not waited:
        return ""
    return t("result.waiting_for", names=t("common.list_separator").join(waited))


def build(
    result: HandEnded,
    *,
    names: list[str],
    viewer: int | None,
    too_low: list[int],
    unit: int,
    room: int,
    art: Callable[[int], TileArt],
    columns: int = 1,
    waiting: str = "",
) -> tuple[list[Row], list[str]]:
    """The rows of the box with text `unit` pixels high, none wider than `room` if it can;
    several winners side by side in `columns`; `waiting` (waiting_text) last."""

    def name(seat: int | None) -> str:
        if seat is None:
            return "?"
        return names[seat] if 0 <= seat < len(names) else str(seat)

    b = _Builder(unit, art, room)
    if not result.winners:
        b.text(t("result.draw"), scale=1.3, color=GOLD, bold=True, centred=True)
        label_size = b.size(0.9)
        labels = [render_text(name(seat), label_size, WHITE) for seat in range(4)]
        label_width = max(label.get_width() for label in labels) + unit
        for seat in range(4):
            groups = [[(tile, False) for tile in result.hands[seat]]]
            melds = result.melds[seat] if seat < len(result.melds) else ()
            groups += [[(tile, False) for tile in tiles] for _, tiles in melds]
            b.tiles(groups, height=int(unit * 1.7), label=(labels[seat], label_width), gap=0.3)
            b.lines.append(name(seat))
    columns = max(1, min(columns, len(result.winners)))
    column_room = (room - (columns - 1) * 2 * unit) // columns
    blocks: list[list[Row]] = []
    for n, winner in enumerate(result.winners):
        w = _Builder(unit, art, column_room)
        _winner_rows(w, winner, result, name, viewer, gap=0.8 if n and columns == 1 else 0.0)
        b.lines += w.lines
        if columns == 1:
            b.rows += w.rows
        else:
            blocks.append(w.rows)
    for i in range(0, len(blocks), columns):
        b.blocks(blocks[i : i + columns], gap=0.8 if i else 0.0)
    scores = []
    for seat in range(4):
        delta = result.deltas[seat]
        color = GOLD if delta > 0 else (LOSS if delta < 0 else MUTED)
        scores.append((f"{name(seat)}  {delta:+d}  ({result.scores[seat]})", color))
    b.grid(scores, gap=0.8)
    if result.liable is not None:
        b.text(t("result.liable", name=name(result.liable)), color=LOSS, gap=0.4)
    payments = [
        (
            t("result.payment", payer=name(p.payer), payee=name(p.payee), amount=p.amount)
            + f"  ({t('result.payment.' + p.reason)})",
            MUTED,
        )
        for p in result.payments
    ]
    for owner, horses in enumerate(result.horses):
        if horses:
            tiles = " ".join(tile_name(tile) for tile in horses)
            payments.append((t("result.horses") + f" · {name(owner)}: {tiles}", MUTED))
    if payments:
        b.grid(payments, scale=0.85, gap=0.4)
    for seat in too_low:
        me = seat == viewer
        text = (
            t("result.score_too_low") if me else t("result.player_score_too_low", name=name(seat))
        )
        b.text(text, color=LOSS, bold=me, gap=0.4)
    if waiting:
        b.text(waiting, color=GOLD, gap=0.6, centred=True)
    return b.rows, b.lines


def _winner_rows(
    b: _Builder,
    winner: WinnerResult,
    result: HandEnded,
    name: Callable[[int | None], str],
    viewer: int | None,
    gap: float,
) -> None:
    """A winner's title, hand, patterns (one a line) and counted fan."""
    how = {
        "self_drawn": t("result.self_drawn"),
        "robbing_kong": t("result.robbing"),
        "discard": t("result.on_discard", name=name(result.loser)),
    }.get(result.kind, "")
    if winner.seat == viewer:
        title = t("result.you_win", how=how, fan=fan_text(winner))
        short = t("result.you_win_short", how=how)
    else:
        title = t("result.winner", name=name(winner.seat), how=how, fan=fan_text(winner))
        short = t("result.winner_short", name=name(winner.seat), how=how)
    if render_text(title, b.size(1.15), GOLD, bold=True).get_width() > b.room:
        title = short  # the counted fan is on the Total line below
    b.text(title, scale=1.15, color=GOLD, bold=True, gap=gap)
    groups = [[(tile, False) for tile in winner.concealed], [(winner.winning_tile, True)]]
    groups += [[(tile, False) for tile in tiles] for _, tiles in winner.melds]
    b.tiles(groups, height=int(b.unit * 2.1), gap=0.3)
    # the pattern's name in the UI's language: 对对胡 in 简体, 對對胡 in 繁體, All pungs in
    # English; the other language's beside it, muted, only for a player who asked for both
    # (Settings › Pattern names): to the others it is noise
    named = [(p, pattern_names(p.id)) for p in winner.patterns]
    both = any(other for _, (_, other) in named)
    beside: list[list[tuple[str, tuple[int, int, int]]]] = [
        [(other, MUTED)] if both else [] for _, (_, other) in named
    ]
    cells = [
        [(name, WHITE), *extra, (t("result.fan", fan=p.fan), WHITE)]
        for (p, (name, _)), extra in zip(named, beside, strict=True)
    ]
    total = [(t("result.total"), GOLD), *([("", GOLD)] if both else []), (fan_text(winner), GOLD)]
    cells.append(total)
    b.table(cells, scale=0.9, gap=0.3, right=frozenset({2 if both else 1}))


def lay_out(
    screen_size: tuple[int, int],
    top: int,
    buttons_width: Callable[[int], int],
    make_rows: Callable[[int, int, int], tuple[list[Row], list[str]]],
    most_columns: int = 1,
) -> ResultLayout:
    """The box centred below `top`, its text shrunk until it fits the screen.

    `buttons_width`: the width of the row of buttons, for a button height."""
    w, h = screen_size
    room_w = int(w * 0.9)
    room_h = h - top - int(h * 0.015)
    unit = max(SMALLEST_TEXT, int(h * 0.028))
    most_columns = max(1, most_columns)
    while True:
        margin = max(8, int(unit * 1.0))
        button_height = max(24, int(unit * 2.0))
        for columns in range(1, most_columns + 1):
            rows, lines = make_rows(unit, room_w - 2 * margin, columns)
            content_w = max([buttons_width(button_height), *(row.width for row in rows)])
            content_h = sum(row.gap + row.height for row in rows) + unit + button_height
            fits = content_w + 2 * margin <= room_w and content_h + 2 * margin <= room_h
            if fits:
                break
        if fits or unit <= SMALLEST_TEXT:
            break
        unit = max(SMALLEST_TEXT, unit - max(1, unit // 10))
    box = pygame.Rect(0, 0, min(room_w, content_w + 2 * margin), content_h + 2 * margin)
    box.width = max(box.width, int(w * 0.4))
    box.center = (w // 2, h // 2)
    if box.top < top:
        box.top = top
    box.clamp_ip(pygame.Rect(0, 0, w, h))
    return ResultLayout(box, margin, button_height, rows, lines)
