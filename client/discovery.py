"""Finding tables on the LAN: a live list of hosts advertising `_gdmahjong._tcp`."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceListener, Zeroconf

from client.net import Address
from shared.protocol import SERVICE_TYPE

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TableInfo:
    """A table a host advertises."""

    name: str
    address: Address
    seats_free: int
    code_required: bool
    protocol: int


class TableBrowser(ServiceListener):
    """Keeps `tables()` up to date as hosts come and go (zeroconf runs its own thread)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, TableInfo] = {}
        # Every interface by its own address: listening on 0.0.0.0 needs a route to the
        # multicast group, which a LAN without a router (no default route) does not have.
        self._zeroconf = Zeroconf(
            interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only
        )
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, self)

    def tables(self) -> list[TableInfo]:
        """The tables seen now, by name."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: t.name)

    def close(self) -> None:
        self._browser.cancel()
        self._zeroconf.close()

    # --- ServiceListener -----------------------------------------------------------------

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._resolve(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._tables.pop(name, None)

    def _resolve(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=1500)
        if info is None or not info.parsed_addresses() or info.port is None:
            return
        props = {
            k.decode(errors="replace"): (v or b"").decode(errors="replace")
            for k, v in info.properties.items()
        }
        try:
            table = TableInfo(
                name=props.get("name") or name.split(".")[0],
                address=Address(
                    reachable(info.parsed_addresses()), int(info.port), props.get("key") or None
                ),
                seats_free=int(props.get("seats_free", "0")),
                code_required=props.get("code") == "1",
                protocol=int(props.get("version", "0")),
            )
        except ValueError:
            log.info("ignored a malformed table advert %s: %s", name, props)
            return
        with self._lock:
            self._tables[name] = table


def reachable(addresses: list[str]) -> str:
    """Of a host's advertised addresses, one on a network this computer is on (else the first).

    A host with two networks (Wi-Fi and a VPN, say) lists both; the first may be one the
    player cannot reach.
    """
    import ipaddress

    import ifaddr

    networks = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                networks.append(ipaddress.ip_network(f"{ip.ip}/{ip.network_prefix}", strict=False))
    for address in addresses:
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            continue
        if any(parsed in network for network in networks if not network.is_loopback):
            return address
    return addresses[0]
