"""The host's writes to disk, off the event loop, in order, retried.

A hand's end must reach the players whatever the disk does: on Windows an antivirus scan
or the search indexer may hold `scores.json` for a moment (PermissionError), a full disk
or a process out of file descriptors fails a record's append, and an fsync takes 1.5 to
20 ms that every table on the host would otherwise wait. So the host queues each write
here and sends its messages at once; one thread does the writes in the order they came,
retries a failing one with growing pauses for a few seconds, and only then gives up on
it: an ERROR in the log, and the failure handed to `on_failure` with the tables the
write was for (the host then tells their owners, PROTOCOL.md `notice`). A newer write of
the same whole file replaces one still waiting, in its place (and is for the tables of
both), so a slow disk never builds a queue of stale scores.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

RETRY_PAUSES_S = (0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0, 1.0)
"""Pauses between the tries of one failing write: about 5.6 s in all, longer than an
antivirus scan holds a small file, short enough that later writes are not held up long."""

FailureHandler = Callable[[str, OSError, frozenset[str]], None]
"""Called on the writer's thread with what was not written, why, and for which tables."""


@dataclass
class _Job:
    what: str
    """For the log: `scores.json`, `the record of hand 3`…"""
    write: Callable[[], object]
    key: str | None
    """Writes with the same key rewrite the same whole file: a newer one replaces a
    waiting one. None for appends, which all happen."""
    tables: frozenset[str] = frozenset()
    """The tables whose hands the write saves (whom to tell if it fails)."""


class DiskWriter:
    """One background thread that does the queued writes; `flush()` waits for them."""

    def __init__(
        self,
        on_failure: FailureHandler | None = None,
        pauses: tuple[float, ...] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.on_failure = on_failure
        self.pauses = RETRY_PAUSES_S if pauses is None else pauses
        self._sleep = sleep
        self._jobs: deque[_Job] = deque()
        self._busy = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.failures: list[tuple[str, OSError]] = []
        """Every write given up on, oldest first (for tests and the host's owner notice)."""

    def submit(
        self,
        what: str,
        write: Callable[[], object],
        key: str | None = None,
        tables: frozenset[str] = frozenset(),
    ) -> None:
        """Queue `write` (it raises OSError on failure) for `tables`; it runs after every
        earlier one."""
        with self._changed:
            if self._closed:
                raise RuntimeError("the disk writer is closed")
            waiting = next((i for i, j in enumerate(self._jobs) if key and j.key == key), None)
            if waiting is not None:
                # Superseded: the new one writes the whole file, in the old one's place, so
                # that appends queued behind it (a record a hand) never keep it waiting.
                tables |= self._jobs[waiting].tables
                self._jobs[waiting] = _Job(what, write, key, tables)
            else:
                self._jobs.append(_Job(what, write, key, tables))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="gdmj-disk-writer", daemon=True
                )
                self._thread.start()
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every queued write is done or given up; False if `timeout` ran out."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._changed:
            while self._jobs or self._busy:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def close(self, timeout: float | None = 10.0) -> bool:
        """Finish the queued writes and stop the thread; False if they did not finish."""
        done = self.flush(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        if self._thread is not None:
            self._thread.join(1.0)
        return done

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._jobs and not self._closed:
                    self._changed.wait()
                if not self._jobs:
                    return
                job = self._jobs.popleft()
                self._busy = True
            try:
                self._do(job)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()

    def _do(self, job: _Job) -> None:
        for attempt in range(len(self.pauses) + 1):
            try:
                job.write()
                if attempt:
                    log.info("wrote %s after %d retries", job.what, attempt)
                return
            except OSError as exc:
                if attempt == len(self.pauses):
                    self._give_up(job, exc)
                    return
                if attempt == 0:
                    log.warning("could not write %s (%s); retrying", job.what, exc)
                self._sleep(self.pauses[attempt])
            except Exception:  # a bug in a write must not stop the ones after it
                log.exception("writing %s failed", job.what)
                return

    def _give_up(self, job: _Job, exc: OSError) -> None:
        log.error("gave up writing %s after %d tries: %s", job.what, len(self.pauses) + 1, exc)
        self.failures.append((job.what, exc))
        if self.on_failure is not None:
            try:
                self.on_failure(job.what, exc, job.tables)
            except Exception:
                log.exception("the handler of a failed write failed")
