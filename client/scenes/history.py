"""对局记录 History: every session the player sat at or watched (client/record_store.py),
the latest first, each opening into its hands; a filter by player; Statistics from here.

A session row: when it started (local time), the table, how many hands, and each seat's
name with its final score. A hand row: its number, the dealer, who won with what (pattern
names and the counted fan; a drawn hand says so), the winners' points, and two actions:
Replay (`open_hand`, the replay viewer) and Export (the .gdmjrec file to the player's
Documents folder, its path copied). A record file that cannot be read shows as damaged,
with the reason, and opens nothing.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client.i18n import pattern_name, t
from client.problem import Problem, draw_problem
from client.record_export import export_record
from client.record_stats import Player, own_fingerprints, own_player, players, seat_of
from client.record_store import SessionLine, StoredHand, hand_line, store_of
from client.scene import Scene
from client.scenes.background import felt
from client.ui import GOLD, MUTED, RED, WHITE, Button, Choice, draw_text, fitted_text
from client.widgets.row_list import RowList
from shared.records import RecordFile, RecordSeat

if TYPE_CHECKING:
    from client.app import App

log = logging.getLogger(__name__)

DAMAGED = (235, 110, 95)
WIN = (140, 220, 150)


def local_time(started: str) -> str:
    """A record's UTC start as this computer's local date and time (2026-12-01 19:30)."""
    try:
        when = datetime.datetime.fromisoformat(started.replace("Z", "+00:00"))
    except ValueError:
        return started[:16]
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def seat_label(seat: RecordSeat) -> str:
    """A seat's name as the screens write it: as the host named it (a computer player's in
    its table's language, as every game at the table showed it)."""
    return seat.name


def result_text(
    session: SessionLine, hand_index: int, viewer: int | None = None
) -> tuple[str, str]:
    """(who won with what, the points) of a session's hand, as a row shows them: the
    points are the viewer's own result in the hand (−2 when another won on their discard)
    when they sat in seat `viewer`; each winner's gain in a session they only watched."""
    hand = session.hands[hand_index]
    own = hand.deltas[viewer] if viewer is not None and viewer < len(hand.deltas) else None
    own_text = "" if own is None else f"{own:+d}" if own else "0"
    if not hand.winners:
        return t("history.drawn"), t("stats.none") if own is None else own_text
    names = [seat_label(s) for s in session.seats]
    loser = names[hand.loser] if hand.loser is not None and hand.loser < 4 else "?"
    parts, points = [], []
    for win in hand.winners:
        name = names[win.seat] if win.seat < 4 else "?"
        who = t(f"history.win.{hand.kind}", name=name, loser=loser)
        patterns = t("common.list_separator").join(pattern_name(p) for p in win.patterns)
        parts.append(f"{who} · {patterns} · {t('history.fan', n=win.fan)}")
        delta = hand.deltas[win.seat] if win.seat < len(hand.deltas) else win.points
        points.append(f"{delta:+d}")
    who_won = "；".join(parts) if len(parts) > 1 else parts[0]
    return who_won, " / ".join(points) if own is None else own_text


# --- what a hand row does --------------------------------------------------------------------


def open_hand(app: App, record_file: RecordFile, back: Scene) -> None:
    """Show the hand in the replay viewer, which comes back to `back`; a record that does
    not replay says why on screen (client/navigator.py `show_record`)."""
    app.nav.show_record(record_file, back)


