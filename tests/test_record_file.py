"""The hand record file (shared/records.py, documented in shared/RECORDS.md): a file
round-trips and replays to the same result; foreign, newer, damaged and inconsistent files
are refused with a message naming the problem."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from server.cli import main
from server.records import decoder, replay
from shared.records import (
    DealVerification,
    HandRecord,
    RecordFileError,
    RecordSeat,
    RecordSession,
    decode_record_file,
    encode_record_file,
    make_record_file,
)

SEATS = (
    RecordSeat(name="阿强", kind="human", identity="ab12cd34"),
    RecordSeat(name="电脑 2", kind="bot", level="strong"),
    RecordSeat(name="阿珍", kind="human", identity="ef56aa78"),
    RecordSeat(name="电脑 4", kind="bot", level="easy"),
)
SESSION = RecordSession(
    session_id="s-1", table="阿强's table", started="2026-12-01T19:30:00Z", host="阿强"
)


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> HandRecord:
    log = tmp_path_factory.mktemp("sim") / "hands.jsonl"
    assert main(["--simulate", "1", "--seed", "7", "--log", str(log)]) == 0
    return decoder.decode(log.read_bytes().splitlines()[0])


def _file_json(hand: HandRecord) -> dict:
    data = encode_record_file(make_record_file(hand, SESSION, SEATS, "0.1.0"))
    return json.loads(data)


def test_a_record_file_round_trips_and_replays_to_its_result(hand: HandRecord) -> None:
    raw = _file_json(hand)
    # The envelope as RECORDS.md documents it, read with the standard library's decoder.
    assert raw["format"] == "gdmj-hand-record"
    assert raw["version"] == 2
    assert raw["seats"][0] == {"name": "阿强", "kind": "human", "identity": "ab12cd34", "level": ""}
    assert raw["session"]["started"] == "2026-12-01T19:30:00Z"
    assert raw["record"]["actions"][0][1]["type"]  # each action tagged as in PROTOCOL.md
    back = decode_record_file(json.dumps(raw).encode())
    assert back.record == hand
    assert back.seats == SEATS
    assert replay(back.record).result == hand.result


def test_a_host_log_line_is_a_valid_record(hand: HandRecord, tmp_path: Path) -> None:
    raw = _file_json(hand)
    log = tmp_path / "hands.jsonl"
    assert main(["--simulate", "1", "--seed", "7", "--log", str(log)]) == 0
    raw["record"] = json.loads(log.read_bytes().splitlines()[0])
    assert decode_record_file(json.dumps(raw).encode()).record == hand


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda raw: b"\x89PNG\r\n", "not JSON"),
        (lambda raw: {**raw, "format": "tenhou-log"}, "'tenhou-log'"),
        (lambda raw: {k: v for k, v in raw.items() if k != "format"}, "format is ''"),
        (lambda raw: {**raw, "version": 3}, "version 3, newer"),
        (lambda raw: {**raw, "version": 0}, "version 0 is not valid"),
        (lambda raw: {**raw, "seats": raw["seats"][:3]}, "seats"),
        (lambda raw: {**raw, "record": {**raw["record"], "seed": "x"}}, "record.seed"),
        (lambda raw: {**raw, "record": {**raw["record"], "dealer": 4}}, "dealer is seat 4"),
        (
            lambda raw: {**raw, "record": {**raw["record"], "seat_winds": [0, 0, 2, 3]}},
            "seat winds",
        ),
        (
            lambda raw: {
                **raw,
                "record": {**raw["record"], "actions": [[5, raw["record"]["actions"][0][1]]]},
            },
            "action 1 is by seat 5",
        ),
    ],
)
def test_a_bad_file_is_refused_naming_the_problem(hand: HandRecord, change, message: str) -> None:
    changed = change(_file_json(hand))
    data = changed if isinstance(changed, bytes) else json.dumps(changed).encode()
    with pytest.raises(RecordFileError, match=message.replace("(", r"\(").replace(".", r"\.")):
        decode_record_file(data)


def test_a_huge_file_is_refused_unread() -> None:
    with pytest.raises(RecordFileError, match="bytes"):
        decode_record_file(b" " * (4 * 1024 * 1024 + 1))


def test_a_spectators_check_with_nothing_contributed_is_kept() -> None:
    # A spectator sends no contribution and one who came in late saw no commitment: those
    # fields are "" in the file, and the file still reads (RECORDS.md `verification`).
    raw = {
        "seat": None,
        "hand_number": 3,
        "session_tag": "t",
        "commitment": "",
        "contributed": "",
        "secret": "ab" * 32,
        "contributions": ["00" * 32] * 4,
        "dice": [3, 5],
        "taken": [],
        "known": [],
        "held": [[], [], [], []],
        "problems": [],
    }
    check = msgspec.json.decode(json.dumps(raw), type=DealVerification)
    assert check.contributed == "" and check.commitment == ""
    with pytest.raises(msgspec.ValidationError, match="contributed"):
        msgspec.json.decode(json.dumps({**raw, "contributed": "xyz"}), type=DealVerification)
