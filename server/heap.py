"""Keep the cyclic garbage collector's full collections out of the computer players'
decisions (docs/decisions/0005-decision-time.md).

The rules engine's hand caches (shared/analysis.py, shared/groups.py) grow to hundreds of
thousands of references over the first hands. Python's collector walks all of them on
each full collection, 8–40 ms on these machines, and such a collection starts wherever the
allocation count happens to cross its threshold: inside a strong player's decision, where
it was the whole of the slowest decisions measured (the positions themselves decide in
under 16 ms cold).

So once, after the first hand of the process, everything alive is moved to the
collector's permanent generation (`gc.freeze()`), which full collections skip: the fixed
tables, the warm caches, the host's own long-lived state. No `gc.collect()` first: the
caches are dicts the collector tracks only while they hold a fresh tuple, and a full
collection would untrack them just before the freeze, to be tracked again, unfrozen, at
the next insertion. What freezing costs: any cyclic garbage alive at that moment (at most
one hand's worth) is never reclaimed, once per process; later garbage is collected as
before, and cache entries evicted later are freed by their reference counts.
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_settled = False


def settle_after_first_hand() -> None:
    """Freeze the collector's heap the first time a hand ends in this process (a host,
    the quick game's host thread, a benchmark's worker); later calls do nothing."""
    global _settled
    with _lock:
        if _settled:
            return
        _settled = True
    gc.freeze()


def settled() -> bool:
    """Whether this process has frozen its heap after a first hand."""
    with _lock:
        return _settled
