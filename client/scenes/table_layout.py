"""Where everything at the table goes: a pure function of the scene's model and the screen size.

`lay_out(model, size, art)` returns a frozen `TableLayout`: every tile's rectangle, the
buttons' rectangles and what they send, the hint's and the result's boxes, and the places
of the timers and the turn compass. The draw step (table_draw.py) only reads it and the
input step (table_input.py) hit-tests against it, so what a click hits is exactly what was
drawn. `art` gives the tile pictures of a height (a cache: the same height, the same art);
the layout reads only their sizes, and the chow buttons' icon widths.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from client.assets import render_text
from client.i18n import t, wind_name
from client.render.tiles import TileArt
from client.render.wall import wall_depth
from client.scenes import result as result_box
from client.scenes.table_buttons import (
    BUTTON_GAP,
    ButtonPlace,
    button_width,
    lay_out_buttons,
    menu_buttons,
    result_actions,
)
from client.ui import WHITE, fitted_text, wrap_chunks
from shared.actions import AnyAction, Discard
from shared.views import TableView

TILE_SCALE = {"small": 0.09, "medium": 0.105, "large": 0.12}
Art = Callable[[int], TileArt]


@dataclass(frozen=True)
class TableModel:
    """Everything the layout depends on, gathered by the scene (see TableScene.model)."""

    view: TableView | None
    legal: tuple[AnyAction, ...] = ()
    names: tuple[str, ...] = ("?", "?", "?", "?")
    selected: int | None = None
    tile_size: str = "medium"
    chat_open: bool = False
    toggles: tuple[bool, bool, bool] = (False, False, False)
    """auto_win, auto_pass, auto_discard (TOGGLES)."""
    hint: tuple[tuple[str, ...], ...] = ()
    """The hint's lines (each in pieces a line may break between); empty: no hint box."""
    min_fan: int = 0
    too_low: tuple[int, ...] = ()
    waiting: str = ""
    """After this player chose Continue or Leave: whom the table still waits for
    (result.waiting_text)."""
    session_over: bool = False
    """The host ended the session (`session_ended`): the result box's one button leads to
    the final standings (client/scenes/over.py)."""
    wall_per_side: int = 17
    language: str = "zh-Hans"
    """Every label depends on it: a new language is a new layout."""
    open_hands: tuple[tuple[int, ...], ...] = ()
    """The replay viewer's "all hands open": each seat's concealed tiles, drawn face up
    instead of the backs (empty: backs, as at a live table, which never knows them)."""


@dataclass(frozen=True)
class Place:
    """One tile to draw: `tile` None is a back; `turns` quarter turns (0 upright)."""

    rect: pygame.Rect
    height: int
    tile: int | None
    turns: int = 0
    motion: tuple[object, ...] | None = None
    """The slide that may move it (client.render.motion keys), anchored at `anchor`."""
    anchor: tuple[int, int] = (0, 0)
    highlight: bool = False
    dim: bool = False
    hand_index: int | None = None
    """Its index among the player's hand tiles (the one a drag may hold)."""
    shaded: bool = False
    """A river tile let go as it was drawn (摸切): drawn a little darker."""


@dataclass(frozen=True)
class HintBox:
    rect: pygame.Rect
    lines: tuple[str, ...]
    size: int
    room: int
    step: int


