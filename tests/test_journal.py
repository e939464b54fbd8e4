"""The table journal (server/journal.py) and the restart from it (server/restore.py), on a
Room alone: every expectation is the table as it was before (the live Room that wrote the
journal), never what the journal code computes.
"""

from __future__ import annotations

import logging
import shutil
import threading
from pathlib import Path

import msgspec
import pytest

from server.disk_writer import DiskWriter
from server.engine.session import SessionPhase
from server.journal import Acted, Returned, journal_name, read_journal
from server.records import decoder as record_decoder
from server.restore import RESTART_GRACE_SECONDS, restore_tables
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import ContinueGame
from tests.support.room import GUEST, IDENTITY, OWNER, Table

TABLE = "T"
"""The name test_leaving.Table gives its room."""


def journal_file(folder: Path) -> Path:
    return folder / journal_name(TABLE)


def entries(path: Path) -> list[dict[str, object]]:
    """The journal's entries as JSON objects, without the chain member each line carries."""
    decoder = msgspec.json.Decoder(dict[str, object])
    lines = [decoder.decode(line) for line in path.read_bytes().splitlines()]
    return [{k: v for k, v in line.items() if k != "chain"} for line in lines]


def restore(folder: Path, data: Path, now: float = 0.0) -> tuple[list[Room], ScoreStore]:
    """What a host starting on `data` (scores, records) with journal folder `folder` does."""
    store = ScoreStore(data / "scores.json")
    records = RecordLog(data / "records", store.writer)

    def make_room(name: str) -> Room:
        return Room(name, "", store, records, RoomConfig(bot_delay=0.0), journals=folder)

    rooms, next_player = restore_tables(folder, store, records, make_room, 100, now)
    assert next_player == 100 + sum(1 for r in rooms for m in r.members.values())
    return rooms, store


def into_hand_two(tmp_path: Path, moves: int = 40) -> Table:
    """Hand 1 played out, both people continue, `moves` moves into hand 2."""
    table = Table(tmp_path, journals=tmp_path / "journal")
    table.play_until_hands(1)
    table.act(OWNER, ContinueGame())
    table.act(GUEST, ContinueGame())
    for _ in range(moves):
        table.step()
    session = table.room.session
    assert session is not None and session.phase is SessionPhase.PLAYING
    assert session.hand_number == 2 and session.hand is not None and not session.hand.ended
    return table


def test_a_restored_table_is_the_table_as_it_was(tmp_path: Path) -> None:
    table = into_hand_two(tmp_path)
    was = table.room
    assert was.session is not None and was.session.hand is not None
    rooms, _ = restore(tmp_path / "journal", tmp_path / "after")
    assert [r.name for r in rooms] == [TABLE]
    room = rooms[0]
    session, old = room.session, was.session
    assert session is not None and session.hand is not None
    hand, old_hand = session.hand, old.hand
    assert old_hand is not None
    # Every tile where it was: each seat's view, the spectators', the wall in order.
    for seat in (0, 1, 2, 3, None):
        assert hand.view(seat) == old_hand.view(seat), seat
    assert hand.wall.remaining() == old_hand.wall.remaining()
    assert hand.log == old_hand.log and session.log == old.log
    assert (session.scores, session.dealer, session.prevailing_wind, session.hand_seeds) == (
        old.scores,
        old.dealer,
        old.prevailing_wind,
        old.hand_seeds,
    )
    hand.check_invariants()
    # The same seats, names and resume tokens; everyone counts as dropped (shown away until
    # back), allowance afresh.
    away = [s is not None and not s.bot for s in was.lobby.snapshot().seats]
    assert [s is not None and s.away for s in room.lobby.snapshot().seats] == away
    for occupant in room.lobby.seats:
        if occupant is not None:
            occupant.away = False
    assert room.lobby.snapshot() == was.lobby.snapshot()
    tokens = {m.name: (m.token, m.seat) for m in room.members.values()}
    assert tokens == {m.name: (m.token, m.seat) for m in was.members.values()}
    assert not any(m.connected for m in room.members.values())
    assert room.autoplay == {0, 1, 2, 3}
    assert room.dropped == {0: 3, 1: 3}, "the rest of hand 2 and hand 3"
    assert room.held == {0: RESTART_GRACE_SECONDS, 1: RESTART_GRACE_SECONDS}
    # And it goes on as the original would: the same moves give the same events.
    for _ in range(500):
        if old_hand.ended:
            break
        seat = old.awaiting()[0]
        action = old.legal_actions(seat)[-1]
        assert session.step(seat, action) == old.step(seat, action)
    assert old_hand.ended and hand.result == old_hand.result


