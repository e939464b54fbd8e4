"""A host running in a background thread of the game itself (Quick game, Host a table)."""

from __future__ import annotations

import asyncio
import logging
import threading

from server.host import Host, HostConfig

log = logging.getLogger(__name__)


class LocalHost:
    """Start a Host in its own thread and event loop; `stop()` ends it."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        self.host: Host | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name="gdmj-host", daemon=True)
        self._started = threading.Event()
        self.error: BaseException | None = None

    def start(self, timeout: float = 10.0) -> Host:
        self._thread.start()
        if not self._started.wait(timeout) or self.host is None:
            raise RuntimeError(f"the local host did not start: {self.error!r}")
        return self.host

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        try:
            self._loop.run_until_complete(self._serve())
        except BaseException as exc:  # report to the starting thread rather than vanish
            self.error = exc
            log.exception("the local host stopped")
            self._started.set()
        finally:
            self._loop.close()

    async def _serve(self) -> None:
        self.host = Host(self.config)
        task = asyncio.create_task(self.host.serve())
        await self.host.ready.wait()
        self._started.set()
        await task

    def stop(self, timeout: float = 5.0) -> None:
        if self._loop is not None and self.host is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self.host.stop)
        self._thread.join(timeout)
