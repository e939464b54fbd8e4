"""The verifiable shuffle (PROTOCOL.md §15): the document's worked example, checked against
the code and against a second implementation written from the document alone; the
rejection sampling; the engine dealing from it, and a replay that stays exact."""

from __future__ import annotations

import hashlib
import random
import re
import struct
from pathlib import Path

import pytest

from server.engine.deal import DealSeed
from server.engine.session import Session
from server.engine.table import HandSetup, HandTable
from server.records import decoder, encoder, record_of, replay
from shared.actions import RollDice
from shared.errors import IllegalAction
from shared.events import DealCommitted, DealRevealed, DiceRolled, TilesDealt
from shared.ruleset import TableOptions, make_ruleset
from shared.shuffle import NO_CONTRIBUTION, _Stream, commitment, derive_deal, wall_key
from tests.support.deals import play_observed

PROTOCOL = Path(__file__).resolve().parents[1] / "shared" / "PROTOCOL.md"
TAG = "0123456789abcdef0123456789abcdef"
SECRET = bytes(range(32))
CONTRIBUTIONS = (b"\xa0" * 32, bytes(32), b"\xb1" * 32, b"\xc2" * 32)
# Worked out with coreutils' sha256sum from the byte layouts of PROTOCOL.md §15.3 (not with
# Python): printf 'gdmj-commit-v1\0' '\x20' TAG '\x00\x00\x00\x01' SECRET | sha256sum, etc.
COMMITMENT = "2e0cc899e26838af0b1565b320098c7af7be84eaf695421e524fe02d622706ce"
KEY = "6043363f74bd0bd365307ecce650d726748f8a84a54967d99730863ce80f2b90"
BLOCK0 = "a5dc615185fd56265943fea8821fe1166ac0183abf5e2a4847d32c1d8b515b74"


