"""Every text the player sees, in 简体中文, 繁體中文 and English, in one catalogue.

Each key holds its three texts side by side, so a translator sees them together and no
language can lack a key. Texts are `str.format` templates; `t("table.tiles_left", n=42)`.
The rules page's texts (a description of every fan pattern, the counting, the payments)
are in client/i18n_rules.py, merged in here: one catalogue, two files.
A missing key or a bad format argument raises in tests (strict mode) and, in the game,
shows the key itself and logs one warning, because a missing word must never stop a hand.
"""

from __future__ import annotations

import logging
import os
import string
import sys

from client.i18n_rules import RULES_TEXTS
from client.i18n_suggest import SUGGEST_TEXTS
from shared.events import LobbySeat
from shared.patterns import PATTERNS
from shared.tiles import Tile

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {"zh-Hans": "简体中文", "zh-Hant": "繁體中文", "en": "English"}
"""Language code → its name in itself (what the language menu shows)."""

DEFAULT_LANGUAGE = "zh-Hans"

STRICT: bool | None = None
"""True: a missing key or format field raises. None: strict under pytest or when the
environment sets GDMJ_I18N_STRICT=1. False: never raise."""

_TEXTS: dict[str, tuple[str, str, str]] = {
    # key: (简体中文, 繁體中文, English)
    # --- shared words ----------------------------------------------------------------------
    "common.ok": ("确定", "確定", "OK"),
    "common.cancel": ("取消", "取消", "Cancel"),
    "common.back": ("返回", "返回", "Back"),
    "common.leave": ("离开", "離開", "Leave"),
    "common.close": ("关闭", "關閉", "Close"),
    "common.yes": ("是", "是", "Yes"),
    "common.no": ("否", "否", "No"),
    "common.on": ("开", "開", "On"),
    "common.off": ("关", "關", "Off"),
    "common.loading": ("载入中……", "載入中……", "Loading…"),
    "common.menu": ("菜单", "選單", "Menu"),
    "common.you": ("你", "你", "You"),
    "common.list_separator": ("、", "、", ", "),
    # --- main menu -------------------------------------------------------------------------
    "menu.title": ("广东麻将 · 鸡平和", "廣東麻將 · 雞平和", "Guangdong Mahjong · Chicken-Ping-Hu"),
    "menu.subtitle": (
        "四人局域网对战 · 3番满6番爆",
        "四人區域網絡對戰 · 3番滿6番爆",
        "Four players on a local network",
    ),
    "menu.quick_game": ("快速开局", "快速開局", "Quick game"),
    "menu.quick_game.hint": (
        "同三位电脑玩家即刻开打",
        "同三位電腦玩家即刻開打",
        "Play now against three computer players",
    ),
    "menu.host": ("开台", "開台", "Host a table"),
    "menu.host.hint": (
        "在这台电脑开一张牌桌，等朋友加入",
        "在這部電腦開一張牌桌，等朋友加入",
        "Open a table on this computer for friends to join",
    ),
    "menu.join": ("加入牌桌", "加入牌桌", "Join a table"),
    "menu.join.hint": (
        "寻找同一网络上的牌桌",
        "尋找同一網絡上的牌桌",
        "Find a table on your network",
    ),
    "menu.settings": ("设置", "設定", "Settings"),
    "menu.quit": ("退出", "退出", "Quit"),
    "menu.version": ("版本 {version}", "版本 {version}", "Version {version}"),
    "quick.table_name": ("快速牌局", "快速牌局", "Quick game"),
    # --- host form -------------------------------------------------------------------------
    "host.title": ("开台", "開台", "Host a table"),
    "host.table_name": ("牌桌名称", "牌桌名稱", "Table name"),
    "host.table_name.default": ("麻将台", "麻將枱", "Mahjong table"),
    "host.table_name.empty": ("请填写牌桌名称", "請填寫牌桌名稱", "Please give the table a name"),
    "host.code": ("入台密码", "入台密碼", "Table code"),
    "host.code_optional": ("入台密码（可选）", "入台密碼（可選）", "Table code (optional)"),
    "host.code.hint": (
        "留空则任何人都可以加入",
        "留空則任何人都可以加入",
        "Leave it empty to let anyone join",
    ),
    "host.base": ("底分", "底分", "Base score"),
    "host.preset": ("玩法", "玩法", "Rules"),
    "host.options": ("规则选项", "規則選項", "Rule options"),
    "host.port": ("端口", "端口", "Port"),
    "host.bots": ("空位由电脑补上", "空位由電腦補上", "Computer players"),
    "host.start": ("开台", "開台", "Start hosting"),
    "host.address": (
        "其他玩家可输入地址：{address}",
        "其他玩家可輸入地址：{address}",
        "Others can join at {address}",
    ),
    # --- presets (RULES.md §6, §8) ---------------------------------------------------------
    "preset.jipinghu": (
        "鸡平和 · 3番满6番爆",
        "雞平和 · 3番滿6番爆",
        "Chicken-Ping-Hu · 3 fan limit, 6 fan burst",
    ),
    "preset.jipinghu.about": (
        "小牌最多计3番；大牌够6番即爆，上不封顶；1番起和",
        "小牌最多計3番；大牌夠6番即爆，上不封頂；1番起和",
        "Small hands count up to 3 fan; a big hand bursts to 6 fan and beyond. "
        "At least 1 fan to win.",
    ),
    "preset.qq3": ("爆胡 3番", "爆胡 3番", "Limit 3 fan, specials scored alone"),
    "preset.qq3.about": (
        "3番封顶，特殊牌型单独计番；无番起和；包先不包后",
        "3番封頂，特殊牌型單獨計番；無番起和；包先不包後",
        "Capped at 3 fan; special hands score alone. No minimum fan; "
        "only the first feeder is liable.",
    ),
    "preset.baohu5": ("爆和 5番", "爆和 5番", "Limit 5 fan, specials scored alone"),
    "preset.baohu5.about": (
        "5番封顶，特殊牌型单独计番（最高9番）；无番起和",
        "5番封頂，特殊牌型單獨計番（最高9番）；無番起和",
        "Capped at 5 fan; special hands score alone (up to 9 fan). No minimum fan.",
    ),
    "preset.seed003": (
        "爆和 3番（自摸加底）",
        "爆和 3番（自摸加底）",
        "Limit 3 fan, self-draw adds a base",
    ),
    "preset.seed003.about": (
        "3番封顶，特殊牌型单独计番；番内自摸每家多付一底",
        "3番封頂，特殊牌型單獨計番；番內自摸每家多付一底",
        "Capped at 3 fan; special hands score alone. A self-drawn win within the cap "
        "takes one more base from each player.",
    ),
    "preset.jipinghu.short": ("鸡平和 · 3番满6番爆", "雞平和 · 3番滿6番爆", "Chicken-Ping-Hu"),
    "preset.qq3.short": ("爆胡 3番", "爆胡 3番", "Limit 3 fan"),
    "preset.baohu5.short": ("爆和 5番", "爆和 5番", "Limit 5 fan"),
    "preset.seed003.short": (
        "爆和 3番（自摸加底）",
        "爆和 3番（自摸加底）",
        "Limit 3, self-draw +1",
    ),
    "rounds.1": ("东风圈", "東風圈", "East round only"),
    "rounds.4": ("全场（东南西北四圈）", "全場（東南西北四圈）", "Full game (four winds)"),
    # --- table options (RULES.md §7) -------------------------------------------------------
    "option.preset_default": ("按玩法默认", "按玩法預設", "As the rules say"),
    "option.starting_score": ("起始积分", "起始積分", "Starting score"),
    "option.starting_score.default": (
        "1000 × 底分（默认）",
        "1000 × 底分（預設）",
        "1000 × base (default)",
    ),
    "option.starting_score.times": ("{n} × 底分", "{n} × 底分", "{n} × base"),
    "option.min_fan": ("起和番数", "起和番數", "Minimum fan to win"),
    "option.min_fan.0": ("无番起和", "無番起和", "No minimum"),
    "option.min_fan.1": ("1番起和", "1番起和", "At least 1 fan"),
    "option.min_fan.3": ("3番起和", "3番起和", "At least 3 fan"),
    "option.multiple_winners": ("一炮多响", "一炮多響", "Multiple winners"),
    "option.multiple_winners.on": ("可以一炮多响", "可以一炮多響", "Allowed"),
    "option.multiple_winners.off": (
        "截胡：只算番数最高的一家",
        "截胡：只算番數最高的一家",
        "Highest fan only",
    ),
    "option.missed_win_lock_until": ("过水锁胡至", "過水鎖胡至", "Missed win locks until"),
    "option.missed_win_lock_until.discard": (
        "自己再打出一张牌",
        "自己再打出一張牌",
        "your own next discard",
    ),
    "option.missed_win_lock_until.any_move": (
        "自己摸、吃、碰、杠",
        "自己摸、吃、碰、槓",
        "your next draw or claim",
    ),
    "option.twelve_tile_liability": (
        "十二张落地包自摸",
        "十二張落地包自摸",
        "Twelve-tile liability",
    ),
    "option.twelve_tile_liability.all": (
        "每个喂牌者都要包",
        "每個餵牌者都要包",
        "Every feeder is liable",
    ),
    "option.twelve_tile_liability.first_only": (
        "包先不包后",
        "包先不包後",
        "First feeder only",
    ),
    "option.flowers": ("花牌", "花牌", "Flower tiles"),
    "option.flowers.on": ("加八张花（每张+1番）", "加八張花（每張+1番）", "8 flowers, +1 fan each"),
    "option.flowers.off": ("不用花", "不用花", "No flowers"),
    "option.horses": ("买马", "買馬", "Horses"),
    "option.horses.0": ("不买马", "不買馬", "No horses"),
    "option.horses.1": ("每人买1匹马", "每人買1匹馬", "1 horse each"),
    "option.horses.2": ("每人买2匹马", "每人買2匹馬", "2 horses each"),
    "option.rounds": ("圈数", "圈數", "Rounds"),
    "option.turn_seconds": ("出牌限时", "出牌限時", "Time to play"),
    "option.claim_seconds": ("叫牌限时", "叫牌限時", "Time to claim"),
    "option.seconds": ("{n}秒", "{n}秒", "{n} s"),
    "option.no_timer": ("不限时", "不限時", "No timer"),
    "option.seven_pairs": ("七对", "七對", "Seven pairs"),
    "option.seven_pairs.on": ("七对算小牌（2番）", "七對算小牌（2番）", "A small hand of 2 fan"),
    "option.seven_pairs.off": ("不设七对", "不設七對", "Not a winning hand"),
    # --- join screen -----------------------------------------------------------------------
    "join.title": ("加入牌桌", "加入牌桌", "Join a table"),
    "join.found": ("同一网络上的牌桌", "同一網絡上的牌桌", "Tables on your network"),
    "join.searching": ("正在寻找牌桌……", "正在尋找牌桌……", "Looking for tables…"),
    "join.no_discovery": (
        "这个网络不能自动寻找牌桌，请手动输入地址",
        "這個網絡不能自動尋找牌桌，請手動輸入地址",
        "Tables cannot be found automatically on this network; enter an address",
    ),
    "join.refresh": ("刷新", "刷新", "Refresh"),
    "join.none": ("暂时未找到牌桌", "暫時未找到牌桌", "No tables found yet"),
    "join.none.hint": (
        "确认开台的电脑在同一网络，或者手动输入地址",
        "確認開台的電腦在同一網絡，或者手動輸入地址",
        "Check that the host is on the same network, or enter its address",
    ),
    "join.manual": ("手动输入地址", "手動輸入地址", "Enter an address"),
    "join.manual.format": ("格式：主机:端口#密钥", "格式：主機:端口#金鑰", "Format: host:port#key"),
    "join.address_invalid": (
        "地址不对：{address}",
        "地址不對：{address}",
        "Not an address: {address}",
    ),
    "join.code_prompt": (
        "这张牌桌要入台密码",
        "這張牌桌要入台密碼",
        "This table needs a table code",
    ),
    "join.code_table": ("牌桌「{name}」", "牌桌「{name}」", "Table: {name}"),
    "join.code_empty": ("请输入入台密码", "請輸入入台密碼", "Type the table code"),
    "join.code_wrong": (
        "入台密码不对，请再输入一次",
        "入台密碼不對，請再輸入一次",
        "That is not the table code; try again",
    ),
    # --- the player's name (asked at first start, changed in settings) ---------------------
    "name.title": ("你想叫什么名字？", "你想叫甚麼名字？", "What should the table call you?"),
    "name.hint": (
        "同桌的玩家会看到这个名字，之后可以在设置里更改",
        "同桌的玩家會看到這個名字，之後可以在設定裏更改",
        "The other players see this name; you can change it later in Settings",
    ),
    "name.default": ("玩家 {number}", "玩家 {number}", "Player {number}"),
    "name.empty": ("请填写名字", "請填寫名字", "Please type a name"),
    "name.invalid": (
        "这个名字不能用：{reason}",
        "這個名字不能用：{reason}",
        "Not a name: {reason}",
    ),
    "join.join": ("加入", "加入", "Join"),
    "join.watch": ("旁观", "旁觀", "Watch"),
    "join.players": ("{n}/4 人", "{n}/4 人", "{n}/4 players"),
    "join.locked": ("要密码", "要密碼", "Code needed"),
    "join.playing": ("对局中", "對局中", "In play"),
    # --- lobby -----------------------------------------------------------------------------
    "lobby.title": ("牌桌：{name}", "牌桌：{name}", "Table: {name}"),
    "lobby.seat": ("{n}号位", "{n}號位", "Seat {n}"),
    "lobby.empty_seat": ("空位", "空位", "Empty seat"),
    "lobby.computer": ("电脑玩家", "電腦玩家", "Computer player"),
    "lobby.owner": ("桌主", "桌主", "Owner"),
    "lobby.spectators": ("旁观", "旁觀", "Spectators"),
    "lobby.base": ("底分", "底分", "Base score"),
    "lobby.preset": ("玩法", "玩法", "Rules"),
    "lobby.rounds": ("圈数", "圈數", "Rounds"),
    "lobby.rules": ("规则", "規則", "Rules"),
    "lobby.set_base": ("定好底分和规则", "定好底分和規則", "Set the base and rules"),
    "lobby.base_offer": (
        "桌主定底分为 {base}，接受吗？",
        "桌主定底分為 {base}，接受嗎？",
        "The owner set the base score to {base}. Accept?",
    ),
    "lobby.accept": ("接受", "接受", "Accept"),
    "lobby.decline": ("不接受", "不接受", "Decline"),
    "lobby.accepted": ("已接受", "已接受", "Accepted"),
    "lobby.waiting": ("等待中", "等待中", "Waiting"),
    "lobby.waiting_accept": (
        "等其他玩家接受底分……",
        "等其他玩家接受底分……",
        "Waiting for the others to accept…",
    ),
    "lobby.owner_setting": (
        "桌主正在定底分……",
        "桌主正在定底分……",
        "The owner is setting the base score…",
    ),
    "lobby.waiting_players": ("等人齐：{n}/4", "等人齊：{n}/4", "Waiting for players: {n}/4"),
    "lobby.start": ("开始", "開始", "Start"),
    "lobby.add_bot": ("加电脑", "加電腦", "Add computer"),
    "lobby.remove_bot": ("请走电脑", "請走電腦", "Remove computer"),
    "lobby.sit": ("坐低", "坐低", "Sit here"),
    "lobby.score": ("积分 {score}", "積分 {score}", "Score {score}"),
    "lobby.declined": (
        "{name} 不接受底分，已离座",
        "{name} 不接受底分，已離座",
        "{name} declined the base score and left the seat",
    ),
    "lobby.new_owner": ("{name} 成为桌主", "{name} 成為桌主", "{name} is now the owner"),
    "lobby.copy_address": ("复制地址", "複製地址", "Copy address"),
    "lobby.copied": ("已复制", "已複製", "Copied"),
    # --- table -----------------------------------------------------------------------------
    "wind.east": ("东", "東", "East"),
    "wind.south": ("南", "南", "South"),
    "wind.west": ("西", "西", "West"),
    "wind.north": ("北", "北", "North"),
    "table.seat_wind": ("{wind}家", "{wind}家", "{wind} seat"),
    "table.prevailing": ("{wind}风圈", "{wind}風圈", "{wind} round"),
    "table.dealer": ("庄", "莊", "Dealer"),
    "table.dealer_repeat": ("连庄 {n}", "連莊 {n}", "Dealer again ×{n}"),
    "table.tiles_left": ("余牌 {n}", "餘牌 {n}", "Tiles left: {n}"),
    "table.turn": ("轮到 {name}", "輪到 {name}", "{name}'s turn"),
    "table.your_turn": ("到你了", "到你了", "Your turn"),
    "table.seconds": ("{n}秒", "{n}秒", "{n} s"),
    "table.hand_number": ("第 {n} 局", "第 {n} 局", "Hand {n}"),
    "table.flowers": ("花 {n}", "花 {n}", "Flowers: {n}"),
    "table.spectating": ("旁观中", "旁觀中", "Watching"),
    "table.roll_dice": ("掷骰", "擲骰", "Roll the dice"),
    "table.dice_rolled": (
        "{name} 掷骰：{a} + {b} = {total}",
        "{name} 擲骰：{a} + {b} = {total}",
        "{name} rolled {a} + {b} = {total}",
    ),
    "table.discard": ("出牌", "出牌", "Discard"),
    "claim.chow": ("吃", "吃", "Chow"),
    "claim.pung": ("碰", "碰", "Pung"),
    "claim.kong": ("杠", "槓", "Kong"),
    "claim.win": ("胡", "胡", "Win"),
    "claim.pass": ("过", "過", "Pass"),
    "claim.self_drawn": ("自摸", "自摸", "Self-drawn win"),
    "claim.concealed_kong": ("暗杠", "暗槓", "Concealed kong"),
    "claim.added_kong": ("加杠", "加槓", "Added kong"),
    "claim.choose_chow": ("选择吃法", "選擇吃法", "Choose a chow"),
    "claim.waiting": ("等其他玩家叫牌……", "等其他玩家叫牌……", "Waiting for the others' claims…"),
    "call.chow": ("吃！", "吃！", "Chow!"),
    "call.pung": ("碰！", "碰！", "Pung!"),
    "call.kong": ("杠！", "槓！", "Kong!"),
    "call.win": ("胡！", "胡！", "Win!"),
    "call.self_drawn": ("自摸！", "自摸！", "Self-drawn!"),
    "call.flower": ("补花！", "補花！", "Flower!"),
    # --- 听牌提示 waiting-tile hints --------------------------------------------------------
    "hint.title": ("听牌提示", "聽牌提示", "Waiting tiles"),
    "hint.discard_waits": (
        "打{tile}：听{waits}（剩{n}张）",
        "打{tile}：聽{waits}（剩{n}張）",
        "Discard {tile}: waits on {waits} ({n} left)",
    ),
    "hint.waits": ("听{waits}（剩{n}张）", "聽{waits}（剩{n}張）", "Waits on {waits} ({n} left)"),
    "hint.not_waiting": ("未听牌", "未聽牌", "Not waiting yet"),
    "hint.fan": ("{fan}番", "{fan}番", "{fan} fan"),
    "hint.below_min_fan": (
        "不够番：要{min_fan}番才可以胡",
        "不夠番：要{min_fan}番才可以胡",
        "May not win: below the minimum of {min_fan} fan",
    ),
    "hint.no_win": ("不够番", "不夠番", "too few fan"),
    "hint.min_fan": ("起和 {min_fan} 番", "起和 {min_fan} 番", "Minimum to win: {min_fan} fan"),
    "hint.line": (
        "打{tile}：听 {waits}",
        "打{tile}：聽 {waits}",
        "Discard {tile}: waits on {waits}",
    ),
    "table.missed_win": (
        "过水：暂时不能胡 {tiles}",
        "過水：暫時不能胡 {tiles}",
        "Missed win: you may not win on {tiles} for now",
    ),
    "table.missed_win.discard": (
        "过水：打出下一张牌之前，不能胡 {tiles}",
        "過水：打出下一張牌之前，不能胡 {tiles}",
        "Missed win: you may not win on {tiles} until you discard",
    ),
    "table.missed_win.any_move": (
        "过水：你下一个动作之前，不能胡 {tiles}",
        "過水：你下一個動作之前，不能胡 {tiles}",
        "Missed win: you may not win on {tiles} until your next move",
    ),
    "toggle.auto_win": ("自动胡牌", "自動胡牌", "Auto-win"),
    "toggle.auto_pass": ("自动过", "自動過", "Auto-pass"),
    "toggle.auto_discard": ("自动摸打", "自動摸打", "Auto-discard"),
    # --- quick chat (Cantonese-table flavour) ----------------------------------------------
    "chat.title": ("快捷语", "快捷語", "Quick chat"),
    "chat.said": ("{name}：{text}", "{name}：{text}", "{name}: {text}"),
    "chat.hurry": ("快啲啦！", "快啲啦！", "Hurry up!"),
    "chat.nice": ("好嘢！", "好嘢！", "Nice one!"),
    "chat.sorry": ("唔好意思", "唔好意思", "Sorry!"),
    "chat.again": ("再嚟过！", "再嚟過！", "Let's go again!"),
    "chat.thanks": ("多谢晒！", "多謝晒！", "Thanks, everyone!"),
    "chat.hold_on": ("等阵先！", "等陣先！", "Hold on a sec!"),
    "chat.no_way": ("咁都得？！", "咁都得？！", "No way, really?!"),
    "chat.prosper": ("恭喜发财！", "恭喜發財！", "Good fortune to all!"),
    # --- hand result -----------------------------------------------------------------------
    "result.title": ("本局结算", "本局結算", "Hand result"),
    "result.winner": (
        "{name} 胡牌（{how}）· {fan}",
        "{name} 胡牌（{how}）· {fan}",
        "{name} wins ({how}) · {fan}",
    ),
    "result.you_win": (
        "你胡牌（{how}）· {fan}",
        "你胡牌（{how}）· {fan}",
        "You win ({how}) · {fan}",
    ),
    "result.winner_short": ("{name} 胡牌（{how}）", "{name} 胡牌（{how}）", "{name} wins ({how})"),
    "result.you_win_short": ("你胡牌（{how}）", "你胡牌（{how}）", "You win ({how})"),
    "result.fan_raw": ("{fan}番（原{raw}番）", "{fan}番（原{raw}番）", "{fan} fan (raw {raw})"),
    "result.self_drawn": ("自摸", "自摸", "self-drawn"),
    "result.on_discard": ("{name} 出铳", "{name} 出銃", "on a discard from {name}"),
    "result.robbing": ("抢杠", "搶槓", "robbing the kong"),
    "result.draw": ("流局（荒庄）", "流局（荒莊）", "Drawn hand"),
    "result.draw_note": (
        "本局不计分，庄家连庄",
        "本局不計分，莊家連莊",
        "No one pays; the dealer deals again",
    ),
    "result.patterns": ("番种", "番種", "Patterns"),
    "result.fan": ("{fan}番", "{fan}番", "{fan} fan"),
    "result.floor": ("不满3番按3番计", "不滿3番按3番計", "Special win: counted as at least 3 fan"),
    "result.payments": ("结算", "結算", "Payments"),
    "result.payment": (
        "{payer} 付 {payee} {amount}",
        "{payer} 付 {payee} {amount}",
        "{payer} pays {payee} {amount}",
    ),
    "result.payment.win": ("胡牌", "胡牌", "win"),
    "result.payment.liability": ("包", "包", "liability"),
    "result.payment.horse": ("买马", "買馬", "horse"),
    "result.liable": ("包：{name} 独自赔付", "包：{name} 獨自賠付", "Liable: {name} pays for all"),
    "result.horses": ("买马", "買馬", "Horses"),
    "result.horse": (
        "{owner}：{tile} 买中 {seat}",
        "{owner}：{tile} 買中 {seat}",
        "{owner}: {tile} on {seat}",
    ),
    "result.no_horse_hits": ("冇马中", "冇馬中", "No horse won anything"),
    "result.score_line": (
        "{name}：{score}（{delta}）",
        "{name}：{score}（{delta}）",
        "{name}: {score} ({delta})",
    ),
    "result.total": ("合计", "合計", "Total"),
    "result.continue": ("继续", "繼續", "Continue"),
    "result.leave": ("离开", "離開", "Leave"),
    "result.waiting_continue": (
        "等其他玩家（{n}/4 已准备）",
        "等其他玩家（{n}/4 已準備）",
        "Waiting for the others ({n}/4 ready)",
    ),
    "result.waiting_for": ("等待 {names}……", "等待 {names}……", "Waiting for {names}…"),
    "result.score_too_low": (
        "您的积分不足，不能进行下一局",
        "您的積分不足，不能進行下一局",
        "Your score is too low to play the next hand",
    ),
    "result.player_score_too_low": (
        "{name} 积分不足，要离桌",
        "{name} 積分不足，要離桌",
        "{name}'s score is too low; they must leave the table",
    ),
    "result.session_over": ("整场结束", "整場結束", "Game over"),
    "result.final_scores": ("最终积分", "最終積分", "Final scores"),
    "result.session_end.rounds_complete": ("所有圈数已打完", "所有圈數已打完", "All rounds played"),
    "result.session_end.score_too_low": (
        "有玩家积分不足",
        "有玩家積分不足",
        "A player's score was too low",
    ),
    "result.session_end.player_left": ("有玩家离桌", "有玩家離桌", "A player left the table"),
    # --- settings --------------------------------------------------------------------------
    "settings.title": ("设置", "設定", "Settings"),
    "settings.player_name": ("玩家名称", "玩家名稱", "Player name"),
    "settings.language": ("语言", "語言", "Language"),
    "settings.sound": ("音效", "音效", "Sound"),
    "settings.volume": ("音量", "音量", "Volume"),
    "settings.voice": ("语音报牌", "語音報牌", "Spoken calls"),
    "settings.quick_level": ("快速游戏电脑", "快速遊戲電腦", "Quick game players"),
    "settings.quick_timers": ("快速游戏计时", "快速遊戲計時", "Quick game timers"),
    "settings.quick_timers.off": ("不计时", "不計時", "None"),
    "settings.quick_timers.relaxed": ("宽松", "寬鬆", "Relaxed"),
    "settings.quick_timers.table": ("同牌桌", "同牌桌", "As a table"),
    "host.bot_level": ("电脑水平", "電腦水平", "Computer players"),
    "level.easy": ("初级", "初級", "Easy"),
    "level.normal": ("中级", "中級", "Normal"),
    "level.strong": ("高级", "高級", "Strong"),
    "settings.voice.yue": ("粤语", "粵語", "Cantonese"),
    "settings.voice.cmn": ("普通话", "普通話", "Mandarin"),
    "settings.voice.off": ("关闭", "關閉", "Off"),
    "settings.volume.value": ("{percent}%", "{percent}%", "{percent}%"),
    "settings.window_size": ("窗口大小", "視窗大小", "Window size"),
    "settings.window_size.value": (
        "{width} × {height}",
        "{width} × {height}",
        "{width} × {height}",
    ),
    "settings.fullscreen": ("全屏", "全螢幕", "Fullscreen"),
    "settings.tile_size": ("牌面大小", "牌面大小", "Tile size"),
    "settings.tile_size.small": ("小", "小", "Small"),
    "settings.tile_size.medium": ("中", "中", "Medium"),
    "settings.tile_size.large": ("大", "大", "Large"),
    "settings.animation_speed": ("动画速度", "動畫速度", "Animation speed"),
    "settings.animation.slow": ("慢", "慢", "Slow"),
    "settings.animation.normal": ("正常", "正常", "Normal"),
    "settings.animation.fast": ("快", "快", "Fast"),
    "settings.animation.off": ("关闭", "關閉", "Off"),
    "settings.hint": ("听牌提示", "聽牌提示", "Waiting-tile hints"),
    "settings.auto_win": ("自动胡牌", "自動胡牌", "Auto-win"),
    "settings.auto_pass": ("自动过", "自動過", "Auto-pass"),
    "settings.auto_discard": ("自动摸打", "自動摸打", "Auto-discard"),
    "settings.last_address": ("上次的地址", "上次的地址", "Last address"),
    "settings.last_table_name": ("上次的牌桌名称", "上次的牌桌名稱", "Last table name"),
    "settings.name_chosen": ("已选名字", "已選名字", "Name chosen"),
    "settings.save": ("保存", "儲存", "Save"),
    "settings.saved": ("已保存", "已儲存", "Saved"),
    "settings.save_failed": (
        "保存设置失败：{reason}",
        "儲存設定失敗：{reason}",
        "Could not save the settings: {reason}",
    ),
    "settings.name_invalid": (
        "名称要有1至24个字",
        "名稱要有1至24個字",
        "The name must be 1 to 24 characters",
    ),
    "settings.damaged": (
        "设置文件已损坏，已恢复默认设置",
        "設定檔已損壞，已恢復預設設定",
        "The settings file was damaged and has been reset",
    ),
    "settings.damaged_detail": (
        "设置文件已损坏，已恢复默认设置（{problem}）。原文件另存为 {backup}",
        "設定檔已損壞，已恢復預設設定（{problem}）。原檔另存為 {backup}",
        "The settings file was damaged and has been reset ({problem}). "
        "The old file was kept as {backup}",
    ),
    "settings.damaged_problem": (
        "设置文件已损坏，已恢复默认设置（{problem}）",
        "設定檔已損壞，已恢復預設設定（{problem}）",
        "The settings file was damaged and has been reset ({problem})",
    ),
    "settings.fields_reset": (
        "部分设置无效，已恢复默认：{fields}",
        "部分設定無效，已恢復預設：{fields}",
        "Some settings were invalid and have been reset: {fields}",
    ),
    "settings.unreadable": (
        "读取不到设置文件，暂用默认设置（{problem}）",
        "讀取不到設定檔，暫用預設設定（{problem}）",
        "The settings file could not be read; using the defaults ({problem})",
    ),
    # --- connection ------------------------------------------------------------------------
    "net.connecting": ("正在连接", "正在連接", "Connecting"),
    "net.connecting_to": ("正在连接 {address}", "正在連接 {address}", "Connecting to {address}"),
    "net.waiting": ("等待主机……", "等待主機……", "Waiting for the host…"),
    "net.connected": ("已连接", "已連接", "Connected"),
    "net.reconnecting": (
        "连接中断，正在重连……",
        "連接中斷，正在重連……",
        "Connection interrupted, reconnecting…",
    ),
    "net.name_taken_title": ("换个名字", "換個名字", "Choose another name"),
    "net.name_taken": (
        "“{name}”在这个主机上属于另一位玩家。换一个名字，再加入牌桌。",
        "「{name}」在這個主機上屬於另一位玩家。換一個名字，再加入牌桌。",
        "The name {name} belongs to another player at this host. Choose another one to join.",
    ),
    "net.name_needed": ("请先输入名字", "請先輸入名字", "Type a name first"),
    "net.lost": ("与主机失去连接", "與主機失去連接", "Lost the connection to the host"),
    "net.host_closed": ("主机已经关台", "主機已經關台", "The host closed the table"),
    # --- leaving and losing the host (client/overlays.py, scenes/table_closed.py) -----------
    "leave.title": ("离开牌桌？", "離開牌桌？", "Leave the table?"),
    "leave.seated": (
        "电脑玩家会替你打完这一局。",
        "電腦玩家會替你打完這一局。",
        "A computer player finishes the hand for you.",
    ),
    "leave.hosting": (
        "你正在开台：离开会为所有人关闭这张牌桌。",
        "你正在開台：離開會為所有人關閉這張牌桌。",
        "You are hosting: leaving closes the table for everyone.",
    ),
    "leave.solo": (
        "这盘和电脑玩家的牌局就此结束。",
        "這盤和電腦玩家的牌局就此結束。",
        "This game against the computer players ends here.",
    ),
    "leave.watching": (
        "你不再观看这张牌桌。",
        "你不再觀看這張牌桌。",
        "You stop watching this table.",
    ),
    "leave.confirm": ("离开", "離開", "Leave"),
    "leave.stay": ("留下", "留下", "Stay"),
    # English "...", not "…": the bundled CJK font draws "…" at mid-height (···).
    "lost.host": (
        "与主机的连接中断——正在重连……（{seconds} 秒）",
        "與主機的連接中斷——正在重連……（{seconds} 秒）",
        "Connection to the host lost — reconnecting... ({seconds} s)",
    ),
    "lost.host.detail": (
        "主机一回应，牌局就会自动继续。",
        "主機一回應，牌局就會自動繼續。",
        "The table carries on by itself as soon as the host answers.",
    ),
    "lost.own": (
        "你的网络连接中断——正在重连……（{seconds} 秒）",
        "你的網絡連接中斷——正在重連……（{seconds} 秒）",
        "Your network connection is down — reconnecting... ({seconds} s)",
    ),
    "lost.own.seated": (
        "其间电脑玩家替你出牌，其他人看到你正在重连。",
        "其間電腦玩家替你出牌，其他人看到你正在重連。",
        "Meanwhile a computer player plays for you; the others see you reconnecting.",
    ),
    "lost.own.detail": (
        "网络恢复后会自动重新连接。",
        "網絡恢復後會自動重新連接。",
        "The game reconnects by itself once your network is back.",
    ),
    "lost.back_to_menu": ("返回菜单", "返回選單", "Back to menu"),
    "away.reconnecting": ("{name} 正在重连", "{name} 正在重連", "{name} is reconnecting"),
    "away.stand_in": (
        "电脑玩家暂时代打",
        "電腦玩家暫時代打",
        "a computer player plays for them meanwhile",
    ),
    "closed.by": ("{name} 关闭了牌桌", "{name} 關閉了牌桌", "{name} closed the table"),
    "closed.scores": ("已保存的积分", "已儲存的積分", "Scores saved"),
    "closed.no_scores": (
        "这张牌桌还没有保存的积分。",
        "這張牌桌還沒有儲存的積分。",
        "No scores were saved at this table yet.",
    ),
    "closed.bot": ("（电脑）", "（電腦）", " (computer)"),
    # --- errors ----------------------------------------------------------------------------
    "error.refused": ("主机拒绝：{reason}", "主機拒絕：{reason}", "The host refused: {reason}"),
    "error.host_failed": (
        "牌桌开不了：{reason}",
        "牌桌開不了：{reason}",
        "The table could not start: {reason}",
    ),
    "error.host_stopped": (
        "本机开的牌桌出错停止了：{reason}",
        "本機開的牌桌出錯停止了：{reason}",
        "The table on this computer stopped: {reason}",
    ),
    "error.connect_failed": (
        "连接失败：{reason}",
        "連接失敗：{reason}",
        "Could not connect: {reason}",
    ),
    "error.no_answer": ("主机没有回应", "主機沒有回應", "The host did not answer"),
    "error.wrong_key": (
        "牌桌密钥不对：这个地址的主机不是这张牌桌（或没有加密）",
        "牌桌密鑰不對：這個地址的主機不是這張牌桌（或沒有加密）",
        "Wrong table key: the host at this address is not that table (or is not encrypted)",
    ),
    "error.unexpected": ("出错了：{reason}", "出錯了：{reason}", "Something went wrong: {reason}"),
    "error.port_in_use": (
        "端口 {port} 已被占用",
        "端口 {port} 已被佔用",
        "Port {port} is already in use",
    ),
    "error.crash_log": (
        "游戏出错，详情已写入 {path}",
        "遊戲出錯，詳情已寫入 {path}",
        "The game hit an error; the details are in {path}",
    ),
    "error.crash_no_log": (
        "游戏出错，日志文件也写不了",
        "遊戲出錯，日誌檔也寫不了",
        "The game hit an error, and could not write its log file",
    ),
    "log.folder": ("日志文件夹", "日誌資料夾", "Log folder"),
    "log.open_folder": ("打开日志文件夹", "打開日誌資料夾", "Open the log folder"),
    "log.open_failed": (
        "打不开文件夹：{reason}",
        "打不開資料夾：{reason}",
        "Could not open the folder: {reason}",
    ),
    # the codes of shared.protocol.Error
    "error.bad_frame": (
        "主机读不懂我们发出的数据",
        "主機讀不懂我們發出的資料",
        "The host could not read our message",
    ),
    "error.too_large": ("发出的数据太大", "發出的資料太大", "Our message was too large"),
    "error.unknown_message": (
        "主机不认识这个请求",
        "主機不認識這個請求",
        "The host did not understand the request",
    ),
    "error.bad_field": ("请求的内容有误", "請求的內容有誤", "A request had a bad value"),
    "error.not_joined": ("还未加入牌桌", "還未加入牌桌", "Not at the table yet"),
    "error.version": (
        "游戏版本不一致，请更新",
        "遊戲版本不一致，請更新",
        "The game versions differ; please update",
    ),
    "error.wrong_code": ("入台密码不对", "入台密碼不對", "Wrong table code"),
    "error.name_taken": (
        "这个名称已有人用，请换一个",
        "這個名稱已有人用，請換一個",
        "That name is already taken at this table",
    ),
    "error.illegal_action": (
        "现在不可以这样做",
        "現在不可以這樣做",
        "That move is not allowed now",
    ),
    "error.rate_limited": (
        "操作太快，请稍等",
        "操作太快，請稍等",
        "Too many requests; slow down a little",
    ),
    "error.table_full": ("牌桌已满", "牌桌已滿", "The table is full"),
    # --- the host's notices (client/notice_banner.py) ----------------------------------------
    "notice.disk_write_failed": (
        "主机未能保存本局：结果有效，但未写入磁盘",
        "主機未能儲存本局：結果有效，但未寫入磁碟",
        "The host could not save this hand to disk (the result stands)",
    ),
    "notice.other": ("主机通知", "主機通知", "A message from the host"),
    "error.already_joined": (
        "你已经在这张牌桌",
        "你已經在這張牌桌",
        "You are already at this table",
    ),
    "error.score_too_low": (
        "您的积分不足，不能进行下一局",
        "您的積分不足，不能進行下一局",
        "Your score is too low for the next hand",
    ),
    "error.host_full": (
        "主机已满，请稍后再试",
        "主機已滿，請稍後再試",
        "The host is full; try again later",
    ),
    "error.too_many_connections": (
        "从这台电脑连到主机的连接太多",
        "從這部電腦連到主機的連線太多",
        "Too many connections to the host from this computer",
    ),
    "error.join_timeout": (
        "没有及时加入牌桌，请重新连接",
        "沒有及時加入牌桌，請重新連線",
        "Did not join the table in time; connect again",
    ),
}

