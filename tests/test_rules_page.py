"""规则 Rules: the page says what the ruleset says, every pattern of the preset with its
names, fan, description and example; the counting, payments and options of the table;
it scrolls; it opens from the menu (every preset) and from a table (that table's rules,
the table playing on underneath); and it is drawn, for people to look at, for every
preset in three languages at 1280×720 and 1920×1080 (see tests/test_screenshots.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from client import i18n
from client.app import App
from client.i18n import LANGUAGES, set_language, t
from client.rules_content import Heading, Line, Option, PatternEntry, page
from client.scene import Scene
from client.scenes.menu import MenuScene
from client.scenes.rules import RulesScene, wrap
from client.scenes.table import TableScene
from client.table_options import summary
from shared.events import LobbyUpdated
from shared.patterns import PATTERNS
from shared.presets import PRESETS
from shared.protocol import Welcome
from shared.ruleset import TableOptions, load_preset, make_ruleset
from tests.support.gui import SEAT, StillConnection, click, labelled, late_game_connection, lobby
from tests.support.gui import press as press_key
from tests.support.screens import assert_buttons_laid_out, save

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1280, 720), (1920, 1080)]




@pytest.fixture(autouse=True)
def _language_back() -> Iterator[None]:
    before = i18n.current_language()
    yield
    set_language(before)


def entries(blocks: list[object]) -> list[PatternEntry]:
    return [b for b in blocks if isinstance(b, PatternEntry)]


def texts(blocks: list[object]) -> str:
    out = []
    for block in blocks:
        if isinstance(block, Heading | Line):
            out.append(block.text)
        elif isinstance(block, Option):
            out.append(f"{block.label}={block.value}")
    return "\n".join(out)


# --- what the page says -----------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_ends_with_the_keys(language: str) -> None:
    """The keys at the table, last: Enter lets the drawn tile go (the dealer's 14th too,
    and 自动摸打 by itself), Space never discards."""
    set_language(language)
    blocks = page(make_ruleset())
    heading = max(i for i, b in enumerate(blocks) if isinstance(b, Heading))
    assert blocks[heading] == Heading(t("rules.keys"))
    section = texts(blocks[heading + 1 :])
    for key in ("Enter", "Space" if language == "en" else "空"):
        assert key in section
    assert t("toggle.auto_discard") in section
    if language == "en":
        assert "Space passes (过) or rolls the dice; it never discards." in section
        assert "14th" in section


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_page_says_how_a_hosted_table_resumes(language: str) -> None:
    """Before the keys: what the host form remembers, and resuming after a crash, naming
    the offer's own buttons."""
    set_language(language)
    blocks = page(make_ruleset())
    heading = blocks.index(Heading(t("rules.hosting")))
    assert blocks.index(Heading(t("rules.keys"))) > heading
    section = texts(blocks[heading + 1 : blocks.index(Heading(t("rules.keys")))])
    assert t("resume.resume") in section and t("resume.new_table") in section
    if language == "en":
        assert "remembers" in section and "crashes" in section


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_pattern_of_the_preset_is_listed_with_its_fan(preset: str, language: str) -> None:
    set_language(language)
    i18n.set_pattern_names("both")
    rows = load_preset(preset).patterns
    listed = entries(page(make_ruleset({"preset": preset})))
    assert sorted(e.id for e in listed) == sorted(r.id for r in rows)
    by_id = {e.id: e for e in listed}
    for row in rows:
        entry = by_id[row.id]
        assert str(row.fan) in entry.fan, (row.id, entry.fan)
        assert entry.about and entry.example is not None and entry.caption
    chinese = {e.id: (e.other_name if language == "en" else e.name) for e in listed}
    english = {e.id: (e.name if language == "en" else e.other_name) for e in listed}
    for row in rows:
        assert english[row.id] == PATTERNS[row.id].en
        if language != "zh-Hant":
            assert chinese[row.id] == PATTERNS[row.id].zh


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_patterns_are_named_in_the_pages_language_only_unless_asked(language: str) -> None:
    set_language(language)
    listed = entries(page(make_ruleset({"preset": "jipinghu"})))
    assert all(e.other_name == "" for e in listed)
    by_id = {e.id: e.name for e in listed}
    assert by_id["all_pungs"] == {"zh-Hans": "对对胡", "zh-Hant": "對對胡", "en": "All pungs"}[
        language
    ]
    i18n.set_pattern_names("both")
    both = {e.id: e.other_name for e in entries(page(make_ruleset({"preset": "jipinghu"})))}
    assert both["all_pungs"] == ("对对胡" if language == "en" else "All pungs")


