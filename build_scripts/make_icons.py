"""Make the app icons from our own tile drawing: the 中 (red dragon) tile, headless.

    python build_scripts/make_icons.py OUT_DIR

Writes OUT_DIR/gdmj.ico (Windows), OUT_DIR/gdmj.icns (macOS) and OUT_DIR/gdmj.png
(256 px, for Linux desktops). Each size is drawn by `client.render.tiles.TileArt` at that
size, not scaled from one big picture, so the small icons stay crisp. Both containers
hold PNG images, which Windows (Vista on) and macOS (10.7 on) read, so no imaging
library is needed: the files are put together here with `struct`.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from client.render.tiles import TileArt

RED_DRAGON = 33
"""中: the tile index of the red dragon (honours 27–33 are 东南西北白发中)."""
TILE_FILL = 0.94
"""The tile's height as a share of the icon's side; the rest is a transparent margin."""

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
"""macOS icon element types with PNG payloads and their pixel sizes (ic11–ic14: @2x)."""
PNG_SIZE = 256


def icon_png(size: int) -> bytes:
    """The 中 tile, upright and centred on a transparent square of `size` pixels, as PNG."""
    if size < 16:
        raise ValueError(f"an icon is at least 16 pixels, not {size}")
    tile = TileArt(max(8, round(size * TILE_FILL))).face(RED_DRAGON)
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    canvas.blit(tile, tile.get_rect(center=(size // 2, size // 2)))
    out = io.BytesIO()
    pygame.image.save(canvas, out, "icon.png")
    return out.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (sizes up to 256)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, payloads = [], []
    for size, png in sorted(images.items()):
        if not 0 < size <= 256:
            raise ValueError(f"an .ico image is 1–256 pixels, not {size}")
        # Width and height are one byte each; 0 means 256.
        entries.append(
            struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        )
        payloads.append(png)
        offset += len(png)
    return header + b"".join(entries) + b"".join(payloads)


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns with every element type of ICNS_TYPES, from PNGs keyed by size."""
    elements = []
    for kind, size in ICNS_TYPES:
        png = images[size]
        elements.append(kind + struct.pack(">I", 8 + len(png)) + png)
    body = b"".join(elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path) -> list[Path]:
    """Write gdmj.ico, gdmj.icns and gdmj.png into `out_dir`; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES), PNG_SIZE})
    images = {size: icon_png(size) for size in sizes}
    written = {
        out_dir / "gdmj.ico": ico_bytes({size: images[size] for size in ICO_SIZES}),
        out_dir / "gdmj.icns": icns_bytes(images),
        out_dir / "gdmj.png": images[PNG_SIZE],
    }
    for path, data in written.items():
        path.write_bytes(data)
    return list(written)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make gdmj.ico, gdmj.icns and gdmj.png.")
    parser.add_argument("out_dir", type=Path, help="folder to write the icons into")
    args = parser.parse_args(argv)
    if args.out_dir.exists() and not args.out_dir.is_dir():
        parser.error(f"{args.out_dir} exists and is not a folder")
    for path in make_icons(args.out_dir):
        print(f"{path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
