"""A hand's verifiable deal (PROTOCOL.md §15): the host's secret, the players'
contributions, and the wall and dice derived from them all.

The table announces the commitment as the hand starts, takes each seat's contribution
until the dice are rolled, derives the wall and the dice at the roll, and reveals the
secret and the contributions as the hand ends. Pure: the secret comes in with the setup
(the host makes it with `secrets`), the contributions as inputs like actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.errors import IllegalAction
from shared.events import DealCommitted, DealRevealed
from shared.shuffle import NO_CONTRIBUTION, SECRET_BYTES, commitment, derive_deal

SEATS = 4


@dataclass(frozen=True, slots=True)
class DealSeed:
    """What a hand's deal starts from: the host's secret and the session's public tag."""

    secret: bytes
    session_tag: str

    def __post_init__(self) -> None:
        if len(self.secret) != SECRET_BYTES:
            raise ValueError(f"a deal's secret is {SECRET_BYTES} bytes, not {len(self.secret)}")


class HandDeal:
    """One hand's commit-and-reveal: contributions in, the wall and dice out."""

    __slots__ = ("contributions", "hand_number", "seed")

    def __init__(self, seed: DealSeed, hand_number: int) -> None:
        self.seed = seed
        self.hand_number = hand_number
        self.contributions: list[bytes | None] = [None] * SEATS
        """By seat; None: nothing received (the documented default is used)."""

    def committed(self) -> DealCommitted:
        return DealCommitted(
            self.hand_number,
            self.seed.session_tag,
            commitment(self.seed.session_tag, self.hand_number, self.seed.secret),
        )

    def contribute(self, seat: int, value: bytes) -> None:
        """A seat's contribution; IllegalAction (nothing changes) when it cannot be taken.
        The table refuses it once the dice are rolled (the wall is derived then)."""
        if not 0 <= seat < SEATS:
            raise IllegalAction(f"no seat {seat}")
        if len(value) != SECRET_BYTES:
            raise IllegalAction(f"a contribution is {SECRET_BYTES} bytes, not {len(value)}")
        if self.contributions[seat] is not None:
            raise IllegalAction(f"seat {seat} has already contributed to hand {self.hand_number}")
        self.contributions[seat] = value

    def used(self) -> tuple[bytes, bytes, bytes, bytes]:
        """The four contributions the wall is derived from, the default where none came."""
        c = [NO_CONTRIBUTION if value is None else value for value in self.contributions]
        return (c[0], c[1], c[2], c[3])

    def defaulted(self) -> tuple[int, ...]:
        """The seats that contributed nothing (the default is theirs), fixed at the roll."""
        return tuple(s for s, value in enumerate(self.contributions) if value is None)

    def derive(self, flowers: bool) -> tuple[tuple[int, ...], tuple[int, int]]:
        """The wall in draw order and the dice (shared/shuffle.py)."""
        return derive_deal(self.seed.secret, self.used(), self.hand_number, flowers)

    def revealed(self) -> DealRevealed:
        c = [value.hex() for value in self.used()]
        return DealRevealed(
            self.hand_number, self.seed.secret.hex(), (c[0], c[1], c[2], c[3]),
            defaulted=self.defaulted(),
        )