_TEXTS.update(RULES_TEXTS)  # the rules page's many texts, kept in a file of their own
_TEXTS.update(SUGGEST_TEXTS)  # 出牌建议 Suggest's texts (client/i18n_suggest.py)

_PATTERN_HANT: dict[str, str] = {
    "chicken_hand": "雞和",
    "all_chows": "平和",
    "mixed_one_suit": "混一色",
    "all_pungs": "對對和",
    "seven_pairs": "七對",
    "pure_one_suit": "清一色",
    "mixed_pungs": "混碰",
    "pure_pungs": "清碰",
    "mixed_terminals": "混幺九",
    "pure_terminals": "清幺九",
    "all_honors": "全番 (字一色)",
    "small_three_dragons": "小三元",
    "big_three_dragons": "大三元",
    "small_four_winds": "小四喜",
    "big_four_winds": "大四喜",
    "thirteen_orphans": "十三幺",
    "nine_gates": "九蓮寶燈",
    "eighteen_arhats": "十八羅漢",
    "heavenly_hand": "天胡",
    "earthly_hand": "地胡",
    "human_hand": "人和",
    "prevailing_wind_pung": "圈風刻",
    "seat_wind_pung": "門風刻",
    "dragon_pung": "箭刻",
    "flower": "花",
    "self_drawn": "自摸",
    "win_on_kong": "槓上開花",
    "robbing_the_kong": "搶槓",
    "last_tile_draw": "海底撈月",
}
"""繁體 names of the patterns; 简体 and English come from shared.patterns.PATTERNS."""

