"""Exporting a hand's record for a friend: the .gdmjrec file written to the player's
Documents folder (never over an earlier one), its path copied to the clipboard. History's
rows and the replay viewer both export through here."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import platformdirs

from client.clipboard import copy_text
from client.i18n import t
from client.problem import problem
from machine.files import atomic_write
from shared.records import RECORD_SUFFIX, RecordFile, encode_record_file

log = logging.getLogger(__name__)


def documents_dir() -> Path:
    """Where an exported record goes: the player's Documents folder."""
    return Path(platformdirs.user_documents_dir())


def export_name(record_file: RecordFile) -> str:
    """A file name for a friend: the date, the table and the hand, in safe characters."""
    table = re.sub(r"[^\w-]+", "-", record_file.session.table, flags=re.UNICODE).strip("-")
    date = re.sub(r"[^0-9]", "", record_file.session.started[:16])[:12] or "undated"
    number = record_file.record.hand_number
    return f"gdmj-{date}-{table[:40] or 'table'}-hand{number:03d}{RECORD_SUFFIX}"


def export_record(record_file: RecordFile, folder: Path | None = None) -> tuple[Path | None, str]:
    """Write the record's file to `folder` (Documents by default) under a name no earlier
    export has, copy its path; (the path, what to tell the player), or (None, the reason)
    when the folder refuses."""
    where = folder if folder is not None else documents_dir()
    name = export_name(record_file)
    stem = name.removesuffix(RECORD_SUFFIX)
    try:
        where.mkdir(parents=True, exist_ok=True)
        path = where / name
        n = 2
        while path.exists():
            path = where / f"{stem}-{n}{RECORD_SUFFIX}"
            n += 1
        atomic_write(path, encode_record_file(record_file))
    except OSError as exc:
        log.warning("could not export the record to %s: %s", where, exc)
        return None, problem("replay.export_failed", exc.strerror or exc)
    copy_text(str(path))
    return path, t("replay.exported", path=str(path))
