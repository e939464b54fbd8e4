"""One table at the host: lobby, session, bots, timers, scores — everything but sockets.

The room takes what players send (by player id) and the time, and returns messages
addressed to player ids. The host turns those into frames; tests can drive a room alone.

Pieces with a job of their own are the room_*.py modules beside it (server/README.md).
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from msgspec import structs

from server.deal_window import CONTRIBUTION_SECONDS, ContributionRefused, ContributionWindow
from server.engine.bot_names import DEFAULT_TABLE_LANGUAGE
from server.engine.bots import Bot, make_bot
from server.engine.lobby import Lobby
from server.engine.session import MIN_SCORE_BASES, Session, SessionPhase
from server.engine.table import SEATS
from server.heap import settle_after_first_hand
from server.journal import (
    Acted,
    Contributed,
    Departed,
    SeatEntry,
    TableJournal,
    hand_begun,
    session_begun,
)
from server.record_files import SessionRecords, utc_now_text
from server.room_joining import (
    AlreadyHere,
    Member,
    NameTaken,
    check_joining,
    member_by_token,
    returning,
)
from server.room_presence import RoomPresence
from server.room_records import save_hand, share_record
from server.room_scores import (
    below_the_minimum,
    saved_scores,
    score_sheet,
    score_too_low_error,
    starting_scores,
)
from server.room_timers import BETWEEN_HANDS_SECONDS, Outgoing, _Wait
from server.store import RecordLog, ScoreStore
from shared.actions import (
    AcceptRules,
    AddBot,
    AnyAction,
    BotLevel,
    BotPace,
    DeclineRules,
    JoinTable,
    LeaveTable,
    LobbyAction,
    RemoveBot,
    RollDice,
    SetBotPace,
    SetRules,
    StartGame,
    TakeSeat,
    Timeout,
)
from shared.errors import IllegalAction
from shared.events import (
    SPECTATORS,
    AnyEvent,
    Delivery,
    HandStarted,
    LobbyUpdated,
    PhraseSaid,
    ScoreTooLow,
    SessionEnded,
)
from shared.protocol import (
    EventMessage,
    SavedScore,
    ScoreSheet,
    Snapshot,
)
from shared.ruleset import Ruleset

__all__ = [
    "BETWEEN_HANDS_SECONDS",
    "AlreadyHere",
    "Member",
    "NameTaken",
    "Outgoing",
    "Room",
    "RoomConfig",
]
"""What the host, the restore and the tests import from here (some lives in room_*.py)."""

log = logging.getLogger(__name__)

PACE_SALT = 0x9ACE
"""Mixed into the room's seed for the pace generator (any constant will do)."""
PHRASE_SECONDS = 2.0
"""Quick chat: at most one phrase a player every this many seconds."""
_LOBBY_ONLY = (
    JoinTable,
    SetRules,
    AcceptRules,
    DeclineRules,
    AddBot,
    RemoveBot,
    TakeSeat,
    SetBotPace,
    StartGame,
)


@dataclass
class RoomConfig:
    bot_delay: float = 0.6
    """Seconds a computer player waits before acting at the quick pace, so people can
    follow the table."""
    bot_pace: BotPace = "quick"
    """The computer players' pace until the owner sets another in the lobby: "natural"
    (a person's think, server/bot_pace.py) or "quick" (`bot_delay`)."""
    bot_level: BotLevel = "normal"
    """How the computer players play (server/engine/bots LEVELS); they also play for a
    player who dropped."""
    bots_for_owner: int = 0
    """Computer players seated as soon as the owner sits (`gdmj-host --bots N`)."""
    allow_suggest: bool = True
    """Players may ask for 出牌建议 (`gdmj-host --no-suggest`, the host form's switch)."""
    owner: str = ""
    """The identity of the player whose game hosts this table: its owner whenever they sit
    (HostConfig.owner; Lobby.reserved_owner)."""
    language: str = DEFAULT_TABLE_LANGUAGE
    """The table's language: its computer players are named in it, once, for every game
    (server/engine/bot_names.py; HostConfig.language)."""


