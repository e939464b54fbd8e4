"""The game's words: a win is 胡 in both Chinese scripts (client/LOCALES.md says why), and no
two labels on the host form or the lobby's table options read alike in any language."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from client import i18n
from client.app import App
from client.i18n import CATALOGUE, LANGUAGES, set_language
from client.rules_content import Heading, Line, Option, PatternEntry, page
from client.scenes.host_form import HostFormScene
from client.table_options import OPTIONS
from shared.patterns import PATTERNS
from shared.presets import PRESETS
from shared.ruleset import make_ruleset

WIN_WITH_HE = re.compile(
    r"[起爆鸡雞平对對碰人杠槓天地可能食摸]和|和(?:牌|过|過|了|！|!)|^和$"
)
"""和 where it means a win (起和, 对对和, 和牌率, 和！...); 和 as "and" (底分和规则,
一和九, 这盘和电脑玩家) is left alone. 糊 (食糊) is the same word in another character."""
ALLOWED = ("鸡平和", "雞平和")
"""The game's historical name (RULES.md's title, the jipinghu preset) keeps its 和."""


@pytest.fixture(autouse=True)
def _language_back() -> Iterator[None]:
    before = i18n.current_language()
    yield
    set_language(before)


def win_words(text: str) -> list[str]:
    """The other characters for a win in `text`, the allowed names taken out first."""
    for name in ALLOWED:
        text = text.replace(name, "")
    return WIN_WITH_HE.findall(text) + re.findall("糊", text)


def test_the_scan_tells_a_win_from_and() -> None:
    assert win_words("起和 3 番") and win_words("和牌率") and win_words("对對和") != []
    assert win_words("食糊") and win_words("爆和 5番")
    assert not win_words("定好底分和规则") and not win_words("全是幺九（一和九）")
    assert not win_words("广东麻将 · 鸡平和") and not win_words("胡牌")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_catalogue_text_says_hu_for_a_win(code: str) -> None:
    found = {key: win_words(text) for key, text in CATALOGUE[code].items() if win_words(text)}
    assert found == {}, f"{code}: a win written with 和/糊 (client/LOCALES.md): {found}"


def test_pattern_and_preset_names_in_shared_say_hu() -> None:
    names = [p.zh for p in PATTERNS.values()]
    names += [str(preset.get("title_zh", "")) for preset in PRESETS.values()]
    assert [n for n in names if win_words(n)] == []


@pytest.mark.parametrize("code", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("preset", ["jipinghu", "qq3", "baohu5", "seed003"])
def test_the_rules_page_says_hu_for_a_win(code: str, preset: str) -> None:
    set_language(code)
    out = []
    for block in page(make_ruleset({"preset": preset})):
        if isinstance(block, Heading | Line):
            out.append(block.text)
        elif isinstance(block, Option):
            out.append(f"{block.label} {block.value}")
        elif isinstance(block, PatternEntry):
            out.append(f"{block.name} {block.other_name} {block.about}")
    assert win_words("\n".join(out)) == []


def host_form_labels(app: App) -> list[str]:
    form = HostFormScene(app)
    return [i18n.t("host.table_name"), i18n.t("host.code"), *(c.label for c in form.choices)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_two_host_form_labels_alike(app: App, code: str) -> None:
    set_language(code)
    twice = [label for label, n in Counter(host_form_labels(app)).items() if n > 1]
    assert twice == [], f"{code}: labels shown twice on the host form: {twice}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_two_table_option_labels_alike(code: str) -> None:
    set_language(code)
    labels = [i18n.t(option.label) for option in OPTIONS]
    assert len(set(labels)) == len(labels), labels
