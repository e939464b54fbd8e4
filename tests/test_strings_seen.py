"""Strings as players see them: counted texts in the right form ("1 seat free"), computer
players' names in the UI's script (阿強 in 繁體), one language's pattern names in the result
box, "waiting for 阿强, 阿珍…" after Continue, and a join list whose address line is
readable and apart from the table's name."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client import i18n
from client.app import App
from client.discovery import TableInfo
from client.i18n import (
    LANGUAGES,
    PLURAL_FORMS,
    PLURAL_KEYS,
    fields,
    plural_texts,
    seat_name,
    set_language,
    t_plural,
)
from client.net import Address
from client.scenes import lobby as lobby_module
from client.scenes import result as result_box
from client.scenes.join import JoinScene, list_area
from client.scenes.lobby import LobbyScene
from shared.events import LobbySeat, LobbyUpdated
from shared.protocol import Welcome
from tests.support.gui import StillConnection


@pytest.mark.parametrize(
    ("language", "n", "text"),
    [
        ("en", 0, "0 seats free"),
        ("en", 1, "1 seat free"),
        ("en", 3, "3 seats free"),
        ("zh-Hans", 1, "空位 1"),
        ("zh-Hant", 2, "空位 2"),
    ],
)
def test_counted_texts_take_the_form_of_their_count(language: str, n: int, text: str) -> None:
    assert t_plural("join.seats_free", n, language) == text


def test_every_counted_text_has_its_languages_forms_and_the_same_fields() -> None:
    for key in PLURAL_KEYS:
        for language in LANGUAGES:
            forms = plural_texts(key, language)
            nplurals = 1 if language.startswith("zh") else 2  # Chinese has one form
            assert f"nplurals={nplurals};" in PLURAL_FORMS[language]
            assert len(forms) == nplurals, (key, language)
            for template in forms:
                assert fields(template) == {"n"}, (key, language, template)


def test_a_missing_counted_text_raises_in_tests() -> None:
    with pytest.raises(KeyError):
        t_plural("join.no_such_text", 2)


def test_a_seat_is_named_as_the_host_sent_it_in_every_language() -> None:
    """The host names computer players in the table's language (tests/test_bot_names.py):
    each game shows the name as sent, a computer player's as a person's."""
    for language in ("zh-Hans", "zh-Hant", "en"):
        set_language(language)
        for bot in (True, False):
            assert seat_name(LobbySeat("阿强", bot=bot, accepted=True, owner=False)) == "阿强"
            assert seat_name(LobbySeat("Ah Keung", bot=bot, accepted=True, owner=False)) == (
                "Ah Keung"
            )
    set_language("en")
    assert seat_name(None) == "?"


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    texts: list[str] = []
    real = module.draw_text  # type: ignore[attr-defined]

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        texts.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(module, "draw_text", spy)
    app.scene.draw(app.screen)
    return texts


def test_the_lobby_in_traditional_shows_the_computer_player_as_the_host_named_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 繁體 game at a 简体 table: 阿强 as every other game there shows it (the host names
    computer players in the table's language, tests/test_bot_names.py)."""
    set_language("zh-Hant")
    seats = (
        LobbySeat("小龍", bot=False, accepted=False, owner=True),
        LobbySeat("阿强", bot=True, accepted=True, owner=False),
        None,
        None,
    )
    state = LobbyUpdated(seats, (), None, False)
    conn = StillConnection(rules=None, view=None, lobby=state, name="小龍")  # type: ignore[arg-type]
    conn.welcome = Welcome(1, "週六麻將", 1, "token", 0, None, "")
    app.connection = conn  # type: ignore[assignment]
    app.push(LobbyScene(app))
    texts = drawn_texts(app, monkeypatch, lobby_module)
    assert any(text.startswith("阿强") for text in texts), texts
    assert not any("阿強" in text for text in texts)


def test_the_join_list_counts_seats_in_english(app: App) -> None:
    scene = listing(app, seats_free=1)
    assert scene.row_text(scene.tables[1]) == "Table 1  ·  1 seat free"


