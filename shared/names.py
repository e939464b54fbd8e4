"""Players' names: what a name may contain, how wide it is, when two names are the same.

Shared because both sides need it: the host refuses a name it cannot show safely
(PROTOCOL.md §4), and the client keeps the name field within the same width.
"""

from __future__ import annotations

import base64
import unicodedata
import zlib
from functools import cache

from shared import confusables_table

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


def _folded(name: str) -> str:
    """Case and width folded (NFKC and case folding): `Ａｎｎ`, `ANN` and `ann` alike."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@cache
def _prototypes() -> dict[int, str]:
    """Unicode's confusables (UTS #39): each code point with a look-alike prototype → it;
    the default-ignorable code points → "" (a skeleton drops them)."""
    table: dict[int, str] = {}
    for spec in confusables_table.IGNORABLE.split():
        first, _, last = spec.partition("..")
        table.update(dict.fromkeys(range(int(first, 16), int(last or first, 16) + 1), ""))
    text = zlib.decompress(base64.b64decode(confusables_table.PROTOTYPES)).decode("ascii")
    for line in text.splitlines():
        source, *prototype = line.split()
        table[int(source, 16)] = "".join(chr(int(c, 16)) for c in prototype)
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton: NFD, default-ignorables dropped, each character replaced by
    its prototype, NFD again. Two strings that look alike (Cyrillic `А` and Latin `A`,
    `rn` and `m`) have the same skeleton."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(_prototypes()))


def name_key(name: str) -> str:
    """What two names are compared by: names that look alike are the same name at a table,
    whether by case or width (NFKC and case folding) or by look-alike characters of other
    scripts (the UTS #39 skeleton of the folded name, folded again: `АNN` with a Cyrillic
    А is `ann`). Chinese characters stay as written: 阿強 and 阿强 are two people."""
    return _folded(skeleton(_folded(name)))


def look_alike_letters(name: str, limit: int = 2) -> str:
    """The characters of `name` that only look like others (their skeleton differs), for a
    refusal's reason: 'U+0410 CYRILLIC CAPITAL LETTER A'; "" when there are none."""
    found = [
        f"U+{ord(c):04X} {unicodedata.name(c, '?')}"
        for c in dict.fromkeys(name)
        if _folded(skeleton(_folded(c))) != _folded(c)
    ]
    more = f" and {len(found) - limit} more" if len(found) > limit else ""
    return ", ".join(found[:limit]) + more