@dataclass(frozen=True)
class Badge:
    """A seat's name badge: its text, where it is drawn, and the seat timer's place."""

    text: str
    rect: pygame.Rect
    size: int
    timer: pygame.Rect


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    me: int
    """The seat drawn at the bottom (seat 0 for a spectator)."""
    ring: pygame.Rect | None = None
    """The wall's outer edge (None: no hand to show yet)."""
    centre: pygame.Rect | None = None
    """The box inside the wall: the turn compass, the prevailing wind, tiles left, dice."""
    tiles: tuple[Place, ...] = ()
    hand: tuple[tuple[pygame.Rect, int], ...] = ()
    """The player's hand tiles, (rect, tile), left to right, the drawn tile last."""
    rivers: tuple[tuple[pygame.Rect, ...], ...] = ((), (), (), ())
    """Each seat's river tiles, by seat, in the order discarded."""
    badges: tuple[Badge, ...] = ()
    """By seat."""
    hand_timer: pygame.Rect | None = None
    """The discard timer, beside the player's hand."""
    claim_bar: pygame.Rect | None = None
    """The prompt's countdown, a bar along the row of the host's choices..."""
    claim_timer: pygame.Rect | None = None
    """...and its ring with the seconds, at one end of that row."""
    buttons: tuple[ButtonPlace, ...] = ()
    hint: HintBox | None = None
    result: result_box.ResultLayout | None = field(default=None, compare=False)

    def relative(self, seat: int) -> int:
        """0 me (bottom), 1 下家 (right), 2 opposite (top), 3 上家 (left)."""
        return (seat - self.me) % 4


