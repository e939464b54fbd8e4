"""Helpers for client tests and the client benchmark: a table scene without a network.

`late_game()` plays a seeded hand on `HandTable` with bots and keeps the events seat 0 was
sent; `ScriptedHand` plays a rigged hand move by move to the states screenshots show (every
kind of meld, flowers, a claim prompt with every claim, a win, a drawn hand).
`StillConnection` stands in for `client.net.Connection` and its table model (`model`, itself:
App.table) and hands those events to the scene the way the real one does (the view updated
first, then the messages returned by `poll()`, which App.pump hands to the scene), so the
scene reacts to them exactly as in a game. `click`, `press` and
`where_drawn` drive the real scenes as a player does: posted mouse and key events, aimed
where things are drawn.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from client.deal_check import DealCheck
from server.engine.bots import make_bot
from server.engine.table import HandSetup, HandTable
from server.engine.wall import full_set, rig
from shared.actions import (
    AnyAction,
    Chow,
    ConcealedKong,
    ContinueGame,
    Discard,
    LeaveTable,
    Pass,
    Pung,
    RollDice,
)
from shared.events import (
    SPECTATORS,
    Event,
    LobbySeat,
    LobbyUpdated,
    PhraseSaid,
    SessionEnded,
    only,
)
from shared.notation import parse_tiles
from shared.protocol import EventMessage, HostMessage, Notice, ScoreSheet, TableClosed, Welcome
from shared.ruleset import Ruleset, TableOptions, make_ruleset
from shared.tiles import KINDS
from shared.view_model import apply
from shared.views import TableView

if TYPE_CHECKING:
    from client.app import App
    from client.scenes.table import TableScene
    from client.ui import Button, Choice

SEAT = 0
NAMES = ("Me", "Bot Ming", "Bot Wing", "Bot Fai")


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
    levels = ("", "normal", "strong", "easy")  # as a host sends them: a level for each bot
    seats = tuple(
        LobbySeat(name, i != SEAT, True, i == SEAT, level=levels[i] if i != SEAT else "")
        for i, name in enumerate(names)
    )
    return LobbyUpdated(seats, (), None, False)  # type: ignore[arg-type]


@dataclass
class StillConnection:
    """What the table scene needs of a `Connection` and its `ClientTable`, fed by hand
    instead of by a host."""

    rules: Ruleset
    seat: int | None = SEAT
    view: TableView | None = None
    legal: tuple[AnyAction, ...] = ()
    lobby: LobbyUpdated | None = field(default_factory=lobby)
    deadline: float | None = None
    phrases: list[tuple[float, PhraseSaid]] = field(default_factory=list)
    errors: list[object] = field(default_factory=list)
    notices: list[tuple[float, Notice]] = field(default_factory=list)
    deals: DealCheck = field(default_factory=DealCheck)
    """The deals' checks (as `Connection.deals`): append one to show its warning."""
    sent: list[AnyAction] = field(default_factory=list)
    pending: list[HostMessage] = field(default_factory=list)
    seq: int = 0
    name: str = NAMES[SEAT]
    """The player's name (the lobby finds its own seat by it)."""
    welcome: Welcome | None = None
    chosen: dict[int, str] = field(default_factory=dict)
    """Between hands: who chose Continue or Leave (as `Connection.chosen`)."""
    session_end: SessionEnded | None = None
    start_scores: tuple[int, ...] | None = None
    session_seats: tuple[LobbySeat | None, ...] = ()
    """As `Connection.session_seats`: who sat where when the session ended."""
    departures: list[tuple[str, int]] = field(default_factory=list)
    wait_hint: tuple[TableView, float] | None = None
    """A snapshot's view and its wait's end, as `Connection.wait_hint`."""
    """(name, hand number) of who left mid-hand, as `Connection.departures`."""
    closed: TableClosed | None = None
    sheet: ScoreSheet | None = None
    """The running scoreboard, as `Connection.sheet`."""
    silent_since: float | None = None
    """Set it to show the table as the real connection does once the host went quiet."""
    network_down: bool = False

    @property
    def model(self) -> StillConnection:
        """Its own table model (as `Connection.model`): the fields above are the model's."""
        return self

    def lost_for(self, now: float) -> float | None:
        return None if self.silent_since is None else now - self.silent_since

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

    def keep_alive(self) -> None: ...

    def close(self, say_bye: bool = True) -> None: ...


class FakeLocalHost:
    """Stands in for the host this game runs (App.local_host): records how it was stopped."""

    def __init__(self) -> None:
        self.stopped_by: list[str] = []
        self.host = None
        self.failure = None

    def stop(self, timeout: float = 5.0, closed_by: str = "", keep_journal: bool = False) -> None:
        self.stopped_by.append(closed_by)


def with_people(conn: StillConnection, away: bool = False) -> StillConnection:
    """Seat 1 a person ("阿珍", dropped if `away`) instead of a computer player."""
    seats = list(NAMES)
    seats[1] = "阿珍"
    conn.lobby = LobbyUpdated(
        tuple(  # type: ignore[arg-type]
            LobbySeat(name, i not in (0, 1), True, i == 0, away and i == 1)
            for i, name in enumerate(seats)
        ),
        (),
        None,
        False,
    )
    return conn


