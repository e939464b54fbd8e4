"""What a player who comes back mid-session receives, in order, from a real host
(PROTOCOL.md §10.5): `welcome`, `snapshot`, the session's `hand_record`s so far, the
`score_sheet`, then a `prompt` numbered `snapshot.seq + 1`. An independent client that
dropped and came back was sent a `lobby_updated` (their seat no longer away) between the
snapshot and the prompt, numbered as the snapshot had counted it already, so its game
asked for another snapshot."""

from __future__ import annotations

from pathlib import Path

from shared.protocol import HandRecordMessage, Prompt, ScoreSheet, Snapshot, Welcome
from tests.support.net import (
    RawClient,
    close_all,
    hand_in_play,
    hello,
    make_players,
    pump,
    settle,
    setup_table,
    start_host,
)


def test_a_resume_mid_session_is_answered_in_the_documented_order(tmp_path: Path) -> None:
    host = start_host(tmp_path / "data", "Resume order", insecure=True)
    players = []
    back = None
    try:
        players = make_players(host.address, ["Ann", "Ben", "Cat", "Dan"])
        setup_table(players)
        pump(
            players,
            lambda: (hand_in_play(players[0]) or (0, 0)) >= (2, 2),
            60,
            play=True,
            what="hand 2 under way",
        )
        # Dan's game is gone without a word; once the host counts him lost (a few
        # seconds of silence) a computer player plays his seat and the others see it away.
        dan = players[3].conn
        assert dan.welcome is not None
        dan.close(say_bye=False)
        others = players[:3]

        def dan_away() -> bool:
            lobby = others[0].conn.lobby
            seat = lobby.seats[3] if lobby is not None else None
            return seat is not None and seat.away

        pump(others, dan_away, 20, what="Dan's seat shown away")
        settle(others, 0.3)  # the bots stop here: nothing else happens at the table
        back = RawClient(host.address)
        back.send_message(
            hello("Dan", client_id=dan.client_id, resume_token=dan.welcome.resume_token)
        )
        assert back.wait_for(lambda m: isinstance(m, Prompt), 10) is not None, back.messages()
        got = back.messages()
        kinds = [
            type(m).__name__
            for m in got[: got.index(next(m for m in got if isinstance(m, Prompt))) + 1]
        ]
        assert kinds == ["Welcome", "Snapshot", "HandRecordMessage", "ScoreSheet", "Prompt"], kinds
        welcome, snapshot, record, sheet, prompt = got[:5]
        assert isinstance(welcome, Welcome) and welcome.seat == 3
        assert isinstance(snapshot, Snapshot) and snapshot.view is not None
        assert isinstance(record, HandRecordMessage) and isinstance(sheet, ScoreSheet)
        assert isinstance(prompt, Prompt) and prompt.seq == snapshot.seq + 1
        seat = snapshot.lobby.seats[3]
        assert seat is not None and seat.name == "Dan" and not seat.away
    finally:
        if back is not None:
            back.close()
        close_all(players)
        host.stop()
