"""Helpers for client tests and the client benchmark: a table scene without a network.

`late_game()` plays a seeded hand on `HandTable` with bots and keeps the events seat 0 was
sent; `StillConnection` stands in for `client.net.Connection` and hands those events to the
scene the way the real one does (the view updated first, then the messages returned by
`poll()`), so the scene reacts to them exactly as in a game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from server.bots import make_bot
from server.table import HandSetup, HandTable
from shared.actions import AnyAction
from shared.events import SPECTATORS, Event, LobbySeat, LobbyUpdated, PhraseSaid, only
from shared.protocol import EventMessage, HostMessage
from shared.ruleset import Ruleset, make_ruleset
from shared.view_model import apply
from shared.views import TableView

SEAT = 0
NAMES = ("Me", "Bot East", "Bot West", "Bot North")


@dataclass
class LateGame:
    """Seat 0's events of a hand played up to a late turn of seat 0, and its legal moves."""

    events: list[Event]
    legal: tuple[AnyAction, ...]
    rules: Ruleset


def late_game(
    seed: int = 7, wall_left_at_most: int = 16, bots: str = "random", viewer: int | None = SEAT
) -> LateGame:
    """The first hand from `seed` on that reaches seat 0's turn with at most
    `wall_left_at_most` tiles left in the wall (hands that end sooner are skipped); the
    events as `viewer` (None: a spectator) was sent them."""
    rules = make_ruleset()
    audience = SPECTATORS if viewer is None else only(viewer)
    rng = random.Random(seed)
    for _ in range(200):
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=rng.getrandbits(64),
                dealer=rng.randrange(4),
                seat_winds=(0, 1, 2, 3),
                prevailing_wind=0,
                scores=(1000, 1000, 1000, 1000),
            )
        )
        players = [make_bot(bots, rules, rng.getrandbits(32)) for _ in range(4)]
        events = [d.event for d in table.start() if d.audience & audience]
        while not table.ended:
            seat = table.awaiting()[0]
            view = table.view(seat)
            if seat == SEAT and view.phase == "turn" and view.wall_left <= wall_left_at_most:
                return LateGame(events, view.legal if viewer == SEAT else (), rules)
            out = table.step(seat, players[seat].choose(view))
            events.extend(d.event for d in out if d.audience & audience)
    raise RuntimeError("no hand reached a late turn of seat 0")


def lobby(names: tuple[str, ...] = NAMES) -> LobbyUpdated:
    seats = tuple(LobbySeat(name, i != SEAT, True, i == SEAT) for i, name in enumerate(names))
    return LobbyUpdated(seats, (), None, False)  # type: ignore[arg-type]


@dataclass
class StillConnection:
    """What the table scene needs of a `Connection`, fed by hand instead of by a host."""

    rules: Ruleset
    seat: int | None = SEAT
    view: TableView | None = None
    legal: tuple[AnyAction, ...] = ()
    lobby: LobbyUpdated | None = field(default_factory=lobby)
    deadline: float | None = None
    phrases: list[tuple[float, PhraseSaid]] = field(default_factory=list)
    errors: list[object] = field(default_factory=list)
    sent: list[AnyAction] = field(default_factory=list)
    pending: list[HostMessage] = field(default_factory=list)
    seq: int = 0

    def feed(self, *events: Event) -> None:
        """Events as the host would send them: applied to the view now, seen at next poll."""
        for event in events:
            self.seq += 1
            self.view = apply(self.view, event, self.seat)
            self.pending.append(EventMessage(self.seq, event))

    def poll(self, timeout_ms: int = 0) -> list[HostMessage]:
        messages, self.pending = self.pending, []
        return messages

    def send(self, action: AnyAction) -> None:
        self.sent.append(action)

    def say(self, phrase: int) -> None: ...

    def close(self) -> None: ...


def late_game_connection(
    seed: int = 7, wall_left_at_most: int = 16, viewer: int | None = SEAT
) -> StillConnection:
    game = late_game(seed, wall_left_at_most, viewer=viewer)
    conn = StillConnection(game.rules, seat=viewer)
    conn.feed(*game.events)
    conn.legal = game.legal
    return conn
