"""The host's notices (PROTOCOL.md `notice`) as a banner across the top of the table and
the lobby: a failed save must be seen, not only logged.

The banner shows the latest notice for NOTICE_SECONDS after it arrived: a headline in the
player's language and, below it, the host's own words (English: the file and the error),
which are what someone fixing the disk needs.
"""

from __future__ import annotations

import time

import pygame

from client.i18n import t
from client.table_model import ClientTable
from client.ui import WHITE, draw_text, panel, wrap_chunks

NOTICE_SECONDS = 20.0
"""Long enough to be read at the end of a hand, whatever the player was looking at."""
_HEADLINES = {"disk_write_failed": "notice.disk_write_failed"}


def draw_notice(
    screen: pygame.Surface, table: ClientTable | None, now: float | None = None
) -> None:
    """The latest notice of `table` across the top of `screen`, if it is recent."""
    if table is None or not table.notices:
        return
    arrived, notice = table.notices[-1]
    if (time.monotonic() if now is None else now) - arrived > NOTICE_SECONDS:
        return
    w, h = screen.get_size()
    head_size, text_size = int(h * 0.032), int(h * 0.022)
    room = int(w * 0.56)  # the corners keep their buttons (menu, chat, leave) in sight
    lines = wrap_chunks(notice.text.split(), text_size, room)[:4]
    line_h = int(text_size * 1.35)
    box = pygame.Rect(0, 0, int(w * 0.6), int(head_size * 1.9) + line_h * len(lines))
    box.midtop = (w // 2, int(h * 0.015))
    panel(screen, box, (150, 28, 28, 235))
    pygame.draw.rect(screen, (255, 210, 150), box, 2, border_radius=12)
    headline = t(_HEADLINES.get(notice.code, "notice.other"))
    top = box.y + int(head_size * 0.35)
    draw_text(screen, headline, (w // 2, top), head_size, WHITE, "midtop", True, room)
    y = top + int(head_size * 1.45)
    for line in lines:
        draw_text(screen, line, (box.x + (box.w - room) // 2, y), text_size, (255, 225, 200))
        y += line_h
