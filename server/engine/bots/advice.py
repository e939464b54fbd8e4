"""出牌建议 Suggest: what the strong computer player would do in a seat's place, and why in
one line.

From the seat's own view only (a client has nothing else): the strong player's choice
(server/engine/bots/strong.py) and a reason as a catalogue key with its fields, so that the
client says it in the player's language (client/i18n_suggest.py). Deterministic (the strong
player draws nothing at random) and within its budget: at most two of its decisions (p99
2.6 ms, slowest 15 ms over 3,057 decisions: docs/decisions/0005-decision-time.md).

The reason names what decided the choice:

- a discard made for safety (the same player with no defence would let another tile go),
  or a tile plainly safe while someone looks ready: why it is safe — every other copy
  visible, in the threatening player's own river, passed since their last discard, or
  just the least dangerous;
- otherwise the form the hand is kept for (混一色, 对对和, 七对), or, for the quickest win,
  how many live tiles win (ready) or help (not yet);
- a claim: the form it serves or the step nearer to ready; a pass: that the claim does not
  pay; a win or a kong: that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from server.engine.bots.danger import Opponent, deal_in_chance
from server.engine.bots.strong import StrongBot, _with_laid
from shared.actions import (
    AddedKong,
    AnyAction,
    Chow,
    ClaimKong,
    ConcealedKong,
    DeclareWin,
    Discard,
    Pass,
    Pung,
)
from shared.analysis import improving_kinds, shanten, waits
from shared.ruleset import Ruleset
from shared.tiles import FIRST_HONOR, KINDS
from shared.views import SeatView

FORMS = ("quick", "mixed_one_suit", "all_pungs", "seven_pairs")
"""The forms the strong player weighs a hand by (strong.py `hand_worth`)."""
SEEN_SAFE = ("suggest.safe.visible", "suggest.safe.river", "suggest.safe.passed")
"""Safety a player can check on the table."""
SAFE_CHANCE = 0.02
"""A discard is called safe when its chance of feeding a win is at most this."""


@dataclass(frozen=True)
class Advice:
    action: AnyAction
    """What the strong player would do: one of the view's legal actions."""
    reason: str
    """A catalogue key, `suggest.…` (client/i18n_suggest.py)."""
    args: dict[str, int | str] = field(default_factory=dict)
    """The key's fields: `tile` (a kind 0–33), `count`, `steps`."""


def advise(view: SeatView, rules: Ruleset) -> Advice | None:
    """The strong player's choice for this seat and its reason; None when there is nothing
    to choose (no legal action, or only the dice to roll)."""
    legal = view.legal
    if not legal or view.seat is None or view.phase == "roll":
        return None
    bot = StrongBot(rules, random.Random(0))
    action = bot.choose(view)
    if isinstance(action, DeclareWin):
        return Advice(action, "suggest.win")
    if isinstance(action, ConcealedKong | AddedKong):
        return Advice(action, "suggest.kong", {"tile": action.tile})
    if isinstance(action, ClaimKong):
        return Advice(action, "suggest.kong", {"tile": _claimed(view)})
    if isinstance(action, Discard):
        return _discard(view, rules, bot, action)
    if isinstance(action, Pung | Chow):
        return _claim(view, bot, action)
    if isinstance(action, Pass) and view.last_discard is not None:
        return Advice(action, "suggest.pass", {"tile": view.last_discard[1]})
    return Advice(action, "suggest.plain")


def _claimed(view: SeatView) -> int:
    return view.last_discard[1] if view.last_discard is not None else 0


def _discard(view: SeatView, rules: Ruleset, bot: StrongBot, action: Discard) -> Advice:
    tile = action.tile
    seat, opponents = bot.last_read
    if seat.alarm > 0:
        bold = StrongBot(rules, random.Random(0), defence=0.0).choose(view)
        safety = _safety(tile, opponents, seat.unseen)
        # Safety is the reason when it changed the choice, or when someone looks ready
        # and the tile is safe for a reason a player can see.
        if bold != action or safety.reason in SEEN_SAFE:
            return safety
    counts = view.concealed_counts()
    counts[tile] -= 1
    melds = view.melds_laid()
    form = bot.kept_form(view, counts, melds, None)
    if form != "quick":
        return Advice(action, f"suggest.keeps.{form}", {"tile": tile})
    return _progress(action, counts, melds, seat.unseen, rules.seven_pairs and melds == 0)


def _progress(
    action: AnyAction, counts: list[int], melds: int, unseen: list[int], seven: bool
) -> Advice:
    """The quickest win's reason: how many live tiles win, or help toward ready."""
    tile = action.tile if isinstance(action, Discard) else 0
    steps = shanten(counts, melds, seven)
    if steps == 0:
        live = sum(unseen[k] for k in waits(counts, melds, seven))
        return Advice(action, "suggest.ready", {"tile": tile, "count": live})
    live = sum(unseen[k] for k in improving_kinds(counts, melds))
    return Advice(action, "suggest.nearest", {"tile": tile, "count": live, "steps": steps})


def _safety(tile: int, opponents: list[Opponent], unseen: list[int]) -> Advice:
    """Why a tile let go for safety is safe, the strongest reason first."""
    action = Discard(tile)
    threats = [o for o in opponents if o.ready >= 0.1] or opponents
    if tile >= FIRST_HONOR and unseen[tile] == 0:
        return Advice(action, "suggest.safe.visible", {"tile": tile, "count": 3})
    if all(tile in o.river for o in threats):
        return Advice(action, "suggest.safe.river", {"tile": tile})
    if all(tile in o.river or tile in o.passed for o in threats):
        return Advice(action, "suggest.safe.passed", {"tile": tile})
    if deal_in_chance(tile, opponents, unseen) <= SAFE_CHANCE:
        return Advice(action, "suggest.safe.low", {"tile": tile})
    return Advice(action, "suggest.safe.least", {"tile": tile})


def _claim(view: SeatView, bot: StrongBot, action: Pung | Chow) -> Advice:
    tile = _claimed(view)
    counts = view.concealed_counts()
    melds = view.melds_laid()
    after = list(counts)
    if isinstance(action, Pung):
        after[tile] -= 2
        laid = ("pung", tile)
    else:
        for t in (action.low, action.low + 1, action.low + 2):
            if t != tile:
                after[t] -= 1
        laid = ("chow", action.low)
    # The hand after the claim keeps 3n+2 tiles: its form is that of its best discard.
    seat, opponents = bot.last_read
    kinds, suits = _with_laid(seat, *laid)
    choices = [k for k in range(KINDS) if after[k]]
    _, best = bot._best_discard(
        view, after, melds + 1, seat, opponents, choices, kinds, suits, laid
    )
    after[best] -= 1
    form = bot.kept_form(view, after, melds + 1, laid)
    after[best] += 1
    if form != "quick":
        return Advice(action, f"suggest.claim.{form}", {"tile": tile})
    steps = max(0, shanten(after, melds + 1))
    if steps == 0:
        return Advice(action, "suggest.claim.ready", {"tile": tile})
    return Advice(action, "suggest.claim.nearer", {"tile": tile, "steps": steps})
