"""`gdmj-host` starting and stopping: what it says when it cannot start, its key pair, its
scores file, --insecure (issue 13 "Starting and stopping")."""

from __future__ import annotations

import json
import logging
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import zmq

from machine.keys import KeyPairError, load_or_make_keys
from server.store import ScoreStore
from tests.support.net import PYTHON, READY, ROOT, LineReader, net_env, net_stop


def _gdmj_host(
    tmp_path: Path, *args: str, launcher: tuple[str, ...] = ("-m", "server.cli")
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [PYTHON, *launcher, "--no-advertise", "--data-dir", str(tmp_path / "data"), *args],
        cwd=ROOT,
        env=net_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_port_in_use_exits_1_at_once_with_one_line(tmp_path: Path) -> None:
    port = _free_port()
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", port))
        holder.listen()
        proc = _gdmj_host(tmp_path, "--port", str(port), "--bind", "127.0.0.1")
        try:
            # "At once": it exits by itself, neither retrying the bind nor hanging on the
            # context's term(). The limit is only a generous deadline: the interpreter's
            # start and imports alone can take seconds on a loaded machine.
            out, err = proc.communicate(timeout=60)
        finally:
            net_stop(proc)
    assert proc.returncode == 1, (out, err)
    last = [line for line in err.splitlines() if line.startswith("gdmj-host:")]
    assert last == [f"gdmj-host: cannot listen on 127.0.0.1:{port}: Address already in use"], err
    assert "Traceback" not in err


def test_an_address_not_of_this_computer_exits_1(tmp_path: Path) -> None:
    proc = _gdmj_host(tmp_path, "--port", str(_free_port()), "--bind", "192.0.2.1")
    try:
        _, err = proc.communicate(timeout=10)
    finally:
        net_stop(proc)
    assert proc.returncode == 1
    assert "gdmj-host: cannot listen on 192.0.2.1:" in err and "Traceback" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_stop_the_host_cleanly(tmp_path: Path, sig: int) -> None:
    proc = _gdmj_host(tmp_path, "--port", "0", "--bind", "127.0.0.1")
    try:
        LineReader(proc).wait_for(READY.pattern, 20)
        proc.send_signal(sig)
        proc.wait(5)
    finally:
        net_stop(proc)
    assert proc.returncode == 0


def test_a_key_pair_that_does_not_match_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    public, _ = load_or_make_keys(data, "host")
    _, other_secret = zmq.curve_keypair()
    (data / "host.key_secret").write_bytes(other_secret)
    with pytest.raises(KeyPairError, match=r"is not the public key of host\.key_secret"):
        load_or_make_keys(data, "host")
    proc = _gdmj_host(tmp_path, "--port", "0", "--bind", "127.0.0.1")
    try:
        _, err = proc.communicate(timeout=15)
    finally:
        net_stop(proc)
    assert proc.returncode == 1
    assert "gdmj-host: host.key in" in err and "Traceback" not in err
    assert (data / "host.key").read_bytes() == public, "the files are left as they were"


def test_a_replaced_key_is_a_warning_that_the_address_changed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "data"
    first, _ = load_or_make_keys(data, "host")
    (data / "host.key_secret").unlink()
    with caplog.at_level(logging.INFO, logger="machine.keys"):
        second, _ = load_or_make_keys(data, "host")
    assert second != first
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings and "friends need the new one" in warnings[0].getMessage()


def test_each_corrupt_scores_file_is_kept_with_its_own_name(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    path.write_bytes(b"{not json")
    assert ScoreStore(path).unclaimed == {} and ScoreStore(path).players == {}
    path.write_bytes(b"[1, 2")
    assert ScoreStore(path).unclaimed == {} and ScoreStore(path).players == {}
    kept = sorted(p.read_bytes() for p in tmp_path.glob("scores.json.corrupt-*"))
    assert kept == [b"[1, 2", b"{not json"], "a second corruption overwrote the first backup"


def test_bad_scores_are_left_out_with_a_message_and_the_rest_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "scores.json"
    original = {"Ah Keung": 1200, "Huge": 10**30, "Odd": "lots", "Ah Zan": -40, "Yes": True}
    path.write_text(json.dumps(original), encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="server.store"):
        store = ScoreStore(path)
    assert store.unclaimed == {"Ah Keung": 1200, "Ah Zan": -40}  # a version-1 file
    (message,) = [r.getMessage() for r in caplog.records]
    assert "3 bad entries" in message and "'Huge'" in message and "'Odd'" in message
    (kept,) = tmp_path.glob("scores.json.corrupt-*")
    assert json.loads(kept.read_text(encoding="utf-8")) == original, "nothing is lost"


def test_insecure_listens_on_this_computer_only_unless_told(tmp_path: Path) -> None:
    proc = _gdmj_host(tmp_path, "--port", "0", "--insecure")
    try:
        line = LineReader(proc).wait_for(READY.pattern, 20)
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    finally:
        net_stop(proc)
    ready = READY.match(line)
    assert ready is not None and ready.group("address").startswith("127.0.0.1:"), line
    assert "INSECURE" in err and "127.0.0.1 only" in err


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _has_ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_a_host_on_ipv6_loopback_serves_a_player(tmp_path: Path) -> None:
    from client.net import Address, Connection

    proc = _gdmj_host(tmp_path, "--port", "0", "--bind", "::1")
    try:
        line = LineReader(proc).wait_for(READY.pattern, 20)
        ready = READY.match(line)
        assert ready is not None
        text = ready.group("address")
        assert text.startswith("[::1]:"), text
        address = Address.parse(text)
        assert address.host == "::1" and str(address) == text
        conn = Connection(address, "Ah Keung")
        conn.connect()
        deadline = time.monotonic() + 10
        while conn.welcome is None and time.monotonic() < deadline:
            conn.poll(20)
        conn.close()
        assert conn.welcome is not None, conn.errors
    finally:
        net_stop(proc)


@pytest.mark.skipif(sys.platform == "win32", reason="no open-file limit to set (resource)")
def test_a_flood_of_raw_connections_does_not_use_up_the_hosts_files(tmp_path: Path) -> None:
    """Soft and hard open-file limits of 256 (macOS's default soft limit): 300 raw TCP
    connections that never say anything. The host sizes its connection cap from the limit,
    ZeroMQ closes the raw ones once their handshake time is up, and a player joins."""
    from client.net import Address, Connection

    launcher = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))\n"
        "from server.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    proc = _gdmj_host(tmp_path, "--port", "0", "--bind", "127.0.0.1", launcher=("-c", launcher))
    raw: list[socket.socket] = []
    try:
        ready = READY.match(LineReader(proc).wait_for(READY.pattern, 20))
        assert ready is not None
        address = Address.parse(ready["address"])
        for _ in range(300):
            s = socket.socket()
            s.settimeout(2)
            try:
                s.connect(("127.0.0.1", address.port))
            except OSError:
                s.close()
                continue
            raw.append(s)
        started = time.monotonic()
        conn = Connection(address, "Ah Keung")
        conn.connect()
        while conn.welcome is None and time.monotonic() - started < 15:
            conn.poll(50)
        conn.close()
        assert conn.welcome is not None, "the raw connections kept a player out"
        assert proc.poll() is None, "the host died"
    finally:
        for s in raw:
            s.close()
        proc.terminate()
        _, err = proc.communicate(timeout=10)
        net_stop(proc)
    assert "allows 192 connections, not 512" in err
