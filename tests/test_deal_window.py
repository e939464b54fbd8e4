"""The host's wait for the contributions (PROTOCOL.md §15.2), on a Room alone: the dealer
is asked to roll only once every seat a person plays has contributed or the generous
deadline (server/limits.py `CONTRIBUTION_SECONDS`) has passed, and the roll names every
seat dealt the default; late, repeated, foreign and spectators' contributions are refused
with the reason; the journal keeps the contributions, so a restarted host deals the same
wall."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.deal_window import CONTRIBUTION_SECONDS, ContributionRefused
from server.journal import read_journal
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, RollDice, SetRules, StartGame
from shared.errors import IllegalAction
from shared.events import DealCommitted, DealRevealed, DiceRolled
from shared.protocol import EventMessage, Prompt
from shared.ruleset import TableOptions
from shared.shuffle import NO_CONTRIBUTION, derive_deal, hand_secret

OWNER, GUEST, WATCHER = 1, 2, 3
KEY = bytes([7] * 32)
A, B = "a1" * 32, "b2" * 32


def table(tmp_path: Path, journal: bool = False) -> Room:
    return started(tmp_path, journal)[0]


def started(tmp_path: Path, journal: bool = False) -> tuple[Room, list[tuple[int, object]]]:
    """Two people (seats 0, 1), two computer players, a session just started at time 0."""
    store = ScoreStore(tmp_path / "scores.json")
    room = Room(
        "Deal", "", store, RecordLog(tmp_path / "records"), RoomConfig(bot_delay=0.0),
        seed=3, journals=tmp_path / "journal" if journal else None, deal_keys=lambda: KEY,
    )
    room.join(OWNER, "Owner", False, 0.0, identity="id:deal-window-owner")
    room.join(GUEST, "Guest", False, 0.0, identity="id:deal-window-guest")
    room.join(WATCHER, "Watcher", True, 0.0, identity="id:deal-window-watcher")
    for seat in (2, 3):
        room.act(OWNER, AddBot(seat), 0.0)
    room.act(OWNER, SetRules(TableOptions(turn_seconds=0, claim_seconds=0)), 0.0)
    room.act(GUEST, AcceptRules(), 0.0)
    sent: list[tuple[int, object]] = list(room.act(OWNER, StartGame(), 0.0))
    return room, sent


def dealer_asked(room: Room, out: list[tuple[int, object]]) -> bool:
    """The dealer was asked to roll, or (a computer dealer) has its move due."""
    assert room.session is not None and room.session.hand is not None
    dealer = room.session.hand.setup.dealer
    if dealer in room.autoplay:
        return dealer in room.bot_due
    member = next(m for m in room.members.values() if m.seat == dealer)
    return any(p == member.player and isinstance(m, Prompt) and RollDice() in m.legal
               for p, m in out)


def test_the_dealer_rolls_once_every_person_has_contributed(tmp_path: Path) -> None:
    room, sent = started(tmp_path)
    commits = [m.event for p, m in sent if isinstance(m, EventMessage)
               and isinstance(m.event, DealCommitted)]
    assert len(commits) == 3  # both people and the spectator hear the commitment
    assert not dealer_asked(room, sent)
    assert room.next_wakeup() == pytest.approx(CONTRIBUTION_SECONDS)
    out = room.contribute(OWNER, 1, A, 0.1)
    assert not dealer_asked(room, out)
    out = room.contribute(GUEST, 1, B, 0.2)
    assert dealer_asked(room, out)
    assert room.session is not None and room.session.hand is not None
    assert room.session.hand.deal is not None
    assert room.session.hand.deal.used() == (bytes.fromhex(A), bytes.fromhex(B),
                                             NO_CONTRIBUTION, NO_CONTRIBUTION)


def test_a_silent_player_holds_the_table_until_the_deadline_at_most(tmp_path: Path) -> None:
    room = table(tmp_path)
    room.contribute(OWNER, 1, A, 0.1)
    assert room.session is not None and room.session.hand is not None
    hand = room.session.hand
    dealer_member = next((m for m in room.members.values() if m.seat == hand.setup.dealer), None)
    if dealer_member is not None:
        with pytest.raises(IllegalAction, match="contributions are still coming in"):
            room.act(dealer_member.player, RollDice(), 0.5)
    out = room.tick(CONTRIBUTION_SECONDS + 0.01)
    out += room.tick(CONTRIBUTION_SECONDS + 0.02)  # a computer dealer's roll, when due
    assert dealer_asked(room, out) or any(
        isinstance(m, EventMessage) and isinstance(m.event, DiceRolled) for _, m in out
    )
    with pytest.raises(ContributionRefused, match="too late"):
        room.contribute(GUEST, 1, B, CONTRIBUTION_SECONDS + 0.03)
    assert hand.deal is not None
    assert hand.deal.used()[1] == NO_CONTRIBUTION  # the documented default


def test_contributions_that_cannot_be_taken_are_refused_with_the_reason(tmp_path: Path) -> None:
    room = table(tmp_path)
    with pytest.raises(ContributionRefused, match="spectators"):
        room.contribute(WATCHER, 1, A, 0.1)
    with pytest.raises(ContributionRefused, match="hand 1, not 2"):
        room.contribute(OWNER, 2, A, 0.1)
    with pytest.raises(ContributionRefused, match="not at this table"):
        room.contribute(99, 1, A, 0.1)
    room.contribute(OWNER, 1, A, 0.1)
    with pytest.raises(ContributionRefused, match="already contributed"):
        room.contribute(OWNER, 1, B, 0.2)
    assert room.session is not None and room.session.hand is not None
    assert room.session.hand.deal is not None
    assert room.session.hand.deal.contributions[0] == bytes.fromhex(A)  # the first stands


def test_a_dropped_player_is_not_waited_for(tmp_path: Path) -> None:
    room = table(tmp_path)
    room.contribute(OWNER, 1, A, 0.1)
    out = room.lost(GUEST, 0.3)
    assert dealer_asked(room, out)


def test_the_journal_keeps_the_contributions(tmp_path: Path) -> None:
    room = table(tmp_path, journal=True)
    room.contribute(GUEST, 1, B, 0.1)
    room.contribute(OWNER, 1, A, 0.2)
    assert room.session is not None and room.session.hand is not None
    played = room.session.hand
    dealer = next((m for m in room.members.values() if m.seat == played.setup.dealer), None)
    if dealer is not None:
        room.act(dealer.player, RollDice(), 0.3)
    else:
        room.tick(0.3)  # the computer dealer rolls
    assert played.wall.head > 0  # dealt
    files = list((tmp_path / "journal").glob("*.jnl"))
    assert len(files) == 1
    again = read_journal(files[0]).session.hand
    assert again is not None and again.deal is not None
    assert again.deal.used()[:2] == (bytes.fromhex(A), bytes.fromhex(B))
    secret = hand_secret(KEY, 1)
    wall = derive_deal(secret, again.deal.used(), 1, False)[0]
    assert tuple(again.wall.tiles) == wall == tuple(played.wall.tiles)


def test_a_computer_player_does_not_roll_before_the_contributions(tmp_path: Path) -> None:
    room = table(tmp_path)
    assert room.session is not None and room.session.hand is not None
    hand = room.session.hand
    room.bot_due[hand.setup.dealer] = 0.05  # a computer player's move come due meanwhile
    out = room.tick(0.1)
    assert not any(isinstance(m, EventMessage) and isinstance(m.event, DiceRolled)
                   for _, m in out)
    assert hand.dice is None


def test_a_slow_player_is_waited_for_within_a_generous_deadline(tmp_path: Path) -> None:
    """A client busy a few seconds (a slow machine, a loaded Wi-Fi) still gets its part into
    the deal: its game would otherwise rightly say the deal did not take it."""
    room = table(tmp_path)
    room.contribute(OWNER, 1, A, 0.1)
    assert not dealer_asked(room, room.tick(4.0))
    out = room.contribute(GUEST, 1, B, 4.5)
    out += room.tick(4.6)  # a computer dealer's roll, when due
    assert dealer_asked(room, out) or any(
        isinstance(m, EventMessage) and isinstance(m.event, DiceRolled) for _, m in out)
    assert room.session is not None and room.session.hand is not None
    assert room.session.hand.deal is not None
    assert room.session.hand.deal.used()[1] == bytes.fromhex(B)


def _roll(room: Room, now: float) -> list[tuple[int, object]]:
    assert room.session is not None and room.session.hand is not None
    dealer = next((m for m in room.members.values()
                   if m.seat == room.session.hand.setup.dealer), None)
    out = list(room.tick(now))
    if dealer is not None:
        out += room.act(dealer.player, RollDice(), now)
    return out + list(room.tick(now + 0.01))


def test_a_seat_that_never_contributes_is_named(tmp_path: Path) -> None:
    """The roll and the reveal name the seats dealt the default: the silent person's and
    the computer players' (PROTOCOL.md §15.1), so nobody takes it for a full deal."""
    room = table(tmp_path)
    room.contribute(OWNER, 1, A, 0.1)
    out = _roll(room, CONTRIBUTION_SECONDS + 0.01)
    rolls = [m.event for _, m in out if isinstance(m, EventMessage)
             and isinstance(m.event, DiceRolled)]
    assert rolls and all(r.defaulted == (1, 2, 3) for r in rolls)
    assert room.session is not None and room.session.hand is not None
    assert room.session.hand.deal is not None
    revealed = room.session.hand.deal.revealed()
    assert isinstance(revealed, DealRevealed) and revealed.defaulted == (1, 2, 3)
    assert [revealed.contributions[s] for s in (1, 2, 3)] == [NO_CONTRIBUTION.hex()] * 3


def test_a_full_deal_names_the_computer_players_alone(tmp_path: Path) -> None:
    room = table(tmp_path)
    room.contribute(OWNER, 1, A, 0.1)
    room.contribute(GUEST, 1, B, 0.2)
    out = _roll(room, 0.3)
    rolls = [m.event for _, m in out if isinstance(m, EventMessage)
             and isinstance(m.event, DiceRolled)]
    assert rolls and all(r.defaulted == (2, 3) for r in rolls)
