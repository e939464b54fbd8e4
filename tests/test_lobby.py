"""The lobby of RULES.md §2: owner, base score, accept/decline, bots, spectators, start."""

from __future__ import annotations

import pytest

from server.engine.lobby import Lobby
from shared.actions import (
    AcceptRules,
    AddBot,
    DeclineRules,
    JoinTable,
    LeaveTable,
    RemoveBot,
    SetRules,
    StartGame,
)
from shared.errors import IllegalAction
from shared.events import LobbyUpdated, PlayerLeft
from shared.ruleset import TableOptions


def seated_names(lobby: Lobby) -> list[str | None]:
    return [o.name if o else None for o in lobby.seats]


def test_first_player_at_an_empty_table_owns_it_and_others_sit_in_order() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("Ah Ming"))
    lobby.step(11, JoinTable("Ah Fong"))
    assert lobby.owner == 10
    assert seated_names(lobby) == ["Ah Ming", "Ah Fong", None, None]


def test_only_the_owner_sets_the_base_and_the_others_must_accept() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(11, JoinTable("B"))
    with pytest.raises(IllegalAction, match="owner"):
        lobby.step(11, SetRules(TableOptions(base=2)))
    events = lobby.step(10, SetRules(TableOptions(base=2)))
    snapshot = events[-1]
    assert isinstance(snapshot, LobbyUpdated)
    assert snapshot.options == TableOptions(base=2)
    assert [s.accepted for s in snapshot.seats if s] == [True, False]
    lobby.step(11, AcceptRules())
    assert all(o.accepted for o in lobby.seats if o)


def test_a_player_who_declines_leaves_the_seat() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(11, JoinTable("B"))
    lobby.step(10, SetRules(TableOptions(base=5)))
    events = lobby.step(11, DeclineRules())
    assert PlayerLeft("B", "declined") in events
    assert seated_names(lobby) == ["A", None, None, None]


def test_the_base_is_fixed_once_set() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(10, SetRules(TableOptions(base=5)))
    with pytest.raises(IllegalAction, match="owner leaves"):
        lobby.step(10, SetRules(TableOptions(base=10)))


def test_owner_leaving_resets_the_base_and_passes_the_setting_on() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(11, JoinTable("B"))
    lobby.step(12, JoinTable("C"))
    lobby.step(10, SetRules(TableOptions(base=5)))
    lobby.step(11, AcceptRules())
    lobby.step(10, LeaveTable())
    assert lobby.options is None
    assert lobby.owner in (11, 12)
    assert not any(o.accepted for o in lobby.seats if o)
    new_owner = lobby.owner
    lobby.step(new_owner, SetRules(TableOptions(base=1)))
    assert lobby.options == TableOptions(base=1)


def test_owner_leaving_before_setting_passes_the_setting_on() -> None:
    lobby = Lobby(seed=3)
    lobby.step(10, JoinTable("A"))
    lobby.step(11, JoinTable("B"))
    lobby.step(10, LeaveTable())
    assert lobby.owner == 11


def test_bots_fill_seats_on_the_owners_request_and_accept_at_once() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(10, SetRules(TableOptions()))
    for seat in (1, 2, 3):
        lobby.step(10, AddBot(seat))
    assert lobby.can_start
    lobby.step(10, RemoveBot(2))
    assert not lobby.can_start
    with pytest.raises(IllegalAction):
        lobby.step(10, RemoveBot(0))  # a human sits there


def test_start_needs_four_seats_and_every_acceptance() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(11, JoinTable("B"))
    lobby.step(10, SetRules(TableOptions()))
    lobby.step(10, AddBot(2))
    lobby.step(10, AddBot(3))
    with pytest.raises(IllegalAction, match="accepted"):
        lobby.step(10, StartGame())
    lobby.step(11, AcceptRules())
    with pytest.raises(IllegalAction, match="owner"):
        lobby.step(11, StartGame())
    lobby.step(10, StartGame())


def test_a_fifth_arrival_watches_as_a_spectator() -> None:
    lobby = Lobby(seed=1)
    for player, name in enumerate("ABCDE"):
        lobby.step(player, JoinTable(name))
    assert seated_names(lobby) == ["A", "B", "C", "D"]
    assert lobby.spectators == {4: "E"}
    lobby.step(4, LeaveTable())
    assert lobby.spectators == {}


def test_late_arrival_after_the_base_is_set_must_accept() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    lobby.step(10, SetRules(TableOptions(base=2)))
    lobby.step(11, JoinTable("B"))
    assert [o.accepted for o in lobby.seats if o] == [True, False]


@pytest.mark.parametrize(
    ("player", "action", "message"),
    [
        (10, JoinTable("B"), "already"),
        (11, JoinTable("A"), "name"),
        (11, AcceptRules(), "seated"),
        (10, AcceptRules(), "not set"),
        (10, DeclineRules(), "nothing to decline"),
        (11, AddBot(1), "owner"),
        (10, AddBot(0), "taken"),
        (99, LeaveTable(), "seated"),
    ],
)
def test_illegal_lobby_actions_change_nothing(player: int, action, message: str) -> None:  # type: ignore[no-untyped-def]
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    before = lobby.snapshot()
    with pytest.raises(IllegalAction, match=message):
        lobby.step(player, action)
    assert lobby.snapshot() == before


def test_a_bad_option_is_refused_with_its_name() -> None:
    lobby = Lobby(seed=1)
    lobby.step(10, JoinTable("A"))
    with pytest.raises(Exception, match="preset"):
        lobby.step(10, SetRules(TableOptions(preset="nope")))
    assert lobby.options is None


def test_a_reserved_owner_owns_the_table_whenever_they_sit_and_no_one_before() -> None:
    # The player whose game hosts the table (RULES.md §2): a guest who sits first waits.
    lobby = Lobby(seed=1, reserved_owner="key:host")
    lobby.join(10, "Guest", "key:guest")
    assert lobby.owner is None
    with pytest.raises(IllegalAction, match="owner"):
        lobby.step(10, SetRules(TableOptions(base=2)))
    lobby.join(11, "Host", "key:host")
    assert lobby.owner == 11
    snapshot = lobby.snapshot()
    assert [s.owner for s in snapshot.seats if s] == [False, True]


def test_a_reserved_owner_who_left_takes_the_table_back_on_return() -> None:
    lobby = Lobby(seed=1, reserved_owner="key:host")
    lobby.join(11, "Host", "key:host")
    lobby.join(10, "Guest", "key:guest")
    lobby.step(11, LeaveTable())
    assert lobby.owner == 10, "while they are away the setting passes on, as §2 says"
    lobby.step(10, SetRules(TableOptions(base=5)))
    lobby.join(12, "Host", "key:host")
    assert lobby.owner == 12
    assert lobby.options is None, "the owner sets the base anew"
    assert [o.accepted for o in lobby.seats if o] == [False, False]


def test_without_a_reserved_owner_the_first_to_sit_owns_the_table() -> None:
    lobby = Lobby(seed=1)
    lobby.join(10, "Guest", "key:guest")
    lobby.join(11, "Host", "key:host")
    assert lobby.owner == 10
