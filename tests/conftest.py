"""The suite's fixtures: `app` (the game's App, `app_language` to choose its language),
`net_host` (a `gdmj-host` process, stopped afterwards), `shots_dir` (where screenshots go),
and one for every test: its files kept out of the real user folders. Texts are strict (a
missing key raises: `pytest_configure`). Helpers to import are in `tests/support/`.

Keeping every test's files out of the real user folders, on every OS:

The tests point the game's folders at temporary ones through the XDG variables
(`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_STATE_HOME`, `XDG_CACHE_HOME`), which
platformdirs follows on Linux only. On Windows and macOS it would use the runner's real
AppData or Library folders, so there the platformdirs functions the game calls are made
to follow the same variables, with a temporary home for any that a test leaves unset.
Child processes there still use the real folders (nothing in platformdirs redirects
them); the network tests give their hosts `--data-dir` for what matters.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
import pytest

if TYPE_CHECKING:
    from client.app import App
    from tests.support.net import NetHost

# platformdirs function -> (variable, its Linux default under home, the folder below the app)
_FOLLOWED = {
    "user_config_dir": ("XDG_CONFIG_HOME", ".config", ""),
    "user_data_dir": ("XDG_DATA_HOME", ".local/share", ""),
    "user_state_dir": ("XDG_STATE_HOME", ".local/state", ""),
    "user_log_dir": ("XDG_STATE_HOME", ".local/state", "log"),
    "user_cache_dir": ("XDG_CACHE_HOME", ".cache", ""),
}


def pytest_configure(config: pytest.Config) -> None:
    """A missing text or format field fails the test that meets it (the game shows English)."""
    from client import i18n

    i18n.STRICT = True


@pytest.fixture(autouse=True)
def _user_folders_follow_xdg(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    if sys.platform == "linux":
        yield
        return
    home = tmp_path_factory.getbasetemp() / "home"
    for name, (variable, default, below) in _FOLLOWED.items():

        def folder(
            appname: str | None = None,
            *args: object,
            variable: str = variable,
            default: str = default,
            below: str = below,
            **kwargs: object,
        ) -> str:
            base = Path(os.environ.get(variable) or home / default)
            return str(base / (appname or "") / below)

        monkeypatch.setattr(platformdirs, name, folder)
    yield


@pytest.fixture(scope="module")
def shots_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshot tests save their PNGs: $GDMJ_SCREENSHOT_DIR (`.ci/run` sets it and
    CI keeps the folder), else a temporary folder."""
    chosen = os.environ.get("GDMJ_SCREENSHOT_DIR")
    if not chosen:
        return tmp_path_factory.mktemp("screenshots")
    folder = Path(chosen)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def app_language() -> str:
    """The language the `app` fixture starts in; a module overrides it to test another."""
    return "en"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app_language: str) -> Iterator[App]:
    """The game's App in `app_language` (English), its settings and data in this test's folder, a
    1280×720 window (SDL's dummy driver where there is no display). Afterwards its
    connection and any host it runs are closed, and the language is English again; pygame
    stays up, since fonts and tile art are cached per process. A module that needs more
    (another language, a patched host config) overrides this fixture and asks for it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from client.app import App
    from client.i18n import set_language
    from client.settings import Settings

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    application = App(Settings(language=app_language))
    application.data_dir = tmp_path / "data"
    application.config_dir = tmp_path / "config"
    application.screen = pygame.display.set_mode((1280, 720))
    yield application
    application.disconnect()
    set_language("en")


@pytest.fixture(autouse=True)
def _pattern_names_back() -> Iterator[None]:
    """Every test starts and ends with patterns named in the UI's language only (a
    setting client.i18n keeps for the whole process, like the language)."""
    from client import i18n

    i18n.set_pattern_names("language")
    yield
    i18n.set_pattern_names("language")


@pytest.fixture
def net_host(tmp_path: Path) -> Iterator[Callable[..., NetHost]]:
    """Start a `gdmj-host` process: `net_host("Table name", code=…, bots=…)` takes
    `tests.support.net.start_host`'s arguments but the data folder (this test's `data`).
    Every host started is stopped afterwards, whatever the test did."""
    from tests.support.net import start_host

    started: list[NetHost] = []

    def start(name: str = "Net test", **options: Any) -> NetHost:
        options.setdefault("data_dir", tmp_path / "data")
        host = start_host(name=name, **options)
        started.append(host)
        return host

    yield start
    for host in started:
        host.stop()
