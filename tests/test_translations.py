"""The gettext catalogues: complete in every shipped language, compiled, read by gettext;
build_scripts/translations.py's extract, update, compile, import and init."""

from __future__ import annotations

import gettext
import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from client import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "client" / "locale"


def _load_translations() -> ModuleType:
    path = ROOT / "build_scripts" / "translations.py"
    spec = importlib.util.spec_from_file_location("build_scripts_translations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tr = _load_translations()


@pytest.fixture
def locale(tmp_path: Path) -> Path:
    """A copy of the committed catalogues to change."""
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    return copy


def _set_text(locale: Path, code: str, key: str, text: str) -> None:
    catalog = tr.read(code, locale)
    catalog[key].string = text
    tr.write(code, catalog, locale)


def test_the_shipped_catalogues_are_complete_compiled_and_match_the_code():
    assert tr.problems() == []


def test_the_game_reads_the_three_languages_from_mo_files():
    assert tr.languages() == ["en", "zh-Hans", "zh-Hant"]
    for code in ("zh-Hans", "zh-Hant", "en"):
        mo = LOCALE / code.replace("-", "_") / "LC_MESSAGES" / "gdmj.mo"
        with mo.open("rb") as f:
            plain = gettext.GNUTranslations(f)
        assert plain.gettext("menu.settings") == {"zh-Hans": "设置", "zh-Hant": "設定",
                                                  "en": "Settings"}[code]
    assert list(i18n.LANGUAGES) == ["zh-Hans", "zh-Hant", "en"]


def test_counted_texts_follow_the_plural_forms_header_through_ngettext():
    with (LOCALE / "en" / "LC_MESSAGES" / "gdmj.mo").open("rb") as f:
        english = gettext.GNUTranslations(f)
    key = "join.seats_free"
    assert english.ngettext(key, key, 1) == "{n} seat free"
    assert english.ngettext(key, key, 2) == "{n} seats free"
    assert english.ngettext(key, key, 0) == "{n} seats free"
    with (LOCALE / "zh_Hant" / "LC_MESSAGES" / "gdmj.mo").open("rb") as f:
        chinese = gettext.GNUTranslations(f)
    assert chinese.ngettext(key, key, 1) == chinese.ngettext(key, key, 5) == "空位 {n}"


def test_a_text_left_untranslated_in_one_language_is_named(locale: Path):
    _set_text(locale, "zh-Hant", "menu.settings", "")
    tr.compile_all(locale)
    assert tr.problems(locale) == ["zh-Hant: no translation of 'menu.settings'"]


def test_a_fuzzy_translation_counts_as_none(locale: Path):
    catalog = tr.read("zh-Hans", locale)
    catalog["menu.quit"].flags.add("fuzzy")
    tr.write("zh-Hans", catalog, locale)
    tr.compile_all(locale)
    assert tr.problems(locale) == ["zh-Hans: no translation of 'menu.quit'"]
    assert "menu.quit" not in i18n._load(locale)["zh-Hans"].texts  # never shown as if checked


def test_a_translation_with_other_fields_is_named(locale: Path):
    _set_text(locale, "zh-Hans", "table.tiles_left", "余牌 {count}")
    tr.compile_all(locale)
    assert tr.problems(locale) == [
        "zh-Hans: 'table.tiles_left' has fields ['count'], English ['n']"
    ]


def test_a_mo_file_older_than_its_po_is_named(locale: Path):
    _set_text(locale, "en", "menu.quit", "Quit the game")
    found = tr.problems(locale)
    assert "en: gdmj.mo is older than its .po; run: python build_scripts/translations.py " \
        "compile" in found
    tr.compile_all(locale)
    tr.update_all(locale)
    assert tr.problems(locale) == []
    assert i18n._load(locale)["en"].texts["menu.quit"] == "Quit the game"


def test_a_key_used_in_the_code_but_not_catalogued_is_named(tmp_path: Path, locale: Path):
    source = tmp_path / "client"
    source.mkdir()
    code = 'from client.i18n import t\n\nt("menu.nowhere")\nt("menu.quit")\n'
    (source / "scene.py").write_text(code, encoding="utf-8")
    assert tr.unknown_keys(tr.read("en", locale), source) == [
        "client/scene.py:3: no text 'menu.nowhere'"
    ]
    with pytest.raises(tr.TranslationsError, match=r"menu\.nowhere"):
        tr.extract(locale, source)


def test_a_key_the_code_never_uses_is_listed(tmp_path: Path, locale: Path):
    source = tmp_path / "client"
    source.mkdir()
    code = (
        't("menu.quit")\nt(f"preset.{name}.about")\n_named("x", "settings.animation")\n'
        't(f"{key}.x")\n'  # no literal start: no pattern
    )
    (source / "scene.py").write_text(code, encoding="utf-8")
    unused = tr.unused_keys(tr.read("en", locale), source)
    assert "menu.quit" not in unused
    assert "preset.qq3.about" not in unused and "preset.qq3" in unused
    assert "settings.animation.slow" not in unused
    assert "menu.settings" in unused


def test_the_keys_the_client_uses_are_found_by_babel():
    used = tr.used_keys()
    assert "join.seats_free" in used  # t_plural
    assert "menu.quick_game" in used
    assert any(where.startswith("client/scenes/") for where in used["menu.quick_game"])


def test_importing_an_old_form_module_adds_its_texts_to_every_language(
    tmp_path: Path, locale: Path
):
    module = tmp_path / "i18n_feature.py"
    module.write_text(
        "FEATURE_TEXTS: dict[str, tuple[str, str, str]] = {\n"
        '    "feature.left": ("{name} 离开了牌桌", "{name} 離開了牌桌", "{name} left the table"),\n'
        '    "menu.quit": ("退出", "退出", "Quit"),\n'
        "}\n",
        encoding="utf-8",
    )
    done = tr.import_texts(tr.old_texts(tr.load_module(str(module))), locale_dir=locale)
    assert (done.added, done.replaced, done.unchanged) == (["feature.left"], [], ["menu.quit"])
    tr.update_all(locale)
    tr.compile_all(locale)
    assert tr.problems(locale) == []
    loaded = i18n._load(locale)
    assert loaded["zh-Hant"].texts["feature.left"] == "{name} 離開了牌桌"
    assert loaded["en"].texts["feature.left"] == "{name} left the table"
    pot = (locale / "gdmj.pot").read_text("utf-8")
    assert '#. English: {name} left the table\nmsgid "feature.left"\nmsgstr ""' in pot


def test_importing_a_key_with_other_texts_needs_replace(tmp_path: Path, locale: Path):
    texts = {"menu.quit": ("走", "走", "Leave the game")}
    with pytest.raises(tr.TranslationsError, match=r"--replace.*menu\.quit"):
        tr.import_texts(texts, locale_dir=locale)
    assert tr.read("en", locale)["menu.quit"].string == "Quit"  # nothing written
    done = tr.import_texts(texts, replace=True, locale_dir=locale)
    assert done.replaced == ["menu.quit"]
    assert tr.read("zh-Hans", locale)["menu.quit"].string == "走"


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("X = 1\n", "no dict named"),
        ('A_TEXTS = {"a.b": ("一", "一")}\n', r"'a\.b': not three non-empty texts"),
        ('A_TEXTS = {"a.b": ("一", "", "One")}\n', "not three non-empty texts"),
        ('A_TEXTS = {"a.b": ("{n}一", "{n}一", "One")}\n', "different format fields"),
    ],
)
def test_a_module_not_in_the_old_form_is_refused_clearly(
    tmp_path: Path, source: str, message: str
):
    module = tmp_path / "i18n_bad.py"
    module.write_text(source, encoding="utf-8")
    with pytest.raises(tr.TranslationsError, match=message):
        tr.old_texts(tr.load_module(str(module)))


