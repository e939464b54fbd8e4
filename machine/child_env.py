"""The environment for programs the game starts (the file manager, say): the player's own.

A PyInstaller bundle points the dynamic loader at its own libraries (`LD_LIBRARY_PATH` on
Linux, `LIBPATH` on AIX, `DYLD_*` on macOS) and keeps what was there before in
`<NAME>_ORIG`. A program started with that environment loads the bundle's libraries
instead of its own and can fail (xdg-open's file manager, on the crash screen). So every
program the game starts gets the original values back, or none where there was none.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

LOADER_VARIABLES = (
    "LD_LIBRARY_PATH",
    "LIBPATH",
    "DYLD_LIBRARY_PATH",
    "DYLD_FRAMEWORK_PATH",
    "DYLD_FALLBACK_LIBRARY_PATH",
)
"""Where a bundle's bootloader may point the loader; it saves each as `<NAME>_ORIG`."""
BUNDLE_PREFIX = "_PYI_"
"""The bootloader's own variables: another PyInstaller program started with them would
take itself for a part of this bundle."""


def frozen() -> bool:
    """True in a PyInstaller bundle, whose bootloader changed the environment."""
    return bool(getattr(sys, "frozen", False))


def external_environment(
    environ: Mapping[str, str] | None = None, bundled: bool | None = None
) -> dict[str, str]:
    """The environment to start another program with: this one, less what the bundle's
    bootloader changed (from source, this one as it is)."""
    env = dict(os.environ if environ is None else environ)
    if not (frozen() if bundled is None else bundled):
        return env
    for name in LOADER_VARIABLES:
        original = env.pop(f"{name}_ORIG", None)
        if original is None:
            env.pop(name, None)
        else:
            env[name] = original
    for name in [name for name in env if name.startswith(BUNDLE_PREFIX)]:
        del env[name]
    return env
