"""Measure how often a hand so far from ready goes on to win: the table
`server/engine/bots/chances.py` holds, which the strong computer player reads.

    python build_scripts/measure_win_chances.py [--hands N] [--seed S]

Four `competent` computer players (the normal level when the table was measured; the
baseline since) play N hands; after each discard, the discarder's
shanten and the tiles left in the wall are noted, and at the hand's end whether that
player won. Prints, for each shanten 0–6 and each band of 12 tiles left, the share that
won, as the Python table to paste (bands with too few samples borrow the next band's).

With `--pressed`, the table where the strong player plays once someone looks ready: its
own hands at its discards made with its alarm on (strong.py `ALARM_FROM`), against three
`normal` players in half the hands and three `greedy` ones in the other half; the raw
counts are printed first, as comments. Measured and not kept: it scored more but dealt
in more (docs/decisions/0001-strong-player-own-chance.md).
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
from server.engine.bots.strong import StrongBot  # noqa: E402
from server.engine.table import HandSetup, HandTable  # noqa: E402
from shared.actions import Discard  # noqa: E402
from shared.analysis import shanten  # noqa: E402
from shared.ruleset import Ruleset, make_ruleset  # noqa: E402

BAND = 12
BANDS = 7
MAX_SHANTEN = 6
MIN_SAMPLES = 60


Seen = dict[tuple[int, int], list[int]]


def _started(rules: Ruleset, rng: random.Random, h: int) -> HandTable:
    """Hand `h`'s table, its wall seeded from `rng`, dealt."""
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
    return table


def measure(hands: int, seed: int) -> list[list[float]]:
    rules = make_ruleset({})
    rng = random.Random(seed)
    seen: Seen = defaultdict(lambda: [0, 0])
    for h in range(hands):
        table = _started(rules, rng, h)
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
    return smooth(seen)


def print_seen(seen: Seen) -> None:
    """The raw counts, as comments: won / seen by shanten and band."""
    for s in range(MAX_SHANTEN + 1):
        cells = " ".join(f"{seen[(s, b)][1]}/{seen[(s, b)][0]}" for b in range(BANDS))
        print(f"# shanten {s}: {cells}")


def measure_pressed(hands: int, seed: int) -> list[list[float]]:
    """The strong player's own hands at the tables it meets (it and three `normal`
    players, it and three `greedy` ones, half the hands each), noted only at its discards
    made once someone looked ready (its alarm on, strong.py `ALARM_FROM`)."""
    rules = make_ruleset({})
    rng = random.Random(seed)
    seen: Seen = defaultdict(lambda: [0, 0])
    for h in range(hands):
        table = _started(rules, rng, h)
        hero = (h // 2) % 4
        others = ("normal", "greedy")[h % 2]
        bots = [
            make_bot("strong" if s == hero else others, rules, rng.getrandbits(32))
            for s in range(4)
        ]
        strong = bots[hero]
        assert isinstance(strong, StrongBot)
        noted = []
        while not table.ended:
            seat = table.awaiting()[0]
            view = table.view(seat)
            action = bots[seat].choose(view)
            pressed = seat == hero and strong.last_read[0].alarm > 0.0
            if pressed and view.phase == "turn" and isinstance(action, Discard):
                counts = view.concealed_counts()
                counts[action.tile] -= 1
                s = min(shanten(counts, view.melds_laid()), MAX_SHANTEN)
                noted.append((s, min(view.wall_left // BAND, BANDS - 1)))
            table.step(seat, action)
        assert table.result is not None
        won = any(w.seat == hero for w in table.result.winners)
        for s, band in noted:
            entry = seen[(s, band)]
            entry[0] += 1
            entry[1] += won
    print_seen(seen)
    return smooth(seen)


def smooth(seen: Seen) -> list[list[float]]:
    # Cells seen too rarely are filled from their neighbours, and the table is made
    # monotone: a hand further from ready, or with fewer tiles left, never wins more often.
    raw: list[list[float | None]] = []
    for s in range(MAX_SHANTEN + 1):
        row: list[float | None] = []
        for band in range(BANDS):
            n, won = seen[(s, band)]
            row.append(won / n if n >= MIN_SAMPLES else None)
        # Under pressure the early bands are seldom seen: such a cell borrows the nearest
        # later band's figure (a hand with more tiles left wins at least as often).
        for band in range(1, BANDS):
            if row[band] is None and row[band - 1] is not None and not any(
                seen[(s, b)][0] >= MIN_SAMPLES for b in range(band + 1, BANDS)
            ):
                row[band] = row[band - 1]
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
    parser.add_argument(
        "--pressed", action="store_true", help="the strong player's table once pressed"
    )
    args = parser.parse_args()
    table = (measure_pressed if args.pressed else measure)(args.hands, args.seed)
    command = f"build_scripts/measure_win_chances.py --hands {args.hands} --seed {args.seed}"
    if args.pressed:
        command += " --pressed"
    print(f"# measured by {command}")
    print("WIN_CHANCE_PRESSED = (" if args.pressed else "WIN_CHANCE = (")
    for s, row in enumerate(table):
        print(f"    ({', '.join(f'{x:.3f}' for x in row)}),  # shanten {s}")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
