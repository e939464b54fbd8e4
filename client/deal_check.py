"""The player's side of a verifiable deal (PROTOCOL.md §15): contribute to each hand's
deal, follow where every tile comes from, and check the deal when the host reveals it.

`ClientTable` (client/table_model.py) hands every table event to `DealCheck.see`; on a
`deal_committed` it sends the contribution this returns. When a hand ends, its check is
in `checks` (a `DealVerification`, kept with the hand's record); one with `problems` is
shown to the player as a warning (client/deal_banner.py). A contribution the host refuses
or leaves out fails the check at once (`alarm`), shown while the hand is played.
"""

from __future__ import annotations

import logging
import secrets
import time

from shared.events import AnyEvent, DealCommitted, HandEnded
from shared.protocol import Contribute
from shared.records import DealVerification
from shared.verification import DealObserver
from shared.views import TableView

log = logging.getLogger(__name__)


class DealCheck:
    """One connection's checks of the deals it sees."""

    def __init__(self) -> None:
        self.observer = DealObserver(None)
        self.checks: list[tuple[float, DealVerification]] = []
        """Each verifiable hand's check as it ended, with when (time.monotonic)."""
        self.raised: tuple[int, float] | None = None
        """(hand number, when) the latest alarm was raised: the player is told then."""

    def see(
        self, event: AnyEvent, seat: int | None, flowers: bool,
        computers: frozenset[int] = frozenset(), now: float | None = None,
    ) -> Contribute | None:
        """Follow one event; the contribution to send when it is a commitment to a hand
        this player sits at (a spectator contributes nothing). `computers`: the seats
        computer players sit in, by the lobby; `now`: when it came (time.monotonic)."""
        now = time.monotonic() if now is None else now
        self.observer.seat = seat
        self.observer.computers = computers
        self.observer.see(event)
        self._note_alarm(now)
        if isinstance(event, DealCommitted) and seat is not None:
            value = secrets.token_bytes(32).hex()  # a cryptographic generator: unguessable
            self.observer.sent(value)
            return Contribute(event.hand_number, value)
        if isinstance(event, HandEnded) and self.observer.commitment:
            check = self.observer.verification(flowers)
            self.checks.append((now, check))
            del self.checks[:-16]
            if check.problems:
                log.warning("hand %d's deal does not verify: %s", check.hand_number,
                            "; ".join(check.problems))
        return None

    def check_for(self, hand_number: int) -> DealVerification | None:
        """The check of that hand, to keep in its record file (`RecordFile.verification`)."""
        return next((c for _, c in reversed(self.checks) if c.hand_number == hand_number), None)

    def missed_events(self, deal: DealCommitted | None = None,
                      view: TableView | None = None) -> None:
        """A snapshot replaced the view (a reconnect, a gap): tiles may have gone by unseen.
        With the snapshot's commitment (`deal`), the hand is still checked
        (PROTOCOL.md §15.2 step 6)."""
        if deal is None:
            self.observer.lost_track()
        else:
            self.observer.resumed(deal, view)

    def refused(self, reason: str = "", now: float | None = None) -> None:
        """The host refused this player's contribution (`contribution_refused`): the hand
        is dealt without it, a failed check shown at once (PROTOCOL.md §15.5)."""
        self.observer.refused(reason)
        self._note_alarm(time.monotonic() if now is None else now)

    def _note_alarm(self, now: float) -> None:
        observer = self.observer
        if observer.alarm and (self.raised is None or self.raised[0] != observer.hand_number):
            self.raised = (observer.hand_number, now)
            log.warning("hand %d's deal fails its check: %s", observer.hand_number,
                        observer.alarm)

    def alarm(self, hand_number: int) -> str:
        """REFUSED or LEFT_OUT (shared/verification.py) when this player's contribution to
        that hand was kept out of its deal; "" when not (or for another hand)."""
        observer = self.observer
        return observer.alarm if observer.hand_number == hand_number else ""

    def alarm_since(self, hand_number: int) -> float | None:
        """When (time.monotonic) that hand's alarm was raised; None if it was not."""
        raised = self.raised
        return raised[1] if raised is not None and raised[0] == hand_number else None
