"""The host on Windows' event-loop branch of pyzmq, simulated here (tests/support/windows_loop.py).

On Windows the default asyncio loop is a Proactor, which cannot watch a ZeroMQ socket;
without tornado, pyzmq raises on the host's first poll. The host therefore runs on a
selector loop it asks for by name (server/event_loop.py). These tests run the in-process
host, the self-test and `gdmj-host` under the simulation, so a default loop can never come
back unseen on Linux CI; and they check that a host that cannot start, or dies later, is
reported at once instead of leaving the player waiting for a connection timeout.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import server.local
from client import selftest
from client.net import Address, Connection
from server.host import Host, HostConfig
from server.local import LocalHost, LocalHostFailed
from tests.support.gui import OK_LINE
from tests.support.net import PYTHON, READY, ROOT, LineReader, net_env, net_stop
from tests.support.windows_loop import simulate_windows_event_loops

WINDOWS_LOOP = ROOT / "tests" / "support" / "windows_loop.py"


@pytest.fixture
def windows_branch() -> Iterator[None]:
    undo = simulate_windows_event_loops()
    try:
        yield
    finally:
        undo()


def _config(tmp_path: Path) -> HostConfig:
    return HostConfig(
        name="win", port=0, bind="127.0.0.1", advertise=False, data_dir=tmp_path, bot_delay=0
    )


def _welcomed(address: Address, limit_s: float = 5.0) -> Connection:
    conn = Connection(address, "Ada")
    conn.connect()
    deadline = time.monotonic() + limit_s
    while conn.welcome is None and time.monotonic() < deadline:
        conn.poll(20)
    assert conn.welcome is not None, f"no welcome within {limit_s} s; errors {conn.errors}"
    return conn


def test_the_simulation_breaks_a_host_on_a_default_loop(windows_branch: None, tmp_path: Path):
    """The simulation is faithful: on the loop Windows gives by default, the host fails as
    the review saw it fail there (before it says it is ready)."""
    loop = asyncio.new_event_loop()
    host = Host(_config(tmp_path))
    try:
        with pytest.raises(RuntimeError, match="Proactor event loop does not implement"):
            loop.run_until_complete(host.serve())
    finally:
        loop.close()
    assert not host.ready.is_set()


def test_the_in_process_host_serves_a_player_on_the_windows_branch(
    windows_branch: None, tmp_path: Path
):
    local = LocalHost(_config(tmp_path))
    host = local.start()
    try:
        conn = _welcomed(Address("127.0.0.1", host.port, host.key_text))
        conn.close()
        assert local.failure is None
    finally:
        local.stop()
    assert local.failure is None, "a stop on request is not a failure"


def test_the_self_test_passes_on_the_windows_branch(windows_branch: None):
    report = selftest.run_self_test(limit_s=30)
    assert sum(report.deltas) == 0


def test_gdmj_self_test_process_passes_on_the_windows_branch(tmp_path: Path):
    env = {**net_env(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    run = subprocess.run(
        [PYTHON, str(WINDOWS_LOOP), "gdmj", "--self-test"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert OK_LINE.match(run.stdout.strip()), run.stdout


def test_gdmj_host_process_serves_a_player_on_the_windows_branch(tmp_path: Path):
    command = [
        PYTHON,
        str(WINDOWS_LOOP),
        "gdmj-host",
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--no-advertise",
        "--data-dir",
        str(tmp_path / "data"),
    ]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=net_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        ready = READY.match(LineReader(proc).wait_for(READY.pattern, 20))
        assert ready is not None
        _welcomed(Address.parse(ready.group("address"))).close()
        assert proc.poll() is None, "the host died after its first player"
    finally:
        net_stop(proc)


def test_a_host_that_cannot_poll_fails_its_start_at_once(
    windows_branch: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Put back the old default loop: start() raises naming the reason, well before any
    connection timeout (it used to report ready and then die silently)."""
    monkeypatch.setattr(server.local, "new_host_loop", asyncio.new_event_loop)
    local = LocalHost(_config(tmp_path))
    with pytest.raises(LocalHostFailed) as failed:
        local.start()
    # The reason, not start()'s own time-out ("did not start within"), shows it failed at once.
    assert str(failed.value).startswith("the table could not start: RuntimeError: ")
    assert "add_reader" in failed.value.reason
    local.stop()


def test_the_game_says_at_once_when_its_table_cannot_start(
    windows_branch: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from client.app import App
    from client.scenes.connect import ConnectingScene
    from client.scenes.menu import MenuScene
    from client.settings import Settings
    from client.starting import start_quick_game

    monkeypatch.setattr(server.local, "new_host_loop", asyncio.new_event_loop)
    app = App(Settings(language="en"))
    app.data_dir = tmp_path / "data"
    app.config_dir = tmp_path / "config"
    try:
        app.push(MenuScene(app))
        start_quick_game(app)  # returns with the notice: no frame has run
        assert not isinstance(app.scene, ConnectingScene)
        assert app.notice is not None
        assert app.notice == "The table could not start"
        assert re.match(r"RuntimeError: Proactor", getattr(app.notice, "detail", ""))
        assert app.local_host is None and app.connection is None
    finally:
        app.disconnect()


def test_the_game_says_at_once_when_its_table_dies_during_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from client.app import App
    from client.scenes.menu import MenuScene
    from client.settings import Settings
    from client.starting import start_quick_game

    app = App(Settings(language="en"))
    app.data_dir = tmp_path / "data"
    app.config_dir = tmp_path / "config"
    try:
        app.push(MenuScene(app))
        start_quick_game(app)
        local = app.local_host
        assert local is not None and local.host is not None

        async def broken() -> None:
            raise OSError(28, "No space left on device")

        local.host._refresh_advert = broken  # type: ignore[method-assign]
        deadline = time.monotonic() + 5
        while app.local_host is not None and time.monotonic() < deadline:
            app.frame(0.016)
            time.sleep(0.01)
        assert app.local_host is None, "the game did not notice its host had died"
        assert isinstance(app.scene, MenuScene)
        assert app.notice == "The table on this computer stopped"
        assert getattr(app.notice, "detail", "") == "OSError: [Errno 28] No space left on device"
    finally:
        app.disconnect()
