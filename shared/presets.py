"""The rulesets of RULES.md §6 and §8 as plain data: one table of patterns per preset.

Each pattern row is (id, fan, kind, excludes). Kinds:
- "fallback": counted only when no small or big pattern applies (鸡胡 chicken hand);
- "small": a small hand, counted within the cap;
- "big": a big hand (§6.2) or a special (§8), counted as the preset's counting says;
- "bonus": added fan (加番), never a win by itself;
- "floor": a special win that raises the fan to at least the given value (不满3番按3番计).
`excludes` names the patterns not counted with this one; "*" means every other pattern.
`fan` of a "floor" row is the floor itself; the pattern adds no fan.
"""

from __future__ import annotations

from typing import Any

ALL = ("*",)

_FLOORS = [
    ("win_on_kong", 3, "floor", ()),
    ("robbing_the_kong", 3, "floor", ()),
    ("last_tile_draw", 3, "floor", ()),
]

_BONUS = [
    ("prevailing_wind_pung", 1, "bonus", ()),
    ("seat_wind_pung", 1, "bonus", ()),
    ("dragon_pung", 1, "bonus", ()),
    ("flower", 1, "bonus", ()),
]

JIPINGHU: dict[str, Any] = {
    "name": "jipinghu",
    "title_zh": "鸡平和 · 3番满6番爆",
    "title_en": "Chicken-Ping-Hu, 3 fan limit, 6 fan burst",
    "counting": {"method": "burst", "cap": 3, "burst": 6},
    "patterns": [
        ("chicken_hand", 0, "fallback", ()),
        ("all_chows", 1, "small", ()),
        ("mixed_one_suit", 2, "small", ()),
        ("all_pungs", 2, "small", ()),
        ("seven_pairs", 2, "small", ()),
        ("pure_one_suit", 4, "big", ()),
        ("mixed_terminals", 5, "big", ("all_pungs", "mixed_one_suit")),
        ("pure_pungs", 5, "big", ("pure_one_suit", "all_pungs")),
        ("small_three_dragons", 5, "big", ("dragon_pung",)),
        ("small_four_winds", 5, "big", ("prevailing_wind_pung", "seat_wind_pung")),
        ("thirteen_orphans", 6, "big", ALL),
        ("nine_gates", 6, "big", ALL),
        ("all_honors", 6, "big", ("all_pungs", "mixed_one_suit")),
        ("pure_terminals", 6, "big", ("all_pungs",)),
        ("big_three_dragons", 6, "big", ("dragon_pung",)),
        ("big_four_winds", 6, "big", ("prevailing_wind_pung", "seat_wind_pung", "all_pungs")),
        ("heavenly_hand", 6, "big", ALL),
        ("earthly_hand", 6, "big", ALL),
        *_BONUS,
        *_FLOORS,
    ],
    "defaults": {},
}

_COMBINED = [
    ("mixed_pungs", ("mixed_one_suit", "all_pungs")),
    ("pure_pungs", ("pure_one_suit", "all_pungs")),
]


def _special_preset(
    name: str,
    title_zh: str,
    title_en: str,
    cap: int,
    small: dict[str, int],
    bonus: dict[str, int],
    big: dict[str, int],
    **extra: Any,
) -> dict[str, Any]:
    """A preset of §8: within-cap patterns, bonus, and specials scored alone (highest wins)."""
    combined = dict(_COMBINED)
    rows: list[tuple[str, int, str, tuple[str, ...]]] = [("chicken_hand", 0, "fallback", ())]
    rows += [(pid, fan, "small", combined.get(pid, ())) for pid, fan in small.items()]
    rows += [(pid, fan, "big", combined.get(pid, ())) for pid, fan in big.items()]
    rows += [(pid, fan, "bonus", ()) for pid, fan in bonus.items()]
    rows += _FLOORS
    return {
        "name": name,
        "title_zh": title_zh,
        "title_en": title_en,
        "counting": {"method": "highest_big", "cap": cap},
        "patterns": rows,
        **extra,
    }


_QQ_BONUS = {
    "self_drawn": 1,
    "seat_wind_pung": 1,
    "prevailing_wind_pung": 1,
    "dragon_pung": 1,
    "flower": 1,
}

QQ3 = _special_preset(
    "qq3",
    "爆胡 3番",
    "Limit 3 fan, specials scored alone",
    cap=3,
    small={
        "all_chows": 1,
        "all_pungs": 2,
        "mixed_one_suit": 2,
        "seven_pairs": 2,
    },
    bonus=_QQ_BONUS,
    big={
        "pure_one_suit": 4,
        "mixed_pungs": 4,
        "pure_pungs": 5,
        "mixed_terminals": 5,
        "small_three_dragons": 5,
        "small_four_winds": 5,
        "all_honors": 6,
        "pure_terminals": 6,
        "big_three_dragons": 6,
        "big_four_winds": 6,
        "nine_gates": 6,
        "thirteen_orphans": 6,
        "heavenly_hand": 6,
        "earthly_hand": 6,
        "human_hand": 6,
    },
    earthly_hand_on_discard=False,
    defaults={"min_fan": 0, "twelve_tile_liability": "first_only"},
)

BAOHU5 = _special_preset(
    "baohu5",
    "爆胡 5番",
    "Limit 5 fan, specials scored alone",
    cap=5,
    small={
        "all_chows": 1,
        "all_pungs": 3,
        "mixed_one_suit": 3,
        "seven_pairs": 2,
        "mixed_pungs": 5,
        "pure_one_suit": 5,
    },
    bonus=_QQ_BONUS,
    big={
        "pure_pungs": 6,
        "mixed_terminals": 6,
        "small_three_dragons": 7,
        "small_four_winds": 7,
        "all_honors": 8,
        "pure_terminals": 8,
        "big_three_dragons": 9,
        "big_four_winds": 9,
        "thirteen_orphans": 9,
    },
    defaults={"min_fan": 0},
)

SEED003 = _special_preset(
    "seed003",
    "爆胡 3番 (自摸加底)",
    "Limit 3 fan, self-draw adds a base",
    cap=3,
    small={
        "all_chows": 1,
        "all_pungs": 2,
        "mixed_one_suit": 2,
        "seven_pairs": 2,
    },
    bonus={
        "seat_wind_pung": 1,
        "prevailing_wind_pung": 1,
        "dragon_pung": 1,
        "flower": 1,
    },
    big={
        "pure_one_suit": 3,
        "mixed_pungs": 3,
        "pure_pungs": 4,
        "mixed_terminals": 4,
        "small_three_dragons": 4,
        "small_four_winds": 4,
        "all_honors": 5,
        "pure_terminals": 5,
        "big_three_dragons": 5,
        "big_four_winds": 5,
        "nine_gates": 5,
        "thirteen_orphans": 5,
        "eighteen_arhats": 5,
        "heavenly_hand": 5,
        "human_hand": 5,
        "earthly_hand": 5,
    },
    earthly_hand_on_discard=False,
    self_drawn_base_bonus=1,
    defaults={"min_fan": 0, "twelve_tile_liability": "all"},
)

PRESETS: dict[str, dict[str, Any]] = {p["name"]: p for p in (JIPINGHU, QQ3, BAOHU5, SEED003)}
