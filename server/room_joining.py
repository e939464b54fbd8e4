"""Who may join a table, and as whom: a table's members and the rules for their names.

A name belongs to one identity (server/README.md "Players and scores"): one at this table,
one on this host (its saved score carries it), or a score from before players had keys,
claimed once. A hello with a resume token, or from a player who dropped, takes over its
member instead of joining anew.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from server.engine.lobby import Lobby
from server.store import ScoreStore
from shared.errors import IllegalAction
from shared.names import look_alike_letters, name_key


class NameTaken(IllegalAction):
    """A join under a name that is another player's (at the table or on this host)."""


class AlreadyHere(IllegalAction):
    """A join by a player who is at the table already, on another connection."""


@dataclass
class Member:
    """A player (or spectator) at this table, connected or not."""

    player: int
    name: str
    token: str
    identity: str
    """Who the player is on this host (server/identity.py `Identity`): what scores are kept by."""
    seat: int | None = None
    connected: bool = True
    seq: int = 0
    last_prompt: tuple[object, ...] | None = None
    last_said: float = float("-inf")


def member_by_token(members: Iterable[Member], token: str) -> Member | None:
    return next((m for m in members if token and m.token == token), None)


def returning(members: Iterable[Member], token: str, identity: str) -> Member | None:
    """The member a hello takes over: the one its resume token names, if the same player
    sends it (a token is no use to anyone else), else this player's own member while
    it is away (dropped mid-session: its seat back without the token)."""
    members = list(members)
    member = member_by_token(members, token)
    if member is not None and member.identity == identity:
        return member
    return next((m for m in members if m.identity == identity and not m.connected), None)


def _looks(name: str, taken: str) -> str:
    """What makes `name` look like `taken` beyond case and width, for the reason: the
    look-alike letters either has (both look the same on screen, so the reason names them)."""
    letters = look_alike_letters(name) or look_alike_letters(taken)
    return f"; look-alike letters: {letters}" if letters else ""


def check_joining(
    members: Iterable[Member], lobby: Lobby, store: ScoreStore, name: str, identity: str
) -> None:
    """Raise AlreadyHere for an identity already at the table, NameTaken for a name that
    is another player's; return for a join that may go ahead."""
    if any(m.identity == identity for m in members):
        raise AlreadyHere(
            "you are at this table already, on another connection (the same key or "
            "client id); close that one first"
        )
    key = name_key(name)
    taken = next((n for n in lobby.names() if name_key(n) == key), None)
    if taken is not None:
        same = "" if taken == name else f" (as {taken!r}{_looks(name, taken)})"
        raise NameTaken(
            f"the name {name!r} is already at this table{same}: it belongs to another "
            "player; choose another"
        )
    holder = store.holder(name)
    if holder is not None and holder != identity:
        raise NameTaken(f"the name {name!r} belongs to another player on this host; choose another")
    if store.unclaimed_name(name) is not None and store.known(identity):
        # Someone's score from before players had keys: the first newcomer under the
        # name claims it; a player who has a score here already cannot take a second.
        raise NameTaken(
            f"the name {name!r} belongs to another player on this host (a score kept "
            "from an older version); choose another"
        )
