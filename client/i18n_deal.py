"""The verifiable deal's texts (client/deal_banner.py), in 简体中文, 繁體中文 and English.

Part of the one catalogue of client/i18n.py, which merges them in; same form as there:
key → (简体, 繁體, English) templates.
"""

from __future__ import annotations

DEAL_TEXTS: dict[str, tuple[str, str, str]] = {
    "deal.mismatch": (
        "警告：本局的牌墙不是主机事先承诺的那一副",
        "警告：本局的牌牆不是主機事先承諾的那一副",
        "Warning: this hand's wall is not the one the host committed to",
    ),
    "deal.mismatch_detail": (
        "主机可能动过牌。此事已记入本局牌谱，可在回放中查看。",
        "主機可能動過牌。此事已記入本局牌譜，可在回放中查看。",
        "The host may have stacked the wall. This is kept in the hand's record, for the replay.",
    ),
    "deal.verdict.verified": (
        "洗牌已验证：牌墙与主机承诺的一致",
        "洗牌已驗證：牌牆與主機承諾的一致",
        "Shuffle verified: the wall is the one the host committed to",
    ),
    "deal.verdict.mismatch": (
        "洗牌验证失败：牌墙与主机承诺的不符",
        "洗牌驗證失敗：牌牆與主機承諾的不符",
        "Shuffle check failed: the wall is not the one the host committed to",
    ),
    "error.contribution_refused": (
        "主机没有采用你为本局洗牌提供的随机数",
        "主機沒有採用你為本局洗牌提供的隨機數",
        "The host did not take your contribution to this hand's shuffle",
    ),
    "deal.verdict.unverifiable": (
        "此局无法验证洗牌（旧版牌谱）",
        "此局無法驗證洗牌（舊版牌譜）",
        "This hand's shuffle cannot be checked (an older record)",
    ),
}
