"""The table: your hand, the others' hands and melds, the rivers, the wall, the dice, claims.

The scene draws the view the host's events built and turns clicks and keys into intents;
the host decides every rule. The hint (听牌提示) reads the rules engine for advice only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial

import pygame

from client.app import App, Scene
from client.assets import render_text
from client.i18n import t, wind_name
from client.render.motion import SLIDE_SECONDS, Motion
from client.render.tiles import TileArt
from client.render.wall import WallTracker, draw_wall, wall_depth
from client.scenes import result as result_box
from client.scenes.background import felt
from client.ui import (
    BUTTON_PADDING,
    GOLD,
    INK,
    PAPER,
    RED,
    WHITE,
    Button,
    draw_text,
    fitted_text,
    panel,
    wrap_chunks,
)
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    ContinueGame,
    DeclareWin,
    Discard,
    LeaveTable,
    Pass,
    Pung,
    RollDice,
)
from shared.analysis import discard_table
from shared.events import (
    DiceRolled,
    HandEnded,
    HandStarted,
    KongDeclared,
    MeldClaimed,
    ScoreTooLow,
    SessionEnded,
    TileDiscarded,
    TileDrawn,
)
from shared.protocol import PHRASES, EventMessage
from shared.tiles import KINDS
from shared.views import TableView, unseen_counts

CALLOUT_SECONDS = 1.3
PHRASE_BUBBLE_SECONDS = 3.0
DICE_SECONDS = 0.9
"""How long the dice tumble before they show the dealer's roll."""
TILE_SCALE = {"small": 0.09, "medium": 0.105, "large": 0.12}
CLAIM_ROW_LEFT = 0.25
"""Where a row of claim buttons too long to centre starts, as a fraction of the width:
right of the player's name badge and flowers, bottom left."""


DRAG_START_PIXELS = 8
ButtonSpec = tuple[str, AnyAction, int | None, tuple[int, int, int] | None]
"""A button to lay out: label, action, hotkey, accent colour."""
"""How far a pressed tile must move before it is being dragged rather than clicked."""


@dataclass
class Drag:
    """A hand tile held down by the mouse: `index` into the hand as last drawn."""

    index: int
    tile: int
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False


@dataclass
class Callout:
    text: str
    seat: int
    until: float


class TableScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.selected: int | None = None
        self.callouts: list[Callout] = []
        self.buttons: list[Button] = []
        self.hand_rects: list[tuple[pygame.Rect, int]] = []
        self.river_rects: dict[int, list[pygame.Rect]] = {}
        """Where each seat's river tiles were last drawn, in order."""
        self.arts: dict[int, TileArt] = {}
        self.auto_win = app.settings.auto_win
        self.auto_pass = app.settings.auto_pass
        self.auto_discard = app.settings.auto_discard
        self.acted_on: object = None
        self.session_over: SessionEnded | None = None
        self.last_click = 0.0
        self.dice_rolling_until = 0.0
        self.chat_open = False
        self.too_low: list[int] = []
        self.result_layout: result_box.ResultLayout | None = None
        """The hand-result box as last drawn (its rect, rows and lines of text)."""
        """Seats told 您的积分不足 after this hand."""
        self.hint_cache: tuple[object, list[list[str]]] = (None, [])
        self.hint_rect: pygame.Rect | None = None
        """Where the hint's box was last drawn (None: it was not)."""
        self.wall = WallTracker()
        self.motion = Motion()
        self.drag: Drag | None = None
        self.dropped_at: tuple[int, tuple[int, int]] | None = None
        """(tile, where) the last drag let a tile go: its slide to the river starts there."""

    # --- helpers -------------------------------------------------------------------------

    @property
    def view(self) -> TableView | None:
        conn = self.app.connection
        return conn.view if conn else None

    def art(self, height: int) -> TileArt:
        height = max(16, height)
        found = self.arts.get(height)
        if found is None:
            found = self.arts[height] = TileArt(height)
        return found

    def relative(self, seat: int) -> int:
        """0 me (bottom), 1 下家 (right), 2 opposite (top), 3 上家 (left)."""
        me = self.view.seat if self.view and self.view.seat is not None else 0
        return (seat - me) % 4

    def send(self, action: AnyAction) -> None:
        conn = self.app.connection
        if conn is not None:
            conn.send(action)
            conn.legal = ()  # answered; the host prompts again if more is to do
            self.selected = None

    # --- time ----------------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        conn = self.app.connection
        if conn is None:
            self.app.back_to_menu()
            return True
        messages = conn.poll(0)
        now = time.monotonic()
        for message in messages:
            if isinstance(message, EventMessage):
                self._react(message.event, now)
        self.callouts = [c for c in self.callouts if c.until > now]
        if conn.lobby is not None and (
            conn.view is None  # the session is over, or a host came back without it
            or (self.session_over is not None and conn.view.phase == "ended" and not conn.legal)
        ):
            from client.scenes.lobby import LobbyScene

            self.app.replace(LobbyScene(self.app))
            return True
        self._automatic()
        rolling = now < self.dice_rolling_until or any(
            now - said_at < PHRASE_BUBBLE_SECONDS for said_at, _ in conn.phrases
        )
        sliding = self.motion.moving(now)
        return (
            bool(messages) or bool(self.callouts) or conn.deadline is not None or rolling or sliding
        )

    def _react(self, event: object, now: float) -> None:
        self.wall.follow(event)
        self._slide(event, now)
        audio = self.app.audio
        if isinstance(event, TileDiscarded):
            audio.play("discard")
        elif isinstance(event, TileDrawn):
            if self.view is not None and event.seat == self.view.seat:
                audio.play("draw")
        elif isinstance(event, DiceRolled):
            audio.play("dice")
            self.dice_rolling_until = now + DICE_SECONDS
        elif isinstance(event, MeldClaimed):
            audio.play("claim")
            word = {"chow": "call.chow", "pung": "call.pung", "kong": "call.kong"}[event.kind]
            self.callouts.append(Callout(t(word), event.seat, now + CALLOUT_SECONDS))
        elif isinstance(event, KongDeclared):
            audio.play("claim")
            self.callouts.append(Callout(t("call.kong"), event.seat, now + CALLOUT_SECONDS))
        elif isinstance(event, HandEnded):
            if event.winners:
                audio.play("win")
                word = "call.self_drawn" if event.kind == "self_drawn" else "call.win"
                for w in event.winners:
                    self.callouts.append(Callout(t(word), w.seat, now + CALLOUT_SECONDS * 1.5))
        elif isinstance(event, SessionEnded):
            self.session_over = event
        elif isinstance(event, ScoreTooLow):
            self.too_low.append(event.seat)
        if isinstance(event, HandStarted):
            self.too_low = []

    def _slide(self, event: object, now: float) -> None:
        """Start the slide an event calls for, from where the last frame showed its tile.

        The view already includes the event; the rects are still the last frame's."""
        view = self.view
        seconds = SLIDE_SECONDS.get(self.app.settings.animation_speed, 0.0)
        if view is None or not seconds:
            return
        if isinstance(event, TileDiscarded):
            source = self._hand_point(event.seat, event.tile)
            index = len(view.seats[event.seat].river) - 1
            self.motion.start(("river", event.seat, index), source, now, seconds)
        elif isinstance(event, TileDrawn) and event.seat == view.seat:
            source = wall_ring(*self.app.screen.get_size()).center
            self.motion.start(("drawn",), source, now, seconds)
        elif isinstance(event, MeldClaimed):
            river = self.river_rects.get(event.from_seat)
            source = river[-1].center if river else self._hand_point(event.from_seat, None)
            index = len(view.seats[event.seat].melds) - 1
            self.motion.start(("meld", event.seat, index), source, now, seconds)

    def _hand_point(self, seat: int, tile: int | None) -> tuple[int, int]:
        """Where a tile leaving `seat`'s hand starts: the tile itself for the player (the
        drawn one first), the middle of the hand for the others."""
        if self.view is not None and seat == self.view.seat:
            if self.dropped_at is not None and self.dropped_at[0] == tile:
                point, self.dropped_at = self.dropped_at[1], None
                return point
            mine = [rect for rect, held in reversed(self.hand_rects) if held == tile]
            if mine:
                return mine[0].center
        w, h = self.app.screen.get_size()
        return [
            (w // 2, int(h * 0.9)),
            (int(w * 0.93), int(h * 0.42)),
            (w // 2, int(h * 0.1)),
            (int(w * 0.07), int(h * 0.42)),
        ][self.relative(seat)]

    def _automatic(self) -> None:
        """The player's toggles: declare wins, pass claims, let the drawn tile go."""
        conn = self.app.connection
        view = self.view
        if conn is None or view is None or not conn.legal:
            return
        marker = (conn.legal, view)
        if marker == self.acted_on:
            return
        legal = conn.legal
        action: AnyAction | None = None
        if self.auto_win and any(isinstance(a, DeclareWin) for a in legal):
            action = DeclareWin()
        elif self.auto_pass and view.phase in ("claim", "rob") and Pass() in legal:
            action = Pass()
        elif self.auto_discard and view.phase == "turn" and view.drawn is not None:
            only_discards = all(isinstance(a, Discard) for a in legal)
            if only_discards and Discard(view.drawn) in legal:
                action = Discard(view.drawn)
        if action is not None:
            self.acted_on = marker
            self.send(action)

    # --- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        screen = self.app.screen
        self._layout_buttons(screen)
        for button in self.buttons:
            if button.handle(event):
                return
        view = self.view
        conn = self.app.connection
        if view is None or conn is None:
            return
        discards = {a.tile for a in conn.legal if isinstance(a, Discard)}
        tiles = [tile for _, tile in self.hand_rects]
        if self._handle_drag(event, discards):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, tile in self.hand_rects:
                if rect.collidepoint(event.pos):
                    now = time.monotonic()
                    double = self.selected == tile and now - self.last_click < 0.4
                    if (self.selected == tile or double) and tile in discards:
                        self.send(Discard(tile))
                    else:
                        self.selected = tile
                    self.last_click = now
                    return
        elif event.type == pygame.KEYDOWN and tiles:
            index = tiles.index(self.selected) if self.selected in tiles else len(tiles) - 1
            if event.key in (pygame.K_LEFT, pygame.K_a):
                self.selected = tiles[max(0, index - 1)]
            elif event.key in (pygame.K_RIGHT, pygame.K_d):
                self.selected = tiles[min(len(tiles) - 1, index + 1)]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_DOWN):
                if self.selected in discards:
                    self.send(Discard(self.selected))
            elif pygame.K_1 <= event.key <= pygame.K_9 or event.key == pygame.K_0:
                n = 9 if event.key == pygame.K_0 else event.key - pygame.K_1
                if n < len(tiles):
                    self.selected = tiles[n]

    def _handle_drag(self, event: pygame.event.Event, discards: set[int]) -> bool:
        """Press a hand tile, drag it up out of the hand and let go: it is discarded (when
        the host allows it). True when the event was the drag's; a press that barely moved
        stays a click."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, (rect, tile) in enumerate(self.hand_rects):
                if rect.collidepoint(event.pos):
                    self.drag = Drag(index, tile, event.pos, event.pos)
            return False
        drag = self.drag
        if drag is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            drag.pos = event.pos
            far = max(abs(event.pos[0] - drag.start[0]), abs(event.pos[1] - drag.start[1]))
            drag.moved = drag.moved or far >= DRAG_START_PIXELS
            return drag.moved
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            if not drag.moved:
                return False
            hand_top = min((rect.top for rect, _ in self.hand_rects), default=0)
            held = self.hand_rects[drag.index][0] if drag.index < len(self.hand_rects) else None
            out_of_hand = event.pos[1] < hand_top - (held.height // 3 if held else 0)
            if out_of_hand and drag.tile in discards:
                self.dropped_at = (drag.tile, event.pos)
                self.send(Discard(drag.tile))
            return True
        return False

    def _layout_buttons(self, screen: pygame.Surface) -> None:
        conn = self.app.connection
        w, h = screen.get_size()
        self.buttons = []
        if conn is None:
            return
        bh = int(h * 0.062)
        actions: list[tuple[str, AnyAction, int | None, tuple[int, int, int] | None]] = []
        view = self.view
        for action in conn.legal:
            if isinstance(action, DeclareWin):
                own_turn = view is not None and view.phase == "turn"
                label = t("claim.self_drawn") if own_turn else t("claim.win")
                actions.append((label, action, pygame.K_h, RED))
            elif isinstance(action, Pung):
                actions.append((t("claim.pung"), action, pygame.K_p, None))
            elif isinstance(action, ClaimKong):
                actions.append((t("claim.kong"), action, pygame.K_k, None))
            elif isinstance(action, Chow):
                actions.append((t("claim.chow"), action, pygame.K_c, None))
            elif isinstance(action, ConcealedKong):
                actions.append(
                    (t("claim.concealed_kong") + " " + _tile_text(action.tile), action, None, None)
                )
            elif isinstance(action, AddedKong):
                actions.append(
                    (t("claim.added_kong") + " " + _tile_text(action.tile), action, None, None)
                )
            elif isinstance(action, RollDice):
                actions.append((t("table.roll_dice"), action, pygame.K_SPACE, RED))
            elif isinstance(action, Pass):
                actions.append((t("claim.pass"), action, pygame.K_SPACE, None))
        actions += self._result_actions()
        layout = self.result_layout if view is not None and view.phase == "ended" else None
        if layout is not None:
            bh = layout.button_height
        if actions:
            small = self.art(int(bh * 0.8))
            icons = {
                id(action): [small.face(action.low + i) for i in range(3)]
                for _, action, _, _ in actions
                if isinstance(action, Chow)
            }
            widths = [
                _button_width(label, bh, icons.get(id(action), []), int(w * 0.07))
                for label, action, *_ in actions
            ]
            total = sum(widths) + 12 * (len(widths) - 1)
            x = (w - total) // 2
            y = int(h * 0.70)
            if layout is not None:  # inside the result box, at its bottom
                x = layout.box.centerx - total // 2
                y = layout.buttons_top
            else:  # a long row keeps right of the player's name badge, when it can
                x = max(x, min(int(w * CLAIM_ROW_LEFT), w - total - int(w * 0.02)))
            for (label, action, key, accent), bw in zip(actions, widths, strict=True):
                rect = pygame.Rect(x, y, bw, bh)
                button = Button(rect, label, partial(self.send, action), hotkey=key, accent=accent)
                button.icons = icons.get(id(action), [])
                button.intent = action
                self.buttons.append(button)
                x += bw + 12
        # The player's toggles, bottom left (a spectator has nothing to automate).
        tw, th = int(w * 0.13), int(h * 0.04)
        toggles = [
            ("auto_win", t("toggle.auto_win")),
            ("auto_pass", t("toggle.auto_pass")),
            ("auto_discard", t("toggle.auto_discard")),
        ]
        if view is not None and (view.seat is None or view.phase == "ended"):
            toggles = []  # nothing to automate between hands, nor for a spectator
        for i, (name, label) in enumerate(toggles):
            rect = pygame.Rect(int(w * 0.01), int(h * 0.80) + i * int(th * 1.15), tw, th)
            on = getattr(self, name)
            self.buttons.append(
                Button(
                    rect,
                    f"{label}: {t('common.on') if on else t('common.off')}",
                    partial(self._toggle, name),
                    accent=(150, 110, 40) if on else (50, 70, 60),
                )
            )
        chat = pygame.Rect(int(w * 0.11), int(h * 0.01), int(w * 0.09), int(h * 0.045))
        self.buttons.append(Button(chat, t("chat.title"), self._toggle_chat, hotkey=pygame.K_t))
        if self.chat_open:
            cw, ch = int(w * 0.14), int(h * 0.045)
            for i, phrase in enumerate(PHRASES):
                rect = pygame.Rect(int(w * 0.11), int(h * 0.065) + i * int(ch * 1.1), cw, ch)
                self.buttons.append(
                    Button(
                        rect, t(f"chat.{phrase}"), partial(self._say, i), accent=(120, 90, 40)
                    )
                )
        menu = pygame.Rect(int(w * 0.01), int(h * 0.01), int(w * 0.09), int(h * 0.045))
        self.buttons.append(
            Button(menu, t("common.menu"), self.app.request_leave, hotkey=pygame.K_ESCAPE)
        )

    def _result_actions(
        self,
    ) -> list[tuple[str, AnyAction, int | None, tuple[int, int, int] | None]]:
        """Continue and Leave, when the player may choose them."""
        conn = self.app.connection
        actions: list[ButtonSpec] = []
        for action in conn.legal if conn is not None else []:
            if isinstance(action, ContinueGame):
                actions.append((t("result.continue"), action, pygame.K_RETURN, RED))
            elif isinstance(action, LeaveTable):
                actions.append((t("result.leave"), action, None, None))
        return actions

    def _toggle_chat(self) -> None:
        self.chat_open = not self.chat_open

    def _say(self, phrase: int) -> None:
        conn = self.app.connection
        if conn is not None:
            conn.say(phrase)
        self.chat_open = False

    def _toggle(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))
        self.acted_on = None

    # --- drawing -------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        screen.blit(felt((w, h)), (0, 0))
        view = self.view
        if view is None:
            draw_text(
                screen, t("net.waiting"), (w // 2, h // 2), int(h * 0.04), WHITE, anchor="center"
            )
            return
        self._draw_center(screen, view)
        for seat in range(4):
            self._draw_river(screen, view, seat)
            if self.relative(seat) != 0 or view.seat is None:  # a spectator sees all four
                self._draw_opponent(screen, view, seat)
            self._draw_badge(screen, view, seat)
        self._draw_my_hand(screen, view)
        self.hint_rect = None
        if self.app.settings.hint:
            self._draw_hint(screen, view)
        if view.missed_win_tiles:
            text = t(
                "table.missed_win", tiles=" ".join(_tile_text(x) for x in view.missed_win_tiles)
            )
            draw_text(
                screen,
                text,
                (w // 2, int(h * 0.785)),
                int(h * 0.026),
                (255, 210, 150),
                anchor="center",
            )
        self.result_layout = None
        if view.phase == "ended" and view.result is not None:
            self._lay_out_result(screen, view, view.result)
        self._layout_buttons(screen)
        if self.result_layout is not None:
            self.result_layout.draw(screen)
        for button in self.buttons:
            button.draw(screen)
        if view.phase != "ended":
            self._draw_callouts(screen)
        self._draw_phrases(screen)

    def _draw_center(self, screen: pygame.Surface, view: TableView) -> None:
        w, h = screen.get_size()
        ring = wall_ring(w, h)
        draw_wall(screen, ring, self.wall.settled(view), self.relative)
        depth = wall_depth(ring, self.wall.stacks_per_side())
        box = ring.inflate(-2 * depth - 2 * int(h * 0.008), -2 * depth - 2 * int(h * 0.008))
        panel(screen, box, (0, 0, 0, 120))
        size = int(h * 0.028)
        draw_text(
            screen,
            t("table.prevailing", wind=wind_name(view.prevailing_wind)),
            (box.centerx, box.y + int(size * 0.9)),
            size,
            GOLD,
            anchor="center",
        )
        draw_text(
            screen,
            t("table.tiles_left", n=view.wall_left),
            (box.centerx, box.y + int(size * 2.1)),
            int(size * 0.85),
            WHITE,
            anchor="center",
        )
        if view.dice is not None:
            d = int(h * 0.045)
            rolling = time.monotonic() < self.dice_rolling_until
            faces = view.dice
            if rolling:  # tumbling: faces change every frame, then settle on the roll
                tick = int(time.monotonic() * 20)
                faces = (tick * 7 % 6 + 1, tick * 11 % 6 + 1)
            for i, value in enumerate(faces):
                rect = pygame.Rect(0, 0, d, d)
                rect.center = (box.centerx + (i * 2 - 1) * int(d * 0.65), box.bottom - int(d * 0.8))
                _draw_die(screen, rect, value)

    def _draw_badge(self, screen: pygame.Surface, view: TableView, seat: int) -> None:
        w, h = screen.get_size()
        rel = self.relative(seat)
        conn = self.app.connection
        names = conn.lobby.seats if conn and conn.lobby else (None,) * 4
        occupant = names[seat]
        name = occupant.name if occupant else "?"
        wind = wind_name(view.seat_winds[seat])
        dealer = " " + t("table.dealer") if seat == view.dealer else ""
        text = f"{wind}{dealer}  {name}  {view.scores[seat]}"
        size = int(h * 0.027)
        positions = [
            (int(w * 0.5), int(h * 0.665)),
            (int(w * 0.87), int(h * 0.17)),
            (int(w * 0.5), int(h * 0.04)),
            (int(w * 0.13), int(h * 0.17)),
        ]
        x, y = positions[rel]
        if rel == 0:
            x, y = int(w * 0.13), int(h * 0.74)
        turn = view.current_seat == seat and view.phase in ("turn", "roll")
        color = GOLD if turn else WHITE
        rect = draw_text(screen, text, (x, y), size, color, anchor="center", bold=turn)
        self._draw_flowers(screen, view.seats[seat].flowers, rect, beside=rel == 2)
        if turn and conn is not None and conn.deadline is not None and seat == view.seat:
            left = max(0, int(conn.deadline - time.monotonic() + 0.99))
            draw_text(
                screen,
                t("table.seconds", n=left),
                (rect.centerx, rect.bottom + 4),
                size,
                RED if left <= 3 else GOLD,
                anchor="midtop",
                bold=True,
            )

    def _draw_flowers(
        self, screen: pygame.Surface, flowers: tuple[int, ...], badge: pygame.Rect, beside: bool
    ) -> None:
        """A seat's flowers under its name badge, or `beside` it (the seat across, whose
        hand lies just under its badge)."""
        small = self.art(int(screen.get_height() * 0.04))
        row = pygame.Rect(0, 0, small.size[0] * len(flowers), small.size[1])
        if beside:
            row.midleft = (badge.right + small.size[0] // 2, badge.centery)
        else:
            row.midtop = (badge.centerx, badge.bottom + 2)
        for i, flower in enumerate(flowers):
            screen.blit(small.face(flower), (row.x + i * small.size[0], row.y))

    def _draw_river(self, screen: pygame.Surface, view: TableView, seat: int) -> None:
        w, h = screen.get_size()
        rel = self.relative(seat)
        art = self.art(int(h * 0.052))
        tw, th = art.size
        ring = wall_ring(w, h)
        cx, cy = ring.center
        beside = ring.width // 2 + int(w * 0.006)
        above = ring.height // 2 + int(h * 0.008)
        # The rivers across clear the ones beside, which reach past the wall's corners.
        per_row = 6 if rel in (1, 3) else max(6, min(8, 2 * beside // tw))
        now = time.monotonic()
        river = view.seats[seat].river
        last = view.last_discard
        self.river_rects[seat] = []
        for i, tile in enumerate(river):
            row, col = divmod(i, per_row)
            highlight = last is not None and last[0] == seat and i == len(river) - 1
            if rel == 0:
                x = cx - per_row * tw // 2 + col * tw
                y = cy + above + row * th
                image = art.face(tile, highlight=highlight)
            elif rel == 2:
                x = cx + per_row * tw // 2 - (col + 1) * tw
                y = cy - above - (row + 1) * th
                image = art.face_rotated(tile, 2, highlight=highlight)
            else:
                image = art.face_rotated(tile, 1 if rel == 1 else 3, highlight=highlight)
                iw, ih = image.get_size()
                if rel == 1:
                    x = cx + beside + row * iw
                    y = cy + per_row * ih // 2 - (col + 1) * ih
                else:
                    x = cx - beside - (row + 1) * iw
                    y = cy - per_row * ih // 2 + col * ih
            rect = image.get_rect(topleft=(x, y))
            self.river_rects[seat].append(rect)
            shift = self.motion.offset(("river", seat, i), rect.center, now)
            screen.blit(image, rect.move(shift))

    def _draw_opponent(self, screen: pygame.Surface, view: TableView, seat: int) -> None:
        w, h = screen.get_size()
        rel = self.relative(seat)
        public = view.seats[seat]
        art = self.art(int(h * 0.06))
        tw, _th = art.size
        count = public.concealed_count
        back = art.back()
        melds: list[tuple[int | None, ...]] = [(m.tiles or (None,) * 4) for m in public.melds]
        now = time.monotonic()
        if rel == 0:  # only a spectator sees the bottom seat from outside
            self._draw_bottom_seat(screen, art, count, melds, seat, now)
        elif rel == 2:
            x0 = w // 2 - (count * tw) // 2
            for i in range(count):
                screen.blit(back, (x0 + i * tw, int(h * 0.07)))
            mx = x0 - tw // 2
            y = int(h * 0.07)
            for index, tiles in enumerate(melds):
                shift = self.motion.offset(("meld", seat, index), (mx - tw, y), now)
                for tile in reversed(tiles):
                    mx -= tw
                    image = back if tile is None else art.face_rotated(tile, 2)
                    screen.blit(image, (mx + shift[0], y + shift[1]))
                mx -= tw // 3
        else:
            rotated_back = art.back_rotated(1 if rel == 1 else 3)
            bw, bh = rotated_back.get_size()
            top, bottom = int(h * 0.2), int(h * 0.64)
            pieces: list[tuple[pygame.Surface | None, int | None]]
            pieces = [(rotated_back, None)] * count
            for index, tiles in enumerate(melds):
                pieces.append((None, None))  # a gap between sets
                pieces.extend(
                    (
                        rotated_back
                        if tile is None
                        else art.face_rotated(tile, 1 if rel == 1 else 3),
                        index,
                    )
                    for tile in tiles
                )
            # Tiles overlap a little when a long row would not fit between the badges.
            step = min(bh, (bottom - top) // max(1, len(pieces)))
            x = int(w * 0.91) if rel == 1 else int(w * 0.09) - bw
            y = (top + bottom) // 2 - step * len(pieces) // 2
            shifts: dict[int, tuple[int, int]] = {}
            for piece, meld_index in pieces:
                if piece is not None:
                    shift = (0, 0)
                    if meld_index is not None:
                        key = ("meld", seat, meld_index)
                        shift = shifts.setdefault(
                            meld_index, self.motion.offset(key, (x, y), now)
                        )
                    screen.blit(piece, (x + shift[0], y + shift[1]))
                y += step

    def _draw_bottom_seat(
        self,
        screen: pygame.Surface,
        art: TileArt,
        count: int,
        melds: list[tuple[int | None, ...]],
        seat: int,
        now: float,
    ) -> None:
        """The bottom seat's hidden hand and its melds, for a spectator."""
        w, h = screen.get_size()
        tw, th = art.size
        width = count * tw + sum(len(tiles) * tw + tw // 3 for tiles in melds)
        x = (w - width) // 2
        y = h - th - int(h * 0.03)
        for _ in range(count):
            screen.blit(art.back(), (x, y))
            x += tw
        for index, tiles in enumerate(melds):
            x += tw // 3
            shift = self.motion.offset(("meld", seat, index), (x, y), now)
            for tile in tiles:
                image = art.back() if tile is None else art.face(tile)
                screen.blit(image, (x + shift[0], y + shift[1]))
                x += tw

    def _draw_my_hand(self, screen: pygame.Surface, view: TableView) -> None:
        w, h = screen.get_size()
        height = int(h * TILE_SCALE.get(self.app.settings.tile_size, 0.105))
        art = self.art(height)
        tw, th = art.size
        conn = self.app.connection
        discards = {a.tile for a in conn.legal if isinstance(a, Discard)} if conn else set()
        tiles = list(view.hand)
        melds = view.seats[view.seat].melds if view.seat is not None else ()
        meld_art = self.art(int(height * 0.75))
        mtw = meld_art.size[0]
        meld_width = sum(len(m.tiles or (0,) * 4) * mtw + mtw // 3 for m in melds)
        total = len(tiles) * tw + (tw + tw // 3 if view.drawn is not None else 0)
        x = (w - total - meld_width) // 2
        y = h - th - int(h * 0.03)
        self.hand_rects = []
        now = time.monotonic()
        lifted: list[tuple[pygame.Surface, tuple[int, int]]] = []
        entries = [(tile, 0) for tile in tiles]
        if view.drawn is not None:
            entries.append((view.drawn, tw // 3))
        for tile, gap in entries:
            x += gap
            lift = int(th * 0.18) if tile == self.selected else 0
            usable = not discards or tile in discards
            image = art.face(
                tile, highlight=tile == self.selected, dim=bool(discards) and not usable
            )
            rect = pygame.Rect(x, y - lift, tw, th)
            shift = self.motion.offset(("drawn",), rect.center, now) if gap else (0, 0)
            held = self._dragged(len(self.hand_rects), tile)
            if held is None:
                screen.blit(image, rect.move(shift))
            else:
                lifted.append((image, held))
            self.hand_rects.append((rect, tile))
            x += tw
        x += tw // 2
        my = h - meld_art.size[1] - int(h * 0.03)
        for index, meld in enumerate(melds):
            shift = self.motion.offset(("meld", view.seat, index), (x, my), now)
            for tile in meld.tiles or ():
                screen.blit(meld_art.face(tile), (x + shift[0], my + shift[1]))
                x += mtw
            x += mtw // 3
        for image, pos in lifted:  # the dragged tile, over everything else of the hand
            screen.blit(image, image.get_rect(center=pos))

    def _dragged(self, index: int, tile: int) -> tuple[int, int] | None:
        """Where the mouse holds the hand's `index`-th tile, if it is being dragged."""
        drag = self.drag
        if drag is None or not drag.moved or drag.index != index or drag.tile != tile:
            return None
        return drag.pos

    def _hint_lines(self, view: TableView) -> list[list[str]]:
        """听牌提示: discards that leave the hand ready, each wait with how many are unseen and
        whether a win on it (by discard or self-draw) would reach the table's minimum fan.

        A line a discard, in pieces a line may break between: "Discard X: waits on", then
        one piece a wait."""
        key = (view.hand, view.drawn, view.seats[view.seat].melds if view.seat is not None else ())
        if self.hint_cache[0] == key:
            return self.hint_cache[1]
        lines: list[list[str]] = []
        conn = self.app.connection
        counts = [0] * KINDS
        assert view.drawn is not None  # `_draw_hint` asks only on a turn with a drawn tile
        for tile in (*view.hand, view.drawn):
            counts[tile] += 1
        own = view.seats[view.seat] if view.seat is not None else None
        melds = own.melds if own else ()
        try:
            table = discard_table(counts, len(melds))
            ready = [
                (int(tile), better) for tile, shanten, better in table if shanten == 0 and better
            ]
            unseen = unseen_counts(view.seats, counts)
            for tile, waits in ready[:4]:
                counts[tile] -= 1
                parts = []
                for wait in waits:
                    fan = _best_fan(view, counts, wait, conn.rules if conn else None)
                    mark = t("hint.fan", fan=fan) if fan is not None else t("hint.no_win")
                    parts.append(f"{_tile_text(wait)}×{unseen[wait]} ({mark})")
                counts[tile] += 1
                head = t("hint.line", tile=_tile_text(tile), waits="").rstrip()
                lines.append([head, *parts])
        except Exception:  # advice only: never let it stop the game
            lines = []
        self.hint_cache = (key, lines)
        return lines

    def _draw_hint(self, screen: pygame.Surface, view: TableView) -> None:
        self.hint_rect = None
        if view.phase != "turn" or view.current_seat != view.seat or view.drawn is None:
            return
        ready = self._hint_lines(view)
        if not ready:
            return
        w, h = screen.get_size()
        size = int(h * 0.022)
        # Between the river on the right and the right-hand player's hand.
        right = int(w * 0.9)
        river = self.river_rects.get(((view.seat or 0) + 1) % 4) or []
        left = max([wall_ring(w, h).right + int(w * 0.08), *(r.right for r in river)])
        left += int(w * 0.01)
        room = right - left - 20
        lines = [t("hint.title")]
        for chunks in ready:
            lines.extend(wrap_chunks(chunks, size, room))
        rules = self.app.connection.rules if self.app.connection else None
        if rules is not None and rules.min_fan:
            lines.append(t("hint.min_fan", min_fan=rules.min_fan))
        step = int(size * 1.5)
        fits = max(2, (int(h * 0.66) - int(h * 0.25) - 12) // step)
        lines = lines[:fits]
        width = max(fitted_text(line, size, WHITE, room).get_width() for line in lines) + 20
        box = pygame.Rect(0, int(h * 0.25), width, step * len(lines) + 12)
        box.right = right
        self.hint_rect = box
        panel(screen, box, (0, 0, 0, 150))
        for i, line in enumerate(lines):
            draw_text(
                screen,
                line,
                (box.x + 10, box.y + 6 + i * step),
                size,
                GOLD if i == 0 else WHITE,
                max_width=room,
            )

    def _lay_out_result(self, screen: pygame.Surface, view: TableView, result: HandEnded) -> None:
        """Measure the result box (before the buttons, which go inside it at its bottom)."""
        w, h = screen.get_size()
        conn = self.app.connection
        names = [o.name if o else "?" for o in (conn.lobby.seats if conn and conn.lobby else [])]
        labels = [label for label, *_ in self._result_actions()]

        def buttons_width(height: int) -> int:
            widths = [_button_width(label, height, [], int(w * 0.07)) for label in labels]
            return sum(widths) + 12 * max(0, len(widths) - 1)

        self.result_layout = result_box.lay_out(
            (w, h),
            int(h * 0.065),  # below the menu and chat buttons
            buttons_width,
            lambda unit, room, columns: result_box.build(
                result,
                names=names,
                viewer=view.seat,
                too_low=list(self.too_low),
                unit=unit,
                room=room,
                art=self.art,
                columns=columns,
            ),
            most_columns=max(1, len(result.winners)),
        )

    def _draw_phrases(self, screen: pygame.Surface) -> None:
        """Quick-chat bubbles beside whoever said them, for a few seconds."""
        conn = self.app.connection
        if conn is None:
            return
        w, h = screen.get_size()
        now = time.monotonic()
        size = int(h * 0.03)
        for said_at, said in conn.phrases:
            if now - said_at > PHRASE_BUBBLE_SECONDS:
                continue
            if said.seat is None:
                pos = (w // 2, int(h * 0.2))
            else:
                pos = [
                    (w // 2, int(h * 0.62)),
                    (int(w * 0.8), int(h * 0.3)),
                    (w // 2, int(h * 0.2)),
                    (int(w * 0.2), int(h * 0.3)),
                ][self.relative(said.seat)]
            text = t("chat.said", name=said.name, text=t(f"chat.{PHRASES[said.phrase]}"))
            image = render_text(text, size, INK)
            bubble = image.get_rect(center=pos).inflate(24, 14)
            pygame.draw.rect(screen, PAPER, bubble, border_radius=12)
            pygame.draw.rect(screen, GOLD, bubble, 2, border_radius=12)
            screen.blit(image, image.get_rect(center=bubble.center))

    def _draw_callouts(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        for callout in self.callouts:
            rel = self.relative(callout.seat)
            pos = [
                (w // 2, int(h * 0.6)),
                (int(w * 0.78), h // 2),
                (w // 2, int(h * 0.25)),
                (int(w * 0.22), h // 2),
            ][rel]
            size = int(h * 0.08)
            draw_text(
                screen,
                callout.text,
                (pos[0] + 3, pos[1] + 3),
                size,
                (0, 0, 0),
                anchor="center",
                bold=True,
            )
            draw_text(screen, callout.text, pos, size, GOLD, anchor="center", bold=True)


def _button_width(label: str, height: int, icons: list[pygame.Surface], least: int) -> int:
    """Wide enough for the label at the size a button draws it, and its icons."""
    text = render_text(label, max(14, int(height * 0.45)), WHITE, bold=True).get_width()
    pictures = sum(icon.get_width() for icon in icons) + (6 if icons else 0)
    return max(least, text + pictures + 2 * BUTTON_PADDING + 2 * int(height * 0.3))


def wall_ring(w: int, h: int) -> pygame.Rect:
    """The wall's outer edge: the rivers lie outside it, the wind, tiles left and dice inside."""
    ring = pygame.Rect(0, 0, int(w * 0.17), int(h * 0.21))
    ring.center = (w // 2, int(h * 0.42))
    return ring


def _tile_text(tile: int) -> str:
    from client.i18n import tile_name

    return tile_name(tile)


def _draw_die(screen: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    pygame.draw.rect(screen, (250, 248, 240), rect, border_radius=rect.width // 5)
    pygame.draw.rect(screen, (60, 60, 60), rect, 1, border_radius=rect.width // 5)
    r = max(2, rect.width // 10)
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.28, 0.28), (0.72, 0.72)],
        3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)],
    }[value]
    color = (200, 30, 30) if value in (1, 4) else (30, 30, 30)
    for fx, fy in spots:
        pygame.draw.circle(
            screen, color, (rect.x + int(fx * rect.width), rect.y + int(fy * rect.height)), r
        )


def _best_fan(view: TableView, counts: list[int], wait: int, rules: object) -> int | None:
    """The most fan a win on `wait` would score (discard or self-draw), or None when no such
    win may be declared (below the table's minimum fan)."""
    from shared.fan import score_hand
    from shared.notation import Hand
    from shared.patterns import WinContext
    from shared.ruleset import Ruleset
    from shared.tiles import Tile

    if not isinstance(rules, Ruleset) or view.seat is None:
        return None
    own = view.seats[view.seat]
    placed = [meld for m in own.melds if (meld := m.meld()) is not None]
    if len(placed) != len(own.melds):  # a meld whose tiles the viewer does not know
        return None
    hand = Hand(
        tuple(Tile(k) for k in range(KINDS) for _ in range(counts[k])),
        tuple(placed),
        Tile(wait),
        tuple(Tile(f) for f in own.flowers),
    )
    best = None
    for self_drawn in (False, True):
        context = WinContext(
            self_drawn=self_drawn,
            seat_wind=view.seat_winds[view.seat],
            prevailing_wind=view.prevailing_wind,
            flowers=len(own.flowers),
        )
        score = score_hand(hand, context, rules)
        if score.win and score.can_declare and (best is None or score.fan > best):
            best = score.fan
    return best
