"""Measure how often a hand so far from ready goes on to win: the table
`server/engine/bots/chances.py` holds, which the strong computer player reads.

    python build_scripts/measure_win_chances.py [--hands N] [--seed S]

Four `competent` computer players (the normal level when the table was measured; the
baseline since) play N hands; after each discard, the discarder's
shanten and the tiles left in the wall are noted, and at the hand's end whether that
player won. Prints, for each shanten 0–6 and each band of 12 tiles left, the share that
won, as the Python table to paste (bands with too few samples borrow the next band's).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from server.engine.bots import make_bot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.analysis import shanten  # noqa: E402
from shared.ruleset import make_ruleset  # noqa: E402

BAND = 12
BANDS = 7
MAX_SHANTEN = 6
MIN_SAMPLES = 60


def measure(hands: int, seed: int) -> list[list[float]]:
    rules = make_ruleset({})
    rng = random.Random(seed)
    seen: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for h in range(hands):
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=rng.getrandbits(64),
                dealer=h % 4,
                prevailing_wind=0,
                scores=(rules.starting_score,) * 4,
            )
        )
        table.start()
        bots = [make_bot("competent", rules, rng.getrandbits(32)) for _ in range(4)]
        noted = []
        while not table.ended:
            seat = table.awaiting()[0]
            view = table.view(seat)
            action = bots[seat].choose(view)
            if view.phase == "turn" and isinstance(action, Discard):
                counts = view.concealed_counts()
                counts[action.tile] -= 1
                s = min(shanten(counts, view.melds_laid()), MAX_SHANTEN)
                noted.append((seat, s, min(view.wall_left // BAND, BANDS - 1)))
            table.step(seat, action)
        assert table.result is not None
        winners = {w.seat for w in table.result.winners}
        for seat, s, band in noted:
            entry = seen[(s, band)]
            entry[0] += 1
            entry[1] += seat in winners
    # Cells seen too rarely are filled from their neighbours, and the table is made
    # monotone: a hand further from ready, or with fewer tiles left, never wins more often.
    raw: list[list[float | None]] = []
    for s in range(MAX_SHANTEN + 1):
        row: list[float | None] = []
        for band in range(BANDS):
            n, won = seen[(s, band)]
            row.append(won / n if n >= MIN_SAMPLES else None)
        raw.append(row)
    out = [[0.0] * BANDS for _ in raw]
    for s, row in enumerate(raw):
        for band in range(BANDS - 1, -1, -1):
            value = row[band]
            if value is None:
                if band + 1 < BANDS and (s == 0 or raw[s][band + 1] is not None):
                    value = out[s][band + 1] * 0.6
                elif s > 0:
                    value = out[s - 1][band] * 0.7
                else:
                    value = 0.0
            out[s][band] = value
    for s in range(len(out)):
        for band in range(BANDS):
            if s > 0:
                out[s][band] = min(out[s][band], out[s - 1][band])
        for band in range(BANDS - 2, -1, -1):
            out[s][band] = min(out[s][band], out[s][band + 1])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    table = measure(args.hands, args.seed)
    command = f"build_scripts/measure_win_chances.py --hands {args.hands} --seed {args.seed}"
    print(f"# measured by {command}")
    print("WIN_CHANCE = (")
    for s, row in enumerate(table):
        print(f"    ({', '.join(f'{x:.3f}' for x in row)}),  # shanten {s}")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
