"""出牌建议 Suggest at the table: the tile the strong computer player would discard marked
in the player's hand, the claim it would make marked among the claim buttons, and its
reason in one line above the hand.

Worked out here, from the player's own view and the table's rules only
(server/engine/bots/advice.py: what a client has is all it reads), once for each question
the host asks (a frame asks the same thing again). Shown only when the player turned it on
(Settings › 出牌建议, off by default) and the table's owner allows it (`suggest_allowed` of
lobby_updated, PROTOCOL.md §7): a guest at a table whose owner turned it off sees none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec
import pygame

from client.i18n import current_language, t, tile_name
from client.scenes.table_layout import TableLayout
from client.ui import GOLD, WHITE, draw_text, fitted_text, panel
from server.engine.bots import Advice, advise
from shared.actions import AnyAction, Discard
from shared.ruleset import Ruleset
from shared.views import TableView

if TYPE_CHECKING:
    from client.scenes.table import TableScene

GLOW = (255, 214, 90)


@dataclass(frozen=True)
class Suggestion:
    advice: Advice
    text: str
    """The reason, in the player's language."""

    @property
    def tile(self) -> int | None:
        """The discard to mark in the hand, if the advice is one."""
        action = self.advice.action
        return action.tile if isinstance(action, Discard) else None

    @property
    def claim(self) -> AnyAction | None:
        """The button to mark (a claim, a pass, a kong, a win), if the advice is not a discard."""
        return None if isinstance(self.advice.action, Discard) else self.advice.action


_last: list[tuple[object, Suggestion | None]] = []
"""The last question asked and its answer (one: a new prompt is a new question)."""


def reason_text(advice: Advice) -> str:
    """The advice's reason in the current language (its tile by name)."""
    fields = {k: tile_name(int(v)) if k == "tile" else v for k, v in advice.args.items()}
    return t(advice.reason, **fields)


def suggestion(
    view: TableView | None,
    legal: tuple[AnyAction, ...],
    rules: Ruleset | None,
    wanted: bool,
    allowed: bool,
) -> Suggestion | None:
    """The advice for the question the host asks now, or None: not asked for, not allowed
    by the table's owner, a spectator, or nothing to choose."""
    if not (wanted and allowed) or view is None or rules is None or view.seat is None:
        return None
    if not legal or view.phase not in ("turn", "claim", "rob"):
        return None
    key = (view, legal, rules.digest, current_language())
    if _last and _last[0][0] == key:
        return _last[0][1]
    advice = advise(msgspec.structs.replace(view, legal=legal), rules)
    found = None if advice is None else Suggestion(advice, reason_text(advice))
    _last[:] = [(key, found)]
    return found


def for_scene(scene: TableScene) -> Suggestion | None:
    table = scene.table
    if table is None:
        return None
    allowed = table.lobby.suggest_allowed if table.lobby is not None else True
    return suggestion(table.view, table.legal, table.rules, scene.app.settings.suggest, allowed)


def draw(screen: pygame.Surface, scene: TableScene, layout: TableLayout) -> None:
    """The marks and the reason line, over the table as laid out."""
    found = for_scene(scene)
    if found is None:
        return
    h = screen.get_height()
    width = max(2, h // 240)
    tile = found.tile
    anchor: pygame.Rect | None = layout.hand[0][0] if layout.hand else None
    if tile is not None:
        # The drawn tile when it is the one, else the last of its kind in the hand.
        rects = [rect for rect, kind in layout.hand if kind == tile]
        if rects:
            mark = rects[-1]
            pygame.draw.rect(screen, GLOW, mark.inflate(width * 3, width * 3), width, 6)
            dot = pygame.Rect(0, 0, width * 5, width * 5)
            dot.center = (mark.right - width, mark.top + width)
            pygame.draw.ellipse(screen, GLOW, dot)
    else:
        for place in layout.buttons:
            if place.action is not None and place.action == found.claim:
                pygame.draw.rect(screen, GLOW, place.rect.inflate(width * 4, width * 4), width, 12)
                anchor = anchor or place.rect
    if anchor is None:
        return
    size = max(14, int(h * 0.024))
    text = f"{t('suggest.label')} · {found.text}"
    room = screen.get_width() // 2
    surface = fitted_text(text, size, WHITE, room)
    box = surface.get_rect()
    box.inflate_ip(size, size // 2)
    box.bottomleft = (anchor.left, anchor.top - int(h * 0.045))
    box.left = max(4, box.left)
    panel(screen, box, (0, 0, 0, 160))
    pygame.draw.rect(screen, GOLD, box, 1, 6)
    draw_text(screen, text, box.center, size, WHITE, anchor="center", max_width=room)
