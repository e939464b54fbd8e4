"""The wall (牌墙) on the table: four sides of face-down stacks of two around the centre.

The host keeps the wall as one sequence; the client only shows it. The dice's `DiceRolled`
says whose side is broken and how many stacks from its right end (RULES.md §3); tiles leave
from the head (clockwise from the break, as seen from above) and replacements from the tail
(the other way). `WallTracker` counts both from the events it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from client.render.tiles import OUTLINE, SIDE_IVORY, TEAL_DARK, TEAL_LIGHT, TEAL_TOP
from client.ui import GOLD
from shared.dice import wall_break
from shared.events import DiceRolled, HandStarted, TileDrawn, TilesDealt
from shared.views import TableView

TILES_PER_STACK = 2
SIDES = 4


@dataclass
class WallTracker:
    """What the events of the hand in play say about the wall: its size, the break, and how
    many tiles were taken from the head and from the tail."""

    hand_number: int | None = None
    size: int = 136
    break_seat: int | None = None
    break_stack: int = 0
    head: int = 0
    tail: int = 0
    dealt: dict[int, int] | None = None

    def follow(self, event: object) -> None:
        if isinstance(event, HandStarted):
            self.hand_number, self.size = event.hand_number, event.wall_size
            self.break_seat, self.break_stack, self.head, self.tail = None, 0, 0, 0
            self.dealt = None
        elif isinstance(event, DiceRolled):
            self.break_seat, self.break_stack = event.break_seat, event.break_stack
        elif isinstance(event, TilesDealt):
            # Each seat's tiles came from the head; what else is gone (horses, replacements
            # for flowers) came from the tail.
            self.dealt = {**(self.dealt or {}), event.seat: event.count}
            self.head = sum(self.dealt.values())
            self.tail = max(0, self.size - event.wall_left - self.head)
        elif isinstance(event, TileDrawn):
            if event.from_tail:
                self.tail += 1
            else:
                self.head += 1

    def stacks_per_side(self) -> int:
        return self.size // (SIDES * TILES_PER_STACK)

    def settled(self, view: TableView) -> WallTracker:
        """This tracker when it followed the hand `view` shows; otherwise (joined or resumed
        in the middle of a hand) the best guess from the view: a replacement for each flower
        and kong, the break where the dice put it."""
        if self.hand_number == view.hand_number and self.break_seat is not None:
            return self
        guess = WallTracker(view.hand_number, self.size if self.hand_number else 136)
        if view.dice is None:
            return guess
        guess.break_seat, guess.break_stack = wall_break(view.dealer, view.dice)
        replaced = sum(
            len(seat.flowers) + sum(m.kind in ("kong", "concealed_kong") for m in seat.melds)
            for seat in view.seats
        )
        guess.tail = replaced
        guess.head = max(0, guess.size - view.wall_left - replaced)
        return guess

    def layers(self) -> dict[tuple[int, int], int]:
        """Tiles left (0, 1 or 2) on each stack, by (owner seat, stacks from its right end).

        Ring position 0 is the first stack of the head: the break's stack on the broken side.
        The head goes on along that side, then to the side of the owner's 上家, and so on;
        the tail is the ring's other end."""
        per_side = self.stacks_per_side()
        total = per_side * SIDES
        out: dict[tuple[int, int], int] = {}
        for position in range(total):
            side, k = divmod(self.break_stack + position, per_side)
            owner = ((self.break_seat or 0) - side) % SIDES
            first = position * TILES_PER_STACK
            kept = range(self.head, total * TILES_PER_STACK - self.tail)
            out[(owner, k % per_side)] = sum(first + i in kept for i in range(TILES_PER_STACK))
        return out


@dataclass(frozen=True)
class StackPlace:
    rect: pygame.Rect
    horizontal: bool