def _back_button(screen: pygame.Surface, margin: int, bh: int, back: Callable[[], None]) -> Button:
    """Both History screens' Back (Esc), bottom right."""
    w, h = screen.get_size()
    bw = int(w * 0.16)
    return Button(
        pygame.Rect(w - margin - bw, h - margin // 2 - bh, bw, bh),
        t("history.back"),
        back,
        hotkey=pygame.K_ESCAPE,
    )


# --- the sessions ----------------------------------------------------------------------------


class HistoryScene(Scene):
    shows_notices = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.list = RowList()
        self.filter_index = 0
        self.buttons: list[Button] = []
        self.filter: Choice | None = None
        self.all_sessions: list[SessionLine] = []
        self.people: list[Player] = []

    def enter(self) -> None:
        self.all_sessions = store_of(self.app).sessions()
        own = own_player(self.app.config_dir, self.app.settings.player_name)
        self.people = players(self.all_sessions, own.fingerprints, own.name)

    @property
    def player(self) -> Player | None:
        """Whom the list is filtered by (None: everyone)."""
        return self.people[self.filter_index - 1] if self.filter_index else None

    def sessions(self) -> list[SessionLine]:
        player = self.player
        if player is None:
            return self.all_sessions
        return [s for s in self.all_sessions if seat_of(s, player.fingerprints) is not None]

    def _describe(self, index: int) -> str:
        if index == 0:
            return t("history.everyone")
        person = self.people[index - 1]
        return t("stats.you", name=person.name) if person.own else person.name

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        margin = int(w * 0.04)
        bh = int(h * 0.065)
        self.filter = Choice(
            pygame.Rect(w - margin - int(w * 0.4), int(h * 0.045), int(w * 0.4), bh),
            t("history.filter"),
            list(range(len(self.people) + 1)),
            index=self.filter_index,
            describe=self._describe,
            box_share=0.72,
            hovered=self.filter.hovered if self.filter is not None else False,
        )
        back = _back_button(screen, margin, bh, self.app.pop)
        bw, y = back.rect.width, back.rect.y
        self.buttons = [
            back,
            Button(
                pygame.Rect(w - margin - 2 * bw - margin // 2, y, bw, bh),
                t("history.statistics"),
                self.app.nav.statistics,
                hotkey=pygame.K_s,
                accent=RED,
            ),
        ]
        top = int(h * 0.2)
        self.list.place(
            pygame.Rect(margin, top, w - 2 * margin, y - margin // 2 - top - int(h * 0.05)),
            int(h * 0.07),
            len(self.sessions()),
        )

    def open_session(self, index: int) -> None:
        sessions = self.sessions()
        if 0 <= index < len(sessions):
            self.app.nav.session(sessions[index])

    def handle(self, event: pygame.event.Event) -> None:
        self.layout(self.app.screen)
        for button in self.buttons:
            if button.handle(event):
                return
        assert self.filter is not None
        if self.filter.handle(event):
            self.filter_index = self.filter.index
            self.list.chosen = self.list.first = 0
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.filter_index = (self.filter_index + step) % (len(self.people) + 1)
            self.list.chosen = self.list.first = 0
            return
        self.list.handle(event, self.open_session)

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        margin = int(w * 0.04)
        draw_text(
            screen, t("history.title"), (margin, int(h * 0.045)), int(h * 0.06), GOLD, bold=True
        )
        columns = _session_columns(self.list.area)
        size = int(h * 0.027)
        heads = (
            "history.col.date",
            "history.col.table",
            "history.col.hands",
            "history.col.players",
        )
        for (x, width), key in zip(columns, heads, strict=True):
            draw_text(
                screen, t(key), (x, self.list.area.y - int(h * 0.045)), size, MUTED, max_width=width
            )
        sessions = self.sessions()
        self.list.draw_chosen(screen)
        for index, rect in self.list.rows():
            _draw_session(screen, sessions[index], rect, columns, int(h * 0.03))
        self.list.draw_scroll_bar(screen)
        if not sessions:
            empty = (
                t("history.empty")
                if self.player is None
                else t("history.no_match", name=self._describe(self.filter_index))
            )
            draw_text(
                screen,
                empty,
                (w // 2, self.list.area.y + int(h * 0.12)),
                int(h * 0.032),
                WHITE,
                anchor="center",
                max_width=w - 2 * margin,
            )
        assert self.filter is not None
        self.filter.draw(screen)
        for button in self.buttons:
            button.draw(screen)
        _draw_footer(screen, self.app.notice or t("history.hint"), self.buttons, margin)


def _session_columns(area: pygame.Rect) -> list[tuple[int, int]]:
    shares = (0.17, 0.22, 0.08, 0.53)
    columns, x = [], area.x + 8
    for share in shares:
        width = int(area.width * share) - 12
        columns.append((x, width))
        x += int(area.width * share)
    return columns


def _draw_session(
    screen: pygame.Surface,
    session: SessionLine,
    rect: pygame.Rect,
    columns: list[tuple[int, int]],
    size: int,
) -> None:
    scores = session.final_scores
    seated = [
        f"{seat_label(s)} {scores[i]}" if i < len(scores) else seat_label(s)
        for i, s in enumerate(session.seats)
    ]
    cells = (
        local_time(session.session.started),
        session.session.table,
        str(len(session.hands)),
        " · ".join(seated),
    )
    for (x, width), text in zip(columns, cells, strict=True):
        image = fitted_text(text, size, WHITE, width)
        screen.blit(image, image.get_rect(midleft=(x, rect.centery)))


def _draw_footer(screen: pygame.Surface, text: str, buttons: list[Button], margin: int) -> None:
    h = screen.get_height()
    left = min(b.rect.x for b in buttons) - margin
    draw_problem(
        screen,
        text,
        (margin, buttons[0].rect.centery),
        int(h * 0.026),
        (255, 220, 160),
        anchor="midleft",
        max_width=max(10, left - margin),
    )


# --- a session's hands -----------------------------------------------------------------------


class SessionScene(Scene):
    shows_notices = True

    def __init__(self, app: App, session: SessionLine) -> None:
        super().__init__(app)
        self.session = session
        self.list = RowList()
        self.buttons: list[Button] = []
        self.row_buttons: list[Button] = []
        self.stored: list[StoredHand] = []
        self.viewer = seat_of(session, own_fingerprints(app.config_dir))
        """This install's player's seat in the session (their own points per hand), or
        None for a session they watched."""

    def enter(self) -> None:
        self.stored = store_of(self.app).hands(self.session.key)

    def _record(self, index: int) -> RecordFile | None:
        return self.stored[index].record_file if 0 <= index < len(self.stored) else None

    def replay(self, index: int) -> None:
        record_file = self._record(index)
        if record_file is not None:
            open_hand(self.app, record_file, self)

    def export(self, index: int) -> None:
        record_file = self._record(index)
        if record_file is not None:
            _path, self.app.notice = export_record(record_file)

    def layout(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        margin = int(w * 0.04)
        bh = int(h * 0.065)
        back = _back_button(screen, margin, bh, self.app.pop)
        y = back.rect.y
        self.buttons = [back]
        top = int(h * 0.22)
        self.list.place(
            pygame.Rect(margin, top, w - 2 * margin, y - margin // 2 - top - int(h * 0.05)),
            int(h * 0.075),
            len(self.stored),
        )
        self.row_buttons = []
        small = int(w * 0.085)
        for index, rect in self.list.rows():
            if self._record(index) is None:
                continue
            height = int(rect.height * 0.72)
            export = pygame.Rect(rect.right - small - 6, 0, small, height)
            export.centery = rect.centery
            replay = export.move(-small - 8, 0)
            self.row_buttons += [
                Button(replay, t("history.replay"), partial(self.replay, index)),
                Button(export, t("history.export"), partial(self.export, index)),
            ]

    def handle(self, event: pygame.event.Event) -> None:
        self.layout(self.app.screen)
        for button in self.buttons + self.row_buttons:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_e:
            self.export(self.list.chosen)
            return
        self.list.handle(event, self.replay)

    def draw(self, screen: pygame.Surface) -> None:
        self.layout(screen)
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        margin = int(w * 0.04)
        info = self.session.session
        title = t("history.session", table=info.table, date=local_time(info.started))
        draw_text(
            screen,
            title,
            (margin, int(h * 0.045)),
            int(h * 0.055),
            GOLD,
            bold=True,
            max_width=w - 2 * margin,
        )
        people = " · ".join(seat_label(s) for s in self.session.seats)
        host = "    " + t("history.hosted_by", name=info.host) if info.host else ""
        draw_text(
            screen,
            people + host,
            (margin, int(h * 0.12)),
            int(h * 0.028),
            WHITE,
            max_width=w - 2 * margin,
        )
        area = self.list.area
        columns = _hand_columns(area, int(w * 0.085) * 2 + 20)
        heads = (
            "history.col.hand",
            "history.col.dealer",
            "history.col.result",
            "history.col.points",
        )
        size = int(h * 0.027)
        for (x, width), key in zip(columns, heads, strict=True):
            draw_text(screen, t(key), (x, area.y - int(h * 0.045)), size, MUTED, max_width=width)
        self.list.draw_chosen(screen)
        lines = {h_.file: i for i, h_ in enumerate(self.session.hands)}
        for index, rect in self.list.rows():
            self._draw_hand(screen, self.stored[index], rect, columns, lines)
        self.list.draw_scroll_bar(screen)
        for button in self.row_buttons:
            button.draw(screen, size=int(h * 0.026))
        for button in self.buttons:
            button.draw(screen)
        _draw_footer(screen, self.app.notice or t("history.hint.hands"), self.buttons, margin)

    def _draw_hand(
        self,
        screen: pygame.Surface,
        stored: StoredHand,
        rect: pygame.Rect,
        columns: list[tuple[int, int]],
        lines: dict[str, int],
    ) -> None:
        size = int(screen.get_height() * 0.029)
        if stored.record_file is None:
            damaged = Problem(f"{stored.path.name} — {t('history.damaged')}", stored.problem)
            x, _ = columns[0]
            draw_problem(
                screen, damaged, (x, rect.centery), size, DAMAGED, "midleft", rect.right - x - 8
            )
            return
        record = stored.record_file.record
        line = lines.get(stored.path.name)
        if line is None:  # kept on disk but not (yet) in the index: sum it up here
            summary = SessionLine(
                self.session.key,
                self.session.session,
                self.session.seats,
                [hand_line(stored.record_file, stored.path.name)],
            )
            result, points = result_text(summary, 0, self.viewer)
        else:
            result, points = result_text(self.session, line, self.viewer)
        dealer = seat_label(stored.record_file.seats[record.dealer])
        cells = (str(record.hand_number), dealer, result, points)
        lost = points.startswith("-")
        colours = (WHITE, WHITE, WHITE if record.result.winners else MUTED, WHITE if lost else WIN)
        for (x, width), text, colour in zip(columns, cells, colours, strict=True):
            image = fitted_text(text, size, colour, width)
            screen.blit(image, image.get_rect(midleft=(x, rect.centery)))


def _hand_columns(area: pygame.Rect, buttons: int) -> list[tuple[int, int]]:
    room = area.width - buttons
    shares = (0.07, 0.15, 0.63, 0.15)
    columns, x = [], area.x + 8
    for share in shares:
        width = int(room * share) - 12
        columns.append((x, width))
        x += int(room * share)
    return columns
