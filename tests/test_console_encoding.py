"""`--help` and errors on a console that cannot encode Chinese (cp1252, as a Windows console
or a file redirected there often is) print escapes instead of raising UnicodeEncodeError,
for each of the three commands (shared/console.py)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from shared import console

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS: dict[str, str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"
]["scripts"]


def run_entry_point(target: str, args: list[str], out: Path) -> subprocess.CompletedProcess[str]:
    """Call `module:function` as its installed script does, output redirected to `out`
    in cp1252."""
    module, function = target.split(":")
    code = f"import sys; from {module} import {function}; sys.exit({function}())"
    env = {**os.environ, "PYTHONIOENCODING": "cp1252", "PYTHONPATH": str(ROOT)}
    env["SDL_VIDEODRIVER"] = "dummy"
    with out.open("wb") as sink:
        return subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )


def test_the_three_commands_are_the_ones_tested():
    assert set(SCRIPTS) == {"gdmj", "gdmj-host", "gdmj-score"}


@pytest.mark.parametrize("command", sorted(SCRIPTS))
def test_help_redirected_to_a_cp1252_file_is_written_whole(command: str, tmp_path: Path):
    out = tmp_path / "help.txt"
    run = run_entry_point(SCRIPTS[command], ["--help"], out)
    assert run.returncode == 0, run.stderr
    text = out.read_text(encoding="cp1252")
    assert text.startswith(f"usage: {command}"), text
    assert "--help" in text and "UnicodeEncodeError" not in run.stderr


def test_gdmjs_chinese_description_comes_out_as_escapes(tmp_path: Path):
    out = tmp_path / "help.txt"
    assert run_entry_point(SCRIPTS["gdmj"], ["--help"], out).returncode == 0
    assert "\\u5e7f\\u4e1c\\u9ebb\\u5c06" in out.read_text(encoding="cp1252")  # 广东麻将


def test_a_usage_error_in_chinese_is_written_too(tmp_path: Path):
    out = tmp_path / "out.txt"
    run = run_entry_point(SCRIPTS["gdmj-score"], ["--seat", "东", "123m"], out)
    assert run.returncode == 2
    assert "invalid choice" in run.stderr and "Traceback" not in run.stderr


def cp1252_stream(errors: str = "strict") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="cp1252", errors=errors)


def test_only_streams_that_could_raise_are_changed(monkeypatch: pytest.MonkeyPatch):
    strict, utf8 = cp1252_stream(), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", strict)
    monkeypatch.setattr(sys, "stderr", utf8)
    console.make_console_safe()
    assert (strict.errors, utf8.errors) == ("backslashreplace", "strict")
    strict.write("鸡平和")
    strict.flush()
    assert strict.buffer.getvalue() == b"\\u9e21\\u5e73\\u548c"  # type: ignore[attr-defined]


def test_no_console_and_a_stringio_are_left_alone(monkeypatch: pytest.MonkeyPatch):
    lenient = cp1252_stream("replace")
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    console.make_console_safe()  # nothing to do, nothing raised
    assert console.can_write_anything(lenient) and console.can_write_anything(io.StringIO())
    assert not console.can_write_anything(cp1252_stream())
