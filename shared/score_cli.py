"""`gdmj-score`: the rules engine at a command line — score a hand or list its waits."""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from typing import Any, NoReturn

from shared.console import make_console_safe
from shared.errors import MahjongError
from shared.fan import score_hand
from shared.notation import Hand, parse_hand
from shared.patterns import PATTERNS, WinContext
from shared.presets import PRESETS
from shared.ruleset import Ruleset, make_ruleset

WINDS = "ESWN"
_WIND_ZH = "东南西北"
_USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Bad arguments: one line on stderr, exit status 2."""
        self.exit(_USAGE_ERROR, f"gdmj-score: {message}\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="gdmj-score",
        description=(
            "Score a Guangdong mahjong hand (14 tiles, winning tile after '+') or list the "
            "waits of a 13-tile hand. Notation: 123m456p789s11z [555p] (7777s) +1z. "
            "HAND '-' reads one hand per line from standard input and writes JSON lines."
        ),
    )
    p.add_argument(
        "hand",
        metavar="HAND",
        nargs="+",
        help="the hand in notation (quote it, or give its parts as separate words), or -",
    )
    p.add_argument("--self-drawn", action="store_true", help="won by self-draw (自摸)")
    p.add_argument("--seat", choices=list(WINDS), default="E", help="seat wind (default E)")
    p.add_argument(
        "--prevailing", choices=list(WINDS), default="E", help="prevailing wind (default E)"
    )
    p.add_argument("--preset", choices=list(PRESETS), default="jipinghu")
    p.add_argument("--min-fan", type=int, help="minimum fan to win (0, 1, 3; preset's default)")
    p.add_argument("--base", type=int, default=1, help="base score 底分 (default 1)")
    p.add_argument("--win-on-kong", action="store_true", help="杠上开花: on a kong replacement")
    p.add_argument("--robbing-kong", action="store_true", help="抢杠: robbing an added kong")
    p.add_argument("--last-tile", action="store_true", help="海底捞月: the wall's last tile")
    p.add_argument("--heavenly", action="store_true", help="天胡: the dealer's first 14 tiles")
    p.add_argument("--earthly", action="store_true", help="地胡: first go-around, no claims")
    p.add_argument("--human", action="store_true", help="人和: on the dealer's first discard")
    p.add_argument("--seven-pairs", action="store_true", help="table option: 七对 allowed")
    p.add_argument(
        "--flowers", type=int, help="flowers held (default: the f tiles written in HAND)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _rules(args: argparse.Namespace) -> Ruleset:
    options: dict[str, Any] = {
        "preset": args.preset,
        "base": args.base,
        "seven_pairs": args.seven_pairs,
        "flowers": bool(args.flowers),
    }
    if args.min_fan is not None:
        options["min_fan"] = args.min_fan
    return make_ruleset(options)


def _check_flags(args: argparse.Namespace) -> None:
    """Flags that contradict each other or are out of range: refused before any hand."""
    if args.flowers is not None and not 0 <= args.flowers <= 8:
        raise MahjongError(f"--flowers must be 0–8, not {args.flowers}")
    if args.robbing_kong and args.self_drawn:
        raise MahjongError("a robbed kong is not a self-drawn win")


def _context(args: argparse.Namespace, hand: Hand) -> WinContext:
    flowers = len(hand.flowers) if args.flowers is None else args.flowers
    return WinContext(
        self_drawn=args.self_drawn,
        seat_wind=WINDS.index(args.seat),
        prevailing_wind=WINDS.index(args.prevailing),
        win_on_kong=args.win_on_kong,
        robbing_kong=args.robbing_kong,
        last_tile=args.last_tile,
        heavenly=args.heavenly,
        earthly=args.earthly,
        human=args.human,
        flowers=flowers,
    )


def evaluate(text: str, args: argparse.Namespace, rules: Ruleset) -> dict[str, Any]:
    """The JSON object for one hand."""
    hand = parse_hand(text)
    if hand.winning_tile is None:
        return {
            "shanten": hand.shanten(rules.seven_pairs),
            "waits": [t.notation for t in hand.waits(rules.seven_pairs)],
        }
    score = score_hand(hand, _context(args, hand), rules)
    if not score.win:
        return {"win": False, "shanten": score.shanten}
    return {
        "win": True,
        "fan": score.fan,
        "raw_fan": score.raw_fan,
        "patterns": [{"id": p.id, "fan": p.fan} for p in score.patterns],
        "can_declare": score.can_declare,
        "points": score.points,
    }


def _describe(text: str, result: dict[str, Any], args: argparse.Namespace, rules: Ruleset) -> str:
    hand = parse_hand(text)
    if "waits" in result:
        waits = " ".join(result["waits"]) or "none"
        state = {-1: "complete", 0: "ready (听牌)"}.get(result["shanten"], "")
        shanten = f"shanten {result['shanten']}" + (f" — {state}" if state else "")
        return f"{hand}\n  {shanten}\n  waits: {waits}"
    how = "self-drawn 自摸" if args.self_drawn else "on a discard 点炮"
    seat = WINDS.index(args.seat)
    prevailing = WINDS.index(args.prevailing)
    lines = [
        f"{hand}  ({how}; seat {_WIND_ZH[seat]} {args.seat}, "
        f"prevailing {_WIND_ZH[prevailing]} {args.prevailing}; preset {rules.preset.name})"
    ]
    if not result["win"]:
        lines.append(f"  not a winning hand (shanten {result['shanten']})")
        return "\n".join(lines)
    for p in result["patterns"]:
        rule = rules.preset.rule(p["id"])
        name = PATTERNS[p["id"]]
        value = f"floor {rule.fan}" if rule and rule.kind == "floor" else f"{p['fan']} fan"
        lines.append(f"  {_pad(name.zh, 12)}{_pad(name.en, 28)} {value}")
    verdict = (
        "may be declared"
        if result["can_declare"]
        else f"may NOT be declared (minimum {rules.min_fan} fan)"
    )
    lines.append(f"  fan {result['fan']} (raw {result['raw_fan']}) — {verdict}")
    lines.append(f"  points {result['points']} (base {rules.base} × 2^{result['fan']})")
    return "\n".join(lines)


def _pad(text: str, width: int) -> str:
    """Pad to a display width, counting a Chinese character as two columns."""
    shown = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    return text + " " * max(1, width - shown)


def _stream(args: argparse.Namespace, rules: Ruleset) -> int:
    status = 0
    for line in sys.stdin:
        text = line.strip()
        try:
            result = evaluate(text, args, rules)
        except MahjongError as exc:
            result = {"error": str(exc)}
            status = _USAGE_ERROR
        print(json.dumps(result, ensure_ascii=False), flush=False)
    sys.stdout.flush()
    return status


def main(argv: list[str] | None = None) -> int:
    make_console_safe()
    args = _parser().parse_args(argv)
    args.hand = " ".join(args.hand)
    try:
        _check_flags(args)
        rules = _rules(args)
        if args.hand == "-":
            return _stream(args, rules)
        result = evaluate(args.hand, args, rules)
    except MahjongError as exc:
        print(f"gdmj-score: {exc}", file=sys.stderr)
        return _USAGE_ERROR
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(_describe(args.hand, result, args, rules))
    return 0


if __name__ == "__main__":
    sys.exit(main())
