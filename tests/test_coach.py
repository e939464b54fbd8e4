"""The replay viewer's coach (server/engine/bots/coach.py): at each decision of the watched
seat, the strong player's choice and the numbers behind it, read from that seat's view
alone. Two hands that differ only in tiles that seat never sees advise identically."""

from __future__ import annotations

import itertools

from msgspec import structs

from server.engine.bots import make_bot
from server.engine.table import HandSetup
from server.records import coach_record, record_of, replay, set_up
from shared.actions import Discard, Pass
from shared.analysis import shanten
from shared.errors import IllegalAction
from shared.records import HandRecord
from tests.support.replays import played_record, played_table


def test_every_choice_of_the_seat_is_weighed_against_the_strong_players() -> None:
    record = played_record(3)
    report = coach_record(record, 0)
    table = set_up(record)
    table.start()
    bot = make_bot("strong", table.rules, record.seed * 4 + 0)
    expected = []
    for index, (seat, action) in enumerate(record.actions):
        view = table.view(0)
        if seat == 0 and len(view.legal) > 1:
            expected.append((index, action, bot.choose(view)))
        table.step(seat, action)
    assert len(expected) > 10
    assert [(d.index, d.played.action, d.advised.action) for d in report.decisions] == expected
    assert report.agreed == sum(1 for _, played, advised in expected if played == advised)
    assert report.share == report.agreed / len(expected)


def test_the_numbers_of_a_discard_are_the_hands_own() -> None:
    record = played_record(3)
    report = coach_record(record, 0)
    table = set_up(record)
    table.start()
    turn = next(
        d for d in report.decisions if d.phase == "turn" and isinstance(d.played.action, Discard)
    )
    for seat, action in record.actions[: turn.index]:
        table.step(seat, action)
    view = table.view(0)
    counts = view.concealed_counts()
    assert isinstance(turn.played.action, Discard)
    counts[turn.played.action.tile] -= 1
    assert turn.played.shanten == shanten(counts, view.melds_laid())
    assert turn.played.improving is not None and turn.played.improving > 0
    assert turn.played.live is not None and 0 < turn.played.live <= 4 * turn.played.improving
    assert turn.played.danger is not None and turn.played.danger >= 0
    claims = [d for d in report.decisions if d.phase == "claim"]
    assert all(d.played.danger is None for d in claims if isinstance(d.played.action, Pass))


def _with_wall(record: HandRecord, wall: tuple[int, ...]) -> HandRecord:
    return structs.replace(record, wall=wall)


def _seat_zero_views(record: HandRecord) -> list[object]:
    table = set_up(record)
    table.start()
    views = []
    for seat, action in record.actions:
        views.append(table.view(0))
        table.step(seat, action)
    return views


def _hidden_swap(seed: int) -> tuple[HandRecord, HandRecord] | None:
    """The hand of `seed`, and the same hand with a tile another seat holds to the end
    swapped for one never drawn from the wall: every action stays legal, seat 0 sees the
    same table until the hand ends, but another seat's hidden hand differs."""
    table = played_table(seed)
    record = record_of(table)
    order = list(table.wall.tiles)
    never_drawn = range(table.wall.head, table.wall.tail)
    own = set(_seat_zero_views(record)[-1].hand)
    for i, j in itertools.product(range(0, 52), never_drawn):
        if order[i] == order[j] or order[i] in own:
            continue
        swapped = list(order)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        other = _with_wall(record, tuple(swapped))
        try:
            replay(other)
        except IllegalAction:
            continue
        if _seat_zero_views(other)[:-1] == _seat_zero_views(_with_wall(record, tuple(order)))[:-1]:
            return _with_wall(record, tuple(order)), other
    return None


def test_the_coach_never_reads_tiles_hidden_from_the_seat() -> None:
    pair = _hidden_swap(3)
    assert pair is not None, "no swap of a hidden tile keeps the hand legal"
    plain, swapped = pair
    # The two tables do differ where seat 0 cannot see: some seat's hidden hand.
    a, b = set_up(plain), set_up(swapped)
    a.start(), b.start()
    differ = False
    for seat, action in plain.actions[:-1]:
        a.step(seat, action), b.step(seat, action)
        differ |= any(a.hand_tiles(s) != b.hand_tiles(s) for s in (1, 2, 3))
        assert a.view(0) == b.view(0)
    assert differ
    assert coach_record(plain, 0) == coach_record(swapped, 0)
    # And the advice is no constant: another seat's is another report.
    assert coach_record(plain, 1) != coach_record(plain, 0)


def test_a_setup_of_its_own_replays_the_record() -> None:
    # set_up is the record's own deal: the same as a table set up by hand from its fields.
    record = played_record(7)
    table = set_up(record)
    assert table.setup == HandSetup(
        rules=table.rules,
        seed=record.seed,
        dealer=record.dealer,
        prevailing_wind=record.prevailing_wind,
        scores=record.scores_before,
        hand_number=record.hand_number,
        dealer_repeat=record.dealer_repeat,
        recorded_winds=record.seat_winds,
    )
