"""The game's version, one place for everything that writes it: `gdmj --version`, the
release archives' names, and the `game_version` of every hand record file the host sends."""

from __future__ import annotations

VERSION = "0.1.0"