def wall_ring(w: int, h: int) -> pygame.Rect:
    """The wall's outer edge: the rivers lie outside it, the wind, tiles left and dice inside."""
    ring = pygame.Rect(0, 0, int(w * 0.17), int(h * 0.21))
    ring.center = (w // 2, int(h * 0.42))
    return ring


def lay_out(model: TableModel, size: tuple[int, int], art: Art) -> TableLayout:
    """The whole table for `model` on a screen of `size`."""
    w, h = size
    view = model.view
    me = view.seat if view is not None and view.seat is not None else 0
    if view is None:
        return TableLayout(size, me, buttons=tuple(menu_buttons(model, size)))
    rel = [(seat - me) % 4 for seat in range(4)]
    ring = wall_ring(w, h)
    depth = wall_depth(ring, model.wall_per_side)
    centre = ring.inflate(-2 * depth - 2 * int(h * 0.008), -2 * depth - 2 * int(h * 0.008))
    tiles: list[Place] = []
    rivers = tuple(_river(view, seat, rel[seat], size, art, tiles) for seat in range(4))
    for seat in range(4):
        if rel[seat] != 0 or view.seat is None:  # a spectator sees all four from outside
            open_tiles = model.open_hands[seat] if model.open_hands else ()
            _opponent(view, seat, rel[seat], size, art, tiles, open_tiles)
    badges = tuple(_badge(model, view, seat, rel[seat], size, art, tiles) for seat in range(4))
    hand = _my_hand(model, view, size, art, tiles)
    hand_timer = None
    if hand:  # above the last tile (the one just drawn, on a turn): where the eye is
        side = int(h * 0.06)
        last = hand[-1][0]
        hand_timer = pygame.Rect(0, 0, side, side)
        hand_timer.midbottom = (last.centerx, last.top - int(h * 0.012))
    hint = _hint(model, view, size, rivers)
    result = None
    if view.phase == "ended" and view.result is not None:
        result = _result(model, view, view.result, size, art)
    buttons = lay_out_buttons(model, view, size, art, result)
    claim_bar, claim_timer = _prompt_timer(buttons, badges[me], size, result is not None)
    if view.phase == "turn" and hand_timer is not None:
        claim_timer = None  # on a turn the ring beside the hand says it
    return TableLayout(
        size=size,
        me=me,
        ring=ring,
        centre=centre,
        tiles=tuple(tiles),
        hand=tuple(hand),
        rivers=rivers,
        badges=badges,
        hand_timer=hand_timer,
        claim_bar=claim_bar,
        claim_timer=claim_timer,
        buttons=tuple(buttons),
        hint=hint,
        result=result,
    )


def _prompt_timer(
    buttons: list[ButtonPlace], mine: Badge, size: tuple[int, int], in_result: bool
) -> tuple[pygame.Rect | None, pygame.Rect | None]:
    """Where the countdown of the host's choices goes: a thin bar along the top of their
    row (under it in the result box, in its margin) and a ring with the seconds left of
    the row, or right of it when the player's badge leaves no room on the left, or over
    the bar's left end when neither end has room."""
    w, h = size
    prompt = [b.rect for b in buttons if b.prompt]
    if not prompt:
        return None, None
    row = prompt[0].unionall(prompt[1:])
    thick = max(4, int(h * 0.007))
    top = row.bottom + int(h * 0.008) if in_result else row.y - int(h * 0.012) - thick
    bar = pygame.Rect(row.x, top, row.width, thick)
    side = min(row.height, int(h * 0.055))
    ring = pygame.Rect(0, 0, side, side)
    gap = int(w * 0.008)
    ring.midright = (row.left - gap, row.centery)
    if ring.colliderect(mine.rect.inflate(2 * gap, 2 * gap)) or ring.left < gap:
        ring.midleft = (row.right + gap, row.centery)
    if ring.right > w - gap:  # no room at either end: over the bar's left end
        ring.bottomleft = (row.left, bar.top - gap)
    return bar, ring


# --- tiles ---------------------------------------------------------------------------------


def _river(
    view: TableView, seat: int, rel: int, size: tuple[int, int], art: Art, out: list[Place]
) -> tuple[pygame.Rect, ...]:
    w, h = size
    height = max(16, int(h * 0.052))
    tiles = art(height)
    tw, th = tiles.size
    ring = wall_ring(w, h)
    cx, cy = ring.center
    beside = ring.width // 2 + int(w * 0.006)
    above = ring.height // 2 + int(h * 0.008)
    # The rivers across clear the ones beside, which reach past the wall's corners.
    per_row = 6 if rel in (1, 3) else max(6, min(8, 2 * beside // tw))
    river = view.seats[seat].river
    from_draw = view.seats[seat].river_from_draw
    last = view.last_discard
    turns = (0, 1, 2, 3)[rel]
    iw, ih = tiles.rotated_size(turns)
    rects = []
    for i, tile in enumerate(river):
        row, col = divmod(i, per_row)
        if rel == 0:
            x, y = cx - per_row * tw // 2 + col * tw, cy + above + row * th
        elif rel == 2:
            x, y = cx + per_row * tw // 2 - (col + 1) * tw, cy - above - (row + 1) * th
        elif rel == 1:
            x, y = cx + beside + row * iw, cy + per_row * ih // 2 - (col + 1) * ih
        else:
            x, y = cx - beside - (row + 1) * iw, cy - per_row * ih // 2 + col * ih
        rect = pygame.Rect(x, y, iw, ih)
        rects.append(rect)
        highlight = last is not None and last[0] == seat and i == len(river) - 1
        shaded = i < len(from_draw) and from_draw[i]
        out.append(
            Place(
                rect,
                height,
                tile,
                turns,
                ("river", seat, i),
                rect.center,
                highlight=highlight,
                shaded=shaded,
            )
        )
    return tuple(rects)


def _opponent(
    view: TableView,
    seat: int,
    rel: int,
    size: tuple[int, int],
    art: Art,
    out: list[Place],
    open_tiles: tuple[int, ...] = (),
) -> None:
    """Another seat's hand (backs, or `open_tiles` face up) and its melds."""
    w, h = size
    public = view.seats[seat]
    height = max(16, int(h * 0.06))
    tw, th = art(height).size
    count = public.concealed_count
    faces: list[int | None] = list(open_tiles) if len(open_tiles) == count else [None] * count
    melds: list[tuple[int | None, ...]] = [(m.tiles or (None,) * 4) for m in public.melds]
    if rel == 0:  # only a spectator sees the bottom seat from outside
        width = count * tw + sum(len(tiles) * tw + tw // 3 for tiles in melds)
        x, y = (w - width) // 2, h - th - int(h * 0.03)
        for face in faces:
            out.append(Place(pygame.Rect(x, y, tw, th), height, face))
            x += tw
        for index, tiles in enumerate(melds):
            x += tw // 3
            anchor = (x, y)
            for tile in tiles:
                rect = pygame.Rect(x, y, tw, th)
                out.append(Place(rect, height, tile, 0, ("meld", seat, index), anchor))
                x += tw
    elif rel == 2:
        y = int(h * 0.07)
        x0 = w // 2 - (count * tw) // 2
        for i, face in enumerate(reversed(faces)):  # upside down: its first tile on the right
            out.append(Place(pygame.Rect(x0 + i * tw, y, tw, th), height, face, 2))
        mx = x0 - tw // 2
        for index, tiles in enumerate(melds):
            anchor = (mx - tw, y)
            for tile in reversed(tiles):
                mx -= tw
                rect = pygame.Rect(mx, y, tw, th)
                out.append(Place(rect, height, tile, 2, ("meld", seat, index), anchor))
            mx -= tw // 3
    else:
        turns = 1 if rel == 1 else 3
        bw, bh = art(height).rotated_size(turns)
        top, bottom = int(h * 0.2), int(h * 0.64)
        pieces: list[tuple[bool, int | None, int | None]] = [(True, f, None) for f in faces]
        if rel == 1:  # turned to face the centre: its first tile at the bottom
            pieces.reverse()
        for index, tiles in enumerate(melds):
            pieces.append((False, None, None))  # a gap between sets
            pieces.extend((True, tile, index) for tile in tiles)
        # Tiles overlap a little when a long row would not fit between the badges.
        step = min(bh, (bottom - top) // max(1, len(pieces)))
        x = int(w * 0.91) if rel == 1 else int(w * 0.09) - bw
        y = (top + bottom) // 2 - step * len(pieces) // 2
        anchors: dict[int, tuple[int, int]] = {}
        for shown, tile, meld_index in pieces:
            if shown:
                rect = pygame.Rect(x, y, bw, bh)
                if meld_index is None:
                    out.append(Place(rect, height, tile, turns))
                else:
                    anchor = anchors.setdefault(meld_index, (x, y))
                    key = ("meld", seat, meld_index)
                    out.append(Place(rect, height, tile, turns, key, anchor))
            y += step


def _badge(
    model: TableModel,
    view: TableView,
    seat: int,
    rel: int,
    size: tuple[int, int],
    art: Art,
    out: list[Place],
) -> Badge:
    """A seat's wind, name and score, its flowers under it (beside it for the seat across,
    whose hand lies just under its badge) and, beside it, where its timer goes."""
    w, h = size
    wind = wind_name(view.seat_winds[seat])
    dealer = " " + t("table.dealer") if seat == view.dealer else ""
    name = model.names[seat] if seat < len(model.names) else "?"
    text = f"{wind}{dealer}  {name}  {view.scores[seat]}"
    text_size = int(h * 0.027)
    x, y = [
        (int(w * 0.13), int(h * 0.74)),
        (int(w * 0.87), int(h * 0.17)),
        (int(w * 0.5), int(h * 0.04)),
        (int(w * 0.13), int(h * 0.17)),
    ][rel]
    turn = view.current_seat == seat and view.phase in ("turn", "roll")
    rect = render_text(text, text_size, WHITE, bold=turn).get_rect(center=(x, y))
    flowers = view.seats[seat].flowers
    height = max(16, int(h * 0.04))
    fw, fh = art(height).size
    row = pygame.Rect(0, 0, fw * len(flowers), fh)
    if rel == 2:
        row.midleft = (rect.right + fw // 2, rect.centery)
    else:
        row.midtop = (rect.centerx, rect.bottom + 2)
    for i, flower in enumerate(flowers):
        out.append(Place(pygame.Rect(row.x + i * fw, row.y, fw, fh), height, flower))
    side = int(h * 0.042)
    timer = pygame.Rect(0, 0, side, side)
    if rel in (1, 2):  # left of the badge: the screen's edge, or the flowers, on its right
        timer.midright = (rect.left - int(h * 0.01), rect.centery)
    else:
        timer.midleft = (rect.right + int(h * 0.01), rect.centery)
    return Badge(text, rect, text_size, timer)


def _my_hand(
    model: TableModel, view: TableView, size: tuple[int, int], art: Art, out: list[Place]
) -> list[tuple[pygame.Rect, int]]:
    """The player's hand (the drawn tile apart, at its right), then its melds."""
    w, h = size
    if view.seat is None:
        return []
    height = max(16, int(h * TILE_SCALE.get(model.tile_size, 0.105)))
    tw, th = art(height).size
    discards = {a.tile for a in model.legal if isinstance(a, Discard)}
    tiles = list(view.hand)
    melds = view.seats[view.seat].melds
    meld_height = max(16, int(height * 0.75))
    mtw, mth = art(meld_height).size
    meld_width = sum(len(m.tiles or (0,) * 4) * mtw + mtw // 3 for m in melds)
    total = len(tiles) * tw + (tw + tw // 3 if view.drawn is not None else 0)
    x = (w - total - meld_width) // 2
    y = h - th - int(h * 0.03)
    hand: list[tuple[pygame.Rect, int]] = []
    entries = [(tile, 0) for tile in tiles]
    if view.drawn is not None:
        entries.append((view.drawn, tw // 3))
    for tile, gap in entries:
        x += gap
        chosen = tile == model.selected
        lift = int(th * 0.18) if chosen else 0
        rect = pygame.Rect(x, y - lift, tw, th)
        dim = bool(discards) and tile not in discards
        key = ("drawn",) if gap else None
        index = len(hand)
        out.append(Place(rect, height, tile, 0, key, rect.center, chosen, dim, index))
        hand.append((rect, tile))
        x += tw
    x += tw // 2
    my = h - mth - int(h * 0.03)
    for index, meld in enumerate(melds):
        anchor = (x, my)
        for tile in meld.tiles or ():
            rect = pygame.Rect(x, my, mtw, mth)
            out.append(Place(rect, meld_height, tile, 0, ("meld", view.seat, index), anchor))
            x += mtw
        x += mtw // 3
    return hand


# --- boxes ---------------------------------------------------------------------------------


def _hint(
    model: TableModel,
    view: TableView,
    size: tuple[int, int],
    rivers: tuple[tuple[pygame.Rect, ...], ...],
) -> HintBox | None:
    """听牌提示, between the river on the right and the right-hand player's hand."""
    if not model.hint:
        return None
    w, h = size
    text_size = int(h * 0.022)
    right = int(w * 0.9)
    river = rivers[((view.seat or 0) + 1) % 4]
    left = max([wall_ring(w, h).right + int(w * 0.08), *(r.right for r in river)])
    left += int(w * 0.01)
    room = right - left - 20
    lines = [t("hint.title")]
    for chunks in model.hint:
        lines.extend(wrap_chunks(chunks, text_size, room))
    if model.min_fan:
        lines.append(t("hint.min_fan", min_fan=model.min_fan))
    step = int(text_size * 1.5)
    fits = max(2, (int(h * 0.66) - int(h * 0.25) - 12) // step)
    lines = lines[:fits]
    width = max(fitted_text(line, text_size, WHITE, room).get_width() for line in lines) + 20
    box = pygame.Rect(0, int(h * 0.25), width, step * len(lines) + 12)
    box.right = right
    return HintBox(box, tuple(lines), text_size, room, step)


def _result(
    model: TableModel, view: TableView, result: object, size: tuple[int, int], art: Art
) -> result_box.ResultLayout:
    """The hand's result box, measured before the buttons that go inside it at its bottom."""
    from shared.events import HandEnded

    assert isinstance(result, HandEnded)
    w, h = size
    labels = [label for label, *_ in result_actions(model.legal)]
    if model.session_over:
        labels.append(t("over.final_standings"))

    def buttons_width(height: int) -> int:
        widths = [button_width(label, height, 0, int(w * 0.07)) for label in labels]
        return sum(widths) + BUTTON_GAP * max(0, len(widths) - 1)

    return result_box.lay_out(
        size,
        int(h * 0.065),  # below the menu and chat buttons
        buttons_width,
        lambda unit, room, columns: result_box.build(
            result,
            names=list(model.names),
            viewer=view.seat,
            too_low=list(model.too_low),
            waiting=model.waiting,
            unit=unit,
            room=room,
            art=art,
            columns=columns,
        ),
        most_columns=max(1, len(result.winners)),
    )
