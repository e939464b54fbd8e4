"""Whether the strong player's push-or-fold judgement is right: the own win chance and the
deal-in's cost it assumed at its discards, against what followed. Not a test and not a
benchmark: a tool for tuning server/engine/bots/chances.py and strong.py's judgement
(tests/bench/README.md, "The own chance and the price of dealing in, re-measured").

    python tests/bench/diagnose_push.py [--others normal] [--deals 150] [--seed 7]

Plays duplicate deals as bench_bots.py does (the strong player in each seat in turn) and,
at each of its discards, reads the hidden hands (which no player may). It prints

- the own-chance calibration: the chance the player gave the hand its discard kept (the
  quickest form's, `StrongBot._chance`: the measured table, the live tiles' width and
  `STEP_DISCOUNT`) and the bare table's figure (`win_chance`), in bands, against how often
  the player went on to win the hand; for all discards and for the push-or-fold ones (the
  alarm on, `_alarm` > 0); by shanten; and, for a ready hand and one a step short, by its
  live winning (helping) tiles;
- the worth calibration: the kept hand's worth (`hand_worth`, base units) against the
  points its wins then brought, at push-or-fold discards, by band;
- the deal-in's price: at push-or-fold discards, `discard_loss` over `deal_in_chance` (what
  the reading says a deal-in costs) against the true payments of the deal-ins;
- the ready hands' calibration by the opponents' summed readiness, as read (whether a
  ready hand is over-read when several look ready);
- the deal-ins by the hand's shanten after the discard: the read chance that the tile let
  go fed someone against the safest option's, and how many came with the alarm off;
- at each deal-in, the alternatives: whether another discard kept the hand as near to
  ready and fed nobody (and the worth the player gave it), and whether the tile its reading
  called safest fed nobody, and how far from ready it would have left the hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from decompose_points import feeds  # noqa: E402

from server.engine.bots import make_bot  # noqa: E402
from server.engine.bots.chances import win_chance  # noqa: E402
from server.engine.bots.danger import deal_in_chance, discard_loss  # noqa: E402
from server.engine.bots.strong import StrongBot, _live  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.analysis import improving_kinds, shanten  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402

STEP = 0.05
"""Width of a calibration band of the chance."""
SHORT_BAND = 8
"""Width of a band of live helping tiles, for hands a step short of ready."""
PRESSURE_BAND = 0.4
"""Width of a band of the opponents' summed readiness, for ready hands."""


def band(value: float, width: float, top: int = 19) -> int:
    return min(top, int(value / width))