def show_table(app: App, conn: StillConnection) -> TableScene:
    """The table scene on `conn`, its first frame drawn, the hand's past (replayed at once)
    no longer called out or rolling."""
    from client.scenes.table import TableScene

    app.connection = conn  # type: ignore[assignment]
    scene = TableScene(app)
    app.push(scene)
    app.frame(0.016)
    scene.callouts, scene.dice_rolling_until = [], 0.0
    return scene


def late_game_connection(
    seed: int = 7, wall_left_at_most: int = 16, viewer: int | None = SEAT
) -> StillConnection:
    game = late_game(seed, wall_left_at_most, viewer=viewer)
    conn = StillConnection(game.rules, seat=viewer)
    conn.feed(*game.events)
    conn.legal = game.legal
    return conn


def tiles_of(text: str) -> list[int]:
    """Tiles as ints, in the order written: `tiles_of("12m 5z")` → [0, 1, 31]."""
    return [int(tile) for tile in parse_tiles(text.replace(" ", ""))]


def tile_of(text: str) -> int:
    (tile,) = tiles_of(text)
    return tile


SCRIPTED_HANDS = (
    "34555m 67m 111z 99m 1p 9s",  # seat 0, the dealer: waits on 2m 5m 8m once 99m is punged
    "2222p 9m 1s 3s5s7s 1z 4z 6s 9s",  # a concealed kong; the 9m seat 0 pungs; the 1s
    "11s 7p 9m 2z3z5z6z7z 5p6p 3s4s",  # pungs the 1s, lets the 7p go
    "5m 89p 1s 2z3z4z5z6z7z 3p4p 4s",  # chows the 7p; holds the 5m everyone can claim
)
WAITS = "2222m 8888m"
"""Seat 0's other winning tiles: kept deep in the wall, so no earlier move can win."""
REPLACEMENTS = 12
"""Tiles at the wall's tail: the concealed kong's and the eight flowers' replacements."""


@dataclass
class ScriptedHand:
    """A rigged hand with flowers, played move by move; `events` are what seat 0 was sent."""

    table: HandTable
    events: list[Event]
    first_wait: int
    """Where the wall's head reaches the first of `WAITS`."""

    def step(self, seat: int, action: AnyAction) -> None:
        out = self.table.step(seat, action)
        self.events.extend(d.event for d in out if d.audience & only(SEAT))

    def pass_claims(self) -> None:
        """Every seat asked about a discard (or a kong to rob) lets it go."""
        while not self.table.ended:
            awaited = self.table.awaiting()
            if self.table.view(awaited[0]).phase not in ("claim", "rob"):
                return
            for seat in awaited:
                self.step(seat, Pass())

    def others_pass(self, claimer: int) -> None:
        for seat in self.table.awaiting():
            if seat != claimer:
                self.step(seat, Pass())

    def discard_drawn(self, seat: int) -> None:
        """`seat` lets its drawn tile go (any tile, when it drew none); the claims pass."""
        view = self.table.view(seat)
        tile = view.drawn if view.drawn is not None else view.hand[-1]
        self.step(seat, Discard(tile))
        self.pass_claims()

    def connection(self) -> StillConnection:
        """Seat 0's connection as it is now: the view, and the moves it may make."""
        conn = StillConnection(self.table.rules)
        conn.feed(*self.events)
        # After the hand the session (not the hand's table) asks whether to play on.
        ended = (ContinueGame(), LeaveTable())
        conn.legal = ended if self.table.ended else self.table.view(SEAT).legal
        return conn


def late_turn_with_melds() -> ScriptedHand:
    """Seat 0's last turn before the wall's last tiles: every seat has a meld (a pung for
    seat 0, a concealed kong for 下家, a pung opposite, a chow for 上家) and two flowers,
    the rivers are long, and seat 0's hand is ready (the hint has lines to show)."""
    rules = make_ruleset({"flowers": True})
    hands = [tiles_of(hand) for hand in SCRIPTED_HANDS]
    waits = tiles_of(WAITS)
    rest = full_set(flowers=True)
    for tile in (*(t for hand in hands for t in hand), *waits):
        rest.remove(tile)
    random.Random(5).shuffle(rest)
    flowers = [tile for tile in rest if tile >= KINDS]
    plain = [tile for tile in rest if tile < KINDS]
    tail, filler = plain[:REPLACEMENTS], plain[REPLACEMENTS:]
    filler[3:3] = flowers[:4]
    filler[20:20] = flowers[4:]
    dealt = sum(len(hand) for hand in hands)
    wall = rig(0, hands, [*filler, *waits], tail, flowers=True)
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=1,
            dealer=SEAT,
            prevailing_wind=0,
            scores=(1000, 1000, 1000, 1000),
            wall=wall,
        )
    )
    hand = ScriptedHand(table, [], dealt + len(filler))
    hand.events.extend(d.event for d in table.start() if d.audience & only(SEAT))
    hand.step(0, RollDice())
    hand.step(0, Discard(tile_of("9s")))
    hand.pass_claims()
    hand.step(1, ConcealedKong(tile_of("2p")))
    hand.step(1, Discard(tile_of("9m")))
    hand.step(0, Pung())
    hand.others_pass(0)
    hand.step(0, Discard(tile_of("1p")))
    hand.pass_claims()
    hand.step(1, Discard(tile_of("1s")))
    hand.step(2, Pung())
    hand.others_pass(2)
    hand.step(2, Discard(tile_of("7p")))
    hand.step(3, Chow(tile_of("7p")))
    hand.others_pass(3)
    hand.step(3, Discard(tile_of("2z")))
    hand.pass_claims()
    while True:  # everyone lets the drawn tile go, until one more round would reach WAITS
        seat = table.awaiting()[0]
        head = table.wall.head
        if seat == SEAT and head + 3 <= hand.first_wait < head + 7:
            return hand
        hand.discard_drawn(seat)


