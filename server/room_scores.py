"""A table's scores outside a hand: what each seat starts a session with, who is below
the minimum to play (RULES.md §2: 50 × base), what a closing host says was saved
(PROTOCOL.md §10.9 `table_closed.scores`), and the session's running scoreboard
(PROTOCOL.md §5 `score_sheet`)."""

from __future__ import annotations

from collections.abc import Mapping

from server.engine.lobby import Lobby
from server.engine.session import MIN_SCORE_BASES, Session
from server.room_joining import Member
from server.store import ScoreStore
from shared.protocol import Error, SavedScore, ScoreSheet


def starting_scores(
    lobby: Lobby, members: Mapping[int, Member], store: ScoreStore, bot_scores: Mapping[int, int]
) -> list[int]:
    """Each seat's score for a new session: a player's saved one, a computer player's
    from the session before (or `starting_score` for a fresh one)."""
    rules = lobby.ruleset()
    scores = []
    for seat, occupant in enumerate(lobby.seats):
        assert occupant is not None
        if occupant.bot:
            scores.append(bot_scores.get(seat, rules.starting_score))
        else:
            member = members.get(occupant.player or 0)
            identity = member.identity if member is not None else ""
            scores.append(store.get(identity, rules.starting_score))
    return scores


def below_the_minimum(lobby: Lobby, scores: list[int]) -> list[tuple[int, int]]:
    """(seat, score) of each player whose score (of `scores`, one a seat) is below 50 × base."""
    minimum = MIN_SCORE_BASES * lobby.ruleset().base
    return [
        (seat, scores[seat])
        for seat, occupant in enumerate(lobby.seats)
        if occupant is not None and not occupant.bot and scores[seat] < minimum
    ]


def score_too_low_error(score: int, minimum: int) -> Error:
    return Error(
        "score_too_low",
        f"您的积分不足，不能进行下一局 — your score {score} is below {minimum} (50 × base)",
    )


def saved_scores(
    lobby: Lobby, members: Mapping[int, Member], session: Session | None, store: ScoreStore
) -> tuple[SavedScore, ...]:
    """What a closing host tells everyone was saved (TableClosed.scores): mid-session
    the session's scores, which change only when a hand ends and are saved then; in
    the lobby the saved score of each seated player who has one."""
    scores = []
    identities = {m.seat: m.identity for m in members.values() if m.seat is not None}
    for seat, occupant in enumerate(lobby.seats):
        if occupant is None:
            continue
        identity = identities.get(seat)
        if session is not None:
            scores.append(SavedScore(occupant.name, session.scores[seat], occupant.bot))
        elif not occupant.bot and identity is not None and store.known(identity):
            scores.append(SavedScore(occupant.name, store.get(identity, 0)))
    return tuple(scores)


def score_sheet(lobby: Lobby, session: Session) -> ScoreSheet:
    """The session's scoreboard so far: the seats' names, their starting scores and a
    line for each finished hand (Session.sheet)."""
    names = tuple(o.name if o is not None else "" for o in lobby.seats)
    return ScoreSheet(
        (names[0], names[1], names[2], names[3]),
        session.start_scores,
        tuple(session.sheet),
        over=session.over,
    )
