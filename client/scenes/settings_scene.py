"""Settings: name, language, sound, voice, window, tile size, animations, hint; the log;
About / Licences.

The log folder is shown, with a button that opens it, so that a player asked "send us the
log" finds it without knowing where each OS keeps such things."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from msgspec import structs

from client.assets import render_text
from client.desktop import FolderNotOpened, open_folder
from client.i18n import LANGUAGES, PATTERN_NAMES, t
from client.names import name_problem, suggested_name
from client.problem import draw_problem, problem
from client.scenes.form import FormScene
from client.ui import (
    BUTTON_PADDING,
    RED,
    WHITE,
    Button,
    Choice,
    TextField,
    Widget,
    draw_text,
    elide_middle,
)
from machine.logs import log_dir
from shared.actions import BOT_LEVELS
from shared.names import NAME_MAX_COLUMNS, allowed_in_name, clean_name

if TYPE_CHECKING:
    from client.app import App

SIZES = ((1280, 720), (1024, 640), (1600, 900), (1920, 1080), (2560, 1440))
VOICE_CHOICES = ("yue", "cmn", "off")
QUICK_TIMER_CHOICES = ("off", "relaxed", "table")
BOX_SHARE = 0.55
"""The share of a column's width a value's box takes; its label ends just left of it."""


def _on_off(value: bool) -> str:
    return t("common.on") if value else t("common.off")


def _named(label: str, values: tuple[str, ...], now: str, texts: str) -> Choice:
    """A choice of one of these values, each shown as its catalogue text `texts.<value>`."""
    return Choice(
        pygame.Rect(0, 0, 10, 10),
        label,
        values,
        values.index(now),
        describe=lambda v: t(f"{texts}.{v}"),
    )


class SettingsScene(FormScene):
    title_key = "menu.settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        r = pygame.Rect(0, 0, 10, 10)
        # never the placeholder "Player" (English in every UI): what the first start offers
        name = s.player_name if s.name_chosen else suggested_name(s.player_name)
        self.name = TextField(
            r.copy(), name, 24, max_columns=NAME_MAX_COLUMNS, allowed=allowed_in_name
        )
        languages = tuple(LANGUAGES)
        volumes = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
        sizes = SIZES if tuple(s.window_size) in SIZES else (tuple(s.window_size), *SIZES)
        self.choices = {
            "language": Choice(
                r.copy(),
                t("settings.language"),
                languages,
                languages.index(s.language),
                describe=lambda c: LANGUAGES[c],
            ),
            "sound": Choice(
                r.copy(), t("settings.sound"), (True, False), 0 if s.sound else 1, describe=_on_off
            ),
            "volume": Choice(
                r.copy(),
                t("settings.volume"),
                volumes,
                min(range(len(volumes)), key=lambda i: abs(volumes[i] - s.volume)),
                describe=lambda v: f"{int(v * 100)}%",
            ),
            "voice": _named(t("settings.voice"), VOICE_CHOICES, s.voice, "settings.voice"),
            "window_size": Choice(
                r.copy(),
                t("settings.window_size"),
                sizes,
                sizes.index(tuple(s.window_size)),
                describe=lambda v: f"{v[0]}×{v[1]}",
            ),
            "fullscreen": Choice(
                r.copy(),
                t("settings.fullscreen"),
                (False, True),
                int(s.fullscreen),
                describe=_on_off,
            ),
            "tile_size": _named(
                t("settings.tile_size"),
                ("small", "medium", "large"),
                s.tile_size,
                "settings.tile_size",
            ),
            "animation_speed": _named(
                t("settings.animation_speed"),
                ("slow", "normal", "fast", "off"),
                s.animation_speed,
                "settings.animation",
            ),
            "hint": Choice(
                r.copy(), t("settings.hint"), (True, False), 0 if s.hint else 1, describe=_on_off
            ),
            "pattern_names": _named(
                t("settings.pattern_names"),
                PATTERN_NAMES,
                s.pattern_names,
                "settings.pattern_names",
            ),
            "suggest": Choice(
                r.copy(),
                t("settings.suggest"),
                (True, False),
                0 if s.suggest else 1,
                describe=_on_off,
            ),
            "quick_level": _named(t("settings.quick_level"), BOT_LEVELS, s.quick_level, "level"),
            "quick_timers": _named(
                t("settings.quick_timers"),
                QUICK_TIMER_CHOICES,
                s.quick_timers,
                "settings.quick_timers",
            ),
        }
        self.buttons: list[Button] = []
        self.log_folder = log_dir()
        self.log_row = r.copy()
        """The log folder's row: its label on the left, its path where the values go."""

    def _open_log_folder(self) -> None:
        try:
            open_folder(self.log_folder)
        except FolderNotOpened as exc:
            self.app.notice = problem("log.open_failed", exc)
        self.app.dirty = True

    def _about(self) -> None:
        self.app.nav.about()

    def log_path_place(self) -> tuple[str, int]:
        """The log folder's path as drawn and the x it starts at: in the values' column
        when it fits there, else further left, as far as its label; its middle elided if it
        is wider than that still."""
        row, size = self.log_row, self.label_size()

        def width(text: str) -> int:
            return render_text(text, size, WHITE).get_width()

        label = min(width(t("log.folder")), row.width // 2 - BUTTON_PADDING)
        start = row.x + label + 3 * BUTTON_PADDING
        room = row.right - start
        text = elide_middle(str(self.log_folder), lambda p: width(p) <= room, t("common.ellipsis"))
        return text, min(row.centerx, row.right - width(text))

    def label_size(self) -> int:
        return max(14, int(self.log_row.height * 0.42))

    def _save(self) -> None:
        values = {name: choice.value for name, choice in self.choices.items()}
        values["window_size"] = tuple(values["window_size"])
        problem = name_problem(self.name.text)
        if problem:  # said here, the field keeps what was typed to mend it
            self.app.notice = problem
            self.name.focused = True
            return
        name = clean_name(self.name.text)
        settings = structs.replace(
            self.app.settings, player_name=name, name_chosen=True, language_chosen=True, **values
        )
        resized = settings.window_size != self.app.settings.window_size or (
            settings.fullscreen != self.app.settings.fullscreen
        )
        saved = self.app.update_settings(settings)
        if resized:
            self.app.show_window(settings)
        if saved:  # else the reason stays on screen (the settings apply all the same)
            self.app.pop()

    def layout(self, screen: pygame.Surface) -> None:
        """Two columns of rows, the name first, then the log folder's row across both and
        its buttons: rows high enough, and labels big enough, for the window (at 1920×1080
        one column made 15 px labels half a screen from their values)."""
        w, h = screen.get_size()
        margin, gap = int(w * 0.06), int(w * 0.04)
        width = (w - 2 * margin - gap) // 2
        y = int(h * 0.15)
        fields: list[TextField | Choice] = [self.name, *self.choices.values()]
        per_column = -(-len(fields) // 2)
        # every row, the log's row and its buttons' row, above Save and Back (tops at 0.89 h)
        pitch = min(int(h * 0.075), int((h * 0.87 - y) / (per_column + 2)))
        height = pitch - max(6, pitch // 6)
        for i, field in enumerate(fields):
            column, row = divmod(i, per_column)
            rect = pygame.Rect(margin + column * (width + gap), y + row * pitch, width, height)
            if isinstance(field, Choice):
                field.rect, field.box_share, field.label_by_box = rect, BOX_SHARE, True
            else:
                box = int(width * BOX_SHARE)
                field.rect = pygame.Rect(rect.right - box, rect.y, box, height)
        log_y = y + per_column * pitch
        x = margin
        self.log_row = pygame.Rect(x, log_y, w - 2 * margin, height)
        half = self.log_row.width // 2
        open_log = pygame.Rect(x + half + gap // 2, log_y + pitch, half - gap // 2, height)
        about = pygame.Rect(x, log_y + pitch, half - gap // 2, height)
        bh = int(h * 0.07)
        save = pygame.Rect(0, 0, int(w * 0.2), bh)
        save.midbottom = (w // 2 + int(w * 0.12), h - int(h * 0.04))
        back = pygame.Rect(0, 0, int(w * 0.2), bh)
        back.midbottom = (w // 2 - int(w * 0.12), h - int(h * 0.04))
        self.buttons = [
            Button(save, t("settings.save"), self._save, accent=RED, hotkey=pygame.K_RETURN),
            Button(back, t("common.back"), self.app.pop, hotkey=pygame.K_ESCAPE),
            Button(open_log, t("log.open_folder"), self._open_log_folder),
            Button(about, t("settings.about"), self._about),
        ]

    def widgets(self) -> list[Widget]:
        return [self.name, *self.choices.values(), *self.buttons]

    def draw_labels(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        name = self.name.rect
        draw_text(
            screen,
            t("settings.player_name"),
            (name.x - 2 * BUTTON_PADDING, name.centery),
            self.label_size(),  # the size of every other label (the choices' and the log's)
            WHITE,
            anchor="midright",
            max_width=int(name.width / BOX_SHARE * (1 - BOX_SHARE)) - BUTTON_PADDING,
        )
        row = self.log_row
        draw_text(
            screen,
            t("log.folder"),
            (row.x, row.centery),
            self.label_size(),
            WHITE,
            anchor="midleft",
            max_width=row.width // 2 - BUTTON_PADDING,
        )
        path, path_x = self.log_path_place()
        draw_text(
            screen,
            path,
            (path_x, row.centery),
            self.label_size(),
            WHITE,
            anchor="midleft",
        )
        if self.app.notice:
            draw_problem(
                screen,
                self.app.notice,
                (w // 2, int(h * 0.125)),
                int(h * 0.026),
                (255, 220, 160),
                anchor="center",
                max_width=int(w * 0.94),
                inline=True,  # no room for two lines between the title and the rows
            )
