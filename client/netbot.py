"""A computer player over the network: a Connection plus a bot policy."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from client.net import Connection
from client.table_model import ClientTable
from server.engine.bots import CompetentBot, RandomBot
from shared.actions import AnyAction, ContinueGame, RollDice
from shared.views import TableView


class NetworkBot:
    """Plays its seat from what the host tells it, like any other client."""

    def __init__(self, connection: Connection, kind: str = "competent", seed: int = 0) -> None:
        self.connection = connection
        self.kind = kind
        self.rng = random.Random(seed)
        self.policy: CompetentBot | RandomBot | None = None
        self.acted_on: tuple[object, ...] | None = None

    @property
    def table(self) -> ClientTable:
        """What the host told this player of the table (client/table_model.py)."""
        return self.connection.model

    def step(self, timeout_ms: int = 10) -> None:
        """Take in messages and act when the host offers a choice."""
        conn, table = self.connection, self.table
        errors = len(table.errors)
        conn.poll(timeout_ms)
        if any(e.code in ("rate_limited", "not_joined") for e in table.errors[errors:]):
            # The host dropped our answer (too fast, or it no longer knew this connection:
            # it forgot it, or restarted): give it again, once back.
            self.acted_on = None
        if not table.legal or (table.view is None and not _between_hands(table.legal)):
            return
        # The host prompts again after events even when the choices stay the same; acting
        # once per (choices, view) keeps a bot from answering one question twice.
        marker = (table.legal, table.view)
        if marker == self.acted_on:
            return
        self.acted_on = marker
        conn.send(self._choose(table.view, table))

    def _choose(self, view: TableView | None, table: ClientTable) -> AnyAction:
        if _between_hands(table.legal) or view is None or view.phase == "ended":
            return ContinueGame()
        if self.policy is None:
            if self.kind == "random" or table.rules is None:
                self.policy = RandomBot(self.rng)
            else:
                self.policy = CompetentBot(table.rules, self.rng)
        if view.phase == "roll":
            return RollDice()
        return self.policy.choose(view)

    def run_until(self, done: Callable[[], object], limit_s: float = 60.0) -> None:
        end = time.monotonic() + limit_s
        while not done() and time.monotonic() < end:
            self.step()


def _between_hands(legal: tuple[object, ...]) -> bool:
    return any(isinstance(a, ContinueGame) for a in legal)
