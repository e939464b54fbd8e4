"""`gdmj-host`: host a table on the LAN, or play hands headless with `--simulate`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import secrets
import signal
import sys
from pathlib import Path
from typing import cast

import platformdirs

from machine import logs
from machine.keys import KeyPairError
from server.engine.bot_names import DEFAULT_TABLE_LANGUAGE, TABLE_LANGUAGES
from server.engine.bots import LEVELS, bot_kind
from server.event_loop import new_host_loop
from server.host import CannotListen, Host, HostConfig
from server.simulate import report, simulate
from shared.actions import BOT_PACES, BotLevel, BotPace
from shared.console import make_console_safe
from shared.errors import MahjongError
from shared.option_text import option_words, parse_table_options
from shared.presets import PRESETS
from shared.protocol import DEFAULT_PORT

APP = "gdmahjong"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gdmj-host",
        description="Host a Guangdong mahjong table on the local network (encrypted by "
        "default). With --simulate N, play N hands headless with four bots instead.",
    )
    host = p.add_argument_group("hosting")
    host.add_argument("--name", default="Mahjong table", help="table name shown on the LAN")
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}")
    host.add_argument(
        "--bind",
        help="address to listen on (default: all; with --insecure, this computer only)",
    )
    host.add_argument("--code", default="", help="table code players must give to join")
    p.add_argument(
        "--bots",
        help="hosting: computer players for empty seats (0-3); with --simulate: the "
        "players, one level for all four or four separated by commas (e.g. "
        "strong,normal,normal,greedy; levels easy, normal, strong, baselines competent, "
        "greedy, random; default competent, the table benchmark's player)",
    )
    host.add_argument(
        "--bot-level",
        default="normal",
        help="hosting: the computer players' level, easy, normal (default) or strong",
    )
    host.add_argument(
        "--language",
        choices=TABLE_LANGUAGES,
        default=DEFAULT_TABLE_LANGUAGE,
        help="hosting: the table's language, in which the computer players are named for "
        f"every game (default {DEFAULT_TABLE_LANGUAGE}: 阿明; zh-Hant 阿強, en Ah Keung)",
    )
    host.add_argument(
        "--no-suggest",
        action="store_true",
        help="hosting: players may not ask for 出牌建议 (Suggest) at the table",
    )
    host.add_argument(
        "--data-dir", type=Path, help="scores, records and keys (default: user data dir)"
    )
    host.add_argument(
        "--insecure", action="store_true", help="plain TCP without encryption (debugging only)"
    )
    host.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot waits to act (quick pace)"
    )
    host.add_argument(
        "--bot-pace",
        choices=BOT_PACES,
        default="quick",
        help="hosting: the computer players' pace until the table's owner sets another: "
        "quick (default, --bot-delay) or natural (0.8-2.5 s, as people think)",
    )
    host.add_argument("--no-advertise", action="store_true", help="do not announce on the LAN")
    host.add_argument(
        "--no-journal",
        action="store_true",
        help="keep no journal of the sessions in play (a restart then loses them)",
    )
    sim = p.add_argument_group("simulation")
    sim.add_argument("--simulate", type=int, metavar="N", help="play N hands with four bots")
    sim.add_argument("--seed", type=int, help="seed of the whole run (default: random)")
    sim.add_argument(
        "--preset",
        help=f"the rules: {', '.join(PRESETS)} (default jipinghu); short for --option preset=P",
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option of RULES.md §7, e.g. flowers=on, horses=2, min_fan=3 "
        "(repeatable; on/off, yes/no, true/false or 1/0 for a switch; default for the "
        "preset's own)",
    )
    sim.add_argument(
        "--options",
        metavar="JSON",
        help='table options as one JSON object, e.g. \'{"flowers": true, "horses": 2}\' '
        "(--option and --preset win over it)",
    )
    sim.add_argument("--log", metavar="FILE", help="write every hand's record as JSON lines")
    sim.add_argument("--jobs", type=int, default=1, help="processes to spread the hands over")
    sim.add_argument(
        "--no-check", action="store_true", help="skip the invariant checks after each action"
    )
    return p


def _simulate(args: argparse.Namespace) -> int:
    if args.simulate < 1 or args.jobs < 1:
        print("gdmj-host: --simulate and --jobs take a positive number", file=sys.stderr)
        return 2
    args.bot_kind = args.bots or "competent"
    try:
        kinds = simulated_players(args.bot_kind)
    except ValueError as exc:
        print(f"gdmj-host: --bots: {exc}", file=sys.stderr)
        return 2
    try:
        options = parse_table_options(args.options, args.option, args.preset)
    except MahjongError as exc:  # one line naming the option, the problem and what is valid
        print(f"gdmj-host: {exc}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    try:
        if args.log:
            with open(args.log, "wb") as log:
                summary = simulate(
                    args.simulate, seed, options, kinds, 1, not args.no_check, log
                )
        else:
            summary = simulate(
                args.simulate, seed, options, kinds, args.jobs, not args.no_check
            )
    except MahjongError as exc:
        print(f"gdmj-host: {exc}", file=sys.stderr)
        return 2
    # The options that are not at their default, as --option takes them: the run can be redone.
    changed = "".join(f", {word}" for word in option_words(options, exclude=("preset",)))
    print(f"seed {seed}, preset {options.preset}{changed}, {args.bot_kind} bots")
    print(report(summary))
    return 1 if summary.errors or summary.hands < args.simulate else 0


def simulated_players(text: str) -> tuple[str, str, str, str]:
    """The four players `--simulate --bots` names: one name for all four seats, or four
    separated by commas; ValueError naming what is wrong."""
    names = [name.strip() for name in text.split(",")]
    for name in names:
        bot_kind(name)  # raises, naming the choices
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise ValueError(f"one level for all four seats, or four separated by commas, not {text!r}")
    return (names[0], names[1], names[2], names[3])


def setup_logging(log_dir: Path) -> None:
    """Log to the console and to `host.log`, rotating, in `log_dir` (machine/logs.py)."""
    logs.setup_logging(log_dir, logs.HOST_LOG)


def _host(args: argparse.Namespace) -> int:
    bots = args.bots or "0"
    if not bots.isdigit() or not 0 <= int(bots) <= 3:
        print("gdmj-host: --bots takes 0 to 3 when hosting", file=sys.stderr)
        return 2
    if args.bot_level not in LEVELS:
        print(f"gdmj-host: --bot-level is one of {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    data_dir = args.data_dir or Path(platformdirs.user_data_dir(APP))
    setup_logging(Path(platformdirs.user_log_dir(APP)))
    config = HostConfig(
        name=args.name,
        port=args.port,
        bind=args.bind if args.bind is not None else ("127.0.0.1" if args.insecure else "*"),
        code=args.code,
        bots=int(bots),
        data_dir=data_dir,
        insecure=args.insecure,
        bot_delay=args.bot_delay,
        bot_pace=cast(BotPace, args.bot_pace),  # one of BOT_PACES: argparse checked
        bot_level=cast(BotLevel, args.bot_level),  # one of LEVELS: checked above
        allow_suggest=not args.no_suggest,
        language=args.language,
        advertise=not args.no_advertise,
        journal=not args.no_journal,
    )
    if config.insecure:
        logging.getLogger(__name__).warning(
            "INSECURE: no encryption; resume tokens and client ids travel in clear, so anyone "
            "who reads them takes that player's seat and score; listening on %s only%s",
            config.bind,
            "" if args.bind is None else " (as --bind asked)",
        )
    # A selector loop on every OS: zmq.asyncio cannot run on Windows' default Proactor.
    try:
        with asyncio.Runner(loop_factory=new_host_loop) as runner:
            return runner.run(_serve(config))
    except (CannotListen, KeyPairError) as exc:
        print(f"gdmj-host: {exc}", file=sys.stderr)
        return 1


async def _serve(config: HostConfig) -> int:
    host = Host(config)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        # Windows has no signal handlers in asyncio; Ctrl+C still ends the process there.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, host.stop)
    task = await host.start()  # raises CannotListen... if it cannot start
    where = "localhost" if config.bind in ("*", "0.0.0.0", "::") else config.bind
    print(f"gdmj-host: table {config.name!r} ready at {host.address(where)}", flush=True)
    await task
    return 0


def main(argv: list[str] | None = None) -> int:
    make_console_safe()
    args = _parser().parse_args(argv)
    if args.simulate is not None:
        return _simulate(args)
    return _host(args)


if __name__ == "__main__":
    sys.exit(main())
