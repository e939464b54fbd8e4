"""The rules engine of Guangdong mahjong (鸡平和): tiles, hands, fan, payments, rulesets.

Pure Python with no I/O: the host, the client, the bots and the tests all share it.
"""

from shared.analysis import is_win, readings, shanten, waits
from shared.errors import IllegalAction, InvalidNotation, MahjongError, ProtocolError, RulesetError
from shared.fan import score_hand
from shared.melds import Meld, MeldKind
from shared.notation import Hand, format_tiles, parse_hand, parse_tiles
from shared.patterns import PATTERNS, Score, WinContext
from shared.ruleset import Ruleset, TableOptions, load_preset, make_ruleset
from shared.settlement import HandResult, Settlement, Winner, settle
from shared.tiles import Tile

__all__ = [
    "PATTERNS",
    "Hand",
    "HandResult",
    "IllegalAction",
    "InvalidNotation",
    "MahjongError",
    "Meld",
    "MeldKind",
    "ProtocolError",
    "Ruleset",
    "RulesetError",
    "Score",
    "Settlement",
    "TableOptions",
    "Tile",
    "WinContext",
    "Winner",
    "format_tiles",
    "is_win",
    "load_preset",
    "make_ruleset",
    "parse_hand",
    "parse_tiles",
    "readings",
    "score_hand",
    "settle",
    "shanten",
    "waits",
]
