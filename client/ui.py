"""Small widgets drawn with our own code: buttons, text fields, choices, panels, labels."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from client.assets import font, render_text
from client.clipboard import copy_text, paste_text
from shared.names import name_width

INK = (35, 31, 28)
PAPER = (246, 240, 226)
FELT = (18, 92, 66)
FELT_DARK = (12, 66, 47)
GOLD = (226, 182, 74)
RED = (190, 40, 40)
WHITE = (250, 250, 245)
MUTED = (150, 160, 150)
NOTICE = (255, 210, 160)
"""A note on a form: what the host form or the resume offer says needs the eye."""
BUTTON = (58, 122, 92)
BUTTON_HOVER = (76, 150, 112)
BUTTON_OFF = (90, 100, 95)
BUTTON_PADDING = 8
FIELD_PADDING = 10
MIN_TEXT_SIZE = 9
"""Text shrunk to fit its room stops here: smaller is unreadable."""


def fitted_text(
    text: str,
    size: int,
    color: tuple[int, int, int],
    max_width: int | None,
    bold: bool = False,
) -> pygame.Surface:
    """`text` at `size`, or smaller if that is wider than `max_width` (None: any width)."""
    image = render_text(text, size, color, bold=bold)
    while max_width is not None and image.get_width() > max_width and size > MIN_TEXT_SIZE:
        size = max(MIN_TEXT_SIZE, min(size - 1, int(size * max_width / image.get_width())))
        image = render_text(text, size, color, bold=bold)
    return image


def wrap_chunks(chunks: Sequence[str], size: int, max_width: int) -> list[str]:
    """`chunks` joined by spaces into lines no wider than `max_width` at `size`, breaking
    only between chunks; lines after the first are indented. A chunk wider than
    `max_width` on its own gets a line of its own (drawn smaller to fit)."""
    indent = "    "
    lines: list[str] = []
    for chunk in chunks:
        if lines:
            joined = f"{lines[-1]} {chunk}"
            if render_text(joined, size, WHITE).get_width() <= max_width:
                lines[-1] = joined
                continue
            chunk = indent + chunk
        lines.append(chunk)
    return lines


ELLIPSIS = "…"
"""The mark of a cut; a caller drawing in a language gives that language's
(t("common.ellipsis"): English "...", which the bundled CJK font draws on the baseline)."""


def elide_middle(text: str, fits: Callable[[str], bool], mark: str = ELLIPSIS) -> str:
    """`text` if `fits(text)`, else with its middle replaced by `mark` ("…"), as little as
    makes it fit: a path keeps its start (the drive or home) and its end (the folder or file
    that matters); the shortest, the mark alone, when nothing fits."""
    if fits(text):
        return text

    def kept(n: int) -> str:
        head = n // 2
        return text[:head] + mark + text[len(text) - (n - head) :]

    low, high = 0, len(text) - 1  # kept(low) is the fallback; find the largest n that fits
    while low < high:
        middle = (low + high + 1) // 2
        if fits(kept(middle)):
            low = middle
        else:
            high = middle - 1
    return kept(low)


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    color: tuple[int, int, int] = WHITE,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw text and return where it went; `anchor` is any pygame.Rect position name.

    Text wider than `max_width` is drawn smaller so that it fits."""
    image = fitted_text(text, size, color, max_width, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: tuple[int, int, int, int] = (0, 0, 0, 150),
    radius: int = 12,
) -> None:
    """A translucent rounded panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, color, layer.get_rect(), border_radius=radius)
    surface.blit(layer, rect.topleft)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], Any]
    enabled: bool = True
    hotkey: int | None = None
    accent: tuple[int, int, int] | None = None
    hovered: bool = False
    icons: list[pygame.Surface] = field(default_factory=list)
    """Pictures drawn after the label (the tiles of a chow choice)."""
    intent: object = None
    """The action the button sends to the host, if it sends one (what a test driver looks
    for on screen)."""

    def draw(self, surface: pygame.Surface, size: int | None = None) -> None:
        color = self.accent or BUTTON
        if not self.enabled:
            color = BUTTON_OFF
        elif self.hovered:
            r, g, b = color
            color = (min(255, r + 25), min(255, g + 25), min(255, b + 25))
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, color, self.rect, border_radius=10)
        pygame.draw.rect(
            surface,
            GOLD if self.hovered and self.enabled else (20, 50, 35),
            self.rect,
            2,
            border_radius=10,
        )
        text_size = size or max(14, int(self.rect.height * 0.45))
        color = WHITE if self.enabled else MUTED
        room = self.rect.width - 2 * BUTTON_PADDING
        if not self.icons:
            label = fitted_text(self.label, text_size, color, room, bold=True)
            surface.blit(label, label.get_rect(center=self.rect.center))
            return
        icons_width = sum(icon.get_width() for icon in self.icons)
        label = fitted_text(self.label, text_size, color, max(1, room - icons_width), bold=True)
        x = self.rect.centerx - (label.get_width() + 6 + icons_width) // 2
        surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
        x += label.get_width() + 6
        for icon in self.icons:
            surface.blit(icon, icon.get_rect(midleft=(x, self.rect.centery)))
            x += icon.get_width()

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event pressed this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if not self.enabled:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.action()
            return True
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.action()
            return True
        return False


SHORTCUT_MOD = pygame.KMOD_META if sys.platform == "darwin" else pygame.KMOD_CTRL
"""The modifier of select all, copy, cut and paste: ⌘ on macOS, Ctrl elsewhere."""
SELECTION = (170, 200, 240)


@dataclass
class TextField:
    """A one-line text box. Typed text arrives as TEXTINPUT events; an input method (for
    Chinese names) first sends TEXTEDITING events with its pre-edit text, which is shown
    at the caret, underlined, with the input method's own cursor, until it commits it.

    Editing as in any text box: ←/→ and Home/End move the caret (with Shift they select),
    a click places it, Ctrl+A (⌘A on macOS) selects everything, Ctrl+C/X/V copy, cut and
    paste (client/clipboard.py), typing or pasting replaces the selection. Enter is not
    the field's: it goes on to the form's default button, so Enter submits the form."""

    rect: pygame.Rect
    text: str = ""
    max_length: int = 24
    max_columns: int | None = None
    """For a player's name: at most this wide (Chinese characters count 2), as the host
    asks (shared/names.py)."""
    placeholder: str = ""
    focused: bool = False
    allowed: Callable[[str], bool] = field(default=lambda c: c.isprintable())
    composition: str = ""
    """The input method's pre-edit text (not yet part of `text`)."""
    composition_cursor: int = 0
    """Where the input method's cursor is in `composition`, in characters."""
    cursor: int | None = None
    """The caret's place in `text`; None: at its end (also after `text` is set in code)."""
    anchor: int | None = None
    """The other end of the selection (the caret is one end); None: nothing selected."""

    @property
    def text_size(self) -> int:
        return max(14, int(self.rect.height * 0.5))

    @property
    def caret(self) -> int:
        return len(self.text) if self.cursor is None else min(self.cursor, len(self.text))

    def selection(self) -> tuple[int, int]:
        """The selected characters' span (empty when nothing is selected)."""
        if self.anchor is None:
            return self.caret, self.caret
        ends = sorted((self.caret, min(self.anchor, len(self.text))))
        return ends[0], ends[1]

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.text)

    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * FIELD_PADDING, -4)

    def _scroll(self) -> int:
        """How far the line is shifted left so that the caret stays inside the field."""
        return max(0, self._caret_offset() - self._inner().width + 2)

    def _offset(self, text: str) -> int:
        return font(self.text_size).size(text)[0] if text else 0

    def _caret_offset(self) -> int:
        return self._offset(self.text[: self.caret] + self.composition[: self.composition_cursor])

    def caret_x(self) -> int:
        """The caret's x on screen."""
        return self._inner().x + self._caret_offset() - self._scroll()

    def input_rect(self) -> pygame.Rect:
        """Where the input method's candidate window should sit: at the caret, below the
        field's top edge (the window opens under this rectangle)."""
        x = min(self.caret_x(), self.rect.right - 1)
        return pygame.Rect(x, self.rect.y, max(1, self.rect.right - x), self.rect.height)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, PAPER, self.rect, border_radius=8)
        pygame.draw.rect(surface, GOLD if self.focused else INK, self.rect, 2, border_radius=8)
        inner = self._inner()
        if not self.text and not self.composition:
            draw_text(
                surface,
                self.placeholder,
                (inner.x, inner.centery),
                self.text_size,
                MUTED,
                anchor="midleft",
                max_width=inner.width,
            )
        else:
            self._draw_line(surface, inner)
        if self.focused and (self.composition or (pygame.time.get_ticks() // 500) % 2):
            x = self.caret_x()
            half = self.text_size * 6 // 10
            pygame.draw.line(surface, INK, (x, inner.centery - half), (x, inner.centery + half), 2)

    def _draw_line(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        x = inner.x - self._scroll()
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip) if old_clip else inner)
        try:
            low, high = self.selection()
            if self.focused and high > low:
                left = x + self._offset(self.text[:low])
                half = self.text_size * 7 // 10
                shade = pygame.Rect(left, inner.centery - half, 0, 2 * half)
                shade.width = x + self._offset(self.text[:high]) - left
                pygame.draw.rect(surface, SELECTION, shade)
            before = self.text[: self.caret]
            typed = render_text(self.text, self.text_size, INK)
            surface.blit(typed, typed.get_rect(midleft=(x, inner.centery)))
            if self.composition:
                # the pre-edit text at the caret, the rest of the line after it
                x += self._offset(before)
                pending = render_text(self.composition, self.text_size, INK)
                back = pygame.Rect(x, inner.y, inner.right - x, inner.height)
                pygame.draw.rect(surface, PAPER, back)
                rect = surface.blit(pending, pending.get_rect(midleft=(x, inner.centery)))
                underline_y = min(inner.bottom - 1, rect.bottom - 2)
                pygame.draw.line(surface, INK, (x, underline_y), (rect.right, underline_y), 1)
                after = self.text[self.caret :]
                if after:
                    rest = render_text(after, self.text_size, INK)
                    surface.blit(rest, rest.get_rect(midleft=(rect.right, inner.centery)))
        finally:
            surface.set_clip(old_clip)

    def _index_at(self, x: int) -> int:
        """The caret place nearest to the screen x `x`."""
        left = self._inner().x - self._scroll()
        offsets = [self._offset(self.text[:i]) for i in range(len(self.text) + 1)]
        return min(range(len(offsets)), key=lambda i: abs(left + offsets[i] - x))

    def _fits(self, text: str) -> bool:
        if len(text) > self.max_length:
            return False
        return self.max_columns is None or name_width(text) <= self.max_columns

    def insert(self, addition: str) -> None:
        """Put `addition` (its allowed characters, as many as fit) in place of the
        selection, the caret after it."""
        low, high = self.selection()
        head, tail = self.text[:low], self.text[high:]
        kept = ""
        for c in addition:
            if self.allowed(c) and self._fits(head + kept + c + tail):
                kept += c
        self.text = head + kept + tail
        self.cursor, self.anchor = low + len(kept), None

    def _move(self, to: int, selecting: bool) -> None:
        if selecting and self.anchor is None:
            self.anchor = self.caret
        elif not selecting:
            self.anchor = None
        self.cursor = max(0, min(len(self.text), to))

    def _key(self, event: pygame.event.Event) -> bool:
        mod = getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        low, high = self.selection()
        if mod & SHORTCUT_MOD and event.key in (pygame.K_a, pygame.K_c, pygame.K_x, pygame.K_v):
            if event.key == pygame.K_a:
                self.select_all()
            elif event.key == pygame.K_v:
                self.insert(paste_text())
            elif high > low:
                copy_text(self.text[low:high])
                if event.key == pygame.K_x:
                    self.insert("")
            return True
        if event.key == pygame.K_BACKSPACE:
            if high == low and low > 0:
                self.anchor = low - 1
            self.insert("")
        elif event.key == pygame.K_DELETE:
            if high == low:
                self.anchor = low + 1
            self.insert("")
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            if high > low and not shift:
                self._move(low if step < 0 else high, False)
            else:
                self._move(self.caret + step, shift)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self._move(0 if event.key == pygame.K_HOME else len(self.text), shift)
        elif event.key == pygame.K_TAB:
            self.focused = False
        else:
            return False  # Enter among them: the form's default button takes it
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            if not self.focused:
                self.composition = ""
            else:
                self._move(self._index_at(event.pos[0]), False)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            self.composition_cursor = max(0, min(len(event.text), event.start))
            return True
        if event.type == pygame.KEYDOWN:
            if self.composition:
                return True  # the input method is using the key (Enter commits, ⌫ edits)
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
            return True
        return False


class Widget(Protocol):
    """What a screen does with each of its widgets (a Button, a TextField, a Choice)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take an input event; True when the widget used it."""
        ...

    def draw(self, surface: pygame.Surface) -> None: ...


def focused_field(widgets: Iterable[object]) -> TextField | None:
    """The text field among `widgets` that has the keyboard, if any."""
    for widget in widgets:
        if isinstance(widget, TextField) and widget.focused:
            return widget
    return None


@dataclass
class Choice:
    """A labelled value that cycles through its options when clicked."""

    rect: pygame.Rect
    label: str
    options: Sequence[Any]
    index: int = 0
    describe: Callable[[Any], str] = field(default=str)
    enabled: bool = True
    hovered: bool = False
    box_share: float = 0.5
    """How much of the width the value's box takes (the label has the rest)."""
    label_by_box: bool = False
    """The label ends just left of the box (a short label stays by its value), instead of
    starting at the row's left edge."""

    @property
    def value(self) -> Any:
        return self.options[self.index]

    @property
    def box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, int(self.rect.width * self.box_share), self.rect.height)
        box.midright = self.rect.midright
        return box

    def draw(self, surface: pygame.Surface) -> None:
        size = max(14, int(self.rect.height * 0.42))
        box = self.box
        room = box.x - self.rect.x - BUTTON_PADDING
        draw_text(
            surface,
            self.label,
            (box.x - 2 * BUTTON_PADDING, self.rect.centery)
            if self.label_by_box
            else (self.rect.x, self.rect.centery),
            size,
            WHITE,
            anchor="midright" if self.label_by_box else "midleft",
            max_width=room,
        )
        color = BUTTON_HOVER if self.hovered and self.enabled else BUTTON
        pygame.draw.rect(surface, color if self.enabled else BUTTON_OFF, box, border_radius=8)
        draw_text(
            surface,
            f"‹ {self.describe(self.value)} ›",
            box.center,
            size,
            WHITE,
            anchor="center",
            max_width=box.width - BUTTON_PADDING,
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.rect.collidepoint(event.pos):
            step = -1 if event.button == 3 else 1
            self.index = (self.index + step) % len(self.options)
            return True
        return False
