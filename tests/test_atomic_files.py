"""One way to write a whole file (machine/files.py), with the retry Windows needs, used by
every write the game and the host make."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

from machine import files
from machine.files import atomic_write

ROOT = Path(__file__).resolve().parents[1]
OWN_WRITES = re.compile(
    r"os\.replace\(|os\.rename\(|\.write_bytes\(|\.write_text\(|mkstemp\(|"
    r"NamedTemporaryFile\(|shutil\.(move|copy\w*)\("
)
"""A file written or renamed some other way than machine.files."""


def _refused_twice(real=os.replace):
    calls: list[str] = []

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        calls.append(Path(dst).name)
        if len(calls) <= 2:
            raise PermissionError(13, "The process cannot access the file", str(dst))
        real(src, dst)

    return replace, calls


def test_a_target_held_open_for_a_moment_is_replaced_on_windows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """What an antivirus or a second game window does on Windows: os.replace refused twice."""
    path = tmp_path / "settings.json"
    atomic_write(path, b"old")
    replace, calls = _refused_twice()
    waits: list[float] = []
    monkeypatch.setattr(files, "WINDOWS", True)
    monkeypatch.setattr(files, "REPLACE_WAITS", (0.25, 0.5, 1.0))
    monkeypatch.setattr(files.time, "sleep", waits.append)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new"
    assert calls == ["settings.json"] * 3
    assert waits == [0.25, 0.5]
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_target_that_stays_locked_fails_leaving_the_old_file_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    path = tmp_path / "scores.json"
    atomic_write(path, b"old")

    def never(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        raise PermissionError(13, "Access is denied", str(dst))

    waits: list[float] = []
    monkeypatch.setattr(files, "WINDOWS", True)
    monkeypatch.setattr(files, "REPLACE_WAITS", (0.25, 0.5))
    monkeypatch.setattr(files.time, "sleep", waits.append)
    monkeypatch.setattr(os, "replace", never)
    with pytest.raises(PermissionError, match="Access is denied"):
        atomic_write(path, b"new")
    monkeypatch.undo()
    assert waits == [0.25, 0.5]
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["scores.json"]


def test_elsewhere_a_refused_replace_is_said_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    replace, calls = _refused_twice()
    waits: list[float] = []
    monkeypatch.setattr(files, "WINDOWS", False)
    monkeypatch.setattr(files.time, "sleep", waits.append)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(PermissionError):
        atomic_write(tmp_path / "client.key", b"key")
    assert (calls, waits) == (["client.key"], [])


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
def test_a_written_file_gets_the_permissions_of_any_new_file(tmp_path: Path):
    """An export is for a friend: not the owner-only 0600 of a temporary file."""
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "hand.gdmjrec", b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "hand.gdmjrec").stat().st_mode) == 0o644


def test_no_module_writes_or_renames_a_file_its_own_way():
    """Settings, keys, scores, records, exports, the journal's end: all through
    machine.files, so the Windows retry is in one place (files appended to line by line,
    the journal and the hand log, are kept open and never replaced)."""
    own_ways = [
        f"{path.relative_to(ROOT).as_posix()}:{number}: {line.strip()}"
        for folder in ("client", "machine", "server", "shared")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != ROOT / "machine" / "files.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OWN_WRITES.search(line)
    ]
    assert own_ways == []
