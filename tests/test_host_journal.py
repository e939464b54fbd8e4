"""The host killed mid-hand (SIGKILL) and started again on the same data dir: the table and
the hand in play come back from the journal (server/journal.py), the players reconnect with
their resume tokens and finish that very hand (PROTOCOL.md §10.8).
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import msgspec

from server.journal import read_journal
from server.records import decoder as record_decoder
from server.restore import RESTART_GRACE_SECONDS
from shared.events import LobbyUpdated
from shared.protocol import Snapshot, SnapshotRequest
from tests.support.net import (
    KILLED_RETURNCODE,
    NetHost,
    NetPlayer,
    check_records_match,
    close_all,
    hand_in_play,
    hand_results,
    make_players,
    play_session,
    pump,
    read_records,
    session_ends,
    settle,
    setup_table,
    start_host,
    wait_until_saved,
)

NAMES = ["Ada", "Bo", "Cy", "Di"]


def without_away(lobby: LobbyUpdated) -> LobbyUpdated:
    seats = tuple(s and msgspec.structs.replace(s, away=False) for s in lobby.seats)
    return msgspec.structs.replace(lobby, seats=seats)


def snapshots(player: NetPlayer) -> list[Snapshot]:
    return [m for m in player.received if isinstance(m, Snapshot)]


def fresh_snapshots(players: list[NetPlayer]) -> list[Snapshot]:
    """Each player's snapshot, asked for now (the host waits: nobody acts meanwhile)."""
    counts = [len(snapshots(p)) for p in players]
    for player in players:
        player.conn._send(SnapshotRequest())
    pump(
        players,
        lambda: all(len(snapshots(p)) > n for p, n in zip(players, counts, strict=True)),
        10,
        what="a snapshot for everyone",
    )
    return [snapshots(p)[-1] for p in players]


def test_a_host_killed_mid_hand_comes_back_with_the_hand_where_it_was(tmp_path: Path) -> None:
    data = tmp_path / "data"
    host: NetHost = start_host(data, "Journal table")
    players: list[NetPlayer] = []
    try:
        players = make_players(host.address, NAMES)
        tokens = [p.conn.resume_token for p in players]
        setup_table(players)
        pump(
            players,
            lambda: (hand_in_play(players[0]) or (0, 0)) >= (2, 6),
            60,
            play=True,
            what="hand 2 under way",
        )
        # Nobody plays on: with no timers the host waits for one of us; what was on its
        # way arrives, and each seat's snapshot is the table as the host has it.
        settle(players, 0.3)
        before = fresh_snapshots(players)
        assert all(s.view is not None and s.view.hand_number == 2 for s in before)
        assert any(s.view is not None and s.view.legal for s in before), "someone's turn"
        results_before = hand_results(players[0])
        assert len(results_before) == 1
        wait_until_saved(data, {}, 1)

        host.kill()
        assert host.proc.returncode == KILLED_RETURNCODE
        journals = list((data / "journal").glob("*.jnl"))
        assert len(journals) == 1, list((data / "journal").iterdir())
        shutil.copy(journals[0], tmp_path / "at-kill.jnl")

        # The same data dir and port: the clients find it again by themselves (an
        # unknown connection gets `not_joined`, and they say hello with their token).
        host = start_host(data, "Journal table", port=host.address.port)
        seen = [len(snapshots(p)) for p in players]
        pump(
            players,
            lambda: all(
                p.conn.reconnects >= 1 and len(snapshots(p)) > n
                for p, n in zip(players, seen, strict=True)
            ),
            20,
            what="everyone back, with a snapshot",
        )
        after = [snapshots(p)[-1] for p in players]
        # Every tile where it was, for every seat; the same seats, names, owner.
        for seat, (old, new) in enumerate(zip(before, after, strict=True)):
            assert new.view == old.view, f"seat {seat}'s table differs after the restart"
            # Those not back yet are away (whom the table waits for); never the player itself.
            assert not new.lobby.seats[seat].away
            assert without_away(new.lobby) == without_away(old.lobby)
        assert [p.conn.resume_token for p in players] == tokens
        assert [p.conn.welcome.seat for p in players if p.conn.welcome] == [0, 1, 2, 3]
        assert "restored from its journal" in host.log_text()

        play_session(players, 90, what="the session ends after the restart")
        assert [e.reason for e in session_ends(players[0])] == ["rounds_complete"]
        results = hand_results(players[0])
        assert results[0] == results_before[0]
        assert all(hand_results(p) == results for p in players)
        assert not [e for p in players for e in p.conn.errors if e.code != "not_joined"]
        names = {name: results[-1].scores[seat] for seat, name in enumerate(NAMES)}
        wait_until_saved(data, names, len(results))
        records = check_records_match(data, results)

        # The records are the journal's hands: hand 1 as the journal replays it, hand 2
        # the journal's moves up to the kill and the rest after.
        replayed = read_journal(tmp_path / "at-kill.jnl")
        assert [record_decoder.decode(line) for line in read_records(data)[:1]] == (
            replayed.records
        )
        in_play = replayed.session.hand
        assert in_play is not None and not in_play.ended
        assert records[1].seed == in_play.setup.seed
        assert list(records[1].actions[: len(in_play.log)]) == in_play.log
        assert len(records[1].actions) > len(in_play.log)
        deadline = time.monotonic() + 5
        while list((data / "journal").iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert list((data / "journal").iterdir()) == [], "the ended session's journal goes"
    finally:
        close_all(players)
        host.stop()


def test_a_host_with_a_damaged_journal_starts_without_that_table(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "journal").mkdir(parents=True)
    (data / "journal" / "Journal_table-00000000.jnl").write_bytes(b'{"entry":"hand"}\n')
    host = start_host(data, "Journal table")
    try:
        players = make_players(host.address, ["Ada"])
        assert players[0].conn.welcome is not None and players[0].conn.welcome.seat == 0
        close_all(players)
        assert "cannot be replayed" in host.log_text()
        assert list((data / "journal").glob("*.corrupt-*"))
    finally:
        host.stop()


def test_after_a_restart_a_computer_player_stands_in_for_a_player_not_back(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    host = start_host(data, "Journal table", bots=3)
    players: list[NetPlayer] = []
    try:
        players = make_players(host.address, ["Ada"])  # seat 0; computer players in 1–3
        setup_table(players)
        pump(
            players,
            lambda: (hand_in_play(players[0]) or (0, 0)) >= (1, 4),
            30,
            play=True,
            what="hand 1 under way",
        )
        settle(players, 0.3)  # the hand now waits for Ada (no timers)
        assert players[0].conn.legal, "Ada is asked to act"
        close_all(players)  # Ada's game is gone too, and never comes back
        host.kill()

        host = start_host(data, "Journal table", bots=3, port=host.address.port)
        back = time.monotonic()
        eye = make_players(host.address, ["Eye"], spectate=True)[0]
        players = [eye]
        pump(players, lambda: bool(snapshots(eye)), 10, what="the spectator's snapshot")
        view = snapshots(eye)[0].view
        assert view is not None and view.hand_number == 1 and view.phase != "ended"
        seen = len(eye.received)
        pump(players, lambda: len(eye.events()) > 0 and len(eye.received) > seen, 20)
        waited = time.monotonic() - back
        # The hand waited for Ada; a computer player took her seat only after the grace.
        assert waited >= RESTART_GRACE_SECONDS - 1.0, waited
        pump(players, lambda: bool(hand_results(eye)), 30, what="the hand finishes")
        assert hand_results(eye)[0].scores is not None
    finally:
        close_all(players)
        host.stop()
