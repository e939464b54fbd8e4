"""Screens that ask for one thing and say in place what was wrong with it: the table code a
table needs, and the player's name at first start.

A prompt is one text field under a line that says what it is for, a line for what went
wrong, an OK button (Enter) and, where the player may back out, Cancel (Esc). The field has
the keyboard from the start, its text selected, so that typing replaces it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame
from msgspec import structs

from client.i18n import LANGUAGES, set_language, t
from client.names import name_problem, suggested_name
from client.net import Address
from client.problem import draw_problem
from client.scenes.background import felt
from client.scenes.form import FormScene
from client.settings import Language
from client.starting import connect
from client.system_language import system_language
from client.ui import GOLD, RED, WHITE, Button, TextField, Widget, draw_text, panel
from shared.names import NAME_MAX_COLUMNS, allowed_in_name, clean_name

if TYPE_CHECKING:
    from client.app import App

PROBLEM = (255, 190, 150)
"""What went wrong, in a colour that reads on the felt."""
PICKED = (168, 124, 32)
"""The language picked: a dark gold, not OK's red, under white letters."""


class PromptScene(FormScene):
    """One field, what it is for above it, what went wrong below it, OK and maybe Cancel."""

    def __init__(self, app: App, field: TextField, about: str, can_cancel: bool) -> None:
        super().__init__(app)
        self.field = field
        self.field.focused = True
        self.field.select_all()
        self.about = about
        self.can_cancel = can_cancel
        self.problem = ""
        self.ok_label = t("common.ok")
        self.buttons: list[Button] = []

    def submit(self) -> None:
        """OK (or Enter) pressed."""

    def card(self, screen: pygame.Surface) -> pygame.Rect:
        """The panel in the middle of the screen the prompt is drawn on."""
        w, h = screen.get_size()
        card = pygame.Rect(0, 0, max(600, int(w * 0.6)), int(h * 0.56))
        card.center = (w // 2, h // 2)
        return card

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        card = self.card(screen)
        self.field.rect = pygame.Rect(0, 0, int(card.width * 0.66), max(40, int(h * 0.075)))
        self.field.rect.center = (card.centerx, card.y + int(card.height * 0.5))
        bw, bh = max(120, int(w * 0.15)), max(36, int(h * 0.07))
        ok = pygame.Rect(0, 0, bw, bh)
        cancel = ok.copy()
        bottom = card.bottom - int(h * 0.04)
        if self.can_cancel:
            gap = int(w * 0.01)
            ok.bottomleft = (card.centerx + gap, bottom)
            cancel.bottomright = (card.centerx - gap, bottom)
        else:
            ok.midbottom = (card.centerx, bottom)
        self.buttons = [Button(ok, self.ok_label, self.submit, accent=RED, hotkey=pygame.K_RETURN)]
        if self.can_cancel:
            self.buttons.append(
                Button(cancel, t("common.cancel"), self.app.pop, hotkey=pygame.K_ESCAPE)
            )

    def widgets(self) -> list[Widget]:
        return [self.field, *self.buttons]

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        card = self.card(screen)
        panel(screen, card, (0, 0, 0, 120), radius=16)
        pygame.draw.rect(screen, GOLD, card, 2, border_radius=16)
        room = card.width - 2 * int(w * 0.02)
        draw_text(
            screen,
            t(self.title_key),
            (card.centerx, card.y + int(h * 0.04)),
            max(18, int(h * 0.045)),
            GOLD,
            anchor="midtop",
            bold=True,
            max_width=room,
        )
        size = max(14, int(h * 0.03))
        field = self.field.rect
        draw_text(
            screen,
            self.about,
            (card.centerx, field.top - int(h * 0.025)),
            size,
            WHITE,
            anchor="midbottom",
            max_width=room,
        )
        problem = self.problem or self.notice or ""
        if problem:
            draw_problem(
                screen,
                problem,
                (card.centerx, field.bottom + int(h * 0.02)),
                size,
                PROBLEM,
                anchor="midtop",
                max_width=room,
            )
        for widget in self.widgets():
            widget.draw(screen)


class CodePromptScene(PromptScene):
    """The table code, asked for on the spot: when a table from the LAN list needs one that
    was not typed, or when the host refused the code given (then "wrong code", the code
    typed still there, selected, to try again)."""

    title_key = "join.code_prompt"

    def __init__(
        self, app: App, address: Address, table_name: str = "", code: str = "", wrong: bool = False
    ) -> None:
        field = TextField(
            pygame.Rect(0, 0, 10, 10),
            code,
            12,
            placeholder=t("host.code"),
            allowed=lambda c: c.isalnum(),
        )
        where = table_name or f"{address.host}:{address.port}"
        super().__init__(app, field, t("join.code_table", name=where), can_cancel=True)
        self.address = address
        self.table_name = table_name
        self.ok_label = t("join.join")
        if wrong:
            self.problem = t("join.code_wrong")

    def submit(self) -> None:
        code = self.field.text
        if not code:
            self.problem = t("join.code_empty")
            return
        self.app.pop()  # the connecting screen goes where this one was
        if not connect(self.app, self.address, table_code=code):  # it could not even start:
            # ask again, saying why
            why = self.app.notice or ""
            self.app.nav.code_prompt(self.address, self.table_name, code, why=why)


class NamePromptScene(PromptScene):
    """First start: what the table calls this player, prefilled with the computer's user
    name (or 玩家 1234), never empty, and (unless `--lang` said) the language, the
    computer's own preselected, the prompt's words switching as soon as one is picked;
    then `then()` (the menu, or what the command line asked for). Settings has the same
    fields for changing them later."""

    title_key = "name.title"

    def __init__(
        self, app: App, then: Callable[[], None] | None = None, ask_language: bool = False
    ) -> None:
        self.seed = random.SystemRandom().randrange(1 << 30)
        """玩家 1234 keeps its digits when the language switches it to Player 1234."""
        field = TextField(
            pygame.Rect(0, 0, 10, 10),
            self.suggested(app),
            24,
            max_columns=NAME_MAX_COLUMNS,
            allowed=allowed_in_name,
        )
        super().__init__(app, field, t("name.hint"), can_cancel=False)
        self.then = then
        self.ask_language = ask_language
        self.language: Language = app.settings.language
        """The language picked here: saved with the name."""
        self.language_buttons: list[Button] = []
        if ask_language:
            chosen = app.settings.language_chosen
            self.pick_language(app.settings.language if chosen else system_language())

    def suggested(self, app: App) -> str:
        return suggested_name(app.settings.player_name, random.Random(self.seed))

    def pick_language(self, code: Language) -> None:
        """Show the prompt in `code` at once (saved only with the name, on OK)."""
        offered = self.field.text == self.suggested(self.app)
        self.language = code
        set_language(code)
        self.about, self.ok_label = t("name.hint"), t("common.ok")
        if offered:  # 玩家 1234 becomes Player 1234; a name typed stays as it is
            self.field.text = self.suggested(self.app)
            self.field.select_all()
        self.app.dirty = True

    def card(self, screen: pygame.Surface) -> pygame.Rect:
        card = super().card(screen)
        if self.ask_language:  # room for the languages between the title and the name
            card.height = int(screen.get_height() * 0.66)
            card.centery = screen.get_height() // 2
        return card

    def layout(self, screen: pygame.Surface) -> None:
        super().layout(screen)
        if not self.ask_language:
            return
        w, h = screen.get_size()
        card = self.card(screen)
        field = self.field.rect
        field.centery = card.y + int(card.height * 0.58)
        gap = int(w * 0.012)
        width = (field.width - 2 * gap) // 3
        row = pygame.Rect(field.x, card.y + int(h * 0.14), width, max(36, int(h * 0.07)))
        self.language_buttons = []
        for i, code in enumerate(FIRST_LANGUAGES):
            self.language_buttons.append(
                Button(
                    row.move(i * (width + gap), 0),
                    LANGUAGES[code],
                    partial(self.pick_language, code),
                    accent=PICKED if code == self.language else None,
                )
            )

    def widgets(self) -> list[Widget]:
        return [*self.language_buttons, *super().widgets()]

    def submit(self) -> None:
        problem = name_problem(self.field.text)
        if problem:
            self.problem = problem
            return
        chosen = structs.replace(
            self.app.settings, player_name=clean_name(self.field.text), name_chosen=True
        )
        if self.ask_language:
            chosen = structs.replace(chosen, language=self.language, language_chosen=True)
        # Not saved (a read-only folder): the name is used for this session all the same,
        # the next screen says why, and the next start asks again.
        saved = self.app.update_settings(chosen)
        failure = self.notice
        self.app.pop()
        if self.then is not None:
            self.then()
        if not saved:
            self.app.notice = failure


FIRST_LANGUAGES: tuple[Language, ...] = ("zh-Hans", "zh-Hant", "en")
"""The languages the first start offers, each named in itself (language.name)."""
