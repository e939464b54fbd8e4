"""What the client knows of its table, folded from the host's messages: no socket, no clock.

The client's twin of shared/view_model.py. `ClientTable.take(message, now)` folds one
message that passed the connection's sequence check (client/net.py) into the view, the
lobby, the legal moves, the rules, the results and the rest, and returns what the host
must be told in answer (a deal contribution, PROTOCOL.md §15). The time is passed in, so
a test feeds plain structs and reads the state back. `SequenceCheck` is the numbering rule
(PROTOCOL.md §6): a gap means a snapshot must be asked for.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import msgspec
from msgspec import structs

from client.deal_check import DealCheck
from shared.actions import AnyAction
from shared.errors import ProtocolError
from shared.events import (
    ChoiceMade,
    HandEnded,
    HandStarted,
    LobbySeat,
    LobbyUpdated,
    PhraseSaid,
    PlayerLeft,
    SessionEnded,
    SessionStarted,
)
from shared.protocol import (
    Contribute,
    Error,
    EventMessage,
    HandRecordMessage,
    HostMessage,
    Notice,
    Prompt,
    ScoreSheet,
    Snapshot,
    TableClosed,
    Welcome,
)
from shared.records import RecordFile
from shared.ruleset import Ruleset, make_ruleset
from shared.view_model import apply
from shared.views import TableView

log = logging.getLogger(__name__)

RECORDS_KEPT = 256
"""Hand records held for the game to take (it takes them every frame; a table nobody
takes them from, a test's or a network bot's, keeps no more than this)."""
PHRASES_KEPT = 8
"""Recent quick-chat phrases kept for the speech bubbles."""
DEPARTURES_KEPT = 4
"""Mid-hand departures kept for the table's notes."""


@dataclass
class SequenceCheck:
    """The host numbers events and prompts (PROTOCOL.md §6): each must follow the last,
    or some were missed and only a snapshot puts the view right again."""

    seq: int = 0
    awaiting_snapshot: bool = False
    """A gap was seen and a snapshot asked for: numbered messages wait for it."""

    def passes(self, message: HostMessage) -> tuple[bool, bool]:
        """(whether `message` is to be folded in, whether to ask for a snapshot now)."""
        if isinstance(message, Snapshot):
            self.seq = message.seq
            self.awaiting_snapshot = False
            return True, False
        if not isinstance(message, EventMessage | Prompt):
            return True, False
        if self.awaiting_snapshot:
            return False, False
        if message.seq != self.seq + 1:
            log.info("missed messages (%d after %d); asking for a snapshot", message.seq, self.seq)
            self.awaiting_snapshot = True
            return False, True
        self.seq = message.seq
        return True, False


