"""Why a computer player deals in: each of its deal-ins looked at, and its danger reading
checked against the truth. Not a test and not a benchmark: a tool for tuning the strong
player's defence (server/engine/bots/danger.py), whose tables' raw figures it prints.

    python tests/bench/diagnose_dealins.py [--hero strong] [--others normal] [--deals 150]

Plays duplicate deals as bench_bots.py does and, at each of the hero's discards, reads the
hidden hands (which no player may): whether each opponent could win on a discard then, and
on which tiles. It prints

- the deal-ins by the hero's own shanten after the discard, the wall, and the winner's
  sets down; how often a tile existed that fed nobody, and how often the hero's discard was
  the one its own reading called safest;
- the readiness calibration: `read_opponents`' chance an opponent could win on a discard,
  in bands, against how often they could;
- the tile calibration: `wait_chance` for ready opponents against how often the tile was
  one of their wins;
- the deal-in calibration: `deal_in_chance` of each discard against what followed;
- the raw figures of `READY` (how often an opponent could win on a discard, by what their
  melds show, sets down and band of the wall) and of `SUIT_HIT` (the flat tile reading's
  table, now in read_tiles.py: how often a suit tile was among a ready opponent's wins,
  by folded rank and two-sided waits ruled out by suji).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import make_bot  # noqa: E402
from server.engine.bots.danger import (  # noqa: E402
    BAND,
    deal_in_chance,
    fan_shown,
    melds_shown,
    read_opponents,
    wait_chance,
)
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.analysis import shanten  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402
from shared.tiles import KINDS  # noqa: E402
from shared.views import unseen_counts  # noqa: E402


def calibration(title: str, cells: dict[int, list[float]], width: float) -> None:
    print(title)
    for band in sorted(cells):
        said, n, true = cells[band]
        print(f"  {band * width:5.3f}+  said {said / n:.3f}  true {true / n:.3f}  (n={int(n)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", default="strong")
    parser.add_argument("--others", default="normal")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rules = make_ruleset({"preset": "jipinghu"})
    rng = random.Random(args.seed)
    ready_cal: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    tile_cal: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    dealin_cal: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    dealins: list[dict[str, int | bool]] = []
    ready_raw: dict[tuple[str, int, int], list[int]] = defaultdict(lambda: [0, 0])
    suit_raw: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    hands = 0
    for _ in range(args.deals):
        wall_seed, dealer = rng.getrandbits(64), rng.randrange(4)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        for hero in range(4):
            kinds = [args.hero if s == hero else args.others for s in range(4)]
            bots = [make_bot(kinds[s], rules, seeds[s]) for s in range(4)]
            table = HandTable(
                HandSetup(rules, wall_seed, dealer, 0, (rules.starting_score,) * 4)
            )
            table.start()
            said: list[float] = []
            last: dict[str, int | bool] = {}
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                action = bots[seat].choose(view)
                if seat == hero and isinstance(action, Discard):
                    counts = view.concealed_counts()
                    unseen = unseen_counts(view.seats, counts)
                    opponents = read_opponents(view, rules)
                    options = sorted({a.tile for a in view.legal if isinstance(a, Discard)})
                    wins = {
                        o.seat: {
                            k
                            for k in range(KINDS)
                            if table._discard_win_score(o.seat, hero, k, False) is not None
                        }
                        for o in opponents
                    }
                    for o in opponents:
                        public = view.seats[o.seat]
                        shown = fan_shown(view, o.seat, rules)
                        raw = ready_raw[
                            (
                                melds_shown(public, shown, rules),
                                len(public.melds),
                                min(view.wall_left // BAND, 6),
                            )
                        ]
                        raw[0] += 1
                        raw[1] += bool(wins[o.seat])
                        if wins[o.seat]:
                            for k in options:
                                if k < 27 and k not in public.river:
                                    rank = k % 9
                                    out = (rank < 3 or k - 3 in public.river) + (
                                        rank > 5 or k + 3 in public.river
                                    )
                                    hit = suit_raw[(min(rank, 8 - rank), out)]
                                    hit[0] += 1
                                    hit[1] += k in wins[o.seat]
                        cell = ready_cal[min(9, int(o.ready * 10))]
                        cell[0] += o.ready
                        cell[1] += 1
                        cell[2] += bool(wins[o.seat])
                        if wins[o.seat]:
                            for k in options:
                                chance = wait_chance(k, o, unseen)
                                cell = tile_cal[min(9, int(chance * 40))]
                                cell[0] += chance
                                cell[1] += 1
                                cell[2] += k in wins[o.seat]
                    danger = {k: deal_in_chance(k, opponents, unseen) for k in options}
                    said.append(danger[action.tile])
                    counts[action.tile] -= 1
                    last = {
                        "own": min(shanten(counts, view.melds_laid()), 3),
                        "wall": view.wall_left // 12 * 12,
                        "safe_existed": any(
                            all(k not in w for w in wins.values()) for k in options
                        ),
                        "safest": danger[action.tile] <= min(danger.values()) + 1e-12,
                    }
                table.step(seat, action)
            hands += 1
            result = table.result
            assert result is not None
            dealt = result.loser == hero and result.kind == "discard"
            for i, chance in enumerate(said):
                cell = dealin_cal[min(9, int(chance * 50))]
                cell[0] += chance
                cell[1] += 1
                cell[2] += dealt and i == len(said) - 1
            if dealt and last:
                winner = result.winners[0].seat
                dealins.append({**last, "sets": len(table.view(winner).seats[winner].melds)})
    print(f"{args.hero} against three {args.others}: {hands} hands, {len(dealins)} deal-ins")
    for key in ("own", "wall", "sets", "safe_existed", "safest"):
        print(f"  by {key}: {sorted(Counter(d[key] for d in dealins).items())}")
    calibration("readiness (could win on a discard)", ready_cal, 0.1)
    calibration("a tile among a ready opponent's wins", tile_cal, 0.025)
    calibration("a discard fed a win", dealin_cal, 0.02)
    print("READY's raw figures: (melds shown, sets down, wall band) could win / seen")
    for key in sorted(ready_raw):
        n, won = ready_raw[key]
        print(f"  {key}: {won / n:.3f} of {n}")
    print("SUIT_HIT's raw figures: (folded rank, sides ruled out) a win / seen")
    for key in sorted(suit_raw):
        n, won = suit_raw[key]
        print(f"  {key}: {won / n:.3f} of {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
