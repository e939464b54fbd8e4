"""An error that escapes `gdmj` is caught: logged and shown on our crash screen in play,
printed with its traceback by `--self-test`; never left to PyInstaller's modal dialog.

The crash screen is drawn with SDL's dummy driver and saved as PNG files (in
$GDMJ_SCREENSHOT_DIR when it is set, as tests/test_screenshots.py does) to look at.
"""

from __future__ import annotations

import ast
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client import assets, crash, desktop
from client import main as gdmj_main
from client.i18n import set_language, translate
from client.main import main
from client.ui import BUTTON_PADDING
from machine import logs

ROOT = Path(__file__).resolve().parents[1]
WINDOWS_LOG = Path(
    "C:\\Users\\Alexandra Featherstonehaugh\\AppData\\Local\\gdmahjong\\gdmahjong\\Logs\\gdmj.log"
)
"""A long log path, as a Windows user with a long name has it."""
SUMMARY = "zmq.error.ZMQError: Address already in use (addr='tcp://*:47251')"
SHOTS = [
    ((1280, 720), "zh-Hans"),
    ((1280, 720), "en"),
    ((1280, 720), "zh-Hant"),
    ((1920, 1080), "zh-Hans"),
    ((1920, 1080), "en"),
]


@pytest.fixture(autouse=True)
def own_logging(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The game's log in a temporary folder, and the root logger as it was afterwards."""
    folder = tmp_path / "log"
    monkeypatch.setattr(logs, "log_dir", lambda: folder)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield folder
    for handler in root.handlers:
        if handler not in handlers:
            handler.close()
    root.handlers[:] = handlers
    root.setLevel(level)
    set_language("en")


def shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Path | None]]:
    """Record what the crash screen is asked to show instead of showing it."""
    calls: list[tuple[str, Path | None]] = []
    monkeypatch.setattr(
        crash, "show_crash", lambda summary, log_file: calls.append((summary, log_file))
    )
    return calls


def boom(*_: object) -> int:
    raise ZeroDivisionError("division by zero")


# --- the guard in main() -------------------------------------------------------------


def test_client_main_imports_only_the_standard_library_at_module_level():
    tree = ast.parse((ROOT / "client" / "main.py").read_text(encoding="utf-8"))
    imported = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            imported += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.append(node.module.split(".")[0])
    assert imported
    assert [name for name in imported if name not in sys.stdlib_module_names] == []


def test_a_crash_in_play_is_logged_with_its_traceback_and_shown(
    monkeypatch: pytest.MonkeyPatch, own_logging: Path
):
    monkeypatch.setattr(gdmj_main, "_run_game", boom)
    calls = shown(monkeypatch)
    assert main(["--quick"]) == 1
    log_file = own_logging / "gdmj.log"
    assert calls == [("ZeroDivisionError: division by zero", log_file)]
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_file.read_text(encoding="utf-8")
    assert "the game stopped on an error" in text
    assert "Traceback (most recent call last)" in text and "in boom" in text


def test_play_logs_to_gdmj_log_and_a_windowed_build_has_no_console_handler(
    monkeypatch: pytest.MonkeyPatch, own_logging: Path
):
    monkeypatch.setattr(gdmj_main, "_run_game", lambda args, log_file: 0)
    monkeypatch.setattr(sys, "stderr", None)
    assert main([]) == 0
    ours = [h for h in logging.getLogger().handlers if getattr(h, logs._OURS, False)]
    assert [type(h).__name__ for h in ours] == ["RotatingFileHandler"]
    ours[0].flush()
    assert "gdmj 0.1.0 on " in (own_logging / "gdmj.log").read_text(encoding="utf-8")


def test_setting_up_the_log_twice_does_not_double_its_lines(tmp_path: Path):
    first = logs.setup_logging(tmp_path, logs.HOST_LOG)
    second = logs.setup_logging(tmp_path, logs.HOST_LOG)
    assert first == second == tmp_path / "host.log"
    ours = [h for h in logging.getLogger().handlers if getattr(h, logs._OURS, False)]
    assert len(ours) == 2  # one console, one file
    logging.getLogger("test").info("once")
    for handler in ours:
        handler.flush()
    assert second.read_text(encoding="utf-8").count("once") == 1


