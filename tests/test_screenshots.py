"""Screenshots of the real scenes, saved as PNG files for people to look at.

The menu, the settings, the lobby (the owner's view and a guest's), a late table (every
kind of meld, flowers, the hint), a claim prompt with every claim and a hand's result (a win
and a drawn hand) are drawn with SDL's dummy driver, without a network (tests/support/gui.py), at
1280×720 and 1920×1080 in Chinese and English (traditional Chinese at one size). The files
go to $GDMJ_SCREENSHOT_DIR when it is set (CI keeps that folder as an artifact), else to
pytest's temporary folder; they are not compared pixel by pixel. Each test checks that its
picture was written at the right size and is not blank, and that the scene is in the state
the picture's name claims.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.assets import render_text
from client.i18n import LANGUAGES, current_language, pattern_name, set_language, t
from client.net import Address
from client.notice_banner import NOTICE_SECONDS
from client.scenes import form as form_module
from client.scenes import lobby as lobby_module
from client.scenes import prompt as prompt_module
from client.scenes.host_form import HostFormScene
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MenuScene
from client.scenes.prompt import CodePromptScene, NamePromptScene, PromptScene
from client.scenes.table import TableScene
from client.table_options import OPTIONS
from client.ui import BUTTON_PADDING, WHITE, Button, Choice, TextField, fitted_text
from client.widgets.timers import Timers
from shared.actions import Chow, ClaimKong, ContinueGame, DeclareWin, Pass, Pung
from shared.events import LobbySeat, LobbyUpdated
from shared.protocol import Notice, Welcome
from shared.ruleset import TableOptions
from tests.support.gui import (
    NAMES,
    SEAT,
    StillConnection,
    claim_on_every_kind,
    late_turn_with_melds,
    lobby,
    played_out,
    show_table,
)
from tests.support.screens import assert_buttons_laid_out, save

SHOTS = [
    ((1280, 720), "zh-Hans"),
    ((1280, 720), "en"),
    ((1920, 1080), "zh-Hans"),
    ((1920, 1080), "en"),
    ((1280, 720), "zh-Hant"),
]
TABLE_NAMES = {"zh-Hans": "周六麻将", "zh-Hant": "週六麻將", "en": "Saturday table"}
ADDRESS = "192.168.1.23:47251#Wq7h>R0^lAe3y.Pd1]Ks9zT(vN4bMx&2cLoF8uGi"
"""What the owner's lobby shows friends to type: a LAN address, the port, the table's key."""


@pytest.fixture
def app(app: App) -> App:
    """The conftest's app, animations off: a still picture, every tile in its place, none
    sliding in."""
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


def shot_id(shot: tuple[tuple[int, int], str]) -> str:
    (width, height), language = shot
    return f"{width}x{height}-{language}"


@pytest.fixture(params=SHOTS, ids=shot_id)
def language(request: pytest.FixtureRequest, app: App) -> str:
    """The window opened at the shot's size, in the shot's language (which it returns)."""
    return open_shot(app, request.param)


def open_shot(app: App, shot: tuple[tuple[int, int], str]) -> str:
    size, chosen = shot
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


def assert_choices_laid_out(
    screen: pygame.Surface, choices: list[Choice], others: list[Button | TextField]
) -> None:
    """Every choice on screen, none over another or over a button or field, its label and
    its value readable (at least 14 px high, not squeezed below the size it asks for by more
    than a third)."""
    bounds = screen.get_rect()
    widgets = [*choices, *others]
    for i, choice in enumerate(choices):
        assert bounds.contains(choice.rect), (choice.label, choice.rect)
        hit = choice.rect.collidelist([w.rect for w in widgets[i + 1 :]])
        assert hit == -1, (choice.label, widgets[i + 1 + hit].rect)
        size = max(14, int(choice.rect.height * 0.42))
        box = choice.box.width
        label_room = choice.rect.width - box - BUTTON_PADDING
        for text, room in (
            (choice.label, label_room),
            *((f"‹ {choice.describe(v)} ›", box - BUTTON_PADDING) for v in choice.options),
        ):
            drawn = fitted_text(text, size, WHITE, room)
            assert drawn.get_height() >= 0.66 * render_text(text, size, WHITE).get_height(), (
                text,
                room,
            )


def test_the_main_menu(app: App, shots_dir: Path, language: str) -> None:
    scene = MenuScene(app)
    app.push(scene)
    save(app, shots_dir, "menu", language)
    assert [b.label for b in scene.buttons] == [
        t(f"menu.{entry}")
        for entry in ("quick_game", "host", "join", "history", "rules", "settings", "quit")
    ]
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_the_settings_with_the_spoken_calls(app: App, shots_dir: Path, language: str) -> None:
    from client.scenes.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)
    save(app, shots_dir, "settings", language)
    voice = scene.choices["voice"]
    assert voice.label == t("settings.voice")
    assert [voice.describe(v) for v in voice.options] == [
        t("settings.voice.yue"),
        t("settings.voice.cmn"),
        t("settings.voice.off"),
    ]
    assert voice.value == "yue"
    choices = list(scene.choices.values())
    assert_buttons_laid_out(app.screen, scene.buttons)
    assert_choices_laid_out(app.screen, choices, [scene.name, *scene.buttons])
    for size in ((1024, 640), (2560, 1440)):
        app.screen = pygame.display.set_mode(size)
        app.dirty = True
        app.frame(0.016)
        assert_buttons_laid_out(app.screen, scene.buttons)
        assert_choices_laid_out(app.screen, choices, [scene.name, *scene.buttons])


def lobby_connection(lobby_state: LobbyUpdated, language: str) -> StillConnection:
    conn = StillConnection(rules=None, view=None, lobby=lobby_state)  # type: ignore[arg-type]
    conn.welcome = Welcome(1, TABLE_NAMES[language], 1, "token", SEAT, lobby_state.options, "")
    return conn


def test_the_lobby_as_its_owner_sets_the_rules(app: App, shots_dir: Path, language: str) -> None:
    seats = list(lobby().seats)
    seats[2] = None  # an empty seat: the owner may put a computer player there
    state = LobbyUpdated(tuple(seats), ("Kim",), None, False)  # type: ignore[arg-type]
    app.connection = lobby_connection(state, language)  # type: ignore[assignment]
    scene = LobbyScene(app)
    scene.addresses = [ADDRESS, "10.0.0.7:47251#…", "169.254.3.4:47251#…"]
    app.push(scene)
    save(app, shots_dir, "lobby-owner", language)
    assert scene._is_owner() and scene.me == SEAT
    labels = [t(option.label) for option in OPTIONS]
    assert [c.label for c in scene.choices] == [*labels, t("option.bot_pace")]
    assert_choices_laid_out(app.screen, scene.choices, scene.buttons)
    labels = [b.label for b in scene.buttons]
    for expected in ("lobby.add_bot", "lobby.remove_bot", "lobby.set_base", "lobby.copy_address"):
        assert t(expected) in labels, (expected, labels)
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_the_lobby_as_a_guest_asked_to_accept_the_rules(
    app: App, shots_dir: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = LobbyUpdated(
        (
            LobbySeat(NAMES[SEAT], False, False, False),
            LobbySeat("Ana", False, True, True),
            LobbySeat("Bot Wing", True, True, False),
            None,
        ),
        (),
        TableOptions(
            base=2,
            preset="qq3",
            starting_score=1000,
            missed_win_lock_until="any_move",
            seven_pairs=True,
            horses=1,
            claim_seconds=10,
        ),
        False,
    )
    app.connection = lobby_connection(state, language)  # type: ignore[assignment]
    scene = LobbyScene(app)
    app.push(scene)
    texts: list[tuple[str, pygame.Rect]] = []
    real = lobby_module.draw_text

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real(surface, text, *args, **kwargs)
        texts.append((text, rect))
        return rect

    monkeypatch.setattr(lobby_module, "draw_text", spy)
    save(app, shots_dir, "lobby-guest", language)
    drawn = dict(texts)
    # the box asks about every option the owner set, as the table will play them
    assert t("lobby.base_offer", base=2) in drawn
    expected = {
        "lobby.base": "2",
        "option.starting_score": "1000",
        "lobby.preset": t("preset.qq3"),
        "option.min_fan": t("option.min_fan.0"),  # qq3's own minimum
        "option.missed_win_lock_until": t("option.missed_win_lock_until.any_move"),
        "option.twelve_tile_liability": t("option.twelve_tile_liability.first_only"),
        "option.seven_pairs": t("option.seven_pairs.on"),
        "option.horses": t("option.horses.1"),
        "option.claim_seconds": t("option.seconds", n=10),
        "option.turn_seconds": t("option.seconds", n=15),
    }
    shown = [text for text, _ in texts]
    for label, value in expected.items():
        i = shown.index(t(label))
        assert shown[i + 1] == value, (label, shown[i + 1])
    rows = [rect for text, rect in texts if text in {t(o.label) for o in OPTIONS}]
    assert len(rows) == len(OPTIONS)
    for i, rect in enumerate(rows):
        assert app.screen.get_rect().contains(rect)
        assert rect.collidelist(rows[i + 1 :]) == -1
        assert rect.collidelist([b.rect for b in scene.buttons]) == -1
    assert not scene._is_owner() and not scene.choices
    labels = [b.label for b in scene.buttons]
    assert t("lobby.accept") in labels and t("lobby.decline") in labels
    assert t("lobby.add_bot") not in labels
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_a_name_that_is_another_players_is_asked_again_in_place(
    app: App, shots_dir: Path, language: str
) -> None:
    from client.scenes.connect import ConnectingScene
    from shared.protocol import Error

    reason = "the name 'Indie' belongs to another player on this host; choose another"
    conn = StillConnection(rules=None, view=None, lobby=None, name="Indie")  # type: ignore[arg-type]
    conn.errors.append(Error("name_taken", reason))
    app.connection = conn  # type: ignore[assignment]
    scene = ConnectingScene(app, None, False)
    app.push(scene)
    save(app, shots_dir, "name-taken", language)
    assert app.scene is scene, "asked in place, not sent back to the menu"
    assert scene.name_field is not None and scene.name_field.text == "Indie"
    assert scene.name_field.focused, "the name field has the keyboard"
    assert [scene.retry.label, scene.cancel.label] == [t("join.join"), t("common.cancel")]
    assert_buttons_laid_out(app.screen, [scene.retry, scene.cancel])
    field = scene.name_field.rect
    assert app.screen.get_rect().contains(field)
    assert field.collidelist([scene.retry.rect, scene.cancel.rect]) == -1


def test_the_host_form_with_every_table_option(app: App, shots_dir: Path, language: str) -> None:
    scene = HostFormScene(app)
    app.push(scene)
    save(app, shots_dir, "host-form", language)
    assert [c.label for c in scene.choices] == [
        *(t(option.label) for option in OPTIONS),
        t("host.bots"),
        t("host.bot_level"),
        t("option.bot_pace"),
        t("host.allow_suggest"),
    ]
    assert_buttons_laid_out(app.screen, scene.buttons)
    assert_choices_laid_out(app.screen, scene.choices, [scene.name, scene.code, *scene.buttons])
    assert scene.name.rect.colliderect(scene.code.rect) is False
    for size in ((1024, 640), (2560, 1440)):
        app.screen = pygame.display.set_mode(size)
        app.dirty = True
        app.frame(0.016)
        assert_buttons_laid_out(app.screen, scene.buttons)
        assert_choices_laid_out(app.screen, scene.choices, [scene.name, scene.code, *scene.buttons])
    app.screen = pygame.display.set_mode((1024, 640))
    save(app, shots_dir, "host-form", language)


def test_a_late_table_with_every_kind_of_meld_flowers_and_the_hint(
    app: App, shots_dir: Path, language: str
) -> None:
    conn = late_turn_with_melds().connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "table-hint", language)
    view = conn.view
    assert view is not None and view.phase == "turn" and view.current_seat == SEAT
    assert view.wall_left <= 20 and view.drawn is not None
    kinds = {meld.kind for seat in view.seats for meld in seat.melds}
    assert kinds == {"pung", "concealed_kong", "chow"}
    hidden_kong = view.seats[1].melds[0]
    assert hidden_kong.kind == "concealed_kong" and hidden_kong.tiles is None
    assert all(len(seat.flowers) == 2 for seat in view.seats)
    assert app.settings.hint and len(scene._hint_lines(view)) >= 1
    hint = scene.hint_rect
    assert hint is not None and app.screen.get_rect().contains(hint)
    rivers = [rect for rects in scene.river_rects.values() for rect in rects]
    assert hint.collidelist(rivers) == -1, "the hint covers a river"
    assert hint.right <= int(app.screen.get_width() * 0.9), "it covers the right-hand hand"
    assert len(scene.hand_rects) == len(view.hand) + 1
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_a_claim_prompt_with_every_claim_and_the_chow_choices(
    app: App, shots_dir: Path, language: str
) -> None:
    conn = claim_on_every_kind(late_turn_with_melds()).connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "table-claim", language)
    view = conn.view
    assert view is not None and view.phase == "claim"
    assert {type(action) for action in conn.legal} == {DeclareWin, ClaimKong, Pung, Chow, Pass}
    claim_words = [t(f"claim.{word}") for word in ("win", "kong", "pung", "chow", "pass")]
    claims = [b for b in scene.buttons if b.label in claim_words]
    assert sorted(b.label for b in claims) == sorted([*claim_words, *[t("claim.chow")] * 2])
    chows = [b for b in claims if b.label == t("claim.chow")]
    assert all(len(b.icons) == 3 for b in chows)
    hand_top = min(rect.top for rect, _ in scene.hand_rects)
    assert all(b.rect.bottom < hand_top for b in claims), "a claim button covers the hand"
    assert_buttons_laid_out(app.screen, scene.buttons)


def assert_result_box_laid_out(app: App, scene: TableScene) -> None:
    """The result box on screen with Continue/Leave inside it, a line for each pattern."""
    view = scene.view
    layout = scene.result_layout
    assert view is not None and view.result is not None and layout is not None
    box = layout.box
    assert app.screen.get_rect().contains(box), (box, app.screen.get_size())
    choices = [b for b in scene.buttons if b.label in (t("result.continue"), t("result.leave"))]
    assert choices, "no Continue/Leave"
    for button in choices:
        assert box.contains(button.rect), (button.label, button.rect, box)
    others = [b.rect for b in scene.buttons if b not in choices]
    assert box.collidelist(others) == -1, "a table button lies over the result box"
    language = current_language()
    for winner in view.result.winners:
        for pattern in winner.patterns:
            parts = (pattern_name(pattern.id, language), t("result.fan", fan=pattern.fan))
            assert any(all(part in line for part in parts) for line in layout.lines), parts
            # only the UI's language: no English in a Chinese box, no Chinese in an English one
            for other in {"zh-Hans", "zh-Hant", "en"} - {language}:
                foreign = pattern_name(pattern.id, other)
                if foreign != parts[0]:
                    assert not any(foreign in line for line in layout.lines), (other, foreign)


def test_the_result_of_a_win_with_its_patterns_and_payments(
    app: App, shots_dir: Path, language: str
) -> None:
    hand = claim_on_every_kind(late_turn_with_melds())
    hand.step(SEAT, DeclareWin())
    hand.pass_claims()
    conn = hand.connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "result-win", language)
    view = conn.view
    assert view is not None and view.phase == "ended" and view.result is not None
    (winner,) = view.result.winners
    assert winner.seat == SEAT and winner.patterns and view.result.payments
    assert ContinueGame() in conn.legal
    assert t("result.continue") in [b.label for b in scene.buttons]
    assert_buttons_laid_out(app.screen, scene.buttons)
    assert_result_box_laid_out(app, scene)
    lines = scene.result_layout.lines  # type: ignore[union-attr]
    assert lines[0].startswith(t("result.you_win", how="@", fan="").split("@")[0]), lines[0]
    assert f"{winner.fan}" in lines[0] and NAMES[SEAT] not in lines[0]


def test_the_result_of_a_drawn_hand(app: App, shots_dir: Path, language: str) -> None:
    conn = played_out(late_turn_with_melds()).connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "result-draw", language)
    view = conn.view
    assert view is not None and view.phase == "ended" and view.result is not None
    assert view.result.kind == "draw" and not view.result.winners
    assert t("result.continue") in [b.label for b in scene.buttons]
    assert_buttons_laid_out(app.screen, scene.buttons)
    assert_result_box_laid_out(app, scene)
    lines = scene.result_layout.lines  # type: ignore[union-attr]
    assert lines[0] == t("result.draw")
    assert all(name in lines for name in NAMES), "every seat's hand is shown"


TIMER_SHOTS = [(size, lang) for size in ((1280, 720), (1920, 1080)) for lang in TABLE_NAMES]
"""The timers and the turn compass: all three languages at both sizes."""


@pytest.fixture(params=TIMER_SHOTS, ids=shot_id)
def timer_language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    return chosen


class StillClock:
    """The scene's clock, stopped where the picture should show the timers."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def timed(app: App, conn: StillConnection, seconds: float, gone: float) -> TableScene:
    """The table on `conn`, its prompt's `seconds` arrived and `gone` of them past."""
    scene = show_table(app, conn)
    clock = scene.clock = StillClock()  # type: ignore[assignment]
    scene.timers = Timers()  # from the still clock's now on, not the first frame's
    conn.deadline = clock.now + seconds if seconds else None
    app.frame(0.016)
    clock.now += gone
    return scene


