"""The game's store of hand records (client/record_store.py): one file a hand under its
session, an index that lists hundreds of sessions quickly, and damaged, foreign or newer
files skipped with a warning and shown as such, never a crash."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from msgspec import structs

from client.record_store import INDEX, RecordStore, SessionLine, hand_line, session_key
from server.cli import main
from server.records import decoder
from shared.records import (
    HandRecord,
    RecordFile,
    RecordFileError,
    RecordSeat,
    RecordSession,
    make_record_file,
)

SEATS = (
    RecordSeat("阿强", "human", identity="aaaaaaaaaaaaaaaa"),
    RecordSeat("阿明", "bot", level="normal"),
    RecordSeat("Bea", "human", identity="bbbbbbbbbbbbbbbb"),
    RecordSeat("阿芬", "bot", level="easy"),
)


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> HandRecord:
    log = tmp_path_factory.mktemp("sim") / "hands.jsonl"
    assert main(["--simulate", "1", "--seed", "7", "--log", str(log)]) == 0
    return decoder.decode(log.read_bytes().splitlines()[0])


def record(hand: HandRecord, number: int = 1, session: str = "s1", day: int = 1) -> RecordFile:
    started = f"2026-11-{day:02d}T19:30:00Z"
    return make_record_file(
        structs.replace(hand, hand_number=number),
        RecordSession(session, "Friday table", started, "阿强"),
        SEATS,
        "0.1.0",
    )


def test_hands_are_kept_one_file_each_under_their_session(tmp_path: Path, hand: HandRecord) -> None:
    store = RecordStore(tmp_path)
    for number in (2, 1, 3):
        store.save(record(hand, number))
    store.save(record(hand, 1, session="s2", day=2))
    path = store.save(record(hand, 2))  # the same hand again: kept once
    assert path.name == "hand-002.gdmjrec"
    again = RecordStore(tmp_path)  # read back from the index on disk
    sessions = again.sessions()
    assert [s.session.session_id for s in sessions] == ["s2", "s1"]  # the latest first
    assert [h.hand_number for h in sessions[1].hands] == [1, 2, 3]
    assert sorted(p.name for p in (tmp_path / sessions[1].key).iterdir()) == [
        "hand-001.gdmjrec",
        "hand-002.gdmjrec",
        "hand-003.gdmjrec",
    ]
    assert sessions[1].final_scores == hand.result.scores
    assert [h.record_file for h in again.hands(sessions[1].key)] == [
        record(hand, n) for n in (1, 2, 3)
    ]


def test_a_session_folder_is_named_by_the_game_not_by_the_host(hand: HandRecord) -> None:
    hostile = structs.replace(
        record(hand),
        session=RecordSession("../../etc", "../../x", "../../../", "x"),
    )
    key = session_key(hostile.session)
    assert key.startswith("undated-") and "/" not in key and ".." not in key


def test_a_record_a_reader_would_refuse_is_not_kept(tmp_path: Path, hand: HandRecord) -> None:
    bad = structs.replace(record(hand), record=structs.replace(hand, dealer=7))
    with pytest.raises(RecordFileError, match="dealer is seat 7"):
        RecordStore(tmp_path).save(bad)
    assert not any(tmp_path.rglob("*.gdmjrec"))


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\x00\x01 not json", "not JSON"),
        (json.dumps({"format": "other-game", "version": 1}).encode(), "its format is 'other-game'"),
        (json.dumps({"format": "gdmj-hand-record", "version": 9}).encode(), "version 9, newer"),
        (json.dumps({"format": "gdmj-hand-record", "version": 1}).encode(), "damaged"),
    ],
    ids=["garbage", "foreign", "newer", "damaged"],
)
def test_an_unreadable_file_is_skipped_logged_and_shown_as_such(
    tmp_path: Path,
    hand: HandRecord,
    caplog: pytest.LogCaptureFixture,
    content: bytes,
    problem: str,
) -> None:
    store = RecordStore(tmp_path)
    store.save(record(hand, 1))
    store.save(record(hand, 2))
    key = store.sessions()[0].key
    (tmp_path / key / "hand-002.gdmjrec").write_bytes(content)
    (tmp_path / INDEX).write_bytes(b"{ damaged")  # and the index with it
    with caplog.at_level(logging.WARNING):
        fresh = RecordStore(tmp_path)
        sessions = fresh.sessions()
        shown = fresh.hands(key)
    assert [h.hand_number for h in sessions[0].hands] == [1]  # rebuilt without it
    assert shown[0].record_file is not None
    assert shown[1].record_file is None and problem in shown[1].problem
    assert shown[1].path.name == "hand-002.gdmjrec"
    assert "rebuilding it" in caplog.text and "hand-002.gdmjrec is skipped" in caplog.text
    assert json.loads((tmp_path / INDEX).read_bytes())["format"] == "gdmj-history-index"


def test_listing_500_sessions_reads_one_index_and_a_save_reads_no_session(
    tmp_path: Path, hand: HandRecord
) -> None:
    """What keeps History quick with a long past: listing reads the index alone, and a
    new hand's save reads no other session's files (counted, not timed: the suite runs
    on busy machines; the time is tests/bench/bench_client.py's)."""
    store = RecordStore(tmp_path)
    lines = {}
    for n in range(500):
        one = record(hand, 1, session=f"s{n}", day=1 + n % 28)
        line = hand_line(one, "hand-001.gdmjrec")
        key = session_key(one.session)
        lines[key] = SessionLine(key, one.session, one.seats, [line] * 8)
    store._sessions = lines
    store._write_index()
    with files_opened(tmp_path) as opened:
        sessions = RecordStore(tmp_path).sessions()
    assert len(sessions) == 500
    assert [p.name for p in opened if p.exists() and p.is_file()] == [INDEX]
    new = record(hand, 1, session="one more", day=28)
    with files_opened(tmp_path) as opened:
        store.save(new)
    inside = [p.relative_to(tmp_path).parts for p in opened]
    read_elsewhere = {parts[0] for parts in inside if len(parts) > 1}  # a session's folder
    assert read_elsewhere <= {session_key(new.session)}, read_elsewhere


_watching: list[tuple[Path, list[Path]]] = []


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _watching and isinstance(args[0], str | bytes | os.PathLike):
        path = Path(os.fsdecode(args[0]))
        folder, opened = _watching[-1]
        if path.is_relative_to(folder):
            opened.append(path)


sys.addaudithook(_audit)  # an audit hook cannot be removed: it watches only while asked


@contextlib.contextmanager
def files_opened(folder: Path) -> Iterator[list[Path]]:
    """Every file under `folder` opened inside the block, in order (Python's audit hook
    sees each `open`, whichever function does it)."""
    opened: list[Path] = []
    _watching.append((folder, opened))
    try:
        yield opened
    finally:
        _watching.pop()