_PLURALS: dict[str, tuple[dict[str, str], dict[str, str], dict[str, str]]] = {
    # key: (简体中文, 繁體中文, English), each {plural category: template}; Chinese has
    # the one category "other", English "one" and "other" (see plural_category)
    "join.seats_free": (
        {"other": "空位 {n}"},
        {"other": "空位 {n}"},
        {"one": "{n} seat free", "other": "{n} seats free"},
    ),
    "result.points": (
        {"other": "{n}分"},
        {"other": "{n}分"},
        {"one": "{n} point", "other": "{n} points"},
    ),
}
"""Texts that depend on a count `n`: `t_plural("join.seats_free", 1)` → "1 seat free".

Each language has the forms its grammar needs, named by the CLDR plural categories, so
the move to gettext .po files is mechanical: a key becomes msgid/msgid_plural, the forms
msgstr[0..] in the order of PLURAL_FORMS, whose rules are the .po files' Plural-Forms."""

PLURAL_FORMS: dict[str, tuple[tuple[str, ...], str]] = {
    "zh-Hans": (("other",), "nplurals=1; plural=0;"),
    "zh-Hant": (("other",), "nplurals=1; plural=0;"),
    "en": (("one", "other"), "nplurals=2; plural=(n != 1);"),
}
"""Language → its plural categories, in gettext's msgstr order, and its Plural-Forms."""

