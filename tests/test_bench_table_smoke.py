"""The table and bot benchmarks run end to end on a few hands and end with their JSON line.

Nothing is timed or judged here: with a handful of hands the figures mean nothing, only
the shape of the output does.
"""

from __future__ import annotations

import pytest

from tests.support.bench import run_bench

TABLE_KEYS = {
    "competent_hands_per_s",
    "random_hands_per_s",
    "competent_checked_hands_per_s",
    "random_checked_hands_per_s",
    "competent_wall_hands_per_s",
    "random_wall_hands_per_s",
    "competent_fresh_hands_per_s",
    "warmup_competent_hands",
    "competent_actions_per_hand",
    "random_actions_per_hand",
    "competent_us_per_action",
    "random_us_per_action",
    "hands",
    "seed",
    "preset",
    "breakdown",
    "targets",
    "seconds",
    "reference_random_hands_per_s",
    "reference_random_us_per_action",
    "random_share_of_reference",
    "random_target_share_of_reference",
    "reference_analysis_us_per_decision",
    "competent_discards_per_hand",
    "competent_ceiling_hands_per_s",
    "competent_share_of_ceiling",
    "competent_target_share_of_ceiling",
    "repeats",
}
BOTS_KEYS = {
    "strong_vs_normal",
    "strong_vs_normal_stderr",
    "strong_vs_greedy",
    "strong_vs_greedy_stderr",
    "normal_vs_greedy",
    "normal_vs_greedy_stderr",
    "easy_vs_normal",
    "easy_vs_normal_stderr",
    "strong_dealin_ratio",
    "strong_p99_ms",
    "strong_max_ms",
    "deals",
    "hands_per_pairing",
    "seed",
    "preset",
    "checks",
    "seconds",
}


@pytest.mark.parametrize("breakdown", ["1", "0"])
def test_bench_table_runs_and_ends_with_its_json_line(breakdown: str) -> None:
    report, summary = run_bench(
        "bench_table.py",
        "--hands", "3",
        "--random-hands", "5",
        "--warmup", "1",
        "--breakdown-hands", breakdown,
        "--seed", "7",
        "--preset", "qq3",
        "--repeats", "2",
    )  # fmt: skip
    assert summary.keys() >= TABLE_KEYS, sorted(TABLE_KEYS - summary.keys())
    assert summary["hands"] == {"competent": 3, "random": 5}
    assert summary["seed"] == 7 and summary["preset"] == "qq3" and summary["repeats"] == 2
    for key in TABLE_KEYS - {"hands", "seed", "preset", "breakdown", "targets", "repeats"}:
        assert isinstance(summary[key], int | float) and summary[key] > 0, (key, summary[key])
    assert set(summary["targets"]) == {
        "competent_hands_per_s",
        "random_hands_per_s",
        "random_share_of_reference",
        "competent_share_of_ceiling",
    }
    assert set(summary["targets"].values()) <= {"PASS", "MISS"}
    if breakdown == "0":
        assert summary["breakdown"] is None
    else:
        assert set(summary["breakdown"]) == {"competent", "random"}
        for shares in summary["breakdown"].values():
            assert abs(sum(shares.values()) - 1) < 0.01
    assert "hands/s" in report and "targets" in report and "ceilings" in report
    # the ratios are the figures they are said to be, to rounding
    share = summary["random_hands_per_s"] / summary["reference_random_hands_per_s"]
    assert abs(summary["random_share_of_reference"] - share) < 0.01
    ceiling = 1e6 / (
        summary["reference_analysis_us_per_decision"] * summary["competent_discards_per_hand"]
    )
    assert abs(summary["competent_ceiling_hands_per_s"] - ceiling) / ceiling < 0.01
    # Both trees' figures when this one is compiled (tests/support/both_trees.py): the pure copy's
    # targets are in its own JSON, not in this report.
    assert isinstance(summary["compiled"], bool)
    assert report.count("PASS") + report.count("MISS") == 4
    if summary["compiled"]:
        assert summary["pure"]["compiled"] is False
        ratio = summary["random_hands_per_s"] / summary["pure"]["random_hands_per_s"]
        assert abs(summary["compiled_over_pure"]["random_hands_per_s"] - ratio) < 0.01
    else:
        assert "pure" not in summary


def test_bench_bots_runs_and_ends_with_its_json_line() -> None:
    report, summary = run_bench("bench_bots.py", "--deals", "3", "--jobs", "1", "--seed", "5")
    assert summary.keys() >= BOTS_KEYS, sorted(BOTS_KEYS - summary.keys())
    assert summary["deals"] == 3 and summary["hands_per_pairing"] == 12 and summary["seed"] == 5
    for name in ("strong_vs_normal", "strong_vs_greedy", "normal_vs_greedy", "easy_vs_normal"):
        assert isinstance(summary[name], int | float) and summary[f"{name}_stderr"] >= 0
        hero = summary[f"{name}_hero"]
        assert 0 <= hero["win_rate"] <= 1 and 0 <= hero["deal_in_rate"] <= 1
    # Four of a kind on duplicate deals: every rotation plays the same game, so nothing is left.
    assert summary["four_normal"] == 0 and summary["four_normal_stderr"] == 0
    assert 0 < summary["strong_p99_ms"] <= summary["strong_max_ms"]
    assert set(summary["checks"]) == {
        "strong_vs_normal",
        "strong_vs_greedy",
        "normal_vs_greedy",
        "easy_vs_normal",
        "strong_dealin_ratio",
        "strong_p99_ms",
        "strong_max_ms",
    }
    assert set(summary["checks"].values()) <= {"PASS", "MISS"}
    assert report.count("PASS") + report.count("MISS") == 7


def test_bench_bots_figures_do_not_depend_on_the_number_of_jobs() -> None:
    pairing = ("--pairing", "normal_vs_greedy", "--pairing", "easy_vs_normal")
    _, one = run_bench("bench_bots.py", "--deals", "30", "--jobs", "1", "--seed", "9", *pairing)
    _, two = run_bench("bench_bots.py", "--deals", "30", "--jobs", "2", "--seed", "9", *pairing)
    untimed = {"p99_ms", "max_ms"}
    hero_one, hero_two = (
        {k: v for k, v in run["normal_vs_greedy_hero"].items() if k not in untimed}
        for run in (one, two)
    )
    assert hero_one == hero_two
    for key in ("normal_vs_greedy", "easy_vs_normal", "checks"):
        assert one[key] == two[key], key