def test_the_claim_countdown_in_its_last_seconds(
    app: App, shots_dir: Path, timer_language: str
) -> None:
    conn = claim_on_every_kind(late_turn_with_melds()).connection()
    scene = timed(app, conn, 8.0, 5.4)
    save(app, shots_dir, "table-claim-countdown", timer_language)
    own = scene.timers.own
    assert own is not None and own.shown(scene.clock()) == 3
    bar = scene.layout.claim_bar
    assert bar is not None and app.screen.get_rect().contains(bar)
    claims = [b.rect for b in scene.buttons if b.intent is not None]
    assert bar.collidelist(claims) == -1 and all(r.top > bar.bottom for r in claims)
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_the_players_turn_with_its_discard_timer_and_the_compass(
    app: App, shots_dir: Path, timer_language: str
) -> None:
    conn = late_turn_with_melds().connection()
    scene = timed(app, conn, 15.0, 4.2)
    save(app, shots_dir, "table-turn-mine", timer_language)
    layout = scene.layout
    ring = layout.hand_timer
    assert ring is not None and app.screen.get_rect().contains(ring)
    assert ring.collidelist([r for r, _ in layout.hand]) == -1, "the timer covers the hand"
    assert ring.collidelist([b.rect for b in scene.buttons]) == -1
    assert scene.timers.own is not None and scene.timers.own.shown(scene.clock()) == 11


