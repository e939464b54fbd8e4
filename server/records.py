"""Hand records (牌谱): a hand's setup, seed and action log — enough to replay it exactly."""

from __future__ import annotations

import msgspec

from server.table import HandSetup, HandTable
from shared.actions import AnyAction
from shared.events import HandEnded
from shared.ruleset import Ruleset


class HandRecord(msgspec.Struct, frozen=True):
    """One finished hand as the host saves it (a JSON line)."""

    hand_number: int
    seed: int
    dealer: int
    seat_winds: tuple[int, int, int, int]
    prevailing_wind: int
    scores_before: tuple[int, int, int, int]
    dealer_repeat: int
    ruleset_digest: str
    actions: tuple[tuple[int, AnyAction], ...]
    result: HandEnded
    wall: tuple[int, ...] | None = None
    """The wall, only for a hand played on a rigged wall (tests, puzzles)."""


def record_of(table: HandTable) -> HandRecord:
    """The record of a finished hand."""
    if table.result is None:
        raise ValueError("only a finished hand has a record")
    setup = table.setup
    return HandRecord(
        hand_number=setup.hand_number,
        seed=setup.seed,
        dealer=setup.dealer,
        seat_winds=setup.seat_winds,
        prevailing_wind=setup.prevailing_wind,
        scores_before=setup.scores,
        dealer_repeat=setup.dealer_repeat,
        ruleset_digest=setup.rules.digest,
        actions=tuple(table.log),
        result=table.result,
        wall=setup.wall,
    )


def replay(record: HandRecord, rules: Ruleset) -> HandTable:
    """Play a record's actions again from its seed; the table ends as the record says."""
    if rules.digest != record.ruleset_digest:
        raise ValueError("the record was played under other rules (ruleset digest differs)")
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=record.seed,
            dealer=record.dealer,
            seat_winds=record.seat_winds,
            prevailing_wind=record.prevailing_wind,
            scores=record.scores_before,
            hand_number=record.hand_number,
            dealer_repeat=record.dealer_repeat,
            wall=record.wall,
        )
    )
    table.start()
    for seat, action in record.actions:
        table.step(seat, action)
    return table


encoder = msgspec.json.Encoder()
decoder = msgspec.json.Decoder(HandRecord)