def test_a_restart_between_hands_gives_the_next_two_hands_as_allowance(tmp_path: Path) -> None:
    table = Table(tmp_path, journals=tmp_path / "journal")
    table.play_until_hands(1)
    table.act(OWNER, ContinueGame())  # one choice made; the host dies before the other
    rooms, _ = restore(tmp_path / "journal", tmp_path / "after")
    session = rooms[0].session
    assert session is not None and session.phase is SessionPhase.BETWEEN_HANDS
    assert table.room.session is not None
    assert session.choices == table.room.session.choices, "the choices made stand"
    assert session.choices[0] == "continue" and 1 not in session.choices
    assert rooms[0].dropped == {0: 3, 1: 3}, "hands 2 and 3: the next deal is no deadline"


def test_every_action_is_on_disk_when_the_room_answers(tmp_path: Path) -> None:
    table = Table(tmp_path, journals=tmp_path / "journal")
    path = journal_file(tmp_path / "journal")
    for _ in range(150):
        table.step()
        session = table.room.session
        assert session is not None
        acted = [msgspec.convert(e, Acted) for e in entries(path) if e["entry"] == "act"]
        assert [(a.seat, a.action) for a in acted] == session.log


def test_a_torn_last_line_is_left_out_and_cut_off(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = into_hand_two(tmp_path)
    path = journal_file(tmp_path / "journal")
    whole = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"entry":"act","seat":1,"acti')  # the host killed mid-write
    with caplog.at_level(logging.WARNING):
        rooms, _ = restore(tmp_path / "journal", tmp_path / "after")
    assert "last line was cut short" in caplog.text
    assert len(rooms) == 1 and path.read_bytes() == whole, "the torn piece is cut off"
    room = rooms[0]
    assert room.session is not None and table.room.session is not None
    assert room.session.log == table.room.session.log
    # The journal goes on cleanly: the computer players play after the grace time.
    room.tick(RESTART_GRACE_SECONDS + 1)
    assert room.journal is not None
    room.journal.close()
    again = read_journal(path)
    assert not again.torn and again.session.log == room.session.log
    assert len(room.session.log) > len(table.room.session.log), "moves were journaled"


@pytest.mark.parametrize("damage", ["its session line edited", "not a journal"])
def test_a_journal_that_does_not_replay_is_kept_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    """(A break in the chain further on keeps the lines before it: test_journal_chain.py.)"""
    into_hand_two(tmp_path)
    folder = tmp_path / "journal"
    path = journal_file(folder)
    lines = path.read_bytes().splitlines(keepends=True)
    if damage == "its session line edited":
        lines[0] = lines[0].replace(b'"seed":', b'"seed":1', 1)
    else:
        lines = [b"PK\x03\x04 not json at all\n"]
    path.write_bytes(b"".join(lines))
    with caplog.at_level(logging.ERROR):
        rooms, _ = restore(folder, tmp_path / "after")
    assert rooms == [], "the host starts without that table"
    kept = list(folder.glob(f"{path.name}.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"".join(lines)
    assert not path.exists()
    assert "cannot be replayed" in caplog.text and kept[0].name in caplog.text


def test_hands_the_host_had_not_saved_are_saved_from_the_journal(tmp_path: Path) -> None:
    table = into_hand_two(tmp_path)
    table.room.store.writer.flush(5)
    saved = (tmp_path / "records").glob("*.jsonl")
    lines = [line for p in saved for line in p.read_bytes().splitlines()]
    assert len(lines) == 1
    results = table.results()
    # A host whose disk writer never got to the record and scores of hand 1:
    rooms, store = restore(tmp_path / "journal", tmp_path / "after")
    assert len(rooms) == 1
    store.writer.flush(5)
    restored = [p.read_bytes() for p in (tmp_path / "after" / "records").glob("*.jsonl")]
    assert [record_decoder.decode(line) for line in b"".join(restored).splitlines()] == [
        record_decoder.decode(lines[0])
    ]
    assert {
        name: store.get(IDENTITY[player], -1)
        for name, player in (("Ah Keung", OWNER), ("Ah Zan", GUEST))
    } == {"Ah Keung": results[0].scores[0], "Ah Zan": results[0].scores[1]}
    # One whose disk had them: nothing is written twice.
    rooms, store = restore(tmp_path / "journal", tmp_path)
    store.writer.flush(5)
    again = b"".join(p.read_bytes() for p in (tmp_path / "records").glob("*.jsonl"))
    assert again.splitlines() == lines


def test_a_dropped_player_back_in_their_last_hand_keeps_the_seat_after_a_restart(
    tmp_path: Path,
) -> None:
    table = Table(tmp_path, journals=tmp_path / "journal")
    table.play_until_hands(0)
    member = table.room.members[GUEST]
    table.playing.discard(GUEST)
    table.out(table.room.lost(GUEST, table.now))  # dropped in hand 1: allowance to hand 2
    for _ in range(2000):
        session = table.room.session
        assert session is not None
        if session.phase is SessionPhase.PLAYING and session.hand_number == 2:
            break
        table.step()
    table.step()
    assert table.room.session is not None and table.room.session.departing == {1}
    table.out(table.room.resume(member, 9, table.now))  # back within hand 2
    assert table.room.session.departing == set()
    entries_now = entries(journal_file(tmp_path / "journal"))
    assert msgspec.json.decode(msgspec.json.encode(Returned(1))) in entries_now
    rooms, _ = restore(tmp_path / "journal", tmp_path / "after")
    assert rooms[0].session is not None and rooms[0].session.departing == set()


def test_a_finished_session_leaves_no_journal_and_a_done_one_is_completed(
    tmp_path: Path,
) -> None:
    gate = threading.Event()
    writer = DiskWriter()
    writer.submit("a write held back", gate.wait)  # the disk writer is stuck behind this
    table = Table(tmp_path, journals=tmp_path / "journal")
    assert table.room.journal is not None
    table.room.store.writer = table.room.records.writer = table.room.journal.writer = writer
    folder = tmp_path / "journal"
    assert [p.name for p in folder.iterdir()] == [journal_name(TABLE)]
    table.play_until_session_ends()
    done = list(folder.glob("*.done"))
    assert len(done) == 1 and not list(folder.glob("*.jnl")), "renamed, removal queued"
    shutil.copy(done[0], tmp_path / "kept.done")
    gate.set()
    assert writer.flush(10)
    assert list(folder.iterdir()) == [], "removed once the records were written"
    results = table.results()

    # A host killed before its disk writer removed it (and wrote the records):
    (tmp_path / "again" / "journal").mkdir(parents=True)
    shutil.copy(tmp_path / "kept.done", tmp_path / "again" / "journal" / done[0].name)
    rooms, store = restore(tmp_path / "again" / "journal", tmp_path / "again")
    assert rooms == [], "an ended session is not brought back"
    assert store.writer.flush(10)
    assert list((tmp_path / "again" / "journal").iterdir()) == []
    saved = b"".join(p.read_bytes() for p in (tmp_path / "again" / "records").glob("*.jsonl"))
    assert [record_decoder.decode(line).result for line in saved.splitlines()] == results


def test_a_journal_that_cannot_be_written_does_not_stop_the_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "journal").write_text("a file where the folder should be")
    with caplog.at_level(logging.ERROR):
        table = Table(tmp_path, journals=tmp_path / "journal")
        table.play_until_hands(1)
    assert "cannot be written" in caplog.text
    assert len(table.results()) == 1


class _FullDisk:
    """A journal file on a disk that has just filled up."""

    def write(self, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    def close(self) -> None:
        pass


def test_a_journal_that_fails_mid_session_is_removed_not_left_stale(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = into_hand_two(tmp_path, moves=5)
    journal = table.room.journal
    assert journal is not None
    journal.file = _FullDisk()
    with caplog.at_level(logging.ERROR):
        table.play_until_hands(3)  # the game goes on
    assert journal.broken and "No space left" in caplog.text
    # A restart now must not take the table back to where the journal stopped.
    assert not journal_file(tmp_path / "journal").exists()
    rooms, _ = restore(tmp_path / "journal", tmp_path / "after")
    assert rooms == []


def test_two_journals_of_one_table_bring_it_back_once(tmp_path: Path) -> None:
    into_hand_two(tmp_path)
    folder = tmp_path / "journal"
    shutil.copy(journal_file(folder), folder / "copy-00000000.jnl")
    rooms, _ = restore(folder, tmp_path / "after")
    assert [r.name for r in rooms] == [TABLE]
    assert len(list(folder.glob("*.corrupt-*"))) == 1 and len(list(folder.glob("*.jnl"))) == 1
