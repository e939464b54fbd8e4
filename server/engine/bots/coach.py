"""The coach of the replay viewer: at each decision of one seat, what the strong computer
player would have done, with the numbers behind it, and whether the player agreed.

It walks a recorded hand on a fresh table (the same one the record replays on) and, before
each action of the watched seat that was a real choice (a discard, a kong, a claim or a
pass, a win or not), takes that seat's view exactly as the host would have sent it
(`HandTable.view(seat)`: its own tiles, what is public, its legal choices). The strong
player (`make_bot("strong", …)`, its public entry point only) chooses from that view, and
every number is read from it too: never the wall or another seat's hidden tiles
(tests/test_coach.py checks that two hands differing only in those give the same advice).

The numbers, for the move played and the move advised:
- shanten after the move (向听: 0 ready, -1 a win), standard form;
- the improving tiles (有效牌) of the hand it leaves, and how many of them are live
  (unseen from this view);
- a discard's danger: the points it is expected to cost (server/engine/bots/danger.py,
  the strong player's own reading of the table), in base units;
- the value aimed at: for a hand left ready, the most fan a win on one of its waits
  would score (None when not ready, or no wait could be declared).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from server.engine.bots.base import make_bot
from server.engine.bots.danger import discard_loss, read_opponents
from server.engine.bots.hand_facts import claimed_shanten
from server.engine.table import HandTable
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    Pung,
    Timeout,
)
from shared.analysis import improving_kinds, shanten, wait_kinds
from shared.events import Delivery, TileDiscarded
from shared.hand_value import best_win_fan
from shared.ruleset import Ruleset
from shared.views import TableView, unseen_counts

COACH_LEVEL = "strong"
"""The computer player whose choices the coach shows."""


@dataclass(frozen=True)
class MoveFacts:
    """One move weighed from the seat's view."""

    action: AnyAction
    shanten: int | None
    """After the move: 0 ready, -1 a win; None where it does not apply."""
    improving: int | None
    """How many kinds of tile would bring the hand it leaves nearer (13-tile shapes)."""
    live: int | None
    """How many copies of those kinds are still unseen from this view."""
    danger: float | None
    """A discard's expected cost in base units (danger.py); None for other moves."""
    fan: int | None
    """A hand left ready: the most fan a win on its waits would score."""


@dataclass(frozen=True)
class Decision:
    """One choice of the watched seat: the record's action `index` (0-based), made from
    the state after `index` actions."""

    index: int
    phase: Literal["turn", "claim"]
    played: MoveFacts
    advised: MoveFacts

    @property
    def agreed(self) -> bool:
        return self.played.action == self.advised.action


@dataclass(frozen=True)
class CoachReport:
    seat: int
    decisions: tuple[Decision, ...]

    @property
    def agreed(self) -> int:
        return sum(1 for d in self.decisions if d.agreed)

    @property
    def share(self) -> float | None:
        """The share of decisions where the player did as the coach (None: no decisions)."""
        return self.agreed / len(self.decisions) if self.decisions else None

    def at(self, index: int) -> Decision | None:
        """The decision made by the record's action `index`, if it was the seat's."""
        for decision in self.decisions:
            if decision.index == index:
                return decision
        return None


def coach(table: HandTable, actions: Iterable[tuple[int, AnyAction]], seat: int) -> CoachReport:
    """Walk `actions` on `table` (set up and started as the hand was: server/records.py
    `set_up` and `start`) and weigh each of `seat`'s choices under the table's rules."""
    if not 0 <= seat < 4:
        raise ValueError(f"no seat {seat}")
    rules = table.rules
    bot = make_bot(COACH_LEVEL, rules, table.setup.seed * 4 + seat)
    decisions = []
    for index, (actor, action) in enumerate(actions):
        view = table.view(seat) if actor == seat else None
        out = table.step(actor, action)
        if view is None or len(view.legal) < 2 or view.phase not in ("turn", "claim", "rob"):
            continue
        played = _as_played(action, out, seat)
        advised = bot.choose(view)
        phase: Literal["turn", "claim"] = "turn" if view.phase == "turn" else "claim"
        decisions.append(
            Decision(index, phase, weigh(view, played, rules), weigh(view, advised, rules))
        )
    return CoachReport(seat, tuple(decisions))


def _as_played(action: AnyAction, out: list[Delivery], seat: int) -> AnyAction:
    """The move an action made: a timer's discards the tile the table let go, or passes."""
    if not isinstance(action, Timeout):
        return action
    for delivery in out:
        event = delivery.event
        if isinstance(event, TileDiscarded) and event.seat == seat:
            return Discard(event.tile)
    return Pass()


def weigh(view: TableView, action: AnyAction, rules: Ruleset) -> MoveFacts:
    """The numbers of one move, read from the seat's view alone."""
    assert view.seat is not None
    counts = view.concealed_counts()
    melds = view.melds_laid()
    unseen = unseen_counts(view.seats, counts)
    after = list(counts)
    if isinstance(action, DeclareWin):
        return MoveFacts(action, -1, None, None, None, None)
    if isinstance(action, Discard):
        after[action.tile] -= 1
        danger = discard_loss(action.tile, read_opponents(view, rules), unseen, rules)
        return _thirteen(view, action, after, melds, unseen, rules, danger, valued=True)
    if isinstance(action, Pass):
        return _thirteen(view, action, after, melds, unseen, rules, None, valued=True)
    if isinstance(action, ConcealedKong):
        after[action.tile] -= 4
        return _thirteen(view, action, after, melds + 1, unseen, rules, None)
    if isinstance(action, AddedKong):
        after[action.tile] -= 1
        return _thirteen(view, action, after, melds, unseen, rules, None)
    if isinstance(action, ClaimKong) and view.last_discard is not None:
        after[view.last_discard[1]] -= 3
        return _thirteen(view, action, after, melds + 1, unseen, rules, None)
    if isinstance(action, Pung | Chow) and view.last_discard is not None:
        # A claim leaves a 14-tile shape: the shanten after its best discard.
        steps = claimed_shanten(action, view.last_discard[1], counts, melds)
        return MoveFacts(action, steps, None, None, None, None)
    return MoveFacts(action, None, None, None, None, None)


def _thirteen(
    view: TableView,
    action: AnyAction,
    counts: list[int],
    melds: int,
    unseen: list[int],
    rules: Ruleset,
    danger: float | None,
    valued: bool = False,
) -> MoveFacts:
    """The facts of the 13-tile shape (3n+1 concealed) a move leaves; `valued`: also its
    fan when ready (a kong's new meld is not yet among the view's melds to score it with)."""
    assert view.seat is not None
    steps = shanten(counts, melds)
    improving = improving_kinds(counts, melds)
    live = sum(unseen[k] for k in improving)
    fan = None
    if steps == 0 and valued:
        own = view.seats[view.seat]
        wind = view.seat_winds[view.seat]
        fans = [
            best_win_fan(own, wind, view.prevailing_wind, counts, wait, rules)
            for wait in wait_kinds(counts, melds, rules.seven_pairs and melds == 0)
        ]
        fan = max((f for f in fans if f is not None), default=None)
    return MoveFacts(action, steps, len(improving), live, danger, fan)
