"""Hand records (牌谱): a hand's setup, seed, table options and action log — enough to
replay it exactly, on its own."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from server.engine.bots.coach import CoachReport, coach
from server.engine.deal import DealSeed
from server.engine.table import HandSetup, HandTable
from shared.actions import AnyAction
from shared.events import Delivery, HandEnded
from shared.records import DealRecord, HandRecord
from shared.ruleset import Ruleset, make_ruleset
from shared.shuffle import SHUFFLE_V1, from_hex


def record_of(table: HandTable) -> HandRecord:
    """The record of a finished hand."""
    if table.result is None:
        raise ValueError("only a finished hand has a record")
    setup = table.setup
    deal = None
    if table.deal is not None:
        revealed = table.deal.revealed()
        deal = DealRecord(
            session_tag=table.deal.seed.session_tag,
            commitment=table.deal.committed().commitment,
            secret=revealed.secret,
            contributions=revealed.contributions,
            defaulted=revealed.defaulted,
        )
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
        deal=deal,
    )


def set_up(record: HandRecord, rules: Ruleset | None = None) -> HandTable:
    """The record's hand dealt as it was, not started: the table its actions replay on.
    The rules are the record's own options unless given (an old record has none)."""
    if rules is None:
        if record.options is None:
            raise ValueError("the record keeps no table options: replay it with its rules")
        rules = make_ruleset(record.options)
    # Also with the record's own options: the preset's table may have changed since.
    if rules.digest != record.ruleset_digest:
        raise ValueError("the record was played under other rules (ruleset digest differs)")
    deal = None
    if record.deal is not None:
        if record.deal.shuffle != SHUFFLE_V1:
            raise ValueError(f"the record's wall is from an unknown shuffle {record.deal.shuffle}")
        deal = DealSeed(from_hex(record.deal.secret, "the secret"), record.deal.session_tag)
    return HandTable(
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
            deal=deal,
        )
    )


def start(record: HandRecord, table: HandTable) -> list[Delivery]:
    """Start a table set up from the record (`set_up`) as its hand started: the hand's
    events, and for a verifiable deal the contributions as used (the default where none
    came), from which the wall is derived at the roll as it was at the table."""
    out = table.start()
    if record.deal is not None:
        for seat, value in enumerate(record.deal.contributions):
            table.contribute(seat, from_hex(value, f"seat {seat}'s contribution"))
    return out


def replay(record: HandRecord, rules: Ruleset | None = None) -> HandTable:
    """Play a record's actions again from its seed; the table ends as the record says."""
    table = set_up(record, rules)
    start(record, table)
    for seat, action in record.actions:
        table.step(seat, action)
    return table


@dataclass(frozen=True)
class ReplayStep:
    """One action of a record and the events the table answered it with (addressed as the
    host would have sent them)."""

    seat: int
    action: AnyAction
    deliveries: tuple[Delivery, ...]


def replay_steps(
    record: HandRecord, rules: Ruleset | None = None
) -> tuple[tuple[Delivery, ...], tuple[ReplayStep, ...]]:
    """The events before the first action (the hand's start), then each action's: what a
    replay viewer follows, step by step, with the clients' own view model."""
    table = set_up(record, rules)
    opening = tuple(start(record, table))
    steps = tuple(
        ReplayStep(seat, action, tuple(table.step(seat, action)))
        for seat, action in record.actions
    )
    if table.result != record.result:
        raise ValueError("the record's actions do not end in its result")
    return opening, steps


def coach_record(record: HandRecord, seat: int, rules: Ruleset | None = None) -> CoachReport:
    """The coach's advice at each of `seat`'s decisions in the hand (bots/coach.py)."""
    table = set_up(record, rules)
    start(record, table)
    return coach(table, record.actions, seat)


def replayed_result(record: HandRecord) -> HandEnded:
    """How the record's actions end the hand, played again on its wall (for
    shared.verification.verify_record); ValueError when they cannot be."""
    result = replay(record).result
    if result is None:
        raise ValueError("the record's actions stop before the hand ends")
    return result


encoder = msgspec.json.Encoder()
decoder = msgspec.json.Decoder(HandRecord)
