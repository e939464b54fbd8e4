"""The crash screen: the game stopped on an error, this is the error, here is its log.

A windowed build has no console, and PyInstaller's own answer to an uncaught exception is
a modal dialog full of traceback that waits for a click. `client.main` logs the error
instead and shows this screen: one sentence in the player's language that says where the
details were written, the error in one line, and two buttons, open the log folder and quit
(Esc and closing the window quit too).

It must work when what broke is the game itself, so it leans on little: it draws with the
game's font when that file is whole, else with pygame's built-in font and in English (that
font has no Chinese), and draws its own buttons. `lay_out` decides where everything goes,
apart from `draw`, so tests check the layout and draw it to a PNG without an event loop.
Under SDL's dummy or offscreen video driver nobody can click, so `show_crash` draws once
and returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pygame

from client import assets
from client.desktop import FolderNotOpened, open_folder
from client.display import is_headless
from client.i18n import current_language, translate
from client.scenes.background import felt
from client.ui import (
    BUTTON,
    BUTTON_PADDING,
    ELLIPSIS,
    GOLD,
    INK,
    PAPER,
    RED,
    WHITE,
    elide_middle,
)
from client.window import open_window, shown_window
from client.window_fit import window_size

WINDOW = (1280, 720)
"""The window's size when the game had none open yet."""
SUMMARY_LINES = 3
"""The error's line is wrapped to at most this many lines; the rest is cut with "…"."""
BUILTIN_SCALE = 1.3
"""pygame's font draws smaller than the game's at the same size; this evens them out."""
NOTICE = (255, 220, 160)
Color = tuple[int, int, int]


@cache
def _builtin_font(size: int, bold: bool) -> pygame.font.Font:
    # pygame's freesansbold.ttf, inside the package: there even when our assets are not
    face = pygame.font.Font(None, int(size * BUILTIN_SCALE))
    face.bold = bold
    return face


