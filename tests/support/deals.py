"""Hands dealt verifiably and watched by every seat and a spectator, as clients would
(tests/test_shuffle.py, tests/test_deal_verification.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import msgspec

from server.engine.bots import make_bot
from server.engine.session import Session, SessionPhase
from server.engine.table import HandTable
from server.records import record_of
from shared.actions import ContinueGame
from shared.events import SPECTATORS, DealCommitted, DealRevealed, Delivery
from shared.records import (
    DealVerification,
    RecordFile,
    RecordSeat,
    RecordSession,
    make_record_file,
)
from shared.ruleset import Ruleset
from shared.verification import DealObserver

WATCHERS = (0, 1, 2, 3, None)
"""The four seats and a spectator."""


@dataclass
class ObservedHand:
    table: HandTable
    tag: str = ""
    commitment: str = ""
    revealed: DealRevealed | None = None
    checks: dict[int | None, DealVerification] = field(default_factory=dict)
    """Each watcher's check as the hand ended."""

    def record_file(self, watcher: int | None = 0) -> RecordFile:
        """The hand's record as `watcher` would keep it, with their check."""
        seats = tuple(RecordSeat(f"P{s}", "human") for s in range(4))
        file = make_record_file(
            record_of(self.table),
            RecordSession("s1", "Table", "2026-12-01T19:30:00Z"),
            (seats[0], seats[1], seats[2], seats[3]),
            "test",
        )
        return msgspec.structs.replace(file, verification=self.checks[watcher])


class _Watch:
    """One session watched by every seat and a spectator."""

    def __init__(self, session: Session, rng: random.Random, contribute: float) -> None:
        self.session = session
        self.rng = rng
        self.contribute = contribute
        self.observers = {w: DealObserver(w) for w in WATCHERS}
        self.hands: list[ObservedHand] = []

    def feed(self, deliveries: list[Delivery]) -> None:
        for delivery in deliveries:
            for watcher, observer in self.observers.items():
                bit = SPECTATORS if watcher is None else 1 << watcher
                if delivery.audience & bit:
                    observer.see(delivery.event)
            event = delivery.event
            if isinstance(event, DealCommitted) and self.session.hand is not None:
                self.hands.append(
                    ObservedHand(self.session.hand, event.session_tag, event.commitment)
                )
                for s in range(4):
                    if self.rng.random() < self.contribute:
                        value = self.rng.randbytes(32)
                        self.session.contribute(s, value)
                        self.observers[s].sent(value.hex())
            elif isinstance(event, DealRevealed):
                self.hands[-1].revealed = event


def play_observed(
    rules: Ruleset, hands: int, seed: int, contribute: float = 0.8
) -> list[ObservedHand]:
    """`hands` hands of computer players, each seat contributing (with probability
    `contribute`) as the hand starts, every event fed to each watcher's DealObserver.
    The players are `competent` ones (the normal level when these tests were written), so
    the hands, and how far into the wall they go, stay as the tests count on."""
    rng = random.Random(seed)
    bots = [make_bot("competent", rules, rng.getrandbits(32)) for _ in range(4)]
    done: list[ObservedHand] = []
    while len(done) < hands:
        session = Session(rules, rng.getrandbits(64), None, rng.randbytes(32))
        watch = _Watch(session, rng, contribute)
        watch.feed(session.start())
        while not session.over and len(done) < hands:
            if session.phase is SessionPhase.BETWEEN_HANDS:
                for seat in session.awaiting():
                    watch.feed(session.step(seat, ContinueGame()))
                continue
            hand = session.hand
            assert hand is not None
            seat = session.awaiting()[0]
            watch.feed(session.step(seat, bots[seat].choose(hand.live_view(seat))))
            if hand.ended:
                observed = watch.hands[-1]
                for watcher, observer in watch.observers.items():
                    observed.checks[watcher] = observer.verification(rules.flowers)
                done.append(observed)
    return done
