"""Checking a verifiable deal (PROTOCOL.md §15): did the host deal the wall it committed to?

`DealObserver` follows one player's events through a hand: the commitment, the player's
own contribution, where each tile was taken from the wall and which tiles the hand's end
showed. At the reveal it derives the wall from the secret and the contributions and checks
everything it saw against it (`DealObserver.verification()` → `DealVerification`, kept in
the record file). `verify_record` checks a record file again later, from the file alone
(the replay viewer calls it). Pure: no I/O.

What a player can check: the commitment matches the revealed secret; their own
contribution was taken and used (a refused or left-out one fails at once, `alarm`: a host
dealing from its own secret alone could have ground it for the wall it wanted); every seat
named as giving none, and every computer player's, holds the fixed default; the dice are
the derived ones; every tile they saw exactly (their own draws, every flower as drawn, the
horses) is at its place in the derived wall; and, for every seat, the tiles the end of the
hand showed it had taken from the wall (its hand, melds, discards and flowers, less what it
claimed) are the derived wall's tiles at the places the seat drew from. A host that changed
a single tile anyone drew breaks one of these.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Literal

import msgspec

from shared.events import (
    AnyEvent,
    DealCommitted,
    DealRevealed,
    DiceRolled,
    FlowerRevealed,
    HandEnded,
    HandStarted,
    MeldClaimed,
    TileDiscarded,
    TileDrawn,
    TilesDealt,
)
from shared.records import DealVerification, HandRecord, RecordFile
from shared.ruleset import make_ruleset
from shared.shuffle import NO_CONTRIBUTION, SHUFFLE_V1, commitment, derive_deal, from_hex
from shared.views import TableView

REFUSED = "the host refused your part of the shuffle"
LEFT_OUT = "the host left out your part of the shuffle"
"""The two ways a player's own contribution may be kept out of the deal, each a failed
check the moment it happens (`DealObserver.alarm`)."""
_DEFAULT_HEX = NO_CONTRIBUTION.hex()

DEAL_CHUNKS = (4, 4, 4, 1)
"""Tiles dealt to each seat per pass from the head, from the dealer in turn order; then
the dealer's 14th (PROTOCOL.md §15)."""


class DealVerdict(msgspec.Struct, frozen=True):
    """What checking a deal found."""

    status: Literal["verified", "mismatch", "unverifiable"]
    problems: tuple[str, ...] = ()
    """Each mismatch in words (English, for logs and the viewer's details); for an
    unverifiable deal, why it cannot be checked."""


