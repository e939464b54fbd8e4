"""`gdmj`: the game. Opens the menu, or goes straight to a quick game, a hosted table or a join;
`gdmj FILE` opens a hand record (how "Open with" and a double-click pass it).

Nothing but SystemExit (argparse's --help, --version and usage errors) leaves `main()`. In
a windowed build an exception escaping it opens PyInstaller's modal crash dialog, which
waits for a click: a player gets a traceback box, CI only a timeout. So `--self-test`
prints the traceback and exits 1, and play logs it (gdmj.log, machine/logs.py), shows it on
a screen of our own (client/crash.py) and exits 1. The module itself imports only the
standard library, so that nothing can fail before that guard is up. A usage error, which
argparse would print to a stderr a windowed build does not have, is shown in a message box.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import platform
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from client.app import App
    from client.net import Address

VERSION = "0.1.0"
INTERRUPTED = 130
"""The exit status of a game stopped with Ctrl+C in its terminal (128 + SIGINT)."""

log = logging.getLogger(__name__)


WINDOW_TITLE = "广东麻将 GDMahjong"


class _Parser(argparse.ArgumentParser):
    """argparse's parser, but a usage error in a windowed build (no stderr: Windows'
    GDMahjong.exe, the macOS app) is logged and shown in a window, not lost."""

    def error(self, message: str) -> NoReturn:
        if sys.stderr is None:
            _show_usage_error(f"{self.format_usage()}{self.prog}: error: {message}")
        super().error(message)  # exits 2


def _parser() -> argparse.ArgumentParser:
    from shared.accelerator import VersionAction

    p = _Parser(prog="gdmj", description="Guangdong mahjong (广东麻将 · 鸡平和).")
    p.add_argument("--quick", action="store_true", help="a quick game against three bots")
    p.add_argument("--host", action="store_true", help="host a table and open its lobby")
    p.add_argument("--join", metavar="HOST:PORT[#KEY]", help="join the table at this address")
    p.add_argument("--name", help="with --host: the table's name; with --join: your name")
    p.add_argument("--code", default="", help="the table code (hosting or joining)")
    p.add_argument("--lang", choices=["zh-Hans", "zh-Hant", "en"], help="language")
    p.add_argument(
        "--replay", metavar="FILE", help="open a hand record (.gdmjrec) in the replay viewer"
    )
    p.add_argument(
        "record",
        nargs="?",
        metavar="FILE",
        help="a hand record to open, as --replay FILE (how the desktop's Open with passes it)",
    )
    p.add_argument("--version", action=VersionAction, version=f"gdmj {VERSION}")
    p.add_argument(
        "--self-test",
        action="store_true",
        help="play one hand headless (a loopback host, four network bots) and check the result",
    )
    return p


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line read; a record given as FILE is `args.replay`, as --replay gives it."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.record is not None:
        if args.replay is not None:
            parser.error("give the record once: FILE or --replay FILE, not both")
        args.replay = args.record
    return args


def _show_usage_error(text: str) -> None:
    """`text` in the game's log and in a message box (where there is a screen to show it on:
    not under SDL's headless drivers, which nobody sees, as tests set them)."""
    with contextlib.suppress(Exception):  # no log: the window still says it
        from machine.logs import GAME_LOG, log_dir, setup_logging

        setup_logging(log_dir(), GAME_LOG)
        log.error("usage error: %s", text)
    try:
        import os

        from client.display import VIDEO_DRIVER_VARIABLE, is_headless

        asked = [d.strip() for d in os.environ.get(VIDEO_DRIVER_VARIABLE, "").split(",")]
        if asked and all(d and is_headless(d) for d in asked):
            return
        import pygame

        pygame.display.message_box(WINDOW_TITLE, text, message_type="error")
    except Exception:
        log.exception("could not show the usage error in a window")


