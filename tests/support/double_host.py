"""A host in tests (a test double): the host's own table (server/room.py `Room`) with its
messages handed to real clients (client/net.py `Connection`) in-process, on a clock of
the test's own, and a cheat of the test's choosing (PROTOCOL.md §15). What a cheating
host would send, the honest client takes in, and its own checks say what they find."""

from __future__ import annotations

from pathlib import Path

from client.net import Address, Connection
from client.netbot import NetworkBot
from server.deal_window import ContributionRefused
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, SetRules, StartGame
from shared.errors import IllegalAction
from shared.events import HandEnded
from shared.protocol import (
    PROTOCOL_VERSION,
    Act,
    Contribute,
    Error,
    SnapshotRequest,
    Welcome,
)
from shared.ruleset import TableOptions

KEY = bytes([5] * 32)
STEP_SECONDS = 0.05
"""How far the double's clock moves when nobody has anything to do."""


class DoubleHost:
    """One table: people on real `Connection`s, computer players in the other seats.

    `contributions`: "take" (an honest host), "refuse" (every contribution answered
    `contribution_refused` as too late) or "ignore" (taken in silence, never used)."""

    def __init__(self, data: Path, contributions: str = "take") -> None:
        data.mkdir(parents=True, exist_ok=True)
        self.room = Room(
            "Double", "", ScoreStore(data / "scores.json"), RecordLog(data / "records"),
            RoomConfig(bot_delay=0.0), seed=3, deal_keys=lambda: KEY,
        )
        self.contributions = contributions
        self.now = 0.0
        self.conns: dict[int, Connection] = {}
        self.bots: dict[int, NetworkBot] = {}
        self.inbox: list[tuple[int, object]] = []

    def join(self, name: str, spectate: bool = False) -> Connection:
        player = len(self.conns) + 1
        conn = Connection(Address("127.0.0.1", 9, None), name, spectate=spectate)
        conn._send = lambda message, p=player: self.inbox.append((p, message))  # type: ignore[method-assign]
        out = self.room.join(player, name, spectate, self.now, identity=f"id:double-{player}")
        member = self.room.members[player]
        conn.receive(Welcome(PROTOCOL_VERSION, "Double", player, member.token, member.seat,
                           self.room.lobby.options, ""))
        conn.receive(self.room.snapshot(member, self.now))
        self.conns[player] = conn
        self.bots[player] = NetworkBot(conn)
        self.deliver([m for m in out if m[0] != player])
        return conn

    def start(self, people: int, options: TableOptions | None = None) -> list[Connection]:
        """`people` seated players (the first owns the table), computers in the rest."""
        conns = [self.join(f"P{n}") for n in range(people)]
        owner = 1
        for seat in range(people, 4):
            self.deliver(self.room.act(owner, AddBot(seat), self.now))
        options = options or TableOptions(turn_seconds=0, claim_seconds=0)
        self.deliver(self.room.act(owner, SetRules(options), self.now))
        for player in range(2, people + 1):
            self.deliver(self.room.act(player, AcceptRules(), self.now))
        self.deliver(self.room.act(owner, StartGame(), self.now))
        return conns

    def deliver(self, out: list[tuple[int, object]]) -> None:
        for player, message in out:
            conn = self.conns.get(player)
            if conn is not None:
                conn.receive(message)  # type: ignore[arg-type]

    def serve(self) -> bool:
        """Answer what the clients sent; True if there was anything."""
        if not self.inbox:
            return False
        inbox, self.inbox = self.inbox, []
        for player, message in inbox:
            conn = self.conns[player]
            try:
                if isinstance(message, Contribute):
                    self._contribute(player, message)
                elif isinstance(message, Act):
                    self.deliver(self.room.act(player, message.action, self.now))
                elif isinstance(message, SnapshotRequest):
                    conn.receive(self.room.snapshot(self.room.members[player], self.now))
            except ContributionRefused as exc:
                conn.receive(Error("contribution_refused", str(exc)))
            except IllegalAction as exc:
                conn.receive(Error("illegal_action", str(exc)))
        return True

    def _contribute(self, player: int, message: Contribute) -> None:
        if self.contributions == "refuse":
            raise ContributionRefused(
                f"too late: the contributions to hand {message.hand_number} are closed")
        if self.contributions == "take":
            self.deliver(self.room.contribute(player, message.hand_number, message.value,
                                              self.now))

    def play(self) -> None:
        """Each person's bot answers its choices once."""
        for bot in self.bots.values():
            conn = bot.connection
            if conn.legal and (conn.legal, conn.view) != bot.acted_on:
                bot.acted_on = (conn.legal, conn.view)
                conn.send(bot._choose(conn.view, conn))

    def run(self, until: object, steps: int = 20_000) -> None:
        """Serve, play and move the clock on until `until()` (a bounded number of steps)."""
        assert callable(until)
        for _ in range(steps):
            if until():
                return
            if self.serve():
                continue
            self.play()
            if self.serve():
                continue
            self.now += STEP_SECONDS
            self.deliver(self.room.tick(self.now))
        raise AssertionError("the double host's table did not get there")

    def hand_ended(self, conn: Connection) -> bool:
        return any(isinstance(r, HandEnded) for r in conn.results)
