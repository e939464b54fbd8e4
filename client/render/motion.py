"""Short slides of tiles into their place: they only move pictures, never hold up input.

The scene always draws the view as it is now; a slide only shifts where something already
in its final place is drawn, from where it came from towards that place, for a fraction of
a second. So a click during a slide acts on the view at once, exactly as without it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

SLIDE_SECONDS = {"slow": 0.45, "normal": 0.25, "fast": 0.12, "off": 0.0}
"""How long a slide takes at each `animation_speed` setting."""


@dataclass(frozen=True)
class Slide:
    source: tuple[int, int]
    """Where the thing's anchor point starts, on screen."""
    began: float
    seconds: float


class Motion:
    """Slides in progress, by what moves: ("river", seat, index), ("drawn",), ("meld", seat,
    index)."""

    def __init__(self) -> None:
        self.slides: dict[Hashable, Slide] = {}

    def start(self, key: Hashable, source: tuple[int, int], now: float, seconds: float) -> None:
        if seconds > 0:
            self.slides[key] = Slide(source, now, seconds)

    def offset(self, key: Hashable, anchor: tuple[int, int], now: float) -> tuple[int, int]:
        """How far from its place to draw the thing whose anchor point is `anchor` now."""
        slide = self.slides.get(key)
        if slide is None:
            return (0, 0)
        t = (now - slide.began) / slide.seconds
        if t >= 1:  # ended: `moving()` forgets it (drawing only reads, never prunes)
            return (0, 0)
        left = (1 - max(0.0, t)) ** 3  # ease out: fast start, soft landing
        return (
            round((slide.source[0] - anchor[0]) * left),
            round((slide.source[1] - anchor[1]) * left),
        )

    def moving(self, now: float) -> bool:
        """True while any slide has time left (the frame loop then draws every frame)."""
        self.slides = {k: s for k, s in self.slides.items() if now - s.began < s.seconds}
        return bool(self.slides)