class DealObserver:
    """One player's view of one hand's deal, fed every event they receive."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.computers: frozenset[int] = frozenset()
        """The seats computer players sit in (from the lobby): their contribution must be
        the fixed default, so that the host cannot choose it once it has seen the others."""
        self._reset()

    def _reset(self) -> None:
        self.hand_number = 0
        self.size = 0
        self.dealer = 0
        self.tag = ""
        self.commitment = ""
        self.contributed = ""
        self.secret = ""
        self.contributions: tuple[str, ...] = ()
        self.dice: tuple[int, int] | None = None
        self.alarm = ""
        """REFUSED or LEFT_OUT as soon as the host keeps this player's contribution out of
        the deal: shown to the player at once, not after the hand."""
        self.head = 0
        self.tail = 0
        self.taken: list[tuple[int, int]] = []
        self.known: list[tuple[int, int]] = []
        self.dealt: list[TilesDealt] = []
        self.discards: list[list[int]] = [[], [], [], []]
        self.claimed: list[list[int]] = [[], [], [], []]
        self.flowers: list[list[int]] = [[], [], [], []]
        self.held: tuple[tuple[int, ...], ...] = ()
        self.horse_places: list[list[int]] = []
        self.horse_order: list[int] = []
        self.followed = False
        """Every event of the hand was seen from its start (not joined mid-hand)."""
        self.problems: list[str] = []

    def lost_track(self) -> None:
        """Events were missed (a reconnect mid-hand): the tiles cannot all be placed, so
        only the commitment, the contribution and the dice are checked."""
        self.followed = False

    def sent(self, value: str) -> None:
        """The player's own contribution, as sent (hex)."""
        self.contributed = value

    def refused(self, reason: str) -> None:
        """The host refused this player's contribution (`contribution_refused`): the deal is
        then dealt without this player's entropy, a failed check (PROTOCOL.md §15.5)."""
        if self.contributed and not self.alarm:
            self.contributed = ""  # not used: "not the one used" would only say it again
            self.alarm = REFUSED
            self.problems.append(f"{REFUSED} ({reason})" if reason else REFUSED)

    def resumed(self, deal: DealCommitted, view: TableView | None) -> None:
        """A snapshot in a hand (a reconnect, a late spectator): its commitment, all there
        is to hold the host to for a hand followed from here. Before the roll nothing of
        the wall has gone by, and the hand is followed whole; after it, only the
        commitment, the dice and this connection's own contribution are checked."""
        if (deal.hand_number, deal.commitment) != (self.hand_number, self.commitment):
            self._reset()
            self.hand_number = deal.hand_number
            self.tag, self.commitment = deal.session_tag, deal.commitment
            if view is not None and view.hand_number == deal.hand_number and view.dice is None:
                self.size = self.tail = view.wall_left
                self.dealer = view.dealer
                self.followed = True
                return
        if view is not None and view.dice is not None:
            self.dice = view.dice
            self.followed = False

    def see(self, event: AnyEvent) -> None:
        """One event, in the order received. A client trusts nothing the host sends: an
        event naming no seat of the table is a problem noted, not a crash."""
        seat = getattr(event, "seat", 0)
        if not isinstance(seat, int) or not 0 <= seat < 4:
            self.problems.append(f"the host sent an event for seat {seat}")
            return
        if isinstance(event, HandStarted):
            self._reset()
            self.hand_number = event.hand_number
            self.size = self.tail = event.wall_size
            self.dealer = event.dealer
            self.followed = True
        elif isinstance(event, DealCommitted):
            self.tag, self.commitment = event.session_tag, event.commitment
        elif isinstance(event, DiceRolled):
            self.dice = event.dice
            if self.commitment and self.contributed and self.seat in event.defaulted:
                self.alarm = self.alarm or LEFT_OUT
                self.problems.append(LEFT_OUT)
        elif isinstance(event, TilesDealt):
            self._dealt(event)
        elif isinstance(event, TileDrawn):
            place = self._take(event.seat, event.from_tail)
            if event.tile is not None:
                self.known.append((place, event.tile))
            if self.followed and event.wall_left != self.tail - self.head:
                self.problems.append(
                    f"the wall had {event.wall_left} tiles left, not {self.tail - self.head}"
                )
        elif isinstance(event, FlowerRevealed):
            self.flowers[event.seat].append(event.flower)
            last = next((p for s, p in reversed(self.taken) if s == event.seat), None)
            if last is not None:
                self.known.append((last, event.flower))
        elif isinstance(event, TileDiscarded):
            self.discards[event.seat].append(event.tile)
        elif isinstance(event, MeldClaimed):
            self.claimed[event.seat].append(event.claimed_tile)
        elif isinstance(event, DealRevealed):
            self.secret, self.contributions = event.secret, event.contributions
            self._defaults(event)
        elif isinstance(event, HandEnded):
            self._ended(event)

    def _defaults(self, event: DealRevealed) -> None:
        """Every seat named as giving nothing, and every computer player's, must hold the
        default (PROTOCOL.md §15.5)."""
        self.problems += _default_problems(event.defaulted, event.contributions, self.computers)

    def _take(self, seat: int, from_tail: bool) -> int:
        if from_tail:
            self.tail -= 1
            place = self.tail
        else:
            place = self.head
            self.head += 1
        self.taken.append((seat, place))
        return place

    def _dealt(self, event: TilesDealt) -> None:
        """The deal, once every seat's starting hand is in: the places are fixed by the
        order of the deal (PROTOCOL.md §15), the horses and flower replacements counted
        from the tail."""
        self.dealt.append(event)
        if len(self.dealt) < 4:
            return
        order = [(self.dealer + i) % 4 for i in range(4)]
        for chunk in DEAL_CHUNKS:
            for s in order:
                for _ in range(chunk):
                    self._take(s, False)
        self._take(self.dealer, False)
        by_seat = {d.seat: d for d in self.dealt}
        replaced = sum(len(d.flowers) for d in self.dealt)
        horses = (self.size - self.dealt[-1].wall_left - self.head - replaced) // 4
        self.horse_places = [[self._horse() for _ in range(horses)] for _s in order]
        self.horse_order = order
        if set(by_seat) != set(order):
            self.followed = False  # not one starting hand a seat: nothing can be placed
            return
        for s in order:
            for _ in by_seat[s].flowers:
                self._take(s, True)
            self.flowers[s].extend(by_seat[s].flowers)
        if self.tail - self.head != self.dealt[-1].wall_left:
            self.problems.append(f"the deal left {self.dealt[-1].wall_left} tiles in the "
                                 f"wall, not {self.tail - self.head}")

    def _horse(self) -> int:
        self.tail -= 1
        return self.tail

    def _ended(self, event: HandEnded) -> None:
        if not self.followed or len(self.dealt) < 4:
            self.followed = False
            return
        for s, places in zip(self.horse_order, self.horse_places, strict=True):
            shown = event.horses[s] if s < len(event.horses) else ()
            self.known.extend(zip(places, shown, strict=False))
        held: list[tuple[int, ...]] = []
        for s in range(4):
            tiles = Counter(event.hands[s])
            for _kind, meld in event.melds[s] if s < len(event.melds) else ():
                tiles.update(meld)
            tiles.update(self.discards[s])
            tiles.update(self.flowers[s])
            tiles.subtract(self.claimed[s])
            if event.kind == "robbing_kong" and s == event.loser and event.winners:
                tiles[event.winners[0].winning_tile] += 1  # robbed from the kong being added
            held.append(tuple(sorted(tiles.elements())))
        self.held = tuple(held)

    def verification(self, flowers: bool) -> DealVerification:
        """What the player saw and the verdict (`problems`), once the hand is over."""
        seen = self._seen()
        problems = [*self.problems, *check_deal(seen, flowers)]
        return msgspec.structs.replace(seen, problems=tuple(problems))

    def _seen(self) -> DealVerification:
        return DealVerification(
            seat=self.seat,
            hand_number=self.hand_number,
            session_tag=self.tag,
            commitment=self.commitment,
            contributed=self.contributed,
            secret=self.secret,
            contributions=self.contributions,
            dice=self.dice,
            taken=tuple(self.taken) if self.held else (),
            known=tuple(self.known) if self.followed else (),
            held=self.held,
        )


