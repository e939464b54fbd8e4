"""Every finished hand's record reaches the players (PROTOCOL.md §5 `hand_record`): only
after the hand's `hand_ended`, to every seat and watcher, the session's records again to a
player who comes back; through a real host into the game's store."""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from client.record_store import RecordStore, keep_received
from server.records import replay, replayed_result
from shared.events import HandEnded
from shared.protocol import EventMessage, HandRecordMessage, decode_host, encode
from shared.records import decode_record_file, encode_record_file
from shared.verification import verify_record
from tests.support.net import (
    FAST_OPTIONS,
    close_all,
    hand_results,
    make_player,
    make_players,
    play_session,
    pump,
    settle,
    setup_table,
)
from tests.support.room import GUEST, IDENTITY, OWNER, Table


def _fingerprint(identity: str) -> str:
    return hashlib.sha256(identity.encode()).hexdigest()[:16]


def _in_order(sent: list[tuple[int, object]], player: int) -> list[object]:
    return [m for p, m in sent if p == player]


def test_a_hands_record_follows_its_result_and_never_comes_before(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.play_until_hands(2)
    for player in (OWNER, GUEST):
        ended: list[HandEnded] = []
        records = []
        for message in _in_order(table.sent, player):
            if isinstance(message, EventMessage) and isinstance(message.event, HandEnded):
                ended.append(message.event)
            elif isinstance(message, HandRecordMessage):
                # The n-th record comes after the n-th result, never before: nothing of a
                # hand in play (the wall, the hands) is in a message sooner.
                assert len(ended) == len(records) + 1
                assert message.record.record.result == ended[-1]
                records.append(message.record)
        assert len(records) == len(ended) >= 2
        first = records[0]
        assert [r.record.hand_number for r in records] == list(range(1, len(records) + 1))
        assert first.session.table == "T"
        assert first.session.host == "Ah Keung"  # the owner: who sat first
        assert first.session.started.endswith("Z") and first.session.started[10] == "T"
        assert len({r.session.session_id for r in records}) == 1
        names = [(s.name, s.kind, s.identity) for s in first.seats[:2]]
        assert names == [
            ("Ah Keung", "human", _fingerprint("id:ah-keung-install-1")),
            ("Ah Zan", "human", _fingerprint("id:ah-zan-install-2")),
        ]
        assert all(s.kind == "bot" and s.level and not s.identity for s in first.seats[2:])
        # The file travels and replays as it is.
        data = encode(HandRecordMessage(first))
        back = decode_host(data)
        assert isinstance(back, HandRecordMessage) and back.record == first
        assert decode_record_file(encode_record_file(first)) == first
        assert replay(first.record).result == first.record.result
    # The client id itself (on an insecure host, what lets one play as that player) is in
    # no record: only its fingerprint.
    assert IDENTITY[GUEST] not in encode_record_file(records[0]).decode()


def test_a_player_who_comes_back_gets_the_sessions_records_again(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.play_until_hands(2)
    hands = len(table.results())
    member = table.room.members[GUEST]
    table.out(table.room.lost(GUEST, table.now))
    back = table.room.resume(member, 9, table.now)
    records = [m.record for p, m in back if p == 9 and isinstance(m, HandRecordMessage)]
    assert [r.record.hand_number for r in records] == list(range(1, hands + 1))


def test_records_reach_seats_and_watchers_through_a_real_host_into_the_store(
    net_host: Any, tmp_path: Path
) -> None:
    host = net_host("Records", bots=2)
    players = make_players(host.address, ["Ann", "Bea"])
    watcher = make_player(host.address, "Watcher", spectate=True)
    everyone = [*players, watcher]
    try:
        pump(everyone, lambda: watcher.conn.welcome is not None, 10, what="the watcher joins")
        setup_table(players, FAST_OPTIONS)
        play_session(players, each=lambda: watcher.poll(1))
        settle(everyone, 0.3)
        for person in everyone:
            results = hand_results(person)
            records = person.conn.hand_records
            assert [r.record.result for r in records] == results, person.conn.name
            people = {s.name for s in records[0].seats if s.kind == "human" and s.identity}
            assert people == {"Ann", "Bea"}, records[0].seats
            # Each file keeps what this player saw of its deal, and it checks out.
            for record in records:
                own = record.verification
                assert own is not None, (person.conn.name, record.record.hand_number)
                assert own.hand_number == record.record.hand_number
                assert person.conn.welcome is not None
                assert own.seat == person.conn.welcome.seat and own.problems == ()
                assert own.contributed or own.seat is None  # a spectator sends none
                assert verify_record(record, replayed_result).status == "verified"
        # The game keeps what its connection received, one file a hand, in its session.
        app = SimpleNamespace(
            table=watcher.conn.model, data_dir=tmp_path / "game", notice=None
        )
        keep_received(app)  # type: ignore[arg-type]
        assert watcher.conn.hand_records == []
        sessions = RecordStore(tmp_path / "game" / "history").sessions()
        assert len(sessions) == 1
        assert sessions[0].session.table == "Records"
        assert [h.hand_number for h in sessions[0].hands] == list(
            range(1, len(hand_results(watcher)) + 1)
        )
        assert sessions[0].final_scores == hand_results(watcher)[-1].scores
        kept = RecordStore(tmp_path / "game" / "history").hands(sessions[0].key)
        assert all(h.record_file is not None for h in kept)
        assert app.notice is None
    finally:
        close_all(everyone)


def test_records_carry_the_games_version() -> None:
    from client.main import VERSION as GAME
    from shared.version import VERSION as WRITTEN

    assert WRITTEN == GAME