@pytest.mark.parametrize(
    ("preset", "pattern", "fan"),
    [
        ("jipinghu", "pure_one_suit", "4番"),
        ("jipinghu", "big_four_winds", "6番"),
        ("jipinghu", "dragon_pung", "+1番"),
        ("jipinghu", "win_on_kong", "保底3番"),
        ("qq3", "mixed_pungs", "4番"),
        ("qq3", "self_drawn", "+1番"),
        ("baohu5", "thirteen_orphans", "9番"),
        ("baohu5", "pure_one_suit", "5番"),
        ("seed003", "eighteen_arhats", "5番"),
        ("seed003", "pure_one_suit", "3番"),
    ],
)
def test_fan_values_as_rules_md_gives_them(preset: str, pattern: str, fan: str) -> None:
    set_language("zh-Hans")
    (entry,) = [e for e in entries(page(make_ruleset({"preset": preset}))) if e.id == pattern]
    assert entry.fan == fan


def test_a_preset_shows_only_its_own_patterns() -> None:
    ids = {e.id for e in entries(page(make_ruleset()))}
    assert "human_hand" not in ids and "eighteen_arhats" not in ids and "self_drawn" not in ids
    assert "nine_gates" not in {e.id for e in entries(page(make_ruleset({"preset": "baohu5"})))}


def test_traditional_names_in_traditional_chinese() -> None:
    set_language("zh-Hant")
    names = {e.id: e.name for e in entries(page(make_ruleset()))}
    assert names["chicken_hand"] == "雞胡" and names["win_on_kong"] == "槓上開花"


def test_the_counting_of_each_kind_of_preset() -> None:
    set_language("zh-Hans")
    burst = texts(page(make_ruleset()))
    assert "最多计3番（3番满）" in burst and "够6番即爆" in burst and "（6番爆）" in burst
    assert "起胡番数：1番起胡" in burst
    assert "杠上开花、抢杠、海底捞月：不满3番按3番计" in burst
    alone = texts(page(make_ruleset({"preset": "baohu5"})))
    assert "最多计5番" in alone and "只计其中番数最高的一个" in alone
    assert "起胡番数：无番起胡" in alone and "6番爆" not in alone
    three = texts(page(make_ruleset({"preset": "baohu5", "min_fan": 3})))
    assert "起胡番数：3番起胡" in three


def test_points_and_the_self_drawn_base() -> None:
    set_language("en")
    assert "With base 5: 3 fan = 40 points" in texts(page(make_ruleset({"base": 5})))
    seed003 = texts(page(make_ruleset({"preset": "seed003", "base": 2})))
    assert "each payer adds 1 × base, here 2" in seed003
    assert "adds" not in texts(page(make_ruleset({"preset": "qq3"})))


def test_the_payments_follow_the_options() -> None:
    set_language("zh-Hans")
    default = texts(page(make_ruleset()))
    for expected in ("自摸：其余三家各付", "出铳的一家独付", "一炮多响", "由一家独付3份"):
        assert expected in default
    for case in ("抢杠胡", "杠上开花包杠", "大三元、大四喜包自摸", "每个喂牌者都要包"):
        assert case in default
    assert "买马" not in default.split("选项")[0]
    qq3 = texts(page(make_ruleset({"preset": "qq3"})))
    assert "（包先不包后）" in qq3
    options = {"multiple_winners": False, "horses": 2}
    other = texts(page(make_ruleset(options), TableOptions(**options), at_table=True))
    assert "截胡" in other and "一炮多响：" not in other
    assert "买马：每人2匹" in other


def test_the_options_are_the_owner_s_at_a_table_and_the_defaults_from_the_menu() -> None:
    set_language("zh-Hans")
    options = TableOptions(preset="qq3", base=2, horses=1, seven_pairs=True, claim_seconds=10)
    blocks = page(make_ruleset(options), options, at_table=True)
    shown = [(b.label, b.value) for b in blocks if isinstance(b, Option)]
    assert shown == summary(options)
    assert ("叫牌限时", "10秒") in shown and ("买马", "每人买1匹马") in shown
    assert t("rules.table_options") in texts(blocks)
    menu = page(make_ruleset({"preset": "qq3"}))
    assert t("rules.default_options") in texts(menu)
    assert [(b.label, b.value) for b in menu if isinstance(b, Option)] == summary(
        TableOptions(preset="qq3")
    )


def test_a_pattern_the_options_leave_out_says_which_option_it_needs() -> None:
    set_language("zh-Hans")
    plain = {e.id: e.note for e in entries(page(make_ruleset()))}
    assert plain["seven_pairs"] == "默认不开：要开「七对」选项"
    assert plain["flower"] == "默认不开：要开「花牌」选项"
    assert plain["all_chows"] == ""
    options = TableOptions(seven_pairs=True)
    at_table = {e.id: e.note for e in entries(page(make_ruleset(options), options, True))}
    assert at_table["seven_pairs"] == "" and at_table["flower"] == "本桌未开：要开「花牌」选项"


