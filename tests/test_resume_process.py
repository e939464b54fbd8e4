"""The game that hosts a table, killed mid-hand (SIGKILL) and started again, resumes it.

Real processes: the hosting game and the guest's game are each the game as `gdmj` starts
(tests/support/game_proc.py), on loopback. The hosting game journals its table; started
again with `--host` it offers to resume it; Enter (Resume) brings the table back and the
guest's game, which kept trying, is back in the same hand with the same tiles, and the
hosting player is still the owner, as the guest's game is told.
"""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import time
from pathlib import Path

from client.settings import Settings, save_settings
from tests.support.net import KILLED_RETURNCODE, PYTHON, ROOT, LineReader, linux_only, net_env

GAME = ROOT / "tests" / "support" / "game_proc.py"
BACK_WITHIN_S = 10.0
"""The issue's bound: the guest is back in the hand this soon after the resume."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_game(home: Path, name: str, *args: str) -> subprocess.Popen[str]:
    """`gdmj ARGS` in its own process, its settings (its player's name, English) and
    folders in `home` (the same home again: the same game, its journal and key pair)."""
    config = home / "config"
    settings = config / "gdmahjong" / "settings.json"
    if not settings.exists():
        save_settings(Settings(language="en", player_name=name, name_chosen=True), settings)
    return subprocess.Popen(
        [PYTHON, str(GAME), *args],
        cwd=ROOT,
        env={**net_env(home), "XDG_CONFIG_HOME": str(config)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
    )


def settled(lines: LineReader, pattern: str, quiet_s: float, limit_s: float) -> str:
    """The last line matching `pattern` once no new one came for `quiet_s` seconds."""
    last = lines.wait_for(pattern, limit_s)
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        try:
            last = lines.wait_for(pattern, quiet_s)
        except AssertionError:
            return last
    raise AssertionError(f"{pattern!r} never settled; last {last!r}")


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait(10)


@linux_only("SIGKILL")
def test_the_hosting_game_killed_mid_hand_resumes_and_its_guest_is_back(tmp_path: Path) -> None:
    port = str(free_port())
    hosting_home, guest_home = tmp_path / "hosting", tmp_path / "guest"
    host_args = ("--port", port, "--host", "--name", "Friday table")
    hosting = start_game(hosting_home, "强哥", *host_args)
    games = [hosting]
    try:
        hosted = LineReader(hosting)
        address = hosted.wait_for(r"^hosting ", 30).split()[1]
        guest = start_game(guest_home, "Bea", "--join", address)
        games.append(guest)
        seen = LineReader(guest)
        seen.wait_for(r"^owner 强哥$", 30)
        # The hand dealt and waiting on a person (nobody here plays for them): its tiles.
        tiles = settled(seen, r"^tiles 1 ", 2.0, 30)

        hosting.send_signal(signal.SIGKILL)
        assert hosting.wait(10) == KILLED_RETURNCODE

        hosting = start_game(hosting_home, "强哥", *host_args)
        games.append(hosting)
        hosted = LineReader(hosting)
        offer = hosted.wait_for(r"^offer ", 30)
        assert re.fullmatch(r"offer «Friday table» — hand 1, \w+ round", offer), offer
        assert hosting.stdin is not None
        hosting.stdin.write("enter\n")  # Resume
        hosting.stdin.flush()
        resumed = time.monotonic()

        seen.wait_for(r"^welcomed seat=", BACK_WITHIN_S)
        assert seen.wait_for(r"^tiles ", BACK_WITHIN_S - (time.monotonic() - resumed)) == tiles
        seen.wait_for(r"^owner ", BACK_WITHIN_S)  # the host's lobby, after the restart
        assert seen.seen[-1].strip() == "owner 强哥"
        took = time.monotonic() - resumed
        print(f"the guest was back in the hand {took:.2f} s after the resume")
        assert took <= BACK_WITHIN_S
        # The hosting player is back at the table, its owner.
        hosted.wait_for(r"^scene TableScene$", 10)
        assert "owner 强哥\n" in hosted.seen or hosted.wait_for(r"^owner ", 10) == "owner 强哥"
    finally:
        for game in games:
            stop(game)
