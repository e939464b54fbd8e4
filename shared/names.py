"""Players' names: what a name may contain, how wide it is, when two names are the same.

Shared because both sides need it: the host refuses a name it cannot show safely
(PROTOCOL.md §4), and the client keeps the name field within the same width.
"""

from __future__ import annotations

import unicodedata

NAME_MAX_COLUMNS = 24
"""A player's name is at most this wide on screen: East Asian wide characters count 2
(besides the protocol's 24 code points)."""


_REFUSED_IN_NAMES = {
    "Cc": "a control character",
    "Cf": "a format character (bidi control, zero-width)",
    "Co": "a private-use character",
    "Cs": "a surrogate",
    "Cn": "an unassigned code point",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
"""Unicode general categories a player's name may not contain (PROTOCOL.md §4)."""


def name_width(name: str) -> int:
    """Columns on screen: East Asian wide and fullwidth characters 2, combining marks 0."""
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me")
        else 2
        if unicodedata.east_asian_width(c) in ("W", "F")
        else 1
        for c in name
    )


def allowed_in_name(c: str) -> bool:
    """Whether the host takes the character `c` in a name (what a name field lets in)."""
    return unicodedata.category(c) not in _REFUSED_IN_NAMES


def clean_name(raw: str) -> str:
    """A player's name as the table shows it: NFC, surrounding spaces stripped; raises
    ValueError with the reason for a name the host refuses."""
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        raise ValueError("a player needs a name (not only spaces)")
    for c in name:
        what = _REFUSED_IN_NAMES.get(unicodedata.category(c))
        if what is not None:
            raise ValueError(f"a name may not contain {what} (U+{ord(c):04X})")
    if len(name) > 24:
        raise ValueError("a name is at most 24 characters")
    if name_width(name) > NAME_MAX_COLUMNS:
        raise ValueError(
            f"a name is at most {NAME_MAX_COLUMNS} columns wide (Chinese characters count 2)"
        )
    return name


def name_key(name: str) -> str:
    """What two names are compared by: names differing only by case or width (NFKC and
    case folding) are the same name at a table."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded)
