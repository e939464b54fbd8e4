"""Host a table: name, optional code, base score, rules, computer players; the form opens
with what it was given last time (Settings.last_hosted)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client.i18n import t
from client.problem import problem
from client.scenes.form import FormScene
from client.settings import HostedTable
from client.starting import default_table_name, host_locally, hosted_config
from client.table_options import BOX_SHARE, OptionChoices, grid
from client.ui import NOTICE, RED, WHITE, Button, Choice, TextField, Widget, draw_text
from server.unfinished import UnfinishedTable, discard_journals
from shared.actions import BOT_LEVELS, BOT_PACES
from shared.ruleset import TableOptions

if TYPE_CHECKING:
    from client.app import App


class HostFormScene(FormScene):
    title_key = "menu.host"
    shows_notices = True

    def __init__(self, app: App, replaces: UnfinishedTable | None = None) -> None:
        super().__init__(app)
        self.replaces = replaces
        """The unfinished table whose journal starting this one discards (the player chose
        "new table" over resuming it: client/scenes/resume.py)."""
        last = app.settings.last_hosted
        r = pygame.Rect(0, 0, 10, 10)
        self.name = TextField(r.copy(), default_table_name(app.settings.last_table_name), 24)
        self.code = TextField(
            r.copy(),
            last.code,
            12,
            placeholder=t("host.code_optional"),
            allowed=lambda c: c.isascii() and c.isalnum(),
        )
        self.rules = OptionChoices(last.options)
        self.bots = Choice(
            r.copy(), t("host.bots"), (0, 1, 2, 3), last.bots, box_share=BOX_SHARE
        )
        self.bot_level = Choice(
            r.copy(),
            t("host.bot_level"),
            BOT_LEVELS,
            BOT_LEVELS.index(last.bot_level),
            describe=lambda v: t(f"level.{v}"),
            box_share=BOX_SHARE,
        )
        """The level the computer players start at (the lobby can change each one's)."""
        self.suggest = Choice(
            r.copy(),
            t("host.allow_suggest"),
            (True, False),
            0 if last.allow_suggest else 1,
            describe=lambda v: t("common.yes" if v else "common.no"),
            box_share=BOX_SHARE,
        )
        """Whether players may ask for 出牌建议 at this table (not a rule: no digest change)."""
        self.pace = Choice(
            r.copy(),
            t("option.bot_pace"),
            BOT_PACES,
            BOT_PACES.index(last.bot_pace),
            describe=lambda v: t(f"option.bot_pace.{v}"),
            box_share=BOX_SHARE,
        )
        """How soon the computer players act: natural (as people think) unless changed last time."""
        self.choices = [*self.rules.choices, self.bots, self.bot_level, self.pace, self.suggest]
        self.buttons: list[Button] = []

    def _options(self) -> TableOptions:
        return self.rules.options()

    def _start(self) -> None:
        name = self.name.text.strip() or t("quick.table_name")
        options = self._options()
        hosted = HostedTable(
            code=self.code.text,
            bots=self.bots.value,
            bot_level=self.bot_level.value,
            bot_pace=self.pace.value,
            allow_suggest=self.suggest.value,
            options=options,
        )
        from msgspec import structs

        settings = structs.replace(self.app.settings, last_table_name=name, last_hosted=hosted)
        self.app.update_settings(settings)
        if self.replaces is not None:
            try:
                discard_journals(self.app.data_dir)
            except OSError as exc:  # the old table would come back beside the new one
                self.notice = problem("host.discard_failed", exc)
                return
        host_locally(self.app, hosted_config(self.app.data_dir, name, hosted), options)

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        margin, gap = int(w * 0.03), int(w * 0.03)
        noted = self.notice or self.replaces is not None  # a line above the buttons
        tall = 0.69 if noted else 0.74
        area = pygame.Rect(margin, int(h * 0.13), w - 2 * margin, int(h * tall))
        # the name and the code side by side, then the choices in two columns below them
        rows = 1 + (len(self.choices) + 1) // 2  # the name and the code, then the choices
        rects = grid([None] * (2 * rows), area, 2, gap)
        left, right = rects[:rows], rects[rows:]
        for rect, field in ((left[0], self.name), (right[0], self.code)):
            box = int(rect.width * BOX_SHARE)  # the text boxes line up with the choices' boxes
            field.rect = pygame.Rect(rect.right - box, rect.y, box, rect.height)
        for choice, rect in zip(self.choices, [*left[1:], *right[1:]], strict=False):
            choice.rect = rect
        bh = int(h * 0.07)
        start = pygame.Rect(0, 0, int(w * 0.22), bh)
        start.midbottom = (w // 2 + int(w * 0.12), h - int(h * 0.03))
        back = pygame.Rect(0, 0, int(w * 0.18), bh)
        back.midbottom = (w // 2 - int(w * 0.12), h - int(h * 0.03))
        self.buttons = [
            Button(start, t("host.start"), self._start, accent=RED, hotkey=pygame.K_RETURN),
            Button(back, t("common.back"), self.app.pop, hotkey=pygame.K_ESCAPE),
        ]

    def widgets(self) -> list[Widget]:
        return [self.name, self.code, *self.choices, *self.buttons]

    def draw_labels(self, screen: pygame.Surface) -> None:
        size = max(14, int(self.name.rect.height * 0.42))
        draw_text(
            screen,
            t("host.table_name"),
            (self.choices[0].rect.x, self.name.rect.centery),
            size,
            WHITE,
            anchor="midleft",
            max_width=self.name.rect.x - self.choices[0].rect.x - 8,
        )
        draw_text(
            screen,
            t("host.code"),
            (self.choices[-1].rect.x, self.code.rect.centery),
            size,
            WHITE,
            anchor="midleft",
            max_width=self.name.rect.x - self.choices[0].rect.x - 8,
        )
        # Above the buttons: why the table did not start, or what starting it gives up.
        w, h = screen.get_size()
        if self.notice:
            line, color = self.notice, NOTICE
        elif self.replaces is not None:
            line, color = t("host.discards", table=self.replaces.table), NOTICE
        else:
            return
        where, size = (w // 2, int(h * 0.855)), int(h * 0.03)
        draw_text(screen, line, where, size, color, "center", max_width=w - 80)
