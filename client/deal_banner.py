"""A deal that does not verify (PROTOCOL.md §15.5), shown to the player: a warning banner
at the top of the table while that hand's result is up (the check is kept with the hand's
record, for later). Also the words for a record's verdict, for the replay viewer.

The banner says it in the player's language; below it, the first mismatch in the check's
own words (English, like the host's notices: what someone looking into it needs).
"""

from __future__ import annotations

import time

import pygame

from client.i18n import t
from client.net import Connection
from client.notice_banner import NOTICE_SECONDS
from client.ui import WHITE, draw_text, panel, wrap_chunks
from shared.verification import DealVerdict


def verdict_text(verdict: DealVerdict) -> str:
    """A record's verdict (shared.verification.verify_record) in the player's language."""
    return t(f"deal.verdict.{verdict.status}")


def draw_deal_warning(
    screen: pygame.Surface, conn: Connection | None, ended_hand: int | None,
    now: float | None = None,
) -> None:
    """The warning of `conn`'s latest check, if it found a mismatch in the hand whose
    result is up (`ended_hand`; None while a hand is in play). Below the row of buttons at
    the top and above the result box, so neither is covered."""
    if conn is None or not conn.deals.checks or ended_hand is None:
        return
    _arrived, check = conn.deals.checks[-1]
    if not check.problems or check.hand_number != ended_hand:
        return
    now = time.monotonic() if now is None else now
    w, h = screen.get_size()
    head_size, text_size = int(h * 0.028), int(h * 0.021)
    room = int(w * 0.56)
    # The detail has spaces to break at in English only: Chinese is one line, drawn
    # smaller if it must be.
    detail = wrap_chunks(t("deal.mismatch_detail").split(" "), text_size, room)[:1]
    words = wrap_chunks(check.problems[0].split(), text_size, room)[:1]
    line_h = int(text_size * 1.3)
    lines = [*detail, *words]
    height = int(head_size * 1.65) + line_h * len(lines) + int(text_size * 0.6)
    box = pygame.Rect(0, 0, int(w * 0.6), height)
    top = int(h * 0.068)
    if conn.notices and now - conn.notices[-1][0] <= NOTICE_SECONDS:
        top = int(h * 0.2)  # below the host's notice, which is at the top
    box.midtop = (w // 2, top)
    panel(screen, box, (120, 40, 10, 240))
    pygame.draw.rect(screen, (255, 196, 80), box, 3, border_radius=12)
    y = box.y + int(head_size * 0.3)
    draw_text(screen, t("deal.mismatch"), (w // 2, y), head_size, WHITE, "midtop", True, room)
    y += int(head_size * 1.35)
    for n, line in enumerate(lines):
        colour = (255, 236, 200) if n < len(detail) else (255, 210, 170)
        left = (box.x + (box.w - room) // 2, y)
        draw_text(screen, line, left, text_size, colour, max_width=room)
        y += line_h
