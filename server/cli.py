"""`gdmj-host`: run tables. For now the headless self-play of `--simulate`."""

from __future__ import annotations

import argparse
import secrets
import sys

from server.simulate import report, simulate
from shared.errors import MahjongError
from shared.presets import PRESETS


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gdmj-host",
        description="Guangdong mahjong host. --simulate plays hands headless with four bots, "
        "checking every rule invariant after every action.",
    )
    p.add_argument(
        "--simulate", type=int, metavar="N", required=True, help="play N hands with four bots"
    )
    p.add_argument("--seed", type=int, help="seed of the whole run (default: random)")
    p.add_argument("--preset", choices=list(PRESETS), default="jipinghu")
    p.add_argument("--bots", choices=["competent", "random"], default="competent")
    p.add_argument("--log", metavar="FILE", help="write every hand's record as JSON lines")
    p.add_argument("--jobs", type=int, default=1, help="processes to spread the hands over")
    p.add_argument(
        "--no-check", action="store_true", help="skip the invariant checks after each action"
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.simulate < 1 or args.jobs < 1:
        print("gdmj-host: --simulate and --jobs take a positive number", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    options = {"preset": args.preset}
    try:
        if args.log:
            with open(args.log, "wb") as log:
                summary = simulate(
                    args.simulate, seed, options, args.bots, 1, not args.no_check, log
                )
        else:
            summary = simulate(
                args.simulate, seed, options, args.bots, args.jobs, not args.no_check
            )
    except MahjongError as exc:
        print(f"gdmj-host: {exc}", file=sys.stderr)
        return 2
    print(f"seed {seed}, preset {args.preset}, {args.bots} bots")
    print(report(summary))
    return 1 if summary.errors or summary.hands < args.simulate else 0


if __name__ == "__main__":
    sys.exit(main())
