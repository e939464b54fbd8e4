"""The lobby with seat choice and the computer players' pace, as the owner and as a guest:
every free seat offers 入座 Sit here (a click asks the host for it, `take_seat`), the owner
sets the pace with the options (a click asks at once, `set_bot_pace`), and a guest reads
it among the rules. Three languages at 1280×720 and 1920×1080, saved as PNG."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pygame
import pytest

from client.app import App
from client.i18n import set_language, t
from client.scenes.host_form import HostFormScene
from client.scenes.lobby import LobbyScene
from server.host import HostConfig
from shared.actions import SetBotPace, TakeSeat
from shared.events import LobbySeat, LobbyUpdated
from shared.protocol import Welcome
from shared.ruleset import TableOptions
from tests.support.gui import NAMES, SEAT, StillConnection, click
from tests.support.screens import assert_buttons_laid_out, save

SHOTS = [
    ((1280, 720), "zh-Hans"),
    ((1280, 720), "zh-Hant"),
    ((1280, 720), "en"),
    ((1920, 1080), "zh-Hans"),
    ((1920, 1080), "zh-Hant"),
    ((1920, 1080), "en"),
]


@pytest.fixture(params=SHOTS, ids=lambda shot: f"{shot[0][0]}x{shot[0][1]}-{shot[1]}")
def language(request: pytest.FixtureRequest, app: App) -> str:
    size, chosen = request.param
    set_language(chosen)
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    app.screen = pygame.display.set_mode(size)
    return str(chosen)


def still(state: LobbyUpdated) -> StillConnection:
    conn = StillConnection(rules=None, view=None, lobby=state)  # type: ignore[arg-type]
    conn.welcome = Welcome(1, "Friday", 1, "token", SEAT, state.options, "")
    return conn


def owner_lobby(pace: str = "natural") -> LobbyUpdated:
    """The player owns the table in seat 0; seat 1 a computer player, 2 and 3 free."""
    seats = (
        LobbySeat(NAMES[SEAT], False, True, True),
        LobbySeat("阿明", True, True, False, level="normal"),
        None,
        None,
    )
    return LobbyUpdated(seats, (), None, False, bot_pace=pace)


def sit_buttons(scene: LobbyScene) -> dict[int, pygame.Rect]:
    return {b.intent.seat: b.rect for b in scene.buttons if isinstance(b.intent, TakeSeat)}


def test_the_owner_sees_sit_here_on_free_seats_and_the_pace(
    app: App, shots_dir: Path, language: str
) -> None:
    conn = still(owner_lobby())
    app.connection = conn  # type: ignore[assignment]
    scene = LobbyScene(app)
    app.push(scene)
    save(app, shots_dir, "lobby-seats-owner", language)
    assert sorted(sit_buttons(scene)) == [2, 3]  # the free seats only
    assert all(b.label == t("lobby.sit_here") for b in scene.buttons if b.intent)
    assert_buttons_laid_out(app.screen, scene.buttons)
    assert scene.choices[-1] is scene.pace
    assert scene.pace.value == "natural"  # the host's, as lobby_updated says
    click(app, sit_buttons(scene)[3].center)
    assert conn.sent == [TakeSeat(3)]
    conn.sent.clear()
    click(app, scene.pace.rect.center)
    assert conn.sent == [SetBotPace("quick")]
    assert scene.pace.value == "quick"  # while the host confirms


def test_a_guest_moves_and_reads_the_pace_with_the_rules(
    app: App, shots_dir: Path, language: str
) -> None:
    seats = (
        LobbySeat("Ana", False, True, True),
        LobbySeat(NAMES[SEAT], False, False, False),
        None,
        LobbySeat("阿芬", True, True, False, level="strong"),
    )
    state = LobbyUpdated(seats, (), TableOptions(base=2), False, bot_pace="natural")
    conn = still(state)
    conn.name = NAMES[SEAT]
    app.connection = conn  # type: ignore[assignment]
    scene = LobbyScene(app)
    app.push(scene)
    save(app, shots_dir, "lobby-seats-guest", language)
    assert list(sit_buttons(scene)) == [2]
    assert t("lobby.add_bot") not in [b.label for b in scene.buttons]
    assert_buttons_laid_out(app.screen, scene.buttons)
    click(app, sit_buttons(scene)[2].center)
    assert conn.sent == [TakeSeat(2)]


def test_the_host_form_hosts_at_the_natural_pace_unless_changed(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    hosted: list[HostConfig] = []
    monkeypatch.setattr(
        "client.scenes.host_form.host_locally", lambda app, config, options: hosted.append(config)
    )
    scene = HostFormScene(app)
    app.push(scene)
    app.dirty = True
    app.frame(0.016)
    scene._start()
    click(app, scene.pace.rect.center)
    scene._start()
    assert [config.bot_pace for config in hosted] == ["natural", "quick"]


@pytest.mark.parametrize("chosen", ["zh-Hans", "zh-Hant", "en"])
def test_the_rules_page_tells_seats_and_pace(chosen: str) -> None:
    from client.rules_content import Heading, Line, page
    from shared.ruleset import make_ruleset

    set_language(chosen)
    blocks = page(make_ruleset(), at_table=True)
    at = blocks.index(Heading(t("rules.seats")))
    assert blocks[at + 1 : at + 3] == [Line(t("rules.seats.choose")), Line(t("rules.seats.pace"))]
    assert "0.8–2.5" in t("rules.seats.pace")
    set_language("en")
