"""The table's buttons, laid out: the host's choices in a row (claims, the dice, a
self-drawn win or a kong on one's turn; Continue and Leave inside the result box), the
player's automatic-play toggles, quick chat and the menu. Part of the pure layout step
(table_layout.py): labels and rectangles only, wired to actions by table_input.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pygame

from client.assets import render_text
from client.i18n import t, tile_name
from client.render.tiles import TileArt
from client.scenes import result as result_box
from client.ui import BUTTON_PADDING, RED, WHITE
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    ContinueGame,
    DeclareWin,
    LeaveTable,
    Pass,
    Pung,
    RollDice,
)
from shared.protocol import PHRASES
from shared.views import TableView

if TYPE_CHECKING:
    from client.scenes.table_layout import TableModel

CLAIM_ROW_LEFT = 0.25
"""Where a row of claim buttons too long to centre starts, as a fraction of the width:
right of the player's name badge and flowers, bottom left."""
BUTTON_GAP = 12
TOGGLES = ("auto_win", "auto_pass", "auto_discard")
"""The player's automatic-play toggles, in the order of their buttons."""

Colour = tuple[int, int, int]
ButtonKind = Literal["act", "toggle", "chat", "phrase", "rules", "scores", "menu", "standings"]


@dataclass(frozen=True)
class ButtonPlace:
    """A button: where, what it says, and what pressing it does (`kind` and `action`/`arg`)."""

    rect: pygame.Rect
    label: str
    kind: ButtonKind
    action: AnyAction | None = None
    arg: str | int | None = None
    """The toggle's name (kind "toggle") or the phrase's index (kind "phrase")."""
    hotkey: int | None = None
    accent: Colour | None = None
    icons: tuple[int, ...] = ()
    """Tiles drawn after the label (a chow's three), at `icon_height`."""
    icon_height: int = 0
    prompt: bool = False
    """One of the host's choices (claims, a turn's wins and kongs, the dice, Continue and
    Leave): the row the prompt's countdown runs along."""


ButtonSpec = tuple[str, AnyAction, int | None, Colour | None]
"""A button to lay out: label, action, hotkey, accent colour."""


def _prompt_actions(model: TableModel, view: TableView | None) -> list[ButtonSpec]:
    """A button for each of the host's choices that is not a discard (a tile in the hand)."""
    actions: list[ButtonSpec] = []
    for action in model.legal:
        if isinstance(action, DeclareWin):
            own_turn = view is not None and view.phase == "turn"
            label = t("claim.self_drawn") if own_turn else t("claim.win")
            actions.append((label, action, pygame.K_h, RED))
        elif isinstance(action, Pung):
            actions.append((t("claim.pung"), action, pygame.K_p, None))
        elif isinstance(action, ClaimKong):
            actions.append((t("claim.kong"), action, pygame.K_k, None))
        elif isinstance(action, Chow):
            actions.append((t("claim.chow"), action, pygame.K_c, None))
        elif isinstance(action, ConcealedKong):
            label = t("claim.concealed_kong") + " " + tile_name(action.tile)
            actions.append((label, action, None, None))
        elif isinstance(action, AddedKong):
            label = t("claim.added_kong") + " " + tile_name(action.tile)
            actions.append((label, action, None, None))
        elif isinstance(action, RollDice):
            actions.append((t("table.roll_dice"), action, pygame.K_SPACE, RED))
        elif isinstance(action, Pass):
            actions.append((t("claim.pass"), action, pygame.K_SPACE, None))
    return actions


def result_actions(legal: tuple[AnyAction, ...]) -> list[ButtonSpec]:
    """Continue and Leave, when the player may choose them."""
    actions: list[ButtonSpec] = []
    for action in legal:
        if isinstance(action, ContinueGame):
            actions.append((t("result.continue"), action, pygame.K_RETURN, RED))
        elif isinstance(action, LeaveTable):
            actions.append((t("result.leave"), action, None, None))
    return actions


def button_width(label: str, height: int, icons_width: int, least: int) -> int:
    """Wide enough for the label at the size a button draws it, and its icons."""
    text = render_text(label, max(14, int(height * 0.45)), WHITE, bold=True).get_width()
    pictures = icons_width + (6 if icons_width else 0)
    return max(least, text + pictures + 2 * BUTTON_PADDING + 2 * int(height * 0.3))


