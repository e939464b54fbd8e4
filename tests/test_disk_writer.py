"""The host's disk writes: off the event loop, in order, retried, never in the way of a
hand's end (server/disk_writer.py, server/store.py).

On Windows an antivirus scan or the search indexer can hold `scores.json` for a moment, so
replacing it raises PermissionError. That used to happen before the hand's end was sent,
and the table hung; now the players get the result first and the save is retried.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import server.disk_writer
import server.store
from client import selftest
from server.disk_writer import DiskWriter
from server.store import RecordLog, ScoreStore


def _no_pause(_: float) -> None:
    pass


def test_writes_run_in_the_order_they_came() -> None:
    writer = DiskWriter()
    done: list[int] = []
    for i in range(50):
        writer.submit(f"job {i}", lambda i=i: done.append(i))
    assert writer.flush(5)
    assert done == list(range(50))
    assert writer.close(5)


def test_a_failing_write_is_retried_until_it_works() -> None:
    tries: list[float] = []

    def flaky() -> None:
        tries.append(time.monotonic())
        if len(tries) < 4:
            raise PermissionError(13, "The process cannot access the file")

    pauses: list[float] = []
    writer = DiskWriter(pauses=(0.01, 0.02, 0.04, 0.08), sleep=pauses.append)
    writer.submit("scores.json", flaky)
    assert writer.flush(5)
    assert len(tries) == 4
    assert pauses == [0.01, 0.02, 0.04]
    assert writer.failures == []


def test_a_write_that_keeps_failing_is_given_up_loudly_and_the_next_ones_still_run(
    caplog: pytest.LogCaptureFixture,
) -> None:
    failed: list[tuple[str, OSError]] = []
    writer = DiskWriter(
        on_failure=lambda what, exc, _tables: failed.append((what, exc)), sleep=_no_pause
    )
    after: list[str] = []

    def full() -> None:
        raise OSError(28, "No space left on device")

    with caplog.at_level(logging.WARNING, logger="server.disk_writer"):
        writer.submit("the record of hand 3", full)
        writer.submit("scores.json", lambda: after.append("scores"))
        assert writer.flush(5)
    assert after == ["scores"]
    assert [what for what, _ in failed] == ["the record of hand 3"]
    assert failed[0][1].errno == 28
    assert writer.failures == failed
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "the record of hand 3" in errors[0].getMessage()
    assert "No space left on device" in errors[0].getMessage()


def test_a_bug_in_one_write_does_not_stop_the_queue() -> None:
    writer = DiskWriter(sleep=_no_pause)
    after: list[int] = []
    writer.submit("broken", lambda: 1 / 0)
    writer.submit("fine", lambda: after.append(1))
    assert writer.flush(5)
    assert after == [1]


def test_a_newer_whole_file_write_replaces_a_waiting_one() -> None:
    release = threading.Event()
    writer = DiskWriter()
    written: list[str] = []
    writer.submit("slow", lambda: release.wait(5))  # holds the thread
    time.sleep(0.05)
    for version in ("v1", "v2", "v3"):
        writer.submit("scores.json", lambda v=version: written.append(v), key="scores")
    writer.submit("record", lambda: written.append("record"))
    release.set()
    assert writer.flush(5)
    assert written == ["v3", "record"]


def test_flush_says_when_it_ran_out_of_time() -> None:
    release = threading.Event()
    writer = DiskWriter()
    writer.submit("slow", lambda: release.wait(5))
    assert writer.flush(0.05) is False
    release.set()
    assert writer.flush(5) is True


def test_the_score_store_takes_new_scores_at_once_and_writes_them_behind(tmp_path: Path) -> None:
    writer = DiskWriter()
    store = ScoreStore(tmp_path / "scores.json", writer)
    qiang, bo = "id:install-of-ah-qiang", "id:install-of-bo-1234"
    store.update({qiang: ("阿强", 1010), bo: ("Bo", 990)})
    assert store.get(qiang, 0) == 1010  # before any write
    store.update({qiang: ("阿强", 1030)})
    assert writer.flush(5)
    assert json.loads((tmp_path / "scores.json").read_text(encoding="utf-8")) == {
        "version": 2,
        "players": {qiang: {"name": "阿强", "score": 1030}, bo: {"name": "Bo", "score": 990}},
        "unclaimed": {},
    }
    again = ScoreStore(tmp_path / "scores.json")
    assert (again.get(qiang, 0), again.get(bo, 0)) == (1030, 990)


def test_a_record_line_that_failed_half_written_is_written_again_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = DiskWriter(sleep=_no_pause)
    records = RecordLog(tmp_path / "records", writer)
    path = records.append(b'{"hand":1}')
    assert writer.flush(5)
    real_fsync = os.fsync
    calls = {"n": 0}

    def failing_fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(5, "Input/output error")
        real_fsync(fd)

    monkeypatch.setattr(server.store.os, "fsync", failing_fsync)
    records.append(b'{"hand":2}')
    assert writer.flush(5)
    assert path.read_bytes() == b'{"hand":1}\n{"hand":2}\n'


def test_a_locked_scores_file_does_not_keep_the_hand_from_ending(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What antivirus does on Windows: replacing scores.json fails for a moment. The four
    players still see the hand end, and the scores reach the file once it is free."""
    real_replace = os.replace
    refused: list[str] = []

    def locked_for_a_moment(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(dst).name == "scores.json" and len(refused) < 3:
            refused.append(str(dst))
            raise PermissionError(13, "The process cannot access the file", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(server.store.os, "replace", locked_for_a_moment)
    report = selftest.run_self_test(limit_s=30)  # fails unless the scores were saved
    assert sum(report.deltas) == 0
    assert len(refused) == 3


def test_a_scores_file_that_cannot_be_written_at_all_still_lets_the_hand_end(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    real_replace = os.replace

    def never(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(dst).name == "scores.json":
            raise PermissionError(13, "Access is denied", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(server.store.os, "replace", never)
    monkeypatch.setattr(server.disk_writer, "RETRY_PAUSES_S", (0.0, 0.0))
    with (
        caplog.at_level(logging.ERROR, logger="server.disk_writer"),
        pytest.raises(
            selftest.SelfTestFailed, match=r"the host saved scores None .*hand record saved: True"
        ),
    ):
        # Only the self-test's own check of the saved scores fails: every player saw the
        # hand's result, agreed on it, and the record was written.
        selftest.run_self_test(limit_s=5)
    assert any("gave up writing scores.json" in r.getMessage() for r in caplog.records)


def test_a_failure_names_the_tables_of_the_write_and_of_the_ones_it_replaced() -> None:
    """The owner notice goes to the tables whose hands a failed write saves: a scores write
    that replaced a waiting one saves both tables' hands."""
    failed: list[tuple[str, frozenset[str]]] = []
    gate = threading.Event()
    writer = DiskWriter(
        on_failure=lambda what, _exc, tables: failed.append((what, tables)), sleep=_no_pause
    )

    def full() -> None:
        raise OSError(28, "No space left on device")

    writer.submit("first", gate.wait)  # holds the queue while the next two wait
    writer.submit("scores.json", full, key="scores", tables=frozenset({"A"}))
    writer.submit("scores.json", full, key="scores", tables=frozenset({"B"}))
    writer.submit("the record of hand 2", full, tables=frozenset({"C"}))
    gate.set()
    assert writer.flush(5)
    assert failed == [
        ("scores.json", frozenset({"A", "B"})),
        ("the record of hand 2", frozenset({"C"})),
    ]


def test_a_rewrite_keeps_its_place_while_appends_queue_behind_it() -> None:
    """A failing disk and hands ending faster than the writer gives up: the scores are
    still tried (and their failure told) after the record that came before them, not
    pushed behind every later hand's record."""
    gate = threading.Event()
    writer = DiskWriter()
    order: list[str] = []
    writer.submit("first", gate.wait)
    for hand in (1, 2, 3):
        writer.submit(f"record {hand}", lambda h=hand: order.append(f"record {h}"))
        writer.submit("scores.json", lambda h=hand: order.append(f"scores {h}"), key="s")
    gate.set()
    assert writer.flush(5)
    assert order == ["record 1", "scores 3", "record 2", "record 3"]