_BOT_NAMES: dict[str, tuple[str, str, str]] = {
    "阿明": ("阿明", "阿明", "Ah Ming"),
    "阿珍": ("阿珍", "阿珍", "Ah Chun"),
    "阿强": ("阿强", "阿強", "Ah Keung"),
    "阿芬": ("阿芬", "阿芬", "Ah Fun"),
}
"""The names the host gives computer players (server/engine/lobby.py BOT_NAMES) as each
language writes them: traditional characters, Cantonese romanisation in English."""

_HANT_CHARS = str.maketrans({"万": "萬", "条": "條", "东": "東", "发": "發", "兰": "蘭"})
"""The tile characters whose traditional form differs (the rest are the same)."""

_WIND_KEYS = ("wind.east", "wind.south", "wind.west", "wind.north")

_INDEX = {code: i for i, code in enumerate(LANGUAGES)}

CATALOGUE: dict[str, dict[str, str]] = {
    code: {key: texts[i] for key, texts in _TEXTS.items()} for code, i in _INDEX.items()
}
"""Language code → key → template: the catalogue as tests and tools read it."""

_current = DEFAULT_LANGUAGE
_warned: set[str] = set()


def _strict() -> bool:
    if STRICT is not None:
        return STRICT
    return "pytest" in sys.modules or os.environ.get("GDMJ_I18N_STRICT") == "1"


