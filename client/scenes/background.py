"""The felt every screen is drawn on."""

from __future__ import annotations

import pygame

from client.ui import FELT, FELT_DARK

_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green baize, a little lighter in the middle, made once per window size."""
    found = _cache.get(size)
    if found is None:
        w, h = size
        # A tiny gradient scaled up smoothly gives a soft light without visible bands.
        small = pygame.Surface((8, 8))
        for y in range(8):
            for x in range(8):
                d = max(abs(x - 3.5), abs(y - 3.5)) / 3.5
                mix = min(1.0, d * d)
                small.set_at(
                    (x, y),
                    tuple(int(a + (b - a) * mix) for a, b in zip(FELT, FELT_DARK, strict=True)),
                )
        found = pygame.transform.smoothscale(small, (w, h))
        _cache.clear()
        _cache[size] = found
    return found
