"""听牌提示: the discards that leave the player's hand ready, read from the rules engine for
advice only (the host decides every win). A pure function of the view and the rules, kept
for the last few hands asked (a turn asks the same thing every frame)."""

from __future__ import annotations

import logging

from client.i18n import current_language, t, tile_name
from shared.analysis import discard_table
from shared.hand_value import best_win_fan as best_fan
from shared.ruleset import Ruleset
from shared.tiles import KINDS
from shared.views import SeatPublic, TableView, unseen_counts

log = logging.getLogger(__name__)


def hint_lines(view: TableView, rules: Ruleset | None) -> tuple[tuple[str, ...], ...]:
    """On the player's own turn with a drawn tile: a line a discard that leaves the hand
    ready, in pieces a line may break between ("Discard X: waits on", then one piece a wait
    with how many are unseen and the most fan a win on it would score, or that it would not
    reach the table's minimum). Empty at any other time."""
    if view.phase != "turn" or view.current_seat != view.seat or view.drawn is None:
        return ()
    if view.seat is None:
        return ()
    # The lines' words depend on the language: another language, other lines.
    key: tuple[object, ...] = (view.hand, view.drawn, view.seat, view.seats, view.seat_winds)
    key += (view.prevailing_wind, current_language())
    for known, known_rules, lines in _KNOWN:
        if known == key and known_rules == rules:
            return lines
    lines = _lines(
        view.hand,
        view.drawn,
        view.seat,
        view.seats,
        view.seat_winds[view.seat],
        view.prevailing_wind,
        rules,
    )
    _KNOWN.insert(0, (key, rules, lines))
    del _KNOWN[KEEP:]
    return lines


KEEP = 8
_KNOWN: list[tuple[tuple[object, ...], Ruleset | None, tuple[tuple[str, ...], ...]]] = []
"""The last hints worked out, newest first (a Ruleset holds dicts: no lru_cache)."""


def _lines(
    hand: tuple[int, ...],
    drawn: int,
    seat: int,
    seats: tuple[SeatPublic, ...],
    seat_wind: int,
    prevailing_wind: int,
    rules: Ruleset | None,
) -> tuple[tuple[str, ...], ...]:
    counts = [0] * KINDS
    for tile in (*hand, drawn):
        counts[tile] += 1
    own = seats[seat]
    lines: list[tuple[str, ...]] = []
    try:
        table = discard_table(counts, len(own.melds))
        ready = [(int(tile), better) for tile, shanten, better in table if shanten == 0 and better]
        unseen = unseen_counts(seats, counts)
        for tile, waits in ready[:4]:
            counts[tile] -= 1
            parts = []
            for wait in waits:
                fan = best_fan(own, seat_wind, prevailing_wind, counts, wait, rules)
                mark = t("hint.fan", fan=fan) if fan is not None else t("hint.no_win")
                parts.append(f"{tile_name(wait)}×{unseen[wait]} ({mark})")
            counts[tile] += 1
            head = t("hint.line", tile=tile_name(tile), waits="").rstrip()
            lines.append((head, *parts))
    except Exception:  # advice only: never let it stop the game, but say the rules failed
        log.exception("the hint could not be worked out: the rules engine failed on this hand")
        return ()
    return tuple(lines)