def check_deal(seen: DealVerification, flowers: bool) -> list[str]:
    """Every mismatch between what a player saw and the wall derived from the revealed
    secret and contributions (empty: the deal is the one committed to)."""
    if not seen.commitment:
        return []  # came in after the commitment: nothing to hold the host to
    if not seen.secret or len(seen.contributions) != 4:
        return ["the host did not reveal its secret and the contributions"]
    secret = from_hex(seen.secret, "the secret")
    if commitment(seen.session_tag, seen.hand_number, secret) != seen.commitment:
        return ["the revealed secret does not match the commitment made before the deal"]
    problems = []
    own = seen.seat
    mine = seen.contributions[own] if own is not None and 0 <= own < 4 else None
    if seen.contributed and mine != seen.contributed:
        problems.append("your own contribution was not the one used")
    contributions = tuple(from_hex(c, "a contribution") for c in seen.contributions)
    wall, dice = derive_deal(secret, contributions, seen.hand_number, flowers)
    if seen.dice is not None and seen.dice != dice:
        problems.append(f"the dice rolled were {seen.dice}, the derived dice {dice}")
    for place, tile in seen.known:
        if not 0 <= place < len(wall) or wall[place] != tile:
            problems.append(f"tile {tile} came from place {place} of the wall, which holds "
                            f"{wall[place] if 0 <= place < len(wall) else 'nothing'}")
    for s, held in enumerate(seen.held):
        drawn = sorted(wall[p] for seat, p in seen.taken if seat == s and 0 <= p < len(wall))
        if drawn != sorted(held):
            problems.append(f"seat {s} showed other tiles than it drew from the derived wall")
    return problems


