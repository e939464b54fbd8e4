"""Players coming and going mid-session: a connection lost (a computer player takes the
seat at once, the seat shown `away`), the player back in time (the seat theirs again), or
not (RULES.md §2: the rest of that hand and the next, then the seat is left), and a player
who leaves for good (PROTOCOL.md §10).

`RoomPresence` is a base of `Room` (server/room.py) and builds on `RoomTimers`: whoever
drops or returns changes who the waits are for, and what it changes is the room's own
state (its members, the seats a computer plays, the dropped seats, the journal).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from server.engine.lobby import Lobby
from server.engine.session import SessionPhase
from server.journal import Returned, TableJournal
from server.record_files import SessionRecords
from server.room_joining import Member
from server.room_records import records_for
from server.room_timers import Outgoing, RoomTimers
from shared.actions import LeaveTable
from shared.errors import IllegalAction
from shared.events import AnyEvent, Delivery, PlayerLeft
from shared.protocol import Snapshot

log = logging.getLogger(__name__)


class RoomPresence(RoomTimers):
    """Drops, returns and departures (see the module's docstring for why a base class)."""

    # Set by Room (server/room.py, where each is described).
    name: str
    lobby: Lobby
    dropped: dict[int, int]
    journal: TableJournal | None
    session_records: SessionRecords | None
    _broadcast: Callable[[list[AnyEvent]], list[Outgoing]]
    _leave_after_hand: Callable[[int], list[Delivery]]
    snapshot: Callable[[Member, float | None], Snapshot]
    sheet_for: Callable[[int], list[Outgoing]]

    def resume(self, member: Member, player: int, now: float) -> list[Outgoing]:
        """A returning player (by resume token) takes its seat back from the bot."""
        del self.members[member.player]
        self._rename_player(member.player, player)
        member.player = player
        member.connected = True
        member.last_prompt = None
        self.members[player] = member
        if member.seat is not None:
            back_in_time = self.dropped.pop(member.seat, None) is not None
            if back_in_time and self.session is not None and member.seat in self.session.departing:
                # Back before the allowance ran out (its last hand is still in play).
                self.session.departing.discard(member.seat)
                if self.journal is not None:
                    self.journal.write([Returned(member.seat)], sync=True)
            departing = self.session is not None and member.seat in self.session.departing
            if not departing:  # back in time: the seat is theirs again
                self.autoplay.discard(member.seat)
                self.bot_due.pop(member.seat, None)
                self.held.pop(member.seat, None)
            back = self._set_away(member.seat, False)  # first: their snapshot shows them back
            # ...and their own copy of that update is in the snapshot (its seq counts it).
            back = [(to, message) for to, message in back if to != player]
            snapshot = self.snapshot(member, now)
            records = records_for(self.session_records, player) + self.sheet_for(player)
            return [(player, snapshot), *records, *back, *self._after_change(now)]
        snapshot = self.snapshot(member, now)
        records = records_for(self.session_records, player) + self.sheet_for(player)
        return [(player, snapshot), *records, *self._after_change(now)]

    def _set_away(self, seat: int, away: bool) -> list[Outgoing]:
        """Mark a seat's player dropped (or back) and tell everyone with a lobby update:
        the others see who a computer player is playing for until they return."""
        occupant = self.lobby.seats[seat]
        if occupant is None or occupant.away == away:
            return []
        occupant.away = away
        return self._broadcast([self.lobby.snapshot()])

    def _rename_player(self, old: int, new: int) -> None:
        for occupant in self.lobby.seats:
            if occupant is not None and occupant.player == old:
                occupant.player = new
        if self.lobby.owner == old:
            self.lobby.owner = new
        if old in self.lobby.spectators:
            self.lobby.spectators[new] = self.lobby.spectators.pop(old)

    def lost(self, player: int, now: float) -> list[Outgoing]:
        """A player's connection is gone: a bot plays its seat at once (mid-session)."""
        member = self.members.get(player)
        if member is None or not member.connected:
            return []
        member.connected = False
        if self.session is not None and member.seat is not None:
            log.info(
                "table %r: %r dropped; a bot plays seat %d", self.name, member.name, member.seat
            )
            self.autoplay.add(member.seat)
            self.dropped[member.seat] = self.session.hand_number + 1
            self._drops_run_out()
            return self._set_away(member.seat, True) + self._after_change(now)
        return self.leave(player, now)

    def leave(self, player: int, now: float) -> list[Outgoing]:
        """A player leaves for good (Bye): mid-session a bot finishes the session for it."""
        member = self.members.pop(player, None)
        if member is None:
            return []
        if self.session is not None and member.seat is not None:
            # A computer player finishes the hand in the seat (it counts for the player who
            # left); then the table goes back to the lobby with the seat open.
            self.autoplay.add(member.seat)
            self.dropped.pop(member.seat, None)
            out = self._broadcast([PlayerLeft(member.name, "left")])
            return out + self._deliver(self._leave_after_hand(member.seat), now)
        try:
            events = self.lobby.step(player, LeaveTable())
        except IllegalAction:
            events = []
        return self._broadcast(events)

    def _drops_run_out(self) -> None:
        """Dropped players whose allowance ends with the hand in play now count as left: a
        computer player still finishes it, then the seat is free."""
        assert self.session is not None
        if self.session.phase is not SessionPhase.PLAYING:
            return
        for seat, last_hand in sorted(self.dropped.items()):
            if self.session.hand_number >= last_hand and seat not in self.session.departing:
                log.info("table %r: seat %d did not come back in time; it is left", self.name, seat)
                self._leave_after_hand(seat)  # while a hand is in play: no events
