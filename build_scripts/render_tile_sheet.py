"""Render every tile into a PNG contact sheet, headless, to look the artwork over.

    python build_scripts/render_tile_sheet.py OUT.png [--heights 48 96] [--scale N]

One block per tile height: the 9 characters, 9 dots and 9 bamboo on their own rows,
then the 7 honours, the 8 flowers, and a row of extras (the back, a highlighted and a
dimmed tile, and sideways tiles as the side seats' rivers and walls show them).
Needs no display.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from client.assets import render_text
from client.render.tiles import TileArt

TABLE_GREEN = (22, 92, 58)
LABEL = (230, 236, 220)


def _rows(art: TileArt) -> list[tuple[str, list[pygame.Surface]]]:
    return [
        ("万", [art.face(t) for t in range(0, 9)]),
        ("筒", [art.face(t) for t in range(9, 18)]),
        ("条", [art.face(t) for t in range(18, 27)]),
        ("字", [art.face(t) for t in range(27, 34)]),
        ("花", [art.face(t) for t in range(34, 42)]),
        (
            "其他",
            [
                art.back(),
                art.face(33, highlight=True),
                art.face(4, dim=True),
                art.face(15, highlight=True, dim=True),
                art.face_rotated(22, 1),
                art.face_rotated(27, 2),
                art.face_rotated(13, 3, highlight=True),
                art.back_rotated(1),
            ],
        ),
    ]


def render_sheet(heights: list[int]) -> pygame.Surface:
    blocks = []
    for height in heights:
        art = TileArt(height)
        gap = max(4, height // 8)
        label_size = max(14, height // 3)
        rows = _rows(art)
        label_w = max(render_text(name, label_size, LABEL).get_width() for name, _ in rows)
        title = render_text(f"{height} px", label_size, LABEL)
        width = (
            gap
            + label_w
            + gap
            + max(sum(s.get_width() + gap for s in images) for _, images in rows)
        )
        row_h = max(s.get_height() for _, images in rows for s in images)
        height_px = gap + title.get_height() + gap + len(rows) * (row_h + gap)
        block = pygame.Surface((width, height_px))
        block.fill(TABLE_GREEN)
        block.blit(title, (gap, gap))
        y = gap * 2 + title.get_height()
        for name, images in rows:
            label = render_text(name, label_size, LABEL)
            block.blit(label, (gap, y + (row_h - label.get_height()) // 2))
            x = gap * 2 + label_w
            for image in images:
                block.blit(image, (x, y + row_h - image.get_height()))
                x += image.get_width() + gap
            y += row_h + gap
        blocks.append(block)
    sheet = pygame.Surface(
        (max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks))
    )
    sheet.fill(TABLE_GREEN)
    y = 0
    for block in blocks:
        sheet.blit(block, (0, y))
        y += block.get_height()
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="PNG file to write")
    parser.add_argument("--heights", type=int, nargs="+", default=[48, 96])
    parser.add_argument(
        "--scale", type=int, default=1, help="enlarge the sheet N× (pixel-exact) to inspect"
    )
    args = parser.parse_args(argv)
    pygame.init()
    sheet = render_sheet(args.heights)
    if args.scale > 1:
        w, h = sheet.get_size()
        sheet = pygame.transform.scale(sheet, (w * args.scale, h * args.scale))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.output))
    print(f"wrote {args.output} ({sheet.get_width()}×{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
