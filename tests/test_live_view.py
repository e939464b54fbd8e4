"""LiveView, the on-demand view in-process bots read, holds exactly what `view(seat)` holds.

Hands of random and competent bots under several presets and options: before every
action, every field of every seat's live view is compared with the `TableView` the host
would send that seat. So a live view can show a seat nothing its own view would not.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from server.engine.bots import make_bot
from server.engine.live_view import LiveView
from server.engine.table import HandSetup, HandTable
from shared.ruleset import make_ruleset
from shared.views import TableView, unseen_counts

SEATS = 4
FIELDS = TableView.__struct_fields__


def _compare(table: HandTable) -> None:
    for seat in range(SEATS):
        live = table.live_view(seat)
        full = table.view(seat)
        for name in FIELDS:
            assert getattr(live, name) == getattr(full, name), (
                f"seed {table.setup.seed}, seat {seat}, phase {full.phase}: field {name}"
            )
        assert live.concealed_counts() == full.concealed_counts()
        assert live.melds_laid() == full.melds_laid()
        # what the table keeps of the tiles shown, against a recount of the seat's view
        assert live.unseen_counts() == unseen_counts(full.seats, full.concealed_counts()), (
            f"seed {table.setup.seed}, seat {seat}, phase {full.phase}: unseen counts"
        )


def test_live_view_has_every_field_of_the_table_view() -> None:
    missing = [name for name in FIELDS if not hasattr(LiveView, name)]
    assert missing == []


@pytest.mark.parametrize(
    ("kind", "options", "hands"),
    [
        ("random", {"preset": "jipinghu"}, 40),
        ("competent", {"preset": "jipinghu"}, 15),
        ("random", {"preset": "qq3", "flowers": True, "horses": 2, "seven_pairs": True}, 30),
        ("competent", {"preset": "baohu5", "missed_win_lock_until": "any_move"}, 10),
    ],
)
def test_live_view_matches_the_table_view_at_every_step(
    kind: str, options: dict[str, object], hands: int
) -> None:
    rules = make_ruleset(options)
    rng = random.Random(f"live-{kind}-{options['preset']}")
    bots = [make_bot(kind, rules, rng.getrandbits(32)) for _ in range(SEATS)]
    for hand in range(hands):
        table = HandTable(
            HandSetup(
                rules=rules,
                seed=rng.getrandbits(64),
                dealer=hand % SEATS,
                prevailing_wind=0,
                scores=(rules.starting_score,) * 4,  # type: ignore[arg-type]
                hand_number=hand + 1,
            )
        )
        table.start()
        while not table.ended:
            _compare(table)
            seat = rng.choice(table.awaiting())
            table.step(seat, bots[seat].choose(table.live_view(seat)))
        _compare(table)
        assert msgspec.json.encode(table.live_view(0).result) == msgspec.json.encode(
            table.view(0).result
        )
