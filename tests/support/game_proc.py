"""The game started as a player starts it (`client.main.main`, the `gdmj` command), in its
own process, for tests that signal it: `python tests/support/game_proc.py GDMJ-ARGS...`.

Two seams a player's hands would otherwise fill: as a guest it accepts the owner's rules
once they are set (the lobby's Accept button), and `--host` hosts on loopback, on a free
port, unadvertised, with two computer players and one quick round that starts once every
seat has accepted. It prints, flushed at once: `hosting ADDRESS` once its own player is
welcomed, `scene NAME` whenever the scene changes, `hand N` when a hand is dealt, and at
the end `exit STATUS`. Settings (the player's name, the language) are the settings file's:
the test writes one.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client.app import App
from client.main import main
from client.scenes import connect
from server.host import HostConfig
from shared.actions import AcceptRules
from shared.ruleset import TableOptions

_host_locally = connect.host_locally
_frame = App.frame
said: dict[str, object] = {}


def host_on_loopback(
    app: App, config: HostConfig, options: TableOptions | None, auto_start: bool = False
) -> None:
    config = dataclasses.replace(
        config, port=0, bind="127.0.0.1", advertise=False, bots=2, bot_delay=0.0
    )
    _host_locally(app, config, TableOptions(rounds=1, turn_seconds=0, claim_seconds=0), True)


def frame(app: App, dt: float) -> None:
    _frame(app, dt)
    conn = app.connection
    scene = type(app.scene).__name__ if app.scenes else ""
    if said.get("scene") != scene:
        said["scene"] = scene
        print(f"scene {scene}", flush=True)
    if conn is None:
        return
    host = app.local_host.host if app.local_host is not None else None
    if host is not None and conn.welcome is not None and "hosting" not in said:
        said["hosting"] = True
        print(f"hosting {host.address('127.0.0.1')}", flush=True)
    options = conn.lobby.options if conn.lobby is not None else None
    if app.local_host is None and options is not None and said.get("accepted") != options:
        said["accepted"] = options
        conn.send(AcceptRules())
    hand = conn.view.hand_number if conn.view is not None else None
    if hand is not None and said.get("hand") != hand:
        said["hand"] = hand
        print(f"hand {hand}", flush=True)


if __name__ == "__main__":
    connect.host_locally = host_on_loopback  # type: ignore[assignment]
    App.frame = frame  # type: ignore[method-assign]
    status = main(sys.argv[1:])
    print(f"exit {status}", flush=True)
    sys.exit(status)