def test_earthly_hand_only_self_drawn_where_the_preset_says_so() -> None:
    set_language("en")
    for preset, restricted in (("jipinghu", False), ("qq3", True), ("seed003", True)):
        listed = entries(page(make_ruleset({"preset": preset})))
        (entry,) = [e for e in listed if e.id == "earthly_hand"]
        assert (entry.note == "In these rules only by self-draw") == restricted, preset


def test_captions_say_how_the_example_was_won() -> None:
    set_language("zh-Hans")
    captions = {e.id: e.caption for e in entries(page(make_ruleset()))}
    assert captions["heavenly_hand"] == "庄家起手即胡"
    assert captions["win_on_kong"] == "杠后补牌自摸"
    assert captions["all_chows"] == "胡别家打出的牌"
    assert captions["seat_wind_pung"] == "胡别家打出的牌 · 南家 · 东风圈"
    assert captions["thirteen_orphans"] == "胡别家打出的牌"  # winds, but no wind pung


@pytest.mark.parametrize(
    ("text", "width", "lines"),
    [
        ("Seven pairs of tiles", 10_000, ["Seven pairs of tiles"]),
        ("one two three four five six seven eight", 120, None),
        ("十三种幺九字牌各一张，其中一种多一张", 100, None),
    ],
)
def test_wrapping_keeps_to_the_width(text: str, width: int, lines: list[str] | None) -> None:
    from client.assets import font

    wrapped = wrap(text, 18, width)
    if lines is not None:
        assert wrapped == lines
    assert len(wrapped) > 1 or lines is not None
    assert all(font(18).size(line)[0] <= width for line in wrapped)
    assert "".join(wrapped).replace(" ", "") == text.replace(" ", "")


# --- the scene --------------------------------------------------------------------------


def open_from_menu(app: App) -> RulesScene:
    app.push(MenuScene(app))
    app.dirty = True
    app.frame(0.016)
    spot = labelled(app.scene.buttons, t("menu.rules"))  # type: ignore[attr-defined]
    assert spot is not None
    click(app, spot)
    scene = app.scene
    assert isinstance(scene, RulesScene)
    app.dirty = True
    app.frame(0.016)
    return scene


def test_the_menu_opens_the_rules_and_the_tabs_switch_presets(app: App) -> None:
    scene = open_from_menu(app)
    assert not scene.at_table and scene.preset == "jipinghu"
    assert [b.label for b in scene.buttons[:4]] == [t(f"preset.{p}.short") for p in PRESETS]
    spot = labelled(scene.buttons, t("preset.baohu5.short"))
    assert spot is not None
    click(app, spot)
    assert scene.preset == "baohu5"
    assert {e.id for e in entries(scene.blocks())} == {r.id for r in load_preset("baohu5").patterns}
    press_key(app, pygame.K_RIGHT)
    assert scene.preset == "seed003"
    press_key(app, pygame.K_RIGHT)
    assert scene.preset == "jipinghu"
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_page_scrolls_to_its_end_and_back(app: App) -> None:
    scene = open_from_menu(app)
    assert scene.offset == 0 and scene.max_offset > 3 * scene.viewport.height
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.frame(0.016)
    assert scene.offset > 0
    press_key(app, pygame.K_END)
    assert scene.offset == scene.max_offset
    drawn, last = scene.placed()[-1]
    assert drawn.block == Line(t("rules.keys.more"))  # the keys come last
    assert scene.viewport.contains(last), "the last line is on screen at the end"
    press_key(app, pygame.K_PAGEDOWN)
    assert scene.offset == scene.max_offset, "no scrolling past the end"
    press_key(app, pygame.K_HOME)
    assert scene.offset == 0
    press_key(app, pygame.K_PAGEDOWN)
    assert 0 < scene.offset < scene.viewport.height
    scene.choose("qq3")
    assert scene.offset == 0, "another preset starts at its top"


def test_dragging_the_scroll_bar(app: App) -> None:
    scene = open_from_menu(app)
    assert scene.thumb is not None
    start = scene.thumb.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    end = (start[0], scene.track.bottom + 50)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    pygame.event.post(motion)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    app.frame(0.016)
    assert scene.offset == scene.max_offset


@pytest.mark.parametrize("size", [(1024, 640), *SIZES])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_block_fits_the_page(app: App, size: tuple[int, int], language: str) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    scene = open_from_menu(app)
    assert_buttons_laid_out(app.screen, scene.buttons)
    for preset in PRESETS:
        scene.choose(preset)
        scene.layout(app.screen)
        for drawn in scene.drawn:
            assert drawn.image.get_width() <= scene.viewport.width, (preset, drawn.block)
        assert scene.shrunk == [], f"{preset}: squeezed to fit"
        assert scene.track.right <= size[0] and scene.viewport.bottom < scene.buttons[-1].rect.top


