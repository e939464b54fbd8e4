"""A recorded hand, step by step, as each seat saw it: what the replay viewer shows.

The engine replays the record (server/records.py `replay_steps`: the actions on a table set
up from the record's seed, the events it answers each with, addressed as the host would
have sent them); each seat's view then follows those events with the live client's own
view model (shared/view_model.py), so step k is exactly what that seat's screen showed
after k actions. Kept for every step (a hand has a hundred or so): stepping back is as
quick as forward. The wall as drawn (client/render/wall.py) follows the same events.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from client.render.wall import WallTracker
from machine.files import read_limited
from server.records import replay_steps
from shared.actions import AnyAction
from shared.events import (
    Delivery,
    HandEnded,
    KongDeclared,
    MeldClaimed,
    only,
)
from shared.records import (
    MAX_RECORD_FILE_BYTES,
    HandRecord,
    RecordFile,
    decode_record_file,
)
from shared.view_model import apply
from shared.views import SeatPublic, TableView

Mark = Literal["claim", "kong", "win", "draw"]
"""What a step shows on the timeline: a chow or pung, a kong, the hand won or drawn."""


@dataclass(frozen=True)
class Step:
    """The table after some actions: each seat's view, the wall, what the last one did."""

    views: tuple[TableView, TableView, TableView, TableView]
    wall: WallTracker
    actor: int | None
    """Who acted last (None: the hand's start)."""
    action: AnyAction | None
    """What they did, as the record keeps it (a Timeout too)."""
    deliveries: tuple[Delivery, ...]
    """The events of that action (of the start, for step 0)."""
    mark: Mark | None


class Replay:
    """Every step of one recorded hand, from the deal (step 0) to its end."""

    def __init__(self, record: HandRecord) -> None:
        """Raises ValueError (an IllegalAction among them) when the record does not replay."""
        self.record = record
        start, actions = replay_steps(record)
        views: list[TableView | None] = [None, None, None, None]
        wall = WallTracker()
        self.steps: list[Step] = []
        moves: list[tuple[int | None, AnyAction | None, tuple[Delivery, ...]]] = [
            (None, None, start),
            *((s.seat, s.action, s.deliveries) for s in actions),
        ]
        for actor, action, deliveries in moves:
            for delivery in deliveries:
                wall.follow(delivery.event)
                for seat in range(4):
                    if delivery.audience & only(seat):
                        views[seat] = apply(views[seat], delivery.event, seat)
            shown = tuple(v for v in views if v is not None)
            assert len(shown) == 4, "a record's hand starts with HandStarted for everyone"
            self.steps.append(
                Step(
                    (shown[0], shown[1], shown[2], shown[3]),
                    replace(wall, dealt=dict(wall.dealt) if wall.dealt else None),
                    actor,
                    action,
                    deliveries,
                    _mark(deliveries),
                )
            )

    @property
    def last(self) -> int:
        """The last step's number (the hand over): the count of actions."""
        return len(self.steps) - 1

    def view(self, step: int, seat: int, all_open: bool) -> TableView:
        """What `seat` saw after `step` actions; `all_open`: with every hand shown (each
        seat's concealed kongs as their owner saw them)."""
        view = self.steps[step].views[seat]
        if not all_open:
            return view
        own = self.steps[step].views
        seats = tuple(
            view.seats[s]
            if s == seat
            else SeatPublic(
                concealed_count=view.seats[s].concealed_count,
                melds=own[s].seats[s].melds,
                river=view.seats[s].river,
                flowers=view.seats[s].flowers,
                river_from_draw=view.seats[s].river_from_draw,
            )
            for s in range(4)
        )
        return replace_seats(view, seats)

    def hands(self, step: int) -> tuple[tuple[int, ...], ...]:
        """Each seat's concealed tiles after `step` actions, its drawn tile last."""
        out = []
        for seat, view in enumerate(self.steps[step].views):
            drawn = (view.drawn,) if view.drawn is not None else ()
            out.append((*view.hand, *drawn) if view.seats[seat].concealed_count else ())
        return tuple(out)

    def next_mark(self, step: int, marks: tuple[Mark, ...]) -> int | None:
        """The first step after `step` with one of these marks."""
        for k in range(step + 1, len(self.steps)):
            if self.steps[k].mark in marks:
                return k
        return None


def replace_seats(view: TableView, seats: tuple[SeatPublic, ...]) -> TableView:
    from msgspec import structs

    return structs.replace(view, seats=(seats[0], seats[1], seats[2], seats[3]))


def _mark(deliveries: tuple[Delivery, ...]) -> Mark | None:
    for delivery in deliveries:
        event = delivery.event
        if isinstance(event, HandEnded):
            return "win" if event.winners else "draw"
        if isinstance(event, KongDeclared) or (
            isinstance(event, MeldClaimed) and event.kind == "kong"
        ):
            return "kong"
        if isinstance(event, MeldClaimed):
            return "claim"
    return None


def load_record(path: str | Path) -> RecordFile:
    """The record file at `path`; ValueError saying why not (a file that cannot be read,
    or RecordFileError: not a record, damaged, newer)."""
    try:
        data = read_limited(Path(path), MAX_RECORD_FILE_BYTES)
    except OSError as exc:
        raise ValueError(f"{path}: {exc.strerror or exc}") from None
    return decode_record_file(data)


def read_record(path: str | Path) -> RecordFile:
    """`load_record`, and checked to replay (else ValueError: the engine's refusal)."""
    record_file = load_record(path)
    Replay(record_file.record)  # the engine replays it, or says which action it refuses
    return record_file
