"""A real host process and four network bots: a whole session, its scores and records.

Also the doorway: table codes, protocol versions, names already taken, spectators.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from shared.events import HandStarted, PlayerLeft, SessionStarted
from shared.protocol import PROTOCOL_VERSION, Hello, Snapshot, Welcome
from shared.ruleset import make_ruleset
from tests.support.net import (
    FAST_OPTIONS,
    NetHost,
    NetPlayer,
    RawClient,
    check_records_match,
    close_all,
    hand_in_play,
    hand_results,
    hello,
    make_player,
    make_players,
    play_session,
    pump,
    session_ends,
    session_over,
    setup_table,
    wait_until_saved,
    waits_on,
)

NAMES = ("东家", "Bob", "Carol", "Dave")


@pytest.fixture
def host(net_host: Callable[..., NetHost]) -> NetHost:
    return net_host("Session table")


@pytest.fixture
def coded_host(net_host: Callable[..., NetHost]) -> NetHost:
    return net_host("Coded table", code="8421")


def refused_with(player: NetPlayer) -> str:
    """The code its hello was refused with. (A refused connection's pings may then earn
    not_joined, which is all right; nothing else is.)"""
    codes = [e.code for e in player.conn.errors]
    assert codes and set(codes[1:]) <= {"not_joined"}, codes
    return codes[0]


def test_a_whole_session_scores_and_records(host: NetHost) -> None:
    players = make_players(host.address, NAMES)
    try:
        assert [p.seat for p in players] == [0, 1, 2, 3]
        setup_table(players)
        play_session(players, 90)
        first = players[0]
        results = hand_results(first)
        assert len(results) >= 4, "a one-round session has at least four hands"
        for player in players:
            assert hand_results(player) == results, "every seat sees the same results"
            (end,) = session_ends(player)
            assert end.reason == "rounds_complete"
            assert end.scores == results[-1].scores
            assert player.conn.errors == [], (player.conn.name, player.conn.errors)
        started = [e for e in first.events() if isinstance(e, SessionStarted)]
        assert len(started) == 1 and started[0].rounds == 1
        hands = [e for e in first.events() if isinstance(e, HandStarted)]
        assert [h.hand_number for h in hands] == list(range(1, len(results) + 1))
        assert sum(results[-1].scores) == 4 * make_ruleset(FAST_OPTIONS).starting_score

        # The host writes UTF-8 (东家 is a name here); Windows would read its code page.
        expected = {name: results[-1].scores[seat] for seat, name in enumerate(NAMES)}
        scores = wait_until_saved(host.data_dir, expected, len(results))
        assert scores == expected

        check_records_match(host.data_dir, results)
        assert host.alive
    finally:
        close_all(players)


def test_table_code_is_required(coded_host: NetHost) -> None:
    address = coded_host.address
    wrong = make_player(address, "Mallory", code="1234")
    missing = make_player(address, "Eve")
    right = make_player(address, "Alice", code="8421")
    try:
        everyone = [wrong, missing, right]
        pump(
            everyone,
            lambda: bool(wrong.conn.errors and missing.conn.errors and right.conn.lobby),
            10,
            what="answers to three hellos (and the admitted one's snapshot)",
        )
        assert refused_with(wrong) == "wrong_code"
        assert refused_with(missing) == "wrong_code"
        assert wrong.conn.welcome is None and missing.conn.welcome is None
        assert right.conn.welcome is not None and right.conn.welcome.seat == 0
        assert right.conn.errors == []
        # The refused ones are not at the table; their actions are refused too.
        assert right.conn.lobby is not None
        names = [s.name for s in right.conn.lobby.seats if s is not None]
        assert names == ["Alice"]
    finally:
        close_all([wrong, missing, right])


def test_protocol_version_mismatch(host: NetHost) -> None:
    raw = RawClient(host.address)
    try:
        raw.send_message(Hello(protocol=PROTOCOL_VERSION + 1, name="Future"))
        error = raw.wait_error(5)
        assert error is not None and error.code == "version", raw.messages()
        assert not any(isinstance(m, Welcome) for m in raw.messages())
        # The same connection may still say a proper hello afterwards.
        raw.send_message(hello("Future"))
        assert raw.wait_for(lambda m: isinstance(m, Welcome), 5) is not None
    finally:
        raw.close()


def test_name_taken_and_spectators(host: NetHost) -> None:
    players = make_players(host.address, NAMES)
    extra = []
    try:
        twin = make_player(host.address, "Bob")
        padded = make_player(host.address, " Bob ")
        extra += [twin, padded]
        pump(
            [*players, *extra],
            lambda: bool(twin.conn.errors and padded.conn.errors),
            10,
            what="answers to the duplicate names",
        )
        assert refused_with(twin) == "name_taken"
        assert refused_with(padded) == "name_taken"
        assert twin.conn.welcome is None and padded.conn.welcome is None

        fifth = make_player(host.address, "Watcher")
        extra.append(fifth)
        pump([*players, fifth], lambda: fifth.conn.welcome is not None, 10, what="a welcome")
        pump([*players, fifth], lambda: fifth.conn.lobby is not None, 10, what="a snapshot")
        assert fifth.conn.welcome is not None and fifth.conn.welcome.seat is None
        assert fifth.conn.errors == []
        snapshots = [m for m in fifth.received if isinstance(m, Snapshot)]
        assert snapshots and snapshots[0].view is None
        assert "Watcher" in snapshots[0].lobby.spectators
        # The seated players hear of the spectator.
        pump(
            players,
            lambda: all(p.conn.lobby and "Watcher" in p.conn.lobby.spectators for p in players),
            10,
            what="the seated players see the spectator",
        )
        # A spectator's name is taken as well, by players and spectators alike.
        same = make_player(host.address, "Watcher", spectate=True)
        extra.append(same)
        pump([*players, same], lambda: bool(same.conn.errors), 10, what="name_taken")
        assert refused_with(same) == "name_taken"
        # The seats did not change.
        lobby = players[0].conn.lobby
        assert lobby is not None
        assert [s.name if s else None for s in lobby.seats] == list(NAMES)
    finally:
        close_all([*players, *extra])


@pytest.mark.parametrize("spectate", [False, True], ids=["seat", "spectator"])
def test_blank_name_is_refused_as_a_bad_field(host: NetHost, spectate: bool) -> None:
    """A name of spaces only is not a name: refused as a bad field, not let in, not "taken"."""
    blank = make_player(host.address, "   ", spectate=spectate)
    try:
        pump([blank], lambda: bool(blank.conn.errors or blank.conn.welcome), 10, what="an answer")
        assert blank.conn.welcome is None, f"a blank name was let in: {blank.conn.welcome}"
        assert refused_with(blank) == "bad_field"
    finally:
        close_all([blank])


# --- lobby changes during a session must not take anyone's turn away ----------------------


def _stop_at_a_waiting_seat(players: list[NetPlayer]) -> NetPlayer:
    """Play into hand 1, then only listen until the host waits for one of these seats."""
    pump(
        players,
        lambda: (hand_in_play(players[0]) or (0, 0)) >= (1, 3),
        30,
        play=True,
        what="hand 1 under way",
    )
    pump(players, lambda: any(waits_on(p) for p in players), 10, what="a seat to act")
    waiting = next(p for p in players if waits_on(p))
    assert waiting.conn.view is not None and waiting.conn.view.phase != "ended"
    return waiting


def _the_hand_goes_on(players: list[NetPlayer], waiting: NetPlayer, why: str) -> None:
    before = len(waiting.events())
    try:
        pump(
            players,
            lambda: session_over(players[:4]) or len(hand_results(players[0])) >= 2,
            8,
            play=True,
            what=f"play to go on after {why}",
        )
    except AssertionError as exc:
        raise AssertionError(
            f"after {why}, seat {waiting.seat} ({waiting.conn.name}), whose turn it was, "
            f"lost its choices (the client clears them on the lobby event) and the host never "
            f"prompted it again: the hand is stuck.\n{exc}"
        ) from None
    assert len(waiting.events()) > before


def test_spectator_joining_mid_hand_does_not_stall_the_seat_to_act(host: NetHost) -> None:
    players = make_players(host.address, NAMES)
    watcher = None
    try:
        setup_table(players)
        waiting = _stop_at_a_waiting_seat(players)
        watcher = make_player(host.address, "Late watcher", spectate=True)
        # Everyone hears of the watcher before anyone plays on.
        pump(
            [*players, watcher],
            lambda: (
                all(
                    p.conn.lobby is not None and "Late watcher" in p.conn.lobby.spectators
                    for p in players
                )
                and any(isinstance(m, Snapshot) for m in watcher.received)
            ),
            10,
            what="the seats hear of the watcher, and the watcher has its snapshot",
        )
        # The watcher's snapshot of the hand in play shows no concealed tile.
        snap = next(m for m in watcher.received if isinstance(m, Snapshot))
        assert snap.view is not None and snap.view.seat is None
        assert snap.view.hand == () and snap.view.drawn is None and snap.view.legal == ()
        for public in snap.view.seats:
            assert all(m.tiles is None for m in public.melds if m.kind == "concealed_kong")
        _the_hand_goes_on([*players, watcher], waiting, "a spectator joined")
    finally:
        close_all([*players, *([watcher] if watcher else [])])


def test_spectator_leaving_mid_hand_does_not_stall_the_seat_to_act(host: NetHost) -> None:
    players = make_players(host.address, [*NAMES, "Watcher"])
    try:
        setup_table(players[:4])
        waiting = _stop_at_a_waiting_seat(players)
        players[4].conn.close(say_bye=True)
        seats = players[:4]
        pump(
            seats,
            lambda: all(
                p.conn.lobby is not None and "Watcher" not in p.conn.lobby.spectators for p in seats
            ),
            10,
            what="the seats hear the watcher left",
        )
        _the_hand_goes_on(seats, waiting, "a spectator left")
    finally:
        close_all(players)


def test_player_leaving_mid_session_does_not_stall_the_others(host: NetHost) -> None:
    players = make_players(host.address, NAMES)
    try:
        setup_table(players)
        waiting = _stop_at_a_waiting_seat(players)
        leaver = next(p for p in players if p is not waiting and not waits_on(p))
        leaver.conn.close(say_bye=True)
        stay = [p for p in players if p is not leaver]
        pump(
            stay,
            lambda: all(any(isinstance(e, PlayerLeft) for e in p.events()) for p in stay),
            10,
            what="the others hear that a player left",
        )
        _the_hand_goes_on(stay, waiting, "another player left (Bye)")
        play_session(stay, 60, what="the session ends with a bot in the leaver's seat")
    finally:
        close_all(players)
