"""The rules page's texts (client/rules_content.py), in 简体中文, 繁體中文 and English.

Part of the one catalogue of client/i18n.py, which merges them in: kept in a file of their
own only because they are many (a description of every fan pattern of RULES.md §6 and §8,
the counting, the payments). Same form as there: key → (简体, 繁體, English) templates.
"""

from __future__ import annotations

RULES_TEXTS: dict[str, tuple[str, str, str]] = {
    # --- the page ---------------------------------------------------------------------------
    "menu.rules": ("规则", "規則", "Rules"),
    "rules.title": ("规则", "規則", "Rules"),
    "rules.at_table": ("本桌规则", "本桌規則", "This table's rules"),
    "rules.default_options": (
        "选项（开台时的默认值，桌主可改）",
        "選項（開台時的預設值，桌主可改）",
        "Options (the defaults; a table's owner may change them)",
    ),
    "rules.table_options": (
        "本桌选项（桌主所定）",
        "本桌選項（桌主所定）",
        "This table's options, as its owner set them",
    ),
    "rules.scroll_hint": (
        "滚轮或 ↑ ↓ 翻看 · ← → 换玩法",
        "滾輪或 ↑ ↓ 翻看 · ← → 換玩法",
        "Scroll with the wheel or ↑ ↓ · ← → other rules",
    ),
    "rules.scroll_hint.table": (
        "滚轮或 ↑ ↓ 翻看",
        "滾輪或 ↑ ↓ 翻看",
        "Scroll with the wheel or ↑ ↓",
    ),
    "rules.your_move": (
        "轮到你了：按 Esc 返回牌桌",
        "輪到你了：按 Esc 返回牌桌",
        "Your move: press Esc to go back to the table",
    ),
    "rules.line": ("{label}：{value}", "{label}：{value}", "{label}: {value}"),
    # --- counting (RULES.md §6.4, §8) -------------------------------------------------------
    "rules.section.counting": ("计番", "計番", "Counting the fan"),
    "rules.cap.burst": (
        "小牌与加番相加，最多计{cap}番（{cap}番满）。",
        "小牌與加番相加，最多計{cap}番（{cap}番滿）。",
        "Small hands and bonus fan add up to at most {cap} fan ({cap}番满).",
    ),
    "rules.burst": (
        "有大牌时：总番数够{burst}番即爆，照计不封顶；不够{burst}番按{cap}番计（{burst}番爆）。",
        "有大牌時：總番數夠{burst}番即爆，照計不封頂；不夠{burst}番按{cap}番計（{burst}番爆）。",
        "With a big hand: {burst} fan or more counts in full, with no limit; "
        "less counts as {cap} ({burst}番爆).",
    ),
    "rules.cap.alone": (
        "番内牌型与加番相加，最多计{cap}番。",
        "番內牌型與加番相加，最多計{cap}番。",
        "Hands within the cap and bonus fan add up to at most {cap} fan.",
    ),
    "rules.alone": (
        "有特殊牌型时：只计其中番数最高的一个，不再加其他番。",
        "有特殊牌型時：只計其中番數最高的一個，不再加其他番。",
        "With a special hand: only the highest special counts, and nothing is added to it.",
    ),
    "rules.floor": (
        "{names}：不满{fan}番按{fan}番计。",
        "{names}：不滿{fan}番按{fan}番計。",
        "{names}: counted as at least {fan} fan.",
    ),
    "rules.points": (
        "每家所付：底分 × 2^番数。底分 {base} 时，3番 = {points}分。",
        "每家所付：底分 × 2^番數。底分 {base} 時，3番 = {points}分。",
        "Each payer pays base × 2^fan. With base {base}: 3 fan = {points} points.",
    ),
    "rules.self_drawn_bonus": (
        "番内自摸：每家另付{n}底，即{points}分。",
        "番內自摸：每家另付{n}底，即{points}分。",
        "A self-drawn win within the cap: each payer adds {n} × base, here {points}.",
    ),
    # --- payments (RULES.md §6.5, §7) -------------------------------------------------------
    "rules.section.payments": ("算分", "算分", "Payments"),
    "rules.pay.self_drawn": (
        "自摸：其余三家各付一份。",
        "自摸：其餘三家各付一份。",
        "Self-drawn win: each of the other three pays.",
    ),
    "rules.pay.discard": (
        "胡别家打出的牌：出铳的一家独付。",
        "胡別家打出的牌：出銃的一家獨付。",
        "Win on a discard: the discarder alone pays.",
    ),
    "rules.pay.multiple.on": (
        "一炮多响：出铳者付给每位胡牌者各自的分数；一炮三响时每人至少计{floor}番。",
        "一炮多響：出銃者付給每位胡牌者各自的分數；一炮三響時每人至少計{floor}番。",
        "Several winners on one discard: the discarder pays each their own points; "
        "with three winners each counts at least {floor} fan.",
    ),
    "rules.pay.multiple.off": (
        "截胡：一张牌只有番数最高的一家可胡，同番时按出牌后的次序。",
        "截胡：一張牌只有番數最高的一家可胡，同番時按出牌後的次序。",
        "One winner per discard: the highest fan wins it, ties to the first in turn "
        "after the discarder.",
    ),
    "rules.pay.liability": (
        "包：以下自摸（或抢杠）由一家独付{n}份，其余两家不付：",
        "包：以下自摸（或搶槓）由一家獨付{n}份，其餘兩家不付：",
        "Liability (包): for these wins one player pays {n} shares alone, the other two nothing:",
    ),
    "rules.pay.liable.robbing": (
        "抢杠和：被抢杠的一家",
        "搶槓和：被搶槓的一家",
        "Robbing the kong: the player whose kong was robbed",
    ),
    "rules.pay.liable.kong": (
        "杠上开花包杠：放杠的一家",
        "槓上開花包槓：放槓的一家",
        "Win on a kong's replacement: the player who fed that kong",
    ),
    "rules.pay.liable.big": (
        "大三元、大四喜包自摸：打出最后一副刻子的一家",
        "大三元、大四喜包自摸：打出最後一副刻子的一家",
        "Big three dragons or big four winds: the player who fed the last pung",
    ),
    "rules.pay.liable.twelve.all": (
        "十二张落地包自摸：喂出第四副落地牌的一家（每个喂牌者都要包）",
        "十二張落地包自摸：餵出第四副落地牌的一家（每個餵牌者都要包）",
        "Twelve tiles exposed: the player who fed the fourth exposed set (every such feeder)",
    ),
    "rules.pay.liable.twelve.first_only": (
        "十二张落地包自摸：喂出第四副落地牌的一家（包先不包后）",
        "十二張落地包自摸：餵出第四副落地牌的一家（包先不包後）",
        "Twelve tiles exposed: the player who fed the fourth exposed set (the first feeder only)",
    ),
    "rules.pay.order": (
        "几种同时成立时，按以上次序，只包一家。",
        "幾種同時成立時，按以上次序，只包一家。",
        "If several apply, the first in this list is liable.",
    ),
    "rules.pay.horses": (
        "买马：每人{n}匹，买中哪家，那家赢你跟着赢，输你跟着输。",
        "買馬：每人{n}匹，買中哪家，那家贏你跟著贏，輸你跟著輸。",
        "Horses: {n} each; a horse on a seat wins what that seat wins and pays what it pays.",
    ),
    # --- the patterns -----------------------------------------------------------------------
    "rules.section.small": ("小牌（计入封顶）", "小牌（計入封頂）", "Small hands (within the cap)"),
    "rules.section.big.burst": (
        "大牌（够{burst}番即爆）",
        "大牌（夠{burst}番即爆）",
        "Big hands (burst at {burst} fan)",
    ),
    "rules.section.big.alone": (
        "特殊牌型（单独计番，只计最高一个）",
        "特殊牌型（單獨計番，只計最高一個）",
        "Special hands (scored alone, the highest only)",
    ),
    "rules.section.bonus": (
        "加番（不能单独起和）",
        "加番（不能單獨起和）",
        "Bonus fan (never a win alone)",
    ),
    "rules.section.floor": ("特殊胡法（保底）", "特殊胡法（保底）", "Special wins (a floor)"),
    "rules.fan.bonus": ("+{fan}番", "+{fan}番", "+{fan} fan"),
    "rules.fan.floor": ("保底{fan}番", "保底{fan}番", "at least {fan} fan"),
    "rules.not_here": (
        "本桌未开：要开「{option}」选项",
        "本桌未開：要開「{option}」選項",
        "Not at this table (it needs the option {option})",
    ),
    "rules.not_by_default": (
        "默认不开：要开「{option}」选项",
        "預設不開：要開「{option}」選項",
        "Off by default (it needs the option {option})",
    ),
    "rules.earthly_self_drawn_only": (
        "这套玩法只限自摸",
        "這套玩法只限自摸",
        "In these rules only by self-draw",
    ),
    "rules.won.discard": ("胡别家打出的牌", "胡別家打出的牌", "won on a discard"),
    "rules.won.self_drawn": ("自摸", "自摸", "self-drawn"),
    "rules.won.win_on_kong": ("杠后补牌自摸", "槓後補牌自摸", "self-drawn on a kong's replacement"),
    "rules.won.robbing_kong": ("抢杠", "搶槓", "robbing a kong"),
    "rules.won.last_tile": ("海底自摸", "海底自摸", "self-drawn on the last tile"),
    "rules.won.heavenly": ("庄家起手即胡", "莊家起手即胡", "the dealer's first tiles"),
    "rules.won.earthly": ("第一轮自摸", "第一輪自摸", "self-drawn in the first go-around"),
    "rules.won.human": ("胡庄家第一张牌", "胡莊家第一張牌", "on the dealer's first discard"),
    "pattern.chicken_hand.about": (
        "胡牌但没有任何小牌或大牌牌型；加番照计",
        "胡牌但沒有任何小牌或大牌牌型；加番照計",
        "A winning hand with no small or big hand pattern; bonus fan still count",
    ),
    "pattern.all_chows.about": (
        "四副都是顺子，将（对子）不限",
        "四副都是順子，將（對子）不限",
        "All four sets are chows; the pair may be anything",
    ),
    "pattern.mixed_one_suit.about": (
        "只有一门数牌，加上字牌",
        "只有一門數牌，加上字牌",
        "One suit only, plus honors",
    ),
    "pattern.all_pungs.about": (
        "四副都是刻子或杠",
        "四副都是刻子或槓",
        "All four sets are pungs or kongs",
    ),
    "pattern.seven_pairs.about": ("七个对子", "七個對子", "Seven pairs"),
    "pattern.pure_one_suit.about": (
        "全手只有一门数牌，没有字牌",
        "全手只有一門數牌，沒有字牌",
        "Every tile of one suit, no honors",
    ),
    "pattern.mixed_pungs.about": (
        "混一色加对对和，两者合计为一",
        "混一色加對對和，兩者合計為一",
        "Mixed one suit with all pungs, counted as one pattern",
    ),
    "pattern.pure_pungs.about": (
        "清一色加对对和，两者合计为一",
        "清一色加對對和，兩者合計為一",
        "Pure one suit with all pungs, counted as one pattern",
    ),
    "pattern.mixed_terminals.about": (
        "全是幺九和字牌，两样都有",
        "全是幺九和字牌，兩樣都有",
        "Only terminals (1s and 9s) and honors, some of each",
    ),
    "pattern.pure_terminals.about": (
        "全是幺九（一和九），没有字牌",
        "全是幺九（一和九），沒有字牌",
        "Only terminals (1s and 9s), no honors",
    ),
    "pattern.all_honors.about": (
        "全是字牌（风牌、箭牌）",
        "全是字牌（風牌、箭牌）",
        "Only honors (winds and dragons)",
    ),
    "pattern.small_three_dragons.about": (
        "两副箭刻，加箭牌做将",
        "兩副箭刻，加箭牌做將",
        "Two dragon pungs and a dragon pair",
    ),
    "pattern.big_three_dragons.about": (
        "中、发、白三副刻子",
        "中、發、白三副刻子",
        "Pungs of all three dragons",
    ),
    "pattern.small_four_winds.about": (
        "三副风刻，加风牌做将",
        "三副風刻，加風牌做將",
        "Three wind pungs and a wind pair",
    ),
    "pattern.big_four_winds.about": (
        "东南西北四副刻子",
        "東南西北四副刻子",
        "Pungs of all four winds",
    ),
    "pattern.thirteen_orphans.about": (
        "十三种幺九字牌各一张，其中一种多一张",
        "十三種幺九字牌各一張，其中一種多一張",
        "One of each terminal and honor, and one more of any of them",
    ),
    "pattern.nine_gates.about": (
        "门清无杠，一门数牌1112345678999再加一张同门",
        "門清無槓，一門數牌1112345678999再加一張同門",
        "Concealed, no kong: 1112345678999 of one suit and one more of it",
    ),
    "pattern.eighteen_arhats.about": ("四副杠加一对将", "四副槓加一對將", "Four kongs and a pair"),
    "pattern.heavenly_hand.about": (
        "庄家起手十四张即胡",
        "莊家起手十四張即胡",
        "The dealer's first fourteen tiles win",
    ),
    "pattern.earthly_hand.about": (
        "闲家在第一轮内胡牌，之前无人吃、碰、杠",
        "閒家在第一輪內胡牌，之前無人吃、碰、槓",
        "A non-dealer wins in the first go-around, before anyone claims a tile",
    ),
    "pattern.human_hand.about": (
        "闲家胡庄家打出的第一张牌",
        "閒家胡莊家打出的第一張牌",
        "A non-dealer wins on the dealer's first discard",
    ),
    "pattern.prevailing_wind_pung.about": (
        "圈风的刻子",
        "圈風的刻子",
        "A pung of the round's wind",
    ),
    "pattern.seat_wind_pung.about": (
        "自己门风的刻子",
        "自己門風的刻子",
        "A pung of your own seat's wind",
    ),
    "pattern.dragon_pung.about": (
        "中、发、白的刻子，每副计一次",
        "中、發、白的刻子，每副計一次",
        "A pung of a dragon, counted for each one",
    ),
    "pattern.flower.about": ("每张花牌计一次", "每張花牌計一次", "Each flower tile you drew"),
    "pattern.self_drawn.about": ("自己摸到胡牌", "自己摸到胡牌", "Winning on your own draw"),
    "pattern.win_on_kong.about": (
        "开杠后补牌自摸",
        "開槓後補牌自摸",
        "Self-drawn on the replacement tile after a kong",
    ),
    "pattern.robbing_the_kong.about": (
        "胡别家加杠的那张牌",
        "胡別家加槓的那張牌",
        "Winning on the tile another player adds to a pung",
    ),
    "pattern.last_tile_draw.about": (
        "摸牌墙最后一张自摸",
        "摸牌牆最後一張自摸",
        "Self-drawn on the wall's last tile",
    ),
}
