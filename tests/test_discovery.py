"""Finding tables on the LAN (DNS-SD over multicast DNS).

On loopback: an in-process host whose advertiser is held to 127.0.0.1 (so nothing goes
out on this machine's real interfaces) and a TableBrowser on 127.0.0.1.

Between two network namespaces made by the test (a veth pair with 10.x addresses that
exist only inside them): the real `gdmj-host` in one, a browser process in the other.
Skipped off Linux (network namespaces are Linux's) and where `ip netns add` is not
permitted; the namespaces are always deleted.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import logging
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import zeroconf.asyncio

from client.discovery import TableBrowser, TableInfo
from server.host import HostConfig
from server.local import LocalHost
from shared.protocol import PROTOCOL_VERSION
from tests.support.net import (
    PYTHON,
    ROOT,
    LineReader,
    NetHost,
    close_all,
    linux_only,
    make_player,
    net_env,
    net_stop,
    pump,
    start_host,
)

FOUND_WITHIN_S = 2.0
BROWSE_SCRIPT = ROOT / "tests" / "support" / "net_browse_proc.py"


# --- on loopback ---------------------------------------------------------------------------


@pytest.fixture
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's advertiser on 127.0.0.1 only (it would otherwise use every interface)."""
    monkeypatch.setattr(
        zeroconf.asyncio,
        "AsyncZeroconf",
        functools.partial(zeroconf.asyncio.AsyncZeroconf, interfaces=["127.0.0.1"]),
    )


@contextlib.contextmanager
def local_host(data_dir: Path, name: str, code: str = "") -> Iterator[LocalHost]:
    config = HostConfig(
        name=name,
        port=0,
        bind="127.0.0.1",
        code=code,
        data_dir=data_dir,
        bot_delay=0,
        advertise=True,
    )
    local = LocalHost(config)
    local.start()
    try:
        yield local
    finally:
        local.stop()


@contextlib.contextmanager
def browser() -> Iterator[TableBrowser]:
    b = TableBrowser(interfaces=["127.0.0.1"])
    try:
        yield b
    finally:
        b.close()


def wait_table(
    b: TableBrowser, name: str, limit_s: float, check=lambda t: True
) -> tuple[TableInfo | None, float]:
    """The table `name` as the browser sees it once `check` holds, and how long it took."""
    start = time.monotonic()
    while True:
        table = next((t for t in b.tables() if t.name == name), None)
        if table is not None and check(table):
            return table, time.monotonic() - start
        if time.monotonic() - start > limit_s:
            return table, time.monotonic() - start
        time.sleep(0.02)


def test_browser_finds_tables_on_loopback(loopback_only: None, tmp_path: Path) -> None:
    with (
        local_host(tmp_path / "a", "Coded table", code="4321") as coded,
        local_host(tmp_path / "b", "Open table") as open_,
        browser() as b,
    ):
        assert coded.host is not None and open_.host is not None
        for local, code in ((coded, True), (open_, False)):
            host = local.host
            assert host is not None
            table, took = wait_table(b, host.config.name, FOUND_WITHIN_S)
            assert table is not None, f"{host.config.name} not found in {took:.2f}s"
            assert took <= FOUND_WITHIN_S
            assert table.address.host == "127.0.0.1"
            assert table.address.port == host.port
            assert table.address.key == host.key_text
            assert table.seats_free == 4
            assert table.code_required is code
            assert table.protocol == PROTOCOL_VERSION

        # Someone sits down: the advert follows.
        host = coded.host
        player = make_player(table_address(b, "Coded table"), "Sitter", code="4321")
        try:
            pump([player], lambda: player.conn.welcome is not None, 10, what="a welcome")
            table, took = wait_table(b, "Coded table", 5, lambda t: t.seats_free == 3)
            assert table is not None and table.seats_free == 3, (table, took)
        finally:
            close_all([player])


def test_closed_table_is_withdrawn_from_the_list(loopback_only: None, tmp_path: Path) -> None:
    """A host that stops says goodbye (TTL 0): browsers drop the table at once, rather than
    list a table that is gone until the records expire."""
    with browser() as b:
        with local_host(tmp_path / "a", "Closing table"):
            table, _ = wait_table(b, "Closing table", 5)
            assert table is not None
        start = time.monotonic()
        while b.tables() and time.monotonic() - start < 5:
            time.sleep(0.05)
        assert b.tables() == [], "the closed table is still listed 5 s after the host stopped"


def table_address(b: TableBrowser, name: str):  # type: ignore[no-untyped-def]
    table = next(t for t in b.tables() if t.name == name)
    return table.address