def _default_problems(
    defaulted: tuple[int, ...], contributions: tuple[str, ...], computers: AbstractSet[int]
) -> list[str]:
    """A seat named as giving nothing must hold the default, and a computer player's seat
    must be so named: a value the host picked after seeing the people's contributions
    would let it choose the wall."""
    problems = []
    for s in sorted(set(defaulted) | set(computers)):
        if not 0 <= s < len(contributions):
            problems.append(f"the host named seat {s} as giving no contribution")
        elif s not in defaulted:
            problems.append(f"seat {s} is a computer player's, but the host did not "
                            "deal it the default contribution")
        elif contributions[s] != _DEFAULT_HEX:
            problems.append(f"seat {s} gave no contribution, but the host dealt it "
                            "another than the default")
    return problems


Replay = Callable[[HandRecord], HandEnded]
"""Plays a record's actions again and returns how the hand ends (server/records.py)."""


def verify_record(record_file: RecordFile, replay: Replay | None = None) -> DealVerdict:
    """Check a record file's deal from the file alone: the record's deal against the
    commitment and what the player who kept it saw (`verification`), and, given `replay`,
    that the record's actions on the derived wall end the hand as the record says."""
    record = record_file.record
    deal = record.deal
    if deal is None:
        return DealVerdict("unverifiable", ("dealt before verifiable deals (the old shuffle)",))
    if deal.shuffle != SHUFFLE_V1:
        return DealVerdict("unverifiable", (f"an unknown shuffle {deal.shuffle!r}",))
    if record.options is None:
        return DealVerdict("unverifiable", ("the record keeps no table options",))
    try:
        flowers = make_ruleset(record.options).flowers
        problems = _record_problems(record_file, flowers)
        if replay is not None and not problems:
            try:
                if replay(record) != record.result:
                    problems.append("the record's actions do not end the hand as it says")
            except ValueError as exc:  # IllegalAction is one: an action the wall refuses
                problems.append(f"the record's actions do not replay: {exc}")
    except (ValueError, OverflowError) as exc:  # not hex, a hand number out of range, …
        problems = [f"the record's deal cannot be read: {exc}"]
    return DealVerdict("mismatch" if problems else "verified", tuple(problems))


def _record_problems(record_file: RecordFile, flowers: bool) -> list[str]:
    record = record_file.record
    deal = record.deal
    assert deal is not None
    secret = from_hex(deal.secret, "the secret")
    problems = []
    if commitment(deal.session_tag, record.hand_number, secret) != deal.commitment:
        problems.append("the revealed secret does not match the commitment")
    if record.wall is not None:
        problems.append("a verifiable deal with a wall of its own")
    if deal.defaulted is not None:
        computers = {s for s, seat in enumerate(record_file.seats) if seat.kind == "bot"}
        problems += _default_problems(deal.defaulted, deal.contributions, computers)
    seen = record_file.verification
    if seen is not None:
        if (seen.commitment and seen.commitment != deal.commitment) or (
            seen.session_tag, seen.hand_number) != (deal.session_tag, record.hand_number):
            problems.append("the record's commitment is not the one announced at the table")
        if seen.secret and (seen.secret, seen.contributions) != (
            deal.secret, deal.contributions):
            problems.append("the record's secret or contributions are not the ones revealed")
        recomputed = check_deal(seen, flowers)
        # What only the table could tell (a refused contribution, a computer's that was not
        # the default) is in the player's own verdict: it stands.
        problems += recomputed
        problems += [p for p in seen.problems if p not in problems]
    return problems
