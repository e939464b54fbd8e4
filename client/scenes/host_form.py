"""Host a table: name, optional code, base score, rules, computer players."""

from __future__ import annotations

import pygame

from client.app import App
from client.i18n import t
from client.scenes.connect import host_locally
from client.scenes.form import FormScene
from client.settings import DEFAULT_TABLE_NAME
from client.ui import RED, WHITE, Button, Choice, TextField, draw_text
from server.host import DEFAULT_PORT, HostConfig
from shared.ruleset import BASE_VALUES, TableOptions

PRESETS = ("jipinghu", "qq3", "baohu5", "seed003")


def _on_off(value: bool) -> str:
    return t("common.on") if value else t("common.off")


class HostFormScene(FormScene):
    title_key = "menu.host"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        r = pygame.Rect(0, 0, 10, 10)
        self.name = TextField(r.copy(), default_table_name(app.settings.last_table_name), 24)
        self.code = TextField(
            r.copy(), "", 12, placeholder=t("host.code_optional"), allowed=lambda c: c.isalnum()
        )
        self.choices = [
            Choice(r.copy(), t("lobby.base"), BASE_VALUES),
            Choice(r.copy(), t("lobby.preset"), PRESETS, describe=lambda p: t(f"preset.{p}")),
            Choice(
                r.copy(),
                t("option.min_fan"),
                (None, 0, 1, 3),
                describe=lambda v: t("option.preset_default") if v is None else str(v),
            ),
            Choice(r.copy(), t("lobby.rounds"), (4, 1), describe=lambda v: t(f"rounds.{v}")),
            Choice(r.copy(), t("option.flowers"), (False, True), describe=_on_off),
            Choice(r.copy(), t("option.horses"), (0, 1, 2)),
            Choice(r.copy(), t("option.multiple_winners"), (True, False), describe=_on_off),
            Choice(
                r.copy(),
                t("option.turn_seconds"),
                (15, 20, 30, 0),
                describe=lambda v: str(v) if v else t("common.off"),
            ),
            Choice(r.copy(), t("host.bots"), (0, 1, 2, 3)),
        ]
        self.buttons: list[Button] = []

    def _options(self) -> TableOptions:
        base, preset, min_fan, rounds, flowers, horses, multiple, turn, _ = (
            c.value for c in self.choices
        )
        return TableOptions(
            preset=preset,
            base=base,
            min_fan=min_fan,
            rounds=rounds,
            flowers=flowers,
            horses=horses,
            multiple_winners=multiple,
            turn_seconds=turn,
            claim_seconds=8 if turn else 0,
        )

    def _start(self) -> None:
        name = self.name.text.strip() or t("quick.table_name")
        config = HostConfig(
            name=name,
            port=DEFAULT_PORT,
            bind="*",
            code=self.code.text,
            bots=self.choices[-1].value,
            data_dir=self.app.data_dir,
        )
        settings = self.app.settings
        from msgspec import structs

        self.app.update_settings(structs.replace(settings, last_table_name=name))
        host_locally(self.app, config, self._options())

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        row = int(h * 0.058)
        x, width = int(w * 0.22), int(w * 0.56)
        y = int(h * 0.14)
        self.name.rect = pygame.Rect(x + width // 2, y, width // 2, row - 8)
        self.code.rect = pygame.Rect(x + width // 2, y + row, width // 2, row - 8)
        for i, choice in enumerate(self.choices):
            choice.rect = pygame.Rect(x, y + (i + 2) * row, width, row - 8)
        bh = int(h * 0.07)
        start = pygame.Rect(0, 0, int(w * 0.22), bh)
        start.midbottom = (w // 2 + int(w * 0.12), h - int(h * 0.04))
        back = pygame.Rect(0, 0, int(w * 0.18), bh)
        back.midbottom = (w // 2 - int(w * 0.12), h - int(h * 0.04))
        self.buttons = [
            Button(start, t("host.start"), self._start, accent=RED, hotkey=pygame.K_RETURN),
            Button(back, t("common.back"), self.app.pop, hotkey=pygame.K_ESCAPE),
        ]

    def widgets(self) -> list:  # type: ignore[type-arg]
        return [self.name, self.code, *self.choices, *self.buttons]

    def draw_labels(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        size = int(h * 0.026)
        draw_text(
            screen,
            t("host.table_name"),
            (int(w * 0.22), self.name.rect.centery),
            size,
            WHITE,
            anchor="midleft",
        )
        draw_text(
            screen,
            t("host.code"),
            (int(w * 0.22), self.code.rect.centery),
            size,
            WHITE,
            anchor="midleft",
        )


def default_table_name(last: str) -> str:
    """The name a new table gets (in the form, and from `gdmj --host` without `--name`):
    the last one the player gave, or the default in the UI's language (the settings keep
    the English default until the player names a table)."""
    return t("host.table_name.default") if last == DEFAULT_TABLE_NAME else last