def test_the_import_command_writes_compiles_and_says_what_to_do_next(
    tmp_path: Path, locale: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
):
    monkeypatch.setattr(tr, "LOCALE_DIR", locale)
    for name in ("import_texts", "update_all", "compile_all"):
        real = getattr(tr, name)
        monkeypatch.setattr(tr, name, lambda *a, _real=real, **k: _real(*a, **k, locale_dir=locale))
    module = tmp_path / "i18n_x.py"
    module.write_text('X_TEXTS = {"x.y": ("甲", "甲", "A")}\n', encoding="utf-8")
    assert tr.main(["import", str(module)]) == 0
    assert "1 added" in capsys.readouterr().out
    assert i18n._load(locale)["zh-Hans"].texts["x.y"] == "甲"
    assert tr.main(["import", str(tmp_path / "none.py")]) == 1
    assert "is not a file" in capsys.readouterr().err


def test_a_new_language_starts_untranslated_with_its_own_plural_rule(locale: Path):
    path = tr.init("de", locale)
    assert "nplurals=2; plural=(n != 1);" in path.read_text("utf-8")
    found = tr.problems(locale)
    assert "de: no translation of 'menu.quit'" in found
    assert "de: gdmj.mo is missing; run: python build_scripts/translations.py compile" in found
    with pytest.raises(tr.TranslationsError, match="exists already"):
        tr.init("de", locale)
    with pytest.raises(tr.TranslationsError, match="not a language code"):
        tr.init("French!", locale)


