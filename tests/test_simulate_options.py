"""`gdmj-host --simulate` at any table of RULES.md §7: `--option NAME=VALUE`, `--options JSON`
and `--preset` change what is played, bad options are refused in one line, and each hand's
record carries its options and replays on its own (shared/option_text.py, server/records.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from server.cli import main
from server.records import HandRecord, decoder, replay
from server.simulate import Summary, play_hands, report
from shared.errors import RulesetError
from shared.option_text import FIELD_TYPES, option_words, parse_table_options
from shared.ruleset import TableOptions, make_ruleset

HANDS = 30
SEED = 5
EVERY_OPTION_CHANGED = TableOptions(
    preset="qq3",
    base=5,
    starting_score=2000,
    min_fan=3,
    multiple_winners=False,
    missed_win_lock_until="any_move",
    twelve_tile_liability="first_only",
    flowers=True,
    horses=2,
    rounds=1,
    turn_seconds=0,
    claim_seconds=0,
    seven_pairs=True,
)
"""The example of PROTOCOL.md §6 TableOptions: no option at its default."""


def simulate_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str, hands: int = HANDS
) -> tuple[list[HandRecord], str]:
    """Run `gdmj-host --simulate` in this process; its records and its header line."""
    log = tmp_path / "hands.jsonl"
    code = main(["--simulate", str(hands), "--seed", str(SEED), *args, "--log", str(log)])
    out = capsys.readouterr().out
    assert code == 0, out
    records = [decoder.decode(line) for line in log.read_bytes().splitlines()]
    assert len(records) == hands
    return records, out.splitlines()[0]


def winning_fans(records: list[HandRecord]) -> list[int]:
    return [winner.fan for record in records for winner in record.result.winners]


# --- each form changes what is played ------------------------------------------------------


def test_option_flowers_on_deals_and_scores_flowers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, _ = simulate_records(tmp_path, capsys)
    flowers, header = simulate_records(tmp_path, capsys, "--option", "flowers=on")
    assert header == f"seed {SEED}, preset jipinghu, flowers=on, competent bots"

    def flowers_set_aside(records: list[HandRecord]) -> int:
        return sum(len(seat.flowers) for r in records for seat in replay(r).seats)

    assert flowers_set_aside(plain) == 0
    assert flowers_set_aside(flowers) > 0
    flower_fan = [
        p for r in flowers for w in r.result.winners for p in w.patterns if p.id == "flower"
    ]
    assert flower_fan, "some winner should have scored a flower"


def test_options_json_with_two_horses_buys_horses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, header = simulate_records(tmp_path, capsys, "--options", '{"horses": 2}')
    assert header == f"seed {SEED}, preset jipinghu, horses=2, competent bots"
    for record in records:
        assert [len(horses) for horses in record.result.horses] == [2, 2, 2, 2]
    assert any(p.reason == "horse" for r in records for p in r.result.payments)


def test_option_min_fan_3_allows_no_win_below_3_fan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, _ = simulate_records(tmp_path, capsys)
    assert min(winning_fans(plain)) < 3  # else this test shows nothing
    records, _ = simulate_records(tmp_path, capsys, "--option", "min_fan=3")
    assert winning_fans(records), "no win at all in the run"
    assert min(winning_fans(records)) >= 3


def test_preset_json_and_options_combine_and_later_ones_win(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, header = simulate_records(
        tmp_path,
        capsys,
        "--preset", "qq3",
        "--options", '{"preset": "baohu5", "flowers": true, "horses": 2, "base": 5}',
        "--option", "horses=1",
        "--option", "seven_pairs=yes",
    )  # fmt: skip
    assert header == (
        f"seed {SEED}, preset qq3, base=5, flowers=on, horses=1, seven_pairs=on, competent bots"
    )
    # The digest is the one of the rules the table played, worked out by the table.
    played = make_ruleset(
        {"preset": "qq3", "base": 5, "flowers": True, "horses": 1, "seven_pairs": True}
    )
    assert {r.ruleset_digest for r in records} == {played.digest}
    assert records[0].scores_before == (5000, 5000, 5000, 5000)
    assert all([len(h) for h in r.result.horses] == [1, 1, 1, 1] for r in records)


def test_options_reach_the_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--simulate", "6", "--seed", "1", "--jobs", "2", "--option", "flowers=on"])
    out = capsys.readouterr().out
    assert code == 0, out
    # What the two workers play: three hands each, seeds 1 and 2, at a table with flowers.
    expected = Summary()
    for seed in (1, 2):
        expected.add(play_hands(3, seed, make_ruleset({"flowers": True}), ("competent",) * 4))
    assert _without_speed(out.split("\n", 1)[1]) == _without_speed(report(expected))


def _without_speed(report_text: str) -> list[str]:
    return [line for line in report_text.splitlines() if not line.startswith("speed")]


# --- records carry their options -----------------------------------------------------------


def test_a_record_with_options_replays_on_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, _ = simulate_records(
        tmp_path, capsys, "--preset", "baohu5", "--option", "flowers=on", "--option", "horses=2"
    )
    for record in records:
        assert record.options is not None
        table = replay(record)  # no rules given: the record's own
        assert table.result == record.result
        assert tuple(table.scores) == record.result.scores


def test_an_old_record_without_options_still_loads_and_replays_with_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, _ = simulate_records(tmp_path, capsys, "--preset", "qq3", hands=3)
    for record in records:
        raw = json.loads(msgspec.json.encode(record))
        del raw["options"]  # as written before records kept their options
        old = decoder.decode(json.dumps(raw))
        assert old.options is None
        with pytest.raises(ValueError, match="replay it with its rules"):
            replay(old)
        assert replay(old, make_ruleset({"preset": "qq3"})).result == record.result


def test_a_record_whose_options_no_longer_make_its_rules_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records, _ = simulate_records(tmp_path, capsys, hands=1)
    other = msgspec.structs.replace(records[0], ruleset_digest="0" * 16)  # a changed preset
    with pytest.raises(ValueError, match="other rules"):
        replay(other)


# --- bad options: exit 2, one line ---------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--option", "flower=on"], ["'flower'", "did you mean 'flowers'", "valid names:",
                                     "seven_pairs"]),
        (["--options", '{"horse": 2}'], ["'horse'", "valid names:", "horses"]),
        (["--option", "horses=5"], ["'horses'", "5", "valid values: 0, 1, 2"]),
        (["--option", "base=3"], ["'base'", "3", "valid values: 1, 2, 5, 10, 20, 50, 100"]),
        (["--option", "flowers=maybe"], ["'flowers'", "'maybe'", "valid values: true, false"]),
        (["--option", "min_fan=2"], ["'min_fan'", "valid values: 0, 1, 3, null"]),
        (["--option", "missed_win_lock_until=later"], ["'later'", "any_move, discard"]),
        (["--option", "turn_seconds=301"], ["'turn_seconds'", "0 to 300"]),
        (["--options", '{"flowers": 1}'], ["'flowers'", "valid values: true, false"]),
        (["--option", "preset=nope"], ["'preset'", "'nope'", "jipinghu, qq3, baohu5, seed003"]),
        (["--preset", "nope"], ["'preset'", "'nope'", "jipinghu, qq3, baohu5, seed003"]),
        (["--option", "flowers"], ["'flowers'", "NAME=VALUE"]),
        (["--options", "{flowers: true}"], ["JSON", "malformed"]),
        (["--options", "[1, 2]"], ["JSON", "object"]),
    ],
)  # fmt: skip
def test_bad_options_exit_2_with_one_line(
    args: list[str], says: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--simulate", "3", "--seed", "1", *args])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""  # nothing was played
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("gdmj-host: ")
    for words in says:
        assert words in lines[0]


# --- the parser (shared/option_text.py) ----------------------------------------------------


@pytest.mark.parametrize(
    ("word", "value"),
    [("on", True), ("off", False), ("true", True), ("false", False), ("yes", True),
     ("no", False), ("1", True), ("0", False), ("ON", True), ("No", False)],
)  # fmt: skip
def test_switches_take_every_spelling(word: str, value: bool) -> None:
    assert parse_table_options(assignments=[f"multiple_winners={word}"]).multiple_winners is value


def test_every_option_is_read_from_its_words_and_printed_back() -> None:
    """Each TableOptions field reads from NAME=VALUE and JSON alike; the printer is the
    parser's inverse (the header of a run can be typed back as --option words)."""
    assert set(FIELD_TYPES) == set(TableOptions.__struct_fields__)
    words = option_words(EVERY_OPTION_CHANGED)
    assert [w.split("=")[0] for w in words] == list(TableOptions.__struct_fields__)
    assert parse_table_options(assignments=words) == EVERY_OPTION_CHANGED
    as_json = msgspec.json.encode(EVERY_OPTION_CHANGED).decode()
    assert parse_table_options(as_json) == EVERY_OPTION_CHANGED
    assert option_words(TableOptions()) == []


def test_default_words_give_the_presets_own_value() -> None:
    options = parse_table_options('{"min_fan": 3}', ["min_fan=default", "starting_score=null"])
    assert options == TableOptions()
    assert make_ruleset(parse_table_options(assignments=["preset=qq3", "min_fan=default"])) == (
        make_ruleset({"preset": "qq3"})
    )


def test_the_parser_raises_the_rules_error() -> None:
    with pytest.raises(RulesetError, match="horses"):
        parse_table_options(assignments=["horses=9"])
