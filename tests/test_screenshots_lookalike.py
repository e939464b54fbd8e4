"""Screenshots of the name asked again when the host says the name looks like another
player's (a Cyrillic А in `Аnn` beside a seated `Ann`): our line says the name is, or
looks like, another player's, the host's reason (naming `Ann`) smaller under it. At
1280×720 in 简体, 繁體 and English (PNG files as tests/test_screenshots.py's)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.i18n import set_language, t
from shared.protocol import Error
from tests.support.gui import StillConnection
from tests.support.screens import save

LANGUAGES = ["zh-Hans", "zh-Hant", "en"]
LOOK_ALIKE = "\u0410nn"  # Cyrillic capital А, then Latin nn


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, app: App) -> str:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    set_language(request.param)
    app.screen = pygame.display.set_mode((1280, 720))
    return str(request.param)


def test_a_look_alike_name_is_asked_again_saying_why(
    app: App, shots_dir: Path, language: str
) -> None:
    from client.scenes.connect import ConnectingScene

    reason = (  # as server/room_joining.py words it
        f"the name {LOOK_ALIKE!r} is already at this table (as 'Ann'; look-alike letters: "
        "U+0410 CYRILLIC CAPITAL LETTER A): it belongs to another player; choose another"
    )
    conn = StillConnection(rules=None, view=None, lobby=None, name=LOOK_ALIKE)  # type: ignore[arg-type]
    conn.errors.append(Error("name_taken", reason))
    app.connection = conn  # type: ignore[assignment]
    scene = ConnectingScene(app, None, False)
    app.push(scene)
    save(app, shots_dir, "name-look-alike", language)
    assert app.scene is scene and scene.name_field is not None
    assert scene.name_field.text == LOOK_ALIKE
    said = t("net.name_taken", name=LOOK_ALIKE)
    assert LOOK_ALIKE in said
    assert any(word in said for word in ("看起来一样", "看來一樣", "looks just like"))
