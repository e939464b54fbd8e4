"""A hand's deal is checked by a player whose game came back mid-hand and by a spectator
who came in late (PROTOCOL.md §15.2 step 6): the snapshot carries the hand's commitment
(`snapshot.deal`), so at the reveal they check the secret against it, and the dice."""

from __future__ import annotations

from collections.abc import Callable

import zmq

from shared.events import DiceRolled, HandEnded
from tests.support.net import NetHost, close_all, make_player, pump, setup_table


def test_a_game_back_mid_hand_and_a_late_spectator_verify_the_hand(
    net_host: Callable[..., NetHost],
) -> None:
    # Computer players who take a moment a move: the hand is still on when Dan is back.
    host = net_host("Resumed deal", bots=3, extra=["--bot-delay", "0.15"])
    keys = zmq.curve_keypair()
    dan = make_player(host.address, "Dan", keys=keys)
    players = [dan]
    try:
        pump(players, lambda: dan.conn.lobby is not None, 10, what="Dan is welcomed")
        setup_table([dan])
        pump(players, lambda: any(isinstance(e, DiceRolled) for e in dan.events()), 15,
             play=True, what="hand 1's dice are rolled")
        # A new game (nothing of the hand's events kept) takes the seat back: the same key,
        # the seat's resume token.
        dan.conn.close(say_bye=False)
        again = make_player(host.address, "Dan", keys=keys, resume_token=dan.conn.resume_token)
        late = make_player(host.address, "Eve", spectate=True)
        players = [again, late]
        pump(players, lambda: all(p.conn.view is not None for p in players), 10,
             what="both are shown the hand in play")
        assert again.seat == dan.seat and all(
            p.conn.view is not None and p.conn.view.hand_number == 1 for p in players)

        def ended() -> bool:
            return all(any(isinstance(e, HandEnded) for e in p.events()) for p in players)

        pump(players, ended, 60, play=True, what="hand 1 ends")
        for player in players:
            check = player.conn.deals.check_for(1)
            assert check is not None, f"{player.conn.name} did not check the hand it came back to"
            assert check.commitment and check.secret and check.dice is not None
            assert check.problems == (), check.problems
    finally:
        close_all(players)
