"""The 对局记录 History and Statistics screens, driven as a player does (keys, clicks) over a
store of real hand records, saved as screenshots in three languages at two sizes; a hand
row opens the replay viewer and exports its file to Documents, its path copied."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pygame
import pytest
from msgspec import structs

from client.app import App
from client.clipboard import paste_text
from client.i18n import current_language, set_language
from client.record_stats import own_fingerprints
from client.record_store import RecordStore, store_of
from client.scenes.history import HistoryScene, SessionScene, open_hand
from client.scenes.menu import MenuScene
from client.scenes.replay import ReplayScene
from client.scenes.statistics import StatisticsScene
from server.cli import main
from server.records import decoder
from shared.records import (
    HandRecord,
    RecordSeat,
    RecordSession,
    decode_record_file,
    make_record_file,
)
from tests.support.gui import click, press
from tests.support.screens import assert_buttons_laid_out, save

SIZES = ((1280, 720), (1920, 1080))
LANGUAGES = ("zh-Hans", "zh-Hant", "en")
BEA = "bbbbbbbbbbbbbbbb"


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> list[HandRecord]:
    log = tmp_path_factory.mktemp("sim") / "hands.jsonl"
    assert main(["--simulate", "24", "--seed", "11", "--log", str(log)]) == 0
    return [decoder.decode(line) for line in log.read_bytes().splitlines()]


def fill(app: App, hands: list[HandRecord]) -> RecordStore:
    """Six sessions: five at which this install's player sat (with Bea at three), one
    watched; a damaged file in the latest."""
    me = sorted(own_fingerprints(app.config_dir))[0]
    store = store_of(app)
    tables = ("周五麻将", "Back room", "阿强's table", "周五麻将", "Lunch table", "Watching")
    at = 0
    for n, table in enumerate(tables):
        bea = n % 2 == 0
        seats = (
            RecordSeat(
                "小龙" if n != 4 else "Dragon", "human", identity=me if n != 5 else "c" * 16
            ),
            RecordSeat("Bea" if n < 4 else "Bea 2", "human", identity=BEA)
            if bea
            else RecordSeat("阿强", "bot", level="strong"),
            RecordSeat("阿明", "bot", level="normal"),
            RecordSeat("阿芬", "bot", level="easy"),
        )
        session = RecordSession(f"s{n}", table, f"2026-11-{n + 3:02d}T19:30:00Z", "小龙")
        for number in range(1, 5):
            hand = structs.replace(hands[at % len(hands)], hand_number=number)
            at += 1
            store.save(make_record_file(hand, session, seats, "0.1.0"))
    latest = store.sessions()[0]
    (store.folder / latest.key / "hand-009.gdmjrec").write_bytes(b'{"format": "other"}')
    return store


@pytest.fixture(
    params=[(lang, size) for lang in LANGUAGES for size in SIZES], ids=lambda p: f"{p[0]}-{p[1][0]}"
)
def shown(request: pytest.FixtureRequest, app: App, hands: list[HandRecord]) -> App:
    language, size = request.param
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    fill(app, hands)
    return app


def test_history_and_statistics_screens(shown: App, shots_dir: Path) -> None:
    app = shown
    language = current_language()
    app.push(MenuScene(app))
    press(app, pygame.K_y)  # the menu's 对局记录 History
    assert isinstance(app.scene, HistoryScene)
    history = app.scene
    assert len(history.sessions()) == 6
    save(app, shots_dir, "history-sessions", language)
    assert_buttons_laid_out(app.screen, history.buttons)
    press(app, pygame.K_RIGHT)  # the filter: this install's player
    press(app, pygame.K_RIGHT)  # Bea
    assert history.player is not None and history.player.name == "Bea 2"  # latest name
    assert [s.session.table for s in history.sessions()] == [
        "Lunch table",
        "阿强's table",
        "周五麻将",
    ]
    save(app, shots_dir, "history-filtered", language)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # opens the second
    assert isinstance(app.scene, SessionScene)
    assert app.scene.session.session.table == "阿强's table"
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)  # everyone again
    press(app, pygame.K_RETURN)  # the latest session, with its damaged file
    scene = app.scene
    assert isinstance(scene, SessionScene)
    assert [h.record_file is None for h in scene.stored] == [False] * 4 + [True]
    save(app, shots_dir, "history-hands", language)
    assert_buttons_laid_out(app.screen, scene.buttons + scene.row_buttons)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s)
    assert isinstance(app.scene, StatisticsScene)
    stats = app.scene.stats()
    assert stats.sessions == 5 and stats.hands == 20 and len(stats.points) == 20
    save(app, shots_dir, "statistics", language)
    assert_buttons_laid_out(app.screen, app.scene.buttons)
    press(app, pygame.K_RIGHT)  # Bea's
    assert app.scene.stats().sessions == 3
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, HistoryScene)


def _latest_session(app: App) -> SessionScene:
    app.push(HistoryScene(app))
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, SessionScene)
    return app.scene


def test_export_writes_the_file_to_documents_and_copies_its_path(
    app: App, hands: list[HandRecord], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documents = tmp_path / "Documents"
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: str(documents))
    fill(app, hands)
    scene = _latest_session(app)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_e)
    exported = list(documents.iterdir())
    assert len(exported) == 1 and exported[0].suffix == ".gdmjrec"
    assert decode_record_file(exported[0].read_bytes()) == scene.stored[1].record_file
    assert paste_text() == str(exported[0])
    assert str(exported[0]) in (app.notice or "")


def test_a_hand_row_opens_the_replay_viewer_which_comes_back_here(
    app: App, hands: list[HandRecord]
) -> None:
    fill(app, hands)
    scene = _latest_session(app)
    app.frame(0.016)
    replay_button = next(b for b in scene.row_buttons if b.label == "Replay")
    click(app, replay_button.rect.center)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.record_file == scene.stored[0].record_file
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_a_hand_that_does_not_replay_says_why_in_place(
    app: App, hands: list[HandRecord]
) -> None:
    fill(app, hands)
    scene = _latest_session(app)
    broken = structs.replace(
        scene.stored[0].record_file,
        record=structs.replace(scene.stored[0].record_file.record, ruleset_digest="0" * 16),
    )
    open_hand(app, broken, scene)
    assert app.scene is scene
    said = [app.notice or "", scene.notice or ""]
    # the player's line, then the reason as its detail (client/problem.py)
    assert any("other rules" in getattr(text, "detail", "") for text in said), said
