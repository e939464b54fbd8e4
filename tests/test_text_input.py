"""Typing into text fields with an input method: pre-edit text at the caret, underlined,
the candidate window placed at the field, text input on only while a field has focus.

Events are synthetic (SDL's dummy video driver has no input method): TEXTEDITING is what
an IME sends while composing, TEXTINPUT what it commits.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client.app import App
from client.assets import font, render_text
from client.scenes.join import JoinScene
from client.scenes.settings_scene import SettingsScene
from client.ui import INK, PAPER, TextField


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    """What the app asked of SDL's text input, in order."""
    made: list[tuple[str, object]] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: made.append(("start", None)))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: made.append(("stop", None)))
    monkeypatch.setattr(
        pygame.key, "set_text_input_rect", lambda rect: made.append(("rect", pygame.Rect(rect)))
    )
    return made


@pytest.fixture
def app_language() -> str:
    return "zh-Hans"


@pytest.fixture
def app(calls: list, app: App) -> App:  # type: ignore[type-arg]
    """The conftest's app in 简体, made after `calls` watches SDL's text input."""
    return app

def post(*events: pygame.event.Event) -> None:
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def editing(text: str, start: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTEDITING, text=text, start=start, length=0)


def typed(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def focus_name(app: App) -> TextField:
    scene = SettingsScene(app)
    app.push(scene)
    app.frame(0.016)
    scene.name.text = "阿"
    post(click(scene.name.rect.center))
    app.frame(0.016)
    assert scene.name.focused
    return scene.name


def test_text_input_is_on_only_while_a_field_has_focus(app: App, calls: list) -> None:
    assert calls == [("stop", None)]  # the App turned SDL's default text input off
    field = focus_name(app)
    assert calls[1] == ("start", None)
    assert calls[2] == ("rect", field.input_rect())
    post(click((2, 700)))
    app.frame(0.016)
    assert not field.focused
    assert calls[-1] == ("stop", None) and app.text_input_rect is None


def test_the_pre_edit_text_is_shown_and_committed_text_is_added(app: App) -> None:
    field = focus_name(app)
    post(editing("zhong", 5))
    app.frame(0.016)
    assert (field.text, field.composition, field.composition_cursor) == ("阿", "zhong", 5)
    post(editing("中", 1), typed("中"), editing("", 0))
    app.frame(0.016)
    assert (field.text, field.composition) == ("阿中", "")


def test_keys_the_input_method_uses_do_not_edit_or_leave_the_field(app: App) -> None:
    field = focus_name(app)
    post(editing("zhong", 5), key(pygame.K_BACKSPACE), key(pygame.K_RETURN))
    app.frame(0.016)
    assert field.text == "阿" and field.focused and field.composition == "zhong"
    post(editing("", 0), key(pygame.K_BACKSPACE))
    app.frame(0.016)
    assert field.text == ""


def test_the_candidate_window_follows_the_caret(app: App, calls: list) -> None:
    field = focus_name(app)
    before = app.text_input_rect
    assert before is not None and before.x == field.caret_x() and before.y == field.rect.y
    post(editing("zhongwen", 3))
    app.frame(0.016)
    during = calls[-1][1]
    assert during == app.text_input_rect
    # the input method's cursor sits after "zho" of the pre-edit text
    assert during.x == before.x + font(field.text_size).size("zho")[0]


def test_the_pre_edit_text_is_underlined_at_the_caret() -> None:
    pygame.display.set_mode((400, 100))
    field = TextField(pygame.Rect(10, 10, 380, 60), "阿", focused=True)
    plain = pygame.Surface((400, 100))
    field.draw(plain)
    field.composition, field.composition_cursor = "ceshi", 5
    composing = pygame.Surface((400, 100))
    field.draw(composing)
    start = field.rect.x + 10 + render_text("阿", field.text_size, INK).get_width()
    underlined = [
        y
        for y in range(field.rect.centery, field.rect.bottom - 2)
        if all(composing.get_at((x, y))[:3] == INK for x in range(start + 2, start + 40))
        and all(plain.get_at((x, y))[:3] == PAPER for x in range(start + 2, start + 40))
    ]
    assert underlined, "no underline under the pre-edit text"


def test_a_long_text_scrolls_so_the_caret_stays_in_the_field(app: App) -> None:
    field = TextField(pygame.Rect(0, 0, 200, 40), "", max_length=200, focused=True)
    for _ in range(40):
        field.handle(typed("麻将"))
    assert field.rect.x < field.caret_x() <= field.rect.right - 10
    assert field.input_rect().colliderect(field.rect)


def test_the_join_screen_turns_text_input_on_for_the_address(app: App, calls: list) -> None:
    scene = JoinScene(app)
    app.push(scene)
    app.frame(0.016)
    post(click(scene.address.rect.center))
    app.frame(0.016)
    assert ("start", None) in calls and app.text_input_rect == scene.address.input_rect()
    post(editing("192", 3), key(pygame.K_RETURN))
    app.frame(0.016)
    assert scene.message == ""  # Enter went to the input method, not to the Join button
    scene.leave()


def test_a_name_field_stops_at_the_width_the_host_allows() -> None:
    """Twelve Chinese characters fill a name (each counts 2 of 24 columns): a thirteenth
    is not taken, while 24 Latin letters are."""
    import pygame

    from client.ui import TextField
    from shared.names import NAME_MAX_COLUMNS

    field = TextField(pygame.Rect(0, 0, 200, 30), "", 24, max_columns=NAME_MAX_COLUMNS)
    field.focused = True
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="阿" * 13))
    assert field.text == "阿" * 12
    field.text = ""
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="a" * 30))
    assert field.text == "a" * 24
