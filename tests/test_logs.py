"""Two game windows on one computer each keep a whole log (machine/logs.py): neither
rotates the other's file (which Windows refuses while it is open, and which loses lines
anywhere)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from machine import logs

ROOT = Path(__file__).resolve().parents[1]
LINES = 120
"""About 9 kB of log at 4 kB a file: each process rotates its log twice, and no line is
rotated out of the three old files kept."""
WRITER = """
import logging, sys, time
from pathlib import Path
from machine import logs

logs.MAX_BYTES = 4000
folder, tag, go, lines = Path(sys.argv[1]), sys.argv[2], Path(sys.argv[3]), int(sys.argv[4])
print(logs.setup_logging(folder, logs.GAME_LOG), flush=True)
deadline = time.monotonic() + 60
while not go.exists() and time.monotonic() < deadline:
    time.sleep(0.01)
for i in range(lines):
    logging.getLogger("play").info("%s line %04d of the evening's play", tag, i)
    time.sleep(0.001)
"""


def _lines_of(path: Path) -> list[str]:
    files = [path, *(path.with_name(f"{path.name}.{n}") for n in range(1, logs.BACKUPS + 1))]
    return [
        line.split(" INFO ", 1)[1]
        for file in files
        if file.exists()
        for line in file.read_text(encoding="utf-8").splitlines()
    ]


def test_two_games_at_once_each_rotate_their_own_log(tmp_path: Path):
    folder, go = tmp_path / "log", tmp_path / "go"
    games = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder), tag, str(go), str(LINES)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for tag in ("first", "second")
    ]
    try:
        paths = [Path(game.stdout.readline().strip()) for game in games]  # type: ignore[union-attr]
        go.touch()  # both hold their log now: they write at the same time
        for game in games:
            assert game.wait(timeout=60) == 0
    finally:
        for game in games:
            if game.poll() is None:
                game.kill()
            game.communicate()
    assert sorted(path.name for path in paths) == ["gdmj-2.log", "gdmj.log"]
    for path in paths:
        assert path.with_name(path.name + ".2").exists()  # rotated twice
    by_file = {path.name: _lines_of(path) for path in paths}
    for name, lines in by_file.items():
        tags = {line.split(" ", 1)[0] for line in lines}
        assert len(tags) == 1, f"{name} holds lines of both games"
        numbers = sorted(int(line.split(" line ")[1][:4]) for line in lines)
        assert numbers == list(range(LINES)), f"{name} lost or doubled lines"


def test_a_log_name_held_by_another_process_is_not_taken(tmp_path: Path):
    """A process that ended leaves its name free again: the folder stays at a few names."""
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from machine import logs;"
         " print(logs.claim_log_file(Path(sys.argv[1]), 'host.log'), flush=True);"
         " sys.stdin.read()", str(tmp_path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == str(tmp_path / "host.log")
        assert logs.claim_log_file(tmp_path, "host.log") == tmp_path / "host-2.log"
        assert logs.claim_log_file(tmp_path, "host.log") == tmp_path / "host-2.log"  # ours
        holder.stdin.close()
        assert holder.wait(timeout=30) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
    other = tmp_path / "other"
    other.mkdir()
    assert logs.claim_log_file(other, "host.log") == other / "host.log"


def test_when_every_name_is_held_the_console_is_used(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(logs, "_lock", lambda path: None)
    assert logs.setup_logging(tmp_path, logs.GAME_LOG) is None


def test_slot_names():
    assert [logs.slot_name("gdmj.log", n) for n in (1, 2, 8)] == [
        "gdmj.log",
        "gdmj-2.log",
        "gdmj-8.log",
    ]
    assert logs.slot_name("log", 3) == "log-3"
