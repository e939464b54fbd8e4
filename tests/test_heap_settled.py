"""The collector's heap frozen once after a process's first hand (server/heap.py), so that
full collections stay out of the computer players' decisions
(docs/decisions/0005-decision-time.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import server.room as room_module
from server.deal_window import CONTRIBUTION_SECONDS
from server.engine.bots import make_bot
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, SetRules, StartGame
from shared.ruleset import TableOptions, make_ruleset

ROOT = Path(__file__).resolve().parents[1]


def test_the_heap_is_frozen_once_and_later_calls_do_nothing() -> None:
    """In a fresh process (a frozen heap would stay frozen in the test runner's)."""
    script = (
        "import gc\n"
        "from server.heap import settle_after_first_hand, settled\n"
        "assert gc.get_freeze_count() == 0 and not settled()\n"
        "keep = [[i] for i in range(1000)]\n"
        "settle_after_first_hand()\n"
        "frozen = gc.get_freeze_count()\n"
        "assert frozen >= 1000 and settled(), frozen\n"
        "more = [[i] for i in range(1000)]\n"
        "settle_after_first_hand()\n"
        "assert gc.get_freeze_count() == frozen, 'a second call froze again'\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_room_settles_the_heap_when_a_hand_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's room asks for it at each hand's end (the first call freezes)."""
    calls: list[bool] = []
    monkeypatch.setattr(room_module, "settle_after_first_hand", lambda: calls.append(True))
    store = ScoreStore(tmp_path / "scores.json")
    config = RoomConfig(bots_for_owner=3, bot_delay=0.0)
    room = Room("T", "", store, RecordLog(tmp_path / "records"), config)
    room.join(1, "Ann", False, 0.0, identity="id:heap-settled-test-ann-1")
    room.act(1, SetRules(TableOptions(turn_seconds=0, claim_seconds=0)), 0.0)
    room.act(1, AcceptRules(), 0.0)
    room.act(1, StartGame(), 0.0)
    assert room.session is not None
    seat = room.members[1].seat
    assert seat is not None
    ann = make_bot("random", make_ruleset({}), 1)
    now = CONTRIBUTION_SECONDS + 1.0  # the deal's contributions window closed
    for _ in range(3000):
        hand = room.session.hand
        if hand is not None and hand.ended:
            break
        assert not calls, "settled before the hand ended"
        now += 0.5
        room.tick(now)
        hand = room.session.hand
        if hand is not None and not hand.ended and seat in hand.awaiting():
            room.act(1, ann.choose(hand.view(seat)), now)
    hand = room.session.hand
    assert hand is not None and hand.ended, "the hand did not end"
    assert calls == [True]
