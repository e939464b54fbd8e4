"""The client's model of its table (client/table_model.py), fed plain structs: no socket,
no clock (every time is passed in), no ZeroMQ."""

from __future__ import annotations

import pytest

from client.table_model import ClientTable, SequenceCheck
from shared.actions import ContinueGame, Pass
from shared.errors import ProtocolError
from shared.events import (
    ChoiceMade,
    DealCommitted,
    HandEnded,
    LobbySeat,
    LobbyUpdated,
    PhraseSaid,
    PlayerLeft,
    SessionEnded,
)
from shared.protocol import (
    Contribute,
    Error,
    EventMessage,
    Notice,
    Prompt,
    Snapshot,
    SnapshotRequest,
    TableClosed,
    Welcome,
)
from shared.ruleset import TableOptions
from shared.verification import REFUSED
from tests.support.gui import late_game

OPTIONS = TableOptions()


def _lobby(name: str = "Bea", bot_seats: tuple[int, ...] = (1, 2, 3)) -> LobbyUpdated:
    seats = tuple(
        LobbySeat(f"Bot {s}" if s in bot_seats else (name if s == 0 else f"P{s}"),
                  s in bot_seats, True, s == 0)
        for s in range(4)
    )
    return LobbyUpdated(seats, (), OPTIONS, False)  # type: ignore[arg-type]


def _welcomed(name: str = "Bea") -> ClientTable:
    table = ClientTable(name)
    table.take(Welcome(1, "Table", 7, "token", 0, None, ""), now=0.0)
    table.take(Snapshot(0, _lobby(name), None), now=0.0)
    return table


def _ended(deltas: tuple[int, int, int, int] = (24, -8, -8, -8)) -> HandEnded:
    scores = tuple(1000 + d for d in deltas)
    return HandEnded("self_drawn", (), None, ((), (), (), ()), (), (), deltas, scores)  # type: ignore[arg-type]


def test_a_snapshot_then_the_hands_events_give_the_seats_view() -> None:
    game = late_game(7, 16)
    table = _welcomed()
    assert table.lobby is not None and table.view is None and table.rules is not None
    sent: list[Contribute] = []
    for seq, event in enumerate(game.events, 1):
        sent += table.take(EventMessage(seq, event), now=float(seq))  # type: ignore[arg-type]
    view = table.view
    assert view is not None
    assert (view.seat, view.phase, view.current_seat) == (0, "turn", 0)
    assert view.wall_left <= 16
    assert len(view.concealed_counts()) == 34  # a full count of the seat's own tiles
    assert sent == [] or all(isinstance(c, Contribute) for c in sent)


def test_a_prompt_gives_the_legal_moves_and_a_deadline_on_the_clock_passed_in() -> None:
    table = _welcomed()
    table.take(Prompt(1, (Pass(),), seconds=8.0), now=100.0)
    assert table.legal == (Pass(),)
    assert table.deadline == 108.0
    table.take(Prompt(2, (ContinueGame(),)), now=101.0)
    assert table.legal == (ContinueGame(),)
    assert table.deadline is None  # a prompt without a timer


def test_a_table_event_takes_back_the_choices_offered_before_it() -> None:
    table = _welcomed()
    table.take(Prompt(1, (ContinueGame(),), seconds=5.0), now=0.0)
    table.take(EventMessage(2, ChoiceMade(2, "continue")), now=1.0)
    assert table.legal == () and table.deadline is None
    assert table.chosen == {2: "continue"}


def test_a_hand_result_is_kept_and_clears_the_choices() -> None:
    table = _welcomed()
    table.take(EventMessage(1, ChoiceMade(1, "leave")), now=0.0)
    ended = _ended()
    table.take(EventMessage(2, ended), now=1.0)
    assert table.results == [ended]
    assert table.chosen == {}


def test_the_session_end_keeps_who_sat_where() -> None:
    table = _welcomed()
    lobby = table.lobby
    assert lobby is not None
    end = SessionEnded("hands", (1008, 992, 1000, 1000), (1,))
    table.take(EventMessage(1, end), now=0.0)
    assert table.session_end == end
    assert table.session_seats == lobby.seats


def test_a_deals_commitment_is_answered_with_the_players_contribution() -> None:
    table = _welcomed()
    sent = table.take(EventMessage(1, DealCommitted(1, "ab" * 16, "cd" * 32)), now=0.0)
    assert len(sent) == 1 and sent[0].hand_number == 1 and len(sent[0].value) == 64


def test_a_spectator_contributes_nothing() -> None:
    table = ClientTable("Sam")
    table.take(Welcome(1, "Table", 9, "token", None, None, ""), now=0.0)
    table.take(Snapshot(0, _lobby(), None), now=0.0)
    assert table.take(EventMessage(1, DealCommitted(1, "ab" * 16, "cd" * 32)), now=0.0) == []


