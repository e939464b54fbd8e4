"""One noisy machine cannot slow the other tables: a budget per source address.

A flooder at 127.0.0.2 ("another machine": on Linux every 127.x.y.z is loopback) joins a
table of its own with many connections and sends valid but pointless messages, each
connection within its own per-connection rate. The host must serve that address no more
than its budget (server/limits.py), tell it `rate_limited`, log it, and keep a table of
players at 127.0.0.1 playing as before. Real processes; counts are asserted, never times.
"""

from __future__ import annotations

import time
from pathlib import Path

from server.budget import AddressBudgets, pause
from server.limits import ADDRESS_BURST, ADDRESS_RATE_PER_SECOND, RATE_PER_SECOND
from shared.events import TileDiscarded
from tests.support.net import (
    close_all,
    linux_only,
    make_players,
    pump,
    setup_table,
    start_host,
)
from tests.support.net_flood import flooding

FLOOD_SECONDS = 4.0
CONNECTIONS = 32
RATE = CONNECTIONS * RATE_PER_SECOND * 0.8
"""Each connection under its own rate: only a per-address budget can stop this."""


def test_an_address_has_1600_at_once_then_800_a_second_shared_by_its_connections() -> None:
    """The figures PROTOCOL.md §1 gives; the host's own machine has no budget."""
    budgets = AddressBudgets()
    allowed = sum(budgets.allow("10.0.0.7", 100.0) for _ in range(2000))
    assert allowed == 1600
    assert not budgets.allow("10.0.0.7", 100.0)
    assert budgets.allow("10.0.0.8", 100.0), "another address has its own budget"
    assert sum(budgets.allow("10.0.0.7", 100.5) for _ in range(1000)) == 400  # 0.5 s: 400
    assert all(budgets.allow("127.0.0.1", 100.5) for _ in range(5000))
    assert not all(budgets.allow("127.0.0.2", 100.5) for _ in range(5000))
    budgets.sweep(200.0)  # long full again: forgotten, and the same as new
    assert sum(budgets.allow("10.0.0.7", 200.0) for _ in range(2000)) == 1600


def test_only_a_round_filled_by_a_flood_pauses_the_reading() -> None:
    assert pause(0.001, 0) == 0.0
    assert pause(0.001, 255) == 0.0, "a flood the host keeps up with costs no pause"
    assert abs(pause(0.001, 256) - 0.003) < 1e-9  # three times the round: a quarter reading
    assert pause(0.1, 256) == 0.005, "at most 5 ms"


@linux_only("a second loopback source address (127.0.0.2)")
def test_a_flood_from_one_address_is_held_to_its_budget_and_other_tables_play_on(
    tmp_path: Path,
) -> None:
    host = start_host(tmp_path / "data", "Budget table")
    players = []
    try:
        players = make_players(host.address, ["Ann", "Bob", "Cat", "Dan"])
        setup_table(players)
        pump(players, lambda: players[0].conn.view is not None, 10, play=True, what="a hand")

        def discards() -> int:
            return sum(isinstance(e, TileDiscarded) for e in players[0].events())

        with flooding(str(host.address), 60, connections=CONNECTIONS, rate=RATE) as flood:
            started = time.monotonic()
            before = discards()
            # The table at 127.0.0.1 plays on meanwhile (a session ends in new ones: the
            # owner's bot starts none, so count what happens in the hands).
            end = started + FLOOD_SECONDS
            pump(players, lambda: time.monotonic() > end, FLOOD_SECONDS + 5, play=True)
            during = discards() - before
            elapsed = time.monotonic() - started
        replies = flood["replies"]
        assert flood["sent"] > RATE * FLOOD_SECONDS * 0.5, flood  # it did flood
        served = sum(n for kind, n in replies.items() if kind != "rate_limited")
        # What the host read and answered for 127.0.0.2: at most its budget over the time
        # (the Say phrases' events go to all its connections: those are left out).
        answered = replies.get("Snapshot", 0) + replies.get("Pong", 0)
        allowed = ADDRESS_BURST + ADDRESS_RATE_PER_SECOND * (elapsed + 2)
        assert answered <= allowed * 2 / 3 + 100, (answered, allowed, flood)
        assert replies.get("rate_limited", 0) > 0, flood
        assert served > 0, flood
        # The other table: its four played on, and none of them was refused for a rate.
        assert during >= 20, f"only {during} discards at the other table during the flood"
        for player in players:
            assert "rate_limited" not in [e.code for e in player.conn.errors], player.conn.name
        log = host.log_text()
        assert "rate-limited" in log and "127.0.0.2" in log, log[-2000:]
        assert "Traceback" not in log, log[-3000:]
        assert host.alive
    finally:
        close_all(players)
        host.stop()
