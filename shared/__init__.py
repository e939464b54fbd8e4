"""What the host and the client share: the rules engine of Guangdong mahjong (鸡平和: tiles,
hands, fan, payments, rulesets), a table's actions, events and views, the wire messages.

Pure Python with no I/O, so the host, the client, the bots and the tests can all use it,
but for three modules that serve commands: `score_cli.py` (`gdmj-score`) and `console.py`
(its safe console output) touch stdin and stdout; `accelerator.py` reads the compiled
build's manifest and hashes the sources it names, the engine's in `server/` among them,
so that the game and the host say which engine runs and whether its build is stale.
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
