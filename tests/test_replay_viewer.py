"""The replay viewer (client/scenes/replay.py): its controls move through the hand, it draws
with the live table's layout, all hands open shows every tile, the coach's box and marks
follow the watched seat, Export writes a file a friend opens, and a record opens from the
command line or dropped on the window; a bad file says why on screen. Screenshots in 简体,
繁體 and English at 1280×720 and 1920×1080: the deal, a claim, the end with the result box,
all hands open, a decision the coach marks as different."""

from __future__ import annotations

import argparse
from pathlib import Path

import msgspec
import pygame
import pytest

from client import main as gdmj_main
from client import record_export
from client.app import App
from client.clipboard import paste_text
from client.i18n import LANGUAGES, set_language, t
from client.problem import detail_of
from client.scenes import replay as replay_module
from client.scenes.menu import MenuScene
from client.scenes.replay import ReplayScene
from client.scenes.replay_bar import bar_height, lay_out_coach, move_text, summary_text
from client.scenes.replay_model import Replay
from client.scenes.settings_scene import SettingsScene
from client.scenes.table_layout import lay_out
from shared.events import MeldClaimed
from shared.records import RecordFile, decode_record_file, encode_record_file
from shared.ruleset import TableOptions, make_ruleset
from tests.support.deals import play_observed
from tests.support.gui import StillConnection, click, press, redraw
from tests.support.replays import as_file, record_with
from tests.support.screens import assert_buttons_laid_out, save


@pytest.fixture(scope="module")
def record_file() -> RecordFile:
    return as_file(record_with(frozenset({"chow", "pung", "kong", "discard"})))


@pytest.fixture
def app(app: App) -> App:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


def viewer(app: App, record_file: RecordFile) -> ReplayScene:
    app.push(MenuScene(app))
    scene = ReplayScene(app, record_file)
    app.push(scene)
    redraw(app)
    return scene


def test_the_keys_move_through_the_hand(app: App, record_file: RecordFile) -> None:
    scene = viewer(app, record_file)
    last = len(record_file.record.actions)
    assert scene.step == 0 and scene.view is not None and scene.view.phase == "roll"
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.step == 2
    press(app, pygame.K_LEFT)
    assert scene.step == 1
    press(app, pygame.K_END)
    assert scene.step == last and scene.view.phase == "ended"
    press(app, pygame.K_RIGHT)  # nothing after the end
    assert scene.step == last
    press(app, pygame.K_HOME)
    assert scene.step == 0
    press(app, pygame.K_n)  # the next claim: a step whose events lay a meld down
    claimed = [d.event for d in scene.current.deliveries if isinstance(d.event, MeldClaimed)]
    assert claimed and scene.step > 0
    first_claim = scene.step
    assert all(
        not any(isinstance(d.event, MeldClaimed) for d in step.deliveries)
        for step in scene.replay.steps[1:first_claim]
    )
    press(app, pygame.K_w)
    assert scene.step == last and scene.view.result == record_file.record.result


def test_play_steps_on_its_own_at_the_speed_chosen(app: App, record_file: RecordFile) -> None:
    scene = viewer(app, record_file)
    press(app, pygame.K_SPACE)
    assert scene.playing
    app.frame(replay_module.STEP_SECONDS + 0.01)
    assert scene.step == 1
    press(app, pygame.K_x)  # 2×
    assert scene.speed == 2
    app.frame(replay_module.STEP_SECONDS / 2 + 0.01)
    assert scene.step == 2
    press(app, pygame.K_SPACE)
    app.frame(5.0)
    assert not scene.playing and scene.step == 2
    press(app, pygame.K_x)
    press(app, pygame.K_x)
    assert scene.speed == 1  # 1×, 2×, 4×, and round again
    scene.go_to(scene.replay.last - 1)
    press(app, pygame.K_SPACE)
    app.frame(replay_module.STEP_SECONDS + 0.01)
    assert scene.step == scene.replay.last and not scene.playing  # it stops at the end


