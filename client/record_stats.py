"""Statistics of a player from the kept hand records (client/record_store.py's index).

A player is who the records say sat there: a person's identity fingerprint (RECORDS.md
`seats[].identity`), never the typed name, which anyone may type; they are named with the
name of their latest session. The game's own player is every fingerprint of this install
(its key for encrypted hosts, its client id for insecure ones), listed first.

Only hands a player sat at count (a watched session is in the History, not in their
figures). The score over time is the points won and lost added up hand after hand, oldest
first: each host keeps its own scores, so a sum of changes is what compares across hosts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from client.net import client_id, client_keys
from client.record_store import SessionLine
from shared.records import identity_fingerprint


@dataclass(frozen=True)
class Player:
    fingerprints: frozenset[str]
    name: str
    own: bool = False


@dataclass
class PlayerStats:
    sessions: int = 0
    hands: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    fan_total: int = 0
    patterns: Counter[str] = field(default_factory=Counter)
    points: list[int] = field(default_factory=list)
    """The running sum of the player's points after each of their hands, oldest first."""
    session_starts: list[int] = field(default_factory=list)
    """The index in `points` of each session's first hand (where the chart marks one)."""

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.hands if self.hands else None

    @property
    def self_drawn_share(self) -> float | None:
        """Of the wins, how many were self-drawn (自摸)."""
        return self.self_drawn / self.wins if self.wins else None

    @property
    def deal_in_rate(self) -> float | None:
        """Of the hands, how many the player paid as the discarder (放炮) or the robbed kong."""
        return self.deal_ins / self.hands if self.hands else None

    @property
    def average_fan(self) -> float | None:
        return self.fan_total / self.wins if self.wins else None


def seat_of(session: SessionLine, fingerprints: frozenset[str]) -> int | None:
    """The seat the player sat at in a session, or None (not there, or watching)."""
    for seat, record_seat in enumerate(session.seats):
        if record_seat.kind == "human" and record_seat.identity in fingerprints:
            return seat
    return None


def players(sessions: Iterable[SessionLine], own: frozenset[str], own_name: str) -> list[Player]:
    """Everyone who sat at a kept session: this install's player first (named as in
    their latest session too, else `own_name`), then the others by how many sessions they
    sat at, each named as in their latest session."""
    latest: dict[str, tuple[str, str]] = {}
    count: Counter[str] = Counter()
    mine = ("", own_name)
    for session in sessions:
        for record_seat in session.seats:
            fingerprint = record_seat.identity
            if record_seat.kind != "human" or not fingerprint:
                continue
            if fingerprint in own:
                if session.session.started >= mine[0]:
                    mine = (session.session.started, record_seat.name)
                continue
            count[fingerprint] += 1
            started = session.session.started
            if fingerprint not in latest or started >= latest[fingerprint][0]:
                latest[fingerprint] = (started, record_seat.name)
    others = sorted(count, key=lambda f: (-count[f], latest[f][1].casefold(), f))
    return [Player(own, mine[1], own=True)] + [
        Player(frozenset({f}), latest[f][1]) for f in others
    ]


def statistics(
    sessions: Sequence[SessionLine], fingerprints: frozenset[str], last: int | None = None
) -> PlayerStats:
    """The player's figures over their `last` sessions (None: all of them)."""
    theirs = [
        (s, seat) for s in sessions if (seat := seat_of(s, fingerprints)) is not None and s.hands
    ]
    theirs.sort(key=lambda pair: pair[0].session.started)
    if last is not None:
        theirs = theirs[-last:] if last > 0 else []
    stats = PlayerStats()
    running = 0
    for session, seat in theirs:
        stats.sessions += 1
        stats.session_starts.append(len(stats.points))
        for hand in session.hands:
            stats.hands += 1
            win = next((w for w in hand.winners if w.seat == seat), None)
            if win is not None:
                stats.wins += 1
                stats.fan_total += win.fan
                stats.self_drawn += hand.kind == "self_drawn"
                stats.patterns.update(win.patterns)
            elif hand.loser == seat and hand.kind in ("discard", "robbing_kong"):
                stats.deal_ins += 1
            running += hand.deltas[seat] if seat < len(hand.deltas) else 0
            stats.points.append(running)
    return stats


def own_fingerprints(config_dir: Path) -> frozenset[str]:
    """This install's fingerprints: its key (encrypted hosts) and its client id (insecure
    ones), as a host names them in records (shared/records.py identity_fingerprint)."""
    public, _secret = client_keys(config_dir)
    return frozenset(
        {
            identity_fingerprint(f"key:{public.decode('ascii')}"),
            identity_fingerprint(f"id:{client_id(config_dir)}"),
        }
    )


def own_player(config_dir: Path, name: str) -> Player:
    """This install's player, named `name` (the settings' player name)."""
    return Player(own_fingerprints(config_dir), name, own=True)
