"""The game started as a player starts it (`client.main.main`, the `gdmj` command), in its
own process, for tests that signal it: `python tests/support/game_proc.py [--port P]
GDMJ-ARGS...`.

Seams a player's hands would otherwise fill: as a guest it accepts the owner's rules
once they are set (the lobby's Accept button), as the dealer it rolls the dice (so a hand
is dealt whoever deals; it plays no other move), and `--host` hosts on loopback (on port P
if given, else a free one), unadvertised, with two computer players and one quick round
that starts once every seat has accepted; a table resumed from the game's journal comes
back as it was (no rules set, no players added).

It prints, flushed at once: `hosting ADDRESS` once its own player is welcomed, `scene
NAME` whenever the scene changes, `offer TEXT` when it offers to resume a table, `welcomed
seat=S` each time a host welcomes it (again after a restart), `hand N` when a hand is
dealt, `tiles N T,T,…` (its own concealed tiles in hand N) and `owner NAME` (the table's
owner, from the lobby) when they change (said again after each welcome, from the host's
news only), and at the end `exit STATUS`. It takes commands on stdin, one a line, as a
player's keys: `enter` (the Enter key: Resume on the offer). Settings (the player's name,
the language) are the settings file's: the test writes one.
"""

from __future__ import annotations

import dataclasses
import os
import queue
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client import starting
from client.app import App
from client.main import main
from client.scenes import host_form, resume
from server.host import HostConfig
from server.unfinished import unfinished_table
from shared.actions import AcceptRules, RollDice
from shared.ruleset import TableOptions

_host_locally = starting.host_locally
_frame = App.frame
said: dict[str, object] = {}
port = 0
"""`--port`: where `--host` listens (0: a free port)."""
commands: queue.Queue[str] = queue.Queue()


def host_on_loopback(
    app: App, config: HostConfig, options: TableOptions | None, auto_start: bool = False
) -> None:
    config = dataclasses.replace(
        config, port=port, bind="127.0.0.1", advertise=False, bots=2, bot_delay=0.0
    )
    if unfinished_table(config.data_dir) is not None:  # resumed: the table as it was
        _host_locally(app, config, None)
        return
    _host_locally(app, config, TableOptions(rounds=1, turn_seconds=0, claim_seconds=0), True)


def _read_commands() -> None:
    for line in sys.stdin:
        commands.put(line.strip())


def frame(app: App, dt: float) -> None:
    _frame(app, dt)
    conn = app.connection
    scene = type(app.scene).__name__ if app.scenes else ""
    if said.get("scene") != scene:
        said["scene"] = scene
        print(f"scene {scene}", flush=True)
        if isinstance(app.scene, resume.ResumeScene):
            print(f"offer {resume.summary(app.scene.table)}", flush=True)
    try:
        command = commands.get_nowait()
    except queue.Empty:
        command = ""
    if command == "enter":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
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
    if conn.welcome is not None and said.get("welcome") is not conn.welcome:
        # Welcomed (again: back after the host restarted): what follows is the host's news,
        # not what the connection knew before, so the tiles and the owner are said again.
        said["welcome"], said["stale"] = conn.welcome, said.get("view")
        said.pop("tiles", None)
        said.pop("owner", None)
        print(f"welcomed seat={conn.welcome.seat}", flush=True)
    said["view"] = conn.view  # as the previous frame knew it, at the next welcome
    if said.get("stale") is not None and conn.view is said["stale"]:
        return
    view = conn.view
    if view is not None and RollDice() in view.legal and said.get("rolled") != view.hand_number:
        said["rolled"] = view.hand_number
        conn.send(RollDice())
    hand = conn.view.hand_number if conn.view is not None else None
    if hand is not None and said.get("hand") != hand:
        said["hand"] = hand
        print(f"hand {hand}", flush=True)
    if conn.view is not None and conn.view.hand:
        tiles = f"{conn.view.hand_number} " + ",".join(map(str, conn.view.hand))
        if said.get("tiles") != tiles:
            said["tiles"] = tiles
            print(f"tiles {tiles}", flush=True)
    seats = conn.lobby.seats if conn.lobby is not None else ()
    owner = next((s.name for s in seats if s is not None and s.owner), "")
    if owner and said.get("owner") != owner:
        said["owner"] = owner
        print(f"owner {owner}", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--port"]:
        port, args = int(args[1]), args[2:]
    for module in (starting, host_form, resume):
        module.host_locally = host_on_loopback  # type: ignore[assignment]
    App.frame = frame  # type: ignore[method-assign]
    threading.Thread(target=_read_commands, daemon=True).start()
    status = main(args)
    print(f"exit {status}", flush=True)
    sys.exit(status)
