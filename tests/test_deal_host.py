"""Verifiable deals at a real host (PROTOCOL.md §15): a raw client's malformed, oversized,
foreign, repeated and late contributions are each refused with an error naming the
problem while the host plays on; four real clients contribute, and every one of them
verifies every hand of a session."""

from __future__ import annotations

import time
from collections.abc import Callable

import msgpack

from shared.actions import RollDice, SetRules, StartGame
from shared.events import DealCommitted, DealRevealed, DiceRolled
from shared.protocol import PROTOCOL_VERSION, Act, Error, EventMessage, Pong, Prompt, Welcome
from tests.support.net import (
    FAST_OPTIONS,
    NetHost,
    RawClient,
    close_all,
    hand_results,
    make_players,
    play_session,
    setup_table,
)


def packed(obj: object) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def next_error(raw: RawClient, seen: int) -> Error:
    """The first error after the `seen` ones (the host answers a few a second at most)."""
    found = raw.wait_for(lambda m: isinstance(m, Error) and len(raw.errors()) > seen, 5)
    assert isinstance(found, Error), "no error came"
    return raw.errors()[seen]


def test_a_raw_clients_contributions(net_host: Callable[..., NetHost]) -> None:
    host = net_host("Deal table", bots=3)
    raw = RawClient(host.address)
    try:
        raw.send(packed({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Raw"}))
        welcome = raw.wait_for(lambda m: isinstance(m, Welcome), 5)
        assert isinstance(welcome, Welcome) and welcome.seat == 0
        raw.send_message(Act(SetRules(FAST_OPTIONS)))
        time.sleep(0.3)
        raw.send_message(Act(StartGame()))
        committed = raw.wait_for(
            lambda m: isinstance(m, EventMessage) and isinstance(m.event, DealCommitted), 5
        )
        assert isinstance(committed, EventMessage) and isinstance(committed.event, DealCommitted)
        hand = committed.event.hand_number
        assert hand == 1 and len(committed.event.commitment) == 64
        refusals = [
            ({"type": "contribute", "hand_number": 1, "value": "zz"}, "bad_field", "value"),
            ({"type": "contribute", "hand_number": 1, "value": "a" * 5000}, "bad_field", "value"),
            ({"type": "contribute", "hand_number": 0, "value": "a" * 64}, "bad_field",
             "hand_number"),
            ({"type": "contribute", "hand_number": 1}, "bad_field", "value"),
            ({"type": "contribute", "hand_number": 5, "value": "a" * 64},
             "contribution_refused", "hand 1, not 5"),
        ]
        for n, (message, code, named) in enumerate(refusals):
            time.sleep(0.35)  # more than the host's pace of error replies
            raw.send(packed(message))
            error = next_error(raw, n)
            assert error.code == code and named in error.reason, (message, error)
        # Nothing was taken yet: the dealer has not rolled (nor, if it is us, been asked).
        assert not any(isinstance(m, EventMessage) and isinstance(m.event, DiceRolled)
                       for m in raw.messages())
        value = "5a" * 32
        raw.send(packed({"type": "contribute", "hand_number": 1, "value": value}))
        rolled_or_asked = raw.wait_for(
            lambda m: (isinstance(m, EventMessage) and isinstance(m.event, DiceRolled))
            or (isinstance(m, Prompt) and RollDice() in m.legal), 5
        )
        assert rolled_or_asked is not None
        time.sleep(0.35)
        raw.send(packed({"type": "contribute", "hand_number": 1, "value": value}))
        error = next_error(raw, len(refusals))
        assert error.code == "contribution_refused", error
        raw.send(packed({"type": "ping", "sent_ms": 9}))
        assert raw.wait_for(lambda m: isinstance(m, Pong) and m.sent_ms == 9, 5)
        assert host.alive
    finally:
        raw.close()


def test_every_client_verifies_every_hand(net_host: Callable[..., NetHost]) -> None:
    host = net_host("Verified table")
    players = make_players(host.address, ["阿强", "Bea", "Cat", "Dan"])
    try:
        setup_table(players)
        play_session(players, 60)
        hands = len(hand_results(players[0]))
        assert hands >= 4
        for player in players:
            checks = [check for _, check in player.conn.deals.checks]
            assert len(checks) == hands
            assert [player.conn.deals.check_for(n) for n in range(1, hands + 1)] == checks
            for check in checks:
                assert check.problems == () and check.contributed and check.held
                assert check.contributions[check.seat or 0] == check.contributed
            reveals = [m.event for m in player.received
                       if isinstance(m, EventMessage) and isinstance(m.event, DealRevealed)]
            assert len(reveals) == hands
    finally:
        close_all(players)
