"""The name a player is offered at first start (client/scenes/prompt.py NamePromptScene),
and what is wrong with a name typed there or in Settings (`name_problem`).

The computer's user name where the OS gives one (`getpass.getuser()`: LOGNAME, USER,
LNAME or USERNAME, else the password database), cut to what the host allows; where it
gives none that the host would take, 玩家 and four random digits ("Player 4821" in
English), so that two friends who both just press Enter are not one name at the table.
Never empty. A name the player chose before (anything but the old default "Player") is
offered as it is.
"""

from __future__ import annotations

import getpass
import logging
import random
import unicodedata

from client.i18n import t
from client.problem import problem
from client.settings import DEFAULT_PLAYER_NAME
from shared.names import NAME_MAX_COLUMNS, allowed_in_name, clean_name, name_width

log = logging.getLogger(__name__)

NAME_MAX_LENGTH = 24
"""The protocol's limit in code points (besides the width, shared/names.py)."""


def os_user_name() -> str:
    """The user name the OS gives this process, "" when it gives none."""
    try:
        return getpass.getuser()
    except Exception as exc:  # OSError, KeyError, ImportError: no name for this user
        log.info("no user name from the OS: %s", exc)
        return ""


def fitted_name(raw: str) -> str:
    """`raw` as the host would take it: the characters it refuses left out, cut to the
    length and width allowed; "" if nothing is left (only spaces, say)."""
    text = unicodedata.normalize("NFC", "".join(c for c in raw if allowed_in_name(c)))
    text = text.strip()[:NAME_MAX_LENGTH]
    while name_width(text) > NAME_MAX_COLUMNS:
        text = text[:-1]
    try:
        return clean_name(text)
    except ValueError:
        return ""


def suggested_name(current: str, rng: random.Random | None = None) -> str:
    """The name the first-start prompt starts with: `current` if the player chose it,
    else the OS user name, else 玩家 and four digits."""
    if current != DEFAULT_PLAYER_NAME and fitted_name(current) == current:
        return current
    name = fitted_name(os_user_name())
    if name:
        return name
    number = (rng or random.SystemRandom()).randrange(1000, 10000)
    return t("name.default", number=number)


def name_problem(text: str) -> str:
    """What is wrong with `text` as a player's name, in the player's language ("" if
    nothing): the host's own rules (shared/names.py)."""
    try:
        clean_name(text)
    except ValueError as exc:
        return t("name.empty") if not text.strip() else problem("name.invalid", exc)
    return ""
