"""The `gdmj-score` command (shared/score_cli.py): JSON and human output, every flag, bad input.

Every expected fan, pattern and point value below is worked out by hand from RULES.md §6
(the worked examples of §6.4 assume seat South and prevailing East, so they run with
`--seat S`); nothing is computed by the code under test. A handful of cases run the real
command in a subprocess; the rest call `main([...])` in-process and read its output.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from shared.patterns import PATTERNS
from shared.score_cli import main

ROOT = Path(__file__).resolve().parents[1]


# --- helpers ---------------------------------------------------------------------------


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real command as a separate process, importable with or without installing."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "shared.score_cli", *args],
        cwd=ROOT,
        env=env,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


def call(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `main(args)` in-process; argparse exits count too."""
    try:
        status = main(list(args))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def one_json_line(out: str) -> dict[str, Any]:
    """stdout must be exactly one line holding one JSON object."""
    assert out.endswith("\n"), repr(out)
    assert out.count("\n") == 1, f"more than one line on stdout: {out!r}"
    value = json.loads(out)
    assert isinstance(value, dict), out
    return value


def scored(capsys: pytest.CaptureFixture[str], hand: str, *flags: str) -> dict[str, Any]:
    status, out, err = call(capsys, hand, *flags, "--json")
    assert status == 0, err
    assert err == ""
    return one_json_line(out)


def win(
    fan: int, raw: int, patterns: list[tuple[str, int]], points: int, declare: bool = True
) -> dict[str, Any]:
    """The --json object of a winning hand."""
    return {
        "win": True,
        "fan": fan,
        "raw_fan": raw,
        "patterns": [{"id": pid, "fan": n} for pid, n in patterns],
        "can_declare": declare,
        "points": points,
    }


def normal(result: dict[str, Any]) -> dict[str, Any]:
    """The order patterns are listed in is not part of the contract: compare them as a set."""
    if "patterns" not in result:
        return result
    return {**result, "patterns": sorted(result["patterns"], key=lambda p: (p["id"], p["fan"]))}


