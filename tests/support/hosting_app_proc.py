"""The game of a player who hosts a table ("Host a table": the host runs inside the game),
in its own process, driven by a test through stdin like a player at the keyboard:
`python tests/support/hosting_app_proc.py DATA_DIR NAME [--bots N] [--limit S]`.

It hosts on loopback (two computer players by default), sits as the owner (it says
where it hosts only once it is welcomed, so it sits first) and starts the session once
every seat has accepted. It prints one line per milestone, flushed at once:
`hosting ADDRESS`, `scene NAME` whenever the scene changes, `asked KEY` when the leave
question is up (KEY: what it says), `leaving` just before it answers Leave. Commands, one
a line: `esc` (the Escape key), `enter` (the Enter key), `quit`. It ends by itself after
`--limit` seconds so that it can never outlive a test for long.
"""

from __future__ import annotations

import argparse
import os
import queue
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client.app import App
from client.settings import Settings
from client.starting import host_locally
from server.host import HostConfig
from shared.ruleset import TableOptions


def _commands() -> queue.Queue[str]:
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            lines.put(line.strip())
        lines.put("quit")

    threading.Thread(target=read, daemon=True).start()
    return lines


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("data_dir", type=Path)
    p.add_argument("name")
    p.add_argument("--bots", type=int, default=2)
    p.add_argument("--limit", type=float, default=60.0)
    args = p.parse_args()
    settings = Settings(
        language="en", player_name=args.name, auto_win=True, auto_pass=True, auto_discard=True
    )
    app = App(settings)
    app.data_dir = args.data_dir
    app.config_dir = args.data_dir / "config"
    config = HostConfig(
        name="Hosted in the game",
        port=0,
        bind="127.0.0.1",
        bots=args.bots,
        advertise=False,
        data_dir=args.data_dir,
        bot_delay=0.0,
    )
    options = TableOptions(rounds=1, turn_seconds=0, claim_seconds=0)
    host_locally(app, config, options, auto_start=True)
    assert app.local_host is not None and app.local_host.host is not None, app.notice
    host = app.local_host.host
    # Welcomed first, so this player sits first and owns the table (sets the rules).
    while app.connection is not None and app.connection.welcome is None:
        app.frame(0.016)
        time.sleep(0.005)
    print(f"hosting {host.address('127.0.0.1')}", flush=True)
    commands = _commands()
    end = time.monotonic() + args.limit
    shown = ""
    asked = None
    while app.running and app.scenes and time.monotonic() < end:
        app.frame(0.016)
        scene = type(app.scene).__name__ if app.scenes else ""
        if scene != shown:
            shown = scene
            print(f"scene {scene}", flush=True)
        question = app.overlays.confirm.lines[0] if app.overlays.confirm else None
        if question != asked:
            asked = question
            if question is not None:
                print(f"asked {question}", flush=True)
        try:
            command = commands.get_nowait()
        except queue.Empty:
            time.sleep(0.01)
            continue
        if command == "quit":
            break
        key = {"esc": pygame.K_ESCAPE, "enter": pygame.K_RETURN}[command]
        if command == "enter" and app.overlays.confirm is not None:
            print("leaving", flush=True)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.disconnect()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
