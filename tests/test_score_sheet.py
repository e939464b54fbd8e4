"""The running scoreboard's data at the host (shared/score_sheet.py, PROTOCOL.md §5
`score_sheet`): a line for each finished hand, as every player heard it happen (its
`hand_started` and `hand_ended`); sent to everyone after each hand, to a player who joins
or comes back mid-session (so a late joiner sees the hands before them), kept whole by a
journal restore, and kept in the lobby after the session as its final sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shared.actions import ContinueGame
from shared.events import HandEnded, HandStarted
from shared.protocol import ScoreSheet, decode_host, encode
from tests.support.net import (
    FAST_OPTIONS,
    close_all,
    hand_results,
    make_player,
    make_players,
    play_session,
    pump,
    settle,
    setup_table,
)
from tests.support.room import GUEST, OWNER, Table
from tests.test_journal import restore

LATE = 9
"""A player who comes to the table mid-session, to watch."""


def sheets(table: Table, player: int) -> list[ScoreSheet]:
    return [m for p, m in table.sent if p == player and isinstance(m, ScoreSheet)]


def heard(table: Table, player: int) -> list[tuple[HandStarted, HandEnded]]:
    """Each finished hand as the player was told of it: its start and its end."""
    out, started = [], None
    for event in table.events(player):
        if isinstance(event, HandStarted):
            started = event
        elif isinstance(event, HandEnded):
            assert started is not None
            out.append((started, event))
    return out


def assert_lines_are_what_was_heard(sheet: ScoreSheet, hands: list[tuple[HandStarted, HandEnded]]):
    assert len(sheet.hands) == len(hands)
    for line, (started, ended) in zip(sheet.hands, hands, strict=True):
        assert line.hand_number == started.hand_number
        assert line.dealer == started.dealer
        assert line.prevailing_wind == started.prevailing_wind
        assert line.kind == ended.kind
        assert [(w.seat, w.fan) for w in line.winners] == [(w.seat, w.fan) for w in ended.winners]
        assert line.loser == ended.loser
        assert line.deltas == ended.deltas
        assert line.scores == ended.scores


def into_hand_three(tmp_path: Path, journals: Path | None = None) -> Table:
    table = Table(tmp_path, journals=journals)
    for hands in (1, 2):
        table.play_until_hands(hands)
        table.act(OWNER, ContinueGame())
        table.act(GUEST, ContinueGame())
    for _ in range(30):
        table.step()
    assert table.room.session is not None and table.room.session.hand_number == 3
    return table


def test_every_player_gets_the_whole_sheet_after_each_hand(tmp_path: Path) -> None:
    table = into_hand_three(tmp_path)
    for player in (OWNER, GUEST):
        got = sheets(table, player)
        # one empty sheet as the session starts, then one after each of the two hands
        assert [len(s.hands) for s in got] == [0, 1, 2]
        assert got[-1].names == ("Ah Keung", "Ah Zan", table.room.lobby.seats[2].name,
                                 table.room.lobby.seats[3].name)  # fmt: skip
        assert got[-1].start_scores == (1000, 1000, 1000, 1000)  # RULES.md: 1000 to start
        assert_lines_are_what_was_heard(got[-1], heard(table, player))
        # the scores after the last hand are the start plus every payment since
        last = got[-1].hands[-1].scores
        paid = [sum(h.deltas[s] for h in got[-1].hands) for s in range(4)]
        assert list(last) == [1000 + p for p in paid]


def test_a_late_joiner_sees_every_hand_before_them(tmp_path: Path) -> None:
    table = into_hand_three(tmp_path)
    table.out(table.room.join(LATE, "Late Lam", True, table.now, identity="id:late-lam-9999"))
    assert sheets(table, LATE) == [], "the room's join says nothing of it: the host adds it"
    sheet = table.room.sheet_for(LATE)
    assert len(sheet) == 1 and sheet[0][0] == LATE
    message = sheet[0][1]
    assert isinstance(message, ScoreSheet)
    assert_lines_are_what_was_heard(message, heard(table, OWNER))
    assert decode_host(encode(message)) == message  # it travels as it is


def test_a_player_who_comes_back_gets_the_whole_sheet(tmp_path: Path) -> None:
    table = into_hand_three(tmp_path)
    member = table.room.members[GUEST]
    table.out(table.room.lost(GUEST, table.now))
    back = table.room.resume(member, 20, table.now)
    got = [m for p, m in back if p == 20 and isinstance(m, ScoreSheet)]
    assert len(got) == 1
    assert_lines_are_what_was_heard(got[0], heard(table, OWNER))


def test_a_restored_table_keeps_its_whole_sheet(tmp_path: Path) -> None:
    table = into_hand_three(tmp_path, journals=tmp_path / "journal")
    before = table.room.score_sheet()
    assert before is not None and len(before.hands) == 2
    table.room.store.writer.flush(5)
    rooms, _ = restore(tmp_path / "journal", tmp_path / "after")
    assert len(rooms) == 1
    after = rooms[0].score_sheet()
    assert after == before


def test_the_lobby_after_a_session_shows_its_final_sheet(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.play_until_session_ends()
    last = sheets(table, OWNER)[-1]
    assert last.over
    assert_lines_are_what_was_heard(last, heard(table, OWNER))
    assert table.room.session is None
    assert table.room.score_sheet() == last


def test_through_a_real_host_a_late_watcher_gets_every_hand(net_host: Any) -> None:
    """Over a real (loopback) host: a watcher who joins after two hands has the whole
    sheet in its connection at once, and at the session's end everyone holds the same
    final sheet, every hand they saw end in it."""
    host = net_host("Sheet", bots=2)
    players = make_players(host.address, ["Ann", "Bea"])
    everyone = list(players)
    try:
        setup_table(players, FAST_OPTIONS)
        pump(players, lambda: len(hand_results(players[0])) >= 2, 60, play=True,
             what="two hands end")  # fmt: skip
        watcher = make_player(host.address, "Watcher", spectate=True)
        everyone.append(watcher)

        def has_sheet() -> bool:
            sheet = watcher.conn.sheet
            return sheet is not None and len(sheet.hands) >= 2

        pump([watcher], has_sheet, 10, what="the watcher's sheet")
        sheet = watcher.conn.sheet
        assert sheet is not None
        ann_saw = hand_results(players[0])
        for line, ended in zip(sheet.hands, ann_saw, strict=False):
            assert line.deltas == ended.deltas and line.kind == ended.kind
        play_session(players, each=lambda: watcher.poll(1))
        settle(everyone, 0.3)
        finals = [p.conn.sheet for p in everyone]
        assert all(f is not None and f.over for f in finals)
        assert finals[0] == finals[1] == finals[2]
        assert finals[0] is not None
        assert [h.deltas for h in finals[0].hands] == [e.deltas for e in hand_results(players[0])]
    finally:
        close_all(everyone)