@dataclass
class Room(RoomPresence):
    name: str
    code: str
    store: ScoreStore
    records: RecordLog
    config: RoomConfig = field(default_factory=RoomConfig)
    seed: int = field(default_factory=lambda: secrets.randbits(64))
    journals: Path | None = None
    """The folder of the tables' journals (server/journal.py); None: no journal."""
    deal_keys: Callable[[], bytes] = field(default=lambda: secrets.token_bytes(32))
    """Where each session's deal key comes from (PROTOCOL.md §15): `secrets`, never the
    room's seeded generator, or players could work out a hand's secret before it is
    revealed. Tests give a fixed one, to play the same hands every run."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        config = self.config
        self.lobby = Lobby(
            self.rng.getrandbits(64),
            reserved_owner=config.owner,
            bot_pace=config.bot_pace,
            language=config.language,
        )
        self.pace_rng = random.Random(self.seed ^ PACE_SALT)
        """The natural pace's thinking times: its own generator (from the room's seed, for
        repeatable tests), so pacing never shifts the seeds the sessions draw."""
        self.lobby.suggest_allowed = self.config.allow_suggest
        self.session: Session | None = None
        self.rules: Ruleset | None = None
        self.members: dict[int, Member] = {}
        self.autoplay: set[int] = set()
        """Seats a computer player plays now: bots, and players who dropped or left."""
        self.dropped: dict[int, int] = {}
        """Seat → the last hand a computer player plays for its dropped player: the rest of
        the hand they dropped in and the next one (RULES.md §2); then the seat is left."""
        self.seat_identities: dict[int, str] = {}
        """Seat → the identity of the person playing it this session (kept when they leave
        mid-session: the hand a computer player finishes counts for them)."""
        self.bot_scores: dict[int, int] = {}
        """A computer player's score when its session ended, kept for the next session at
        the table (scores are kept when the table starts again); a fresh one starts anew."""
        self.bots: dict[int, Bot] = {}
        self.waits: dict[int, _Wait] = {}
        self.wait_began: tuple[tuple[object, ...], float] | None = None
        """The wait in progress (its key) and when it began: what a snapshot's wait_left
        counts from, for the seats waited on that have no timer here (computer players)."""
        self.bot_due: dict[int, float] = {}
        self.held: dict[int, float] = {}
        """Seat → when its computer player may first act: after a host restart, the
        players' seats wait a moment for them to reconnect (server/restore.py)."""
        self.journal: TableJournal | None = None
        self.session_records: SessionRecords | None = None
        """The record files of the session's finished hands (server/record_files.py)."""
        self.contributions: ContributionWindow | None = None
        """The wait for the contributions to the deal of the hand in play (PROTOCOL.md §15)."""
        self.last_sheet: ScoreSheet | None = None
        """The scoreboard of the session that ended last, shown in the lobby after it."""

    # --- who is here -------------------------------------------------------------------

    def empty(self) -> bool:
        """Nobody connected and no session in play."""
        return self.session is None and not any(m.connected for m in self.members.values())

    def seats_free(self) -> int:
        return sum(1 for o in self.lobby.seats if o is None)

    def member_by_token(self, token: str) -> Member | None:
        return member_by_token(self.members.values(), token)

    def returning(self, token: str, identity: str) -> Member | None:
        """The member a hello takes over (server/room_joining.py `returning`)."""
        return returning(self.members.values(), token, identity)

    def join(
        self, player: int, name: str, spectate: bool, now: float, *, identity: str
    ) -> list[Outgoing]:
        """A new player: a seat if one is free (and it is not mid-session), else a watcher.

        Refused (NameTaken) under a name at this table or held by another identity on this
        host, and (AlreadyHere) for an identity already here on another connection."""
        name = name.strip()
        check_joining(self.members.values(), self.lobby, self.store, name, identity)
        member = Member(player, name, secrets.token_hex(16), identity)
        if spectate or self.session is not None or self.seats_free() == 0:
            self.lobby.spectators[player] = member.name
            self.members[player] = member
            self.store.claim(name, identity)
            return self._broadcast([self.lobby.snapshot()])
        events = self.lobby.join(player, name, identity)
        member.seat = self.lobby.seat_of(player)
        self.members[player] = member
        self.store.claim(name, identity)  # a score from before version 2, if one waits
        if self.lobby.owner == player and self.config.bots_for_owner:
            free = [s for s, o in enumerate(self.lobby.seats) if o is None]
            for seat in free[: self.config.bots_for_owner]:
                events += self.lobby.step(player, AddBot(seat, self.config.bot_level))
        return self._broadcast(events) + self._after_change(now)

    def say(self, player: int, phrase: int, now: float) -> list[Outgoing]:
        """A quick-chat phrase for everyone at the table, at most one every few seconds."""
        member = self.members.get(player)
        if member is None:
            raise IllegalAction("not at this table")
        if now - member.last_said < PHRASE_SECONDS:
            raise IllegalAction(f"one phrase every {PHRASE_SECONDS:g} seconds")
        member.last_said = now
        return self._broadcast([PhraseSaid(member.name, member.seat, phrase)])

    # --- what players send ---------------------------------------------------------------

    def act(self, player: int, action: AnyAction | LobbyAction, now: float) -> list[Outgoing]:
        """Apply a player's action, or raise IllegalAction with the reason."""
        member = self.members.get(player)
        if member is None:
            raise IllegalAction("not at this table")
        if isinstance(action, Timeout):
            raise IllegalAction("timeouts come from the host's timer, not from players")
        if self.session is None:
            return self._lobby_act(member, action, now)
        if isinstance(action, _LOBBY_ONLY):
            raise IllegalAction("a session is in play; lobby actions wait until it ends")
        if member.seat is None:
            raise IllegalAction("spectators watch; they do not play")
        if isinstance(action, LeaveTable) and self.session.phase is SessionPhase.PLAYING:
            return self.leave(player, now)
        if isinstance(action, RollDice) and self._awaiting_contributions(now):
            raise IllegalAction(
                f"the deal's contributions are still coming in (up to {CONTRIBUTION_SECONDS:g} s)"
            )
        deliveries = self._step(member.seat, action)
        return self._deliver(deliveries, now)

    def contribute(self, player: int, hand_number: int, value: str, now: float) -> list[Outgoing]:
        """A seated player's contribution to the deal (PROTOCOL.md §15); raises
        ContributionRefused saying why when it is not taken."""
        member = self.members.get(player)
        if member is None:
            raise ContributionRefused("not at this table")
        window = self.contributions
        if self.session is None or window is None:
            raise ContributionRefused("no hand is being dealt")
        window.check(member.seat, hand_number, now)
        assert member.seat is not None
        self.session.contribute(member.seat, bytes.fromhex(value))
        window.took(member.seat)
        if self.journal is not None:
            entry = Contributed(member.seat, hand_number, value)
            self.journal.after_step(entry, self.session, [])
        return self._after_change(now) if not window.open else []

    def _lobby_act(
        self, member: Member, action: AnyAction | LobbyAction, now: float
    ) -> list[Outgoing]:
        if isinstance(action, JoinTable):
            raise IllegalAction("join with a hello, not an action")
        if isinstance(action, StartGame) and self.lobby.can_start:
            too_low = below_the_minimum(self.lobby, self._starting_scores())
            if too_low:
                return self._send_away(too_low)
        if isinstance(action, (AddBot, RemoveBot)):
            self.bot_scores.pop(action.seat, None)  # a new computer player starts anew
        events = self.lobby.step(member.player, action)
        member.seat = self.lobby.seat_of(member.player)
        if member.seat is None and isinstance(action, LeaveTable):
            del self.members[member.player]  # left the table: no more of its events
            return self._broadcast(events)
        if member.seat is None and member.player not in self.lobby.spectators:
            self.lobby.spectators[member.player] = member.name  # declined: watches on
            events.append(self.lobby.snapshot())
        if isinstance(action, StartGame):
            return self._broadcast(events) + self._start_session(now)
        return self._broadcast(events)

    def _starting_scores(self) -> list[int]:
        return starting_scores(self.lobby, self.members, self.store, self.bot_scores)

    def _send_away(self, too_low: list[tuple[int, int]]) -> list[Outgoing]:
        """Players below the minimum are told 您的积分不足，不能进行下一局 and leave their
        seats (they may watch on); the game starts once the seats are filled again."""
        minimum = MIN_SCORE_BASES * self.lobby.ruleset().base
        events: list[AnyEvent] = []
        told: list[Outgoing] = []
        for seat, score in too_low:
            occupant = self.lobby.seats[seat]
            assert occupant is not None and occupant.player is not None
            events.append(ScoreTooLow(seat, score, minimum))
            events += self.lobby.step(occupant.player, LeaveTable())
            member = self.members.get(occupant.player)
            if member is not None:
                member.seat = None
                self.lobby.spectators[member.player] = member.name
                told.append((member.player, score_too_low_error(score, minimum)))
        events.append(self.lobby.snapshot())
        return self._broadcast(events) + told

    def _start_session(self, now: float) -> list[Outgoing]:
        rules = self.lobby.ruleset()
        scores = tuple(self._starting_scores())
        assert len(scores) == SEATS  # one per seat of the full lobby
        self.rules = rules
        self.session = Session(rules, self.rng.getrandbits(64), scores, self.deal_keys())
        self.autoplay = {s for s, o in enumerate(self.lobby.seats) if o is not None and o.bot}
        self.seat_identities = {
            m.seat: m.identity for m in self.members.values() if m.seat is not None
        }
        self.dropped = {}
        for member in self.members.values():
            if not member.connected and member.seat is not None:
                self.autoplay.add(member.seat)
        self.bots = {
            s: make_bot(self.seat_level(s), rules, self.rng.getrandbits(32)) for s in range(SEATS)
        }
        self.session_records = self._new_session_records(utc_now_text())
        log.info("table %r: session starts (%s)", self.name, rules.preset.name)
        deliveries = self.session.start()
        self._begin_journal()
        return self._share_sheet() + self._deliver(deliveries, now)

    def _begin_journal(self) -> None:
        """The session's journal: its setup and first hand, on disk before anyone hears."""
        if self.journals is None or self.session is None or self.lobby.options is None:
            return
        seated = {m.seat: m for m in self.members.values() if m.seat is not None}
        seats = tuple(
            SeatEntry(o.name, o.bot, level=o.level if o.bot else "")
            if o.bot or s not in seated
            else SeatEntry(o.name, False, seated[s].token, seated[s].identity)
            for s, o in enumerate(self.lobby.seats)
            if o is not None
        )
        assert len(seats) == SEATS
        owner = self.lobby.seat_of(self.lobby.owner) if self.lobby.owner is not None else None
        four_seats = (seats[0], seats[1], seats[2], seats[3])
        options, pace = self.lobby.options, self.lobby.bot_pace
        begun = session_begun(self.name, options, self.session, four_seats, owner, pace)
        self.journal = TableJournal.begin(self.journals, self.store.writer, begun)
        self.journal.after_step(hand_begun(self.session), self.session, [])

    def _step(self, seat: int, action: AnyAction) -> list[Delivery]:
        """`session.step`, journaled before its events go out."""
        assert self.session is not None
        deliveries = self.session.step(seat, action)
        if self.journal is not None:
            self.journal.after_step(Acted(seat, action), self.session, deliveries)
        return deliveries

    def _leave_after_hand(self, seat: int) -> list[Delivery]:
        assert self.session is not None
        deliveries = self.session.leave_after_hand(seat)
        if self.journal is not None:
            self.journal.after_step(Departed(seat), self.session, deliveries)
        return deliveries

    # --- delivering ----------------------------------------------------------------------

    def _broadcast(self, events: list[AnyEvent]) -> list[Outgoing]:
        out: list[Outgoing] = []
        for member in self.members.values():
            for event in events:
                member.seq += 1
                out.append((member.player, EventMessage(member.seq, event)))
        return out

    def _deliver(self, deliveries: list[Delivery], now: float) -> list[Outgoing]:
        out: list[Outgoing] = []
        touched: set[int] = set()
        for delivery in deliveries:
            for member in self.members.values():
                bit = SPECTATORS if member.seat is None else 1 << member.seat
                if delivery.audience & bit:
                    member.seq += 1
                    touched.add(member.player)
                    out.append((member.player, EventMessage(member.seq, delivery.event)))
        assert self.session is not None
        hand = self.session.hand
        if hand is not None and hand.ended and any(d.event is hand.result for d in deliveries):
            try:
                self._save_hand()  # queued for the disk writer: the result goes out now
            except Exception:  # nothing about saving may keep a hand's end from the players
                log.exception("could not queue hand %d's record and scores", hand.setup.hand_number)
            out += self._share_record()
            settle_after_first_hand()  # full collections kept out of the bots' decisions
        if any(isinstance(d.event, SessionEnded) for d in deliveries):
            self.last_sheet = score_sheet(self.lobby, self.session)  # the seats still named
            out += self._end_session()
            return out + self._share_sheet()
        if hand is not None and hand.ended and any(d.event is hand.result for d in deliveries):
            out += self._share_sheet()
        if any(isinstance(d.event, HandStarted) for d in deliveries):
            self._drops_run_out()
            self._open_contributions(now)
        return out + self._after_change(now, touched)

    def seat_level(self, seat: int) -> str:
        """The level of the computer player for a seat: the one seated there, or, for a
        person's seat (played for them if they drop), the table's."""
        occupant = self.lobby.seats[seat]
        return occupant.level if occupant is not None and occupant.bot else self.config.bot_level

    def _save_hand(self) -> None:
        assert self.session is not None and self.session.hand is not None
        args = (self.lobby, self.seat_identities, self.records, self.store, self.name)
        save_hand(self.session.hand, *args)

    def _new_session_records(self, started: str) -> SessionRecords:
        assert self.session is not None
        return SessionRecords(self.name, self.session.seed, self.lobby, started)

    def _share_record(self) -> list[Outgoing]:
        """The finished hand's record file for everyone at the table."""
        assert self.session is not None and self.session.hand is not None
        hand, members = self.session.hand, self.members.values()
        return share_record(self._records_now, hand, self.lobby, self.seat_identities, members)

    def _records_now(self) -> SessionRecords:
        if self.session_records is None:  # a session brought back from its journal
            self.session_records = self._new_session_records(utc_now_text())
        return self.session_records

    def score_sheet(self) -> ScoreSheet | None:
        """The running scoreboard: the session's in play, else the last session's (None
        before the table's first session ends)."""
        if self.session is None:
            return self.last_sheet
        return score_sheet(self.lobby, self.session)

    def sheet_for(self, player: int) -> list[Outgoing]:
        """The scoreboard for one player (after their snapshot), when there is one."""
        sheet = self.score_sheet()
        return [] if sheet is None else [(player, sheet)]

    def _share_sheet(self) -> list[Outgoing]:
        """The scoreboard for everyone connected at the table."""
        sheet = self.score_sheet()
        if sheet is None:
            return []
        return [(m.player, sheet) for m in self.members.values() if m.connected]

    def _end_session(self) -> list[Outgoing]:
        assert self.session is not None
        self.session_records = None
        leaving = sorted(self.session.leaving)
        gone = [s for s in self.autoplay if not self._bot_seat(s)]
        minimum = MIN_SCORE_BASES * self.session.rules.base
        self.bot_scores = {
            s: self.session.scores[s]
            for s in range(SEATS)
            if self._bot_seat(s) and self.session.scores[s] >= minimum
        }
        self.dropped = {}
        self.contributions = None
        if self.journal is not None:
            self.journal.finish(self.session.seed)  # after the last record was queued
            self.journal = None
        self.session = None
        self.waits.clear()
        self.bot_due.clear()
        self.held.clear()
        events = self.lobby.after_session(sorted(set(leaving) | set(gone)))
        for player in [p for p, m in self.members.items() if not m.connected]:
            del self.members[player]  # dropped and never back: free the name
        for member in self.members.values():
            member.seat = self.lobby.seat_of(member.player)
            if member.seat is None and member.player not in self.lobby.spectators:
                self.lobby.spectators[member.player] = member.name
            member.last_prompt = None
        events[-1] = self.lobby.snapshot()  # after_session ends with one; show the spectators
        return self._broadcast(events)

    def _bot_seat(self, seat: int) -> bool:
        occupant = self.lobby.seats[seat]
        return occupant is not None and occupant.bot

    # --- snapshots -----------------------------------------------------------------------

    def snapshot(self, member: Member, now: float | None = None) -> Snapshot:
        """What `member` may know now; with `now`, also the time left on the wait in
        progress (PROTOCOL.md §5 `snapshot.wait_left`)."""
        view = None
        result = None
        deal = None
        if self.session is not None and self.session.hand is not None:
            view = self.session.hand.view(member.seat)
            result = self.session.hand.result
            if self.session.hand.deal is not None:
                deal = self.session.hand.deal.committed()
            if member.seat is not None and self.session.phase is SessionPhase.BETWEEN_HANDS:
                legal = tuple(self.session.legal_actions(member.seat))
                view = structs.replace(view, legal=legal)
        wait_left = self._wait_left(now)
        return Snapshot(member.seq, self.lobby.snapshot(), view, result, wait_left, deal)

    def lobby_state(self) -> LobbyUpdated:
        return self.lobby.snapshot()

    def saved_scores(self) -> tuple[SavedScore, ...]:
        """What a closing host tells everyone was saved (server/room_scores.py)."""
        return saved_scores(self.lobby, self.members, self.session, self.store)
