"""A deal that does not verify (PROTOCOL.md §15.5), shown to the player: a warning banner
at the top of the table while that hand's result is up (the check is kept with the hand's
record, for later); and a contribution of theirs the host refused or left out, at once,
while the hand is played. Also the words for a record's verdict, for the replay viewer.

The banner says it in the player's language; below it, the first mismatch in the check's
own words (English, like the host's notices: what someone looking into it needs).
"""

from __future__ import annotations

import time

import pygame

from client.i18n import t
from client.notice_banner import NOTICE_SECONDS
from client.table_model import ClientTable
from client.ui import WHITE, draw_text, panel, wrap_chunks
from shared.verification import LEFT_OUT, REFUSED, DealVerdict


def verdict_text(verdict: DealVerdict) -> str:
    """A record's verdict (shared.verification.verify_record) in the player's language."""
    return t(f"deal.verdict.{verdict.status}")


def draw_deal_warning(
    screen: pygame.Surface, table: ClientTable | None, ended_hand: int | None,
    now: float | None = None, hand_in_play: int | None = None,
) -> None:
    """The warning of `table`'s latest check, if it found a mismatch in the hand whose
    result is up (`ended_hand`; None while a hand is in play); and, while `hand_in_play`
    is played, at once and for NOTICE_SECONDS (it covers the opposite seat's tiles), that
    the host refused or left out this player's contribution.
    Below the row of buttons at the top and above the result box, so neither is covered."""
    if table is None:
        return
    now = time.monotonic() if now is None else now
    if ended_hand is None:
        if hand_in_play is None:
            return
        alarm, since = table.deals.alarm(hand_in_play), table.deals.alarm_since(hand_in_play)
        if alarm and since is not None and now - since <= NOTICE_SECONDS:
            _draw_box(screen, table, _HEADINGS[alarm], t("deal.refused_detail"), "", now)
        return
    if not table.deals.checks:
        return
    _arrived, check = table.deals.checks[-1]
    if not check.problems or check.hand_number != ended_hand:
        return
    first = check.problems[0]
    kept_out = next((key for problem, key in _HEADINGS.items() if first.startswith(problem)), "")
    if kept_out:  # the heading says it all: no English line repeating it
        _draw_box(screen, table, kept_out, t("deal.refused_detail"), "", now)
    else:
        _draw_box(screen, table, "deal.mismatch", t("deal.mismatch_detail"), first, now)


_HEADINGS = {REFUSED: "deal.refused", LEFT_OUT: "deal.left_out"}
"""The check's own words for a contribution kept out of the deal → the banner's heading."""


def _draw_box(
    screen: pygame.Surface, table: ClientTable, heading: str, detail_text: str, problem: str,
    now: float,
) -> None:
    w, h = screen.get_size()
    head_size, text_size = int(h * 0.028), int(h * 0.021)
    room = int(w * 0.56)
    # The detail has spaces to break at in English only: Chinese is one line, drawn
    # smaller if it must be.
    detail = wrap_chunks(detail_text.split(" "), text_size, room)[:2]
    words = wrap_chunks(problem.split(), text_size, room)[:1] if problem else []
    line_h = int(text_size * 1.3)
    lines = [*detail, *words]
    height = int(head_size * 1.65) + line_h * len(lines) + int(text_size * 0.6)
    box = pygame.Rect(0, 0, int(w * 0.6), height)
    top = int(h * 0.068)
    if table.notices and now - table.notices[-1][0] <= NOTICE_SECONDS:
        top = int(h * 0.2)  # below the host's notice, which is at the top
    box.midtop = (w // 2, top)
    panel(screen, box, (120, 40, 10, 240))
    pygame.draw.rect(screen, (255, 196, 80), box, 3, border_radius=12)
    y = box.y + int(head_size * 0.3)
    draw_text(screen, t(heading), (w // 2, y), head_size, WHITE, "midtop", True, room)
    y += int(head_size * 1.35)
    for n, line in enumerate(lines):
        colour = (255, 236, 200) if n < len(detail) else (255, 210, 170)
        left = (box.x + (box.w - room) // 2, y)
        draw_text(screen, line, left, text_size, colour, max_width=room)
        y += line_h
