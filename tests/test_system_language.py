"""The first start preselects the language the computer is set to: 繁體 for Taiwan, Hong
Kong and Macau, 简体 for other Chinese, English otherwise."""

from __future__ import annotations

import pytest

from client.system_language import language_of, system_language


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("zh_TW.UTF-8", "zh-Hant"),
        ("zh_HK.UTF-8", "zh-Hant"),
        ("zh_HK", "zh-Hant"),
        ("zh_MO", "zh-Hant"),
        ("zh-Hant-HK", "zh-Hant"),
        ("zh_Hant", "zh-Hant"),
        ("zh_CN.UTF-8", "zh-Hans"),
        ("zh_CN.GB18030", "zh-Hans"),
        ("zh_SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-Hans-CN", "zh-Hans"),
        ("en_GB.UTF-8", "en"),
        ("en_US", "en"),
        ("fr_FR@euro", "en"),
        ("yue_HK", "zh-Hant"),
        ("yue", "zh-Hant"),
        ("yue_CN", "zh-Hans"),
    ],
)
def test_locale_names(tag: str, language: str) -> None:
    assert language_of(tag) == language


@pytest.mark.parametrize("tag", ["", "C", "POSIX", "C.UTF-8"])
def test_names_that_say_nothing(tag: str) -> None:
    assert language_of(tag) is None


def nothing() -> None:
    return None


def test_variables_in_gettexts_order() -> None:
    env = {"LANG": "en_US.UTF-8", "LC_ALL": "zh_HK.UTF-8"}
    assert system_language(env, nothing, nothing) == "zh-Hant"
    env = {"LANGUAGE": "zh_CN:en", "LANG": "zh_TW.UTF-8"}
    assert system_language(env, nothing, nothing) == "zh-Hans"
    env = {"LANGUAGE": "", "LC_ALL": "C", "LANG": "zh_TW.UTF-8"}
    assert system_language(env, nothing, nothing) == "zh-Hant"


def test_windows_ui_language_then_the_locale() -> None:
    assert system_language({}, lambda: "zh_HK", nothing) == "zh-Hant"
    assert system_language({"LANG": "C"}, nothing, lambda: "zh_CN") == "zh-Hans"
    assert system_language({}, nothing, nothing) == "en"


def test_the_windows_lcid_names_are_the_standard_librarys() -> None:
    import locale

    # what GetUserDefaultUILanguage gives on a Hong Kong, Taiwan, China Windows
    assert language_of(locale.windows_locale[0x0C04]) == "zh-Hant"
    assert language_of(locale.windows_locale[0x0404]) == "zh-Hant"
    assert language_of(locale.windows_locale[0x0804]) == "zh-Hans"
