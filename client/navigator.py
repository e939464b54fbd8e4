"""The way between screens: the one place that builds scenes (client/scenes/).

Every scene reaches another through `app.nav`, never by importing it, so the screens stay
out of each other's imports and out of the App's (tests/test_client_imports.py holds the
client's imports free of circles). Each screen's module is imported when it is first
shown: starting the game loads the menu, not the replay viewer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from client.problem import problem
from server.unfinished import unfinished_table

if TYPE_CHECKING:
    from client.app import App
    from client.net import Address
    from client.record_store import SessionLine
    from client.scene import Scene
    from server.unfinished import UnfinishedTable
    from shared.events import SessionEnded
    from shared.protocol import Error, TableClosed
    from shared.records import RecordFile
    from shared.ruleset import TableOptions

log = logging.getLogger(__name__)


class Navigator:
    """Builds the screen asked for and puts it on the App's stack (on top, or in place of
    the one on top where the way on leaves it behind)."""

    def __init__(self, app: App) -> None:
        self.app = app

    # --- the menu and what it opens ----------------------------------------------------------

    def menu(self) -> None:
        from client.scenes.menu import MenuScene

        self.app.push(MenuScene(self.app))

    def host_form(self) -> None:
        """The host form; first, when the last table this game hosted is still in play (the
        game crashed or was killed), the offer to resume it (client/scenes/resume.py)."""
        unfinished = unfinished_table(self.app.data_dir)
        if unfinished is None:
            from client.scenes.host_form import HostFormScene

            self.app.push(HostFormScene(self.app))
        else:
            self.resume(unfinished)

    def resume(self, unfinished: UnfinishedTable) -> None:
        from client.scenes.resume import ResumeScene

        self.app.push(ResumeScene(self.app, unfinished))

    def host_form_instead(self, replaces: UnfinishedTable) -> None:
        """The host form in place of the offer to resume `replaces` (which it discards)."""
        from client.scenes.host_form import HostFormScene

        self.app.replace(HostFormScene(self.app, replaces=replaces))

    def join(self) -> None:
        from client.scenes.join import JoinScene

        self.app.push(JoinScene(self.app))

    def code_prompt(
        self,
        address: Address,
        table_name: str = "",
        code: str = "",
        wrong: bool = False,
        why: str = "",
    ) -> None:
        """Ask for the table code of the table at `address` (`wrong`: the last one was;
        `why`: why the last one could not be tried)."""
        from client.scenes.prompt import CodePromptScene

        scene = CodePromptScene(self.app, address, table_name, code, wrong=wrong)
        if why:
            scene.problem = why
        self.app.push(scene)

    def ask_for_code(self, error: Error, address: Address, code: str, table_name: str = "") -> bool:
        """After a refusal: for `wrong_code`, the code prompt (True); else False."""
        if error.code != "wrong_code":
            return False
        self.code_prompt(address, table_name, code, wrong=bool(code))
        return True

    def first_start(
        self, then: Callable[[], None] | None = None, ask_language: bool = True
    ) -> bool:
        """Ask for the player's name, and the language unless told not to (`--lang` gave
        it), if the name was never chosen (True), before `then`."""
        if self.app.settings.name_chosen:
            return False
        from client.scenes.prompt import NamePromptScene

        self.app.push(NamePromptScene(self.app, then, ask_language))
        return True

    def history(self) -> None:
        from client.scenes.history import HistoryScene

        self.app.push(HistoryScene(self.app))

    def session(self, session: SessionLine) -> None:
        """One evening's hands, from History."""
        from client.scenes.history import SessionScene

        self.app.push(SessionScene(self.app, session))

    def statistics(self) -> None:
        from client.scenes.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def rules(self) -> None:
        """The rules page, as any table plays them by default."""
        from client.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def table_rules(self) -> None:
        """The rules of the table the player is at (its lobby's or its game's Rules)."""
        from client.scenes.rules import RulesScene

        self.app.push(RulesScene.of_table(self.app))

    def settings(self) -> None:
        from client.scenes.settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def about(self) -> None:
        from client.scenes.about import AboutScene

        self.app.push(AboutScene(self.app))

    # --- at a table ----------------------------------------------------------------------------

    def connecting(self, options: TableOptions | None, auto_start: bool) -> None:
        """Waiting for the host's welcome, over the screen that asked."""
        from client.scenes.connect import ConnectingScene

        self.app.push(ConnectingScene(self.app, options, auto_start))

    def lobby(self, options: TableOptions | None = None, auto_start: bool = False) -> None:
        """The table's lobby, in place of the screen on top (connecting, a game that ended)."""
        from client.scenes.lobby import LobbyScene

        self.app.replace(LobbyScene(self.app, options, auto_start))

    def table(self) -> None:
        """The game in play, in place of the screen on top (the lobby, the final standings)."""
        from client.scenes.table import TableScene

        self.app.replace(TableScene(self.app))

    def session_over(self, ended: SessionEnded, viewer: int | None) -> None:
        """The evening's final standings, in place of the table."""
        from client.scenes.over import SessionOverScene

        self.app.replace(SessionOverScene(self.app, ended, viewer))

    def table_closed(self, closed: TableClosed) -> None:
        from client.scenes.table_closed import TableClosedScene

        self.app.push(TableClosedScene(self.app, closed))

    # --- records -------------------------------------------------------------------------------

    def show_record(
        self, record_file: RecordFile, back: Scene | None = None, replace: bool = False
    ) -> bool:
        """Open a record in the viewer, on top of the screens there are (in place of the one
        on top with `replace`); False, with the reason on screen, when it does not replay."""
        from client.scenes.replay import ReplayScene

        try:
            scene = ReplayScene(self.app, record_file, back)
        except ValueError as exc:
            return self._cannot_open(exc)
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)
        return True

    def open_record(
        self, path: str | Path, back: Scene | None = None, replace: bool = False
    ) -> bool:
        """`show_record` for the file at `path`."""
        from client.scenes.replay_model import load_record

        try:
            record_file = load_record(path)
        except ValueError as exc:
            return self._cannot_open(exc)
        return self.show_record(record_file, back, replace)

    def open_dropped(self, path: str) -> bool:
        """A file dropped on the window. During a game (a connection open) it is left alone:
        the hand in play comes first. Back from the viewer returns to the screen it was
        dropped on; dropped on the viewer, the new record takes its place (Back as before)."""
        app = self.app
        if app.connection is not None:
            log.info("a file dropped during a game, not opened: %s", path)
            return False
        from client.scenes.replay import ReplayScene

        top = app.scene if app.scenes else None
        if isinstance(top, ReplayScene):
            return self.open_record(path, top.back, replace=True)
        return self.open_record(path, top)

    def _cannot_open(self, exc: ValueError) -> bool:
        text = problem("replay.bad_file", exc)
        log.warning("%s: %s", text, exc)
        if not self.app.scene.shows_notices:
            self.app.back_to_menu()  # a screen that shows no notices: the menu says it
        self.app.notice = text
        return False
