"""The big call-outs (吃！碰！槓！胡！自摸！) never cover a name badge: for every seat, at 1280×720
and 1920×1080, in each language, nothing of the call-out is drawn inside any badge."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from client.app import App
from client.i18n import LANGUAGES, set_language, t
from client.widgets import banners
from client.widgets.banners import Callout
from tests.support.gui import late_game_connection, show_table
from tests.support.screens import save

SIZES = [(1280, 720), (1920, 1080)]
KEY = (255, 0, 255)
"""A colour no call-out uses: whatever is not it inside a badge was drawn there."""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_callouts_keep_off_the_name_badges(
    app: App, size: tuple[int, int], language: str
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    scene = show_table(app, late_game_connection())
    layout = scene.lay_out()
    badges = [badge.rect for badge in layout.badges]
    assert len(badges) == 4
    for word in ("call.chow", "call.pung", "call.kong", "call.win", "call.self_drawn"):
        for seat in range(4):
            canvas = pygame.Surface(size)
            canvas.fill(KEY)
            banners.draw_callouts(canvas, [Callout(t(word), seat, 1e9)], layout.relative, badges)
            for other, badge in enumerate(badges):
                inside = canvas.subsurface(badge.clip(canvas.get_rect()))
                drawn = pygame.mask.from_threshold(inside, KEY, (1, 1, 1, 255)).count()
                covered = inside.get_width() * inside.get_height() - drawn
                assert covered == 0, (
                    f"{t(word)} of seat {seat} covers {covered} px of seat {other}'s badge"
                )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshot_of_callouts_at_every_seat(
    app: App, size: tuple[int, int], language: str, shots_dir: Path
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    scene = show_table(app, late_game_connection())
    words = ("call.pung", "call.chow", "call.self_drawn", "call.kong")
    scene.callouts = [Callout(t(word), seat, 1e9) for seat, word in enumerate(words)]
    save(app, shots_dir, "table-callouts", language)
