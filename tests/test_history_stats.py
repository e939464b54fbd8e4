"""A player's statistics (client/record_stats.py) from hand-made sessions, each expectation
counted by hand from the hands below."""

from __future__ import annotations

from collections import Counter

from client.record_stats import players, statistics
from client.record_store import HandLine, SessionLine, WinLine
from shared.records import RecordSeat, RecordSession

ME = "1111111111111111"
MY_OTHER = "2222222222222222"  # this install's client id, on an insecure host
BEA = "bbbbbbbbbbbbbbbb"


def seats(*people: tuple[str, str]) -> tuple[RecordSeat, ...]:
    chosen = [RecordSeat(name, "human", identity=who) for name, who in people]
    while len(chosen) < 4:
        chosen.append(RecordSeat("阿明", "bot", level="normal"))
    return tuple(chosen)


def hand(
    number: int,
    kind: str,
    winners: tuple[WinLine, ...],
    loser: int | None,
    deltas: tuple[int, int, int, int],
) -> HandLine:
    return HandLine(
        number,
        f"hand-{number:03d}.gdmjrec",
        0,
        kind,
        winners,
        loser,
        deltas,
        tuple(1000 + d for d in deltas),
    )


SESSIONS = [
    # Oldest: I sit at seat 0 (by my key), Bea at 1.
    SessionLine(
        "a",
        RecordSession("a", "T", "2026-11-01T10:00:00Z"),
        seats(("Me", ME), ("Bea", BEA)),
        [
            hand(
                1,
                "self_drawn",
                (WinLine(0, 3, 8, ("pure_one_suit", "self_drawn")),),
                None,
                (24, -8, -8, -8),
            ),
            hand(2, "discard", (WinLine(1, 1, 2, ("all_chows",)),), 0, (-2, 2, 0, 0)),
            hand(3, "draw", (), None, (0, 0, 0, 0)),
        ],
    ),
    # Then: I sit at seat 2 by my client id; Bea is "Bea2" now (her latest name).
    SessionLine(
        "b",
        RecordSession("b", "T", "2026-11-02T10:00:00Z"),
        seats(("Bea2", BEA), ("阿明", ""), ("Me", MY_OTHER)),
        [
            hand(1, "discard", (WinLine(2, 2, 4, ("all_pungs",)),), 1, (0, -4, 4, 0)),
            hand(2, "robbing_kong", (WinLine(0, 2, 4, ("robbing_the_kong",)),), 2, (4, 0, -4, 0)),
        ],
    ),
    # Latest: a session I only watched (Bea and two others): not mine.
    SessionLine(
        "c",
        RecordSession("c", "T", "2026-11-03T10:00:00Z"),
        seats(("Bea2", BEA), ("Cy", "cccccccccccccccc")),
        [
            hand(1, "draw", (), None, (0, 0, 0, 0)),
        ],
    ),
]


def test_my_figures_over_every_session_i_sat_at() -> None:
    stats = statistics(SESSIONS, frozenset({ME, MY_OTHER}))
    assert stats.sessions == 2
    assert stats.hands == 5
    assert stats.wins == 2  # hand a1 (self-drawn, 3 fan) and b1 (on a discard, 2 fan)
    assert stats.self_drawn == 1
    assert stats.deal_ins == 2  # a2 (my discard) and b2 (my kong robbed)
    assert stats.win_rate == 2 / 5
    assert stats.self_drawn_share == 1 / 2
    assert stats.deal_in_rate == 2 / 5
    assert stats.average_fan == 5 / 2
    assert stats.patterns == Counter({"pure_one_suit": 1, "self_drawn": 1, "all_pungs": 1})
    assert stats.points == [24, 22, 22, 26, 22]
    assert stats.session_starts == [0, 3]


def test_the_last_session_only() -> None:
    stats = statistics(SESSIONS, frozenset({ME, MY_OTHER}), last=1)
    assert (stats.sessions, stats.hands, stats.wins, stats.deal_ins) == (1, 2, 1, 1)
    assert stats.points == [4, 0]
    assert stats.self_drawn_share == 0.0


def test_someone_else_by_identity_named_with_their_latest_name() -> None:
    listed = players(SESSIONS, frozenset({ME, MY_OTHER}), "Me")
    assert [(p.name, p.own) for p in listed] == [("Me", True), ("Bea2", False), ("Cy", False)]
    bea = statistics(SESSIONS, listed[1].fingerprints)
    assert (bea.sessions, bea.hands, bea.wins, bea.deal_ins) == (3, 6, 2, 0)  # a2, b2
    assert bea.points == [-8, -6, -6, -6, -2, -2]


def test_no_hands_no_rates() -> None:
    stats = statistics(SESSIONS, frozenset({"nobody"}))
    assert stats.hands == 0 and stats.win_rate is None and stats.average_fan is None
    assert stats.points == []


def test_a_hand_row_shows_the_viewers_own_points() -> None:
    """History's 得分 column: the viewer's own result in the hand (−2 when Bea won +6 on
    their discard), not the winner's gain; each winner's gain in a watched session."""
    from client.i18n import set_language
    from client.scenes.history import result_text

    set_language("zh-Hans")
    session = SessionLine(
        "s",
        RecordSession("s", "周五", "2026-11-06T19:30:00Z", "小龙"),
        seats(("小龙", ME), ("Bea", BEA)),
        [
            hand(1, "discard", (WinLine(1, 3, 6, ("chicken_hand",)),), 0, (-2, 6, -2, -2)),
            hand(2, "draw", (), None, (0, 0, 0, 0)),
        ],
    )
    assert result_text(session, 0, viewer=0)[1] == "-2"
    assert result_text(session, 0, viewer=1)[1] == "+6"
    assert result_text(session, 1, viewer=0)[1] == "0"
    assert result_text(session, 0, viewer=None)[1] == "+6"  # watched: the winner's gain
