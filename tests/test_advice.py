"""出牌建议: server/engine/bots/advice.py — the strong player's choice for a seat and its
reason, from that seat's view alone. Hand-made positions where the reason is plain to a
player: a flush kept, a safe tile let go late against a ready-looking table, a ready hand,
a pung toward 对对和; and over whole hands, the advice is the strong player's choice and
the same on the view a client receives."""

from __future__ import annotations

import random

import msgspec

from server.engine.bots import advise, make_bot
from server.engine.table import HandSetup, HandTable
from shared.actions import Discard, Pass, Pung
from shared.ruleset import make_ruleset
from shared.views import MeldView, TableView
from tests.support.gui import tile_of, tiles_of
from tests.support.seat_views import offer, seat, turn

RULES = make_ruleset({})
_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder(TableView).decode


QUIET = (seat(river="9p1s"), seat(river="1p9s"), seat(river="2p8s"))


def test_a_hand_turning_to_one_suit_lets_the_other_suits_go() -> None:
    # Characters and a pair of East: the lone dots and bamboo go, 混一色 in view.
    view = turn("1236789m 11z 25m 3p 9p", "7s", QUIET, wall=70)
    advice = advise(view, RULES)
    assert advice is not None
    assert advice.action in [Discard(t) for t in tiles_of("3p9p7s")]
    assert advice.reason == "suggest.keeps.mixed_one_suit"
    assert advice.args["tile"] == advice.action.tile  # type: ignore[union-attr]


def test_a_ready_hand_names_its_live_winning_tiles() -> None:
    # 123m 456m 789p 23s 55s: once the lone 9s goes, the hand waits on 1s and 4s.
    view = turn("123m 456m 789p 23s 55s", "9s", QUIET, wall=60)
    advice = advise(view, RULES)
    assert advice is not None and advice.action == Discard(tile_of("9s"))
    assert advice.reason == "suggest.ready"
    # 1s and 4s win (the 23s side): a 1s is in a river, so three of it unseen, four of 4s.
    assert advice.args["count"] == 3 + 4


def test_late_against_a_ready_table_a_far_hand_lets_a_dead_honour_go() -> None:
    # Two opponents with three sets down, a dragon pung on show, the wall nearly out; our hand
    # is three steps from ready. The North (4z) of which the other three are visible is safe.
    red = MeldView("pung", tuple(tiles_of("555z")), 1)
    chows = (
        MeldView("chow", tuple(tiles_of("234s")), 1),
        MeldView("chow", tuple(tiles_of("678s")), 1),
    )
    threat = seat((red, *chows), river="1m9m4z9s5p6s", concealed=4)
    other = seat(
        (
            MeldView("pung", tuple(tiles_of("666z")), 0),
            *chows[:1],
            MeldView("chow", tuple(tiles_of("345p")), 0),
        ),
        river="4z2m",
        concealed=4,
    )
    view = turn("1379m 2589p 1479s 4z", "6m", (threat, other, seat(river="4z9p")), wall=8)
    advice = advise(view, RULES)
    assert advice is not None and advice.action == Discard(tile_of("4z"))
    assert advice.reason == "suggest.safe.visible" and advice.args["count"] == 3


def test_a_pung_that_makes_all_pungs_says_so() -> None:
    others = (*QUIET[:2], seat(river="9m1z" + "5p"))
    view = offer("22m 55p 88p 33s 77s 11z 9s", "5p", others, (Pung(), Pass()), wall=60)
    advice = advise(view, RULES)
    assert advice is not None and advice.action == Pung()
    assert advice.reason == "suggest.claim.all_pungs" and advice.args["tile"] == tile_of("5p")


def test_the_advice_is_the_strong_players_choice_from_the_view_alone() -> None:
    """Over whole hands: the advice's action is what the strong player plays there, the
    view decoded from the bytes a client receives gives the same advice, and asking twice
    gives the same answer."""
    checked = 0
    for seed in (2, 9):
        table = HandTable(
            HandSetup(
                rules=RULES, seed=seed, dealer=seed % 4, prevailing_wind=0, scores=(1000,) * 4
            )
        )
        table.start()
        bots = [make_bot("strong", RULES, random.Random(seed).getrandbits(32)) for _ in range(4)]
        while not table.ended:
            s = table.awaiting()[0]
            view = table.view(s)
            action = bots[s].choose(view)
            advice = advise(view, RULES)
            if view.phase != "roll":
                assert advice is not None and advice.action == action
                assert advise(_decode(_encode(view)), RULES) == advice
                assert advise(view, RULES) == advice
                checked += 1
            table.step(s, action)
    assert checked > 60
