"""The wins of a hand: which tiles complete a seat's hand, their scores, and the end.

Functions of a `HandTable` (server/engine/table.py): the waits of a seat's 13 tiles, the
declarable self-drawn win of the seat on turn (worked out once a turn), the score a
discard or a robbed kong would give, and `finish`, which settles the hand (shared/
settlement.py), moves the scores and sends `HandEnded`.
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import TYPE_CHECKING, Literal

from server.engine.hand_state import (
    ENDED,
    NO_WAITS,
    SEATS,
    UNKNOWN,
    SeatState,
    four,
    meld_record,
    tiles_of,
)
from shared.analysis import is_win, wait_kinds
from shared.events import (
    EVERYONE,
    Delivery,
    HandEnded,
    PatternResult,
    PaymentResult,
    WinnerResult,
)
from shared.fan import score_counts
from shared.melds import Meld
from shared.notation import Hand
from shared.patterns import Score, WinContext
from shared.settlement import THREE_WINNER_FLOOR, HandResult, Winner, settle
from shared.tiles import KIND_TILES, Tile

if TYPE_CHECKING:
    from server.engine.table import HandTable

EndKind = Literal["draw", "self_drawn", "discard", "robbing_kong"]


def hand_of(table: HandTable, seat: int, winning_tile: int, extra: bool) -> Hand:
    """The seat's hand with `winning_tile` as the tile after '+' (the result's; a win is
    scored from the counts, `score_counts`, without a Hand to build).

    `extra`: the tile is not yet in the seat's counts (a discard or a robbed kong).
    """
    st = table.seats[seat]
    counts = list(st.counts)
    if not extra:
        counts[winning_tile] -= 1
    concealed = tuple(chain.from_iterable(map(repeat, KIND_TILES, counts)))
    return Hand(
        concealed,
        tuple(p.meld for p in st.melds),
        Tile(winning_tile),
        tuple(Tile(f) for f in st.flowers),
    )


def melds_of(st: SeatState) -> tuple[Meld, ...]:
    """The seat's laid-down sets, as scoring takes them."""
    return tuple(p.meld for p in st.melds)


def context(
    table: HandTable, seat: int, self_drawn: bool, robbing: bool, discarder: int | None
) -> WinContext:
    """How the seat would win now (self-drawn, on a kong, first go-around…), for scoring."""
    st = table.seats[seat]
    setup = table.setup
    dealer = setup.dealer
    first_go = not table.interrupted
    heavenly = self_drawn and seat == dealer and first_go and table.discards_made == 0
    # 地胡: the first go-around lasts until the dealer draws again.
    first_round = first_go and table.seats[dealer].draws == 1
    earthly = seat != dealer and first_round and st.draws <= 1
    human = (
        not self_drawn
        and seat != dealer
        and discarder == dealer
        and first_go
        and table.discards_made == 1
    )
    return WinContext(
        self_drawn=self_drawn,
        seat_wind=setup.seat_winds[seat],
        prevailing_wind=setup.prevailing_wind,
        win_on_kong=self_drawn and table.after_kong,
        robbing_kong=robbing,
        last_tile=self_drawn and table.wall.left == 0,
        heavenly=heavenly,
        earthly=earthly and not robbing,
        human=human,
        flowers=len(st.flowers),
    )


def self_drawn_score(table: HandTable, seat: int) -> Score | None:
    """The declarable self-drawn win of the seat on turn, worked out once per turn.

    A draw settles it at once (None) when the tile is not one the hand waited on.
    """
    score = table.turn_score
    if score is UNKNOWN:
        score = table.turn_score = _work_out_self_drawn(table, seat)
    return score


def _work_out_self_drawn(table: HandTable, seat: int) -> Score | None:
    st = table.seats[seat]
    drawn = table.drawn
    if drawn is None:
        return None
    counts, melds, seven_pairs = st.counts, len(st.melds), table.rules.seven_pairs
    if not st.may_complete(seven_pairs, 0) or not is_win(counts, melds, seven_pairs):
        return None
    score = score_counts(
        bytes(counts), melds_of(st), context(table, seat, True, False, None), table.rules
    )
    return score if score.win and score.can_declare else None


