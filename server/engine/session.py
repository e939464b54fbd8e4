"""A session at one table (RULES.md §2): hands in a row, winds, the dealer, scores, leaving.

`Session.step(seat, action)` forwards hand actions to the hand in play and handles the
continue/leave choice between hands. All chance comes from the session seed: the first
dealer, and each hand's seed, so a session replays exactly from its seed and action log.

The dealer is always East: the seat winds follow the dealership (the dealer East, then
South, West, North in turn order from the dealer), so every hand has its own winds and
they move on with the deal. The prevailing wind moves on when the deal comes back to the
session's first dealer.
"""

from __future__ import annotations

import random
from enum import Enum

from server.engine.deal import DealSeed
from server.engine.table import SEATS, HandSetup, HandTable, four, seat_winds_for
from shared.actions import AnyAction, ContinueGame, LeaveTable, Timeout
from shared.errors import IllegalAction
from shared.events import (
    EVERYONE,
    ChoiceMade,
    Delivery,
    ScoreTooLow,
    SessionEnded,
    SessionStarted,
)
from shared.ruleset import Ruleset
from shared.score_sheet import SheetHand, sheet_hand
from shared.shuffle import hand_secret, session_tag

MIN_SCORE_BASES = 50
"""A player needs at least 50 × base to play the next hand (积分不足)."""


class SessionPhase(Enum):
    PLAYING = "playing"
    BETWEEN_HANDS = "between_hands"
    OVER = "over"