def test_the_timeline_jumps_where_it_is_clicked(app: App, record_file: RecordFile) -> None:
    scene = viewer(app, record_file)
    bar = scene.bar
    assert bar is not None
    click(app, (bar.timeline.centerx, bar.timeline.centery))
    assert abs(scene.step - scene.replay.last // 2) <= 1
    click(app, (bar.timeline.right - 1, bar.timeline.centery))
    assert scene.step == scene.replay.last


def test_the_seat_chooser_and_all_hands_open(app: App, record_file: RecordFile) -> None:
    scene = viewer(app, record_file)
    assert scene.seat == 0  # the first person's seat
    scene.go_to(20)
    press(app, pygame.K_s)
    assert scene.seat == 1 and scene.view is not None and scene.view.seat == 1
    press(app, pygame.K_3)
    assert scene.seat == 2
    size = app.screen.get_size()
    closed = lay_out(scene.model(), size, scene.art)
    faces_closed = [p.tile for p in closed.tiles]
    press(app, pygame.K_o)
    assert scene.all_open
    opened = lay_out(scene.model(), size, scene.art)
    hands = scene.replay.hands(20)
    shown = [p.tile for p in opened.tiles if p.tile is not None]
    for seat in (0, 1, 3):  # the others' concealed tiles, face up, each where a back was
        for tile in set(hands[seat]):
            assert shown.count(tile) >= hands[seat].count(tile)
    assert faces_closed.count(None) == sum(len(hands[s]) for s in (0, 1, 3))
    assert [p.rect for p in opened.tiles] == [p.rect for p in closed.tiles]
    assert None not in [p.tile for p in opened.tiles]


def test_the_coach_box_shows_at_the_seats_decisions(app: App, record_file: RecordFile) -> None:
    scene = viewer(app, record_file)
    assert all(d.agreed for d in scene.report.decisions)  # seat 0 played as the strong bot
    press(app, pygame.K_2)  # seat 1, an easier player
    report = scene.report
    assert report.seat == 1 and report.agreed < len(report.decisions)
    decision = next(d for d in report.decisions if not d.agreed)
    press(app, pygame.K_d)  # the seat's next decision unlike the coach's
    assert scene.step == decision.index
    assert scene.report.at(scene.step) is decision
    redraw(app)
    layout = scene.layout
    box = lay_out_coach(decision, layout_rect(app), layout.rivers[2])
    texts = [text for text, _ in box.lines]
    assert t("coach.played", move=move_text(decision.played.action)) in texts
    assert t("coach.advised", move=move_text(decision.advised.action)) in texts
    assert t("coach.differs") in texts
    assert box.rect.colliderect(layout.hand[0][0]) is False  # clear of the watched hand
    other = next(k for k in range(1, scene.replay.last) if report.at(k) is None)
    scene.go_to(other)
    assert scene.report.at(scene.step) is None
    summary = summary_text(report.agreed, len(report.decisions))
    assert f"{report.agreed} of {len(report.decisions)}" in summary


def layout_rect(app: App) -> pygame.Rect:
    w, h = app.screen.get_size()
    return pygame.Rect(0, 0, w, h - bar_height(h))


def test_the_controls_are_laid_out_in_each_language_and_size(
    app: App, record_file: RecordFile
) -> None:
    for size in ((1280, 720), (1920, 1080)):
        app.screen = pygame.display.set_mode(size)
        for language in LANGUAGES:
            set_language(language)
            scene = viewer(app, record_file)
            assert_buttons_laid_out(app.screen, scene.controls())
    set_language("en")


def test_export_writes_a_file_a_friend_opens_and_says_where(
    app: App, record_file: RecordFile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documents = tmp_path / "Documents"
    monkeypatch.setattr(record_export, "documents_dir", lambda: documents)
    scene = viewer(app, record_file)
    press(app, pygame.K_e)
    files = sorted(documents.glob("*.gdmjrec"))
    assert len(files) == 1
    assert decode_record_file(files[0].read_bytes()) == record_file
    assert paste_text() == str(files[0])
    assert scene.notice is not None and str(files[0]) in scene.notice
    press(app, pygame.K_e)  # a second export keeps the first
    assert len(sorted(documents.glob("*.gdmjrec"))) == 2


def test_export_into_a_folder_that_cannot_be_written_says_so(
    app: App, record_file: RecordFile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setattr(record_export, "documents_dir", lambda: blocked / "Documents")
    scene = viewer(app, record_file)
    assert scene.export() is None
    assert scene.notice is not None and scene.notice.startswith("Could not export")
    redraw(app)


def test_back_goes_to_the_screen_it_came_from(app: App, record_file: RecordFile) -> None:
    app.push(MenuScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    app.push(ReplayScene(app, record_file, back=settings))
    press(app, pygame.K_ESCAPE)
    assert app.scene is settings
    app.push(ReplayScene(app, record_file))  # back=None: the main menu
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


def _files(tmp_path: Path, record_file: RecordFile) -> tuple[Path, Path, Path]:
    good = tmp_path / "hand.gdmjrec"
    good.write_bytes(encode_record_file(record_file))
    foreign = tmp_path / "foreign.gdmjrec"
    foreign.write_bytes(b'{"format": "a shopping list"}')
    # Well formed, but its actions are not the hand's: the engine refuses the first bad one.
    broken = msgspec.structs.replace(
        record_file,
        record=msgspec.structs.replace(
            record_file.record, actions=record_file.record.actions[:3] * 2
        ),
    )
    illegal = tmp_path / "illegal.gdmjrec"
    illegal.write_bytes(encode_record_file(broken))
    return good, foreign, illegal


def test_a_bad_file_says_why_on_screen(app: App, record_file: RecordFile, tmp_path: Path) -> None:
    good, foreign, illegal = _files(tmp_path, record_file)
    app.push(MenuScene(app))
    assert not app.nav.open_record(foreign)
    assert isinstance(app.scene, MenuScene)
    assert app.notice is not None and "not a hand record" in detail_of(app.notice)
    assert app.notice.startswith("Cannot open the record")
    redraw(app)
    assert not app.nav.open_record(illegal)
    assert isinstance(app.scene, MenuScene) and app.notice
    assert not app.nav.open_record(tmp_path / "missing.gdmjrec")
    assert app.notice and "missing.gdmjrec" in detail_of(app.notice)
    assert app.nav.open_record(good)
    assert isinstance(app.scene, ReplayScene)
    # History's rows hand over a record they hold: one the engine refuses is said, not raised.
    app.notice = None
    refused = decode_record_file(illegal.read_bytes())
    assert not app.nav.show_record(refused, back=app.scenes[0])
    assert isinstance(app.scene, ReplayScene) and app.notice
    assert app.notice.startswith("Cannot open the record")


def _drop(app: App, path: Path) -> None:
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.frame(0.016)


def test_a_file_dropped_on_the_window_opens(
    app: App, record_file: RecordFile, tmp_path: Path
) -> None:
    good, foreign, _ = _files(tmp_path, record_file)
    app.push(MenuScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    _drop(app, good)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.back is settings
    _drop(app, foreign)  # on the viewer: it says why, and stays
    assert app.scene is scene and scene.notice and "not a hand record" in detail_of(scene.notice)
    _drop(app, good)  # another record takes the viewer's place, Back as before
    assert isinstance(app.scene, ReplayScene) and app.scene is not scene
    assert app.scene.back is settings and len(app.scenes) == 3
    app.pop()
    _drop(app, foreign)  # a screen that shows no notices: the menu says it
    assert isinstance(app.scene, MenuScene) and app.notice
    assert "not a hand record" in detail_of(app.notice)


def test_a_file_dropped_during_a_game_is_left_alone(
    app: App, record_file: RecordFile, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good, _, _ = _files(tmp_path, record_file)
    app.push(MenuScene(app))
    monkeypatch.setattr(app, "connection", StillConnection(make_ruleset()))
    assert not app.nav.open_dropped(str(good))
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1
    monkeypatch.setattr(app, "connection", None)
    assert app.nav.open_dropped(str(good))


def _start(app: App, *argv: str) -> None:
    args: argparse.Namespace = gdmj_main._arguments(list(argv))
    gdmj_main._start(app, args, None)


def test_replay_on_the_command_line(
    app: App, record_file: RecordFile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, foreign, _ = _files(tmp_path, record_file)
    assert gdmj_main._record_readable(str(good))
    _start(app, "--replay", str(good))
    assert isinstance(app.scene, ReplayScene) and isinstance(app.scenes[0], MenuScene)
    assert app.scene.record_file == record_file
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    while app.scenes:
        app.pop()
    app.running = True
    assert not gdmj_main._record_readable(str(foreign))
    assert "gdmj: cannot open the record: not a hand record" in capsys.readouterr().err
    _start(app, "--replay", str(foreign))
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1
    assert app.notice and "not a hand record" in detail_of(app.notice)


def _mutated(record_file: RecordFile, change: str) -> bytes:
    data = msgspec.json.decode(encode_record_file(record_file))
    hand = data["record"]
    if change == "prevailing_wind":
        hand["prevailing_wind"] = 9
    elif change == "negative_wind":
        hand["prevailing_wind"] = -1
    elif change == "wall":
        hand["wall"] = [0] * 136
    elif change == "no_options":
        hand["options"] = None
    elif change == "preset":
        hand["options"]["preset"] = "nope"
    elif change == "seed":
        hand["seed"] = 12345
    elif change == "cut_short":
        hand["actions"] = hand["actions"][:-1]
    elif change == "result":
        hand["result"]["kind"] = "draw"
    return msgspec.json.encode(data)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("prevailing_wind", "prevailing wind is 9"),
        ("negative_wind", "prevailing wind is -1"),
        ("wall", "rigged wall"),
        ("no_options", "keeps no table options"),
        ("preset", "unknown preset 'nope'"),
        ("seed", "you do not hold that tile"),
        ("cut_short", "do not end in its result"),
        ("result", "do not end in its result"),
    ],
)
def test_a_record_the_engine_cannot_replay_is_refused_naming_why(
    app: App, record_file: RecordFile, tmp_path: Path, change: str, said: str
) -> None:
    path = tmp_path / f"{change}.gdmjrec"
    path.write_bytes(_mutated(record_file, change))
    app.push(MenuScene(app))
    assert not app.nav.open_record(path)
    assert app.notice is not None and said in detail_of(app.notice), app.notice
    redraw(app)


# --- screenshots: saved under $GDMJ_SCREENSHOT_DIR (else a temporary folder), looked at ---

SIZES = ((1280, 720), (1920, 1080))


def _claim(scene: ReplayScene) -> None:
    scene.act("next_claim")
    assert any(isinstance(d.event, MeldClaimed) for d in scene.current.deliveries)


def _end(scene: ReplayScene) -> None:
    scene.act("last")
    assert scene.view is not None and scene.view.phase == "ended"


def _all_open(scene: ReplayScene) -> None:
    scene.go_to(scene.replay.last // 2)
    scene.act("all_open")
    assert scene.model().open_hands


def _coach(scene: ReplayScene) -> None:
    scene.watch(1)
    decision = next(d for d in scene.report.decisions if not d.agreed)
    scene.go_to(decision.index)
    assert scene.report.at(scene.step) is decision


SHOTS = {
    "replay-start": None,
    "replay-claim": _claim,
    "replay-end": _end,
    "replay-open": _all_open,
    "replay-coach": _coach,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_in_every_language_and_size(
    app: App, record_file: RecordFile, shots_dir: Path, language: str, size: tuple[int, int]
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    try:
        for name, prepare in SHOTS.items():
            scene = viewer(app, record_file)
            if prepare is not None:
                prepare(scene)
            save(app, shots_dir, name, language)
            assert_buttons_laid_out(app.screen, scene.controls())
            app.scenes.clear()
    finally:
        set_language("en")


def test_playing_a_step_leaves_the_steps_as_they_were(app: App, record_file: RecordFile) -> None:
    """Stepping forward plays the step's events out (sounds, calls, slides): the walls and
    views kept for every step stay those of the replay, for the next time they are shown."""
    scene = viewer(app, record_file)
    fresh = Replay(record_file.record)
    for _ in range(scene.replay.last):
        press(app, pygame.K_RIGHT)
    assert scene.step == scene.replay.last
    assert [s.wall for s in scene.replay.steps] == [s.wall for s in fresh.steps]
    assert [s.views for s in scene.replay.steps] == [s.views for s in fresh.steps]
    press(app, pygame.K_HOME)
    assert scene.wall == fresh.steps[0].wall


def test_the_viewer_shows_the_deals_check(app: App, record_file: RecordFile) -> None:
    # A hand dealt before verifiable deals: said as such, beside the coach's summary.
    assert replay_module.deal_text(viewer(app, record_file).verdict) == "Deal not verifiable"
    # A verifiable hand as a player kept it, and the same hand as kept by a player whose
    # contribution the host did not use (what they sent is not the deal's).
    rules = make_ruleset(TableOptions())
    hand = next(h for h in play_observed(rules, hands=4, seed=9) if len(h.table.log) > 20)
    kept = hand.record_file(1)
    scene = viewer(app, kept)
    assert scene.verdict.status == "verified" and scene.notice is None
    assert replay_module.deal_text(scene.verdict) == "Deal verified"
    assert kept.verification is not None
    own = msgspec.structs.replace(kept.verification, contributed="cd" * 32)
    forged = msgspec.structs.replace(kept, verification=own)
    scene = viewer(app, forged)
    assert scene.verdict.status == "mismatch"
    assert scene.notice is not None and scene.notice.startswith("This hand's deal does not verify")
    redraw(app)


def test_a_replay_over_a_live_table_shows_the_record_not_the_host(
    app: App, record_file: RecordFile
) -> None:
    """Opened from History during a game, the viewer is shown from a table model made
    from the record: none of the live table's phrases or notices, and the live table's
    messages wait for its return (the viewer does not follow the connection)."""
    from shared.events import PhraseSaid
    from shared.protocol import Notice

    live = StillConnection(make_ruleset())
    live.notices.append((float("inf"), Notice("disk_write_failed", "disk full")))
    app.connection = live  # type: ignore[assignment]
    scene = viewer(app, record_file)
    shown = scene.table
    assert shown is not app.table and shown.notices == [] and shown.phrases == []
    assert shown.view == Replay(record_file.record).view(0, scene.seat, False)
    live.feed(PhraseSaid("Bot Ming", 1, 2))
    app.frame(0.016)
    assert live.pending, "the live table's messages wait for it"
    press(app, pygame.K_RIGHT)
    assert scene.table.view == Replay(record_file.record).view(1, scene.seat, False)
