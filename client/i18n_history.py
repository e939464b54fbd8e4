"""The History (对局记录) and Statistics screens' texts, in 简体中文, 繁體中文 and English
(client/scenes/history.py, client/scenes/statistics.py, client/record_store.py).

Part of the one catalogue of client/i18n.py, which merges them in. Same form as there:
key → (简体, 繁體, English) templates.
"""

from __future__ import annotations

HISTORY_TEXTS: dict[str, tuple[str, str, str]] = {
    # --- the menu and the sessions ----------------------------------------------------------
    "menu.history": ("对局记录", "對局記錄", "History"),
    "history.title": ("对局记录", "對局記錄", "History"),
    "history.empty": (
        "还没有对局记录：你坐过或看过的每一局都会记在这里",
        "還沒有對局記錄：你坐過或看過的每一局都會記在這裡",
        "No hands yet: every hand you play or watch is kept here",
    ),
    "history.no_match": (
        "没有 {name} 的对局",
        "沒有 {name} 的對局",
        "No sessions with {name}",
    ),
    "history.filter": ("玩家", "玩家", "Player"),
    "history.everyone": ("全部", "全部", "Everyone"),
    "history.col.date": ("日期", "日期", "Date"),
    "history.col.table": ("牌桌", "牌桌", "Table"),
    "history.col.hands": ("局数", "局數", "Hands"),
    "history.col.players": ("玩家与最终积分", "玩家與最終積分", "Players and final scores"),
    "history.back": ("返回", "返回", "Back"),
    "history.statistics": ("统计", "統計", "Statistics"),
    "history.hint": (
        "↑ ↓ 选择 · Enter 打开 · 滚轮翻看",
        "↑ ↓ 選擇 · Enter 打開 · 滾輪翻看",
        "↑ ↓ choose · Enter opens · wheel scrolls",
    ),
    "history.save_failed": (
        "未能保存本局记录：{reason}",
        "未能保存本局記錄：{reason}",
        "Could not keep this hand's record: {reason}",
    ),
    # --- a session's hands ------------------------------------------------------------------
    "history.session": ("{table} · {date}", "{table} · {date}", "{table} · {date}"),
    "history.hosted_by": ("桌主：{name}", "桌主：{name}", "Hosted by {name}"),
    "history.col.hand": ("局", "局", "Hand"),
    "history.col.dealer": ("庄家", "莊家", "Dealer"),
    "history.col.result": ("结果", "結果", "Result"),
    "history.col.points": ("得分", "得分", "Points"),
    "history.drawn": ("流局", "流局", "Drawn hand"),
    "history.win.self_drawn": ("{name} 自摸", "{name} 自摸", "{name}, self-drawn"),
    "history.win.discard": (
        "{name} 食 {loser} 的炮",
        "{name} 食 {loser} 的炮",
        "{name}, on {loser}'s discard",
    ),
    "history.win.robbing_kong": (
        "{name} 抢 {loser} 的杠",
        "{name} 搶 {loser} 的槓",
        "{name}, robbing {loser}'s kong",
    ),
    "history.fan": ("{n}番", "{n}番", "{n} fan"),
    "history.damaged": (
        "记录损坏，未能读取：{reason}",
        "記錄損壞，未能讀取：{reason}",
        "Damaged record, not read: {reason}",
    ),
    "history.replay": ("回放", "回放", "Replay"),
    "history.export": ("导出", "匯出", "Export"),
    "history.hint.hands": (
        "↑ ↓ 选择 · Enter 回放 · E 导出 · Esc 返回",
        "↑ ↓ 選擇 · Enter 回放 · E 匯出 · Esc 返回",
        "↑ ↓ choose · Enter replays · E exports · Esc back",
    ),
    # --- statistics -------------------------------------------------------------------------
    "stats.title": ("统计", "統計", "Statistics"),
    "stats.player": ("玩家", "玩家", "Player"),
    "stats.you": ("{name}（你）", "{name}（你）", "{name} (you)"),
    "stats.over": ("范围", "範圍", "Over"),
    "stats.last": ("最近 {n} 场", "最近 {n} 場", "The last {n} sessions"),
    "stats.all": ("全部场次", "全部場次", "All sessions"),
    "stats.sessions": ("场次", "場次", "Sessions"),
    "stats.hands": ("局数", "局數", "Hands"),
    "stats.win_rate": ("和牌率", "和牌率", "Win rate"),
    "stats.self_drawn": ("和牌中自摸", "和牌中自摸", "Wins self-drawn"),
    "stats.deal_in": ("放炮率", "放炮率", "Deal-in rate"),
    "stats.average_fan": ("和牌平均番数", "和牌平均番數", "Average fan of wins"),
    "stats.patterns": ("和牌番种", "和牌番種", "Patterns won with"),
    "stats.no_patterns": ("还没有和过牌", "還沒有和過牌", "No wins yet"),
    "stats.chart": ("累计得失分", "累計得失分", "Points won and lost, added up"),
    "stats.chart_hint": (
        "横轴：逐局 · 竖线：每场开始",
        "橫軸：逐局 · 豎線：每場開始",
        "Across: hand by hand · upright lines: a session starts",
    ),
    "stats.no_hands": (
        "这些场次里没有坐过的牌局",
        "這些場次裡沒有坐過的牌局",
        "No hands played in these sessions",
    ),
    "stats.none": ("—", "—", "—"),
    "stats.hint": (
        "← → 换玩家 · ↑ ↓ 换范围 · Esc 返回",
        "← → 換玩家 · ↑ ↓ 換範圍 · Esc 返回",
        "← → another player · ↑ ↓ another range · Esc back",
    ),
}
