"""A digest of every choice the strong computer player makes over seeded hands: proof
that a change meant to make it faster (docs/decisions/0005-decision-time.md)
left every one of its choices as it was.

Each pairing is the strong player against three of another level (its seat turning with
the hand) or four strong players; each hand has its wall, dealer and players' seeds from
one seeded stream. The digest hashes, for every decision of a strong seat, the hand, the
step, the seat and the action chosen (its msgspec JSON): one choice changed changes the
digest, and every later step of that hand with it.

    python -m tests.support.strong_digest [--hands 200] [--seed 1]

prints each pairing's digest and decision count; tests/test_strong_digest.py holds the
digests of a small run recorded before the change.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Callable

import msgspec

from server.engine.bots import Bot, make_bot
from server.engine.table import HandSetup, HandTable
from shared.actions import AnyAction
from shared.ruleset import make_ruleset
from shared.views import TableView

PAIRINGS: dict[str, tuple[str, str]] = {
    "strong_vs_normal": ("strong", "normal"),
    "strong_vs_greedy": ("strong", "greedy"),
    "four_strong": ("strong", "strong"),
}
"""name -> (the strong seat's level, the other three's)."""


Decide = Callable[[int, int, int, Bot, TableView], AnyAction]
"""What a strong seat's decision goes through: (hand, step, seat, bot, view) -> action."""


def play_pairing(pairing: str, hands: int, seed: int, decide: Decide) -> None:
    """Play `hands` seeded hands of this pairing, every strong seat's decision through
    `decide` (which must return the bot's own choice), the others' straight."""
    hero, others = PAIRINGS[pairing]
    rules = make_ruleset({})
    rng = random.Random(f"{seed}:{pairing}")
    for number in range(hands):
        wall_seed = rng.getrandbits(64)
        dealer = rng.randrange(4)
        hero_seat = number % 4
        levels = [hero if s == hero_seat else others for s in range(4)]
        bots = [make_bot(levels[s], rules, rng.getrandbits(32)) for s in range(4)]
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=wall_seed,
                dealer=dealer,
                prevailing_wind=0,
                scores=(rules.starting_score,) * 4,
                hand_number=number + 1,
            )
        )
        table.start()
        step = 0
        while not table.ended:
            seat = table.awaiting()[0]
            view = table.view(seat)
            if levels[seat] == "strong":
                action = decide(number, step, seat, bots[seat], view)
            else:
                action = bots[seat].choose(view)
            table.step(seat, action)
            step += 1


def strong_digest(pairing: str, hands: int, seed: int = 1) -> tuple[str, int]:
    """(sha256 hex digest, strong decisions) of `hands` seeded hands of this pairing."""
    digest = hashlib.sha256()
    decisions = 0

    def decide(number: int, step: int, seat: int, bot: Bot, view: TableView) -> AnyAction:
        nonlocal decisions
        action = bot.choose(view)
        digest.update(f"{number}:{step}:{seat}:".encode())
        digest.update(msgspec.json.encode(action))
        decisions += 1
        return action

    play_pairing(pairing, hands, seed, decide)
    return digest.hexdigest(), decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairing", action="append", choices=sorted(PAIRINGS))
    args = parser.parse_args()
    for name in args.pairing or list(PAIRINGS):
        found, decisions = strong_digest(name, args.hands, args.seed)
        print(f"{name:<18} {decisions:>7} decisions  {found}")


if __name__ == "__main__":
    main()
