"""The game's window: opens it, gives the surface each frame is drawn into, shows that
frame, and maps the mouse between the window's points and the frame's pixels.

On a Retina Mac, SDL2 counts a window in points, and even a high-DPI window's own surface
has one pixel a point, which macOS scales up: soft text. There the game opens a high-DPI
window, draws each frame into a surface of the window's full pixel size (the layout
follows the surface's size) and shows it through an SDL renderer; the mouse, reported in
points, is scaled to the frame's pixels, and the text input's place back to points. Where
a pixel is an SDL unit (Windows, DPI aware already: client/display.py; X11; the tests'
dummy driver) the window is pygame's own display surface, drawn into directly, as always.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod

import pygame
from pygame._sdl2.video import Renderer, Texture

HIGH_DPI_DRIVERS = ("cocoa", "wayland")
"""SDL's video drivers that count a window in points, its pixels possibly more: only
there is a high-DPI window worth measuring."""
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
"""The events whose `pos` (and `rel`) SDL gives in points; a wheel's turns have none."""


class GameWindow(ABC):
    """What the game asks of its window, whichever kind it is."""

    scale: tuple[float, float] = (1.0, 1.0)
    """Frame pixels per window point, across and down."""

    @abstractmethod
    def show(self, size: tuple[int, int], fullscreen: bool) -> None:
        """Full screen, or a window of `size` (SDL's units)."""

    @abstractmethod
    def frame(self) -> pygame.Surface:
        """The surface to draw the next frame into, at the window's size in pixels (asked
        again after the window changes size)."""

    @abstractmethod
    def present(self, frame: pygame.Surface) -> None:
        """Show `frame`, drawn in full."""

    @abstractmethod
    def is_open(self) -> bool: ...

    @abstractmethod
    def set_title(self, title: str) -> None: ...

    def to_pixels(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point of the window as a pixel of the frame: the pixel at its top left."""
        return math.floor(pos[0] * self.scale[0]), math.floor(pos[1] * self.scale[1])

    def to_points(self, rect: pygame.Rect) -> pygame.Rect:
        """A rectangle of the frame as the window's points that cover it."""
        (across, down), (x, y) = self.scale, rect.topleft
        left, top = math.floor(x / across), math.floor(y / down)
        right, bottom = math.ceil(rect.right / across), math.ceil(rect.bottom / down)
        return pygame.Rect(left, top, right - left, bottom - top)

    def event(self, event: pygame.event.Event) -> pygame.event.Event:
        """`event` with its mouse position (and motion) in the frame's pixels."""
        if event.type not in MOUSE_EVENTS or self.scale == (1.0, 1.0):
            return event
        moved = {"pos": self.to_pixels(event.pos)}
        if event.type == pygame.MOUSEMOTION:
            moved["rel"] = self.to_pixels(event.rel)
        return pygame.event.Event(event.type, {**event.dict, **moved})

    def mouse_pos(self) -> tuple[int, int]:
        """Where the mouse is, in the frame's pixels (pygame.mouse.get_pos() is in points)."""
        return self.to_pixels(pygame.mouse.get_pos())


class DisplayWindow(GameWindow):
    """pygame's display surface: one pixel an SDL unit, drawn into directly."""

    def show(self, size: tuple[int, int], fullscreen: bool) -> None:
        flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
        pygame.display.set_mode(size, flags)

    def frame(self) -> pygame.Surface:
        surface = pygame.display.get_surface()
        if surface is None:
            raise pygame.error("the game's window is closed: there is no frame to draw")
        return surface

    def present(self, frame: pygame.Surface) -> None:
        pygame.display.flip()

    def is_open(self) -> bool:
        return pygame.display.get_init() and pygame.display.get_surface() is not None

    def set_title(self, title: str) -> None:
        pygame.display.set_caption(title)


class PixelWindow(GameWindow):
    """A high-DPI window shown through a renderer: the frame is an ordinary surface at the
    window's size in pixels, uploaded to a texture whenever it is presented."""

    def __init__(self, title: str, size: tuple[int, int], fullscreen: bool) -> None:
        self.window = pygame.Window(
            title, size, resizable=True, allow_high_dpi=True, fullscreen_desktop=fullscreen
        )
        self.renderer = Renderer(self.window)
        self.texture: Texture | None = None
        self.surface: pygame.Surface | None = None
        self.closed = False
        self.frame()

    def show(self, size: tuple[int, int], fullscreen: bool) -> None:
        if fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            self.window.size = size

    def frame(self) -> pygame.Surface:
        pixels = drawable_size(self.renderer)
        points = self.window.size
        self.scale = (pixels[0] / max(1, points[0]), pixels[1] / max(1, points[1]))
        if self.surface is None or self.surface.get_size() != pixels:
            self.surface = pygame.Surface(pixels)
        return self.surface

    def present(self, frame: pygame.Surface) -> None:
        size = frame.get_size()
        if self.texture is None or (self.texture.width, self.texture.height) != size:
            self.texture = Texture(self.renderer, size, streaming=True)
            self.texture.blend_mode = pygame.BLENDMODE_NONE  # the frame is opaque: a copy
        self.texture.update(frame)
        self.texture.draw()  # over the whole window, which the frame fills
        self.renderer.present()

    def is_open(self) -> bool:
        return not self.closed and pygame.display.get_init()

    def set_title(self, title: str) -> None:
        self.window.title = title

    def close(self) -> None:
        global _shown
        if self.closed:
            return
        self.closed = True
        self.texture = None  # each freed before what holds it: texture, renderer, window
        del self.renderer
        self.window.destroy()
        if _shown is self:
            _shown = None


def drawable_size(renderer: Renderer) -> tuple[int, int]:
    """The pixels a renderer draws on: its window's size times the screen's scale."""
    renderer.set_viewport(None)  # the whole output, at its size now
    size = renderer.get_viewport().size
    return size[0], size[1]


_shown: PixelWindow | None = None
"""The high-DPI window open in this process, if any (there is one game window)."""


def open_window(size: tuple[int, int], fullscreen: bool = False, title: str = "") -> GameWindow:
    """The game's window, full screen or of `size` (SDL's units): a high-DPI one where its
    pixels outnumber its points, else pygame's display surface. pygame.display must be
    initialised."""
    global _shown
    if pygame.display.get_driver() in HIGH_DPI_DRIVERS:
        window = PixelWindow(title, size, fullscreen)
        if window.scale[0] > 1 or window.scale[1] > 1:
            _shown = window
            return window
        window.close()  # a screen of one pixel a point: nothing to gain
    display = DisplayWindow()
    display.show(size, fullscreen)
    display.set_title(title)
    return display


def shown_window() -> GameWindow | None:
    """The window the game has open, if any: the crash screen shows in it, not in a second
    window beside a frozen one."""
    if _shown is not None and _shown.is_open():
        return _shown
    display = DisplayWindow()
    return display if display.is_open() else None


def _close_shown() -> None:
    """At pygame.quit(), before SDL's video goes: the texture and renderer first, so that
    nothing is freed twice, or after the window that holds it."""
    if _shown is not None:
        _shown.close()


pygame.register_quit(_close_shown)
