"""A hand whose record and scores cannot be written: the table's owner is told.

The players see the hand's result at once (server/disk_writer.py writes behind it); once
the writer gives up on a write (after its retries, about 5.6 s), the host logs an ERROR
and sends the owner a `notice` (PROTOCOL.md §5) naming what was not saved and the
system's reason, and the game goes on. A real host process; the disk is made to fail in a
way even root cannot write through: the records folder is a file, scores.json a folder.
"""

from __future__ import annotations

import datetime
import errno
import os
from pathlib import Path

from server.host import Host, HostConfig
from shared.events import HandEnded, HandStarted
from shared.protocol import Notice, decode_host
from tests.support.net import (
    close_all,
    make_player,
    make_players,
    pump,
    setup_table,
    start_host,
)


def test_the_owner_hears_of_each_write_the_host_gave_up_on(tmp_path: Path) -> None:
    data = tmp_path / "data"
    host = start_host(data, "Unsaved table", bots=3)
    players = []
    try:
        players = make_players(host.address, ["Owner"])
        guest = make_player(host.address, "Guest", spectate=True)
        players.append(guest)
        pump(players, lambda: guest.conn.welcome is not None, 10, what="the guest joins")
        # Now, not before the start: the host would move a bad scores.json aside.
        (data / "records").write_text("a file where the host keeps a folder")
        (data / "scores.json").mkdir()
        (data / "scores.json" / "inside").write_text("so that nothing can replace it")
        setup_table(players[:1])
        owner = players[0]

        def notices(player: object) -> list[Notice]:
            return [m for m in player.received if isinstance(m, Notice)]  # type: ignore[attr-defined]

        def ended() -> bool:
            return any(isinstance(e, HandEnded) for e in owner.events())

        pump(players, ended, 30, play=True, what="the first hand ends")
        assert notices(owner) == [], "the hand's result reached the players first"
        # Nobody plays now: between hands the table waits for the owner to continue (no
        # timers but the 60 s one), so the writer has the record, then the scores, to do.
        pump(players, lambda: notices(owner) != [], 30, what="a notice")
        record = notices(owner)[0]
        day = datetime.date.today().isoformat()
        assert record.code == "disk_write_failed"
        assert "record of hand 1" in record.text and f"{day}.jsonl" in record.text, record
        assert os.strerror(errno.EEXIST) in record.text, record  # mkdir on a file
        assert owner.conn.notices[0][1] == record, "the client keeps it (for its banner)"
        pump(
            players,
            lambda: any("scores.json" in n.text for n in notices(owner)),
            40,
            what="the notice of the scores",
        )
        scores = next(n for n in notices(owner) if "scores.json" in n.text)
        assert scores.code == "disk_write_failed"
        assert os.strerror(errno.EISDIR) in scores.text, scores
        assert str(data) in scores.text, "the owner is told where the files are"
        assert notices(guest) == [], "only the owner is told"
        # The failing disk holds nothing up: the next hand is played.
        pump(
            players,
            lambda: sum(isinstance(e, HandStarted) for e in owner.events()) >= 2,
            30,
            play=True,
            what="the next hand",
        )
        assert host.alive
        log = host.log_text()
        assert "ERROR" in log and "gave up writing the record of hand 1" in log, log[-2000:]
        assert "Traceback" not in log, log[-3000:]
    finally:
        close_all(players)
        host.stop()


class _Frames:
    """Stands in for the host's socket: keeps what is sent, to whom."""

    def __init__(self) -> None:
        self.sent: list[tuple[bytes, object]] = []

    def send_multipart(self, parts: list[bytes], flags: int = 0) -> None:
        self.sent.append((parts[0], decode_host(parts[1])))


def test_without_its_owner_a_table_hears_it_all_and_other_tables_nothing(tmp_path: Path) -> None:
    """The owner gone (dropped), everyone still connected at that table is told; a table
    the write was not for hears nothing."""
    host = Host(HostConfig(name="Main", data_dir=tmp_path, advertise=False))
    frames = _Frames()
    host._frames = frames  # type: ignore[assignment]
    try:
        room, other = host._room("Main"), host._room("Other")
        assert room is not None and other is not None
        for player, name, where in ((1, "Owner", room), (2, "Bea", room), (3, "Cy", other)):
            where.join(player, name, False, 0.0, identity=f"id:owner-notice-test-{player}")
            host.routing_ids[player] = f"id-{player}".encode()
        assert room.lobby.owner == 1
        room.lost(1, 0.0)
        del host.routing_ids[1]
        full = OSError(errno.ENOSPC, "No space left on device")
        host._write_failed("scores.json", full, frozenset({"Main"}))
        host._tell_owners()
        told = [(who, m) for who, m in frames.sent if isinstance(m, Notice)]
        assert [who for who, _ in told] == [b"id-2"], told
        assert "No space left on device" in told[0][1].text  # type: ignore[attr-defined]
    finally:
        host._ctx.term()
        host.writer.close()