def test_a_log_folder_that_cannot_be_made_leaves_the_console(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert logs.setup_logging(blocker / "log", logs.GAME_LOG) is None


def test_a_crash_screen_that_cannot_open_falls_back_to_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    def no_window(summary: str, log_file: Path | None) -> None:
        raise pygame.error("No available video device")

    monkeypatch.setattr(gdmj_main, "_run_game", boom)
    monkeypatch.setattr(crash, "show_crash", no_window)
    assert main(["--quick"]) == 1
    err = capsys.readouterr().err
    assert "gdmj: ZeroDivisionError: division by zero; the details are in " in err
    assert "the error window could not open" in err and "No available video device" in err


def test_with_no_window_and_no_stderr_main_still_returns(monkeypatch: pytest.MonkeyPatch):
    def no_window(summary: str, log_file: Path | None) -> None:
        raise ModuleNotFoundError("No module named 'pygame'")

    monkeypatch.setattr(gdmj_main, "_run_game", boom)
    monkeypatch.setattr(crash, "show_crash", no_window)
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["--quick"]) == 1


def test_the_self_test_prints_the_traceback_of_a_module_that_will_not_import(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.setitem(sys.modules, "client.selftest", None)  # its import raises
    assert main(["--self-test"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback (most recent call last)" in err
    assert (
        err.rstrip()
        .splitlines()[-1]
        .startswith("gdmj self-test: FAILED - ModuleNotFoundError: import of client.selftest")
    )


def test_argparse_exits_pass_through(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as help_exit:
        main(["--help"])
    assert help_exit.value.code == 0
    assert "usage: gdmj" in capsys.readouterr().out
    with pytest.raises(SystemExit) as usage_exit:
        main(["--no-such-option"])
    assert usage_exit.value.code == 2


def opened_scenes(monkeypatch: pytest.MonkeyPatch) -> list[list[object]]:
    """The game's scenes when its loop would start (the loop itself not run)."""
    from client import app as app_module

    stacks: list[list[object]] = []
    monkeypatch.setattr(app_module.App, "run", lambda self: stacks.append(list(self.scenes)))
    return stacks


def test_a_record_given_as_a_plain_file_opens_the_replay(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    """`gdmj FILE.gdmjrec`: how Windows' "Open with" and a macOS double-click start it."""
    from client.scenes.menu import MenuScene
    from client.scenes.replay import ReplayScene
    from shared.records import encode_record_file
    from tests.support.replays import as_file, record_with

    record_file = as_file(record_with(frozenset({"discard"})))
    path = tmp_path / "朋友的一手.gdmjrec"
    path.write_bytes(encode_record_file(record_file))
    stacks = opened_scenes(monkeypatch)
    assert main([str(path)]) == 0
    [scenes] = stacks
    assert [type(s) for s in scenes] == [MenuScene, ReplayScene]
    assert scenes[-1].record_file == record_file  # type: ignore[attr-defined]


def test_a_record_given_twice_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    stacks = opened_scenes(monkeypatch)
    with pytest.raises(SystemExit) as usage_exit:
        main(["a.gdmjrec", "--replay", "b.gdmjrec"])
    assert usage_exit.value.code == 2
    assert "give the record once: FILE or --replay FILE, not both" in capsys.readouterr().err
    assert stacks == []


def message_boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, str]]:
    """Record the message boxes asked for instead of showing them."""
    boxes: list[tuple[str, str, str]] = []

    def box(title: str, message: str, message_type: str = "info", **_: object) -> int:
        boxes.append((title, message, message_type))
        return 0

    monkeypatch.setattr(pygame.display, "message_box", box)
    return boxes


def test_a_usage_error_without_a_console_is_shown_in_a_window_and_logged(
    monkeypatch: pytest.MonkeyPatch, own_logging: Path
):
    """A windowed build (Windows' GDMahjong.exe, the macOS app) has no stderr: argparse's
    message went nowhere and the game closed without a word."""
    boxes = message_boxes(monkeypatch)
    monkeypatch.delenv("SDL_VIDEODRIVER")  # a real screen (the box itself is recorded)
    monkeypatch.setattr(sys, "stderr", None)
    with pytest.raises(SystemExit) as usage_exit:
        main(["--lang", "fr"])
    assert usage_exit.value.code == 2
    [(title, message, kind)] = boxes
    assert kind == "error" and "GDMahjong" in title
    assert message.startswith("usage: gdmj [-h]")  # the usage, then the error
    assert message.endswith(
        "gdmj: error: argument --lang: invalid choice: 'fr' (choose from 'zh-Hans', "
        "'zh-Hant', 'en')"
    )
    for handler in logging.getLogger().handlers:
        handler.flush()
    logged = (own_logging / "gdmj.log").read_text(encoding="utf-8")
    assert "usage error: usage: gdmj" in logged and "invalid choice: 'fr'" in logged


def test_a_usage_error_under_a_headless_driver_is_logged_but_no_box_waits(
    monkeypatch: pytest.MonkeyPatch, own_logging: Path
):
    boxes = message_boxes(monkeypatch)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(sys, "stderr", None)
    with pytest.raises(SystemExit) as usage_exit:
        main(["one.gdmjrec", "two.gdmjrec"])
    assert usage_exit.value.code == 2
    assert boxes == []
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "unrecognized arguments: two.gdmjrec" in (own_logging / "gdmj.log").read_text(
        encoding="utf-8"
    )


def test_ctrl_c_in_play_ends_quietly(monkeypatch: pytest.MonkeyPatch):
    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(gdmj_main, "_run_game", interrupted)
    calls = shown(monkeypatch)
    assert main([]) == gdmj_main.INTERRUPTED
    assert calls == []


def test_an_error_escaping_the_game_loop_closes_the_table_first(monkeypatch: pytest.MonkeyPatch):
    from client import app as app_module

    closed: list[bool] = []
    monkeypatch.setattr(app_module.App, "run", boom)
    monkeypatch.setattr(
        app_module.App, "disconnect", lambda self, crashed=False: closed.append(crashed)
    )
    calls = shown(monkeypatch)
    assert main([]) == 1
    assert closed == [True], "closed, its journal kept for resuming"
    assert calls[0][0] == "ZeroDivisionError: division by zero"


def test_the_summary_names_the_error_in_one_line():
    class Odd(Exception):
        pass

    assert gdmj_main._summary(ValueError("bad\nsecond line")) == "ValueError: bad"
    assert gdmj_main._summary(KeyError()) == "KeyError"
    assert gdmj_main._summary(Odd("x")) == f"{__name__}.{Odd.__qualname__}: x"


# --- the crash screen ------------------------------------------------------------------


def shot_id(shot: tuple[tuple[int, int], str]) -> str:
    (width, height), language = shot
    return f"{width}x{height}-{language}"


def assert_laid_out(layout: crash.CrashLayout, size: tuple[int, int], lettering: crash.Lettering):
    """Everything on screen, nothing over anything else, every text inside its room."""
    bounds = pygame.Rect((0, 0), size)
    lines = [*layout.headline, *layout.summary, *([layout.notice] if layout.notice else [])]
    rects = []
    for line in lines:
        width = lettering.width(line.text, line.size, line.bold)
        rect = pygame.Rect(0, 0, width, lettering.height(line.size))
        rect.center = line.center
        assert rect.width <= line.max_width, line.text
        assert bounds.contains(rect), (line.text, rect)
        rects.append(rect)
    headline = rects[: len(layout.headline)]
    summary = rects[len(headline) : len(headline) + len(layout.summary)]
    for line, rect in zip(layout.summary, summary, strict=True):
        assert layout.summary_box.contains(rect), line.text
    blocks = [*headline, layout.summary_box, *(b.rect for b in layout.buttons)]
    if layout.notice:
        blocks.append(rects[-1])
    for i, block in enumerate(blocks):
        assert bounds.contains(block), block
        assert block.collidelist(blocks[i + 1 :]) == -1, (i, blocks)
    for button in layout.buttons:
        size_ = max(14, int(button.rect.height * 0.45))
        assert (
            lettering.width(button.label, size_, True) <= button.rect.width - 2 * BUTTON_PADDING
        ), button.label


@pytest.mark.parametrize("shot", SHOTS, ids=shot_id)
def test_the_crash_screen(shot: tuple[tuple[int, int], str], shots_dir: Path) -> None:
    size, language = shot
    set_language(language)
    pygame.display.init()
    surface = pygame.display.set_mode(size)
    lettering = crash.Lettering.choose()
    assert lettering.language == language
    layout = crash.lay_out(size, SUMMARY, WINDOWS_LOG, lettering)
    crash.draw(surface, layout, lettering)
    path = shots_dir / f"crash-{shot_id(shot)}.png"
    pygame.image.save(surface, str(path))
    assert pygame.image.load(str(path)).get_size() == size
    assert_laid_out(layout, size, lettering)
    assert [b.name for b in layout.buttons] == ["open", "quit"]
    assert [b.label for b in layout.buttons] == [
        translate(language, "log.open_folder"),
        translate(language, "menu.quit"),
    ]
    headline = " ".join(line.text for line in layout.headline)
    assert headline.endswith("gdmj.log")
    assert headline.startswith(translate(language, "error.crash_log", path="").strip())
    if size[0] >= 1920:
        assert str(WINDOWS_LOG) in headline  # the whole path, where there is room
    assert " ".join(line.text for line in layout.summary) == SUMMARY


def test_a_crash_screen_with_no_log_file_and_a_long_error(shots_dir: Path) -> None:
    set_language("zh-Hans")
    size = (1280, 720)
    surface = pygame.display.set_mode(size)
    lettering = crash.Lettering.choose()
    long = "RuntimeError: " + "the table's state could not be read back " * 8
    notice = translate("zh-Hans", "log.open_failed", reason="C:\\Logs: Access is denied")
    layout = crash.lay_out(size, long, None, lettering, notice)
    crash.draw(surface, layout, lettering, hovered="quit")
    pygame.image.save(surface, str(shots_dir / "crash-no-log-1280x720-zh-Hans.png"))
    assert_laid_out(layout, size, lettering)
    assert [line.text for line in layout.headline] == [translate("zh-Hans", "error.crash_no_log")]
    assert [b.name for b in layout.buttons] == ["quit"]
    assert len(layout.summary) == crash.SUMMARY_LINES
    assert layout.summary[-1].text.endswith("…")


def test_a_damaged_font_gets_the_crash_screen_in_pygames_own_font_in_english(
    shots_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(assets, "assets_dir", lambda: tmp_path)  # no font there
    set_language("zh-Hans")
    size = (1280, 720)
    surface = pygame.display.set_mode(size)
    lettering = crash.Lettering.choose()
    assert lettering.language == "en" and lettering.face is not assets.font
    summary = f"the game's font {tmp_path} cannot be read; reinstall the game"
    layout = crash.lay_out(size, summary, WINDOWS_LOG, lettering)
    crash.draw(surface, layout, lettering)
    pygame.image.save(surface, str(shots_dir / "crash-builtin-font-1280x720-en.png"))
    assert_laid_out(layout, size, lettering)
    assert layout.buttons[0].label == "Open the log folder"


def test_the_crash_screen_opens_the_log_folder_and_quits_on_escape(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    set_language("en")
    opened: list[Path] = []
    monkeypatch.setattr(desktop, "opener", opened.append)
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    log_file = tmp_path / "log" / "gdmj.log"
    lettering = crash.Lettering.choose()
    button = crash.lay_out((1280, 720), SUMMARY, log_file, lettering).buttons[0]
    assert button.name == "open"
    pygame.event.clear()
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
        extra = {"button": 1} if kind == pygame.MOUSEBUTTONUP else {"rel": (0, 0), "buttons": ()}
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, **extra))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    screen = crash.show_crash(SUMMARY, log_file, wait=True)
    assert opened == [log_file.parent] == screen.opened
    assert not screen.open and screen.notice is None


def test_a_folder_that_will_not_open_is_said_on_the_crash_screen(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def refuse(path: Path) -> None:
        raise FileNotFoundError(2, "No such file or directory", "xdg-open")

    monkeypatch.setattr(desktop, "opener", refuse)
    set_language("en")
    screen = crash.CrashScreen(SUMMARY, tmp_path / "gdmj.log", crash.Lettering.choose())
    screen.press("open")
    assert screen.open and screen.notice is not None
    assert screen.notice.startswith("Could not open the folder: ")
    screen.press("quit")
    assert not screen.open


def test_under_the_dummy_driver_the_crash_screen_is_drawn_once_and_returns(tmp_path: Path):
    screen = crash.show_crash(SUMMARY, tmp_path / "gdmj.log")
    assert screen.open  # nobody closed it: it did not wait
    assert pygame.display.get_surface() is not None