class Session:
    """Hands in a row at one table until the rounds are done or someone leaves."""

    def __init__(
        self,
        rules: Ruleset,
        seed: int,
        scores: tuple[int, int, int, int] | None = None,
        deal_key: bytes | None = None,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.deal_key = deal_key
        """The host's private key of the session's verifiable deals (PROTOCOL.md §15): each
        hand's secret comes from it (`hand_secret`). None: every hand is shuffled from its
        seed the old way (sessions of journals from before; engine tests)."""
        self.rng = random.Random(seed)
        self.first_dealer = self.rng.randrange(SEATS)
        self.scores = list(scores) if scores else [rules.starting_score] * SEATS
        self.start_scores = four(self.scores)
        self.sheet: list[SheetHand] = []
        """The running scoreboard: a line for each finished hand (shared/score_sheet.py)."""
        self.dealer = self.first_dealer
        self.prevailing_wind = 0
        self.dealer_repeat = 0
        self.hand_number = 0
        self.hand: HandTable | None = None
        self.phase = SessionPhase.PLAYING
        self.choices: dict[int, str] = {}
        self.leaving: set[int] = set()
        self.departing: set[int] = set()
        """Seats whose player left during the hand in play: a computer player finishes the
        hand for them (it counts for them), then the session ends and the seat is free."""
        self.end_reason: str | None = None
        self.log: list[tuple[int, AnyAction]] = []
        self.hand_seeds: list[int] = []

    @property
    def seat_winds(self) -> tuple[int, int, int, int]:
        """Each seat's wind this hand: the dealer East, the others in turn order from it."""
        return seat_winds_for(self.dealer)

    @property
    def session_tag(self) -> str:
        """The session's public name in its commitments ("" without verifiable deals)."""
        return session_tag(self.deal_key) if self.deal_key is not None else ""

    def contribute(self, seat: int, value: bytes) -> None:
        """A seat's contribution to the deal of the hand in play (HandTable.contribute)."""
        if self.phase is not SessionPhase.PLAYING or self.hand is None:
            raise IllegalAction("no hand is being dealt")
        self.hand.contribute(seat, value)

    def start(self) -> list[Delivery]:
        """Announce the session and deal its first hand."""
        out = [
            Delivery(
                EVERYONE,
                SessionStarted(
                    self.first_dealer, self.seat_winds, four(self.scores), self.rules.rounds
                ),
            )
        ]
        out += self._new_hand()
        return out

    def _new_hand(self) -> list[Delivery]:
        self.hand_number += 1
        hand_seed = self.rng.getrandbits(64)
        self.hand_seeds.append(hand_seed)
        deal = None
        if self.deal_key is not None:
            deal = DealSeed(hand_secret(self.deal_key, self.hand_number), self.session_tag)
        self.hand = HandTable(
            HandSetup(
                rules=self.rules,
                seed=hand_seed,
                dealer=self.dealer,
                prevailing_wind=self.prevailing_wind,
                scores=four(self.scores),
                hand_number=self.hand_number,
                dealer_repeat=self.dealer_repeat,
                deal=deal,
            )
        )
        self.phase = SessionPhase.PLAYING
        self.choices = {}
        return self.hand.start()

    def legal_actions(self, seat: int) -> list[AnyAction]:
        if self.phase is SessionPhase.PLAYING:
            assert self.hand is not None
            return self.hand.legal_actions(seat)
        if self.phase is SessionPhase.BETWEEN_HANDS and seat in self.awaiting():
            return [ContinueGame(), LeaveTable()]
        return []

    def timeout_action(self, seat: int) -> AnyAction:
        """What a `Timeout` for `seat` would do now (the host names it to its player):
        the hand's move, or, between hands, leaving."""
        if self.phase is SessionPhase.PLAYING:
            assert self.hand is not None
            return self.hand.timeout_action(seat)
        return LeaveTable()

    def awaiting(self) -> list[int]:
        if self.phase is SessionPhase.PLAYING:
            assert self.hand is not None
            return self.hand.awaiting()
        if self.phase is SessionPhase.BETWEEN_HANDS:
            return [s for s in range(SEATS) if s not in self.choices]
        return []

    def step(self, seat: int, action: AnyAction) -> list[Delivery]:
        """Apply one action; raise IllegalAction (nothing changes) if it is not allowed."""
        if self.phase is SessionPhase.OVER:
            raise IllegalAction(f"the session is over ({self.end_reason})")
        if self.phase is SessionPhase.PLAYING:
            assert self.hand is not None
            out = self.hand.step(seat, action)
            self.log.append((seat, action))
            if self.hand.ended:
                out += self._hand_over()
            return out
        if seat not in self.awaiting():
            raise IllegalAction(f"seat {seat} has already chosen or has nothing to choose")
        if isinstance(action, Timeout):
            action = LeaveTable()  # no answer within the timer is leaving (RULES.md §2)
        if not isinstance(action, (ContinueGame, LeaveTable)):
            raise IllegalAction(f"between hands seat {seat} may only continue or leave")
        self.log.append((seat, action))
        choice = "continue" if isinstance(action, ContinueGame) else "leave"
        self.choices[seat] = choice
        out = [Delivery(EVERYONE, ChoiceMade(seat, choice))]
        if len(self.choices) == SEATS:
            out += self._after_choices()
        return out

    def leave_after_hand(self, seat: int) -> list[Delivery]:
        """The seat's player leaves (RULES.md §2 "Leaving"): during a hand, once it is over;
        between hands, as if they had chosen to leave."""
        if self.phase is SessionPhase.PLAYING:
            self.departing.add(seat)
            return []
        if self.phase is SessionPhase.BETWEEN_HANDS:
            if seat not in self.awaiting():
                # Chose continue, then quit: the choice stands as leave.
                self.choices.pop(seat, None)
            return self.step(seat, LeaveTable())
        return []

    def _hand_over(self) -> list[Delivery]:
        assert self.hand is not None and self.hand.result is not None
        result = self.hand.result
        self.scores = list(result.scores)
        setup = self.hand.setup
        line = sheet_hand(setup.hand_number, setup.prevailing_wind, setup.dealer, result)
        self.sheet.append(line)
        dealer_won = any(w.seat == self.dealer for w in result.winners)
        if dealer_won or result.kind == "draw":
            self.dealer_repeat += 1
        else:
            self.dealer = (self.dealer + 1) % SEATS
            self.dealer_repeat = 0
            if self.dealer == self.first_dealer:
                self.prevailing_wind += 1
        out: list[Delivery] = []
        minimum = MIN_SCORE_BASES * self.rules.base
        for s in range(SEATS):
            if self.scores[s] < minimum:
                self.leaving.add(s)
                self.choices[s] = "leave"
                out.append(Delivery(EVERYONE, ScoreTooLow(s, self.scores[s], minimum)))
        if self.prevailing_wind >= self.rules.rounds:
            self.leaving |= self.departing
            out += self._end("rounds_complete")
        elif self.departing:
            # Someone left during the hand: the table goes back to the lobby, seat open.
            self.leaving |= self.departing
            out += self._end("player_left")
        else:
            self.phase = SessionPhase.BETWEEN_HANDS
        return out

    def _after_choices(self) -> list[Delivery]:
        left = [s for s, c in self.choices.items() if c == "leave"]
        if left:
            self.leaving.update(left)
            too_low = all(self.scores[s] < MIN_SCORE_BASES * self.rules.base for s in left)
            return self._end("score_too_low" if too_low else "player_left")
        return self._new_hand()

    def _end(self, reason: str) -> list[Delivery]:
        self.phase = SessionPhase.OVER
        self.end_reason = reason
        return [
            Delivery(
                EVERYONE, SessionEnded(reason, four(self.scores), tuple(sorted(self.leaving)))
            )
        ]

    @property
    def over(self) -> bool:
        return self.phase is SessionPhase.OVER
