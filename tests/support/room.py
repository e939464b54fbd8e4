"""A room of the host's played without a network: two people and two computer players,
a clock that jumps ahead (tests/test_leaving.py, tests/test_journal.py)."""

from __future__ import annotations

from pathlib import Path

from server.engine.bots import make_bot
from server.engine.session import SessionPhase
from server.room import Room, RoomConfig
from server.store import RecordLog, ScoreStore
from shared.actions import AcceptRules, AddBot, ContinueGame, SetRules, StartGame
from shared.events import HandEnded, SessionEnded
from shared.protocol import EventMessage
from shared.ruleset import TableOptions

OPTIONS = TableOptions(rounds=4, turn_seconds=0, claim_seconds=0)
OWNER, GUEST = 1, 2
IDENTITY = {OWNER: "id:ah-keung-install-1", GUEST: "id:ah-zan-install-2", 7: "id:ah-ming-install-7"}
"""Who each player is to the host: scores are kept by identity."""


class Table:
    """A room with two people (seats 0 and 1) and two computer players, played by a clock
    that jumps ahead; people's moves come from bots of our own, as if they clicked."""

    def __init__(
        self,
        tmp_path: Path,
        scores: dict[int, tuple[str, int]] | None = None,
        journals: Path | None = None,
    ) -> None:
        store = ScoreStore(tmp_path / "scores.json")
        if scores:
            store.update({IDENTITY[p]: score for p, score in scores.items()})
        self.room = Room(
            "T",
            "",
            store,
            RecordLog(tmp_path / "records"),
            RoomConfig(bot_delay=0.0),
            seed=5,
            journals=journals,
            deal_keys=lambda: bytes([1] * 32),  # the same hands every run (hand 2 runs long)
        )
        self.now = 0.0
        self.sent: list[tuple[int, object]] = []
        self.playing = {OWNER, GUEST}
        """People who answer their prompts (the others have left or dropped)."""
        self.out(self.room.join(OWNER, "Ah Keung", False, self.now, identity=IDENTITY[OWNER]))
        self.out(self.room.join(GUEST, "Ah Zan", False, self.now, identity=IDENTITY[GUEST]))
        for seat in (2, 3):
            self.act(OWNER, AddBot(seat))
        self.act(OWNER, SetRules(OPTIONS))
        self.act(GUEST, AcceptRules())
        self.act(OWNER, StartGame())
        self.brains = {p: make_bot("competent", self.rules, 40 + p) for p in (OWNER, GUEST)}

    @property
    def rules(self):  # type: ignore[no-untyped-def]
        assert self.room.rules is not None
        return self.room.rules

    def out(self, messages: list) -> None:  # type: ignore[type-arg]
        self.sent += messages

    def act(self, player: int, action: object) -> None:
        self.out(self.room.act(player, action, self.now))  # type: ignore[arg-type]

    def events(self, player: int | None = None) -> list[object]:
        return [
            m.event
            for p, m in self.sent
            if isinstance(m, EventMessage) and (player is None or p == player)
        ]

    def results(self) -> list[HandEnded]:
        seen: list[HandEnded] = []
        for event in self.events(OWNER if OWNER in self.room.members else None):
            if isinstance(event, HandEnded) and event not in seen:
                seen.append(event)
        return seen

    def step(self) -> None:
        """One move: a person's if one is asked, else the clock jumps to the next timer."""
        session = self.room.session
        assert session is not None
        window = self.room.contributions
        for player in sorted(self.playing):
            # As a client does on `deal_committed`: its contribution, before any move.
            member = self.room.members.get(player)
            if window is not None and member is not None and member.seat in window.awaited:
                value = bytes([player, window.hand_number % 256] * 16).hex()
                self.out(self.room.contribute(player, window.hand_number, value, self.now))
                return
        for player in sorted(self.playing):
            member = self.room.members.get(player)
            if member is None or member.seat is None or member.seat not in session.awaiting():
                continue
            if member.seat in self.room.autoplay:
                continue
            if session.phase is SessionPhase.BETWEEN_HANDS:
                self.act(player, ContinueGame())
                return
            assert session.hand is not None
            action = self.brains[player].choose(session.hand.live_view(member.seat))
            self.act(player, action)
            return
        wake = self.room.next_wakeup()
        assert wake is not None, "nobody to wait for and nothing due: the table is stuck"
        self.now = max(self.now, wake) + 0.001
        self.out(self.room.tick(self.now))

    def play_until_hands(self, hands: int, limit: int = 20_000) -> None:
        for _ in range(limit):
            if self.room.session is None or len(self.results()) >= hands:
                return
            self.step()
        raise AssertionError(f"{hands} hands did not finish")

    def play_until_session_ends(self, limit: int = 40_000) -> SessionEnded:
        for _ in range(limit):
            ended = [e for e in self.events() if isinstance(e, SessionEnded)]
            if ended:
                return ended[-1]
            self.step()
        raise AssertionError("the session did not end")