def _self_test() -> int:
    """One line on stdout and 0 when this build plays; the reason on stderr and 1 if not.

    Whatever goes wrong, a missing module included, is printed with its traceback: this
    is what CI reads when a build does not work."""
    try:
        return _run_self_test()
    except (Exception, KeyboardInterrupt) as exc:
        traceback.print_exception(exc, file=sys.stderr)
        print(f"gdmj self-test: FAILED - {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


def _run_self_test() -> int:
    from client.selftest import SelfTestFailed, run_self_test

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        report = run_self_test()
    except SelfTestFailed as exc:
        print(f"gdmj self-test: FAILED - {exc}", file=sys.stderr)
        return 1
    print(report.line())
    return 0


def _attach_console() -> None:
    """Give a windowed Windows build the console it was started from, if any.

    GDMahjong.exe is a GUI program, so Windows gives it no stdout; `--version` and
    `--self-test` typed in a console would print nothing. (Started with its output
    redirected, as CI does, it has a stdout and nothing changes.)
    """
    if sys.platform != "win32" or sys.stdout is not None:
        return
    import ctypes

    attach_parent_process = -1
    if ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
        sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    """The `gdmj` command: its exit status (argparse's own exits pass as SystemExit)."""
    try:
        _attach_console()
        from shared.console import make_console_safe

        make_console_safe()
        args = _arguments(argv)
    except SystemExit:
        raise
    except (Exception, KeyboardInterrupt) as exc:
        _print_crash(exc)
        return 1
    if args.self_test:
        return _self_test()
    return _play(args)


def _play(args: argparse.Namespace) -> int:
    """The game, with its log file; an error that escapes it is logged and shown."""
    log_file: Path | None = None
    try:
        from machine.logs import GAME_LOG, log_dir, setup_logging

        log_file = setup_logging(log_dir(), GAME_LOG)
        log.info("gdmj %s on %s, Python %s", VERSION, platform.platform(), sys.version.split()[0])
        return _run_game(args, log_file)
    except KeyboardInterrupt:
        return INTERRUPTED
    except Exception as exc:
        log.critical("the game stopped on an error", exc_info=exc)
        return _show_crash(_summary(exc), log_file)


def _run_game(args: argparse.Namespace, log_file: Path | None) -> int:
    if args.replay:
        _record_readable(args.replay)  # a bad one: said on stderr before any window
    if _no_window():
        return 1

    from msgspec import structs

    from client import assets

    try:
        assets.check_font()
    except assets.FontUnusable as exc:
        _say(str(exc))
        return _show_crash(str(exc), log_file)
    try:
        from client import i18n  # noqa: F401  (reads the compiled catalogues)
    except RuntimeError as exc:  # i18n.CatalogueMissing: no words to show a crash screen in
        _say(str(exc))
        return 1

    from client.app import App
    from client.net import Address
    from client.settings import load_settings
    from shared.errors import MahjongError

    settings, note = load_settings()
    if args.lang:
        settings = structs.replace(settings, language=args.lang)
    if args.join and args.name:
        settings = structs.replace(settings, player_name=args.name[:24])
    address = None
    if args.join:
        try:
            address = Address.parse(args.join)
        except MahjongError as exc:
            print(f"gdmj: {exc}", file=sys.stderr)
            return 2
    from client.terminate import TERMINATED, leave_on_terminate

    app = App(settings, note)
    try:
        with leave_on_terminate(app.leave_now) as ended_by:
            _start(app, args, address)
            app.run()
    except BaseException as exc:
        # Friends at a table this game hosts hear it closed, not a host gone silent; after
        # an error its journal stays, for the player to resume it (Ctrl+C is on purpose).
        with contextlib.suppress(Exception):
            app.disconnect(crashed=isinstance(exc, Exception))
        raise
    return TERMINATED if ended_by else 0


def _record_readable(path: str) -> bool:
    """Whether the record given (FILE or `--replay FILE`) replays; if not, say why on stderr. The
    game then opens on the menu, saying it there too (a player who opened the file from
    their desktop has no terminal); where no window can open, it exits 1 as always."""
    from client.scenes.replay_model import read_record

    try:
        read_record(path)
    except ValueError as exc:
        log.error("cannot open the record %s: %s", path, exc)
        if sys.stderr is not None:
            print(f"gdmj: cannot open the record: {exc}", file=sys.stderr)
        return False
    return True


def _say(problem: str) -> None:
    """A problem that stops the game, printed once for the user on stderr (when there is
    one) and written to the log file (not to the log's console too: it would say it twice)."""
    from machine.logs import SHOWN

    if sys.stderr is not None:
        print(f"gdmj: {problem}", file=sys.stderr)
    log.error("%s", problem, extra=SHOWN)


def _no_window() -> bool:
    """True, after saying so on stderr and in the log, when SDL has no display to open a
    window on (client/display.py). Asked first, before the game loads anything else, so
    that the answer comes at once."""
    import os

    import pygame

    from client.display import VIDEO_DRIVER_VARIABLE, no_window_reason, prepare_video

    prepare_video()
    pygame.display.init()
    reason = no_window_reason(pygame.display.get_driver(), os.environ.get(VIDEO_DRIVER_VARIABLE))
    if reason is None:
        return False
    _say(reason)
    pygame.quit()
    return True


def _start(app: App, args: argparse.Namespace, address: Address | None) -> None:
    """The first screen: the menu, with the game, hosting or joining asked for on top."""
    from client.starting import connect, default_table_name, host_locally, start_quick_game
    from server.host import HostConfig
    from server.unfinished import unfinished_table
    from shared.protocol import DEFAULT_PORT

    def asked() -> None:
        if args.quick:
            start_quick_game(app)
        elif args.host:
            unfinished = unfinished_table(app.data_dir)
            if unfinished is not None:  # the last table is still in play: resume it?
                app.nav.resume(unfinished)
                return
            name = args.name or default_table_name(app.settings.last_table_name)
            config = HostConfig(
                name=name, port=DEFAULT_PORT, code=args.code, data_dir=app.data_dir, journal=True
            )
            host_locally(app, config, None)
        elif address is not None:
            connect(app, address, table_code=args.code)

    app.nav.menu()
    if args.replay:  # a record to look at needs no name: the first start can ask next time
        app.nav.open_record(args.replay, app.scene)
        return
    # First start: the player's name before anything (unless --join --name gave one).
    if (address is not None and args.name) or not app.nav.first_start(
        then=asked, ask_language=not args.lang
    ):
        asked()


def _summary(exc: BaseException) -> str:
    """The error in one line: its type (with its module, unless built in) and message."""
    kind = type(exc)
    name = kind.__qualname__
    if kind.__module__ not in ("builtins", "__main__"):
        name = f"{kind.__module__}.{name}"
    lines = str(exc).strip().splitlines()
    return f"{name}: {lines[0]}" if lines else name


def _show_crash(summary: str, log_file: Path | None) -> int:
    """The crash screen, or stderr if even pygame cannot open a window; always 1."""
    try:
        from client.crash import show_crash

        show_crash(summary, log_file)
    except Exception as exc:
        where = f"; the details are in {log_file}" if log_file else ""
        _print_crash(exc, f"gdmj: {summary}{where}\ngdmj: the error window could not open")
    return 1


def _print_crash(exc: BaseException, headline: str | None = None) -> None:
    """`exc` with its traceback on stderr, when there is one (a windowed build has none)."""
    if sys.stderr is None:
        return
    with contextlib.suppress(Exception):  # a closed or broken stderr: nowhere left to say it
        if headline:
            print(headline, file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
