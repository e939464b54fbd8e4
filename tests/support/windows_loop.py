"""pyzmq's Windows event-loop branch, simulated on any OS.

On Windows, `asyncio.new_event_loop()` and `asyncio.run()` give a Proactor loop, and
`zmq.asyncio` (through `_get_selector_windows`) refuses a Proactor unless tornado can
lend it a selector thread. Here the default loops become a `SimulatedProactorEventLoop`
that pyzmq takes for `asyncio.ProactorEventLoop`, pyzmq takes the Windows branch, and
tornado cannot be imported: a host that runs on a default loop fails exactly as it does
on Windows, and one that asks for a selector loop by name works, as it does there.

As a script, `python tests/support/windows_loop.py gdmj|gdmj-host ARGS...` runs that command's
entry point under the simulation (for tests of the real processes).
"""

from __future__ import annotations

import asyncio
import asyncio.events
import sys
from collections.abc import Callable

import zmq.asyncio


class SimulatedProactorEventLoop(asyncio.SelectorEventLoop):
    """What Windows' default loop looks like to pyzmq (it is a selector loop underneath,
    so only pyzmq's own check, not the OS, makes it fail)."""


def simulate_windows_event_loops() -> Callable[[], None]:
    """Switch the simulation on for this process; returns the function that undoes it."""
    saved_modules = {
        name: sys.modules.get(name)
        for name in ("tornado", "tornado.platform", "tornado.platform.asyncio")
    }
    saved = {
        (asyncio, "ProactorEventLoop"): getattr(asyncio, "ProactorEventLoop", None),
        (asyncio, "new_event_loop"): asyncio.new_event_loop,
        (asyncio.events, "new_event_loop"): asyncio.events.new_event_loop,
        (zmq.asyncio, "_get_selector"): zmq.asyncio._get_selector,
    }

    def default_loop() -> asyncio.AbstractEventLoop:
        return SimulatedProactorEventLoop()

    asyncio.ProactorEventLoop = SimulatedProactorEventLoop  # type: ignore[attr-defined,misc]
    asyncio.new_event_loop = default_loop
    asyncio.events.new_event_loop = default_loop  # what asyncio.run's Runner calls
    zmq.asyncio._get_selector = zmq.asyncio._get_selector_windows
    for name in saved_modules:
        sys.modules[name] = None  # type: ignore[assignment]  # "import tornado" fails

    def undo() -> None:
        for (owner, attribute), value in saved.items():
            if value is None:
                if hasattr(owner, attribute):
                    delattr(owner, attribute)
            else:
                setattr(owner, attribute, value)
        for name, module in saved_modules.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module

    return undo


def _main(argv: list[str]) -> int:
    command, *args = argv
    simulate_windows_event_loops()
    if command == "gdmj":
        from client.main import main
    elif command == "gdmj-host":
        from server.cli import main
    else:
        raise SystemExit(f"windows_loop.py: no command {command!r}")
    return main(args)


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