def test_a_translated_new_language_is_offered_by_the_game(locale: Path):
    tr.init("de", locale)
    catalog = tr.read("de", locale)
    for message in tr.entries(catalog):
        english = tr.read("en", locale).get(message.id[0] if isinstance(message.id, tuple)
                                            else message.id)
        message.string = english.string
    catalog["language.name"].string = "Deutsch"
    catalog["menu.quit"].string = "Beenden"
    tr.write("de", catalog, locale)
    tr.compile_all(locale)
    assert tr.problems(locale) == []
    loaded = i18n._load(locale)
    assert list(loaded) == ["zh-Hans", "zh-Hant", "en", "de"]
    assert loaded["de"].texts["menu.quit"] == "Beenden"
    assert loaded["de"].texts["language.name"] == "Deutsch"
    assert loaded["de"].form_index(1) == 0 and loaded["de"].form_index(2) == 1
    # a form short of what its Plural-Forms says is an untranslated text
    catalog["join.seats_free"].string = ("{n} Platz frei",)
    tr.write("de", catalog, locale)
    assert "de: no translation of 'join.seats_free'" in tr.problems(locale)


def test_a_missing_catalogue_stops_the_game_with_a_clear_reason(tmp_path: Path, locale: Path):
    (locale / "zh_Hans" / "LC_MESSAGES" / "gdmj.mo").unlink()
    with pytest.raises(i18n.CatalogueMissing, match=r"zh-Hans are missing.*reinstall"):
        i18n._load(locale)
    (locale / "en" / "LC_MESSAGES" / "gdmj.mo").write_bytes(b"not a catalogue")
    with pytest.raises(i18n.CatalogueMissing, match="cannot be read"):
        i18n._load(locale)


def test_in_the_game_a_text_missing_in_one_language_shows_english(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    monkeypatch.setattr(i18n, "STRICT", False)
    monkeypatch.setattr(i18n, "_warned", set())
    hant = dict(i18n.CATALOGUE["zh-Hant"])
    del hant["menu.quit"]
    monkeypatch.setitem(i18n.CATALOGUE, "zh-Hant", hant)
    assert i18n.translate("zh-Hant", "menu.quit") == "Quit"
    assert i18n.translate("zh-Hant", "menu.quit") == "Quit"
    assert len([r for r in caplog.records if "menu.quit" in r.getMessage()]) == 1
    monkeypatch.setattr(i18n, "STRICT", True)
    with pytest.raises(KeyError, match=r"menu\.quit"):
        i18n.translate("zh-Hant", "menu.quit")
