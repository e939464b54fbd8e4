"""The journal's hash chain (server/journal_chain.py) and its reconciliation with the records
already written (server/reconcile.py): a damaged journal is replayed up to the break and
said exactly, and a journal that lost its end never plays, records or scores a hand twice.

Expectations come from the live table that wrote the journal and from the bytes on disk,
never from the code under test.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
from pathlib import Path

import msgspec
import pytest

from server.engine.session import Session
from server.journal import read_journal
from server.records import decoder as record_decoder
from server.restore import RESTART_GRACE_SECONDS
from server.room import Room
from server.unfinished import unfinished_table
from tests.support.room import GUEST, IDENTITY, OWNER
from tests.test_journal import into_hand_two, journal_file, restore


def acts(lines: list[bytes]) -> int:
    """How many `act` entries the lines hold (read as plain JSON)."""
    return sum(1 for line in lines if msgspec.json.decode(line)["entry"] == "act")


def recorded_hands(data: Path) -> list[int]:
    """The hand numbers of the records on disk, in file and line order."""
    lines = b"".join(p.read_bytes() for p in sorted((data / "records").glob("*.jsonl")))
    return [record_decoder.decode(line).hand_number for line in lines.splitlines()]


def play_restored(room: Room, limit: int = 20_000) -> Session:
    """The restored table played on by its computer players (nobody came back: their seats
    are given up when the allowance runs out) until its session ends."""
    now = RESTART_GRACE_SECONDS + 1
    for _ in range(limit):
        session = room.session
        assert session is not None
        room.tick(now)
        if session.over:
            return session
        wake = room.next_wakeup()
        assert wake is not None, "the restored table is stuck"
        now = max(now, wake) + 0.001
    raise AssertionError("the restored session did not end")


def test_a_journal_cut_back_plays_no_hand_twice_and_moves_each_score_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = into_hand_two(tmp_path)
    path = journal_file(tmp_path / "journal")
    cut = path.stat().st_size  # the journal as it was before hand 2 ended
    assert table.room.session is not None and table.room.session.hand is not None
    moves = len(table.room.session.hand.log)
    table.play_until_hands(3)
    assert table.room.store.writer.flush(10) and table.room.journal is not None
    table.room.journal.close()
    results = table.results()
    assert recorded_hands(tmp_path) == [1, 2, 3]
    after_three = {p: table.room.store.get(IDENTITY[p], -1) for p in (OWNER, GUEST)}
    assert after_three == {OWNER: results[2].scores[0], GUEST: results[2].scores[1]}
    with open(path, "r+b") as f:  # the damage: the journal cut back to mid-hand 2
        f.truncate(cut)

    # The game's offer to resume says where the table would come back: after hand 3.
    offer = unfinished_table(tmp_path)
    assert offer is not None and (offer.hand_number, offer.between_hands) == (3, True)
    assert [score for _, score, _ in offer.players] == list(results[2].scores)
    with caplog.at_level(logging.INFO):
        rooms, store = restore(tmp_path / "journal", tmp_path)
    assert len(rooms) == 1
    assert store.writer.flush(10)
    assert recorded_hands(tmp_path) == [1, 2, 3], "nothing written again"
    assert {p: store.get(IDENTITY[p], -1) for p in (OWNER, GUEST)} == after_three
    session = rooms[0].session
    assert session is not None and session.hand_number == 3
    assert tuple(session.scores) == results[2].scores, "the table goes on from hand 3's end"
    assert "journal lost its end" in caplog.text and "between hands 3 and 4" in caplog.text
    assert f"ends at hand 2, {moves} actions in" in caplog.text
    # The journal, brought up to the records, reads back to the table as it is now.
    again = read_journal(path)
    assert again.damage == "" and again.session.log == session.log

    # Played on to the session's end: every hand recorded once, each from the scores the
    # hand before ended with, and the scores saved are the last hand's.
    played = play_restored(rooms[0])
    assert store.writer.flush(10)
    hands = recorded_hands(tmp_path)
    assert hands == list(range(1, played.hand_number + 1)) and len(hands) > 3
    saved = [
        record_decoder.decode(line)
        for p in sorted((tmp_path / "records").glob("*.jsonl"))
        for line in p.read_bytes().splitlines()
    ]
    for before, after in itertools.pairwise(saved):
        assert after.scores_before == before.result.scores
    last = saved[-1].result.scores
    assert {p: store.get(IDENTITY[p], -1) for p in (OWNER, GUEST)} == {
        OWNER: last[0],
        GUEST: last[1],
    }


def _damage(lines: list[bytes], damage: str) -> int:
    """Damage the journal's lines in place; the (1-based) line the chain breaks at."""
    if damage == "an edited line":
        lines[20] = lines[20].replace(b'"seat":', b'"seat":1', 1)  # seat 1 → 11 or 2 → 12
        return 21
    if damage == "two lines swapped":
        lines[20], lines[21] = lines[21], lines[20]
        return 21
    del lines[20]  # a line lost from the middle
    return 21


