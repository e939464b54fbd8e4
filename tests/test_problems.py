"""Every refusal and error a player sees leads with a catalogue text in the player's
language; the technical detail (the host's English reason, the system's error, what is
wrong in a file) comes on a second, smaller line (client/problem.py).

Issue #30: the host's English reasons appeared under Chinese text, and the menu said
"无法打开牌谱：not a hand record: the file is not JSON…" for a bad record file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import msgspec
import pygame
import pytest

from client import problem as problem_module
from client import ui
from client.app import App
from client.i18n import CATALOGUE, LANGUAGES, set_language
from client.net import Address
from client.problem import Problem, detail_of, draw_problem, refusal
from client.scenes.connect import ConnectingScene
from client.scenes.join import JoinScene
from client.scenes.menu import MenuScene
from client.starting import connect
from shared.protocol import Error, ErrorCode

LATIN = re.compile(r"[A-Za-z]")
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Every text drawn, in order, with the size it was asked at."""
    texts: list[tuple[str, int]] = []
    real = ui.fitted_text

    def spy(text: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append((text, size))
        return real(text, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ui, "fitted_text", spy)
    monkeypatch.setattr(problem_module, "fitted_text", spy)
    yield texts


def frame(app: App) -> None:
    app.dirty = True
    app.frame(0.016)


@pytest.mark.parametrize("code", get_args(ErrorCode))
def test_every_code_the_host_sends_has_a_text_in_every_language(code: str) -> None:
    for language in LANGUAGES:
        text = CATALOGUE[language].get(f"error.{code}", "")
        assert text.strip(), (language, code)
        assert "{" not in text, (language, code, text)  # nothing left to fill in
        if language != "en":
            assert CJK.search(text) and not LATIN.search(text), (language, code, text)


def test_a_refusal_is_our_text_with_the_hosts_reason_as_its_detail() -> None:
    set_language("zh-Hans")
    try:
        told = refusal(Error(code="table_full", reason="the table is full"))
        unknown = refusal(Error(code="no_such_code", reason="why"))  # type: ignore[arg-type]
    finally:
        set_language("en")
    assert told == CATALOGUE["zh-Hans"]["error.table_full"], told
    assert detail_of(told) == "the table is full"
    assert CJK.search(unknown) and detail_of(unknown) == "why"


def test_the_taken_name_screen_in_simplified_leads_with_our_text(
    app: App, drawn: list[tuple[str, int]]
) -> None:
    set_language("zh-Hans")
    scene = ConnectingScene(app, None, False)
    app.push(scene)
    scene._ask_for_a_name("小龙", "the name '小龙' is already at this table")
    frame(app)
    ours = next(i for i, (text, _) in enumerate(drawn) if "另一位玩家" in text)
    detail = next(i for i, (text, _) in enumerate(drawn) if "already at this table" in text)
    assert ours < detail
    assert drawn[detail][1] < drawn[ours][1], "the host's reason is the smaller line"
    assert not LATIN.search(drawn[ours][0].replace("小龙", ""))


def test_a_bad_record_file_on_the_menu_in_simplified_leads_with_chinese(
    app: App, tmp_path: Path, drawn: list[tuple[str, int]]
) -> None:
    set_language("zh-Hans")
    app.push(MenuScene(app))
    bad = tmp_path / "bad.gdmjrec"
    bad.write_text("not json", encoding="utf-8")
    assert not app.nav.open_record(bad)
    notice = app.notice
    assert notice is not None
    assert CJK.search(notice) and not LATIN.search(notice), notice
    assert "JSON" in detail_of(notice)
    frame(app)
    line = next(i for i, (text, _) in enumerate(drawn) if text == str(notice))
    detail = next(i for i, (text, _) in enumerate(drawn) if "JSON" in text)
    assert line < detail and drawn[detail][1] < drawn[line][1]


def test_a_refusal_in_the_lobby_is_said_in_the_players_language(
    app: App, drawn: list[tuple[str, int]]
) -> None:
    from client.scenes.lobby import LobbyScene
    from shared.events import LobbySeat, LobbyUpdated
    from shared.protocol import Welcome
    from tests.support.gui import StillConnection

    set_language("zh-Hans")
    seats = (LobbySeat("小龙", bot=False, accepted=False, owner=True), None, None, None)
    conn = StillConnection(rules=None, view=None, lobby=LobbyUpdated(seats, (), None, False))  # type: ignore[arg-type]
    conn.name = "小龙"
    conn.welcome = Welcome(1, "周五麻将", 1, "token", 0, None, "")
    conn.errors = [Error(code="illegal_action", reason="only the table owner may start the game")]
    app.connection = conn  # type: ignore[assignment]
    app.push(LobbyScene(app))
    frame(app)
    texts = [text for text, _ in drawn]
    ours = CATALOGUE["zh-Hans"]["error.illegal_action"]
    assert ours in texts
    english = texts.index("only the table owner may start the game")
    assert texts.index(ours) < english


def test_a_connection_that_fails_says_so_in_the_players_language(app: App) -> None:
    set_language("zh-Hant")
    app.push(MenuScene(app))
    connect(app, Address("127.0.0.1", 1, "not a key"))
    notice = app.notice
    assert notice is not None and CJK.search(notice) and not LATIN.search(notice), notice
    assert detail_of(notice)


def test_an_address_that_is_not_one_is_said_in_the_players_language(app: App) -> None:
    set_language("zh-Hans")
    scene = JoinScene(app)
    app.push(scene)
    if scene.browser is not None:
        scene.browser.close()
        scene.browser = None
    scene.address.text = "not an address#"
    scene._join_typed()
    message = scene.message
    assert CJK.search(message) and not LATIN.search(message), message
    assert detail_of(message)


def test_draw_problem_puts_the_detail_under_the_line_smaller() -> None:
    surface = pygame.Surface((800, 200))
    one = draw_problem(surface, "无法打开牌谱", (400, 100), 24, (255, 255, 255))
    two = draw_problem(
        surface, Problem("无法打开牌谱", "bad JSON"), (400, 100), 24, (255, 255, 255)
    )
    assert two.height > one.height and two.center == (400, 100)
    assert draw_problem(surface, Problem("x", ""), (0, 0), 24, (0, 0, 0), "topleft").height == (
        one.height
    )


def test_a_table_that_cannot_start_is_said_on_the_menu(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table that could not start (its port in use) was said nowhere. The screen the
    player is on says it (the host form shows notices, its settings kept; or the menu), in
    the player's language, the reason under it."""
    from client.scenes.host_form import HostFormScene
    from server.local import LocalHost, LocalHostFailed

    def fails(self: LocalHost) -> None:
        raise LocalHostFailed("port 47251 is already in use")

    monkeypatch.setattr(LocalHost, "start", fails)
    app.settings = msgspec.structs.replace(app.settings, language="zh-Hans")
    set_language("zh-Hans")
    app.push(MenuScene(app))
    form = HostFormScene(app)
    app.push(form)
    form._start()
    assert app.scene.shows_notices and isinstance(app.scene, HostFormScene | MenuScene)
    assert app.notice == CATALOGUE["zh-Hans"]["error.host_failed"]
    assert detail_of(app.notice) == "port 47251 is already in use"
