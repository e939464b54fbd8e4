"""The one family of errors the game raises for bad input, so callers catch one type."""

from __future__ import annotations


class MahjongError(ValueError):
    """Base of every error about bad input: a hand, an action, a message, a ruleset."""


class InvalidNotation(MahjongError):
    """A tile or hand string that does not follow the notation of RULES.md §1."""


class IllegalAction(MahjongError):
    """An action the rules do not allow in the current state."""


class ProtocolError(MahjongError):
    """A network message that is malformed or out of place."""


class RulesetError(MahjongError):
    """A preset or table option that is unknown or out of range."""


class InvariantError(AssertionError):
    """The table broke one of its own invariants: a bug, never a player's doing.

    (Raised by server/engine/table.py; kept here, outside the modules compiled by
    build_scripts/compile.py, since mypyc compiles no subclass of a built-in exception.)
    """
