"""The lobby of one table (RULES.md §2): seats, the owner, the base score, bots, spectators.

Players are known by an id the host gives each connection. The first to sit at an empty
table owns it and sets the base score and options; every other seated player accepts or
declines (and leaves). If the owner leaves, the setting passes to another seated player
chosen at random (from the lobby's seed) and must be set and accepted again.

A table hosted from a player's own game is theirs: the lobby is given their identity
(`reserved_owner`), no one else becomes owner before they sit, and they are owner whenever
they sit, so a guest who reconnects first to a restarted table cannot take it.

A newcomer sits in the first free seat; any seated player may then move to another free
seat (`TakeSeat`): who sits beside whom is the friends' choice, not who deals first (the
session draws the first dealer, §2). The owner also sets the computer players' pace
(`SetBotPace`), not a rule, so nobody accepts it anew.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from server.engine.bot_names import DEFAULT_TABLE_LANGUAGE, bot_names
from shared.actions import (
    AcceptRules,
    AddBot,
    AnyAction,
    BotPace,
    DeclineRules,
    JoinTable,
    LeaveTable,
    LobbyAction,
    RemoveBot,
    SetBotPace,
    SetRules,
    StartGame,
    TakeSeat,
)
from shared.errors import IllegalAction
from shared.events import AnyEvent, LobbySeat, LobbyUpdated, PlayerLeft
from shared.ruleset import Ruleset, TableOptions, make_ruleset

SEATS = 4


@dataclass(slots=True)
class Occupant:
    player: int | None
    """The player's id; None for a computer player."""
    name: str
    accepted: bool = False
    away: bool = False
    """Dropped mid-session, a computer player playing for them (the room sets it)."""
    level: str = "normal"
    """A computer player's level (server/engine/bots LEVELS); a person's is unused."""

    @property
    def bot(self) -> bool:
        return self.player is None