def listing(app: App, seats_free: int = 3) -> JoinScene:
    scene = JoinScene(app)
    app.push(scene)
    if scene.browser is not None:
        scene.browser.close()
        scene.browser = None
    address = Address("192.168.1.23", 47251, "k" * 40)
    scene.tables = [
        TableInfo(f"Table {i}", address, seats_free, code_required=i == 0, protocol=1)
        for i in range(6)
    ]
    scene.draw(app.screen)
    return scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_address_line_is_readable_and_apart_from_the_name(
    app: App, size: tuple[int, int], language: str
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    scene = listing(app)
    shown = scene.tables[: scene.rows_shown(size[1])]
    assert len(shown) >= 5
    rows = [scene.draw_row(app.screen, table, i, 100) for i, table in enumerate(shown)]
    assert rows[-1][1].bottom <= list_area(*size).bottom, "the list runs out of its panel"
    for n, (name, address) in enumerate(rows):
        assert address.height >= 14 * 1.2, f"the address is {address.height} px high"
        assert address.height >= 0.7 * name.height
        assert address.top - name.bottom >= 2, "the address touches the name"
        if n + 1 < len(rows):
            assert rows[n + 1][0].top - address.bottom >= 2, "a row touches the next"
    scene.leave()


NAMES = ["小龙", "阿强", "阿珍", "Bea"]


@pytest.mark.parametrize(
    ("chosen", "viewer", "text"),
    [
        ({0: "continue"}, 0, "等待 阿强、阿珍、Bea……"),
        ({0: "continue", 3: "continue"}, 0, "等待 阿强、阿珍……"),
        ({0: "leave", 3: "continue"}, 0, "等待 阿强、阿珍……"),  # leaving waits too
        ({3: "continue"}, 0, ""),  # this player has not chosen yet: the buttons are there
        ({0: "continue", 1: "continue", 2: "continue", 3: "leave"}, 0, ""),
        ({0: "continue"}, None, ""),
    ],
)
def test_after_choosing_it_says_who_is_awaited(
    chosen: dict[int, str], viewer: int | None, text: str
) -> None:
    set_language("zh-Hans")
    assert result_box.waiting_text(chosen, NAMES, viewer) == text


def test_the_connection_keeps_who_chose_until_the_next_hand() -> None:
    from client.net import Connection
    from shared.events import ChoiceMade, HandStarted
    from shared.protocol import EventMessage

    conn = Connection(Address("127.0.0.1", 9, None), "Bea")
    conn.model.take(EventMessage(1, ChoiceMade(2, "continue")), time.monotonic())
    conn.model.take(EventMessage(2, ChoiceMade(0, "continue")), time.monotonic())
    assert conn.chosen == {2: "continue", 0: "continue"}
    started = HandStarted(2, 1, (3, 0, 1, 2), 0, (1000,) * 4, 136, 0)
    conn.model.take(EventMessage(3, started), time.monotonic())
    assert conn.chosen == {}


def test_i18n_keeps_plural_forms_out_of_the_flat_catalogue() -> None:
    for key in PLURAL_KEYS:
        assert not i18n.has_text(key), f"{key} is both counted and plain"


def won_hand() -> object:
    from shared.actions import DeclareWin
    from tests.support.gui import SEAT, claim_on_every_kind, late_turn_with_melds

    hand = claim_on_every_kind(late_turn_with_melds())
    hand.step(SEAT, DeclareWin())
    hand.pass_claims()
    view = hand.connection().view
    assert view is not None and view.result is not None and view.result.winners
    return view.result


def _won_hand_box(waiting: str) -> tuple[object, list[str]]:
    """A won hand and the lines of its result box, at 1280×720, in the language set."""
    from client.render.tiles import TileArt

    pygame.display.set_mode((1280, 720))
    result = won_hand()
    _, lines = result_box.build(
        result,  # type: ignore[arg-type]
        names=NAMES,
        viewer=0,
        too_low=[],
        unit=20,
        room=1200,
        art=TileArt,
        waiting=waiting,
    )
    return result, lines


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_result_box_names_patterns_in_the_uis_language_only(language: str) -> None:
    from client.i18n import pattern_name

    set_language(language)
    result, lines = _won_hand_box("Waiting for 阿强…")
    text = "\n".join(lines)
    for winner in result.winners:  # type: ignore[attr-defined]
        for pattern in winner.patterns:
            assert pattern_name(pattern.id, language) in text
            if language != "en":
                assert pattern_name(pattern.id, "en") not in text, pattern.id
            else:
                assert pattern_name(pattern.id, "zh-Hans") not in text, pattern.id
    assert lines[-1] == "Waiting for 阿强…"


@pytest.mark.parametrize(
    ("language", "other"), [("zh-Hans", "en"), ("zh-Hant", "en"), ("en", "zh-Hans")]
)
def test_the_result_box_names_patterns_in_both_languages_when_asked(
    language: str, other: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.i18n import pattern_name

    monkeypatch.setattr(i18n, "_pattern_names", "language")
    i18n.set_pattern_names("both")
    set_language(language)
    result, lines = _won_hand_box("")
    for winner in result.winners:  # type: ignore[attr-defined]
        for pattern in winner.patterns:
            mine, theirs = pattern_name(pattern.id, language), pattern_name(pattern.id, other)
            assert any(line.startswith(f"{mine}  {theirs}  ") for line in lines), pattern.id


def test_pattern_names_are_one_of_the_two_ways() -> None:
    from client.settings import Settings

    field = next(f for f in msgspec.structs.fields(Settings) if f.name == "pattern_names")
    assert set(field.type.__args__) == set(i18n.PATTERN_NAMES) == {"language", "both"}
    assert Settings().pattern_names == "language"  # the UI's language unless asked
    with pytest.raises(ValueError, match="sideways"):
        i18n.set_pattern_names("sideways")
