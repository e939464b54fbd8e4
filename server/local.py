"""A host running in a background thread of the game itself (Quick game, Host a table)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import replace
from pathlib import Path

import msgspec

from machine.files import read_limited
from server.engine.bot_names import table_language
from server.event_loop import new_host_loop
from server.host import Host, HostConfig
from server.identity import player_identity
from server.limits import MAX_SCORES_BYTES
from server.store import ScoresFile
from server.unfinished import discard_journals
from shared.nesting import check_json

log = logging.getLogger(__name__)


class LocalHostFailed(RuntimeError):
    """The in-process host could not start; `reason` says why, in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the table could not start: {reason}")
        self.reason = reason


def describe(exc: BaseException) -> str:
    """One line for a player: the exception's kind and message."""
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


class LocalHost:
    """Start a Host in its own thread and event loop; `stop()` ends it.

    A host that dies, at start or later, keeps its exception in `error` (and logs it),
    so the game can say at once that the table is gone instead of waiting for a
    connection to time out. A journaled host (HostConfig.journal: a table hosted from the
    game) stopped on purpose removes its journals: everyone was told the table closed, so
    only a game that crashed or was killed leaves a table to resume (server/unfinished.py).
    """

    def __init__(self, config: HostConfig) -> None:
        # The game's language may be one the host has no computer players' names in yet.
        self.config = replace(config, language=table_language(config.language))
        self.host: Host | None = None
        self._thread = threading.Thread(target=self._run, name="gdmj-host", daemon=True)
        self._started = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop_requested = False
        self.error: BaseException | None = None

    def start(self, timeout: float = 10.0) -> Host:
        """Run the host; return it once it listens and can poll, or raise LocalHostFailed."""
        self._thread.start()
        if not self._started.wait(timeout):
            raise LocalHostFailed(f"the host did not start within {timeout:g} s")
        if self.error is not None or self.host is None:
            reason = describe(self.error) if self.error is not None else "the host stopped"
            raise LocalHostFailed(reason)
        return self.host

    @property
    def failure(self) -> str | None:
        """Why the host stopped on its own, in one line; None while it runs or once stopped
        on request."""
        if self.error is None or self._stop_requested:
            return None
        return describe(self.error)

    def _run(self) -> None:
        loop = self._loop = new_host_loop()
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # report to the game rather than vanish
            self.error = exc
            log.exception("the local host stopped")
        finally:
            self._started.set()
            loop.close()

    async def _serve(self) -> None:
        self.host = Host(self.config)
        task = await self.host.start()  # raises, and _run reports it, if it cannot start
        self._started.set()
        await task

    def stop(self, timeout: float = 5.0, closed_by: str = "", keep_journal: bool = False) -> None:
        """Stop the host, telling everyone at its tables that `closed_by` closed them. The
        journals go too, unless `keep_journal` (the game crashed: its player may resume the
        table, and the guests take their seats back by joining again)."""
        self._stop_requested = True
        loop, host = self._loop, self.host
        if loop is not None and host is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop closed in the meantime
                loop.call_soon_threadsafe(host.stop, closed_by)
        self._thread.join(timeout)
        if self.config.journal and not keep_journal:
            for room in host.rooms.values() if host is not None else ():
                if room.journal is not None:
                    room.journal.close()
            try:
                discard_journals(self.config.data_dir)
            except OSError as exc:  # it would only offer a table nobody comes back to
                log.warning("the closed table's journal could not be removed: %s", exc)


def hosting_player(insecure: bool, public_key: bytes, client_id: str) -> str:
    """Who the game's own player is to the host it runs (HostConfig.owner), from what their
    connection presents: the public key, or on an insecure host the client id."""
    identity = player_identity(insecure, public_key.decode(), client_id)
    if identity is None:
        kind = "client id" if insecure else "public key"
        raise ValueError(f"the hosting player has no {kind} to be known by")
    return identity


def read_saved_scores(path: Path) -> dict[str, tuple[str, int]] | None:
    """identity → (name, score) of the scores file a host wrote (version 2, PROTOCOL.md
    §4), read back from disk; None while it is missing or unreadable. (The game's self-test
    checks a hand's result reached the disk.)"""
    try:
        data = read_limited(path, MAX_SCORES_BYTES)
        check_json(data)
        saved = msgspec.json.decode(data, type=ScoresFile)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return {identity: (p.name, p.score) for identity, p in saved.players.items()}