def _warn_once(what: str, message: str, *args: object) -> None:
    if what not in _warned:
        _warned.add(what)
        log.warning(message, *args)


def set_language(code: str) -> None:
    """Switch every later `t()` to this language; an unknown code raises ValueError."""
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r} (use one of {', '.join(LANGUAGES)})")
    _current = code


def current_language() -> str:
    return _current


def _language(code: str | None) -> str:
    if code is None:
        return _current
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r} (use one of {', '.join(LANGUAGES)})")
    return code


def translate(language: str, key: str, **fmt: object) -> str:
    """The text of `key` in one language, formatted; the key itself when it is missing."""
    texts = _TEXTS.get(key)
    if texts is None:
        if _strict():
            raise KeyError(key)
        _warn_once(key, "no text for %r", key)
        return key
    template = texts[_INDEX[_language(language)]]
    try:
        return template.format(**fmt)
    except (KeyError, IndexError, ValueError, AttributeError):
        if _strict():
            raise
        _warn_once(f"{key}/format", "text %r could not be formatted with %r", key, sorted(fmt))
        return template


def t(key: str, **fmt: object) -> str:
    """The text of `key` in the current language, formatted with `fmt`."""
    return translate(_current, key, **fmt)


def has_text(key: str) -> bool:
    return key in _TEXTS


