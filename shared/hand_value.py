"""What a ready hand is worth: the most fan a win on one of its waits would score.

Read by the live table's hint (client/scenes/table_hint.py) and by the coach of the replay
viewer (server/engine/bots/coach.py), both for advice only: the host decides every win.
"""

from __future__ import annotations

from shared.ruleset import Ruleset
from shared.tiles import KINDS, Tile
from shared.views import SeatPublic


def best_win_fan(
    own: SeatPublic,
    seat_wind: int,
    prevailing_wind: int,
    counts: list[int],
    wait: int,
    rules: Ruleset | None,
) -> int | None:
    """The most fan a win on `wait` would score (discard or self-draw), or None when no such
    win may be declared (below the table's minimum fan)."""
    # Imported on first use: the scoring code is not needed to start the game.
    from shared.fan import score_hand
    from shared.notation import Hand
    from shared.patterns import WinContext

    if rules is None:
        return None
    placed = [meld for m in own.melds if (meld := m.meld()) is not None]
    if len(placed) != len(own.melds):  # a meld whose tiles the viewer does not know
        return None
    hand = Hand(
        tuple(Tile(k) for k in range(KINDS) for _ in range(counts[k])),
        tuple(placed),
        Tile(wait),
        tuple(Tile(f) for f in own.flowers),
    )
    best = None
    for self_drawn in (False, True):
        context = WinContext(
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            prevailing_wind=prevailing_wind,
            flowers=len(own.flowers),
        )
        score = score_hand(hand, context, rules)
        if score.win and score.can_declare and (best is None or score.fan > best):
            best = score.fan
    return best
