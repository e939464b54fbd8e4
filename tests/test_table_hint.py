"""The 听牌 hint is advice: a failure of the rules under it must not stop the game, and must
not hide either (an empty hint looked like "no ready discard")."""

from __future__ import annotations

import logging

import pytest

from client.scenes import table_hint
from tests.support.gui import late_turn_with_melds


def test_a_rules_failure_under_the_hint_is_logged_not_hidden(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    view = late_turn_with_melds().connection().view
    assert view is not None
    monkeypatch.setattr(table_hint, "_KNOWN", [])
    assert table_hint.hint_lines(view, None), "this turn has a hint when the rules work"

    def broken(*args: object, **kwargs: object) -> object:
        raise ValueError("a rules bug")

    monkeypatch.setattr(table_hint, "_KNOWN", [])
    monkeypatch.setattr(table_hint, "discard_table", broken)
    with caplog.at_level(logging.ERROR, logger="client.scenes.table_hint"):
        assert table_hint.hint_lines(view, None) == ()
    logged = [r for r in caplog.records if r.name == "client.scenes.table_hint"]
    assert len(logged) == 1 and logged[0].levelno == logging.ERROR, caplog.records
    assert logged[0].exc_info is not None and "a rules bug" in str(logged[0].exc_info[1])