class Lobby:
    """Who sits where and on what rules, until a session starts."""

    def __init__(
        self,
        seed: int,
        reserved_owner: str = "",
        bot_pace: BotPace = "quick",
        language: str = DEFAULT_TABLE_LANGUAGE,
    ) -> None:
        self.rng = random.Random(seed)
        self.reserved_owner = reserved_owner
        """The identity (server/identity.py) of the player whose game hosts the table: its
        owner whenever they sit; "" (gdmj-host): the first to sit."""
        self.bot_names = bot_names(language)
        """The computer players' names, seat by seat, in the table's language (RoomConfig):
        the one name every game at the table shows."""
        self.seats: list[Occupant | None] = [None] * SEATS
        self.spectators: dict[int, str] = {}
        self.owner: int | None = None
        self.options: TableOptions | None = None
        self.suggest_allowed = True
        """出牌建议 allowed at this table (the host's setting, RoomConfig.allow_suggest)."""
        self.bot_pace: BotPace = bot_pace
        """The computer players' pace: the host's default (RoomConfig.bot_pace) until the
        owner sets another."""

    # --- queries -----------------------------------------------------------------------

    def seat_of(self, player: int) -> int | None:
        return next(
            (s for s, o in enumerate(self.seats) if o is not None and o.player == player), None
        )

    def names(self) -> set[str]:
        return {o.name for o in self.seats if o is not None} | set(self.spectators.values())

    @property
    def can_start(self) -> bool:
        return (
            self.options is not None
            and all(o is not None for o in self.seats)
            and all(o.accepted for o in self.seats if o is not None)
        )

    def ruleset(self) -> Ruleset:
        if self.options is None:
            raise IllegalAction("the base score and options are not set yet")
        return make_ruleset(self.options)

    def snapshot(self) -> LobbyUpdated:
        seats = tuple(
            None
            if o is None
            else LobbySeat(
                o.name,
                o.bot,
                o.accepted,
                o.player is not None and o.player == self.owner,
                o.away,
                o.level if o.bot else "",
            )
            for o in self.seats
        )
        return LobbyUpdated(
            seats=(seats[0], seats[1], seats[2], seats[3]),
            spectators=tuple(self.spectators.values()),
            options=self.options,
            can_start=self.can_start,
            suggest_allowed=self.suggest_allowed,
            bot_pace=self.bot_pace,
        )

    # --- actions -----------------------------------------------------------------------

    def step(self, player: int, action: LobbyAction | AnyAction) -> list[AnyEvent]:
        """Apply one lobby action; raise IllegalAction (nothing changes) if not allowed, or
        if `action` is a game action."""
        out: list[AnyEvent] = []
        if isinstance(action, JoinTable):
            self._join(player, action.name, "")
        elif isinstance(action, LeaveTable):
            out += self._leave(player, "left")
        elif isinstance(action, SetRules):
            self._set_rules(player, action.options)
        elif isinstance(action, AcceptRules):
            self._accept(player)
        elif isinstance(action, DeclineRules):
            self._seated(player, "decline")
            if self.options is None:
                raise IllegalAction("there is nothing to decline yet")
            out += self._leave(player, "declined")
        elif isinstance(action, AddBot):
            self._owner_only(player, "add a computer player")
            there = self.seats[action.seat]
            if there is not None and not there.bot:
                raise IllegalAction(f"seat {action.seat} is taken")
            if there is not None:  # a computer player already: it plays at the new level
                there.level = action.level
            else:
                self.seats[action.seat] = Occupant(
                    None, self._bot_name(action.seat), accepted=True, level=action.level
                )
        elif isinstance(action, RemoveBot):
            self._owner_only(player, "remove a computer player")
            occupant = self.seats[action.seat]
            if occupant is None or not occupant.bot:
                raise IllegalAction(f"no computer player sits in seat {action.seat}")
            self.seats[action.seat] = None
        elif isinstance(action, TakeSeat):
            self._take_seat(player, action.seat)
        elif isinstance(action, SetBotPace):
            self._owner_only(player, "set the computer players' pace")
            self.bot_pace = action.pace
        elif isinstance(action, StartGame):
            self._owner_only(player, "start the game")
            if not self.can_start:
                raise IllegalAction(
                    "the game starts when four seats are filled and everyone accepted the base"
                )
        else:
            raise IllegalAction(f"not a lobby action: {action!r}")
        out.append(self.snapshot())
        return out

    def join(self, player: int, name: str, identity: str) -> list[AnyEvent]:
        """A player who is `identity` on this host sits (or watches, the seats full)."""
        self._join(player, name, identity)
        return [self.snapshot()]

    def _join(self, player: int, name: str, identity: str) -> None:
        name = name.strip()
        if not name:
            raise IllegalAction("a player needs a name")
        if self.seat_of(player) is not None or player in self.spectators:
            raise IllegalAction("already at this table")
        if name in self.names():
            raise IllegalAction(f"the name {name!r} is already at this table")
        free = next((s for s, o in enumerate(self.seats) if o is None), None)
        if free is None:
            self.spectators[player] = name
            return
        if self.reserved_owner:
            if identity == self.reserved_owner:
                if self.owner is not None:  # back after leaving: the table is theirs again
                    self._reset_rules()
                self.owner = player
        elif all(o is None or o.bot for o in self.seats) and self.owner is None:
            self.owner = player
        self.seats[free] = Occupant(player, name)

    def _take_seat(self, player: int, seat: int) -> None:
        """Move a seated player to the free `seat`; they keep their name, their acceptance
        and (if theirs) the ownership. Refused for a taken or unknown seat."""
        here = self._seated(player, "change seats")
        if not 0 <= seat < SEATS:
            raise IllegalAction(f"there is no seat {seat} (seats are 0 to {SEATS - 1})")
        if seat == here:
            raise IllegalAction(f"already in seat {seat}")
        if self.seats[seat] is not None:
            raise IllegalAction(f"seat {seat} is taken")
        self.seats[seat], self.seats[here] = self.seats[here], None

    def _leave(self, player: int, reason: str) -> list[AnyEvent]:
        if player in self.spectators:
            name = self.spectators.pop(player)
            return [PlayerLeft(name, reason)]
        seat = self._seated(player, "leave")
        occupant = self.seats[seat]
        assert occupant is not None
        self.seats[seat] = None
        if player == self.owner:
            self.owner = None
            self._reset_rules()  # only the owner's leaving resets the base (§2)
            humans = [o.player for o in self.seats if o is not None and not o.bot]
            if humans:
                self.owner = self.rng.choice(humans)
        return [PlayerLeft(occupant.name, reason)]

    def _reset_rules(self) -> None:
        """A new owner sets the base anew; everyone seated accepts it anew."""
        self.options = None
        for other in self.seats:
            if other is not None and not other.bot:
                other.accepted = False

    def _set_rules(self, player: int, options: TableOptions) -> None:
        self._owner_only(player, "set the base score")
        if self.options is not None:
            raise IllegalAction("the base score is set; it changes only if the owner leaves")
        make_ruleset(options)  # validates the preset and every option
        self.options = options
        for occupant in self.seats:
            if occupant is not None:
                occupant.accepted = occupant.bot or occupant.player == player

    def _accept(self, player: int) -> None:
        seat = self._seated(player, "accept")
        if self.options is None:
            raise IllegalAction("the owner has not set the base score yet")
        occupant = self.seats[seat]
        assert occupant is not None
        occupant.accepted = True

    def _seated(self, player: int, what: str) -> int:
        seat = self.seat_of(player)
        if seat is None:
            raise IllegalAction(f"only a seated player may {what}")
        return seat

    def _bot_name(self, seat: int) -> str:
        """The name of a computer player sitting in `seat` (empty now): the seat's, or the
        first of the four another occupant does not hold (a person may be called 阿强 too;
        with at most three others, one of the four is always free)."""
        taken = self.names()
        names = (self.bot_names[seat], *self.bot_names)
        return next(name for name in names if name not in taken)

    def _owner_only(self, player: int, what: str) -> None:
        if player != self.owner:
            raise IllegalAction(f"only the table owner may {what}")

    def after_session(self, leaving_seats: list[int]) -> list[AnyEvent]:
        """Seats emptied after a session (a player left, dropped for good or scored too low;
        a computer player only for a score too low)."""
        out: list[AnyEvent] = []
        for seat in leaving_seats:
            occupant = self.seats[seat]
            if occupant is None:
                continue
            if occupant.player is None:  # a computer player (`Occupant.bot`)
                # A computer player under the minimum leaves like anyone else; the owner
                # asked for a computer player in this seat, so a fresh one takes it.
                out.append(PlayerLeft(occupant.name, "left"))
                self.seats[seat] = None
                self.seats[seat] = Occupant(
                    None, self._bot_name(seat), accepted=True, level=occupant.level
                )
                continue
            out += self._leave(occupant.player, "left")
        out.append(self.snapshot())
        return out
