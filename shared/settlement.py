"""Settlement (算分) of RULES.md §6.5 and §7: who pays whom when a hand ends.

A pure function from the facts of a finished hand to payments and per-seat deltas that
always sum to zero. Seats are 0–3 in turn order: seat s + 1 (mod 4) is s's 下家.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.errors import MahjongError
from shared.ruleset import Ruleset
from shared.tiles import Tile

SEATS = 4
THREE_WINNER_FLOOR = 3
LIABILITY_MULTIPLIER = 3
"""A liable player pays for all three payers (包): 3 × points, the others nothing."""


class Winner(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One winner of a hand, its counted fan, and the facts that may make a player liable."""

    seat: int
    fan: int
    self_drawn_base_bonus: int = 0
    """Base units each payer adds on a self-drawn win (preset `seed003`), from the Score."""
    kong_feeder: int | None = None
    """杠上开花包杠: the win came on the replacement after a kong claimed from this seat."""
    big_hand_feeder: int | None = None
    """大三元/大四喜包自摸: the last dragon (wind) pung was claimed from this seat."""
    twelve_tile_feeder: int | None = None
    """十二张落地: the winner's fourth exposed set was claimed from this seat."""
    twelve_tile_first: bool = True
    """That seat fed no other player's fourth exposed set earlier in the hand (包先不包后)."""


class HandResult(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """How a hand ended: a draw, a self-drawn win, a discard win or a robbed kong."""

    kind: Literal["draw", "self_drawn", "discard", "robbing_kong"]
    dealer: int
    winners: tuple[Winner, ...] = ()
    loser: int | None = None
    """The discarder, or the player whose added kong was robbed."""
    horses: tuple[tuple[int, ...], ...] = ()
    """Per seat, the Tile values of the horses (买马) that player owns."""


Reason = Literal["win", "liability", "horse"]


class Payment(msgspec.Struct, frozen=True):
    payer: int
    payee: int
    amount: int
    reason: Reason


class Settlement(msgspec.Struct, frozen=True):
    """Every payment of a hand and the resulting change to each seat's score."""

    payments: tuple[Payment, ...]
    deltas: tuple[int, int, int, int]
    liable: int | None = None


def horse_offset(tile: Tile) -> int:
    """Which seat a horse names, counted from the dealer as 0 (RULES.md §7).

    1 5 9 东 中 → dealer, 2 6 南 发 → 下家, 3 7 西 白 → opposite, 4 8 北 → 上家.
    Flowers (not named by the rules) follow their number: 1f 5f → dealer, and so on.
    """
    if tile.is_suited or tile.is_flower:
        return (tile.rank - 1) % 4
    if tile.is_wind:
        return tile - Tile.EAST
    return {Tile.RED: 0, Tile.GREEN: 1, Tile.WHITE: 2}[tile]


def choose_winners(candidates: dict[int, int], discarder: int, multiple_winners: bool) -> list[int]:
    """Seats that win on one discard: all of them, or (截胡) the highest fan, ties to the first
    in turn order after the discarder. `candidates` maps seat to fan."""
    by_turn = sorted(candidates, key=lambda seat: (seat - discarder) % SEATS)
    if multiple_winners or len(by_turn) <= 1:
        return by_turn
    best = max(candidates[s] for s in by_turn)
    return [next(s for s in by_turn if candidates[s] == best)]


def _check(result: HandResult) -> None:
    seats = range(SEATS)
    if result.dealer not in seats:
        raise MahjongError(f"dealer seat {result.dealer} is not 0–3")
    if result.kind == "draw":
        if result.winners:
            raise MahjongError("a drawn hand has no winners")
        return
    if not result.winners:
        raise MahjongError(f"a {result.kind} result needs a winner")
    winner_seats = [w.seat for w in result.winners]
    if len(set(winner_seats)) != len(winner_seats) or any(s not in seats for s in winner_seats):
        raise MahjongError(f"winner seats must be distinct seats 0–3: {winner_seats}")
    if result.kind == "self_drawn":
        if len(result.winners) != 1:
            raise MahjongError("a self-drawn hand has exactly one winner")
    else:
        if result.loser not in seats or result.loser in winner_seats:
            raise MahjongError(f"the {result.kind} loser must be another seat: {result.loser}")
        if len(result.winners) > 3:
            raise MahjongError("at most three players win on one tile")
    for w in result.winners:
        if w.fan < 0:
            raise MahjongError(f"fan cannot be negative: {w.fan}")
        feeders = (w.kong_feeder, w.big_hand_feeder, w.twelve_tile_feeder)
        if any(f is not None and (f not in seats or f == w.seat) for f in feeders):
            raise MahjongError(f"a liable player must be another seat: {w}")
    if result.horses and len(result.horses) != SEATS:
        raise MahjongError("horses are listed for all four seats")


def liable_seat(winner: Winner, result: HandResult, rules: Ruleset) -> int | None:
    """The one player who pays alone for a self-drawn or robbing win, by the order of §6.5."""
    if result.kind == "robbing_kong":
        return result.loser
    if result.kind != "self_drawn":
        return None
    if winner.kong_feeder is not None:
        return winner.kong_feeder
    if winner.big_hand_feeder is not None:
        return winner.big_hand_feeder
    if winner.twelve_tile_feeder is not None and (
        rules.twelve_tile_liability == "all" or winner.twelve_tile_first
    ):
        return winner.twelve_tile_feeder
    return None


def _points(winner: Winner, fan: int, base: int, self_drawn: bool) -> int:
    bonus = winner.self_drawn_base_bonus * base if self_drawn else 0
    doubling: int = 2**fan  # typeshed types int ** int as Any (a negative power is a float)
    return base * doubling + bonus


def _win_payments(result: HandResult, rules: Ruleset) -> tuple[list[Payment], int | None]:
    payments: list[Payment] = []
    liable_any: int | None = None
    three = len(result.winners) == 3 and result.kind == "discard"
    for w in result.winners:
        fan = max(w.fan, THREE_WINNER_FLOOR) if three else w.fan
        points = _points(w, fan, rules.base, result.kind == "self_drawn")
        liable = liable_seat(w, result, rules)
        if liable is not None:
            liable_any = liable
            payments.append(Payment(liable, w.seat, LIABILITY_MULTIPLIER * points, "liability"))
        elif result.kind == "self_drawn":
            payments.extend(Payment(p, w.seat, points, "win") for p in range(SEATS) if p != w.seat)
        else:
            assert result.loser is not None
            payments.append(Payment(result.loser, w.seat, points, "win"))
    return payments, liable_any


def _horse_payments(result: HandResult, base: list[Payment]) -> list[Payment]:
    """买马: a horse on seat S wins what S wins from others and pays what S pays to others."""
    extra: list[Payment] = []
    for owner, horses in enumerate(result.horses):
        for tile in horses:
            named = (result.dealer + horse_offset(Tile(tile))) % SEATS
            for p in base:
                if p.payee == named and p.payer != owner:
                    extra.append(Payment(p.payer, owner, p.amount, "horse"))
                if p.payer == named and p.payee != owner:
                    extra.append(Payment(owner, p.payee, p.amount, "horse"))
    return extra


def settle(result: HandResult, rules: Ruleset) -> Settlement:
    """Payments and per-seat deltas of a finished hand; the deltas always sum to zero."""
    _check(result)
    if result.kind == "draw":
        return Settlement((), (0, 0, 0, 0))
    payments, liable = _win_payments(result, rules)
    payments += _horse_payments(result, payments)
    deltas = [0] * SEATS
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return Settlement(tuple(payments), (deltas[0], deltas[1], deltas[2], deltas[3]), liable)
