"""Data the game carries from elsewhere that is no installed distribution, described for
the licence notices (machine.notices takes it from its callers: machine imports no
`shared`): Unicode's look-alike table that players' names are compared by."""

from __future__ import annotations

import msgspec

from shared import confusables_table


class CarriedData(msgspec.Struct, frozen=True):
    title: str
    """The notices' section: what it is and which version."""
    licence_id: str
    facts: tuple[str, ...]
    """Where it came from, a line each."""
    files: tuple[str, ...]
    """The game's files holding it (the first holds the licence text)."""
    text: str
    """The licence text."""


UNICODE_CONFUSABLES = CarriedData(
    title=f"Unicode confusables data {confusables_table.UNICODE_VERSION} (UTS #39)",
    licence_id="Unicode-3.0",
    facts=(
        "Source: https://www.unicode.org/Public/security/ (confusables.txt) and",
        "https://www.unicode.org/Public/UCD/ (DerivedCoreProperties.txt), as ICU carries them",
    ),
    files=("shared/confusables_table.py",),
    text=confusables_table.LICENCE,
)
"""The look-alike table (build_scripts/make_confusables.py), under the Unicode License V3."""

CARRIED: tuple[CarriedData, ...] = (UNICODE_CONFUSABLES,)
"""Everything of the kind the game carries: every build's notices hold each, with its text."""
