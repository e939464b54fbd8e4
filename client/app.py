"""The game window: a stack of scenes, the frame loop, and what all scenes share."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import platformdirs
import pygame
from msgspec import structs

from client.audio import Audio
from client.display import prepare_video
from client.i18n import set_language, set_pattern_names
from client.navigator import Navigator
from client.net import Connection
from client.overlays import Overlays, leave_question
from client.problem import problem
from client.record_store import keep_received
from client.scene import Scene
from client.settings import Settings, load_settings, save_settings
from client.table_model import ClientTable
from client.window import open_window
from client.window_fit import window_size
from server.local import LocalHost

log = logging.getLogger(__name__)

APP = "gdmahjong"
FPS = 60
IDLE_FPS = 15
"""Frames a second when nothing moves: an idle table costs little CPU (and still hears
the host within a fraction of a second)."""
EXIT_AFTER_FIRST_FRAME = "GDMJ_EXIT_AFTER_FIRST_FRAME"
"""Set (to anything) in the environment: print `first frame` once the first frame is
flipped and quit. For the client benchmark's start-up time (bench_client.py)."""
RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWDISPLAYCHANGED)
"""The window changed size, or screen (a Retina screen has more pixels a point)."""


TITLE = "广东麻将 · 鸡平和"


def window_mode(settings: Settings) -> tuple[tuple[int, int], bool]:
    """The window's size (SDL's units) and whether it fills the screen, as the settings
    say: full screen, or the chosen size fitted to the screen (client/window_fit.py)."""
    if settings.fullscreen:
        return settings.window_size, True
    return window_size(settings.window_size), False


