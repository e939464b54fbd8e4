"""Text fields edit as text boxes do everywhere: Ctrl+A/C/V/X (⌘ on macOS), ←/→ and
Home/End (with Shift to select), a click to place the caret, Enter submitting the form.

The clipboard is a fake one here (a dict behind pygame.scrap's put_text/get_text), and one
that fails, for the game's own fallback (client/clipboard.py).
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client import clipboard, ui
from client.app import App
from client.scenes.join import JoinScene
from client.scenes.settings_scene import SettingsScene
from client.ui import TextField
from tests.support.keys import CTRL, SHIFT, clicked, key, run, typed


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A fake system clipboard."""
    held = {"text": ""}
    monkeypatch.setattr(pygame.scrap, "put_text", lambda text: held.update(text=text))
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: held["text"])
    return held


def field(text: str = "", **options: object) -> TextField:
    pygame.display.set_mode((400, 100))
    return TextField(pygame.Rect(10, 10, 380, 50), text, focused=True, **options)  # type: ignore[arg-type]


def test_ctrl_a_then_typing_replaces_everything() -> None:
    box = field("192.168.1.20")
    assert box.handle(key(pygame.K_a, CTRL))
    box.handle(typed("10.0.0.5"))
    assert box.text == "10.0.0.5"


def test_copy_and_paste_go_through_the_clipboard(board: dict[str, str]) -> None:
    source = field("host:47251#KEY")
    source.handle(key(pygame.K_a, CTRL))
    source.handle(key(pygame.K_c, CTRL))
    assert board["text"] == "host:47251#KEY" and source.text == "host:47251#KEY"
    target = field("")
    target.handle(key(pygame.K_v, CTRL))
    assert target.text == "host:47251#KEY"


def test_cut_takes_the_selection_out(board: dict[str, str]) -> None:
    box = field("abcdef")
    box.handle(key(pygame.K_HOME))
    box.handle(key(pygame.K_RIGHT, SHIFT))
    box.handle(key(pygame.K_RIGHT, SHIFT))
    box.handle(key(pygame.K_x, CTRL))
    assert (box.text, board["text"], box.caret) == ("cdef", "ab", 0)


def test_a_paste_keeps_to_what_the_field_allows(board: dict[str, str]) -> None:
    board["text"] = "ab-12 cd\n"
    code = field("", max_length=5, allowed=lambda c: c.isalnum())
    code.handle(key(pygame.K_v, CTRL))
    assert code.text == "ab12c"  # no dash, space or line break; five at most
    board["text"] = "阿" * 20
    name = field("", max_columns=24)
    name.handle(key(pygame.K_v, CTRL))
    assert name.text == "阿" * 12


def test_home_end_and_arrows_move_the_caret_where_typing_goes() -> None:
    box = field("ming")
    box.handle(key(pygame.K_HOME))
    box.handle(typed("A"))
    assert box.text == "Aming"
    box.handle(key(pygame.K_END))
    box.handle(typed("!"))
    box.handle(key(pygame.K_LEFT))
    box.handle(key(pygame.K_BACKSPACE))
    assert box.text == "Amin!"
    box.handle(key(pygame.K_DELETE))
    assert box.text == "Amin"
    box.handle(key(pygame.K_HOME))
    box.handle(key(pygame.K_END, SHIFT))
    assert box.selection() == (0, 4)
    box.handle(key(pygame.K_BACKSPACE))
    assert box.text == ""


def test_a_click_puts_the_caret_between_the_characters_clicked() -> None:
    box = field("abcdef")
    x = box.rect.x + 10 + ui.font(box.text_size).size("abc")[0]
    box.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, box.rect.centery)))
    assert box.caret == 3


def test_the_selection_is_drawn() -> None:
    box = field("abcdef")
    plain = pygame.Surface((400, 100))
    box.draw(plain)
    box.select_all()
    shaded = pygame.Surface((400, 100))
    box.draw(shaded)
    y = box.rect.centery
    assert any(shaded.get_at((x, y))[:3] == ui.SELECTION for x in range(20, 60))
    assert not any(plain.get_at((x, y))[:3] == ui.SELECTION for x in range(20, 60))


def test_on_macos_the_command_key_is_the_shortcut(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui, "SHORTCUT_MOD", pygame.KMOD_META)
    box = field("abc")
    box.handle(key(pygame.K_a, pygame.KMOD_LMETA))
    assert box.selection() == (0, 3)
    box.anchor = None
    assert not box.handle(key(pygame.K_a, CTRL))  # Ctrl+A is not select-all there
    assert box.selection() == (3, 3)


def test_without_a_system_clipboard_copy_and_paste_work_inside_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object) -> None:
        raise pygame.error("no clipboard on this desktop")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    monkeypatch.setattr(clipboard, "_broken", False)
    source = field("阿强")
    source.handle(key(pygame.K_a, CTRL))
    source.handle(key(pygame.K_c, CTRL))
    target = field("")
    target.handle(key(pygame.K_v, CTRL))
    assert target.text == "阿强"


def test_the_real_clipboard_under_the_dummy_driver() -> None:
    """pygame-ce's put_text/get_text work here without scrap.init(): what the game uses."""
    pygame.display.set_mode((100, 100))
    clipboard.copy_text("gdmj 麻将")
    assert clipboard.paste_text() == "gdmj 麻将"


@pytest.mark.parametrize("scene_kind", ["settings", "join"])
def test_enter_in_a_field_submits_its_form(app: App, scene_kind: str) -> None:
    """Enter in the name field saves the settings (and closes them, as Save does); in the
    address field it joins (a bad address: the join screen says why)."""
    scene = SettingsScene(app) if scene_kind == "settings" else JoinScene(app)
    app.push(scene)
    app.frame(0.016)
    box = scene.name if isinstance(scene, SettingsScene) else scene.address
    run(app, clicked(box.rect.center))
    assert box.focused
    run(app, key(pygame.K_a, CTRL), typed("Bea"), key(pygame.K_RETURN))
    if isinstance(scene, SettingsScene):
        assert app.settings.player_name == "Bea"
        assert scene not in app.scenes
    else:
        assert scene.message, "Enter did not submit the form"
        scene.leave()