def stack_places(ring: pygame.Rect, per_side: int, rel: int) -> list[StackPlace]:
    """Where the stacks of the side in front of relative seat `rel` (0 bottom, 1 right,
    2 top, 3 left) go, from its owner's right end; the four sides interlock at the corners
    (a pinwheel) so none overlaps another."""
    depth = wall_depth(ring, per_side)
    along_x = (ring.width - depth) / per_side
    along_y = (ring.height - depth) / per_side
    places = []
    for k in range(per_side):
        if rel == 0:  # its owner's right is the screen's right
            x = ring.left + (per_side - 1 - k) * along_x
            rect = pygame.Rect(round(x), ring.bottom - depth, round(x + along_x) - round(x), depth)
        elif rel == 2:
            x = ring.right - per_side * along_x + k * along_x
            rect = pygame.Rect(round(x), ring.top, round(x + along_x) - round(x), depth)
        elif rel == 1:  # facing left, its right is the screen's top
            y = ring.bottom - per_side * along_y + k * along_y
            rect = pygame.Rect(ring.right - depth, round(y), depth, round(y + along_y) - round(y))
        else:
            y = ring.top + (per_side - 1 - k) * along_y
            rect = pygame.Rect(ring.left, round(y), depth, round(y + along_y) - round(y))
        places.append(StackPlace(rect, rel in (0, 2)))
    return places


def wall_depth(ring: pygame.Rect, per_side: int) -> int:
    """How far a side reaches towards the centre: a tile's length seen from above, about
    4/3 of a stack's width along the long sides."""
    along = ring.width / (per_side + 1.3)
    return max(6, min(round(along * 1.3), ring.height // 5))


_stack_cache: dict[tuple[int, int, int], pygame.Surface] = {}


def stack_image(width: int, height: int, layers: int) -> pygame.Surface:
    """A face-down stack seen from above; a stack of two shows the lower tile's edge."""
    key = (width, height, layers)
    found = _stack_cache.get(key)
    if found is None:
        found = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = max(1, min(width, height) // 5)
        lift = max(1, min(width, height) // 6) if layers == 2 else 0
        if lift:
            lower = pygame.Rect(1, lift, width - 2, height - lift)
            pygame.draw.rect(found, SIDE_IVORY, lower, border_radius=radius)
            pygame.draw.rect(found, OUTLINE, lower, 1, border_radius=radius)
        top = pygame.Rect(1, 0, width - 2, height - lift - (0 if lift else 1))
        pygame.draw.rect(found, TEAL_LIGHT, top, border_radius=radius)
        pygame.draw.rect(
            found, TEAL_TOP if layers == 2 else TEAL_DARK, top.inflate(-2, -2), border_radius=radius
        )
        pygame.draw.rect(found, OUTLINE, top, 1, border_radius=radius)
        if len(_stack_cache) > 64:
            _stack_cache.clear()
        _stack_cache[key] = found
    return found


def draw_wall(
    screen: pygame.Surface,
    ring: pygame.Rect,
    wall: WallTracker,
    relative: Callable[[int], int],
) -> None:
    """The four sides in `ring`, each in front of its owner, with a gold mark at the break."""
    per_side = wall.stacks_per_side()
    layers = wall.layers()
    for owner in range(SIDES):
        places = stack_places(ring, per_side, relative(owner))
        for k, place in enumerate(places):
            left = layers[(owner, k)]
            if left:
                screen.blit(stack_image(place.rect.width, place.rect.height, left), place.rect)
    if wall.break_seat is not None:
        places = stack_places(ring, per_side, relative(wall.break_seat))
        _draw_break(screen, places[wall.break_stack - 1].rect, places[wall.break_stack].rect)


def _draw_break(screen: pygame.Surface, tail_side: pygame.Rect, head_side: pygame.Rect) -> None:
    """A short gold bar across the wall between the last tail stack and the first head one."""
    if tail_side.width >= tail_side.height:  # a side along x: the bar is vertical
        x = (tail_side.centerx + head_side.centerx) // 2
        start, end = (x, tail_side.top - 3), (x, tail_side.bottom + 2)
    else:
        y = (tail_side.centery + head_side.centery) // 2
        start, end = (tail_side.left - 3, y), (tail_side.right + 2, y)
    pygame.draw.line(screen, GOLD, start, end, 2)