@dataclass(frozen=True)
class Lettering:
    """The font the crash screen writes with, and the language that font can show."""

    face: Callable[[int, bool], pygame.font.Font]
    language: str

    @classmethod
    def choose(cls) -> Lettering:
        """The game's font in the game's language; pygame's own in English if the game's
        font cannot be used (a damaged install is one reason to be here)."""
        try:
            assets.check_font()
            assets.font(16)
        except Exception:
            if not pygame.font.get_init():
                pygame.font.init()
            return cls(_builtin_font, "en")
        return cls(assets.font, current_language())

    def text(self, key: str, **fmt: object) -> str:
        return translate(self.language, key, **fmt)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return self.face(size, bold).size(text)[0]

    def height(self, size: int) -> int:
        return self.face(size, False).get_height()

    def render(self, text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
        return self.face(size, bold).render(text, True, color)


@dataclass(frozen=True)
class Line:
    """One line of text, drawn centred on `center`."""

    text: str
    size: int
    color: Color
    center: tuple[int, int]
    bold: bool = False
    max_width: int = 0
    """Drawn scaled down if wider than this (a window too small for any wording)."""


@dataclass(frozen=True)
class CrashButton:
    name: str
    """"open" (the log folder) or "quit"."""
    label: str
    rect: pygame.Rect
    accent: Color


@dataclass(frozen=True)
class CrashLayout:
    headline: tuple[Line, ...]
    summary_box: pygame.Rect
    summary: tuple[Line, ...]
    buttons: tuple[CrashButton, ...]
    notice: Line | None


def summary_lines(
    text: str, fits: Callable[[str], bool], most: int, mark: str = ELLIPSIS
) -> list[str]:
    """`text` broken into at most `most` lines that each `fits`, at a space when one is
    near the end of the line, else anywhere (Chinese has no spaces); what does not fit on
    the last line is cut with "…"."""
    lines: list[str] = []
    rest = text.strip()
    while rest and len(lines) < most:
        if fits(rest):
            lines.append(rest)
            return lines
        low, high = 1, len(rest)  # the longest start of `rest` that fits, at least 1
        while low < high:
            middle = (low + high + 1) // 2
            if fits(rest[:middle]):
                low = middle
            else:
                high = middle - 1
        space = rest.rfind(" ", 0, low + 1)
        cut = space if space > low * 2 // 3 else low
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest and lines:
        last = lines[-1]  # full already: "…" can only take the place of its end
        while len(last) > 1 and not fits(last + mark):
            last = last[:-1]
        lines[-1] = last.rstrip() + mark
    return lines


def headline_lines(
    log_file: Path | None, lettering: Lettering, size: int, path_size: int, room: int
) -> list[tuple[str, int, Color, bool]]:
    """(text, size, colour, bold) of each line that says what happened, in gold, and under
    it where the log is, smaller: the path whole when it fits in `room`, since it is what
    the player needs, else with its middle elided."""
    if log_file is None:
        return [(lettering.text("error.crash_no_log"), size, GOLD, True)]
    before, _, after = lettering.text("error.crash_log", path="\0").partition("\0")
    after = after.rstrip()
    path = elide_middle(
        str(log_file),
        lambda p: lettering.width(p + after, path_size) <= room,
        lettering.text("common.ellipsis"),
    )
    lines = [(before.strip(), size, GOLD, True), (path + after, path_size, WHITE, False)]
    return [line for line in lines if line[0]]


def lay_out(
    size: tuple[int, int],
    summary: str,
    log_file: Path | None,
    lettering: Lettering,
    notice: str | None = None,
) -> CrashLayout:
    """Where the crash screen's texts and buttons go in a window of `size`."""
    w, h = size
    room = int(w * 0.86)
    headline_size = max(14, int(h * 0.04))
    summary_size = max(12, int(h * 0.032))
    gap = int(h * 0.045)

    path_size = max(12, int(h * 0.03))
    headline_texts = headline_lines(log_file, lettering, headline_size, path_size, room)

    inner = room - 2 * int(h * 0.03)
    texts = summary_lines(
        summary,
        lambda s: lettering.width(s, summary_size) <= inner,
        SUMMARY_LINES,
        lettering.text("common.ellipsis"),
    )
    line_height = lettering.height(summary_size)
    box_height = len(texts) * line_height + 2 * int(h * 0.025)
    button_height = max(32, int(h * 0.075))
    button_size = max(14, int(button_height * 0.45))
    notice_size = max(12, int(h * 0.028))
    line_gap = int(h * 0.01)
    headline_height = sum(lettering.height(size) + line_gap for _, size, _, _ in headline_texts)
    block = headline_height + gap + box_height + gap + button_height
    if notice:
        block += gap // 2 + lettering.height(notice_size)
    top = max(int(h * 0.04), (h - block) // 2)

    headline = []
    y = top
    for text, text_size, color, bold in headline_texts:
        step = lettering.height(text_size)
        headline.append(Line(text, text_size, color, (w // 2, y + step // 2), bold, room))
        y += step + line_gap
    box = pygame.Rect(0, 0, room, box_height)
    box.midtop = (w // 2, top + headline_height + gap)
    first = box.y + (box_height - len(texts) * line_height) // 2 + line_height // 2
    summary_drawn = tuple(
        Line(text, summary_size, INK, (w // 2, first + i * line_height), False, inner)
        for i, text in enumerate(texts)
    )

    wanted = []
    if log_file is not None:
        wanted.append(("open", lettering.text("log.open_folder"), BUTTON))
    wanted.append(("quit", lettering.text("menu.quit"), RED))
    padding = 2 * int(button_height * 0.6)
    widest = max(lettering.width(label, button_size, bold=True) for _, label, _ in wanted)
    spacing = int(w * 0.04)
    button_width = min(max(int(w * 0.2), widest + padding), (room - spacing) // len(wanted))
    row = len(wanted) * button_width + (len(wanted) - 1) * spacing
    x = (w - row) // 2
    buttons = []
    for name, label, accent in wanted:
        rect = pygame.Rect(x, box.bottom + gap, button_width, button_height)
        buttons.append(CrashButton(name, label, rect, accent))
        x += button_width + spacing
    notice_line = None
    if notice:
        y = buttons[0].rect.bottom + gap // 2 + lettering.height(notice_size) // 2
        notice_line = Line(notice, notice_size, NOTICE, (w // 2, y), False, room)
    return CrashLayout(tuple(headline), box, summary_drawn, tuple(buttons), notice_line)


def draw(
    surface: pygame.Surface,
    layout: CrashLayout,
    lettering: Lettering,
    hovered: str | None = None,
) -> None:
    """The crash screen as `layout` places it; `hovered` names the button under the mouse."""
    surface.blit(felt(surface.get_size()), (0, 0))
    for line in layout.headline:
        _draw_line(surface, line, lettering)
    pygame.draw.rect(surface, PAPER, layout.summary_box, border_radius=10)
    pygame.draw.rect(surface, INK, layout.summary_box, 2, border_radius=10)
    for line in layout.summary:
        _draw_line(surface, line, lettering)
    for button in layout.buttons:
        lit = button.name == hovered
        color = tuple(min(255, c + 25) for c in button.accent) if lit else button.accent
        pygame.draw.rect(surface, (0, 0, 0), button.rect.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, color, button.rect, border_radius=10)
        pygame.draw.rect(surface, GOLD if lit else (20, 50, 35), button.rect, 2, border_radius=10)
        size = max(14, int(button.rect.height * 0.45))
        room = button.rect.width - 2 * BUTTON_PADDING
        label = Line(button.label, size, WHITE, button.rect.center, True, room)
        _draw_line(surface, label, lettering)
    if layout.notice is not None:
        _draw_line(surface, layout.notice, lettering)


def _draw_line(surface: pygame.Surface, line: Line, lettering: Lettering) -> None:
    image = lettering.render(line.text, line.size, line.color, line.bold)
    if line.max_width and image.get_width() > line.max_width:
        height = max(1, image.get_height() * line.max_width // image.get_width())
        image = pygame.transform.smoothscale(image, (line.max_width, height))
    surface.blit(image, image.get_rect(center=line.center))


@dataclass
class CrashScreen:
    """The crash screen's state: what it says, and what the player's input does to it."""

    summary: str
    log_file: Path | None
    lettering: Lettering
    notice: str | None = None
    hovered: str | None = None
    open: bool = True
    opened: list[Path] = field(default_factory=list)
    """The folders the player asked to see, in order."""

    def layout(self, size: tuple[int, int]) -> CrashLayout:
        return lay_out(size, self.summary, self.log_file, self.lettering, self.notice)

    def draw(self, surface: pygame.Surface) -> None:
        draw(surface, self.layout(surface.get_size()), self.lettering, self.hovered)

    def handle(self, event: pygame.event.Event, size: tuple[int, int]) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE) or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.open = False
            return
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return
        under = [b.name for b in self.layout(size).buttons if b.rect.collidepoint(event.pos)]
        self.hovered = under[0] if under else None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.hovered:
            self.press(self.hovered)

    def press(self, name: str) -> None:
        if name == "quit":
            self.open = False
        elif name == "open" and self.log_file is not None:
            try:
                open_folder(self.log_file.parent)
            except FolderNotOpened as exc:
                self.notice = f"{self.lettering.text('log.open_failed')}: {exc}"
            else:
                self.opened.append(self.log_file.parent)


def show_crash(summary: str, log_file: Path | None, wait: bool | None = None) -> CrashScreen:
    """Show the crash screen until the player quits it (or, with `wait` False, and by
    default under a headless video driver, draw it once and return). In the window the game
    had open, if any, else in a new one; raises if pygame cannot open a window at all."""
    pygame.display.init()
    window = shown_window() or open_window(window_size(WINDOW))
    pygame.key.stop_text_input()
    pygame.mouse.set_visible(True)
    if wait is None:
        wait = not is_headless(pygame.display.get_driver())
    screen = CrashScreen(summary, log_file, Lettering.choose())
    window.set_title(screen.lettering.text("menu.title"))
    while True:
        surface = window.frame()  # at the window's size now, in pixels
        screen.draw(surface)
        window.present(surface)
        if not wait or not screen.open:
            return screen
        screen.handle(window.event(pygame.event.wait()), surface.get_size())
