"""Self-play: four computer players play sessions back to back (`gdmj-host --simulate`).

Pure, like the rest of the engine: all chance comes from the seed, and the caller gets
each finished hand to count, record or check. Timing a run, spreading it over processes
and writing its log are the host side's (server/simulate.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from server.engine.bots import Bot, make_bot
from server.engine.session import Session, SessionPhase
from server.engine.table import SEATS, HandTable, four
from shared.actions import ContinueGame
from shared.ruleset import Ruleset


class SelfPlayFailed(Exception):
    """A bug showed in self-play; the message names the session seed that shows it."""

    def __init__(self, session_seed: int, session_number: int, exc: Exception) -> None:
        super().__init__(f"session seed {session_seed}: {type(exc).__name__}: {exc}")
        self.session_seed = session_seed
        self.session_number = session_number


def self_play(
    n: int, seed: int, rules: Ruleset, bots: tuple[str, ...], check: bool = True
) -> Iterator[tuple[int, HandTable]]:
    """(session number from 1, the hand) for each of `n` hands, as each one ends. A new
    session follows each finished one, with the scores carried on unless one fell below
    the minimum. `check`: every invariant after every action."""
    rng = random.Random(seed)
    if len(bots) != SEATS:
        raise ValueError(f"self-play takes {SEATS} computer players, not {len(bots)}: {bots!r}")
    players = [make_bot(kind, rules, rng.getrandbits(32)) for kind in bots]
    played = 0
    sessions = 0
    scores: tuple[int, int, int, int] | None = None
    while played < n:
        session = Session(rules, rng.getrandbits(64), scores)
        sessions += 1
        session.start()
        try:
            for hand in _session_hands(session, players, n - played, check):
                played += 1
                yield sessions, hand
        except Exception as exc:
            raise SelfPlayFailed(session.seed, sessions, exc) from exc
        low = min(session.scores) < 50 * rules.base
        scores = None if low else four(session.scores)


def _session_hands(
    session: Session, players: list[Bot], budget: int, check: bool
) -> Iterator[HandTable]:
    played = 0
    while not session.over and played < budget:
        if session.phase is SessionPhase.BETWEEN_HANDS:
            for seat in session.awaiting():
                session.step(seat, ContinueGame())
            continue
        hand = session.hand
        assert hand is not None
        seat = session.awaiting()[0]
        session.step(seat, players[seat].choose(hand.live_view(seat)))
        if check:
            hand.check_invariants()
        if hand.ended:
            played += 1
            yield hand
