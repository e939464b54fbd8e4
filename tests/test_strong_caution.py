"""The strong player's caution (server/engine/bots/strong.py `CALM_SHARE`,
`DANGER_CONTRAST`; danger.py `steeper`): a share of the danger counts before anybody
looks ready, and the tile reading is weighed steeper than read, so that a tile read
dangerous weighs more and one read safe weighs less
(docs/decisions/0002-strong-player-defence.md)."""

from __future__ import annotations

import random

import pytest

from server.engine.bots.danger import deal_in_chance, discard_loss, read_opponents, steeper
from server.engine.bots.strong import StrongBot
from shared.ruleset import make_ruleset
from shared.views import MeldView
from tests.support.gui import tile_of, tiles_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})


def test_steeper_spreads_the_log_odds_around_a_typical_wait() -> None:
    """At 0.06 (about the share of the 34 kinds a ready hand waits on) nothing moves; at
    contrast 1.6 a tile read 0.2 (log-odds −1.386, 1.365 above the centre's −2.752) weighs
    as 0.362 (log-odds −0.567), and one read 0.02 as 0.0102; none and certainty stay."""
    assert steeper(0.06, 1.6) == pytest.approx(0.06)
    assert steeper(0.2, 1.6) == pytest.approx(0.3619, abs=1e-4)
    assert steeper(0.02, 1.6) == pytest.approx(0.0102, abs=1e-4)
    assert steeper(0.0, 1.6) == 0.0
    assert steeper(1.0, 1.6) == 1.0
    assert steeper(0.2, 1.0) == 0.2
    read = [0.001, 0.01, 0.05, 0.1, 0.3, 0.7]
    weighed = [steeper(p, 1.6) for p in read]
    assert weighed == sorted(weighed)  # the reading's order is kept


def test_a_share_of_the_danger_counts_before_anybody_looks_ready() -> None:
    """Mid-wall, nobody with a set down, their rivers honours and terminals: each may be
    ready, but none looks it (read 0.077, under the alarm's `ALARM_FROM`). The 3p is in every
    river (现物 to all three), the 5m in none. Two discards that leave hands of the same
    worth used to weigh alike then, whatever their danger; now the one the reading calls
    more dangerous weighs less."""
    others = (
        seat(river="9m 1z 3p 1p 9p 7z 2m"),
        seat(river="1s 3p 2z 9s 1m 6z 8p"),
        seat(river="3p 9s 4z 1p 8m 5z 2s"),
    )
    view = turn("123m 456m 789s 55p 5m", "3p", others, wall=55)
    bot = StrongBot(RULES, random.Random(0), lean=0.0)
    opponents = read_opponents(view, RULES)
    read = bot._read(view, opponents)
    assert read.alarm == 0.0
    open_tile, safe_tile = tile_of("5m"), tile_of("3p")
    assert deal_in_chance(open_tile, opponents, read.unseen) > deal_in_chance(
        safe_tile, opponents, read.unseen
    )
    kept_open = bot._kept(0.3, open_tile, opponents, read)
    kept_safe = bot._kept(0.3, safe_tile, opponents, read)
    assert kept_safe > kept_open
    assert kept_safe <= 0.3  # a share, not a bonus: the safe tile's own danger counts too


def test_the_strong_player_counts_dangerous_tiles_dearer_than_read_and_safe_ones_cheaper() -> None:
    """With someone looking ready (three sets down, chows alone) and the alarm full, the
    loss the strong player counts against a discard (its hand worth nothing, so the whole
    of what `_kept` takes off is the danger) is above the reading's own loss for the tile
    it reads most dangerous and below it for the one it reads safest."""
    chows = tuple(MeldView("chow", tuple(tiles_of(run))) for run in ("234s", "567s", "345p"))
    others = (seat(melds=chows, river="1z 9m 2z 8p 1m 7z", concealed=4), seat(), seat())
    view = turn("123m 456m 789s 55p 5m", "3p", others, wall=30)
    bot = StrongBot(RULES, random.Random(0), lean=0.0)
    opponents = read_opponents(view, RULES)
    read = bot._read(view, opponents)
    assert read.alarm == 1.0
    options = {*view.hand, tile_of("3p")}
    readings = {k: discard_loss(k, opponents, read.unseen, RULES) for k in options}
    riskiest = max(readings, key=readings.__getitem__)
    safest = min(readings, key=readings.__getitem__)
    assert readings[riskiest] > readings[safest] > 0.0
    counted = {k: -bot._kept(0.0, k, opponents, read) for k in (riskiest, safest)}
    assert counted[riskiest] > readings[riskiest] * 1.05
    assert counted[safest] < readings[safest]