def fields(template: str) -> set[str]:
    """The `str.format` field names a template uses (`{n}` and `{n:>3}` both give n)."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


def plural_category(language: str, n: int) -> str:
    """The CLDR plural category of the count `n` in `language`: "one" or "other"."""
    if PLURAL_FORMS[_language(language)][0] == ("other",):
        return "other"
    return "one" if n == 1 else "other"


def t_plural(key: str, n: int, language: str | None = None, **fmt: object) -> str:
    """The form of the counted text `key` that goes with `n`, formatted with `n` and `fmt`
    (in the current language unless `language` is given)."""
    code = _language(language)
    forms = _PLURALS.get(key)
    if forms is None:
        if _strict():
            raise KeyError(key)
        _warn_once(key, "no counted text for %r", key)
        return f"{key} {n}"
    template = forms[_INDEX[code]][plural_category(code, n)]
    try:
        return template.format(n=n, **fmt)
    except (KeyError, IndexError, ValueError, AttributeError):
        if _strict():
            raise
        _warn_once(f"{key}/format", "text %r could not be formatted with %r", key, sorted(fmt))
        return template


def plural_texts(key: str, language: str) -> dict[str, str]:
    """The forms of a counted text in one language, by plural category (for tests, tools)."""
    return dict(_PLURALS[key][_INDEX[_language(language)]])


PLURAL_KEYS: tuple[str, ...] = tuple(_PLURALS)
BOT_NAMES: tuple[str, ...] = tuple(_BOT_NAMES)
"""The computer players' names the catalogue writes per language (the host's spelling)."""


def bot_name(name: str, language: str | None = None) -> str:
    """A computer player's name as this language writes it (阿强 → 阿強 in 繁體); a name
    that is not one the host gives computer players is shown as it is. Only for a seat the
    host marks as a computer player (`LobbySeat.bot`): a person may be called 阿强 too."""
    forms = _BOT_NAMES.get(name)
    return forms[_INDEX[_language(language)]] if forms is not None else name


def seat_name(seat: LobbySeat | None, language: str | None = None) -> str:
    """What the screens call whoever sits in a seat: the name the host sent, a computer
    player's in this language's form; "?" for an empty seat."""
    if seat is None:
        return "?"
    return bot_name(seat.name, language) if seat.bot else seat.name


def pattern_name(pattern_id: str, language: str | None = None) -> str:
    """A fan pattern's name: 简体/繁體 Chinese or English, e.g. 对对和 / 對對和 / All pungs."""
    code = _language(language)
    pattern = PATTERNS.get(pattern_id)
    if pattern is None:
        if _strict():
            raise KeyError(pattern_id)
        _warn_once(f"pattern:{pattern_id}", "no pattern %r", pattern_id)
        return pattern_id
    if code == "en":
        return pattern.en
    if code == "zh-Hant":
        return _PATTERN_HANT.get(pattern_id, pattern.zh)
    return pattern.zh


def tile_name(tile: int, language: str | None = None) -> str:
    """A tile's name: 五筒 / 五筒 / 5 dots, 东 / 東 / East, 兰 / 蘭 / Flower 2."""
    code = _language(language)
    t_ = Tile(tile)
    if code == "en":
        return t_.en
    if code == "zh-Hant":
        return t_.zh.translate(_HANT_CHARS)
    return t_.zh


def tile_list(tiles: list[int] | tuple[int, ...], language: str | None = None) -> str:
    """Tile names joined as the language lists things (五筒、八筒 / 5 dots, 8 dots)."""
    code = _language(language)
    separator = _TEXTS["common.list_separator"][_INDEX[code]]
    return separator.join(tile_name(tile, code) for tile in tiles)


def wind_name(wind: int, language: str | None = None) -> str:
    """0–3 → 东 南 西 北 (東 南 西 北, East South West North)."""
    return translate(_language(language), _WIND_KEYS[wind])
