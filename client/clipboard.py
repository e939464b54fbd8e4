"""The system clipboard for text fields, and a clipboard of the game's own where there is none.

pygame-ce (2.2 and later) puts text on SDL's clipboard with `pygame.scrap.put_text` and
reads it with `get_text`, with no `scrap.init()` and under every video driver (SDL's dummy
driver keeps a clipboard of its own). Where that fails (an older pygame without those
functions, a desktop without a clipboard service), copy and paste still work inside the
game: the text is kept here and only the other programs do not see it.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

_kept = ""
"""The last text copied, for when the system clipboard cannot be used."""
_broken = False

_NO_CLIPBOARD = (pygame.error, AttributeError, NotImplementedError)
"""What pygame.scrap raises where there is no system clipboard (SDL without one, the dummy
video driver, an old pygame): the game then keeps the copied text itself."""


def copy_text(text: str) -> None:
    """Put `text` on the clipboard."""
    global _kept, _broken
    _kept = text
    try:
        pygame.scrap.put_text(text)
    except _NO_CLIPBOARD as exc:
        if not _broken:
            log.warning("no system clipboard (%s): copying inside the game only", exc)
        _broken = True


def paste_text() -> str:
    """The text on the clipboard ("" when there is none)."""
    global _broken
    try:
        text = pygame.scrap.get_text()
    except _NO_CLIPBOARD as exc:
        if not _broken:
            log.warning("no system clipboard (%s): pasting what the game copied", exc)
        _broken = True
        return _kept
    return text if isinstance(text, str) else _kept
