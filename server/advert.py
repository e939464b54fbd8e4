"""The table's advert on the LAN (DNS-SD over mDNS, zeroconf): registered in the
background once the host is ready, its free seats kept up to date, withdrawn at the end.
A LAN that will not carry it costs nothing but the log line: joining by address works.
PROTOCOL.md §13 has the record."""

from __future__ import annotations

import asyncio
import logging
import socket as pysocket
import unicodedata
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
            f"{service_label(self.name, self.port)}.{SERVICE_TYPE}",
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


LABEL_BYTES = 63
"""The most a DNS label, the advert's instance name among them, may hold: 63 bytes of UTF-8
(RFC 6763, section 4.1.1). zeroconf refuses a longer one, and the table is then never listed."""


def service_label(name: str, port: int) -> str:
    """The advert's instance name: the table's name, then its port, which keeps two tables
    of one computer apart. The name is cut to fit the label's bytes, never inside a character
    nor, for the common cases, between the parts of one (an accent, an emoji's skin tone or
    joined emoji, a flag); a dot (a label's end) or a control character becomes `-`."""
    suffix = f"-{port}"
    cleaned = "".join(
        "-" if c in ".\\" or unicodedata.category(c) == "Cc" else c for c in name.strip()
    )
    label = cut_to_bytes(cleaned, LABEL_BYTES - len(suffix.encode())).rstrip()
    return (label or "table") + suffix


def cut_to_bytes(text: str, limit: int) -> str:
    """The longest start of `text` whose UTF-8 is at most `limit` bytes that ends where one
    visible character does (see `_joins_previous`)."""
    size = 0
    end = 0
    for i, char in enumerate(text):
        size += len(char.encode())
        if size > limit:
            break
        end = i + 1
    while 0 < end < len(text) and _joins_previous(text, end):
        end -= 1
    return text[:end]


ZERO_WIDTH_JOINER = "\u200d"
SKIN_TONES = range(0x1F3FB, 0x1F400)
TAGS = range(0xE0020, 0xE0080)
"""The tag characters of subdivision flags (🏴 followed by tags, then a cancel tag)."""
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
"""Two of these make one flag."""


def _joins_previous(text: str, i: int) -> bool:
    """Whether `text[i]` is part of the character before it on screen: a combining mark, a
    variation selector, a skin tone, a tag, whatever follows a zero-width joiner, or the
    second letter of a flag. A cheap rule for the sequences names hold, not all of Unicode's
    grapheme clusters (UAX #29)."""
    char, before = text[i], text[i - 1]
    if unicodedata.category(char) in ("Mn", "Mc", "Me") or char == ZERO_WIDTH_JOINER:
        return True  # the variation selectors are "Mn" too
    if before == ZERO_WIDTH_JOINER or ord(char) in SKIN_TONES or ord(char) in TAGS:
        return True
    if ord(char) in REGIONAL_INDICATORS:
        run = 0  # the regional indicators just before: an odd count leaves this one's pair
        while i - run - 1 >= 0 and ord(text[i - run - 1]) in REGIONAL_INDICATORS:
            run += 1
        return run % 2 == 1
    return False


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
