"""Every file the game and the host read, read defensively (issue #31): a regular file only,
its size checked before reading and bounded while reading (machine.files.read_limited),
its nesting bounded before msgspec decodes it (shared/nesting.py).

The findings: a 600 MB record took 644 MB of memory before being refused; a link to
/dev/zero reached 1.3 GB in 10 s and was never refused; a `.gdmjrec` nested 100,000 deep
crashed the game with a RecursionError. The memory figures are measured in a child
process, whose address space is capped so that the old behaviour fails fast rather than
eating the machine."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from machine.files import FileRefused, read_limited
from server.journal import JournalCorrupt, read_journal
from server.local import read_saved_scores
from server.store import ScoreStore
from shared.nesting import MAX_NESTING

POSIX = os.name == "posix"
DEEP = 100_000
ROOT = Path(__file__).resolve().parent.parent


def deep_json(depth: int, head: bytes = b'{"format":"gdmj-hand-record","version":2,"x":') -> bytes:
    """JSON nested `depth` arrays deep under `head` (the opening of a record by default)."""
    return head + b"[" * depth + b"]" * depth + b"}"


# --- the helper --------------------------------------------------------------------------


def test_a_regular_file_within_its_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 100)
    assert read_limited(path, 100) == b"x" * 100
    with pytest.raises(FileNotFoundError):
        read_limited(tmp_path / "missing", 100)


def test_a_file_over_its_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.gdmjrec"
    path.write_bytes(b"x" * 101)
    with pytest.raises(FileRefused, match="101 bytes, where at most 100") as refused:
        read_limited(path, 100)
    assert isinstance(refused.value, OSError) and refused.value.filename == str(path)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="no /proc here")
def test_the_limit_holds_while_reading_a_file_whose_size_says_nothing() -> None:
    # /proc files say they are 0 bytes long: only the read's own bound stops them.
    assert os.stat("/proc/self/status").st_size == 0
    with pytest.raises(FileRefused, match="more than 20 bytes"):
        read_limited(Path("/proc/self/status"), 20)


@pytest.mark.skipif(not POSIX, reason="POSIX devices, links and FIFOs")
def test_what_is_not_a_regular_file_is_refused_by_name(tmp_path: Path) -> None:
    zero = tmp_path / "zero.gdmjrec"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo.gdmjrec"
    os.mkfifo(fifo)  # opening it to read would wait for a writer for ever
    folder = tmp_path / "folder.gdmjrec"
    folder.mkdir()
    for path, kind in ((zero, "a device"), (fifo, "a pipe"), (folder, "a folder")):
        with pytest.raises(FileRefused, match=f"not a regular file but {kind}"):
            read_limited(path, 1024)


WHOLE_READS = re.compile(r"\.read_bytes\(\)|\.read_text\(")
BUNDLED = {
    "client/assets.py",  # fonts, images and sounds shipped with the game
    "client/voice.py",  # the voice clips shipped with it
    "client/scenes/about.py",  # the licence notices built into it
    "machine/notices.py",  # those notices, made at build time
    "machine/licence_texts.py",  # the build's downloads, checked by their hashes
    "shared/accelerator.py",  # the game's own sources, hashed
}
"""Modules that read only what the game ships or builds, never a file a player, a friend
or a damaged disk may have put in its place."""


def test_no_module_reads_a_file_whole_its_own_way() -> None:
    own_ways = [
        f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}"
        for folder in ("client", "machine", "server", "shared")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.relative_to(ROOT).as_posix() not in BUNDLED
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if WHOLE_READS.search(line)
    ]
    assert own_ways == [], "read these with machine.files.read_limited"


# --- every reader, in a child whose memory is measured -------------------------------------

CHILD = r"""
import json, os, resource, sys
from pathlib import Path

def rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux

from client.record_store import read_hand
from client.scenes.replay_model import load_record
from client.settings import load_settings
from server.journal import read_journal
from server.local import read_saved_scores
from server.store import ScoreStore

# Past this, the old code's reads fail at once rather than take the machine's memory.
pages = int(open("/proc/self/statm").read().split()[0])
ceiling = pages * os.sysconf("SC_PAGE_SIZE") + 400 * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))
before = rss_mb()
folder = Path(sys.argv[1])
said = {}

