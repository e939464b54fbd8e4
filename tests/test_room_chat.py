"""Quick chat (快捷语): a phrase reaches everyone at the table, a few seconds apart at most."""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest

from server.room import PHRASE_SECONDS, Room
from server.store import RecordLog, ScoreStore
from shared.errors import IllegalAction, ProtocolError
from shared.events import PhraseSaid
from shared.protocol import PHRASES, EventMessage, Say, decode_client, encode

ID = {n: f"id:player-{n}-of-the-chat" for n in (1, 2, 3)}
"""Each player's identity on the host (what scores are kept by)."""


@pytest.fixture
def room(tmp_path: Path) -> Room:
    return Room("T", "", ScoreStore(tmp_path / "scores.json"), RecordLog(tmp_path / "records"))


def test_a_phrase_reaches_every_member_including_spectators(room: Room) -> None:
    room.join(1, "Ah Ming", spectate=False, now=0.0, identity=ID[1])
    room.join(2, "Ah Fong", spectate=False, now=0.0, identity=ID[2])
    room.join(3, "Watcher", spectate=True, now=0.0, identity=ID[3])
    out = room.say(1, PHRASES.index("hurry"), now=10.0)
    received = {player: m.event for player, m in out if isinstance(m, EventMessage)}
    assert received == {p: PhraseSaid("Ah Ming", 0, PHRASES.index("hurry")) for p in (1, 2, 3)}


def test_phrases_are_a_few_seconds_apart(room: Room) -> None:
    room.join(1, "Ah Ming", spectate=False, now=0.0, identity=ID[1])
    room.say(1, 0, now=10.0)
    with pytest.raises(IllegalAction, match="one phrase every"):
        room.say(1, 1, now=10.0 + PHRASE_SECONDS / 2)
    room.say(1, 1, now=10.0 + PHRASE_SECONDS)


def test_only_listed_phrases_travel() -> None:
    frame = encode(Say(len(PHRASES) - 1))
    assert msgpack.unpackb(frame) == {"type": "say", "phrase": len(PHRASES) - 1}
    with pytest.raises(ProtocolError):
        decode_client(msgpack.packb({"type": "say", "phrase": len(PHRASES)}))
    with pytest.raises(ProtocolError):
        decode_client(msgpack.packb({"type": "say", "phrase": "快啲啦"}))


def test_a_stranger_cannot_speak(room: Room) -> None:
    with pytest.raises(IllegalAction):
        room.say(99, 0, now=1.0)
