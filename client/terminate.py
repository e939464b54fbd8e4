"""Leaving at once when the system ends the game with SIGTERM (a shutdown, `kill`).

Left to SDL, SIGTERM becomes a window-close event, and closing the window during a game
asks "Leave the table?" first: nobody answers before the system kills
the game, so its seat drops (the others see "reconnecting") and a table it hosts vanishes
without a word. With these handlers the signal is a confirmed leave: the game loop stops
and `App.run` leaves the table (a computer player takes the seat; a table this game hosts is
closed, everyone at it told).

Windows has no SIGTERM. SIGBREAK is handled the same way: Ctrl+Break in the console a game
was started from. The console's close, logoff and shutdown events arrive as SIGBREAK too,
but Windows ends the process as soon as the C runtime's handler returns, so leaving then
is a race the game may lose; the windowed build, which has no console, gets none of them.
"""

from __future__ import annotations

import contextlib
import logging
import signal
from collections.abc import Callable, Iterator
from types import FrameType

log = logging.getLogger(__name__)

TERMINATED = 128 + signal.SIGTERM
"""The exit status of a game ended by a signal (128 + SIGTERM, as a shell reports it)."""
SIGNAL_NAMES = ("SIGTERM", "SIGBREAK")
"""The signals that end the game this way, where the platform has them."""


def ending_signals() -> list[signal.Signals]:
    return [getattr(signal, name) for name in SIGNAL_NAMES if hasattr(signal, name)]


@contextlib.contextmanager
def leave_on_terminate(leave_now: Callable[[], None]) -> Iterator[list[int]]:
    """While inside, each ending signal calls `leave_now` (in the main thread, between two
    steps of the game loop); yields the signals received. The handlers that were there before
    (SDL's, say) are put back afterwards."""
    received: list[int] = []

    def handle(signum: int, _frame: FrameType | None) -> None:
        received.append(signum)
        log.info("%s received: leaving the table at once", signal.Signals(signum).name)
        leave_now()

    previous = {sig: signal.signal(sig, handle) for sig in ending_signals()}
    try:
        yield received
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