class _Counting(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.updates = 0

    def update(self, dt: float) -> bool:
        self.updates += 1
        return False


def test_the_table_opens_its_own_rules_and_keeps_playing(app: App) -> None:
    set_language("zh-Hans")
    conn = late_game_connection()
    options = TableOptions(preset="qq3", base=2, seven_pairs=True)
    conn.rules = make_ruleset(options)
    state = lobby()
    conn.lobby = LobbyUpdated(state.seats, (), options, False)
    app.connection = conn  # type: ignore[assignment]
    table = TableScene(app)
    app.push(table)
    app.dirty = True
    app.frame(0.016)
    spot = labelled(table.buttons, t("menu.rules"))
    assert spot is not None, "the table has a Rules button"
    click(app, spot)
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.at_table and scene.below is table
    assert scene.rules().preset.name == "qq3"
    assert not any(b.label == t("preset.jipinghu.short") for b in scene.buttons), "no tabs"
    blocks = scene.blocks()
    assert ("底分", "2") in [(b.label, b.value) for b in blocks if isinstance(b, Option)]
    assert t("rules.at_table") and scene.your_move(), "seat 0 has a move to make"
    # The table underneath still hears the host: its events are taken while the page is up.
    conn.feed(*late_game_connection(seed=8).pending[:1])
    app.frame(0.016)
    assert conn.pending == []
    assert app.scene is scene
    press_key(app, pygame.K_ESCAPE)
    assert app.scene is table


def test_the_lobby_opens_the_rules_its_owner_set(app: App) -> None:
    from client.scenes.lobby import LobbyScene

    set_language("en")
    options = TableOptions(preset="baohu5", base=5, min_fan=3)
    state = LobbyUpdated(lobby().seats, (), options, False)
    conn = StillConnection(make_ruleset(options), view=None, lobby=state)
    conn.welcome = Welcome(1, "Saturday table", 1, "token", SEAT, options, "")
    app.connection = conn  # type: ignore[assignment]
    scene = LobbyScene(app)
    app.push(scene)
    app.dirty = True
    app.frame(0.016)
    assert_buttons_laid_out(app.screen, scene.buttons)
    spot = labelled(scene.buttons, t("menu.rules"))
    assert spot is not None, "the lobby has a Rules button"
    click(app, spot)
    page_scene = app.scene
    assert isinstance(page_scene, RulesScene) and page_scene.below is scene
    assert page_scene.at_table and page_scene.rules().preset.name == "baohu5"
    said = texts(page_scene.blocks())
    assert "Minimum fan to win: At least 3 fan" in said and "With base 5: 3 fan = 40" in said
    assert t("preset.baohu5.about") not in said, "the preset's defaults are not this table's"
    press_key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_the_page_goes_when_the_table_underneath_moves_on(app: App) -> None:
    below = _Counting(app)
    app.push(below)
    scene = RulesScene(app, make_ruleset(), None, below)
    app.push(scene)
    app.frame(0.016)
    assert below.updates == 1 and app.scene is scene
    after = _Counting(app)
    below.update = lambda dt: app.replace(after) or True  # type: ignore[method-assign]
    app.frame(0.016)
    assert app.scenes[-1] is after
    assert scene not in app.scenes and below not in app.scenes


def test_the_menu_s_page_plays_nothing_underneath(app: App) -> None:
    below = _Counting(app)
    app.push(below)
    app.push(RulesScene(app))
    app.frame(0.016)
    assert below.updates == 0


# --- screenshots ------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("preset", list(PRESETS))
def test_screenshots_of_each_preset(
    app: App,
    shots_dir: Path,
    preset: str,
    language: str,
    size: tuple[int, int],
) -> None:
    """The top of the page, and the page scrolled to its first pattern, per preset."""
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    scene = open_from_menu(app)
    scene.choose(preset)
    save(app, shots_dir, f"rules-{preset}", language)
    first = next(rect for drawn, rect in scene.placed() if isinstance(drawn.block, PatternEntry))
    scene.scroll(first.y - scene.viewport.y - 8)
    save(app, shots_dir, f"rules-{preset}-patterns", language)
    assert scene.offset > 0


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_screenshots_at_a_table(
    app: App,
    shots_dir: Path,
    language: str,
    size: tuple[int, int],
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    conn = StillConnection(make_ruleset({"preset": "qq3", "horses": 1}), seat=SEAT)
    conn.legal = late_game_connection().legal
    app.connection = conn  # type: ignore[assignment]
    table = _Counting(app)
    app.push(table)
    app.push(RulesScene.of_table(app))
    scene = app.scene
    assert isinstance(scene, RulesScene) and scene.at_table and scene.your_move()
    save(app, shots_dir, "rules-at-table", language)
    scene.scroll(scene.max_offset)
    save(app, shots_dir, "rules-at-table-end", language)
    assert scene.offset == scene.max_offset > 0
