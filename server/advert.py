"""The table's advert on the LAN (DNS-SD over mDNS, zeroconf): registered in the
background once the host is ready, its free seats kept up to date, withdrawn at the end.
A LAN that will not carry it costs nothing but the log line: joining by address works.
PROTOCOL.md §13 has the record."""

from __future__ import annotations

import asyncio
import logging
import socket as pysocket
from collections.abc import Callable
from typing import TYPE_CHECKING

from shared.protocol import SERVICE_TYPE

if TYPE_CHECKING:  # zeroconf is imported when the host first advertises
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

log = logging.getLogger(__name__)


class LanAdvert:
    """One table's advert; `properties()` gives its TXT record as it is now."""

    def __init__(
        self,
        name: str,
        port: int,
        properties: Callable[[], dict[str, str]],
        addresses: Callable[[], list[str]],
    ) -> None:
        self.name = name
        self.port = port
        self.properties = properties
        self.addresses = addresses
        self._zeroconf: AsyncZeroconf | None = None
        self._service: AsyncServiceInfo | None = None
        self._advertised_free: int | None = None
        self._update: asyncio.Task[None] | None = None

    def _service_info(self) -> AsyncServiceInfo:
        from zeroconf.asyncio import AsyncServiceInfo

        return AsyncServiceInfo(
            SERVICE_TYPE,
            f"{service_label(self.name)}-{self.port}.{SERVICE_TYPE}",
            port=self.port,
            properties=self.properties(),
            parsed_addresses=self.addresses(),
            server=f"{pysocket.gethostname()}.local.",
        )

    async def start(self) -> None:
        """Register the DNS-SD record (run in the background: the host starts without
        waiting)."""
        try:
            from zeroconf import IPVersion
            from zeroconf.asyncio import AsyncZeroconf

            zeroconf = AsyncZeroconf(ip_version=IPVersion.V4Only)
            self._zeroconf = zeroconf
            service = self._service_info()
            free = int(self.properties()["seats_free"])
            # The async API returns a task that does the probing and announcing: wait for it.
            await (await zeroconf.async_register_service(service))
            # Only now may the loop update the record: an update during the probing
            # would announce the name and make the probe think it is taken.
            self._service = service
            self._advertised_free = free
            log.info("advertised on the LAN as %r", self.name)
        except Exception:
            log.exception("could not advertise the table on the LAN; joining by address works")

    async def refresh(self) -> None:
        """Follow the free seats in the record, in the background (never blocking play)."""
        if self._zeroconf is None or self._service is None:
            return
        if self._update is not None and not self._update.done():
            return
        free = int(self.properties()["seats_free"])
        if free == self._advertised_free:
            return
        self._advertised_free = free
        self._service = self._service_info()
        self._update = asyncio.create_task(self._send_update(self._service))

    async def _send_update(self, service: AsyncServiceInfo) -> None:
        try:
            assert self._zeroconf is not None
            await (await self._zeroconf.async_update_service(service))
        except Exception:
            log.exception("could not update the LAN advert")

    async def stop(self) -> None:
        if self._zeroconf is None:
            return
        try:
            if self._service is not None:
                await (await self._zeroconf.async_unregister_service(self._service))
            await self._zeroconf.async_close()
        except Exception:
            log.exception("could not withdraw the LAN advert")


def service_label(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in " -_" else "-" for c in name).strip()
    return (cleaned or "table")[:40]


def local_addresses(bind: str) -> list[str]:
    """IPv4 addresses to advertise: the bound one, or every non-loopback one."""
    if bind not in ("*", "0.0.0.0"):
        return [bind]
    import ifaddr

    found = [
        ip.ip
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if isinstance(ip.ip, str) and not ip.ip.startswith("127.")
    ]
    return found or ["127.0.0.1"]
