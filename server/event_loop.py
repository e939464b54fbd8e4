"""The host's event loop: a selector loop on every OS, chosen explicitly.

`zmq.asyncio` watches the ROUTER socket's file descriptor with `loop.add_reader`. On
Windows the default loop (`asyncio.new_event_loop()`, `asyncio.run`) is the Proactor
loop, which has no `add_reader`; pyzmq then looks for tornado's selector thread and,
since tornado is not one of our dependencies, raises on the host's first poll (pyzmq
#1423, #1521, #1830). A `SelectorEventLoop` has `add_reader` everywhere (on Windows it
selects over sockets, which is all the host needs), so the host asks for one by name
rather than through the event-loop-policy API, which Python 3.14 deprecates.
"""

from __future__ import annotations

import asyncio


def new_host_loop() -> asyncio.AbstractEventLoop:
    """A new selector event loop for the host (`asyncio.Runner(loop_factory=...)` takes it)."""
    return asyncio.SelectorEventLoop()