def lay_out_buttons(
    model: TableModel,
    view: TableView,
    size: tuple[int, int],
    art: Callable[[int], TileArt],
    result: result_box.ResultLayout | None,
) -> list[ButtonPlace]:
    w, h = size
    out: list[ButtonPlace] = []
    prompt = _prompt_actions(model, view)
    actions = prompt + result_actions(model.legal)
    bh = result.button_height if result is not None else int(h * 0.062)
    if actions:
        icon_height = max(16, int(bh * 0.8))
        icon_width = art(icon_height).size[0]
        icons = [
            tuple(action.low + i for i in range(3)) if isinstance(action, Chow) else ()
            for _, action, _, _ in actions
        ]
        widths = [
            button_width(label, bh, icon_width * len(tiles), int(w * 0.07))
            for (label, *_), tiles in zip(actions, icons, strict=True)
        ]
        total = sum(widths) + BUTTON_GAP * (len(widths) - 1)
        x = (w - total) // 2
        y = int(h * 0.70)
        if result is not None:  # inside the result box, at its bottom
            x = result.box.centerx - total // 2
            y = result.buttons_top
        else:  # a long row keeps right of the player's name badge, when it can
            x = max(x, min(int(w * CLAIM_ROW_LEFT), w - total - int(w * 0.02)))
        for i, ((label, action, key, accent), bw) in enumerate(zip(actions, widths, strict=True)):
            rect = pygame.Rect(x, y, bw, bh)
            out.append(
                ButtonPlace(
                    rect,
                    label,
                    "act",
                    action,
                    hotkey=key,
                    accent=accent,
                    icons=icons[i],
                    icon_height=icon_height,
                    prompt=True,
                )
            )
            x += bw + BUTTON_GAP
    if model.session_over and result is not None and not actions:
        # The last hand's result stays until the player moves on to the final standings.
        label = t("over.final_standings")
        bw = button_width(label, bh, 0, int(w * 0.07))
        rect = pygame.Rect(result.box.centerx - bw // 2, result.buttons_top, bw, bh)
        out.append(ButtonPlace(rect, label, "standings", hotkey=pygame.K_RETURN, accent=RED))
    # The player's toggles, bottom left (a spectator has nothing to automate).
    if view.seat is not None and view.phase != "ended":
        tw, th = int(w * 0.13), int(h * 0.04)
        for i, (name, on) in enumerate(zip(TOGGLES, model.toggles, strict=True)):
            rect = pygame.Rect(int(w * 0.01), int(h * 0.80) + i * int(th * 1.15), tw, th)
            state = t("common.on") if on else t("common.off")
            accent = (150, 110, 40) if on else (50, 70, 60)
            label = f"{t('toggle.' + name)}: {state}"
            out.append(ButtonPlace(rect, label, "toggle", arg=name, accent=accent))
    return out + menu_buttons(model, size)


def menu_buttons(model: TableModel, size: tuple[int, int]) -> list[ButtonPlace]:
    """Quick chat (and its phrases, when open), the table's rules, the scoreboard and the
    menu, top left."""
    w, h = size
    out: list[ButtonPlace] = []
    chat = pygame.Rect(int(w * 0.11), int(h * 0.01), int(w * 0.09), int(h * 0.045))
    out.append(ButtonPlace(chat, t("chat.title"), "chat", hotkey=pygame.K_t))
    rules = pygame.Rect(int(w * 0.21), int(h * 0.01), int(w * 0.09), int(h * 0.045))
    out.append(ButtonPlace(rules, t("menu.rules"), "rules", hotkey=pygame.K_F1))
    # under the menu: the row above is full once the top seat's name is long
    scores = pygame.Rect(int(w * 0.01), int(h * 0.065), int(w * 0.09), int(h * 0.045))
    out.append(ButtonPlace(scores, t("sheet.button"), "scores", hotkey=pygame.K_TAB))
    if model.chat_open:
        cw, ch = int(w * 0.14), int(h * 0.045)
        for i, phrase in enumerate(PHRASES):
            rect = pygame.Rect(int(w * 0.11), int(h * 0.065) + i * int(ch * 1.1), cw, ch)
            label = t(f"chat.{phrase}")
            out.append(ButtonPlace(rect, label, "phrase", arg=i, accent=(120, 90, 40)))
    menu = pygame.Rect(int(w * 0.01), int(h * 0.01), int(w * 0.09), int(h * 0.045))
    out.append(ButtonPlace(menu, t("common.menu"), "menu", hotkey=pygame.K_ESCAPE))
    return out