def test_a_refused_contribution_fails_the_deals_check_at_the_time_passed_in() -> None:
    table = _welcomed()
    table.take(EventMessage(1, DealCommitted(1, "ab" * 16, "cd" * 32)), now=0.0)
    table.take(Error("contribution_refused", "too late"), now=42.0)
    assert table.errors == [Error("contribution_refused", "too late")]
    hand = table.deals.observer.hand_number  # the hand it was for
    assert table.deals.alarm(hand) == REFUSED
    assert table.deals.alarm_since(hand) == 42.0


def test_phrases_and_notices_are_stamped_with_the_time_passed_in() -> None:
    table = _welcomed()
    table.take(EventMessage(1, PhraseSaid("Bot 1", 1, 3)), now=5.0)
    table.take(Notice("disk_write_failed", "disk full"), now=6.0)
    assert table.phrases == [(5.0, PhraseSaid("Bot 1", 1, 3))]
    assert table.notices == [(6.0, Notice("disk_write_failed", "disk full"))]


def test_the_snapshot_gives_the_name_the_host_seated_the_player_under() -> None:
    table = ClientTable("Bea ")
    table.take(Welcome(1, "Table", 7, "token", 0, None, ""), now=0.0)
    table.take(Snapshot(0, _lobby("Bea"), None), now=0.0)
    assert table.name == "Bea"
    assert table.seat == 0


def test_only_another_players_leaving_mid_hand_is_a_departure() -> None:
    game = late_game(7, 16)
    table = _welcomed()
    for seq, event in enumerate(game.events, 1):
        table.take(EventMessage(seq, event), now=0.0)  # type: ignore[arg-type]
    assert table.view is not None
    hand = table.view.hand_number
    table.take(EventMessage(0, PlayerLeft("P1", "left")), now=0.0)
    table.take(EventMessage(0, PlayerLeft("Bea", "left")), now=0.0)
    table.take(EventMessage(0, PlayerLeft("P2", "lost")), now=0.0)
    assert table.departures == [("P1", hand)]


def test_the_table_closing_is_kept() -> None:
    table = _welcomed()
    table.take(TableClosed("Ann"), now=0.0)
    assert table.closed == TableClosed("Ann")


def test_a_host_whose_rules_digest_differs_is_refused() -> None:
    table = ClientTable("Bea")
    with pytest.raises(ProtocolError, match="rules digest"):
        table.take(Welcome(1, "Table", 7, "token", 0, OPTIONS, "not-the-digest"), now=0.0)


def test_the_lobby_event_brings_the_rules() -> None:
    table = ClientTable("Bea")
    table.take(EventMessage(1, _lobby()), now=0.0)
    assert table.rules is not None and table.lobby == _lobby()


def test_numbered_messages_pass_in_order() -> None:
    check = SequenceCheck()
    assert check.passes(EventMessage(1, ChoiceMade(0, "continue"))) == (True, False)
    assert check.passes(Prompt(2, ())) == (True, False)
    assert check.passes(Notice("disk_write_failed", "x")) == (True, False)  # not numbered
    assert check.seq == 2


def test_a_gap_asks_for_a_snapshot_once_and_holds_what_follows_until_it_comes() -> None:
    check = SequenceCheck(seq=3)
    assert check.passes(EventMessage(5, ChoiceMade(0, "continue"))) == (False, True)
    assert check.passes(EventMessage(6, ChoiceMade(1, "continue"))) == (False, False)
    assert check.passes(Prompt(7, ())) == (False, False)
    assert check.passes(Snapshot(7, _lobby(), None)) == (True, False)
    assert check.passes(EventMessage(8, ChoiceMade(2, "continue"))) == (True, False)
    assert check.seq == 8


def test_the_connection_asks_the_host_for_a_snapshot_on_a_gap_and_folds_what_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Connection.receive, no socket: the sequence check before the model's fold."""
    from client.net import Address, Connection

    conn = Connection(Address("127.0.0.1", 9), "Bea")
    sent: list[object] = []
    monkeypatch.setattr(conn, "_send", sent.append)
    assert conn.receive(Welcome(1, "Table", 7, "token", 0, None, ""))
    assert conn.receive(Snapshot(0, _lobby(), None))
    assert conn.receive(EventMessage(1, ChoiceMade(1, "continue")))
    assert not conn.receive(EventMessage(3, ChoiceMade(2, "continue")))  # 2 is missing
    assert not conn.receive(EventMessage(4, ChoiceMade(3, "continue")))
    assert sent == [SnapshotRequest()]
    assert conn.model.chosen == {1: "continue"}
    assert conn.receive(Snapshot(4, _lobby(), None))
    assert conn.receive(EventMessage(5, ChoiceMade(0, "leave")))
    assert conn.model.chosen == {1: "continue", 0: "leave"}
    assert conn.resume_token == "token"