class App:
    def __init__(self, settings: Settings | None = None, settings_note: str | None = None) -> None:
        if settings is None:
            settings, settings_note = load_settings()
        self.settings = settings
        self._pending_notice: str | None = settings_note
        """A notice given before there is a screen to show it (the settings file's): the
        first screen's."""
        set_language(settings.language)
        set_pattern_names(settings.pattern_names)
        prepare_video()
        pygame.init()
        pygame.key.set_repeat(350, 40)
        # SDL starts with text input on; off until a text field has focus, so an input method
        # does not swallow the table's letter keys (C P K H) into a composition.
        pygame.key.stop_text_input()
        self.text_input_rect: pygame.Rect | None = None
        """Where text input is on (the focused field's caret), or None when it is off."""
        self.window = open_window(*window_mode(settings), title=TITLE)
        """Where frames are shown, and the mouse's points become the frame's pixels."""
        self.screen = self.window.frame()
        self.clock = pygame.time.Clock()
        self.audio = Audio(settings.sound, settings.volume, voice=settings.voice)
        self.scenes: list[Scene] = []
        self.running = True
        self.dirty = True
        self.busy = False
        self.local_host: LocalHost | None = None
        self.connection: Connection | None = None
        self.data_dir = Path(platformdirs.user_data_dir(APP))
        self.config_dir = Path(platformdirs.user_config_dir(APP))
        self.exit_after_first_frame = bool(os.environ.get(EXIT_AFTER_FIRST_FRAME))
        self.overlays = Overlays(self)
        """The leave question, the lost-host banner, who is reconnecting: above any scene."""
        self.nav = Navigator(self)
        """The way from one screen to another: the only builder of scenes."""

    # --- scenes --------------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    @property
    def notice(self) -> str | None:
        """The notice of the screen on top (see Scene.notice)."""
        return self.scene.notice if self.scenes else self._pending_notice

    @notice.setter
    def notice(self, text: str | None) -> None:
        if self.scenes:
            self.scene.notice = text
        else:
            self._pending_notice = text
        self.dirty = True

    @property
    def table(self) -> ClientTable | None:
        """What the client knows of the table it is at (client/table_model.py), as the
        connection folded it in; None away from a table."""
        return self.connection.model if self.connection is not None else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scene.notice = None  # the player moved on: it was about what just happened
            self.scene.leave()
        elif self._pending_notice is not None:
            scene.notice, self._pending_notice = self._pending_notice, None
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        self.dirty = True

    def pop(self) -> None:
        self.scenes.pop().leave()
        if self.scenes:
            self.scene.enter()
        else:
            self.running = False
        self.dirty = True

    def back_to_menu(self) -> None:
        """Close the connection and any local host; show the main menu."""
        self.disconnect()
        while self.scenes:
            self.scenes.pop().leave()
        self.nav.menu()

    def disconnect(self, crashed: bool = False) -> None:
        """Leave the table; a table this game hosts is closed, everyone at it told who
        closed it (the host stops before the connection goes, so its own bye does not
        turn into a 'player left' the others would see first). `crashed`: the game is
        ending on an error, so the table's journal stays for its player to resume."""
        self.overlays.cancel()
        if self.local_host is not None:
            name = self.connection.name if self.connection is not None else ""
            self.local_host.stop(closed_by=name, keep_journal=crashed)
            self.local_host = None
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def request_leave(self, quit_after: bool = False) -> None:
        """Leave the table (back to the menu, or out of the game with `quit_after`),
        asking first when leaving costs something (client/overlays.py, leave_question)."""
        leave = self.quit if quit_after else self.back_to_menu
        if self.overlays.confirm is not None:
            if quit_after:  # the window closed again while asked: that is the answer
                self.overlays.confirm_now()
            return
        question = leave_question(self)
        if question is None:
            leave()
        else:
            self.overlays.ask_leave(question, leave)

    def quit(self) -> None:
        self.running = False

    def leave_now(self) -> None:
        """Leave without asking (the system is ending the game, client/terminate.py): the
        loop stops and `run` leaves the table, as a confirmed leave does."""
        self.overlays.cancel()
        self.running = False

    def check_connection(self) -> None:
        """The host closed the table: the connection is done; say so, with the scores."""
        conn, table = self.connection, self.table
        if conn is None or table is None or table.closed is None:
            return
        closed = table.closed
        conn.close(say_bye=False)
        self.connection = None
        self.disconnect()
        while self.scenes:
            self.scenes.pop().leave()
        self.nav.table_closed(closed)

    def check_local_host(self) -> None:
        """A table this game hosts whose host thread died: back to the menu, saying why, at
        once (its players would otherwise wait on a host that will never answer)."""
        if self.local_host is None:
            return
        failure = self.local_host.failure
        if failure is None:
            return
        log.error("the table this game hosts stopped: %s", failure)
        self.back_to_menu()
        self.notice = problem("error.host_stopped", failure)

    def update_settings(self, settings: Settings) -> bool:
        """Use these settings from now on and save them; False (and a notice on the screen
        on top) when they could not be saved."""
        self.settings = settings
        set_language(settings.language)
        set_pattern_names(settings.pattern_names)
        self.audio.set_enabled(settings.sound)
        self.audio.set_volume(settings.volume)
        self.audio.set_voice(settings.voice)
        self.dirty = True
        try:
            save_settings(settings)
        except OSError as exc:
            self.notice = problem("settings.save_failed", exc.strerror or exc)
            return False
        return True

    def file_dropped(self, path: str) -> None:
        """A file dropped on the window: a hand record opens in the replay viewer
        (client/scenes/replay.py), on any screen but a game in play."""
        self.nav.open_dropped(path)
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        """F11, on any screen: full screen on or off, kept in the settings (the settings
        page's Fullscreen choice is the same setting)."""
        settings = structs.replace(self.settings, fullscreen=not self.settings.fullscreen)
        self.update_settings(settings)
        self.show_window(settings)

    def show_window(self, settings: Settings) -> None:
        """The window (again) as `settings` say, and its frame to draw in."""
        self.window.show(*window_mode(settings))
        self.screen = self.window.frame()

    # --- the loop ------------------------------------------------------------------------

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw when needed."""
        self.check_local_host()
        for received in pygame.event.get():
            event = self.window.event(received)  # the mouse in the frame's pixels
            if event.type == pygame.QUIT:
                self.request_leave(quit_after=True)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            elif event.type == pygame.DROPFILE:
                self.file_dropped(event.file)
                continue
            elif event.type in RESIZE_EVENTS:
                self.screen = self.window.frame()
                self.dirty = True
            elif event.type in (
                pygame.MOUSEMOTION,
                pygame.MOUSEBUTTONDOWN,
                pygame.MOUSEBUTTONUP,
                pygame.KEYDOWN,
                pygame.TEXTINPUT,
                pygame.TEXTEDITING,
                pygame.MOUSEWHEEL,
            ):
                self.dirty = True
            if self.scenes and not self.overlays.handle(event):
                self.scene.handle(event)
        self.sync_text_input()
        self.pump()
        self.busy = bool(self.scenes) and self.scene.update(dt)
        keep_received(self)  # before a closed table's connection goes
        self.check_connection()
        if self.overlays.update(self.screen) or self.busy:
            self.dirty = True
        if self.dirty and self.scenes:
            self.scene.draw(self.screen)
            self.overlays.draw(self.screen)
            self.window.present(self.screen)
            self.dirty = False
            if self.exit_after_first_frame:
                print("first frame", flush=True)
                self.running = False

    def pump(self) -> None:
        """The one place the network is read: the connection takes in what the host sent
        (folded into its table model) and the screen on top that follows the table gets
        the messages. Under another screen (History, opened from the final standings) the
        connection is only kept alive, so the host does not count this player gone."""
        conn = self.connection
        if conn is None:
            return
        if not (self.scenes and self.scene.follows_table()):
            conn.keep_alive()
            return
        messages = conn.poll(0)
        if messages:
            self.scene.on_messages(messages)

    def sync_text_input(self) -> None:
        """Text input on while a field has focus, with the input method's candidate window
        at its caret; off otherwise."""
        field = self.scene.focused_field() if self.scenes else None
        rect = field.input_rect() if field is not None else None
        if rect == self.text_input_rect:
            return
        if rect is None:
            pygame.key.stop_text_input()
        else:
            if self.text_input_rect is None:
                pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.window.to_points(rect))  # SDL's are points
        self.text_input_rect = rect

    def run(self) -> None:
        while self.running and self.scenes:
            dt = self.clock.tick(FPS if self.busy or self.dirty else IDLE_FPS) / 1000.0
            self.frame(dt)
        self.disconnect()
        pygame.quit()
