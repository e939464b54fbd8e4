"""Words over the table: the claim callouts (碰! 杠! 食糊!), the quick-chat bubbles, the
过水 line and the line naming what the timer did for the player. Each reads what to say and
draws it; none keeps state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from client.assets import render_text
from client.i18n import t, tile_name
from client.ui import GOLD, INK, PAPER, draw_text, fitted_text
from shared.actions import AnyAction, Discard, LeaveTable, Pass, RollDice
from shared.events import PhraseSaid
from shared.protocol import PHRASES

PHRASE_BUBBLE_SECONDS = 3.0


@dataclass
class Callout:
    text: str
    seat: int
    until: float


def draw_callouts(
    screen: pygame.Surface,
    callouts: Sequence[Callout],
    relative: Callable[[int], int],
    badges: Sequence[pygame.Rect] = (),
) -> None:
    """碰! 吃! 杠! by the caller's name badge (`badges`, by seat), out of the rivers and the
    last discard in the middle of the table: above the player's own badge, below the others',
    the whole word (its shadow too) clear of the badge so the caller's name stays readable."""
    w, h = screen.get_size()
    size = int(h * 0.08)
    for callout in callouts:
        word = render_text(callout.text, size, GOLD, bold=True).get_rect()
        rect = callout_rect(word, relative(callout.seat), callout.seat, badges, (w, h))
        shadow = rect.move(SHADOW, SHADOW).topleft
        draw_text(screen, callout.text, shadow, size, (0, 0, 0), bold=True)
        draw_text(screen, callout.text, rect.topleft, size, GOLD, bold=True)


SHADOW = 3
"""How far down and right a call-out's shadow falls."""


def callout_rect(
    word: pygame.Rect,
    rel: int,
    seat: int,
    badges: Sequence[pygame.Rect],
    screen: tuple[int, int],
) -> pygame.Rect:
    """Where a call-out of `word`'s size goes: just above the player's own badge, just below
    another's, a gap wider than its shadow between, and inside the screen."""
    w, h = screen
    rect = word.copy()
    if seat < len(badges):
        badge = badges[seat]
        gap = max(2 * SHADOW, h // 120)
        if rel == 0:
            rect.midbottom = (badge.centerx, badge.top - gap - SHADOW)
        else:
            rect.midtop = (badge.centerx, badge.bottom + gap)
    else:
        rect.center = [
            (int(w * 0.13), int(h * 0.66)),
            (int(w * 0.87), int(h * 0.27)),
            (int(w * 0.3), int(h * 0.1)),
            (int(w * 0.13), int(h * 0.27)),
        ][rel]
    bounds = pygame.Rect(0, 0, w - SHADOW, h - SHADOW)
    rect.clamp_ip(bounds)  # sideways only, in practice: a badge is never that near the edge
    return rect


def draw_phrases(
    screen: pygame.Surface,
    phrases: Sequence[tuple[float, PhraseSaid]],
    relative: Callable[[int], int],
    now: float,
) -> None:
    """Quick-chat bubbles beside whoever said them, for a few seconds."""
    w, h = screen.get_size()
    size = int(h * 0.03)
    for said_at, said in phrases:
        if now - said_at > PHRASE_BUBBLE_SECONDS:
            continue
        if said.seat is None:
            pos = (w // 2, int(h * 0.2))
        else:
            pos = [
                (w // 2, int(h * 0.62)),
                (int(w * 0.8), int(h * 0.3)),
                (w // 2, int(h * 0.2)),
                (int(w * 0.2), int(h * 0.3)),
            ][relative(said.seat)]
        text = t("chat.said", name=said.name, text=t(f"chat.{PHRASES[said.phrase]}"))
        image = render_text(text, size, INK)
        bubble = image.get_rect(center=pos).inflate(24, 14)
        pygame.draw.rect(screen, PAPER, bubble, border_radius=12)
        pygame.draw.rect(screen, GOLD, bubble, 2, border_radius=12)
        screen.blit(image, image.get_rect(center=bubble.center))


def draw_missed_win(screen: pygame.Surface, tiles: Sequence[int]) -> None:
    """过水: the tiles the player may not win on until its lock lifts, over its hand."""
    if not tiles:
        return
    w, h = screen.get_size()
    text = t("table.missed_win", tiles=" ".join(tile_name(x) for x in tiles))
    where = (w // 2, int(h * 0.785))
    draw_text(screen, text, where, int(h * 0.026), (255, 210, 150), anchor="center")


TIMER_LINE_SECONDS = 4.0
"""How long the line naming what the timer did stays over the table."""


def timer_acted_text(action: AnyAction) -> str:
    """The line for what the host's timer did for the player (PROTOCOL.md `timer_acted`):
    "Time: 5筒 let go for you"; "" for an action it has no line for."""
    if isinstance(action, Discard):
        return t("timer.acted.discard", tile=tile_name(action.tile))
    if isinstance(action, Pass):
        return t("timer.acted.pass")
    if isinstance(action, RollDice):
        return t("timer.acted.roll")
    if isinstance(action, LeaveTable):
        return t("timer.acted.leave")
    return ""


def draw_timer_line(screen: pygame.Surface, text: str) -> pygame.Rect:
    """The timer's line on a dark card above the player's hand, in the middle."""
    w, h = screen.get_size()
    size = int(h * 0.032)
    image = fitted_text(text, size, GOLD, int(w * 0.5), True)
    # clear of the player's timer ring, which sits beside the hand
    card = image.get_rect(center=(w // 2, int(h * 0.755))).inflate(int(size * 1.2), int(size * 0.6))
    panel = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (0, 0, 0, 200), panel.get_rect(), border_radius=card.height // 2)
    screen.blit(panel, card)
    screen.blit(image, image.get_rect(center=card.center))
    return card
