"""A wrong table key is told as such: the client sees the host break off the secure
handshake and the game says "wrong table key", not "the host did not answer"."""

from __future__ import annotations

import os
import time
from pathlib import Path

import zmq

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client.net import Address, Connection
from server.host import HostConfig
from server.local import LocalHost


def _host(tmp_path: Path) -> LocalHost:
    local = LocalHost(
        HostConfig(name="T", port=0, bind="127.0.0.1", advertise=False, data_dir=tmp_path)
    )
    local.start()
    return local


def test_a_wrong_key_is_seen_as_one(tmp_path: Path) -> None:
    local = _host(tmp_path)
    try:
        assert local.host is not None
        wrong = zmq.curve_keypair()[0].decode()
        conn = Connection(Address("127.0.0.1", local.host.port, wrong), "Ah Keung")
        conn.connect()
        deadline = time.monotonic() + 5
        while not conn.key_rejected and time.monotonic() < deadline:
            conn.poll(50)
        conn.close()
        assert conn.key_rejected and conn.welcome is None
        right = Connection(Address("127.0.0.1", local.host.port, local.host.key_text), "Ah Zan")
        right.connect()
        deadline = time.monotonic() + 5
        while right.welcome is None and time.monotonic() < deadline:
            right.poll(50)
        right.close()
        assert right.welcome is not None and not right.key_rejected
    finally:
        local.stop()


def test_the_game_says_wrong_table_key(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from client.app import App
    from client.scenes.menu import MenuScene
    from client.settings import Settings
    from client.starting import connect

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    local = _host(tmp_path / "host")
    app = App(Settings(language="en"))
    app.config_dir = tmp_path / "config"
    try:
        assert local.host is not None
        app.push(MenuScene(app))
        wrong = zmq.curve_keypair()[0].decode()
        deadline = time.monotonic() + 60  # generous: the notice's text tells the causes apart
        connect(app, Address("127.0.0.1", local.host.port, wrong))
        while app.notice is None and time.monotonic() < deadline:
            app.frame(0.016)
            time.sleep(0.01)
        # Had it waited for the connect timeout instead, the notice would be "no answer".
        assert app.notice is not None and app.notice.startswith("Wrong table key"), app.notice
        assert isinstance(app.scene, MenuScene)
    finally:
        app.disconnect()
        local.stop()
