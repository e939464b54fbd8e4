"""The player's side of a verifiable deal (PROTOCOL.md §15): contribute to each hand's
deal, follow where every tile comes from, and check the deal when the host reveals it.

`Connection` (client/net.py) hands every table event to `DealCheck.see`; on a
`deal_committed` it sends the contribution this returns. When a hand ends, its check is
in `checks` (a `DealVerification`, kept with the hand's record); one with `problems` is
shown to the player as a warning (client/deal_banner.py).
"""

from __future__ import annotations

import logging
import secrets
import time

from shared.events import AnyEvent, DealCommitted, HandEnded
from shared.protocol import Contribute
from shared.records import DealVerification
from shared.verification import DealObserver

log = logging.getLogger(__name__)


class DealCheck:
    """One connection's checks of the deals it sees."""

    def __init__(self) -> None:
        self.observer = DealObserver(None)
        self.checks: list[tuple[float, DealVerification]] = []
        """Each verifiable hand's check as it ended, with when (time.monotonic)."""

    def see(self, event: AnyEvent, seat: int | None, flowers: bool) -> Contribute | None:
        """Follow one event; the contribution to send when it is a commitment to a hand
        this player sits at (a spectator contributes nothing)."""
        self.observer.seat = seat
        self.observer.see(event)
        if isinstance(event, DealCommitted) and seat is not None:
            value = secrets.token_bytes(32).hex()  # a cryptographic generator: unguessable
            self.observer.sent(value)
            return Contribute(event.hand_number, value)
        if isinstance(event, HandEnded) and self.observer.commitment:
            check = self.observer.verification(flowers)
            self.checks.append((time.monotonic(), check))
            del self.checks[:-16]
            if check.problems:
                log.warning("hand %d's deal does not verify: %s", check.hand_number,
                            "; ".join(check.problems))
        return None

    def check_for(self, hand_number: int) -> DealVerification | None:
        """The check of that hand, to keep in its record file (`RecordFile.verification`)."""
        return next((c for _, c in reversed(self.checks) if c.hand_number == hand_number), None)

    def missed_events(self) -> None:
        """A snapshot replaced the view (a reconnect, a gap): tiles went by unseen."""
        self.observer.lost_track()

    def refused(self) -> None:
        """The host refused this player's contribution (`contribution_refused`, e.g. sent
        too late): it was not used, and that is no mismatch."""
        self.observer.sent("")
