"""出牌建议 Suggest's texts, in 简体中文, 繁體中文 and English: the settings switch, the host
form's permission, and the one-line reasons server/engine/bots/advice.py names (each a key
`suggest.…` with its fields: `tile` a tile's name, `count`, `steps`).

Part of the one catalogue of client/i18n.py, which merges them in. Same form as there:
key → (简体, 繁體, English) templates.
"""

from __future__ import annotations

SUGGEST_TEXTS: dict[str, tuple[str, str, str]] = {
    "settings.suggest": ("出牌建议", "出牌建議", "Suggest"),
    "host.allow_suggest": ("允许出牌建议", "允許出牌建議", "Allow Suggest"),
    "suggest.label": ("建议", "建議", "Suggest"),
    # --- the reasons: what decided the strong player's choice --------------------------------
    "suggest.win": ("胡牌", "食糊", "Declare the win"),
    "suggest.kong": ("开杠{tile}", "開槓{tile}", "Kong the {tile}"),
    "suggest.pass": (
        "过：吃碰{tile}不划算",
        "過：吃碰{tile}不劃算",
        "Pass: claiming the {tile} does not pay",
    ),
    "suggest.plain": ("照此出牌", "照此出牌", "Play this"),
    "suggest.keeps.mixed_one_suit": (
        "打{tile}：保留混一色",
        "打{tile}：保留混一色",
        "Discard the {tile}: keeps 混一色 (one suit) open",
    ),
    "suggest.keeps.all_pungs": (
        "打{tile}：保留对对和",
        "打{tile}：保留對對和",
        "Discard the {tile}: keeps 对对和 (all pungs) open",
    ),
    "suggest.keeps.seven_pairs": (
        "打{tile}：保留七对",
        "打{tile}：保留七對",
        "Discard the {tile}: keeps 七对 (seven pairs) open",
    ),
    "suggest.ready": (
        "打{tile}：听牌，还有{count}张可胡",
        "打{tile}：聽牌，還有{count}張可食",
        "Discard the {tile}: ready, winning tiles left: {count}",
    ),
    "suggest.nearest": (
        "打{tile}：离听牌{steps}步，有效牌{count}张",
        "打{tile}：離聽牌{steps}步，有效牌{count}張",
        "Discard the {tile}: {steps} from ready, tiles that help: {count}",
    ),
    "suggest.safe.visible": (
        "打{tile}：安全，已见{count}张",
        "打{tile}：安全，已見{count}張",
        "Discard the {tile}: safe, {count} visible",
    ),
    "suggest.safe.river": (
        "打{tile}：安全，对手打过",
        "打{tile}：安全，對手打過",
        "Discard the {tile}: safe, the threat let it go",
    ),
    "suggest.safe.passed": (
        "打{tile}：安全，对手刚放过",
        "打{tile}：安全，對手剛放過",
        "Discard the {tile}: safe, passed since the threat's last discard",
    ),
    "suggest.safe.low": (
        "打{tile}：较安全，有人像听牌",
        "打{tile}：較安全，有人像聽牌",
        "Discard the {tile}: fairly safe, someone looks ready",
    ),
    "suggest.safe.least": (
        "打{tile}：最不危险的一张",
        "打{tile}：最不危險的一張",
        "Discard the {tile}: the least dangerous tile",
    ),
    "suggest.claim.mixed_one_suit": (
        "要{tile}：做混一色",
        "要{tile}：做混一色",
        "Claim the {tile}: toward 混一色 (one suit)",
    ),
    "suggest.claim.all_pungs": (
        "碰{tile}：做对对和",
        "碰{tile}：做對對和",
        "Pung the {tile}: toward 对对和 (all pungs)",
    ),
    "suggest.claim.nearer": (
        "要{tile}：离听牌只差{steps}步",
        "要{tile}：離聽牌只差{steps}步",
        "Claim the {tile}: then {steps} from ready",
    ),
    "suggest.claim.ready": (
        "要{tile}：即可听牌",
        "要{tile}：即可聽牌",
        "Claim the {tile}: then ready",
    ),
}
