"""出牌建议 Suggest at the table, drawn: the suggested discard marked in the hand and its
reason above it, the suggested claim's button marked; and nothing of it when the player did
not ask, or the table's owner does not allow it."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pygame
import pytest

from client.app import App
from client.i18n import set_language
from client.scenes import table_suggest
from tests.support.gui import claim_on_every_kind, late_turn_with_melds, lobby, show_table
from tests.support.screens import assert_buttons_laid_out, save

SHOTS = [
    ((1280, 720), "zh-Hans"),
    ((1280, 720), "zh-Hant"),
    ((1280, 720), "en"),
    ((1920, 1080), "zh-Hans"),
    ((1920, 1080), "zh-Hant"),
    ((1920, 1080), "en"),
]


@pytest.fixture(params=SHOTS, ids=lambda s: f"{s[0][0]}x{s[0][1]}-{s[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.screen = pygame.display.set_mode(size)
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off", suggest=True)
    return str(chosen)


def test_a_turn_marks_the_suggested_discard(app: App, shots_dir: Path, language: str) -> None:
    conn = late_turn_with_melds().connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "table-suggest-turn", language)
    found = table_suggest.for_scene(scene)
    assert found is not None and found.tile is not None
    assert found.tile in [tile for _, tile in scene.hand_rects]
    assert_buttons_laid_out(app.screen, scene.buttons)


def test_a_claim_marks_the_suggested_button(app: App, shots_dir: Path, language: str) -> None:
    conn = claim_on_every_kind(late_turn_with_melds()).connection()
    scene = show_table(app, conn)
    save(app, shots_dir, "table-suggest-claim", language)
    found = table_suggest.for_scene(scene)
    assert found is not None and found.claim in conn.legal
    assert found.claim in [b.intent for b in scene.buttons]


def test_nothing_is_suggested_unless_asked_for_and_allowed(app: App, language: str) -> None:
    """Off by default; on, but at a table whose owner turned it off, nothing either."""
    from client.settings import Settings

    assert Settings().suggest is False
    conn = late_turn_with_melds().connection()
    scene = show_table(app, conn)
    assert table_suggest.for_scene(scene) is not None
    conn.lobby = msgspec.structs.replace(lobby(), suggest_allowed=False)
    assert table_suggest.for_scene(scene) is None
    conn.lobby = lobby()
    app.settings = msgspec.structs.replace(app.settings, suggest=False)
    assert table_suggest.for_scene(scene) is None


def test_the_owners_permission_reaches_every_client(tmp_path: Path) -> None:
    """`gdmj-host --no-suggest` (HostConfig.allow_suggest, the host form's switch) makes
    every lobby_updated say suggest_allowed false; a table by default allows it."""
    from server.room import Room, RoomConfig
    from server.store import RecordLog, ScoreStore
    from shared.events import LobbyUpdated

    for allowed in (True, False):
        store = ScoreStore(tmp_path / f"scores-{allowed}.json")
        config = RoomConfig(allow_suggest=allowed)
        room = Room("T", "", store, RecordLog(tmp_path / f"records-{allowed}"), config)
        room.join(1, "Ann", False, 0.0, identity="id:suggest-test-ann-1")
        lobby_event = room.lobby.snapshot()
        assert isinstance(lobby_event, LobbyUpdated)
        assert lobby_event.suggest_allowed is allowed
        wire = msgspec.json.decode(msgspec.json.encode(lobby_event))
        assert wire["suggest_allowed"] is allowed
    assert RoomConfig().allow_suggest is True


def test_gdmj_host_no_suggest_sets_the_hosts_config(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import server.cli as cli
    from server.host import HostConfig

    seen: list[HostConfig] = []

    async def serve(config: HostConfig) -> int:
        seen.append(config)
        return 0

    monkeypatch.setattr(cli, "_serve", serve)
    monkeypatch.setattr(cli, "setup_logging", lambda folder: None)
    for flags, allowed in (([], True), (["--no-suggest"], False)):
        assert cli.main(["--port", "0", "--data-dir", str(tmp_path), *flags]) == 0
        assert seen[-1].allow_suggest is allowed


def test_a_guests_lobby_says_when_the_owner_allows_no_suggest(
    app: App, shots_dir: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from client.i18n import t
    from client.scenes import lobby as lobby_module
    from client.scenes.lobby import LobbyScene
    from shared.events import LobbySeat, LobbyUpdated
    from shared.protocol import Welcome
    from shared.ruleset import TableOptions
    from tests.support.gui import SEAT, StillConnection

    seats = (LobbySeat("Me", False, False, False), LobbySeat("Ana", False, True, True), None, None)
    drawn: list[str] = []
    real = lobby_module.draw_text

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(lobby_module, "draw_text", spy)
    for allowed in (True, False):
        state = LobbyUpdated(seats, (), TableOptions(base=2), False, suggest_allowed=allowed)
        conn = StillConnection(rules=None, view=None, lobby=state)  # type: ignore[arg-type]
        conn.welcome = Welcome(1, "T", 1, "token", SEAT, state.options, "")
        app.connection = conn  # type: ignore[assignment]
        app.push(LobbyScene(app))
        drawn.clear()
        save(app, shots_dir, f"lobby-suggest-{allowed}", language)
        assert (t("host.allow_suggest") in drawn) is not allowed
        app.pop()
