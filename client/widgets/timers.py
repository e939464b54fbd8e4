"""Countdowns: the player's own (from the host's prompt) and the table's (whom it waits on).

The player's own timer comes from the prompt: `Connection.deadline` is the client's
monotonic clock when the prompt arrived plus its `seconds`. A prompt sent again in the same
window (after an event, with the time left) keeps the deadline within a fraction of a
second; the ring then keeps the full length it started with rather than filling again.

Other seats get no prompts for the seat being waited on, so the timer shown on that seat is
what every player can work out alike: the table's public timer length (`turn_seconds`, or
`claim_seconds` in a claim window) counted from the moment the view said the wait began —
or from the time left a snapshot on that wait gave (`snapshot.wait_left`, kept as
`Connection.wait_hint`): a wait the client did not see begin (it resumed), or one the host
counts afresh (restarted from its journal), even if the client counted it before.
One clock: the host gives a player back mid-wait what is left of that wait's public timer,
so the seat's own ring and the others' show the same seconds.
It is for the eye only; the host's timer decides. Who may claim is never shown (the host
hides it): a claim window's timer is the table's, shown in the centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shared.ruleset import Ruleset
from shared.views import TableView

WARN_SECONDS = 3
"""The warning sound plays once a second over the last this many seconds of one's own timer."""
REDRAWS_PER_SECOND = 4
SAME_TIMER = 0.25
"""Two prompts' deadlines this close (seconds) are one timer, sent again."""


@dataclass(frozen=True)
class Countdown:
    deadline: float
    """On the client's monotonic clock."""
    seconds: float
    """Its full length, for the ring's share left."""

    def left(self, now: float) -> float:
        return max(0.0, self.deadline - now)

    def shown(self, now: float) -> int:
        """The whole seconds to show: 3 from 3.0 s down to 2.01 s, 0 once it ran out."""
        return math.ceil(self.left(now) - 1e-9)

    def share(self, now: float) -> float:
        """How much of it is left, 1 (all) to 0."""
        return min(1.0, self.left(now) / self.seconds) if self.seconds > 0 else 0.0


def waited_on(view: TableView) -> int | None:
    """The seat the table waits on, as the view says it to everyone: the seat to move on a
    turn or to roll; in a claim or rob window the seat whose tile may be taken (everyone
    else is being asked, and who may claim is not public); None between hands."""
    if view.phase in ("turn", "roll"):
        return view.current_seat
    if view.phase == "claim" and view.last_discard is not None:
        return view.last_discard[0]
    if view.phase == "rob" and view.pending_kong is not None:
        return view.pending_kong[0]
    return None


def _public_seconds(view: TableView | None, rules: Ruleset | None) -> int:
    """The table's timer length on the view's wait (0: none, or between hands)."""
    if view is None or rules is None or waited_on(view) is None:
        return 0
    return rules.claim_seconds if view.phase in ("claim", "rob") else rules.turn_seconds


def wait_key(view: TableView) -> tuple[object, ...]:
    """What tells one wait from the next in the view: a new turn, discard, draw or kong."""
    return (
        view.hand_number,
        view.phase,
        view.current_seat,
        view.wall_left,
        view.last_discard,
        view.pending_kong,
    )


class Timers:
    """The countdowns the table shows, followed once a frame by the scene's update."""

    def __init__(self) -> None:
        self.own: Countdown | None = None
        """The player's timer on the prompt it has now (None: no prompt, or no timer)."""
        self.table: Countdown | None = None
        """The table's timer on the wait in progress (None: none, or the table has none)."""
        self._last_own: Countdown | None = None
        self._wait: tuple[object, ...] | None = None
        self._hint: tuple[TableView, float] | None = None
        """The last snapshot's hint taken: a new one on the same wait sets the count again."""
        self._warned_at: int | None = None
        self._table_step: int | None = None

    def moved(self, now: float) -> bool:
        """True when the table's timer looks different from when last asked (four steps a
        second): another seat's timer is redrawn that often, not every frame, so a table
        waiting on someone else stays cheap."""
        if self.table is None or self.table.left(now) <= 0:
            step = None
        else:
            step = int(self.table.left(now) * REDRAWS_PER_SECOND)
        changed = step != self._table_step
        self._table_step = step
        return changed

    def follow(
        self,
        now: float,
        deadline: float | None,
        view: TableView | None,
        rules: Ruleset | None,
        hint: tuple[TableView, float] | None = None,
    ) -> bool:
        """Catch up with the prompt's deadline and the view; True when the warning sound is
        due now (once for each of the last WARN_SECONDS seconds of the player's own timer).
        `hint`: a snapshot's view and when the table's timer on its wait runs out."""
        if deadline is None:
            self.own = None
        else:
            last = self._last_own
            if last is None or abs(last.deadline - deadline) > SAME_TIMER:
                # A timer joined late (a resume) shows its share of the table's full length.
                length = max(deadline - now, float(_public_seconds(view, rules)), 0.001)
                last = self._last_own = Countdown(deadline, length)
                self._warned_at = None
            self.own = last
        self._follow_table(now, view, rules, hint)
        if self.own is None:
            return False
        second = self.own.shown(now)
        if 1 <= second <= WARN_SECONDS and second != self._warned_at:
            self._warned_at = second
            return True
        return False

    def _follow_table(
        self,
        now: float,
        view: TableView | None,
        rules: Ruleset | None,
        hint: tuple[TableView, float] | None,
    ) -> None:
        if view is None or waited_on(view) is None:
            self._wait, self.table = None, None
            return
        wait = wait_key(view)
        fresh = hint is not None and hint is not self._hint and wait_key(hint[0]) == wait
        if wait == self._wait and not fresh:
            return
        # A snapshot on the wait in progress (a resume, a host restarted from its journal)
        # says how long it really has, even if this game counted it from its start.
        self._wait, self._hint = wait, hint
        seconds = _public_seconds(view, rules)
        if seconds <= 0:
            self.table = None
        elif hint is not None and wait_key(hint[0]) == wait:
            # a wait that began before the snapshot: the host said when its timer runs out
            self.table = Countdown(min(hint[1], now + seconds), seconds)
        else:
            self.table = Countdown(now + seconds, seconds)

    def for_seat(self, seat: int, view: TableView) -> Countdown | None:
        """The timer to show on `seat`'s badge: the one the table waits on, on a turn (the
        player's own exact timer when it is the player's)."""
        if view.phase not in ("turn", "roll") or waited_on(view) != seat:
            return None
        if seat == view.seat and self.own is not None:
            return self.own
        return self.table

    def for_centre(self, view: TableView) -> Countdown | None:
        """The claim window's timer, shown in the centre (the player's own when asked)."""
        if view.phase not in ("claim", "rob"):
            return None
        return self.own or self.table