def reference_deal(
    secret: bytes, contributions: tuple[bytes, ...], hand_number: int, flowers: bool
) -> tuple[list[int], tuple[int, int]]:
    """PROTOCOL.md §15.3 written again from the text, another way: the whole stream made
    first and unpacked with `struct`, the limit as a floor multiple."""
    key = hashlib.sha256(
        b"gdmj-wall-v1\x00" + struct.pack(">I", hand_number) + secret + b"".join(contributions)
    ).digest()
    stream = b"".join(hashlib.sha256(key + struct.pack(">Q", k)).digest() for k in range(64))
    words = iter(struct.unpack(f">{len(stream) // 4}I", stream))

    def uniform(n: int) -> int:
        while True:
            w = next(words)
            if w < (1 << 32) // n * n:
                return w % n

    tiles = sorted(list(range(34)) * 4) + (list(range(34, 42)) if flowers else [])
    for i in reversed(range(1, len(tiles))):
        j = uniform(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles, (uniform(6) + 1, uniform(6) + 1)


def documented_wall() -> list[int]:
    text = PROTOCOL.read_text(encoding="utf-8")
    block = text.split("<!-- test-vector-wall -->", 1)[1].split("```")[1]
    return [int(n) for n in block.split()]


def test_the_documents_example_is_what_the_code_derives() -> None:
    text = PROTOCOL.read_text(encoding="utf-8")
    for value in (COMMITMENT, KEY, BLOCK0, TAG):
        assert value in text, f"{value} is not in PROTOCOL.md §15.6"
    assert re.search(r"\| dice \| 4, 2 \|", text)
    wall = documented_wall()
    assert len(wall) == 136 and sorted(wall) == sorted(list(range(34)) * 4)
    assert commitment(TAG, 1, SECRET) == COMMITMENT
    assert wall_key(SECRET, CONTRIBUTIONS, 1).hex() == KEY
    assert hashlib.sha256(bytes.fromhex(KEY) + bytes(8)).hexdigest() == BLOCK0
    assert derive_deal(SECRET, CONTRIBUTIONS, 1, False) == (tuple(wall), (4, 2))
    # The first swap of the example: i = 135 with j = 2782683473 mod 136 = 121.
    assert int(BLOCK0[:8], 16) == 2782683473 and 2782683473 % 136 == 121


def test_an_independent_implementation_from_the_document_agrees() -> None:
    assert reference_deal(SECRET, CONTRIBUTIONS, 1, False) == (documented_wall(), (4, 2))
    for hand, flowers in ((2, False), (7, True), (300, True)):
        mine = derive_deal(SECRET, CONTRIBUTIONS, hand, flowers)
        wall, dice = reference_deal(SECRET, CONTRIBUTIONS, hand, flowers)
        assert mine == (tuple(wall), dice)
        assert len(wall) == (144 if flowers else 136)


def test_every_input_changes_the_wall() -> None:
    base = derive_deal(SECRET, CONTRIBUTIONS, 1, False)
    other_seat = (*CONTRIBUTIONS[:3], NO_CONTRIBUTION)
    assert derive_deal(SECRET, other_seat, 1, False) != base
    assert derive_deal(bytes(32), CONTRIBUTIONS, 1, False) != base
    assert derive_deal(SECRET, CONTRIBUTIONS, 2, False) != base
    swapped = (CONTRIBUTIONS[2], CONTRIBUTIONS[1], CONTRIBUTIONS[0], CONTRIBUTIONS[3])
    assert derive_deal(SECRET, swapped, 1, False) != base  # seat order counts
    assert commitment(TAG, 2, SECRET) != COMMITMENT
    assert commitment("f" * 32, 1, SECRET) != COMMITMENT


class _Words(_Stream):
    """A stream of chosen words, to see the rejection at work."""

    def __init__(self, words: list[int]) -> None:
        super().__init__(b"")
        self.given = list(words)

    def word(self) -> int:
        return self.given.pop(0)


def test_below_throws_away_the_words_that_would_bias_it() -> None:
    limit = 2**32 - 2**32 % 136  # 4294967176: the largest multiple of 136 that fits
    stream = _Words([limit, 2**32 - 1, limit - 1, 5])
    assert stream.below(136) == (limit - 1) % 136  # the first two are at or over the limit
    assert stream.below(136) == 5
    assert _Words([2**32 - 1]).below(2**16) == 2**16 - 1  # a power of two: nothing thrown


def test_below_is_even() -> None:
    """Over many draws each value of a small range comes about equally often."""
    stream = _Stream(b"evenness")
    counts = [0] * 6
    for _ in range(60_000):
        counts[stream.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def _setup(rules_flowers: bool = False) -> HandSetup:
    rules = make_ruleset(TableOptions(flowers=rules_flowers))
    return HandSetup(
        rules=rules, seed=1, dealer=0, prevailing_wind=0, scores=(1000,) * 4,
        deal=DealSeed(SECRET, TAG),
    )


def test_the_engine_deals_the_documented_wall() -> None:
    table = HandTable(_setup())
    started = [d.event for d in table.start()]
    assert DealCommitted(1, TAG, COMMITMENT) in started
    for seat, value in enumerate(CONTRIBUTIONS):
        table.contribute(seat, value)
    events = [d.event for d in table.step(0, RollDice())]
    dice = next(e for e in events if isinstance(e, DiceRolled))
    assert dice.dice == (4, 2)
    wall = documented_wall()
    # Seat 0 deals: its first chunk is places 0-3, seat 1's 4-7, …; its 14th is place 52.
    mine = next(e for e in events if isinstance(e, TilesDealt) and e.tiles is not None)
    expected = [*wall[0:4], *wall[16:20], *wall[32:36], wall[48], wall[52]]
    assert mine.seat == 0 and sorted(mine.tiles or ()) == sorted(expected)
    assert table.wall.tiles == wall


def test_contributions_are_taken_until_the_roll_and_once() -> None:
    table = HandTable(_setup())
    table.start()
    table.contribute(1, b"\x01" * 32)
    with pytest.raises(IllegalAction, match="already contributed"):
        table.contribute(1, b"\x02" * 32)
    with pytest.raises(IllegalAction, match="32 bytes"):
        table.contribute(2, b"\x02" * 31)
    table.step(0, RollDice())
    with pytest.raises(IllegalAction, match="too late"):
        table.contribute(2, b"\x02" * 32)
    # Seats that gave nothing are dealt with the documented default: 32 zero bytes.
    default = derive_deal(SECRET, (NO_CONTRIBUTION, b"\x01" * 32, NO_CONTRIBUTION,
                                   NO_CONTRIBUTION), 1, False)[0]
    assert tuple(table.wall.tiles) == default


def test_a_verifiable_hand_replays_exactly_from_its_record() -> None:
    rules = make_ruleset(TableOptions(flowers=True, horses=1))
    for hand in play_observed(rules, hands=12, seed=3):
        record = decoder.decode(encoder.encode(record_of(hand.table)))
        assert record.deal is not None and record.deal.commitment == hand.commitment
        again = replay(record)
        assert again.result == hand.table.result
        assert again.wall.tiles == hand.table.wall.tiles
        assert again.dice == hand.table.dice


def test_old_records_replay_the_old_way() -> None:
    """A session without a deal key deals from the seed by Python's random, as every hand
    did before; its record has no deal and replays so."""
    rules = make_ruleset(TableOptions())
    session = Session(rules, 99)
    events = [d.event for d in session.start()]
    assert not any(isinstance(e, DealCommitted) for e in events)
    hand = session.hand
    assert hand is not None and hand.deal is None
    old_way = sorted(list(range(34)) * 4)
    random.Random(hand.setup.seed).shuffle(old_way)  # how every wall was shuffled before
    assert hand.wall.tiles == old_way
    with pytest.raises(IllegalAction, match="not dealt by commit and reveal"):
        hand.contribute(0, bytes(32))


def test_every_verifiable_hand_reveals_what_it_committed_to() -> None:
    rules = make_ruleset(TableOptions())
    for hand in play_observed(rules, hands=5, seed=4):
        revealed = hand.revealed
        assert isinstance(revealed, DealRevealed)
        secret = bytes.fromhex(revealed.secret)
        assert commitment(hand.tag, revealed.hand_number, secret) == hand.commitment
