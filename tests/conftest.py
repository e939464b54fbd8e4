"""Keep every test's files out of the real user folders, on every OS.

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
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

# platformdirs function -> (variable, its Linux default under home, the folder below the app)
_FOLLOWED = {
    "user_config_dir": ("XDG_CONFIG_HOME", ".config", ""),
    "user_data_dir": ("XDG_DATA_HOME", ".local/share", ""),
    "user_state_dir": ("XDG_STATE_HOME", ".local/state", ""),
    "user_log_dir": ("XDG_STATE_HOME", ".local/state", "log"),
    "user_cache_dir": ("XDG_CACHE_HOME", ".cache", ""),
}


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
