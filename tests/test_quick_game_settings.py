"""The quick game's own settings: its computer players' level and its timers (nobody
waits on a person there, so none, relaxed ones, or a table's usual ones)."""

from __future__ import annotations

import msgspec
import pytest

from client import starting
from client.app import App
from client.settings import Settings, load_settings, save_settings


@pytest.mark.parametrize(
    ("timers", "turn", "claim"), [("off", 0, 0), ("relaxed", 60, 20), ("table", 15, 8)]
)
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_quick_game_is_hosted_as_set(
    app: App, monkeypatch: pytest.MonkeyPatch, level: str, timers: str, turn: int, claim: int
) -> None:
    asked = []
    monkeypatch.setattr(
        starting, "host_locally", lambda app, config, options, **kw: asked.append((config, options))
    )
    app.settings = msgspec.structs.replace(app.settings, quick_level=level, quick_timers=timers)
    starting.start_quick_game(app)
    ((config, options),) = asked
    assert config.bot_level == level and config.bots == 3
    assert (options.turn_seconds, options.claim_seconds) == (turn, claim)


def test_the_settings_keep_them_and_refuse_nonsense(app: App) -> None:
    chosen = msgspec.structs.replace(Settings(), quick_level="strong", quick_timers="off")
    save_settings(chosen)
    loaded, note = load_settings()
    assert (loaded.quick_level, loaded.quick_timers) == ("strong", "off") and note is None
    with pytest.raises(msgspec.ValidationError, match="quick_level"):
        msgspec.structs.replace(Settings(), quick_level="genius")