@pytest.mark.parametrize("damage", ["an edited line", "two lines swapped", "a line removed"])
def test_a_break_in_the_chain_is_found_and_said_exactly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    table = into_hand_two(tmp_path)
    folder = tmp_path / "journal"
    path = journal_file(folder)
    assert table.room.journal is not None
    table.room.journal.close()
    lines = path.read_bytes().splitlines(keepends=True)
    assert b'"entry":"act"' in lines[20] and b'"entry":"act"' in lines[21]
    broken_at = _damage(lines, damage)
    damaged = b"".join(lines)
    path.write_bytes(damaged)

    with caplog.at_level(logging.ERROR):
        rooms, _ = restore(folder, tmp_path / "after")
    assert [r.name for r in rooms] == ["T"], "the table comes back from the lines before"
    kept_lines = lines[: broken_at - 1]
    session = rooms[0].session
    assert session is not None and table.room.session is not None
    assert session.log == table.room.session.log[: acts(kept_lines[1:])]
    assert f"line {broken_at} of {len(lines)} breaks the chain" in caplog.text
    assert f"its lines 1-{broken_at - 1} are kept" in caplog.text
    aside = list(folder.glob(f"{path.name}.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    assert aside[0].name in caplog.text
    assert path.read_bytes() == b"".join(kept_lines), "the journal goes on from the break"


def test_a_journal_rewritten_with_its_chain_still_has_to_replay(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    into_hand_two(tmp_path)
    folder = tmp_path / "journal"
    path = journal_file(folder)
    lines = path.read_bytes().splitlines()
    hand = next(i for i, line in enumerate(lines) if line.startswith(b'{"entry":"hand"'))
    # Another hand seed, and every chain hash after it computed again (by hand, here).
    bodies = [line[: line.rindex(b',"chain":')] + b"}" for line in lines]
    bodies[hand] = bodies[hand].replace(b'"seed":', b'"seed":1')
    chain = hashlib.sha256(b"gdmj journal chain").digest()
    out = []
    for body in bodies:
        chain = hashlib.sha256(chain + body).digest()
        out.append(body[:-1] + b',"chain":"' + chain.hex().encode() + b'"}\n')
    path.write_bytes(b"".join(out))
    with caplog.at_level(logging.ERROR):
        rooms, _ = restore(folder, tmp_path / "after")
    assert rooms == [] and "cannot be replayed" in caplog.text
    assert len(list(folder.glob(f"{path.name}.corrupt-*"))) == 1


def test_a_journal_from_before_the_chain_is_restored_and_goes_on_unchained(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = into_hand_two(tmp_path)
    folder = tmp_path / "journal"
    path = journal_file(folder)
    lines = path.read_bytes().splitlines()
    old = [line[: line.rindex(b',"chain":')] + b"}" for line in lines]
    assert b'"version":2' in old[0]
    old[0] = old[0].replace(b'"version":2', b'"version":1')
    path.write_bytes(b"\n".join(old) + b"\n")
    with caplog.at_level(logging.INFO):
        rooms, _ = restore(folder, tmp_path / "after")
    assert len(rooms) == 1 and "version 1" in caplog.text
    room = rooms[0]
    assert room.session is not None and table.room.session is not None
    assert room.session.log == table.room.session.log
    room.tick(RESTART_GRACE_SECONDS + 1)  # the computer players move: lines appended
    assert room.journal is not None
    room.journal.close()
    written = path.read_bytes().splitlines()
    assert len(written) > len(old) and not any(b'"chain"' in line for line in written)
    assert read_journal(path).session.log == room.session.log
