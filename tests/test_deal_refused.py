"""A deal without a player's entropy fails that player's check, at once
(PROTOCOL.md §15.5): a host (a test double, tests/support/double_host.py) that refuses every
contribution as too late, or takes one in silence and leaves it out, is caught by the
honest client before a tile is dealt; one that deals the computer players other than the
fixed default contribution is caught at the reveal by everyone at the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from client.net import Connection
from server.engine.deal import HandDeal
from shared.shuffle import NO_CONTRIBUTION
from shared.verification import LEFT_OUT, REFUSED, verify_record
from tests.support.double_host import DoubleHost

SPOILT = bytes([7] * 32)


def refused(conn: Connection) -> bool:
    return any(e.code == "contribution_refused" for e in conn.errors)


def rolled(conn: Connection) -> bool:
    return conn.view is not None and conn.view.dice is not None


def test_an_honest_host_passes(tmp_path: Path) -> None:
    host = DoubleHost(tmp_path, "take")
    people = host.start(2)
    watcher = host.join("Watcher", spectate=True)
    host.run(lambda: all(host.hand_ended(c) for c in (*people, watcher)))
    for conn in (*people, watcher):
        check = conn.deals.check_for(1)
        assert check is not None and check.problems == (), check
        assert not conn.deals.alarm(1)


def test_a_host_refusing_every_contribution_fails_the_check_at_once(tmp_path: Path) -> None:
    host = DoubleHost(tmp_path, "refuse")
    people = host.start(2)
    host.run(lambda: all(refused(c) for c in people))
    for conn in people:
        assert not rolled(conn), "told before the dice are rolled"
        assert conn.deals.alarm(1) == REFUSED
    host.run(lambda: all(host.hand_ended(c) for c in people) and all(
        c.hand_records for c in people))
    for conn in people:
        check = conn.deals.check_for(1)
        assert check is not None and check.problems, "a deal without my part is no verified deal"
        assert check.problems[0].startswith(REFUSED)
        kept = conn.hand_records[-1]
        assert verify_record(kept).status == "mismatch", "the record keeps the failed check"


def test_a_contribution_left_out_in_silence_fails_at_the_roll(tmp_path: Path) -> None:
    host = DoubleHost(tmp_path, "ignore")
    people = host.start(2)
    host.run(lambda: all(rolled(c) for c in people))
    for conn in people:
        assert conn.deals.alarm(1) == LEFT_OUT
    host.run(lambda: all(host.hand_ended(c) for c in people))
    for conn in people:
        check = conn.deals.check_for(1)
        assert check is not None and LEFT_OUT in check.problems


@pytest.mark.parametrize("named", [True, False], ids=["named-as-default", "not-named"])
def test_computer_players_contributions_other_than_the_default_are_caught(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, named: bool
) -> None:
    """The host chooses the computer players' contributions after seeing the people's
    (it could grind them for the wall it wants): said to give none, or said to have given
    these."""
    honest_used, honest_defaulted = HandDeal.used, HandDeal.defaulted

    def used(self: HandDeal) -> tuple[bytes, bytes, bytes, bytes]:
        c = honest_used(self)
        return (c[0], c[1], SPOILT, SPOILT)

    monkeypatch.setattr(HandDeal, "used", used)
    if not named:
        monkeypatch.setattr(HandDeal, "defaulted",
                            lambda self: tuple(s for s in honest_defaulted(self) if s < 2))
    host = DoubleHost(tmp_path, "take")
    people = host.start(2)
    watcher = host.join("Watcher", spectate=True)
    host.run(lambda: all(host.hand_ended(c) for c in (*people, watcher)))
    for conn in (*people, watcher):
        check = conn.deals.check_for(1)
        assert check is not None
        assert check.contributions[2] == SPOILT.hex() != NO_CONTRIBUTION.hex()
        about_seat_2 = [p for p in check.problems if "seat 2" in p]
        assert about_seat_2, (conn.name, check.problems)
        assert not conn.deals.alarm(1)  # the people's own parts were used
