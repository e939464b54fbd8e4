"""Hand records (牌谱): a hand's setup, seed, table options and action log — enough to
replay it exactly, on its own."""

from __future__ import annotations

import msgspec

from server.engine.table import HandSetup, HandTable
from shared.records import HandRecord
from shared.ruleset import Ruleset, make_ruleset


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
        options=setup.rules.table_options,
    )


def replay(record: HandRecord, rules: Ruleset | None = None) -> HandTable:
    """Play a record's actions again from its seed; the table ends as the record says.
    The rules are the record's own options unless given (an old record has none)."""
    if rules is None:
        if record.options is None:
            raise ValueError("the record keeps no table options: replay it with its rules")
        rules = make_ruleset(record.options)
    # Also with the record's own options: the preset's table may have changed since.
    if rules.digest != record.ruleset_digest:
        raise ValueError("the record was played under other rules (ruleset digest differs)")
    table = HandTable(
        HandSetup(
            rules=rules,
            seed=record.seed,
            dealer=record.dealer,
            recorded_winds=record.seat_winds,
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