@dataclass
class ClientTable:
    """Everything the host told this player about the table, as of the last message."""

    name: str
    """The player's name at the table (a snapshot gives the host's spelling of it)."""
    welcome: Welcome | None = None
    view: TableView | None = None
    lobby: LobbyUpdated | None = None
    legal: tuple[AnyAction, ...] = ()
    deadline: float | None = None
    """When (on the clock passed in) the prompt's timer runs out; None without one."""
    errors: list[Error] = field(default_factory=list)
    rules: Ruleset | None = None
    results: list[HandEnded] = field(default_factory=list)
    """Every hand result seen, in order."""
    deals: DealCheck = field(default_factory=DealCheck)
    """This player's contributions to the deals and their checks (PROTOCOL.md §15)."""
    phrases: list[tuple[float, PhraseSaid]] = field(default_factory=list)
    """Recent quick-chat phrases with when they arrived."""
    notices: list[tuple[float, Notice]] = field(default_factory=list)
    """The host's notices (a failed save) with when they arrived."""
    hand_records: list[RecordFile] = field(default_factory=list)
    """Finished hands' record files the host sent, until the game keeps them
    (client/record_store.py `keep_received`); the latest RECORDS_KEPT at most."""
    session_end: SessionEnded | None = None
    start_scores: tuple[int, ...] | None = None
    """The session's scores at its start (`session_started`), for the evening's change
    on the final standings; None when this player did not see it start."""
    sheet: ScoreSheet | None = None
    """The session's running scoreboard as the host last sent it (client/scoreboard.py)."""
    session_seats: tuple[LobbySeat | None, ...] = ()
    """Who sat where when the session ended: the lobby that follows `session_ended`
    frees the seats of those leaving, and the final standings still name them."""
    wait_hint: tuple[TableView, float] | None = None
    """From the last snapshot: its view and when the table's timer on that view's wait
    runs out (`snapshot.wait_left`), so the timer shown on another seat after a resume is
    the time really left, not a full one (client/widgets/timers.py)."""
    departures: list[tuple[str, int]] = field(default_factory=list)
    """(name, hand number) of each other player who left the table on purpose while a
    hand was in play (`player_left` "left"): a computer player finishes that hand for
    them, and the table says so until it ends (client/overlays.py)."""
    chosen: dict[int, str] = field(default_factory=dict)
    """Between hands: the seats that chose (`choice_made`) "continue" or "leave" since
    the hand ended; empty again when the next hand or the session's end comes."""
    closed: TableClosed | None = None
    """The host closed the table (its last message)."""

    def take(self, message: HostMessage, now: float) -> list[Contribute]:
        """Fold in one message that passed the sequence check, heard at `now`; returns
        what to send the host in answer. Raises ProtocolError when the host's rules are
        not the ones this client computes from its options."""
        if isinstance(message, Welcome):
            self.welcome = message
            if message.options is not None:
                self._check_rules(message)
        elif isinstance(message, Snapshot):
            self._snapshot(message, now)
        elif isinstance(message, Prompt):
            self.legal = message.legal
            self.deadline = now + message.seconds if message.seconds else None
            if self.view is not None:
                self.view = structs.replace(self.view, legal=message.legal)
        elif isinstance(message, EventMessage):
            return self._event(message, now)
        elif isinstance(message, Error):
            self.errors.append(message)
            log.info("the host refused: %s (%s)", message.code, message.reason)
            if message.code == "contribution_refused":
                self.deals.refused(message.reason, now)
        elif isinstance(message, Notice):
            self.notices.append((now, message))
            log.warning("the host says: %s (%s)", message.code, message.text)
        elif isinstance(message, HandRecordMessage):
            self.hand_records.append(self._with_own_check(message.record))
            del self.hand_records[:-RECORDS_KEPT]
        elif isinstance(message, ScoreSheet):
            self.sheet = message
        elif isinstance(message, TableClosed):
            self.closed = message
            log.info("the host closed the table (by %r)", message.by)
        return []

    def _snapshot(self, message: Snapshot, now: float) -> None:
        self.lobby = message.lobby
        seat = self.welcome.seat if self.welcome is not None else None
        occupant = message.lobby.seats[seat] if seat is not None else None
        if occupant is not None and not occupant.bot:
            # The name at the table: a seat taken back (by key) keeps its old name, and
            # the host shows a name NFC-normalised.
            self.name = occupant.name
        self.view = message.view
        self.legal = message.view.legal if message.view is not None else ()
        if message.view is not None and message.wait_left is not None:
            self.wait_hint = (message.view, now + message.wait_left)
        else:
            self.wait_hint = None
        self.deals.missed_events(message.deal, message.view)
        if message.lobby.options is not None and self.rules is None:
            self.rules = make_ruleset(message.lobby.options)

    def _event(self, message: EventMessage, now: float) -> list[Contribute]:
        event = message.event
        if isinstance(event, PhraseSaid):
            self.phrases.append((now, event))
            del self.phrases[:-PHRASES_KEPT]
            return []
        if not isinstance(event, LobbyUpdated | PlayerLeft):
            # Choices offered before a table event may be stale; the host prompts again.
            self.legal = ()
            self.deadline = None
        if isinstance(event, LobbyUpdated):
            self.lobby = event
            if event.options is not None:
                self.rules = make_ruleset(event.options)
            return []
        if isinstance(event, HandEnded):
            self.results.append(event)
            self.chosen = {}
        elif isinstance(event, SessionEnded):
            self.session_end = event
            self.session_seats = self.lobby.seats if self.lobby is not None else ()
            self.chosen = {}
        elif isinstance(event, SessionStarted):
            self.start_scores = event.scores
        elif isinstance(event, HandStarted):
            self.session_end = None
            self.chosen = {}
        elif isinstance(event, ChoiceMade):
            self.chosen[event.seat] = event.choice
        elif isinstance(event, PlayerLeft):
            view = self.view
            in_hand = view is not None and self.session_end is None and view.phase != "ended"
            if event.reason == "left" and in_hand and event.name != self.name:
                assert view is not None
                self.departures.append((event.name, view.hand_number))
                del self.departures[:-DEPARTURES_KEPT]
        seat = self.seat
        flowers = self.rules.flowers if self.rules is not None else False
        computers = frozenset(
            s for s, o in enumerate(self.lobby.seats if self.lobby else ()) if o and o.bot
        )
        contribution = self.deals.see(event, seat, flowers, computers, now)
        self.view = apply(self.view, event, seat)
        if self.view is not None and self.view.legal != self.legal:
            self.view = structs.replace(self.view, legal=self.legal)
        return [] if contribution is None else [contribution]

    @property
    def seat(self) -> int | None:
        """This player's seat: by name in the lobby (a seat taken back), else the one the
        welcome gave; None for a spectator or before the welcome."""
        fallback = self.welcome.seat if self.welcome else None
        if self.lobby is None or self.welcome is None:
            return fallback
        for seat, occupant in enumerate(self.lobby.seats):
            if occupant is not None and occupant.name == self.name and not occupant.bot:
                return seat
        return fallback

    def _with_own_check(self, record_file: RecordFile) -> RecordFile:
        """The record with this player's own check of its deal (what they saw drawn and
        whether it verified), when they saw that deal and the host's file has none."""
        deal = record_file.record.deal
        check = self.deals.check_for(record_file.record.hand_number)
        if deal is None or check is None or record_file.verification is not None:
            return record_file
        if check.session_tag != deal.session_tag:
            return record_file  # another session's hand of that number
        return msgspec.structs.replace(record_file, verification=check)

    def _check_rules(self, welcome: Welcome) -> None:
        assert welcome.options is not None
        rules = make_ruleset(welcome.options)
        if welcome.ruleset_digest and rules.digest != welcome.ruleset_digest:
            raise ProtocolError(
                "the host's rules digest differs from ours: client and host disagree on the rules"
            )
        self.rules = rules