def test_advert_registers_without_error(
    loopback_only: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The host registers its advert once, cleanly (no "could not advertise" at start)."""
    caplog.set_level(logging.INFO)
    with local_host(tmp_path / "a", "Clean table") as local, browser() as b:
        table, _ = wait_table(b, "Clean table", FOUND_WITHIN_S)
        assert table is not None
        time.sleep(1.5)  # the registration (probing) is over by now
        assert local.host is not None
    problems = [
        f"{r.levelname} {r.getMessage()}\n{r.exc_text or ''}"
        for r in caplog.records
        if r.name == "server.host" and r.levelno >= logging.WARNING
    ]
    assert problems == [], "\n".join(problems)


# --- between two network namespaces --------------------------------------------------------

_counter = itertools.count()
NETNS = linux_only("network namespaces (`ip netns`, veth pairs) exist only on Linux")


@dataclass
class Lan:
    """Two namespaces joined by a veth pair: the host's (`a`) and a player's (`b`)."""

    n: int
    a: str
    b: str
    host_ip: str
    player_ip: str
    made: list[str] = field(default_factory=list)

    def ip(self, *args: str) -> None:
        subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.fixture
def make_lan() -> Iterator:
    """Make LANs of two namespaces; every namespace made is deleted afterwards."""
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command (iproute2) here: cannot make network namespaces")
    made: list[str] = []

    def make(default_route: bool = True, second_interface: bool = False) -> Lan:
        n = next(_counter)
        tag = f"{os.getpid() % 100000}{n}"
        lan = Lan(n, f"gdmj{tag}a", f"gdmj{tag}b", f"10.213.{n}.1", f"10.213.{n}.2")
        for ns in (lan.a, lan.b):
            done = subprocess.run(["ip", "netns", "add", ns], capture_output=True, text=True)
            if done.returncode != 0:
                pytest.skip(f"`ip netns add` is not permitted here: {done.stderr.strip()}")
            made.append(ns)
        veth_a, veth_b = f"gv{tag}a", f"gv{tag}b"
        if second_interface:
            # Another interface on the host (think of a VM or container bridge) whose
            # address the player's side cannot reach. Made first, so it is listed first.
            other_a, other_b = f"gx{tag}a", f"gx{tag}b"
            lan.ip("-n", lan.a, "link", "add", other_a, "type", "veth", "peer", "name", other_b)
            lan.ip("-n", lan.a, "addr", "add", f"10.99.{n}.1/24", "dev", other_a)
            lan.ip("-n", lan.a, "link", "set", other_a, "up")
            lan.ip("-n", lan.a, "link", "set", other_b, "up")
        # Both ends are made inside the namespaces: nothing on this machine's own network.
        lan.ip("-n", lan.a, "link", "add", veth_a, "type", "veth", "peer", "name", veth_b,
               "netns", lan.b)  # fmt: skip
        lan.ip("-n", lan.a, "addr", "add", f"{lan.host_ip}/24", "dev", veth_a)
        lan.ip("-n", lan.b, "addr", "add", f"{lan.player_ip}/24", "dev", veth_b)
        for ns, veth in ((lan.a, veth_a), (lan.b, veth_b)):
            lan.ip("-n", ns, "link", "set", "lo", "up")
            lan.ip("-n", ns, "link", "set", veth, "up")
        if default_route:
            # As on a LAN with a router (one that does not exist here).
            lan.ip("-n", lan.b, "route", "add", "default", "via", f"10.213.{n}.254")
            lan.ip("-n", lan.a, "route", "add", "default", "via", f"10.213.{n}.254")
        return lan

    try:
        yield make
    finally:
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def host_in(lan: Lan, data_dir: Path, name: str, code: str = "", **kw: object) -> NetHost:
    return start_host(
        data_dir,
        name,
        code=code,
        advertise=True,
        bind="0.0.0.0",
        prefix=["ip", "netns", "exec", lan.a],
        **kw,  # type: ignore[arg-type]
    )


def browse_from(lan: Lan, tmp: Path, name: str, *extra: str) -> list[dict]:
    """Run the browser script in the player's namespace; its JSON lines."""
    done = subprocess.run(
        ["ip", "netns", "exec", lan.b, PYTHON, str(BROWSE_SCRIPT), name, *extra],
        cwd=ROOT,
        env=net_env(tmp),
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the browser printed nothing; stderr:\n{done.stderr[-3000:]}"
    return lines


@NETNS
def test_discovery_between_namespaces(make_lan, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    lan = make_lan()
    host = host_in(lan, tmp_path / "data", "LAN table", code="77")
    try:
        lines = browse_from(
            lan, tmp_path, "LAN table", "--limit", "8", "--join", "Zed", "--code", "77"
        )
        assert "error" not in lines[0], lines
        found, joined = lines[0], lines[-1]
        assert found["seconds"] <= FOUND_WITHIN_S, found
        assert found["name"] == "LAN table"
        assert found["host"] == lan.host_ip
        assert found["port"] == host.address.port
        assert found["key"] == host.address.key
        assert found["seats_free"] == 4
        assert found["code_required"] is True
        assert found["protocol"] == PROTOCOL_VERSION
        assert joined == {"welcome_seat": 0, "errors": []}, lines
        assert host.alive
    finally:
        host.stop()
    assert "'Zed' joined table 'LAN table'" in host.log_text()  # names quoted (%r)


@NETNS
def test_discovery_on_a_lan_without_a_router(make_lan, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Two machines on a bare switch (no default route): the browser still finds the host."""
    lan = make_lan(default_route=False)
    host = host_in(lan, tmp_path / "data", "Switch table")
    try:
        lines = browse_from(lan, tmp_path, "Switch table", "--limit", "8", "--join", "Zed")
        assert "error" not in lines[0], (
            "TableBrowser() fails on a LAN without a default route (it listens on "
            f"0.0.0.0, which needs a route to the multicast group): {lines[0]}"
        )
        assert lines[0]["host"] == lan.host_ip and lines[0]["port"] == host.address.port
        assert lines[-1] == {"welcome_seat": 0, "errors": []}, lines
    finally:
        host.stop()


@NETNS
def test_discovery_gives_an_address_the_player_can_reach(make_lan, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A host with a second interface the player cannot reach: the address the browser
    gives is the one on the player's network, and joining by it works.

    The advert lists both addresses, in an order that changes from one host start to the
    next; a browser that takes the first offers the unreachable one about a third of the
    time. So this starts the host up to six times and stops at the first bad offer.
    """
    lan = make_lan(second_interface=True)
    other_ip = f"10.99.{lan.n}.1"
    seen = []
    for attempt in range(6):
        host = host_in(lan, tmp_path / f"data{attempt}", "Two-legged table")
        try:
            lines = browse_from(lan, tmp_path, "Two-legged table", "--limit", "5", "--join", "Zed")
        finally:
            host.stop()
        assert "error" not in lines[0], lines
        found, joined = lines[0], lines[-1]
        assert sorted(found["addresses"]) == sorted([other_ip, lan.host_ip]), found
        seen.append((found["host"], found["addresses"], joined))
        if found["host"] != lan.host_ip or joined != {"welcome_seat": 0, "errors": []}:
            break
    bad = [s for s in seen if s[0] != lan.host_ip or s[2] != {"welcome_seat": 0, "errors": []}]
    assert bad == [], (
        f"host start {len(seen)}: the browser offered {bad[0][0]}, the address of the host's "
        f"other interface, which the player cannot reach (advert: {bad[0][1]}; joining by "
        f"it: {bad[0][2]}). Offers so far: {[s[0] for s in seen]}"
    )


@NETNS
def test_closed_table_is_withdrawn_between_namespaces(make_lan, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`gdmj-host` stopped (SIGTERM, as Ctrl+C) withdraws its advert from the player's list."""
    lan = make_lan()
    host = host_in(lan, tmp_path / "data", "Closing LAN table")
    watcher = subprocess.Popen(
        [
            "ip", "netns", "exec", lan.b, PYTHON, str(BROWSE_SCRIPT), "Closing LAN table",
            "--limit", "12", "--until-gone",
        ],
        cwd=ROOT,
        env=net_env(tmp_path),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )  # fmt: skip
    try:
        lines = LineReader(watcher)
        found = json.loads(lines.wait_for(r"^\{", 8))
        assert found.get("port") == host.address.port, found
        stopped_at = time.monotonic()
        host.stop()
        gone = lines.get(max(0.1, 8 - (time.monotonic() - stopped_at)))
        assert gone is not None and "gone" in json.loads(gone), (
            "the stopped host's table is still listed on the other machine "
            f"(no goodbye was sent): {gone!r}"
        )
    finally:
        host.stop()
        net_stop(watcher)


LONG_CHINESE_NAME = "广东麻将周五晚上老友聚会开心一点好运连连"
"""20 characters, 60 bytes of UTF-8: with the port after it, more than a DNS label's 63."""


@NETNS
def test_a_long_chinese_table_name_is_advertised_and_found(make_lan, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A name cut by characters (40) made a label of 66 bytes: zeroconf refused the
    advert and the table never showed on the other machine."""
    assert len(LONG_CHINESE_NAME) == 20
    lan = make_lan()
    host = host_in(lan, tmp_path / "data", LONG_CHINESE_NAME)
    try:
        done = subprocess.run(
            ["ip", "netns", "exec", lan.b, PYTHON, str(BROWSE_SCRIPT), LONG_CHINESE_NAME,
             "--limit", "6"],
            cwd=ROOT,
            env=net_env(tmp_path),
            capture_output=True,
            text=True,
            timeout=60,
        )  # fmt: skip
        found = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        assert found, (
            f"the table {LONG_CHINESE_NAME!r} was not found in 6 s; the host's log:\n"
            + host.log_text()[-2000:]
        )
        assert "error" not in found[0], found
        assert found[0]["name"] == LONG_CHINESE_NAME  # the whole name, from the TXT record
        assert found[0]["host"] == lan.host_ip and found[0]["port"] == host.address.port
        assert host.alive
    finally:
        host.stop()
    assert "could not advertise" not in host.log_text()