def waits(table: HandTable, seat: int) -> frozenset[int]:
    """The kinds that complete the seat's 13 tiles (kept on the seat until it changes)."""
    st = table.seats[seat]
    found = st.waits
    if found is None:
        counts, melds, seven_pairs = st.counts, len(st.melds), table.rules.seven_pairs
        found = st.waits = (
            wait_kinds(counts, melds, seven_pairs)
            if st.may_complete(seven_pairs, 1)
            else NO_WAITS
        )
    return found


def discard_win_score(
    table: HandTable, seat: int, discarder: int, tile: int, robbing: bool
) -> Score | None:
    """The declarable win `tile` (a discard, or a kong robbed) gives `seat`; None if none."""
    st = table.seats[seat]
    found = st.waits
    if found is None:
        found = waits(table, seat)
    if tile not in found or tile in st.locked:
        return None
    counts = bytearray(st.counts)
    counts[tile] += 1
    score = score_counts(
        bytes(counts), melds_of(st), context(table, seat, False, robbing, discarder), table.rules
    )
    return score if score.win and score.can_declare else None


def finish(
    table: HandTable,
    kind: EndKind,
    scores: dict[int, Score | None],
    loser: int | None,
    tile: int | None,
    out: list[Delivery],
) -> None:
    """End the hand: settle it, move the scores and send the result to everyone."""
    rules = table.rules
    winners: list[Winner] = []
    results: list[WinnerResult] = []
    three = kind == "discard" and len(scores) == 3  # 一炮三响
    for seat, score in scores.items():
        assert score is not None and tile is not None
        st = table.seats[seat]
        is_big = {p.id for p in score.patterns} & {"big_three_dragons", "big_four_winds"}
        on_kong = kind == "self_drawn" and table.after_kong
        winners.append(
            Winner(
                seat=seat,
                fan=score.fan,
                self_drawn_base_bonus=(score.points - rules.base * 2**score.fan) // rules.base,
                kong_feeder=table.kong_feeder if on_kong else None,
                big_hand_feeder=st.big_hand_feeder if is_big else None,
                twelve_tile_feeder=st.twelve_tile_feeder,
                twelve_tile_first=st.twelve_tile_first,
            )
        )
        hand = hand_of(table, seat, tile, extra=kind != "self_drawn")
        shown_fan, shown_points = score.fan, score.points
        if three and score.fan < THREE_WINNER_FLOOR:
            # 一炮三响: each winner is paid at least 3 fan (settlement); show what is paid.
            shown_fan = THREE_WINNER_FLOOR
            shown_points = rules.base * 2**THREE_WINNER_FLOOR
        results.append(
            WinnerResult(
                seat=seat,
                fan=shown_fan,
                raw_fan=score.raw_fan,
                patterns=tuple(PatternResult(p.id, p.fan) for p in score.patterns),
                points=shown_points,
                winning_tile=tile,
                concealed=tuple(int(t) for t in hand.concealed),
                melds=tuple(meld_record(p.meld) for p in st.melds),
            )
        )
    seats = table.seats
    result = HandResult(
        kind=kind,
        dealer=table.setup.dealer,
        winners=tuple(winners),
        loser=loser,
        horses=tuple(tuple(st.horses) for st in seats) if rules.horses else (),
    )
    settlement = settle(result, rules)
    for s in range(SEATS):
        table.scores[s] += settlement.deltas[s]
    table.result = HandEnded(
        kind=kind,
        winners=tuple(results),
        loser=loser,
        hands=four(tiles_of(st.counts) for st in seats),
        horses=tuple(tuple(st.horses) for st in seats),
        payments=tuple(
            PaymentResult(p.payer, p.payee, p.amount, p.reason) for p in settlement.payments
        ),
        deltas=settlement.deltas,
        scores=four(table.scores),
        liable=settlement.liable,
        melds=tuple(tuple(meld_record(p.meld) for p in st.melds) for st in seats),
    )
    if kind in ("discard", "robbing_kong"):
        table.won_tile = tile  # one tile, shared by every winner on it
    table.phase = ENDED
    table.live_views = None  # the cycle they make broken (HandTable.live_views)
    table.options = {}
    table.responses = {}
    table.last_discard = None
    if table.deal is not None:
        out.append(Delivery(EVERYONE, table.deal.revealed()))
    out.append(Delivery(EVERYONE, table.result))