def assert_bad_input(status: int, out: str, err: str, *names: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr that names the problem."""
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line on stderr: {err!r}"
    assert "Traceback" not in err
    for name in names:
        assert re.search(name, err, re.IGNORECASE), f"{name!r} not named in {err!r}"


# --- RULES.md §6.4 worked examples (seat South, prevailing East unless said) -------------

EXAMPLE_1 = "234m567m345p789s5z +5z"
EXAMPLE_2 = "123m456p777s3z [789s] +3z"
EXAMPLE_3 = "123m456p777s7z [555z] +7z"
EXAMPLE_4 = "123m456m789m2z [111z] +2z"
EXAMPLE_5 = "111m222m3z [444z] [777z] +3z"
EXAMPLE_8 = "111m999m5z [111z] [666z] +5z"
EXAMPLE_11 = "123m456p777s7z (5555z) +7z"

WORKED_EXAMPLES = [
    pytest.param(EXAMPLE_1, [], win(1, 1, [("all_chows", 1)], 2), id="all_chows"),
    pytest.param(
        EXAMPLE_2, [], win(0, 0, [("chicken_hand", 0)], 1, declare=False), id="chicken_no_win"
    ),
    pytest.param(
        EXAMPLE_3, [], win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 2), id="chicken_dragon"
    ),
    pytest.param(
        EXAMPLE_4,
        ["--self-drawn"],
        win(3, 3, [("mixed_one_suit", 2), ("prevailing_wind_pung", 1)], 8),
        id="mixed_one_suit_prevailing",
    ),
    pytest.param(
        EXAMPLE_5,
        [],
        win(3, 5, [("mixed_one_suit", 2), ("all_pungs", 2), ("dragon_pung", 1)], 8),
        id="capped_at_3",
    ),
    pytest.param(
        "123456789p1p [234p] +1p",
        [],
        win(3, 5, [("pure_one_suit", 4), ("all_chows", 1)], 8),
        id="big_below_burst",
    ),
    pytest.param(
        "111m999m1p [999s] [111s] +1p", [], win(6, 6, [("pure_terminals", 6)], 64), id="pure_term"
    ),
    pytest.param(
        EXAMPLE_8,
        ["--seat", "E"],
        win(
            8,
            8,
            [
                ("mixed_terminals", 5),
                ("dragon_pung", 1),
                ("prevailing_wind_pung", 1),
                ("seat_wind_pung", 1),
            ],
            256,
        ),
        id="burst_no_limit",
    ),
    pytest.param(
        "123m1s [555z] [666z] [777z] +1s",
        [],
        win(6, 6, [("big_three_dragons", 6)], 64),
        id="big_three_dragons",
    ),
    pytest.param(
        "111222333m7z [789m] +7z",
        [],
        win(3, 3, [("mixed_one_suit", 2), ("all_chows", 1)], 8),
        id="highest_reading",
    ),
    pytest.param(
        EXAMPLE_11,
        ["--self-drawn", "--win-on-kong"],
        win(3, 1, [("chicken_hand", 0), ("dragon_pung", 1), ("win_on_kong", 0)], 8),
        id="win_on_kong_floor",
    ),
]


@pytest.mark.parametrize(("hand", "flags", "expected"), WORKED_EXAMPLES)
def test_worked_examples_json(
    capsys: pytest.CaptureFixture[str], hand: str, flags: list[str], expected: dict[str, Any]
) -> None:
    assert normal(scored(capsys, hand, "--seat", "S", *flags)) == normal(expected)


@pytest.mark.parametrize(
    ("hand", "flags", "expected"),
    [
        # §6.2 big hands: values and exclusions as the table gives them; seat South.
        pytest.param(
            "123m55z666z777z11s +1s",
            [],
            win(3, 5, [("small_three_dragons", 5)], 8),
            id="small_three_dragons_below_burst",
        ),
        pytest.param(
            "111z222z333z444z5m +5m",
            [],
            win(8, 8, [("big_four_winds", 6), ("mixed_one_suit", 2)], 256),
            id="big_four_winds_keeps_mixed_one_suit",
        ),
        pytest.param(
            "111z222z333z555z7z +7z",
            [],
            win(
                9,
                9,
                [
                    ("all_honors", 6),
                    ("prevailing_wind_pung", 1),
                    ("seat_wind_pung", 1),
                    ("dragon_pung", 1),
                ],
                512,
            ),
            id="all_honors_with_bonus",
        ),
        pytest.param("1112345678999m +5m", [], win(6, 6, [("nine_gates", 6)], 64), id="nine_gates"),
        pytest.param(
            "19m19p19s1234567z +1m",
            [],
            win(6, 6, [("thirteen_orphans", 6)], 64),
            id="thirteen_orphans",
        ),
        pytest.param(
            "5m (1111m) (2222p) (3333s) (4444z) +5m",
            [],
            win(2, 2, [("all_pungs", 2)], 4),
            id="four_kongs_default",
        ),
        pytest.param(
            "5m (1111m) (2222p) (3333s) (4444z) +5m",
            ["--preset", "seed003"],
            win(5, 5, [("eighteen_arhats", 5)], 32),
            id="eighteen_arhats_seed003",
        ),
    ],
)
def test_more_patterns_json(
    capsys: pytest.CaptureFixture[str], hand: str, flags: list[str], expected: dict[str, Any]
) -> None:
    assert normal(scored(capsys, hand, "--seat", "S", *flags)) == normal(expected)


def test_worked_example_in_a_real_process() -> None:
    proc = run_cli(EXAMPLE_5, "--seat", "S", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    expected = win(3, 5, [("mixed_one_suit", 2), ("all_pungs", 2), ("dragon_pung", 1)], 8)
    assert normal(one_json_line(proc.stdout)) == normal(expected)


def test_hand_given_as_separate_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, "123m456p777s7z", "[555z]", "+7z", "--seat", "S", "--json")
    assert status == 0, err
    expected = win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 2)
    assert normal(one_json_line(out)) == normal(expected)


# --- human-readable output -------------------------------------------------------------


def _names(pattern_id: str) -> tuple[str, str]:
    return PATTERNS[pattern_id].zh, PATTERNS[pattern_id].en


def assert_human(out: str, zh_names: list[str], fan: int, points: int) -> None:
    for zh in zh_names:
        assert zh in out, f"{zh} missing from:\n{out}"
    assert re.search(rf"\bfan\b[^\d\n]*{fan}\b", out, re.IGNORECASE), out
    assert re.search(rf"\bpoints\b[^\d\n]*{points}\b", out, re.IGNORECASE), out


def test_human_output_names_patterns_fan_and_points(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, EXAMPLE_8, "--seat", "E")
    assert status == 0, err
    assert err == ""
    assert_human(out, ["混幺九", "箭刻", "圈风刻", "门风刻"], fan=8, points=256)
    for pid in ("mixed_terminals", "dragon_pung", "prevailing_wind_pung", "seat_wind_pung"):
        zh, en = _names(pid)
        assert en and en.isascii(), (pid, en)
        assert en in out, f"{en!r} missing from:\n{out}"
        assert zh in out


def test_human_output_of_a_floor_and_a_hand_that_may_not_be_declared(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = call(capsys, EXAMPLE_11, "--seat", "S", "--self-drawn", "--win-on-kong")
    assert status == 0
    assert_human(out, ["鸡胡", "箭刻", "杠上开花"], fan=3, points=8)
    assert _names("win_on_kong")[1] in out

    status, out, _ = call(capsys, EXAMPLE_2, "--seat", "S")
    assert status == 0
    assert_human(out, ["鸡胡"], fan=0, points=1)
    assert _names("chicken_hand")[1] in out
    assert "not" in out.lower()  # says it may not be declared (min_fan 1)


def test_human_output_in_a_real_process() -> None:
    proc = run_cli(EXAMPLE_1, "--seat", "S")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert_human(proc.stdout, ["平胡"], fan=1, points=2)
    assert _names("all_chows")[1] in proc.stdout


def test_human_output_of_a_13_tile_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "23m456p789s11z [555p]")
    assert status == 0
    assert "1m" in out and "4m" in out
    assert re.search(r"shanten\D*0", out), out


# --- 13-tile hands: shanten and waits; 14-tile hands that do not win ---------------------

NINE_RANKS = [f"{r}m" for r in range(1, 10)]
ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("1112345678999m", {"shanten": 0, "waits": NINE_RANKS}, id="nine_gates"),
        pytest.param("23m456p789s11z [555p]", {"shanten": 0, "waits": ["1m", "4m"]}, id="meld"),
        pytest.param("456p123s1z [555p] (7777s)", {"shanten": 0, "waits": ["1z"]}, id="kong"),
        pytest.param("23m456p789s11z [1111m]", {"shanten": 0, "waits": ["4m"]}, id="no_fifth_copy"),
        pytest.param("19m19p19s1234567z", {"shanten": 0, "waits": ORPHANS}, id="orphans_13"),
        pytest.param("159m159p159s1357z", {"shanten": 3, "waits": []}, id="far"),
        pytest.param("123m456p789s1135z", {"shanten": 1, "waits": []}, id="one_away"),
        pytest.param("123m456p789s1357z", {"shanten": 2, "waits": []}, id="two_away"),
    ],
)
def test_thirteen_tiles_shanten_and_waits(
    capsys: pytest.CaptureFixture[str], hand: str, expected: dict[str, Any]
) -> None:
    status, out, err = call(capsys, hand, "--json")
    assert status == 0, err
    assert one_json_line(out) == expected


def test_thirteen_tiles_in_a_real_process() -> None:
    proc = run_cli("1112345678999m", "--json")
    assert proc.returncode == 0, proc.stderr
    assert one_json_line(proc.stdout) == {"shanten": 0, "waits": NINE_RANKS}


@pytest.mark.parametrize(
    ("hand", "shanten"),
    [
        pytest.param("123m456p777s3z [789s] +4z", 0, id="no_pair"),
        pytest.param("159m159p159s1357z +2z", 2, id="orphans_two_away"),
        pytest.param("123m456p789s1135z +7z", 1, id="one_away"),
        pytest.param("123m456p789s1357z +2z", 2, id="two_away"),
    ],
)
def test_fourteen_tiles_that_do_not_win(
    capsys: pytest.CaptureFixture[str], hand: str, shanten: int
) -> None:
    assert scored(capsys, hand) == {"win": False, "shanten": shanten}
    status, out, _ = call(capsys, hand)
    assert status == 0
    assert "not a winning hand" in out or "not" in out.lower()


# --- every flag has an effect ----------------------------------------------------------


def test_self_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    # qq3: a self-drawn win adds a bonus fan (RULES §8).
    assert normal(scored(capsys, EXAMPLE_1, "--preset", "qq3")) == normal(
        win(1, 1, [("all_chows", 1)], 2)
    )
    assert normal(scored(capsys, EXAMPLE_1, "--preset", "qq3", "--self-drawn")) == normal(
        win(2, 2, [("all_chows", 1), ("self_drawn", 1)], 4)
    )
    # seed003: a self-drawn win within the cap adds one base unit to the points, not a fan.
    assert normal(scored(capsys, EXAMPLE_1, "--preset", "seed003", "--self-drawn")) == normal(
        win(1, 1, [("all_chows", 1)], 3)
    )


def test_seat(capsys: pytest.CaptureFixture[str]) -> None:
    south = [("mixed_terminals", 5), ("dragon_pung", 1), ("prevailing_wind_pung", 1)]
    assert normal(scored(capsys, EXAMPLE_8, "--seat", "S")) == normal(win(7, 7, south, 128))
    east = [*south, ("seat_wind_pung", 1)]
    assert normal(scored(capsys, EXAMPLE_8, "--seat", "E")) == normal(win(8, 8, east, 256))
    # The default seat is East.
    assert normal(scored(capsys, EXAMPLE_8)) == normal(win(8, 8, east, 256))


def test_prevailing(capsys: pytest.CaptureFixture[str]) -> None:
    # The 东 pung scores the prevailing wind only while East prevails (the default).
    assert normal(scored(capsys, EXAMPLE_4, "--seat", "S", "--prevailing", "S")) == normal(
        win(2, 2, [("mixed_one_suit", 2)], 4)
    )
    expected = win(3, 3, [("mixed_one_suit", 2), ("prevailing_wind_pung", 1)], 8)
    assert normal(scored(capsys, EXAMPLE_4, "--seat", "S", "--prevailing", "E")) == normal(expected)
    assert normal(scored(capsys, EXAMPLE_4, "--seat", "S")) == normal(expected)
    # 南 prevailing and 南 seat: a 南 pung scores both.
    assert normal(
        scored(capsys, "123m456m789m1z [222z] +1z", "--seat", "S", "--prevailing", "S")
    ) == normal(
        win(
            3,
            4,
            [("mixed_one_suit", 2), ("prevailing_wind_pung", 1), ("seat_wind_pung", 1)],
            8,
        )
    )


def test_preset_qq3(capsys: pytest.CaptureFixture[str]) -> None:
    # 混碰 is a special of qq3 and is scored alone: no dragon pung on top.
    assert normal(scored(capsys, EXAMPLE_5, "--seat", "S", "--preset", "qq3")) == normal(
        win(4, 4, [("mixed_pungs", 4)], 16)
    )
    # qq3's min_fan is 0: a bare chicken hand may be declared.
    assert normal(scored(capsys, EXAMPLE_2, "--seat", "S", "--preset", "qq3")) == normal(
        win(0, 0, [("chicken_hand", 0)], 1, declare=True)
    )


def test_min_fan(capsys: pytest.CaptureFixture[str]) -> None:
    assert scored(capsys, EXAMPLE_2, "--seat", "S")["can_declare"] is False
    assert normal(scored(capsys, EXAMPLE_2, "--seat", "S", "--min-fan", "0")) == normal(
        win(0, 0, [("chicken_hand", 0)], 1, declare=True)
    )
    assert scored(capsys, EXAMPLE_3, "--seat", "S", "--min-fan", "1")["can_declare"] is True
    assert normal(scored(capsys, EXAMPLE_3, "--seat", "S", "--min-fan", "3")) == normal(
        win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 2, declare=False)
    )
    assert scored(capsys, EXAMPLE_5, "--seat", "S", "--min-fan", "3")["can_declare"] is True
    # --min-fan overrides the preset's own minimum too.
    assert scored(capsys, EXAMPLE_2, "--preset", "qq3", "--min-fan", "1")["can_declare"] is False


def test_base(capsys: pytest.CaptureFixture[str]) -> None:
    # RULES §6.5: base 2, fan 3 → points 16.
    expected = win(3, 3, [("mixed_one_suit", 2), ("prevailing_wind_pung", 1)], 16)
    assert normal(scored(capsys, EXAMPLE_4, "--seat", "S", "--self-drawn", "--base", "2")) == (
        normal(expected)
    )
    assert scored(capsys, EXAMPLE_2, "--seat", "S", "--base", "2")["points"] == 2
    assert scored(capsys, EXAMPLE_8, "--seat", "E", "--base", "100")["points"] == 25600


def test_win_on_kong(capsys: pytest.CaptureFixture[str]) -> None:
    plain = win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 2)
    assert normal(scored(capsys, EXAMPLE_11, "--seat", "S", "--self-drawn")) == normal(plain)
    floored = win(3, 1, [("chicken_hand", 0), ("dragon_pung", 1), ("win_on_kong", 0)], 8)
    assert normal(
        scored(capsys, EXAMPLE_11, "--seat", "S", "--self-drawn", "--win-on-kong")
    ) == normal(floored)
    # 杠上开花 is a self-drawn win; on a discard the flag gives no floor.
    assert normal(scored(capsys, EXAMPLE_11, "--seat", "S", "--win-on-kong")) == normal(plain)


def test_robbing_kong(capsys: pytest.CaptureFixture[str]) -> None:
    expected = win(3, 1, [("chicken_hand", 0), ("dragon_pung", 1), ("robbing_the_kong", 0)], 8)
    assert normal(scored(capsys, EXAMPLE_3, "--seat", "S", "--robbing-kong")) == normal(expected)
    # A robbed kong is won on another player's tile, never self-drawn.
    status, out, err = call(
        capsys, EXAMPLE_3, "--seat", "S", "--robbing-kong", "--self-drawn", "--json"
    )
    assert_bad_input(status, out, err, "self-drawn|rob")


def test_last_tile(capsys: pytest.CaptureFixture[str]) -> None:
    expected = win(3, 1, [("chicken_hand", 0), ("dragon_pung", 1), ("last_tile_draw", 0)], 8)
    assert normal(
        scored(capsys, EXAMPLE_3, "--seat", "S", "--self-drawn", "--last-tile")
    ) == normal(expected)
    # 海底捞月 is a self-drawn win on the wall's last tile: a discard gets no floor.
    assert normal(scored(capsys, EXAMPLE_3, "--seat", "S", "--last-tile")) == normal(
        win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 2)
    )


def test_heavenly(capsys: pytest.CaptureFixture[str]) -> None:
    # 天胡 is a flat 6 that counts nothing else.
    assert normal(scored(capsys, EXAMPLE_1, "--seat", "E", "--self-drawn", "--heavenly")) == normal(
        win(6, 6, [("heavenly_hand", 6)], 64)
    )


def test_earthly(capsys: pytest.CaptureFixture[str]) -> None:
    # Default: 地胡 by self-draw or on a discard, a flat 6.
    assert normal(scored(capsys, EXAMPLE_1, "--seat", "S", "--earthly")) == normal(
        win(6, 6, [("earthly_hand", 6)], 64)
    )
    # qq3: only a first-go-around self-draw is 地胡, and a special is scored alone.
    assert normal(scored(capsys, EXAMPLE_1, "--seat", "S", "--preset", "qq3", "--earthly")) == (
        normal(win(1, 1, [("all_chows", 1)], 2))
    )
    assert normal(
        scored(capsys, EXAMPLE_1, "--seat", "S", "--preset", "qq3", "--earthly", "--self-drawn")
    ) == normal(win(6, 6, [("earthly_hand", 6)], 64))


def test_flowers(capsys: pytest.CaptureFixture[str]) -> None:
    expected = win(3, 3, [("chicken_hand", 0), ("dragon_pung", 1), ("flower", 2)], 8)
    assert normal(scored(capsys, EXAMPLE_3, "--seat", "S", "--flowers", "2")) == normal(expected)
    assert normal(scored(capsys, EXAMPLE_3, "--seat", "S", "--flowers", "0")) == normal(
        win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 2)
    )
    # Without --flowers, the flowers written in HAND count.
    with_flowers = "123m456p777s7z1f2f [555z] +7z"
    assert normal(scored(capsys, with_flowers, "--seat", "S")) == normal(expected)


def test_seven_pairs_only_as_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    # §5: no seven pairs by default; §7 option seven_pairs makes it a small hand of 2 fan.
    hand = "1122m3344p5566s7z +7z"
    assert scored(capsys, hand, "--seat", "S") == {"win": False, "shanten": 3}
    assert normal(scored(capsys, hand, "--seat", "S", "--seven-pairs")) == normal(
        win(2, 2, [("seven_pairs", 2)], 4)
    )
    assert scored(capsys, "1122m3344p5566s7z") == {"shanten": 3, "waits": []}
    assert scored(capsys, "1122m3344p5566s7z", "--seven-pairs") == {"shanten": 0, "waits": ["7z"]}


def test_human_hand_in_qq3(capsys: pytest.CaptureFixture[str]) -> None:
    # §8: 人和, a non-dealer's win on the dealer's first discard, a special of 6 scored alone.
    assert normal(scored(capsys, EXAMPLE_1, "--seat", "S", "--preset", "qq3", "--human")) == normal(
        win(6, 6, [("human_hand", 6)], 64)
    )


# --- bad input: exit 2, one line on stderr naming the problem, nothing on stdout ---------

BAD_INPUT = [
    pytest.param(["123x456p789s1122z"], ["suit", "x"], id="unknown_suit"),
    pytest.param(["11111m23p456s789s"], ["1m", "5|five|copies"], id="fifth_tile"),
    pytest.param(["1111m23p456s789s1z +1m"], ["1m", "5|five|copies"], id="fifth_by_win"),
    pytest.param(["1m23p456s789s1z [1111m]"], ["1m", "copies|five|5"], id="fifth_by_meld"),
    pytest.param(["123m456p789s11z"], ["13"], id="too_few"),
    pytest.param(["11123456789999m"], ["13"], id="fourteen_without_plus"),
    pytest.param(["123m456p789s11z +1z"], ["13"], id="too_few_with_win"),
    pytest.param([""], ["empty"], id="empty"),
    pytest.param(["123m456p789s1122z [55p"], ["close|bracket|\\]"], id="unclosed_meld"),
    pytest.param(["1112345678999m", "--seat", "X"], ["seat"], id="bad_seat"),
    pytest.param(["1112345678999m", "--prevailing", "Q"], ["prevailing"], id="bad_prevailing"),
    pytest.param(["1112345678999m", "--base", "3"], ["base"], id="base_3"),
    pytest.param(["1112345678999m", "--min-fan", "2"], ["min.fan"], id="min_fan_2"),
    pytest.param(["1112345678999m", "--preset", "nosuch"], ["preset"], id="unknown_preset"),
    pytest.param([EXAMPLE_3, "--flowers", "9"], ["flowers"], id="flowers_9"),
    pytest.param([EXAMPLE_3, "--base", "two"], ["base"], id="base_not_a_number"),
]


@pytest.mark.parametrize(("argv", "names"), BAD_INPUT)
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], names: list[str], as_json: bool
) -> None:
    status, out, err = call(capsys, *argv, *(["--json"] if as_json else []))
    assert_bad_input(status, out, err, *names)


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        pytest.param(["123x456p789s1122z", "--json"], ["suit"], id="unknown_suit"),
        pytest.param(["1112345678999m", "--seat", "X"], ["seat"], id="bad_seat"),
        pytest.param(["1112345678999m", "--base", "3", "--json"], ["base"], id="base_3"),
    ],
)
def test_bad_input_in_a_real_process(argv: list[str], names: list[str]) -> None:
    proc = run_cli(*argv)
    assert_bad_input(proc.returncode, proc.stdout, proc.stderr, *names)


# --- HAND '-': one JSON object per input line ------------------------------------------

STDIN_LINES = [
    EXAMPLE_1,
    EXAMPLE_2,
    "12x3m",
    "",
    "1112345678999m",
    "123m456p777s3z [789s] +4z",
    "11111m23p456s789s",
    EXAMPLE_5,
]


def _expected_stream() -> list[dict[str, Any] | None]:
    """None marks a line that must be {"error": ...}."""
    return [
        win(1, 1, [("all_chows", 1)], 2),
        win(0, 0, [("chicken_hand", 0)], 1, declare=False),
        None,
        None,
        {"shanten": 0, "waits": NINE_RANKS},
        {"win": False, "shanten": 0},
        None,
        win(3, 5, [("mixed_one_suit", 2), ("all_pungs", 2), ("dragon_pung", 1)], 8),
    ]


def assert_stream(out: str, expected: list[dict[str, Any] | None]) -> None:
    lines = out.splitlines()
    assert len(lines) == len(expected), out
    for line, want in zip(lines, expected, strict=True):
        got = json.loads(line)
        assert isinstance(got, dict), line
        if want is None:
            assert list(got) == ["error"], line
            assert isinstance(got["error"], str) and got["error"], line
        else:
            assert normal(got) == normal(want), line


def test_stdin_mode_with_bad_and_blank_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(STDIN_LINES) + "\n"))
    status, out, _ = call(capsys, "-", "--seat", "S")
    assert status == 2
    assert_stream(out, _expected_stream())


def test_stdin_mode_errors_name_the_problem(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("12x3m\n11111m23p456s789s\n"))
    status, out, _ = call(capsys, "-", "--json")
    assert status == 2
    first, second = (json.loads(line)["error"] for line in out.splitlines())
    assert "x" in first and "suit" in first.lower()
    assert "1m" in second


def test_stdin_mode_all_good(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # CRLF endings and a last line without a newline are still one hand per line.
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{EXAMPLE_1}\r\n1112345678999m\r\n{EXAMPLE_3}"))
    status, out, err = call(capsys, "-", "--seat", "S", "--base", "2")
    assert status == 0, err
    assert err == ""
    assert_stream(
        out,
        [
            win(1, 1, [("all_chows", 1)], 4),
            {"shanten": 0, "waits": NINE_RANKS},
            win(1, 1, [("chicken_hand", 0), ("dragon_pung", 1)], 4),
        ],
    )


def test_stdin_mode_in_a_real_process() -> None:
    proc = run_cli("-", "--seat", "S", stdin="\n".join(STDIN_LINES) + "\n")
    assert proc.returncode == 2, proc.stderr
    assert_stream(proc.stdout, _expected_stream())

    good = run_cli("-", "--seat", "S", stdin=f"{EXAMPLE_1}\n1112345678999m\n")
    assert good.returncode == 0, good.stderr
    assert_stream(
        good.stdout, [win(1, 1, [("all_chows", 1)], 2), {"shanten": 0, "waits": NINE_RANKS}]
    )


def test_stdin_mode_bad_flag_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{EXAMPLE_1}\n"))
    status, out, err = call(capsys, "-", "--base", "3")
    assert_bad_input(status, out, err, "base")