def test_another_seats_turn_with_its_timer_on_its_badge(
    app: App, shots_dir: Path, timer_language: str
) -> None:
    hand = late_turn_with_melds()
    hand.discard_drawn(SEAT)  # 下家 to move
    conn = hand.connection()
    conn.legal = ()  # a seat not to move has no prompt
    scene = timed(app, conn, 0.0, 6.3)
    save(app, shots_dir, "table-turn-other", timer_language)
    view = conn.view
    assert view is not None and view.current_seat == 1
    badge = scene.layout.badges[1]
    assert app.screen.get_rect().contains(badge.timer)
    assert not badge.timer.colliderect(badge.rect)
    timer = scene.timers.for_seat(1, view)
    assert timer is not None and timer.shown(scene.clock()) == conn.rules.turn_seconds - 6


PROMPT_SHOTS = [(size, language) for size in ((1280, 720), (1920, 1080)) for language in LANGUAGES]
"""The prompts in every language at both sizes (they are new: all six looked at)."""


@pytest.fixture(params=PROMPT_SHOTS, ids=shot_id)
def prompt_language(request: pytest.FixtureRequest, app: App) -> str:
    return open_shot(app, request.param)


def drawn_text_rects(
    app: App, monkeypatch: pytest.MonkeyPatch, *modules: object
) -> dict[str, pygame.Rect]:
    """Where each text went when the top scene was drawn (through these modules' draw_text)."""
    rects: dict[str, pygame.Rect] = {}
    for module in modules:
        real = module.draw_text  # type: ignore[attr-defined]

        def spy(surface: pygame.Surface, text: str, *args: object, real=real, **kw: object):  # type: ignore[no-untyped-def]
            rect = real(surface, text, *args, **kw)
            rects[text] = rect
            return rect

        monkeypatch.setattr(module, "draw_text", spy)
        if hasattr(module, "draw_problem"):  # a problem and its detail (client/problem.py)
            real_problem = module.draw_problem

            def spy_problem(
                surface: pygame.Surface, text: str, *args: object, real=real_problem, **kw: object
            ):  # type: ignore[no-untyped-def]
                rect = real(surface, text, *args, **kw)
                rects[text] = rect
                return rect

            monkeypatch.setattr(module, "draw_problem", spy_problem)
    app.scene.draw(app.screen)
    return rects


