"""Identical errors from one peer logged once, then counted: a flood of one bad message
makes one full line (with its traceback, if any) and a count at the end of each window,
not a line a frame (2,000 over-deep messages were 2,000 tracebacks, 1.1 MB of log)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from server.limits import REFUSAL_LOG_SECONDS

MAX_KINDS = 1024
"""Distinct (peer, error) pairs counted in one window; more are counted together, so that
a peer varying its errors cannot grow the host's memory."""


@dataclass
class _Seen:
    level: int
    count: int = 0
    """Repeats since the line logged in full."""
    latest: str = ""


class RepeatLog:
    """The first of each (peer, what) in a window logged in full; its repeats counted and
    logged as one line when the window (REFUSAL_LOG_SECONDS) ends."""

    def __init__(self, log: logging.Logger, window: float = REFUSAL_LOG_SECONDS) -> None:
        self.log = log
        self.window = window
        self._seen: dict[tuple[str, str], _Seen] = {}
        self._overflow = 0
        self._started = float("-inf")

    def note(
        self,
        peer: str,
        what: str,
        detail: str,
        now: float,
        level: int = logging.INFO,
        exc_info: BaseException | None = None,
    ) -> None:
        """One occurrence of `what` (the error's kind) from `peer`; `detail` what varies
        (quoted: it may hold what the peer sent); the latest is kept for the count's line."""
        self.flush(now)
        seen = self._seen.get((peer, what))
        if seen is not None:
            seen.count += 1
            seen.latest = detail
            return
        if len(self._seen) >= MAX_KINDS:
            self._overflow += 1
            return
        if self._started == float("-inf"):
            self._started = now
        self._seen[(peer, what)] = _Seen(level)
        self.log.log(level, "peer %s: %s: %s", peer, what, detail, exc_info=exc_info)

    def flush(self, now: float) -> None:
        """At the end of the window, a line for each error repeated in it, with its count."""
        if now - self._started < self.window:
            return
        for (peer, what), seen in self._seen.items():
            if seen.count:
                self.log.log(
                    seen.level,
                    "peer %s: %s more × %s in the last %g s (the first logged above; "
                    "the latest: %s)",
                    peer,
                    f"{seen.count:,}",
                    what,
                    self.window,
                    seen.latest,
                )
        if self._overflow:
            self.log.warning(
                "%s more errors from other peers in %g s (not logged one by one)",
                f"{self._overflow:,}",
                self.window,
            )
        self._seen.clear()
        self._overflow = 0
        self._started = float("-inf")
