"""Mahjong tile artwork drawn by our own code, at any pixel size.

`TileArt(height)` draws every tile the way a Cantonese player knows it from a real set:
an ivory face on a tile body whose thickness shows along the bottom edge (an ivory layer
over a teal back layer), with

* 万 characters: the numeral 一…九 in dark ink above a red 萬;
* 筒 dots: coloured coins laid out as on real tiles (1 筒 one big ornate coin);
* 条 bamboo: green sticks laid out as on real tiles, with the red accents (1 条 a peacock);
* winds 东南西北 in dark ink, 中 in red, 發 in green, 白 as a blue double frame;
* flowers 梅兰竹菊 and seasons 春夏秋冬 as a coloured character with their number 1–4.

Shapes are drawn supersampled and scaled down smoothly (so circles and corners are
antialiased at every size); characters are drawn with the bundled Chinese font at the
final size so they stay crisp. Every surface has per-pixel alpha (rounded corners) and is
cached; nothing here needs a display mode.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from client import assets
from shared.tiles import Tile

Color = tuple[int, int, int]
Point = tuple[float, float]

TILE_COUNT = 42
"""Tiles 0–33 (suits and honours) and 34–41 (flowers and seasons)."""

WIDTH_RATIO = 0.75
"""Tile width as a fraction of its height."""

# --- palette -------------------------------------------------------------------------

IVORY = (250, 246, 232)
IVORY_TOP = (255, 253, 244)
IVORY_BOTTOM = (238, 230, 208)
IVORY_BEVEL = (222, 212, 186)
SIDE_IVORY = (208, 196, 164)
OUTLINE = (84, 78, 62)
TEAL = (18, 118, 104)
TEAL_DARK = (10, 84, 74)
TEAL_LIGHT = (104, 190, 170)
TEAL_TOP = (34, 146, 128)

INK = (22, 28, 64)
RED = (196, 26, 34)
RED_DARK = (128, 14, 20)
GREEN = (16, 128, 66)
GREEN_DARK = (8, 82, 40)
GREEN_LIGHT = (120, 196, 120)
BLUE = (30, 74, 168)
BLUE_DARK = (16, 40, 104)
GOLD = (255, 200, 40)
GOLD_DARK = (196, 120, 0)
GREY = (150, 150, 150)

DOT_COLORS = {"b": BLUE, "g": GREEN, "r": RED}

# --- layouts as on real tiles (x, y as fractions of the face; colours by letter) -----

_DOTS: dict[int, tuple[float, Sequence[tuple[float, float, str]]]] = {
    # rank: (coin radius in face widths, [(x, y, colour)])
    2: (0.23, [(0.5, 0.26, "g"), (0.5, 0.74, "b")]),
    3: (0.18, [(0.21, 0.17, "b"), (0.5, 0.5, "r"), (0.79, 0.83, "g")]),
    4: (
        0.205,
        [(0.26, 0.25, "b"), (0.74, 0.25, "g"), (0.26, 0.75, "g"), (0.74, 0.75, "b")],
    ),
    5: (
        0.17,
        [
            (0.22, 0.19, "b"),
            (0.78, 0.19, "g"),
            (0.5, 0.5, "r"),
            (0.22, 0.81, "g"),
            (0.78, 0.81, "b"),
        ],
    ),
    6: (
        0.16,
        [
            (0.27, 0.16, "g"),
            (0.73, 0.16, "g"),
            (0.27, 0.56, "r"),
            (0.73, 0.56, "r"),
            (0.27, 0.84, "r"),
            (0.73, 0.84, "r"),
        ],
    ),
    7: (
        0.135,
        [
            (0.18, 0.115, "g"),
            (0.5, 0.235, "g"),
            (0.82, 0.355, "g"),
            (0.28, 0.615, "r"),
            (0.72, 0.615, "r"),
            (0.28, 0.87, "r"),
            (0.72, 0.87, "r"),
        ],
    ),
    8: (
        0.14,
        [(x, y, "b") for y in (0.125, 0.375, 0.625, 0.875) for x in (0.28, 0.72)],
    ),
    9: (
        0.145,
        [(x, y, c) for y, c in ((0.16, "b"), (0.5, "r"), (0.84, "g")) for x in (0.18, 0.5, 0.82)],
    ),
}

_BAMBOO: dict[int, tuple[float, float, Sequence[tuple[float, float, float, str]]]] = {
    # rank: (stick length in face heights, stick width in face widths,
    #        [(x, y, tilt in degrees, colour)])
    2: (0.42, 0.17, [(0.5, 0.25, 0, "g"), (0.5, 0.75, 0, "g")]),
    3: (0.42, 0.17, [(0.5, 0.25, 0, "g"), (0.27, 0.75, 0, "g"), (0.73, 0.75, 0, "g")]),
    4: (0.42, 0.17, [(x, y, 0, "g") for y in (0.25, 0.75) for x in (0.27, 0.73)]),
    5: (
        0.42,
        0.16,
        [(x, y, 0, "g") for y in (0.25, 0.75) for x in (0.18, 0.82)] + [(0.5, 0.5, 0, "r")],
    ),
    6: (0.42, 0.16, [(x, y, 0, "g") for y in (0.25, 0.75) for x in (0.19, 0.5, 0.81)]),
    7: (
        0.27,
        0.16,
        [(0.5, 0.17, 0, "r")] + [(x, y, 0, "g") for y in (0.5, 0.83) for x in (0.19, 0.5, 0.81)],
    ),
    8: (
        0.42,
        0.14,
        [
            # outer sticks upright, the inner pairs leaning together: Λ above, V below
            (0.11, 0.25, 0, "g"),
            (0.37, 0.25, 16, "g"),
            (0.63, 0.25, -16, "g"),
            (0.89, 0.25, 0, "g"),
            (0.11, 0.75, 0, "g"),
            (0.37, 0.75, -16, "g"),
            (0.63, 0.75, 16, "g"),
            (0.89, 0.75, 0, "g"),
        ],
    ),
    9: (
        0.27,
        0.16,
        [(x, y, 0, "r" if x == 0.5 else "g") for y in (0.17, 0.5, 0.83) for x in (0.19, 0.5, 0.81)],
    ),
}

_NUMERALS = "一二三四五六七八九"
_WINDS = "東南西北"
"""Winds as printed on Cantonese sets (traditional 東)."""
_FLOWERS = "梅蘭竹菊春夏秋冬"
_FLOWER_COLORS: tuple[Color, ...] = (
    (196, 30, 90),  # 梅 plum blossom
    (118, 52, 156),  # 蘭 orchid
    (20, 120, 60),  # 竹 bamboo
    (200, 118, 10),  # 菊 chrysanthemum
    (30, 140, 70),  # 春 spring
    (204, 40, 36),  # 夏 summer
    (186, 96, 18),  # 秋 autumn
    (36, 84, 176),  # 冬 winter
)


def _mix(a: Color, b: Color, t: float) -> Color:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _rounded_gradient(
    surface: pygame.Surface, rect: pygame.Rect, radius: int, top: Color, bottom: Color
) -> None:
    """Fill a rounded rectangle with a vertical gradient."""
    if rect.width <= 0 or rect.height <= 0:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    last = max(1, rect.height - 1)
    for y in range(rect.height):
        pygame.draw.line(layer, _mix(top, bottom, y / last), (0, y), (rect.width, y))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(layer, rect.topleft)


class _Pen:
    """Draws on a supersampled face: positions are fractions of the face, lengths are in
    face widths (so round things stay round on the taller-than-wide face)."""

    def __init__(self, surface: pygame.Surface, scale: int = 1) -> None:
        self.surface = surface
        self.scale = scale
        """Supersampling factor: pixels of this surface per pixel of the final image."""
        self.w, self.h = surface.get_size()

    def at(self, x: float, y: float) -> Point:
        return (x * self.w, y * self.h)

    def circle(self, x: float, y: float, r: float, color: Color) -> None:
        cx, cy = self.at(x, y)
        pygame.draw.circle(self.surface, color, (cx, cy), max(1.0, r * self.w))

    def polygon(self, points: Sequence[Point], color: Color) -> None:
        pygame.draw.polygon(self.surface, color, list(points))

    def shape(
        self,
        x: float,
        y: float,
        outline: Sequence[Point],
        color: Color,
        angle: float = 0.0,
    ) -> None:
        """A polygon given in face-width units around (x, y), turned by `angle` degrees."""
        cx, cy = self.at(x, y)
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        pts = [
            (cx + (px * c - py * s) * self.w, cy + (px * s + py * c) * self.w) for px, py in outline
        ]
        self.polygon(pts, color)

    def ellipse(
        self, x: float, y: float, rx: float, ry: float, color: Color, angle: float = 0.0
    ) -> None:
        self.shape(x, y, _ellipse_outline(rx, ry), color, angle)

    def rect(self, x0: float, y0: float, x1: float, y1: float, color: Color) -> None:
        (ax, ay), (bx, by) = self.at(x0, y0), self.at(x1, y1)
        pygame.draw.rect(self.surface, color, pygame.Rect(ax, ay, bx - ax, by - ay))


def _ellipse_outline(rx: float, ry: float, steps: int = 40) -> list[Point]:
    return [
        (rx * math.cos(2 * math.pi * i / steps), ry * math.sin(2 * math.pi * i / steps))
        for i in range(steps)
    ]


def _capsule_outline(half_len: float, half_width: float, steps: int = 10) -> list[Point]:
    """An upright capsule (rounded at both ends) centred on the origin."""
    straight = max(0.0, half_len - half_width)
    pts: list[Point] = []
    for i in range(steps + 1):  # top cap, left to right
        a = math.pi + math.pi * i / steps
        pts.append((half_width * math.cos(a), -straight + half_width * math.sin(a)))
    for i in range(steps + 1):  # bottom cap, right to left
        a = math.pi * i / steps
        pts.append((half_width * math.cos(a), straight + half_width * math.sin(a)))
    return pts


# --- face content --------------------------------------------------------------------


def _coin(pen: _Pen, x: float, y: float, r: float, color: Color) -> None:
    """One dot: a coloured coin with an ivory ring and a patterned centre."""
    px = r * pen.w / pen.scale  # final radius in pixels
    dark = _mix(color, (0, 0, 0), 0.35)
    pen.circle(x, y, r, dark)
    pen.circle(x, y, r * 0.9, color)
    pen.circle(x, y, r * 0.68, IVORY)
    pen.circle(x, y, r * 0.52, color)
    if px >= 7:
        for i in range(8):  # petals round the centre
            a = 2 * math.pi * i / 8
            pen.circle(
                x + r * 0.34 * math.cos(a) * 1.0,
                y + r * 0.34 * math.sin(a) * pen.w / pen.h,
                r * 0.09,
                IVORY,
            )
        pen.circle(x, y, r * 0.16, IVORY)
        pen.circle(x, y, r * 0.08, dark)
    else:
        pen.circle(x, y, r * 0.22, IVORY)


def _big_coin(pen: _Pen) -> None:
    """1 筒: one big ornate coin."""
    x, y, r = 0.5, 0.5, 0.43
    aspect = pen.w / pen.h
    pen.circle(x, y, r, GREEN_DARK)
    pen.circle(x, y, r * 0.94, GREEN)
    pen.circle(x, y, r * 0.86, IVORY)
    for i in range(16):  # a ring of blue beads
        a = 2 * math.pi * (i + 0.5) / 16
        pen.circle(x + r * 0.73 * math.cos(a), y + r * 0.73 * math.sin(a) * aspect, r * 0.095, BLUE)
    pen.circle(x, y, r * 0.58, RED_DARK)
    pen.circle(x, y, r * 0.54, RED)
    for i in range(8):  # ivory petals in the red disc
        a = 2 * math.pi * i / 8
        pen.ellipse(
            x + r * 0.36 * math.cos(a),
            y + r * 0.36 * math.sin(a) * aspect,
            r * 0.13,
            r * 0.07,
            IVORY,
            math.degrees(a),
        )
    pen.circle(x, y, r * 0.2, IVORY)
    pen.circle(x, y, r * 0.13, GREEN)
    pen.circle(x, y, r * 0.05, IVORY)


def _stick(
    pen: _Pen, x: float, y: float, length: float, width: float, color: Color, angle: float
) -> None:
    """One bamboo stick: a capsule with three joints and a light highlight."""
    half = length * pen.h / pen.w / 2  # length given in face heights
    b = width / 2
    dark = _mix(color, (0, 0, 0), 0.45)
    light = _mix(color, (255, 255, 255), 0.55)
    pen.shape(x, y, _capsule_outline(half + b * 0.25, b * 1.25), dark, angle)
    pen.shape(x, y, _capsule_outline(half, b), color, angle)
    # highlight strips between the joints
    for y0, y1 in ((-half * 0.82, -half * 0.12), (half * 0.12, half * 0.82)):
        pen.shape(
            x,
            y,
            [(-b * 0.55, y0), (-b * 0.2, y0), (-b * 0.2, y1), (-b * 0.55, y1)],
            light,
            angle,
        )
    # joints: a dark band with a small bulge, at both ends and the middle
    for jy in (-half * 0.97, 0.0, half * 0.97):
        pen.shape(x, y, _joint(jy, b * 1.3, b * 0.32), dark, angle)


def _joint(cy: float, rx: float, ry: float) -> list[Point]:
    return [(px, py + cy) for px, py in _ellipse_outline(rx, ry, 24)]


def _peacock(pen: _Pen) -> None:
    """1 条: a stylised peacock with its tail fanned out behind it."""
    aspect = pen.w / pen.h  # converts face-width lengths to face-height fractions
    cx, cy = 0.5, 0.6  # where the tail fans out from
    length = 0.47
    count = 11
    for i in range(count):  # the fan of tail feathers
        a = math.radians(-172 + i * 164 / (count - 1))
        fx = cx + math.cos(a) * length * 0.5
        fy = cy + math.sin(a) * length * 0.5 * aspect
        color = GREEN if i % 2 == 0 else (20, 110, 120)
        pen.ellipse(fx, fy, length * 0.52, 0.078, GREEN_DARK, math.degrees(a))
        pen.ellipse(fx, fy, length * 0.49, 0.062, color, math.degrees(a))
    for i in range(count):  # the eyes at the feather tips
        a = math.radians(-172 + i * 164 / (count - 1))
        ex = cx + math.cos(a) * length * 0.86
        ey = cy + math.sin(a) * length * 0.86 * aspect
        pen.circle(ex, ey, 0.072, GOLD_DARK)
        pen.circle(ex, ey, 0.056, RED)
        pen.circle(ex, ey, 0.026, BLUE_DARK)
    # the perch and the legs
    pen.ellipse(cx, 0.95, 0.34, 0.04, (112, 84, 40))
    for dx in (-0.06, 0.06):
        pen.shape(
            cx + dx,
            0.88,
            [(-0.016, -0.07), (0.016, -0.07), (0.016, 0.06), (-0.016, 0.06)],
            RED_DARK,
        )
    # body, breast and wing
    pen.ellipse(cx, cy + 0.12, 0.17, 0.25, GREEN_DARK)
    pen.ellipse(cx, cy + 0.12, 0.155, 0.235, GREEN)
    pen.ellipse(cx + 0.04, cy + 0.14, 0.075, 0.17, GREEN_LIGHT)
    pen.ellipse(cx - 0.07, cy + 0.14, 0.08, 0.19, BLUE, 10)
    # neck and head
    hx, hy = cx + 0.03, cy - 0.12
    pen.ellipse(cx + 0.02, cy - 0.01, 0.06, 0.13, BLUE)
    # crest: three plumes with gold tips, fanned above the head
    for tilt in (-28, 0, 28):
        pen.shape(
            hx, hy, [(-0.01, -0.06), (0.01, -0.06), (0.006, -0.2), (-0.006, -0.2)], BLUE_DARK, tilt
        )
        t = math.radians(tilt)
        pen.circle(hx + math.sin(t) * 0.2, hy - math.cos(t) * 0.2 * aspect, 0.026, GOLD)
    pen.circle(hx, hy, 0.1, BLUE_DARK)
    pen.circle(hx, hy, 0.087, BLUE)
    # beak and eye
    pen.shape(hx + 0.08, hy, [(0.0, -0.03), (0.085, 0.008), (0.0, 0.035)], GOLD_DARK)
    pen.circle(hx + 0.035, hy - 0.01, 0.032, IVORY)
    pen.circle(hx + 0.042, hy - 0.01, 0.016, (0, 0, 0))


def _white_dragon(pen: _Pen) -> None:
    """白: a blue double frame."""
    aspect = pen.w / pen.h
    x0, x1 = 0.16, 0.84
    y0, y1 = 0.12, 0.88
    t = 0.085  # outer band, in face widths
    pen.rect(x0, y0, x1, y1, BLUE)
    pen.rect(x0 + t, y0 + t * aspect, x1 - t, y1 - t * aspect, IVORY)
    g = t + 0.05
    u = 0.035
    pen.rect(x0 + g, y0 + g * aspect, x1 - g, y1 - g * aspect, BLUE)
    pen.rect(x0 + g + u, y0 + (g + u) * aspect, x1 - g - u, y1 - (g + u) * aspect, IVORY)


def _flower_frame(pen: _Pen, color: Color) -> None:
    aspect = pen.w / pen.h
    m, t = 0.09, 0.025
    pen.rect(m, m * aspect, 1 - m, 1 - m * aspect, _mix(color, IVORY, 0.35))
    pen.rect(m + t, (m + t) * aspect, 1 - m - t, 1 - (m + t) * aspect, IVORY)


class _Glyph:
    """A character to draw at final size, centred in a box given as face fractions.

    `latin` marks a digit or letter: narrower than a Chinese character, so it may be drawn
    at a larger size for its box."""

    def __init__(
        self,
        text: str,
        color: Color,
        box: tuple[float, float, float, float],
        *,
        bold: bool = False,
        latin: bool = False,
    ) -> None:
        self.text, self.color, self.box, self.bold, self.latin = text, color, box, bold, latin

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        x0, y0, x1, y1 = self.box
        bw, bh = (x1 - x0) * w, (y1 - y0) * h
        # measure the ink at a probe size, then render at the size that fills the box
        probe = 64
        ink = self._render(probe).get_bounding_rect()
        if ink.width == 0 or ink.height == 0:
            return
        fill = probe * min(bw / ink.width, bh / ink.height)
        # flat glyphs (一, 二) fill the box's width only up to the size of a full square glyph
        size = max(4, int(min(fill, min(bw, bh) / (0.6 if self.latin else 0.85))))
        image = self._render(size)
        ink = image.get_bounding_rect()
        image = image.subsurface(ink)
        fit = min(bw / ink.width, bh / ink.height, 1.0)
        if fit < 1.0:
            image = pygame.transform.smoothscale(
                image, (max(1, round(ink.width * fit)), max(1, round(ink.height * fit)))
            )
        cx, cy = (x0 + x1) / 2 * w, (y0 + y1) / 2 * h
        surface.blit(image, image.get_rect(center=(round(cx), round(cy))))

    def _render(self, size: int) -> pygame.Surface:
        face = assets.font(size)
        old_bold = face.bold
        face.bold = self.bold
        try:
            return face.render(self.text, True, self.color)
        finally:
            face.bold = old_bold


def _content(tile: int, pen: _Pen) -> list[_Glyph]:
    """Draw the shapes of `tile` with `pen`; return the characters to draw on top."""
    if tile < Tile.P1:  # characters
        return [
            _Glyph(_NUMERALS[tile], INK, (0.08, 0.02, 0.92, 0.46), bold=True),
            _Glyph("萬", RED, (0.08, 0.52, 0.92, 0.99), bold=True),
        ]
    if tile < Tile.S1:  # dots
        rank = tile - Tile.M9
        if rank == 1:
            _big_coin(pen)
        else:
            r, layout = _DOTS[rank]
            for x, y, c in layout:
                _coin(pen, x, y, r, DOT_COLORS[c])
        return []
    if tile < Tile.EAST:  # bamboo
        rank = tile - Tile.P9
        if rank == 1:
            _peacock(pen)
        else:
            length, width, sticks = _BAMBOO[rank]
            for x, y, angle, c in sticks:
                _stick(pen, x, y, length, width, RED if c == "r" else GREEN, angle)
        return []
    if tile < Tile.WHITE:  # winds
        return [_Glyph(_WINDS[tile - Tile.EAST], INK, (0.1, 0.1, 0.9, 0.9), bold=True)]
    if tile == Tile.WHITE:
        _white_dragon(pen)
        return []
    if tile == Tile.GREEN:
        return [_Glyph("發", GREEN, (0.08, 0.1, 0.92, 0.9), bold=True)]
    if tile == Tile.RED:
        return [_Glyph("中", RED, (0.08, 0.1, 0.92, 0.9), bold=True)]
    index = tile - Tile.F1  # flowers and seasons
    color = _FLOWER_COLORS[index]
    _flower_frame(pen, color)
    return [
        _Glyph(str(index % 4 + 1), RED if index < 4 else BLUE, (0.15, 0.1, 0.4, 0.31), latin=True),
        _Glyph(_FLOWERS[index], color, (0.16, 0.3, 0.84, 0.88), bold=True),
    ]


# --- the tile art --------------------------------------------------------------------


class TileArt:
    """Tile images for one tile height; every image is built once and cached.

    Upright tiles are `size` = (≈0.75·height, height): the face on top and the tile's
    thickness as a strip along the bottom edge. Rotated faces (`face_rotated`) keep that
    strip at the bottom of the screen, so a sideways tile still looks like it lies on the
    table; their size is `rotated_size(quarter_turns)`.
    """

    def __init__(self, height: int) -> None:
        if height < 8:
            raise ValueError(f"tile height {height} is too small (at least 8 pixels)")
        self.height = int(height)
        self.width = max(6, round(self.height * WIDTH_RATIO))
        self.depth = max(2, round(self.height * 0.085))
        """Thickness strip at the bottom, in pixels."""
        self.face_height = self.height - self.depth
        self._ss = 4 if self.height <= 64 else 3 if self.height <= 160 else 2
        self._outline = max(1.0, self.height / 90)
        self._cache: dict[tuple, pygame.Surface] = {}

    # public API ------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of an upright tile."""
        return (self.width, self.height)

    def rotated_size(self, quarter_turns: int) -> tuple[int, int]:
        """(width, height) of `face_rotated(..., quarter_turns)`."""
        if quarter_turns % 2 == 0:
            return self.size
        return (self.face_height, self.width + self.depth)

    def face(self, tile: int, *, highlight: bool = False, dim: bool = False) -> pygame.Surface:
        """The face-up tile. `highlight`: gold outline; `dim`: greyed out."""
        return self.face_rotated(tile, 0, highlight=highlight, dim=dim)

    def face_rotated(
        self,
        tile: int,
        quarter_turns: int,
        *,
        highlight: bool = False,
        dim: bool = False,
        shaded: bool = False,
    ) -> pygame.Surface:
        """The face turned by `quarter_turns` × 90° counter-clockwise (1: the face's top
        points left, as in the river of the player on your right; 3: the other way).
        `shaded`: a little darker, colours kept (a river's 摸切, the drawn tile let go)."""
        tile = _check_tile(tile)
        q = quarter_turns % 4
        key = ("face", tile, q, bool(highlight), bool(dim), bool(shaded))
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if shaded:
            image = self._shaded(self.face_rotated(tile, q, highlight=highlight, dim=dim))
        elif highlight or dim:
            image = self._variant(self.face_rotated(tile, q), highlight, dim)
        else:
            plate = self._plate(tile)
            if q:
                plate = pygame.transform.rotate(plate, 90 * q)
            image = self._assemble(plate, "face")
        self._cache[key] = image
        return image

    def back(self, *, highlight: bool = False, dim: bool = False) -> pygame.Surface:
        """A face-down tile: teal with a lighter border."""
        return self.back_rotated(0, highlight=highlight, dim=dim)

    def back_rotated(
        self, quarter_turns: int, *, highlight: bool = False, dim: bool = False
    ) -> pygame.Surface:
        """A face-down tile lying sideways (odd `quarter_turns`), thickness still below;
        the same size as `face_rotated` with those turns."""
        q = quarter_turns % 4
        key = ("back", q, bool(highlight), bool(dim))
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        if highlight or dim:
            image = self._variant(self.back_rotated(q), highlight, dim)
        else:
            plate = self._back_plate()
            if q:
                plate = pygame.transform.rotate(plate, 90 * q)
            image = self._assemble(plate, "back")
        self._cache[key] = image
        return image

    # building blocks -------------------------------------------------------------------

    def _radius(self, w: int, h: int) -> int:
        return max(1, round(min(max(min(w, h) * 0.13, 3.0), min(w, h) / 4) * self._ss))

    def _plate(self, tile: int) -> pygame.Surface:
        """The face alone (no thickness), upright, with its content."""
        key = ("plate", tile)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        w, h, ss = self.width, self.face_height, self._ss
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        big.fill((*IVORY_BOTTOM, 0))
        radius = self._radius(w, h)
        o = round(self._outline * ss)
        pygame.draw.rect(big, OUTLINE, big.get_rect(), border_radius=radius)
        inner = big.get_rect().inflate(-2 * o, -2 * o)
        pygame.draw.rect(big, IVORY_BEVEL, inner, border_radius=max(1, radius - o))
        bevel = max(1, round(min(w, h) * 0.035 * ss))
        face = pygame.Rect(inner.x + bevel, inner.y, inner.w - 2 * bevel, inner.h - bevel)
        _rounded_gradient(big, face, max(1, radius - o - bevel // 2), IVORY_TOP, IVORY_BOTTOM)
        # content is drawn in the face's inner area
        margin_x, margin_y = round(w * 0.07 * ss), round(h * 0.06 * ss)
        area = inner.inflate(-2 * margin_x, -2 * margin_y)
        area.y -= bevel // 2
        pen = _Pen(big.subsurface(area), ss)
        glyphs = _content(tile, pen)
        plate = pygame.transform.smoothscale(big, (w, h))
        if glyphs:
            small_area = pygame.Rect(
                round(area.x / ss), round(area.y / ss), round(area.w / ss), round(area.h / ss)
            )
            target = plate.subsurface(small_area.clip(plate.get_rect()))
            for glyph in glyphs:
                glyph.draw(target)
        self._cache[key] = plate
        return plate

    def _back_plate(self) -> pygame.Surface:
        key = ("plate", "back")
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        w, h, ss = self.width, self.face_height, self._ss
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        big.fill((*TEAL, 0))
        radius = self._radius(w, h)
        o = round(self._outline * ss)
        pygame.draw.rect(big, OUTLINE, big.get_rect(), border_radius=radius)
        inner = big.get_rect().inflate(-2 * o, -2 * o)
        pygame.draw.rect(big, TEAL_LIGHT, inner, border_radius=max(1, radius - o))
        band = max(1, round(min(w, h) * 0.09 * ss))
        core = inner.inflate(-2 * band, -2 * band)
        _rounded_gradient(big, core, max(1, radius - o - band // 2), TEAL_TOP, TEAL_DARK)
        line = max(1, round(min(w, h) * 0.02 * ss))
        motif = core.inflate(-2 * band, -2 * band)
        if motif.width > 2 * line and motif.height > 2 * line:
            pygame.draw.rect(
                big, _mix(TEAL_LIGHT, TEAL, 0.4), motif, line, border_radius=max(1, radius // 2)
            )
        plate = pygame.transform.smoothscale(big, (w, h))
        self._cache[key] = plate
        return plate

    def _assemble(self, plate: pygame.Surface, kind: str) -> pygame.Surface:
        """Put a (possibly rotated) plate on a tile body whose thickness shows below it."""
        pw, ph = plate.get_size()
        out = self._body(pw, ph + self.depth, kind).copy()
        out.blit(plate, (0, 0))
        return out

    def _body(self, w: int, h: int, kind: str) -> pygame.Surface:
        """The tile's body: two layers (ivory and teal) seen along the bottom edge."""
        key = ("body", w, h, kind)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        ss = self._ss
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        big.fill((*SIDE_IVORY, 0))
        radius = self._radius(w, h)
        o = round(self._outline * ss)
        pygame.draw.rect(big, OUTLINE, big.get_rect(), border_radius=radius)
        inner = big.get_rect().inflate(-2 * o, -2 * o)
        upper, lower = (SIDE_IVORY, TEAL) if kind == "face" else (TEAL_DARK, SIDE_IVORY)
        pygame.draw.rect(big, lower, inner, border_radius=max(1, radius - o))
        split = inner.copy()
        split.height -= round(self.depth * ss * 0.45)
        pygame.draw.rect(big, upper, split, border_radius=max(1, radius - o))
        body = pygame.transform.smoothscale(big, (w, h))
        self._cache[key] = body
        return body

    def _ring(self, w: int, h: int) -> pygame.Surface:
        """The gold highlight outline for a tile of this size."""
        key = ("ring", w, h)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        ss = self._ss
        big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        big.fill((*GOLD, 0))
        radius = self._radius(w, h)
        t = max(2, round(max(2.0, self.height * 0.055) * ss))
        pygame.draw.rect(big, GOLD_DARK, big.get_rect(), t, border_radius=radius)
        inner = big.get_rect().inflate(-t // 2, -t // 2)
        pygame.draw.rect(big, GOLD, inner, max(1, t // 2), border_radius=radius)
        ring = pygame.transform.smoothscale(big, (w, h))
        self._cache[key] = ring
        return ring

    @staticmethod
    def _shaded(base: pygame.Surface) -> pygame.Surface:
        # Darker, not grey: the suit's colours must still read at a glance.
        out = base.copy()
        out.fill((190, 190, 200), special_flags=pygame.BLEND_RGB_MULT)
        return out

    def _variant(self, base: pygame.Surface, highlight: bool, dim: bool) -> pygame.Surface:
        out = base.copy()
        if dim:
            grey = pygame.transform.grayscale(base)
            grey.fill((178, 178, 178), special_flags=pygame.BLEND_RGB_MULT)
            grey.fill((40, 40, 40), special_flags=pygame.BLEND_RGB_ADD)
            grey.set_alpha(205)
            out.blit(grey, (0, 0))
        if highlight:
            out.blit(self._ring(*out.get_size()), (0, 0))
        return out


def _check_tile(tile: int) -> int:
    t = int(tile)
    if not 0 <= t < TILE_COUNT:
        raise ValueError(f"no such tile: {tile!r}")
    return t


def all_tiles() -> range:
    """Every tile the art can draw: 0–33 and the flowers 34–41."""
    return range(TILE_COUNT)


__all__ = ["TILE_COUNT", "TileArt", "all_tiles"]
