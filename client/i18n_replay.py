"""The replay viewer's and its coach's texts (client/scenes/replay.py), in 简体中文, 繁體中文
and English. Part of the one catalogue of client/i18n.py, which merges them in; same form
as there: key → (简体, 繁體, English) templates.
"""

from __future__ import annotations

REPLAY_TEXTS: dict[str, tuple[str, str, str]] = {
    # --- the controls ------------------------------------------------------------------------
    "replay.first": ("|←", "|←", "|←"),
    "replay.back": ("←", "←", "←"),
    "replay.forward": ("→", "→", "→"),
    "replay.last": ("→|", "→|", "→|"),
    "replay.play": ("播放", "播放", "Play"),
    "replay.pause": ("暂停", "暫停", "Pause"),
    "replay.speed": ("{speed}×速", "{speed}×速", "Speed {speed}×"),
    "replay.next_claim": ("下一吃碰杠", "下一吃碰槓", "Next claim"),
    "replay.next_win": ("到结局", "到結局", "To the end"),
    "replay.seat": ("看：{name}", "看：{name}", "Seat: {name}"),
    "replay.all_open": ("明牌", "明牌", "All hands"),
    "replay.export": ("导出", "匯出", "Export"),
    # --- what a step did ---------------------------------------------------------------------
    "replay.step": ("第 {step}/{last} 步", "第 {step}/{last} 步", "Step {step}/{last}"),
    "replay.start": ("开局", "開局", "The deal"),
    "replay.did.roll": ("{name} 掷骰", "{name} 擲骰", "{name} rolls the dice"),
    "replay.did.discard": ("{name} 打出 {tile}", "{name} 打出 {tile}", "{name} discards {tile}"),
    "replay.did.chow": ("{name} 吃 {tile}", "{name} 吃 {tile}", "{name} chows {tile}"),
    "replay.did.pung": ("{name} 碰 {tile}", "{name} 碰 {tile}", "{name} pungs {tile}"),
    "replay.did.kong": ("{name} 杠 {tile}", "{name} 槓 {tile}", "{name} kongs {tile}"),
    "replay.did.concealed_kong": ("{name} 暗杠", "{name} 暗槓", "{name} declares a concealed kong"),
    "replay.did.pass": ("{name} 过", "{name} 過", "{name} passes"),
    "replay.did.win": ("{name} 胡牌", "{name} 胡牌", "{name} wins"),
    "replay.did.draw": ("流局", "流局", "The hand is drawn"),
    "replay.did.timer": ("（超时）", "（超時）", " (timer)"),
    # --- the coach ---------------------------------------------------------------------------
    "coach.title": ("教练（强手电脑）", "教練（強手電腦）", "Coach (the strong computer)"),
    "coach.played": ("实际：{move}", "實際：{move}", "Played: {move}"),
    "coach.advised": ("教练：{move}", "教練：{move}", "Coach: {move}"),
    "coach.same": ("● 一致", "● 一致", "● the same"),
    "coach.differs": ("与教练不同", "與教練不同", "Differs from the coach"),
    "coach.facts": (
        "向听 {shanten} · 有效牌 {kinds} 种 {live} 张",
        "向聽 {shanten} · 有效牌 {kinds} 種 {live} 張",
        "{shanten} from ready · {kinds} kinds improve, {live} live",
    ),
    "coach.ready": ("听牌", "聽牌", "ready"),
    "coach.shanten_only": ("向听 {shanten}", "向聽 {shanten}", "{shanten} from ready"),
    "coach.danger": ("危险 {danger}", "危險 {danger}", "danger {danger}"),
    "coach.value": ("可胡 {fan}番", "可胡 {fan}番", "aims at {fan} fan"),
    "coach.win": ("胡牌", "胡牌", "a win"),
    "coach.move.discard": ("打 {tile}", "打 {tile}", "discard {tile}"),
    "coach.move.pass": ("过", "過", "pass"),
    "coach.move.chow": ("吃 {tiles}", "吃 {tiles}", "chow {tiles}"),
    "coach.move.pung": ("碰", "碰", "pung"),
    "coach.move.kong": ("杠", "槓", "kong"),
    "coach.move.concealed_kong": ("暗杠 {tile}", "暗槓 {tile}", "concealed kong {tile}"),
    "coach.move.added_kong": ("加杠 {tile}", "加槓 {tile}", "added kong {tile}"),
    "coach.move.win": ("胡", "胡", "win"),
    "coach.summary": (
        "与教练一致 {agreed}/{total}（{percent}%）",
        "與教練一致 {agreed}/{total}（{percent}%）",
        "Agreed with the coach {agreed} of {total} ({percent}%)",
    ),
    "coach.none": ("此座没有要选择的时候", "此座沒有要選擇的時候", "No choices at this seat"),
    # --- files -------------------------------------------------------------------------------
    "replay.exported": (
        "已导出到 {path}（路径已复制）",
        "已匯出到 {path}（路徑已複製）",
        "Exported to {path} (the path is copied)",
    ),
    "replay.export_failed": (
        "导出失败：{reason}",
        "匯出失敗：{reason}",
        "Could not export: {reason}",
    ),
    "replay.bad_file": (
        "无法打开牌谱：{reason}",
        "無法打開牌譜：{reason}",
        "Cannot open the record: {reason}",
    ),
}
