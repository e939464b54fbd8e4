"""`gdmj`: the game. Opens the menu, or goes straight to a quick game, a hosted table or a join."""

from __future__ import annotations

import argparse
import logging
import sys

from shared.errors import MahjongError

VERSION = "0.1.0"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gdmj", description="Guangdong mahjong (广东麻将 · 鸡平和).")
    p.add_argument("--quick", action="store_true", help="a quick game against three bots")
    p.add_argument("--host", action="store_true", help="host a table and open its lobby")
    p.add_argument("--join", metavar="HOST:PORT[#KEY]", help="join the table at this address")
    p.add_argument("--name", help="with --host: the table's name; with --join: your name")
    p.add_argument("--code", default="", help="the table code (hosting or joining)")
    p.add_argument("--lang", choices=["zh-Hans", "zh-Hant", "en"], help="language")
    p.add_argument("--version", action="version", version=f"gdmj {VERSION}")
    p.add_argument(
        "--self-test",
        action="store_true",
        help="play one hand headless (a loopback host, four network bots) and check the result",
    )
    return p


def _self_test() -> int:
    """One line on stdout and 0 when this build plays; the reason on stderr and 1 if not."""
    from client.selftest import SelfTestFailed, run_self_test

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        report = run_self_test()
    except SelfTestFailed as exc:
        print(f"gdmj self-test: FAILED - {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # a bug, a missing module: a reason, not a windowed crash dialog
        logging.getLogger(__name__).exception("the self-test crashed")
        print(f"gdmj self-test: FAILED - {type(exc).__name__}: {exc}", file=sys.stderr)
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
    if ctypes.windll.kernel32.AttachConsole(attach_parent_process):  # type: ignore[attr-defined]
        sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
        sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    _attach_console()
    args = _parser().parse_args(argv)
    if args.self_test:
        return _self_test()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    from msgspec import structs

    from client import assets

    try:
        assets.check_font()
    except assets.FontUnusable as exc:
        print(f"gdmj: {exc}", file=sys.stderr)
        return 1

    from client.app import App
    from client.net import Address
    from client.scenes.connect import connect, host_locally, start_quick_game
    from client.scenes.host_form import default_table_name
    from client.scenes.menu import MenuScene
    from client.settings import load_settings
    from server.host import DEFAULT_PORT, HostConfig

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
    app = App(settings, note)
    app.push(MenuScene(app))
    if args.quick:
        start_quick_game(app)
    elif args.host:
        name = args.name or default_table_name(settings.last_table_name)
        host_locally(
            app,
            HostConfig(name=name, port=DEFAULT_PORT, code=args.code, data_dir=app.data_dir),
            None,
        )
    elif address is not None:
        connect(app, address, table_code=args.code)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
