"""Keyboard and text events as SDL sends them, and a frame that takes them in: for tests
that type into the real scenes (the dummy video driver has no keyboard)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from client.app import App

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


def key(code: int, mod: int = 0) -> pygame.event.Event:
    """A key pressed, with these modifiers held."""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def typed(text: str) -> pygame.event.Event:
    """Text typed (or committed by an input method)."""
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def clicked(pos: tuple[int, int]) -> pygame.event.Event:
    """The left button let go at `pos`."""
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def run(app: App, *events: pygame.event.Event) -> None:
    """One frame of the app with just these events in the queue."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    app.frame(0.016)