def claim_on_every_kind(hand: ScriptedHand) -> ScriptedHand:
    """From `late_turn_with_melds`: the others let their tiles go until 上家 lets its 5m
    go, which seat 0 may chow three ways, pung, kong or win on."""
    for seat in (0, 1, 2):
        hand.discard_drawn(seat)
    hand.step(3, Discard(tile_of("5m")))
    return hand


def played_out(hand: ScriptedHand) -> ScriptedHand:
    """From any turn: everyone lets every drawn tile go and passes every claim (seat 0's
    wins too) until the wall runs out: a drawn hand."""
    hand.pass_claims()
    while not hand.table.ended:
        hand.discard_drawn(hand.table.awaiting()[0])
    return hand


# --- driving the real scenes with the mouse and keys ---------------------------------------

def redraw(app: App) -> None:
    """One frame that draws whatever the scene shows now (rects are where they are drawn)."""
    app.dirty = True
    app.frame(0.016)


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to `pos`, press and let go of the left button; one frame handles it."""
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(0.016)


def press(app: App, key: int) -> None:
    """Press and let go of `key`; one frame handles it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    app.frame(0.016)


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The button a click at `pos` presses: the first one under it, as scenes try them."""
    return next((b for b in buttons if b.enabled and b.rect.collidepoint(pos)), None)


def labelled(buttons: list[Button], label: str) -> tuple[int, int] | None:
    """Where to click the button labelled `label` (None: there is no such button, or
    another one covers its centre)."""
    for button in buttons:
        if button.label == label and button_at(buttons, button.rect.center) is button:
            return button.rect.center
    return None


def where_drawn(scene: TableScene, action: AnyAction) -> tuple[int, int] | None:
    """Where the table shows `action`, as last drawn: the hand tile a discard lets go (the
    drawn tile when it is that one) or the button that sends it; None when it is nowhere
    a click would reach it (off screen, or under another button)."""
    screen = scene.app.screen.get_rect()
    if isinstance(action, Discard):
        for rect, tile in reversed(scene.hand_rects):
            free = button_at(scene.buttons, rect.center) is None
            if tile == action.tile and free and screen.collidepoint(rect.center):
                return rect.center
        return None
    for button in scene.buttons:
        centre = button.rect.center
        on_top = button_at(scene.buttons, centre) is button and screen.collidepoint(centre)
        if button.intent == action and on_top:
            return centre
    return None


PICKED = {
    "base": 5,
    "starting_score": 2000,  # × base
    "preset": "baohu5",
    "min_fan": 3,
    "rounds": 1,
    "turn_seconds": 30,
    "claim_seconds": 10,
    "multiple_winners": False,
    "missed_win_lock_until": "any_move",
    "twelve_tile_liability": "first_only",
    "seven_pairs": True,
    "flowers": True,
    "horses": 2,
}
"""A value other than the default for every option."""

EXPECTED = TableOptions(
    preset="baohu5",
    base=5,
    starting_score=10000,
    min_fan=3,
    multiple_winners=False,
    missed_win_lock_until="any_move",
    twelve_tile_liability="first_only",
    flowers=True,
    horses=2,
    rounds=1,
    turn_seconds=30,
    claim_seconds=10,
    seven_pairs=True,
)


def pick(choices: dict[str, Choice], app: App | None = None) -> None:
    """Set every option to its PICKED value, by clicking when an app draws the choices."""
    for name, value in PICKED.items():
        choice = choices[name]
        assert value in choice.options, (name, value)
        if app is None:
            choice.index = choice.options.index(value)
            continue
        while choice.value != value:
            click(app, choice.rect.center)


def assert_same(made: TableOptions, expected: TableOptions) -> None:
    for name in TableOptions.__struct_fields__:
        assert getattr(made, name) == getattr(expected, name), name


OK_LINE = re.compile(
    r"^gdmj self-test: ok - one hand over CurveZMQ on 127\.0\.0\.1:\d+ by four network bots: "
    r"(draw|self_drawn|discard|robbing_kong), winners (?:[\d,]+|none), deltas ([+-]\d+ ?){4} "
    r"\(sum 0\), scores settled, \d+\.\d\d s$"
)
"""The line `gdmj --self-test` ends with when the hand it played was right."""
