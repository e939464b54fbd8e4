"""`gdmj --self-test` plays one real hand and reports it; `gdmj --version` names the version."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from client import assets, selftest
from client.main import VERSION, main
from machine import logs
from shared.events import HandEnded
from tests.support.gui import OK_LINE

ROOT = Path(__file__).resolve().parents[1]



@pytest.fixture(autouse=True)
def _log_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Play (`main` without --self-test) logs to gdmj.log: here in a temporary folder, and
    the root logger is put back as it was afterwards."""
    monkeypatch.setattr(logs, "log_dir", lambda: tmp_path / "log")
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)


def test_self_test_in_process_prints_one_line_and_exits_0(capsys: pytest.CaptureFixture[str]):
    assert main(["--self-test"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert OK_LINE.match(lines[0]), lines[0]
    assert err == ""


def test_self_test_report_is_zero_sum_and_settled():
    report = selftest.run_self_test()
    assert sum(report.deltas) == 0
    assert report.port > 0
    assert report.kind in {"draw", "self_drawn", "discard", "robbing_kong"}
    assert (report.kind == "draw") == (not report.winners)


def _gdmj(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m client.main ARGS` from this checkout, headless."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    command = [sys.executable, "-m", "client.main", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_self_test_as_a_subprocess_and_version():
    run = _gdmj("--self-test")
    assert run.returncode == 0, run.stderr
    assert OK_LINE.match(run.stdout.strip()), run.stdout
    version = _gdmj("--version")
    assert version.returncode == 0
    first, engine = version.stdout.strip().splitlines()
    assert first == f"gdmj {VERSION}"
    assert engine in ("engine: compiled (mypyc)", "engine: pure Python")


def test_version_matches_the_package_metadata(capsys: pytest.CaptureFixture[str]):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == VERSION
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip().splitlines()[0] == f"gdmj {VERSION}"


def test_a_missing_font_fails_the_self_test_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.setattr(assets, "FONT_FILE", ("fonts", "no-such-font.ttf"))
    assert main(["--self-test"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("gdmj self-test: FAILED - the game's font ")
    assert "no-such-font.ttf cannot be read" in err


def test_a_damaged_font_stops_the_game_with_the_reason_before_sdl_opens_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
):
    (tmp_path / "fonts").mkdir()
    good = (ROOT / "assets" / "fonts" / "NotoSansSC-Subset.otf").read_bytes()
    (tmp_path / "fonts" / "NotoSansSC-Subset.otf").write_bytes(good[: len(good) // 2])
    monkeypatch.setattr(assets, "assets_dir", lambda: tmp_path)
    assert main(["--quick"]) == 1
    err = capsys.readouterr().err
    (reason,) = [line for line in err.splitlines() if line.startswith("gdmj: ")]
    assert reason.startswith("gdmj: the game's font ")
    assert reason.endswith("runs past the end of the file; reinstall the game")
    log_text = (tmp_path / "log" / "gdmj.log").read_text(encoding="utf-8")
    assert "runs past the end of the file" in log_text  # a windowed build has only this


def _hand(deltas: tuple[int, int, int, int], scores: tuple[int, int, int, int]) -> HandEnded:
    return HandEnded(
        kind="draw",
        winners=(),
        loser=None,
        hands=((), (), (), ()),
        horses=(),
        payments=(),
        deltas=deltas,
        scores=scores,
    )


def _bots(result: HandEnded, other: HandEnded | None = None) -> list[SimpleNamespace]:
    return [
        SimpleNamespace(
            connection=SimpleNamespace(name=f"p{i}"),
            table=SimpleNamespace(results=[other or result if i == 3 else result]),
        )
        for i in range(4)
    ]


def test_a_result_that_is_not_zero_sum_fails():
    hand = _hand((1, 0, 0, 0), (1001, 1000, 1000, 1000))
    with pytest.raises(selftest.SelfTestFailed, match="not zero-sum"):
        selftest._agreed_result(_bots(hand))  # type: ignore[arg-type]


def test_players_who_disagree_on_the_result_fail():
    hand = _hand((0, 0, 0, 0), (1000, 1000, 1000, 1000))
    other = _hand((0, 0, 0, 0), (1000, 1000, 1000, 999))
    with pytest.raises(selftest.SelfTestFailed, match="p3 saw a different hand result"):
        selftest._agreed_result(_bots(hand, other))  # type: ignore[arg-type]


def test_scores_that_are_not_start_plus_deltas_fail(tmp_path: Path):
    hand = _hand((0, 0, 0, 0), (1000, 1000, 1000, 999))
    rules = SimpleNamespace(starting_score=1000)
    bots = [
        SimpleNamespace(
            connection=SimpleNamespace(name=f"p{i}"), table=SimpleNamespace(rules=rules)
        )
        for i in range(4)
    ]
    with pytest.raises(selftest.SelfTestFailed, match="not start \\+ deltas"):
        selftest._check_settled(hand, bots, tmp_path, deadline=0.0)  # type: ignore[arg-type]


def test_a_windowed_windows_build_prints_to_the_console_it_was_started_from(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    import ctypes

    from client import main as gdmj_main

    attached: list[int] = []
    kernel32 = SimpleNamespace(AttachConsole=lambda pid: attached.append(pid) or 1)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    monkeypatch.chdir(tmp_path)  # off Windows, "CONOUT$" is just a file here
    gdmj_main._attach_console()
    assert attached == [-1]
    opened = [sys.stdout, sys.stderr]
    try:
        assert all(stream.name == "CONOUT$" for stream in opened)
    finally:
        for stream in opened:
            stream.close()


def test_a_console_build_keeps_its_own_stdout(monkeypatch: pytest.MonkeyPatch):
    from client import main as gdmj_main

    monkeypatch.setattr(sys, "platform", "win32")
    stdout = sys.stdout
    gdmj_main._attach_console()  # no windll needed: stdout exists, nothing is attached
    assert sys.stdout is stdout


def test_a_crash_inside_the_self_test_is_reported_not_raised(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    def crash(*_: object) -> None:
        raise ModuleNotFoundError("No module named 'zmq.backend.cython'")

    monkeypatch.setattr(selftest, "run_self_test", crash)
    assert main(["--self-test"]) == 1
    err = capsys.readouterr().err
    assert "gdmj self-test: FAILED - ModuleNotFoundError: No module named" in err


@pytest.mark.parametrize(
    ("language", "name"), [("zh-Hans", "麻将台"), ("zh-Hant", "麻將枱"), ("en", "Mahjong table")]
)
def test_gdmj_host_without_a_name_names_the_table_in_the_ui_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, language: str, name: str
):
    from client import app as app_module
    from client import starting as connect_module
    from client.i18n import set_language

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from client.settings import Settings, save_settings

    save_settings(Settings(player_name="Bea", name_chosen=True))  # not a first start
    hosted: list[str] = []
    monkeypatch.setattr(
        connect_module, "host_locally", lambda app, config, _: hosted.append(config.name)
    )
    monkeypatch.setattr(app_module.App, "run", lambda self: None)
    try:
        assert main(["--host", "--lang", language]) == 0
        assert main(["--host", "--lang", language, "--name", "周五 Friday"]) == 0
    finally:
        set_language("en")
    assert hosted == [name, "周五 Friday"]
