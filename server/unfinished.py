"""The table the game's own host left in play: what its journal says, to offer resuming it.

The host inside the game journals its tables as `gdmj-host` does (server/journal.py) and
removes the journals when its player closes the table on purpose (server/local.py). A
journal still there when the player hosts again means the game crashed or was killed
mid-session: `unfinished_table` reads it back (the same replay the host's restore does) so
the host form can say what would come back (taken on through the hands already on record,
as the restore does: server/reconcile.py); `discard_journals` is the player's "new table".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from server.journal import JournalCorrupt, read_journal
from server.reconcile import recorded_hands, take_on

log = logging.getLogger(__name__)

JOURNAL_FOLDER = "journal"
"""The folder of a data dir that HostConfig.journal writes to (server/host.py)."""
RECORDS_FOLDER = "records"
"""The folder of a data dir the host's hand records go to (server/host.py)."""


@dataclass(frozen=True)
class UnfinishedTable:
    """A session in play when its host stopped without closing it."""

    table: str
    hand_number: int
    prevailing_wind: int
    """0–3: 东 南 西 北."""
    players: tuple[tuple[str, int, bool], ...]
    """(name, score, a computer player?) of each seat, in seat order."""
    between_hands: bool


def unfinished_table(data_dir: Path) -> UnfinishedTable | None:
    """The newest journal in `data_dir` whose session is still in play, or None.

    A journal that cannot be replayed is no offer (the host sets it aside when it starts);
    one whose session ended (`.done`, or its `end` entry) is not either."""
    folder = data_dir / JOURNAL_FOLDER
    try:
        paths = sorted(folder.glob("*.jnl"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError as exc:  # a journal removed while listed, an unreadable folder
        log.warning("the journals in %s cannot be listed: %s", folder, exc)
        return None
    for path in paths:
        try:
            replayed = read_journal(path)
            take_on(replayed, recorded_hands(data_dir / RECORDS_FOLDER, replayed.begun.started))
        except JournalCorrupt as exc:
            log.warning("journal %s is no table to resume: %s", path, exc)
            continue
        except Exception:  # an unreadable journal must never stop the player hosting
            log.exception("journal %s could not be read back", path)
            continue
        if replayed.over:
            continue
        session = replayed.session
        hand = session.hand
        seats = replayed.begun.seats
        return UnfinishedTable(
            table=replayed.begun.table,
            hand_number=session.hand_number,
            prevailing_wind=session.prevailing_wind,
            players=tuple(
                (seat.name, score, seat.bot)
                for seat, score in zip(seats, session.scores, strict=True)
            ),
            between_hands=hand is None or hand.ended,
        )
    return None


def discard_journals(data_dir: Path) -> None:
    """Remove the journals of sessions in play in `data_dir`: the player chose a new table
    over resuming, or closed the table on purpose (its players were told it closed, so
    none would come back to it). A `.done` journal stays: the next host start completes
    its hands' records from it. Raises OSError if one cannot be removed."""
    folder = data_dir / JOURNAL_FOLDER
    if not folder.is_dir():
        return
    for path in folder.glob("*.jnl"):
        path.unlink(missing_ok=True)
        log.info("journal %s discarded", path.name)