def report(title: str, cells: dict[int, list[float]], width: float) -> None:
    """Each band: what was said on average, what came true, how many."""
    print(title)
    for b in sorted(cells):
        said, n, true = cells[b]
        print(f"  {b * width:5.2f}+  said {said / n:.3f}  true {true / n:.3f}  (n={int(n)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--others", default="normal")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rules = make_ruleset({"preset": "jipinghu"})
    base = rules.base
    rng = random.Random(args.seed)
    own_all: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    own_push: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    table_push: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    by_shanten: dict[tuple[int, bool], list[float]] = defaultdict(lambda: [0.0, 0, 0])
    by_live: dict[tuple[int, bool], list[float]] = defaultdict(lambda: [0.0, 0, 0])
    short_by_live: dict[tuple[int, bool], list[float]] = defaultdict(lambda: [0.0, 0, 0])
    worth_push: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0.0])
    price = [0.0, 0.0, 0.0, 0]  # said loss, said deal-ins at pushes; paid, deal-ins
    alternatives: dict[str, int] = defaultdict(int)
    ready_by_pressure: dict[int, list[float]] = defaultdict(lambda: [0.0, 0, 0])
    dealins_by_shanten: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    hands = dealins = 0
    for _ in range(args.deals):
        wall_seed, dealer = rng.getrandbits(64), rng.randrange(4)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        for hero in range(4):
            bots = [
                make_bot("strong" if s == hero else args.others, rules, seeds[s]) for s in range(4)
            ]
            bot = bots[hero]
            assert isinstance(bot, StrongBot)
            table = HandTable(HandSetup(rules, wall_seed, dealer, 0, (rules.starting_score,) * 4))
            table.start()
            noted: list[tuple[float, float, float, bool, int, int, float]] = []
            last: dict[str, object] = {}
            while not table.ended:
                seat = table.awaiting()[0]
                view = table.view(seat)
                action = bots[seat].choose(view)
                if seat == hero and isinstance(action, Discard) and view.phase == "turn":
                    me, opponents = bot.last_read
                    pushing = me.alarm > 0.0
                    counts = view.concealed_counts()
                    melds = view.melds_laid()
                    options = sorted({a.tile for a in view.legal if isinstance(a, Discard)})
                    facts = {}
                    for k in options:
                        counts[k] -= 1
                        s = shanten(counts, melds)
                        live = _live(improving_kinds(counts, melds), me.unseen)
                        worth = bot.hand_worth(
                            counts, melds, me, view, me.laid_kinds, me.laid_suits
                        )
                        counts[k] += 1
                        facts[k] = (
                            s,
                            bot._chance(s, live, me),
                            win_chance(s, me.wall_left),
                            worth,
                            deal_in_chance(k, opponents, me.unseen),
                            discard_loss(k, opponents, me.unseen, rules),
                            live,
                        )
                    s, chance, bare, worth, danger, loss, live = facts[action.tile]
                    pressure = sum(o.ready for o in opponents)
                    noted.append((chance, bare, worth, pushing, s, live, pressure))
                    if pushing:
                        price[0] += loss
                        price[1] += danger
                    fed = {k: feeds(table, hero, k) for k in options}
                    safest = min(options, key=lambda k: (facts[k][4], k))
                    others_same = [
                        k for k in options if k != action.tile and facts[k][0] <= s and not fed[k]
                    ]
                    last = {
                        "s": s,
                        "worth": worth,
                        "same_safe": max((facts[k][3] for k in others_same), default=None),
                        "safest_fed": fed[safest],
                        "safest_s": facts[safest][0],
                        "safest_worth": facts[safest][3],
                        "pushing": pushing,
                        "danger": danger,
                        "safest_danger": facts[safest][4],
                    }
                table.step(seat, action)
            result = table.result
            assert result is not None
            hands += 1
            won = next((w for w in result.winners if w.seat == hero), None)
            gained = result.deltas[hero] / base if won is not None else 0.0
            for chance, bare, worth, pushing, s, live, pressure in noted:
                if s == 0:
                    pressed = ready_by_pressure[band(pressure, PRESSURE_BAND, 4)]
                    pressed[0] += chance
                    pressed[1] += 1
                    pressed[2] += won is not None
                if s <= 1:
                    cut = min(live, 9) if s == 0 else min(live // SHORT_BAND, 6)
                    cell = (by_live if s == 0 else short_by_live)[(cut, pushing)]
                    cell[0] += chance
                    cell[1] += 1
                    cell[2] += won is not None
                for cells, said in ((own_all, chance),) + (
                    ((own_push, chance), (table_push, bare)) if pushing else ()
                ):
                    cell = cells[band(said, STEP)]
                    cell[0] += said
                    cell[1] += 1
                    cell[2] += won is not None
                cell = by_shanten[(min(s, 3), pushing)]
                cell[0] += chance
                cell[1] += 1
                cell[2] += won is not None
                if pushing:
                    cell = worth_push[band(worth, 0.25)]
                    cell[0] += worth
                    cell[1] += 1
                    cell[2] += gained
            if result.loser == hero and result.kind == "discard" and last:
                dealins += 1
                if last["pushing"]:
                    price[2] += -result.deltas[hero] / base
                    price[3] += 1
                dealt = dealins_by_shanten[min(int(last["s"]), 3)]  # type: ignore[call-overload]
                dealt[0] += 1
                dealt[1] += float(last["danger"])  # type: ignore[arg-type]
                dealt[2] += float(last["safest_danger"])  # type: ignore[arg-type]
                dealt[3] += not last["pushing"]
                key = f"ready={last['s'] == 0} push={last['pushing']}"
                alternatives[key] += 1
                if last["same_safe"] is not None:
                    alternatives[key + " / as near and fed nobody"] += 1
                    alternatives[key + " / its worth lost (x1000)"] += round(
                        1000 * (float(last["worth"]) - float(last["same_safe"]))  # type: ignore[arg-type]
                    )
                if not last["safest_fed"]:
                    alternatives[key + " / the safest fed nobody"] += 1
                    alternatives[key + f" / the safest left shanten {last['safest_s']}"] += 1
    print(f"strong against three {args.others}: {hands} hands, {dealins} deal-ins")
    report("own chance (quickest form), every discard: said / won", own_all, STEP)
    report("own chance (quickest form), push-or-fold discards", own_push, STEP)
    report("bare table (win_chance), push-or-fold discards", table_push, STEP)
    print("by shanten after the discard (0 = ready), alarm off / on")
    for cut in sorted(by_shanten):
        said, n, true = by_shanten[cut]
        print(f"  {cut}: said {said / n:.3f}  won {true / n:.3f}  (n={int(n)})")
    print("ready hands by their wait's live tiles (9 = 9 or more), alarm off / on")
    for cut in sorted(by_live):
        said, n, true = by_live[cut]
        print(f"  {cut}: said {said / n:.3f}  won {true / n:.3f}  (n={int(n)})")
    print(f"hands a step short by their live helping tiles ({SHORT_BAND} a band), alarm off / on")
    for (low, pushed), (said, n, true) in sorted(short_by_live.items()):
        print(
            f"  ({low * SHORT_BAND}+, {pushed}): said {said / n:.3f}  won {true / n:.3f}  "
            f"(n={int(n)})"
        )
    report("worth (base units) at push-or-fold discards: said / points won", worth_push, 0.25)
    if price[1] and price[3]:
        print(
            f"a deal-in's price at push-or-fold discards: said {price[0] / price[1]:.2f} base "
            f"(expected deal-ins {price[1]:.1f}), paid {price[2] / price[3]:.2f} (n={price[3]})"
        )
    report(
        "ready hands by the opponents' summed readiness (as read): said / won",
        ready_by_pressure,
        PRESSURE_BAND,
    )
    print("deal-ins by the hand's shanten after the discard (3 = 3 or more): the tile's read")
    print("chance of feeding someone, the safest option's, and how many with the alarm off")
    for steps, (count, chosen, safest_read, calm) in sorted(dealins_by_shanten.items()):
        print(
            f"  {steps}: {int(count)} deal-ins, read {chosen / count:.3f}, "
            f"safest {safest_read / count:.3f}, alarm off {int(calm)}"
        )
    print("deal-ins and their alternatives:")
    for key in sorted(alternatives):
        print(f"  {key}: {alternatives[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
