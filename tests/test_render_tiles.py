"""Tile artwork and fonts: every tile draws headless, at any size, distinctly."""

from __future__ import annotations

import hashlib
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from client import assets
from client.render.tiles import TILE_COUNT, TileArt
from shared.tiles import Tile

SIZES = (24, 48, 120)


def _digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def _alpha(surface: pygame.Surface, x: int, y: int) -> int:
    return surface.get_at((x, y)).a


def _check_shape(surface: pygame.Surface, size: tuple[int, int]) -> None:
    assert surface.get_size() == size
    assert surface.get_flags() & pygame.SRCALPHA
    w, h = size
    assert _alpha(surface, 0, 0) < 128, "rounded corner should be transparent"
    assert _alpha(surface, w - 1, h - 1) < 128, "rounded corner should be transparent"
    assert _alpha(surface, w // 2, h // 2) == 255, "the middle should be opaque"


def test_every_tile_id_is_drawable():
    assert TILE_COUNT == len(Tile) == 42


@pytest.mark.parametrize("height", SIZES)
def test_every_tile_renders_with_size_and_alpha(height):
    art = TileArt(height)
    w, h = art.size
    assert h == height
    assert abs(w - 0.75 * height) <= 1
    for tile in Tile:
        _check_shape(art.face(tile), art.size)
    _check_shape(art.back(), art.size)


@pytest.mark.parametrize("height", SIZES)
def test_faces_of_different_tiles_differ(height):
    art = TileArt(height)
    digests = {_digest(art.face(tile)) for tile in Tile}
    assert len(digests) == len(Tile)
    assert _digest(art.back()) not in digests


@pytest.mark.parametrize("height", SIZES)
def test_highlight_and_dim_change_pixels(height):
    art = TileArt(height)
    for tile in (Tile.M1, Tile.P5, Tile.S1, Tile.RED, Tile.F1):
        plain = _digest(art.face(tile))
        highlighted = art.face(tile, highlight=True)
        dimmed = art.face(tile, dim=True)
        both = art.face(tile, highlight=True, dim=True)
        for variant in (highlighted, dimmed, both):
            _check_shape(variant, art.size)
        assert len({plain, _digest(highlighted), _digest(dimmed), _digest(both)}) == 4


def test_dim_is_greyer():
    art = TileArt(48)
    plain, dimmed = art.face(Tile.RED), art.face(Tile.RED, dim=True)

    def spread(surface: pygame.Surface) -> int:
        # the most saturated pixel: 中 is red, so the dimmed one should be much greyer
        w, h = surface.get_size()
        return max(
            max(c.r, c.g, c.b) - min(c.r, c.g, c.b)
            for c in (surface.get_at((x, y)) for x in range(w) for y in range(h))
        )

    assert spread(dimmed) < spread(plain) / 2


def test_images_are_cached():
    art = TileArt(48)
    assert art.face(Tile.P1) is art.face(Tile.P1)
    assert art.face(Tile.P1, highlight=True) is art.face(Tile.P1, highlight=True)
    assert art.back() is art.back()
    assert art.face_rotated(Tile.EAST, 1) is art.face_rotated(Tile.EAST, 5)


@pytest.mark.parametrize("height", SIZES)
def test_rotated_faces(height):
    art = TileArt(height)
    assert art.face_rotated(Tile.S5, 0) is art.face(Tile.S5)
    for turns in (1, 2, 3):
        image = art.face_rotated(Tile.S5, turns)
        _check_shape(image, art.rotated_size(turns))
    w, h = art.size
    assert art.rotated_size(1)[0] > art.rotated_size(1)[1]  # lies sideways
    assert art.rotated_size(2) == (w, h)
    quarter, half, three = (_digest(art.face_rotated(Tile.S5, q)) for q in (1, 2, 3))
    assert len({quarter, half, three, _digest(art.face(Tile.S5))}) == 4
    _check_shape(art.face_rotated(Tile.S5, 1, highlight=True, dim=True), art.rotated_size(1))
    for turns in (1, 3):
        _check_shape(art.back_rotated(turns), art.rotated_size(turns))
    assert art.back_rotated(0) is art.back()


def test_bad_tiles_and_sizes_are_refused():
    art = TileArt(48)
    with pytest.raises(ValueError):
        art.face(42)
    with pytest.raises(ValueError):
        art.face(-1)
    with pytest.raises(ValueError):
        TileArt(4)


def test_asset_path_finds_the_font():
    path = assets.asset_path(*assets.FONT_FILE)
    assert path.is_file()
    assert path.name == "NotoSansSC-Subset.otf"
    assert assets.asset_path(*assets.LICENCE_FILE).is_file()


def test_asset_path_inside_a_bundle(monkeypatch, tmp_path):
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert assets.asset_path("fonts", "x.ttf") == tmp_path / "assets" / "fonts" / "x.ttf"


def test_font_renders_chinese():
    text = "东南西北中发白 1万"
    image = assets.font(24).render(text, True, (0, 0, 0))
    assert image.get_width() > 0
    assert assets.font(24) is assets.font(24)
    mixed = assets.render_text(text, 24, (0, 0, 0))
    assert mixed.get_width() > 0
    assert mixed.get_bounding_rect().width > 0


def test_latin_and_chinese_come_from_the_one_font():
    assert assets.has_glyph("A") and assets.has_glyph("萬")
    # the digit in "1万" is the font's own, not its missing-glyph box
    box = assets.font(24).render("\ufffe", True, (0, 0, 0))
    one = assets.render_text("1", 24, (0, 0, 0))
    assert _digest(one) != _digest(box)
