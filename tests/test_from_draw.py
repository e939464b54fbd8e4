"""摸切 and 手切: whether each discard was the tile just drawn is public, as at a real table
(SeatPublic.river_from_draw, TileDiscarded.from_draw), the client shades such river tiles,
and the strong player reads the tiles let go from the hand for the waits (danger.py
`WAIT_WEIGHTS`' chose… facts)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec

from client.render.tiles import TileArt
from client.scenes.table_layout import Place, _river
from server.engine.bots.danger import read_opponents
from server.engine.table import HandSetup, HandTable
from server.engine.wall import rig
from shared.actions import Discard, Pass, Pung, RollDice
from shared.events import Delivery, TileDiscarded
from shared.ruleset import make_ruleset
from shared.views import SeatPublic
from tests.support.gui import tile_of, tiles_of
from tests.support.seat_views import seat, turn

RULES = make_ruleset({})


def _table() -> HandTable:
    """Seat 0 deals (its 14th tile 9p is dealt, not drawn); seat 1 holds a pair of 9p and
    draws 2m, seat 2 draws 3m."""
    hands = [
        tiles_of("1112345678999m 9p"),
        tiles_of("99p 1234567s 1z2z3z4z"),
        tiles_of("1234567p 1z2z3z5z6z7z"),
        tiles_of("8p 8s9s 7z 5z6z7z 1p2p3p 4p5p6p"),
    ]
    wall = rig(0, hands, tiles_of("2m 3m 4m 5m 6m"), [])
    table = HandTable(HandSetup(RULES, 1, 0, 0, (1000,) * 4, wall=wall))
    table.start()
    table.step(0, RollDice())
    return table


def _discarded(deliveries: list[Delivery]) -> list[TileDiscarded]:
    return [d.event for d in deliveries if isinstance(d.event, TileDiscarded)]


def _pass_claims(table: HandTable) -> None:
    while table.view(table.awaiting()[0]).phase == "claim":
        table.step(table.awaiting()[0], Pass())


def test_letting_the_drawn_tile_go_is_marked_and_a_tile_from_the_hand_is_not() -> None:
    table = _table()
    # The dealer's 14th is kept apart (Enter lets it go), yet it was dealt, not drawn.
    assert table.view(0).drawn == tile_of("9p")
    events = _discarded(table.step(0, Discard(tile_of("9p"))))
    assert [e.from_draw for e in events] == [False]
    _pass_claims(table)
    assert table.view(1).drawn == tile_of("2m")
    events = _discarded(table.step(1, Discard(tile_of("2m"))))
    assert [e.from_draw for e in events] == [True]
    _pass_claims(table)
    assert table.view(2).drawn == tile_of("3m")
    events = _discarded(table.step(2, Discard(tile_of("1z"))))
    assert [e.from_draw for e in events] == [False]
    for viewer in (None, 0, 1, 2, 3):
        public = table.view(viewer).seats
        assert [p.river_from_draw for p in public[:3]] == [(False,), (True,), (False,)]


def test_a_claimed_discard_takes_its_mark_out_of_the_river() -> None:
    table = _table()
    table.step(0, Discard(tile_of("9p")))
    assert any(isinstance(a, Pung) for a in table.view(1).legal)
    table.step(1, Pung())
    public = table.view(2).seats[0]
    assert public.river == () and public.river_from_draw == ()
    table.step(1, Discard(tile_of("1z")))  # after a claim nothing was drawn: from the hand
    assert table.view(3).seats[1].river_from_draw == (False,)


def test_an_older_host_without_the_marks_still_decodes() -> None:
    """A view or event from a host before the field (it has a default) reads as unmarked."""
    old_seat = {"concealed_count": 13, "melds": [], "river": [5], "flowers": []}
    decoded = msgspec.convert(old_seat, SeatPublic)
    assert decoded.river_from_draw == ()
    event = msgspec.json.decode(
        b'{"type":"tile_discarded","seat":1,"tile":5,"by_timer":false}', type=TileDiscarded
    )
    assert event.from_draw is False


def _marked(public: SeatPublic, flags: str) -> SeatPublic:
    return msgspec.structs.replace(public, river_from_draw=tuple(c == "d" for c in flags))


def test_the_table_shades_river_tiles_let_go_as_drawn() -> None:
    places: list[Place] = []
    marked = _marked(seat(river="1m2m3m"), "dhd")
    view = turn("123m 456m 789p 23s 55s", "9s", (marked, seat(), seat()), wall=40)
    _river(view, 1, 1, (1280, 720), TileArt, places)
    assert [p.shaded for p in places] == [True, False, True]
    art = TileArt(40)
    plain = art.face_rotated(5, 0)
    shaded = art.face_rotated(5, 0, shaded=True)
    assert shaded.get_size() == plain.get_size()
    x, y = plain.get_width() // 2, 3
    assert sum(shaded.get_at((x, y))[:3]) < sum(plain.get_at((x, y))[:3]) * 0.9


def test_a_tile_beside_the_last_one_let_go_from_the_hand_reads_more_dangerous() -> None:
    """手切 tells the hand's shape, 摸切 nothing of it: beside a 4s the opponent chose to let
    go from their hand (a 4s out of 4s-5s-6s-7s often leaves 5s-6s waiting on 4s-7s, or
    6s-7s on 5s-8s), a 5s is likelier a win of theirs than beside the same 4s let go as
    drawn (`chose1d1` +0.31: docs/decisions/0003-tile-reading.md)."""
    from server.engine.bots.danger import wait_chance
    from shared.views import unseen_counts

    river = "1z9m2z1p8s4z4s"
    chose = _marked(seat(river=river), "hhhhhhh")
    drew = _marked(seat(river=river), "hhhhhhd")
    chances = []
    for other in (chose, drew):
        view = turn("123m 456m 789p 23p 55m", "9s", (other, seat(), seat()), wall=40)
        unseen = unseen_counts(view.seats, view.concealed_counts())
        opponent = read_opponents(view, RULES)[0]
        chances.append(wait_chance(tiles_of("5s")[0], opponent, unseen))
    assert chances[0] > chances[1] * 1.1