def attempt(label, read):
    try:
        said[label] = repr(read())
    except Exception as exc:
        said[label] = f"{type(exc).__name__}: {exc}"

for name in ("huge.gdmjrec", "zero.gdmjrec"):
    attempt(f"open {name}", lambda: load_record(folder / name))
    attempt(f"history {name}", lambda: read_hand(folder / name).problem)
attempt("settings", lambda: load_settings(folder / "settings.json")[1])
attempt("scores", lambda: len(ScoreStore(folder / "scores.json").players))
attempt("saved scores", lambda: read_saved_scores(folder / "scores.json"))
attempt("journal", lambda: read_journal(folder / "table.journal"))
print(json.dumps({"grew_mb": rss_mb() - before, "said": said}))
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="Linux /proc and /dev/zero")
def test_huge_and_endless_files_are_refused_in_little_memory(tmp_path: Path) -> None:
    with open(tmp_path / "huge.gdmjrec", "wb") as f:
        f.truncate(600 * 1024 * 1024)  # sparse: 600 MB long, nothing on disk
    for name in ("zero.gdmjrec", "settings.json", "scores.json", "table.journal"):
        (tmp_path / name).symlink_to("/dev/zero")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    said = result["said"]
    assert result["grew_mb"] < 100, result
    for label in ("open huge.gdmjrec", "history huge.gdmjrec"):
        assert "629,145,600 bytes" in said[label], said
    for label in ("open zero.gdmjrec", "history zero.gdmjrec", "settings", "journal"):
        assert "not a regular file but a device" in said[label], said
    assert said["scores"] == "0" and said["saved scores"] == "None", said
    assert "ValueError" in said["open huge.gdmjrec"], "the game shows it, as any bad file"
    assert "JournalCorrupt" in said["journal"], said


# --- nesting in every file ------------------------------------------------------------------


def test_a_deep_record_is_refused_and_the_game_carries_on(tmp_path: Path) -> None:
    from client.main import _record_readable
    from client.record_store import read_hand
    from client.scenes.replay_model import read_record

    path = tmp_path / "deep.gdmjrec"
    path.write_bytes(deep_json(DEEP))
    message = f"nested more than {MAX_NESTING} deep"
    with pytest.raises(ValueError, match=message):
        read_record(path)
    assert message in (read_hand(path).problem or "")
    assert _record_readable(str(path)) is False  # `gdmj FILE`: said, and the menu opens


def test_deep_settings_are_reset_naming_the_problem(tmp_path: Path) -> None:
    from client.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_bytes(deep_json(DEEP, b'{"language":"en","x":'))
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and f"nested more than {MAX_NESTING} deep" in message


def test_a_deep_scores_file_is_kept_aside(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "scores.json"
    path.write_bytes(deep_json(DEEP, b'{"version":2,"players":'))
    with caplog.at_level(logging.ERROR):
        store = ScoreStore(path)
    assert store.players == {}
    assert f"nested more than {MAX_NESTING} deep" in caplog.text
    assert not path.exists() and list(tmp_path.glob("scores.json.corrupt-*"))
    path.write_bytes(deep_json(DEEP, b'{"version":2,"players":'))
    assert read_saved_scores(path) is None


def test_a_deep_journal_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "table.journal"
    line = json.dumps({"type": "acted", "seat": 0}).encode()[:-1] + b',"x":'
    path.write_bytes(deep_json(DEEP, line) + b"\n" + b"{}\n")
    with pytest.raises(JournalCorrupt, match=f"line 1 .*nested more than {MAX_NESTING} deep"):
        read_journal(path)


def test_key_files_that_are_not_files_are_damaged(tmp_path: Path) -> None:
    from machine.keys import KeyPairError, load_or_make_keys

    (tmp_path / "host.key").mkdir()
    (tmp_path / "host.key_secret").write_bytes(b"x" * 40)
    with pytest.raises(KeyPairError, match="damaged"):
        load_or_make_keys(tmp_path, "host")
