"""A table's waits: the players' timers, the computer players' turns, the deal's
contributions, and the prompts that go with them (PROTOCOL.md §5 `prompt`,
PROTOCOL.md §15).

`RoomTimers` is a base of `Room` (server/room.py), not a set of functions: every change
at the table ends here (`_after_change`), and what it reads and sets is most of the room:
the session, its members and their last prompts, the seats a computer plays, the waits.
Passing all that to functions would only spell the room out again at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING

from server.bot_pace import natural_delay, weighed
from server.deal_window import CONTRIBUTION_SECONDS, ContributionWindow
from server.engine.bots import Bot
from server.engine.session import Session, SessionPhase
from server.engine.table import SEATS, Phase
from server.room_joining import Member
from shared.actions import AnyAction, ContinueGame, Timeout
from shared.events import Delivery
from shared.protocol import Message, Prompt, TimerActed
from shared.ruleset import Ruleset

if TYPE_CHECKING:
    import random

    from server.engine.lobby import Lobby
    from server.room import RoomConfig

BETWEEN_HANDS_SECONDS = 60.0
"""How long a player has to choose continue or leave before the timer continues."""

Outgoing = tuple[int, Message]


@dataclass
class _Wait:
    key: tuple[object, ...]
    due: float


class RoomTimers:
    """The waits of one table (see the module's docstring for why a base class)."""

    # Set by Room.__post_init__ (server/room.py, where each is described).
    session: Session | None
    rules: Ruleset | None
    members: dict[int, Member]
    autoplay: set[int]
    bots: dict[int, Bot]
    waits: dict[int, _Wait]
    wait_began: tuple[tuple[object, ...], float] | None
    bot_due: dict[int, float]
    held: dict[int, float]
    contributions: ContributionWindow | None
    config: RoomConfig
    lobby: Lobby
    pace_rng: random.Random
    # Room's own steps, which the waits' moves go through (journaled, then delivered).
    _step: Callable[[int, AnyAction], list[Delivery]]
    _deliver: Callable[[list[Delivery], float], list[Outgoing]]
    _bot_seat: Callable[[int], bool]

    def restart_timers(self, now: float) -> None:
        """Timers and computer players' turns afresh (a table restored from its journal;
        nobody is connected yet, so there is nothing to send)."""
        if self.session is not None and self.session.phase is SessionPhase.PLAYING:
            self._open_contributions(now)
        self._after_change(now)

    def next_wakeup(self) -> float | None:
        times = [w.due for w in self.waits.values()] + list(self.bot_due.values())
        if self.contributions is not None and self.contributions.open:
            times.append(self.contributions.due)
        return min(times) if times else None

    def tick(self, now: float) -> list[Outgoing]:
        """Computer players' moves and timers that are due."""
        out: list[Outgoing] = []
        window = self.contributions
        if window is not None and window.expire(now, self.autoplay):
            out += self._after_change(now)  # time is up: the dealer may roll
        for _ in range(64):  # bounded: each pass is one action
            if self.session is None:
                return out
            due_bot = next((s for s, t in sorted(self.bot_due.items()) if t <= now), None)
            if due_bot is not None:
                del self.bot_due[due_bot]
                out += self._bot_move(due_bot, now)
                continue
            due_timer = next((s for s, w in sorted(self.waits.items()) if w.due <= now), None)
            if due_timer is None:
                return out
            del self.waits[due_timer]
            if due_timer in self.session.awaiting():
                taken = self.session.timeout_action(due_timer)
                out += self._deliver(self._step(due_timer, Timeout()), now)
                out += self._timer_acted(due_timer, taken)
        return out

    def _timer_acted(self, seat: int, action: AnyAction) -> list[Outgoing]:
        """Tell the seat's player what its timer just did for it (PROTOCOL.md §5
        `timer_acted`): the table's events say what happened, not that it was the timer."""
        return [
            (m.player, TimerActed(action))
            for m in self.members.values()
            if m.seat == seat and m.connected
        ]

    def _bot_move(self, seat: int, now: float) -> list[Outgoing]:
        assert self.session is not None
        if seat not in self.session.awaiting():
            return []
        if self.session.phase is SessionPhase.BETWEEN_HANDS:
            return self._deliver(self._step(seat, ContinueGame()), now)
        if self._awaiting_contributions(now):
            return []  # a computer dealer rolls too only once the contributions are in
        hand = self.session.hand
        assert hand is not None
        action = self.bots[seat].choose(hand.live_view(seat))
        return self._deliver(self._step(seat, action), now)

    def _open_contributions(self, now: float) -> None:
        """A hand starts: wait for the seats people play (not those a computer plays)."""
        assert self.session is not None
        hand = self.session.hand
        if hand is None or hand.deal is None:
            self.contributions = None
            return
        people = {s for s in range(SEATS) if not self._bot_seat(s)} - self.autoplay
        given = {s for s, value in enumerate(hand.deal.contributions) if value is not None}
        window = ContributionWindow(hand.setup.hand_number, now + CONTRIBUTION_SECONDS)
        window.awaited, window.received = people - given, given
        self.contributions = window

    def _awaiting_contributions(self, now: float) -> bool:
        """The dealer may not roll yet: some seat's contribution may still come."""
        window = self.contributions
        if window is None or self.session is None or self.session.hand is None:
            return False
        if self.session.hand.phase is not Phase.ROLL:
            return False
        window.expire(now, self.autoplay)
        return window.open

    def _after_change(self, now: float, touched: AbstractSet[int] = frozenset()) -> list[Outgoing]:
        """Prompts, timers and bot turns after a change.

        A client forgets its choices on every event (they may be stale), so every seat
        that was sent events and has choices gets them again after those events.
        """
        if self.session is None:
            return []
        out: list[Outgoing] = []
        awaiting = set(self.session.awaiting())
        hold = self._awaiting_contributions(now)
        if hold:
            awaiting.clear()  # the dealer rolls once the contributions are in
        key = self._wait_key()
        if self.wait_began is None or self.wait_began[0] != key:
            self.wait_began = (key, now)
        began = self.wait_began[1]
        for seat in list(self.waits):
            if seat not in awaiting or self.waits[seat].key != key:
                del self.waits[seat]
        for seat in awaiting:
            if seat in self.autoplay:
                if seat not in self.bot_due:
                    due = max(now + self._bot_delay(seat), self.held.get(seat, now))
                    self.bot_due[seat] = due
            elif seat not in self.waits:
                seconds = self._timer_seconds()
                if seconds:
                    # One clock (PROTOCOL.md §5 `wait_left`): a seat whose wait starts late
                    # (a player back, or the seat no longer a computer's) has what is left
                    # of the wait's public timer, the time every other game shows.
                    self.waits[seat] = _Wait(key, began + seconds)
        for member in self.members.values():
            if member.seat is None or not member.connected:
                continue
            legal = () if hold else tuple(self.session.legal_actions(member.seat))
            if legal != member.last_prompt or (legal and member.player in touched):
                member.last_prompt = legal
                wait = self.waits.get(member.seat)
                member.seq += 1
                out.append(
                    (
                        member.player,
                        Prompt(member.seq, legal, round(wait.due - now, 3) if wait else 0.0),
                    )
                )
        return out

    def _bot_delay(self, seat: int) -> float:
        """How long the computer player in `seat` waits before its move, at the table's
        pace (server/bot_pace.py)."""
        assert self.session is not None
        if self.lobby.bot_pace != "natural":
            return self.config.bot_delay
        legal = self.session.legal_actions(seat)
        seconds = self._timer_seconds()
        return natural_delay(self.pace_rng, weighty=weighed(legal), timer_seconds=seconds)

    def _wait_key(self) -> tuple[object, ...]:
        assert self.session is not None
        hand = self.session.hand
        if self.session.phase is not SessionPhase.PLAYING or hand is None:
            return (self.session.phase.value, self.session.hand_number)
        # Answers in a claim window keep this key, so one answer does not reset the others'
        # timers; a new turn, a new discard or a kong's replacement draw changes it.
        return (
            self.session.hand_number,
            hand.phase,
            hand.current,
            hand.discards_made,
            hand.wall.left,
            hand.pending_kong,
        )

    def _timer_seconds(self) -> float:
        assert self.session is not None and self.rules is not None
        if self.session.phase is SessionPhase.BETWEEN_HANDS:
            return BETWEEN_HANDS_SECONDS
        hand = self.session.hand
        assert hand is not None
        if hand.phase in (Phase.CLAIM, Phase.ROB):
            return float(self.rules.claim_seconds)
        return float(self.rules.turn_seconds)

    def _wait_left(self, now: float | None) -> float | None:
        """The public timer's time left on the hand's wait in progress, or None."""
        if now is None or self.session is None or self.session.phase is not SessionPhase.PLAYING:
            return None
        hand = self.session.hand
        began = self.wait_began
        if hand is None or hand.phase is Phase.ENDED or began is None:
            return None
        if began[0] != self._wait_key():
            return None  # changed since the last step: it begins now, at full length
        seconds = self._timer_seconds()
        return round(max(0.0, began[1] + seconds - now), 3) if seconds else None
