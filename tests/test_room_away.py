"""What the others are told when a player drops mid-session and comes back, and what a
closing host says was saved, on a Room alone.

PROTOCOL.md §10.5: mid-session a dropped player's seat is played by a computer player
until they come back; everyone at the table must be able to see that (the seat is `away`
in `lobby_updated`), and see it end when they return. PROTOCOL.md §10.9: a closing host's
`table_closed` carries each seat's saved score.
"""

from __future__ import annotations

from pathlib import Path

from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, SetRules, StartGame
from shared.events import LobbyUpdated
from shared.protocol import EventMessage, SavedScore, Snapshot
from shared.ruleset import TableOptions

OWNER, GUEST, WATCHER = 1, 2, 3
NAMES = {OWNER: "强哥", GUEST: "Bea", WATCHER: "Cat"}
IDENTITY = {p: f"id:room-away-test-player-{p}" for p in NAMES}
"""Who each player is to the host (scores are kept by identity, server/identity.py)."""
STARTING = 1000
"""A fresh computer player's score at the default base of 1 (RULES.md §7: `starting_score`
is 1000 × base)."""


def saved_store(tmp_path: Path, saved: dict[int, int] | None = None) -> ScoreStore:
    """A scores file holding these players' (by player number) saved scores."""
    store = ScoreStore(tmp_path / "scores.json")
    if saved:
        store.update({IDENTITY[p]: (NAMES[p], score) for p, score in saved.items()})
    return store


def join(room: Room, player: int, spectate: bool = False, name: str = "") -> None:
    room.join(player, name or NAMES[player], spectate, 0.0, identity=IDENTITY[player])


def started_room(tmp_path: Path, saved: dict[int, int] | None = None) -> Room:
    store = saved_store(tmp_path, saved)
    room = Room("T", "", store, RecordLog(tmp_path / "records"), RoomConfig(bot_delay=0.0))
    join(room, OWNER)
    join(room, GUEST)
    for seat in (2, 3):
        room.act(OWNER, AddBot(seat), 0.0)
    room.act(OWNER, SetRules(TableOptions(turn_seconds=0, claim_seconds=0)), 0.0)
    room.act(GUEST, AcceptRules(), 0.0)
    room.act(OWNER, StartGame(), 0.0)
    join(room, WATCHER, spectate=True)
    return room


def lobbies_to(out: list[tuple[int, object]], player: int) -> list[LobbyUpdated]:
    return [
        m.event
        for p, m in out
        if p == player and isinstance(m, EventMessage) and isinstance(m.event, LobbyUpdated)
    ]


def test_a_dropped_player_is_shown_away_to_everyone_until_back(tmp_path: Path) -> None:
    room = started_room(tmp_path)
    out = room.lost(GUEST, 1.0)
    for player in (OWNER, WATCHER):
        seen = lobbies_to(out, player)
        assert seen, f"player {player} is told"
        seat = seen[-1].seats[1]
        assert seat is not None and seat.name == "Bea" and seat.away and not seat.bot
    owner_seat = lobbies_to(out, OWNER)[-1].seats[0]
    assert owner_seat is not None and not owner_seat.away

    member = room.members[GUEST]
    out = room.resume(member, 9, 2.0)
    for player in (OWNER, WATCHER):
        seen = lobbies_to(out, player)
        assert seen and seen[-1].seats[1] is not None and not seen[-1].seats[1].away
    # The player back is told by their snapshot, whose lobby already shows them back; no
    # lobby update follows it with a number the snapshot has counted already.
    assert not lobbies_to(out, 9)
    (snapshot,) = [m for p, m in out if p == 9 and isinstance(m, Snapshot)]
    back = snapshot.lobby.seats[1]
    assert back is not None and back.name == "Bea" and not back.away
    numbered = [m.seq for p, m in out if p == 9 and isinstance(m, EventMessage)]
    assert all(seq > snapshot.seq for seq in numbered)


def test_a_drop_in_the_lobby_is_a_leave_not_an_away_seat(tmp_path: Path) -> None:
    store = ScoreStore(tmp_path / "scores.json")
    room = Room("T", "", store, RecordLog(tmp_path / "records"), RoomConfig(bot_delay=0.0))
    join(room, OWNER)
    join(room, GUEST)
    out = room.lost(GUEST, 1.0)
    seen = lobbies_to(out, OWNER)
    assert seen and seen[-1].seats[1] is None


def test_the_saved_scores_mid_session_are_the_scores_the_hand_started_with(
    tmp_path: Path,
) -> None:
    room = started_room(tmp_path, {OWNER: 1200, GUEST: 850})
    assert room.session is not None and room.session.hand is not None
    assert room.saved_scores() == (
        SavedScore("强哥", 1200),
        SavedScore("Bea", 850),
        SavedScore("阿强", STARTING, True),  # computer players by seat (阿明 阿珍 阿强 阿芬)
        SavedScore("阿芬", STARTING, True),
    )


def test_the_saved_scores_in_the_lobby_are_those_on_disk(tmp_path: Path) -> None:
    store = saved_store(tmp_path, {GUEST: 640})
    room = Room("T", "", store, RecordLog(tmp_path / "records"), RoomConfig(bot_delay=0.0))
    join(room, OWNER, name="New player")
    join(room, GUEST)
    room.act(OWNER, AddBot(2), 0.0)
    assert room.saved_scores() == (SavedScore("Bea", 640),)