def assert_prompt_laid_out(
    app: App, scene: PromptScene, texts: dict[str, pygame.Rect], title: str
) -> None:
    """Title, what the field is for, the field, what went wrong and the buttons: each on
    screen, none over another, the texts at the size they ask for (not squeezed)."""
    bounds = app.screen.get_rect()
    lines = [title, scene.about, *([scene.problem] if scene.problem else [])]
    rects = [texts[line] for line in lines] + [scene.field.rect] + [b.rect for b in scene.buttons]
    for i, rect in enumerate(rects):
        assert bounds.contains(rect), (i, rect)
        hit = rect.collidelist(rects[i + 1 :])
        assert hit == -1, ("overlap", i, rect, rects[i + 1 + hit])
    h = app.screen.get_height()
    for line in lines[1:]:
        full = render_text(line, max(14, int(h * 0.03)), WHITE).get_height()
        assert texts[line].height >= full, ("squeezed", line)
    card = scene.card(app.screen)
    assert all(card.contains(rect) for rect in rects), "something sticks out of the card"
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_the_table_code_prompt_after_a_wrong_code(
    app: App, shots_dir: Path, prompt_language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.push(MenuScene(app))
    address = Address("192.168.1.23", 47251, "k" * 40)
    scene = CodePromptScene(app, address, TABLE_NAMES[prompt_language], "tea41", wrong=True)
    app.push(scene)
    save(app, shots_dir, "code-prompt", prompt_language)
    texts = drawn_text_rects(app, monkeypatch, form_module, prompt_module)
    assert scene.about == t("join.code_table", name=TABLE_NAMES[prompt_language])
    assert scene.problem == t("join.code_wrong") and scene.field.text == "tea41"
    assert [b.label for b in scene.buttons] == [t("join.join"), t("common.cancel")]
    assert_prompt_laid_out(app, scene, texts, t("join.code_prompt"))


def test_the_first_start_name_prompt(
    app: App, shots_dir: Path, prompt_language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("getpass.getuser", lambda: "bea")
    app.push(MenuScene(app))
    scene = NamePromptScene(app)
    app.push(scene)
    save(app, shots_dir, "name-prompt", prompt_language)
    texts = drawn_text_rects(app, monkeypatch, form_module, prompt_module)
    assert scene.field.text == "bea" and scene.field.selection() == (0, 3)
    assert [b.label for b in scene.buttons] == [t("common.ok")]  # no way round a name
    assert_prompt_laid_out(app, scene, texts, t("name.title"))


FAILED_SAVE = Notice(
    "disk_write_failed",
    "the host could not save scores.json in /home/ann/.local/share/gdmj: No space left on "
    "device (errno 28). The results stand, but they are not on disk: free some space or "
    "fix the folder's permissions",
)


def banner_is_shown(screen: pygame.Surface) -> bool:
    """The banner's red across the top (the felt and the lobby are green there)."""
    w, h = screen.get_size()
    r, g, _b = screen.get_at((int(w * 0.22), int(h * 0.05)))[:3]
    return r > 120 and g < 60


def test_a_failed_save_is_a_banner_on_the_table_and_in_the_lobby(
    app: App, shots_dir: Path, language: str
) -> None:
    """The owner's notice (PROTOCOL.md `notice`) at the end of a hand, and in the lobby."""
    hand = claim_on_every_kind(late_turn_with_melds())
    hand.step(SEAT, DeclareWin())
    hand.pass_claims()
    conn = hand.connection()
    show_table(app, conn)
    app.dirty = True
    app.frame(0.016)
    assert not banner_is_shown(app.screen)
    conn.notices.append((time.monotonic(), FAILED_SAVE))
    save(app, shots_dir, "notice-table", language)
    assert banner_is_shown(app.screen)

    state = LobbyUpdated(lobby().seats, (), None, False)
    lobby_conn = lobby_connection(state, language)
    lobby_conn.notices.append((time.monotonic(), FAILED_SAVE))
    app.connection = lobby_conn  # type: ignore[assignment]
    app.push(LobbyScene(app))
    save(app, shots_dir, "notice-lobby", language)
    assert banner_is_shown(app.screen)
    lobby_conn.notices[-1] = (time.monotonic() - NOTICE_SECONDS - 1, FAILED_SAVE)
    app.dirty = True
    app.frame(0.016)
    assert not banner_is_shown(app.screen), "the banner goes after NOTICE_SECONDS"
