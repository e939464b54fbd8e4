"""The game's version as the host writes it in every hand record file it sends
(`game_version`). client/main.py keeps its own copy (`gdmj --version`, the release
archives' names), since it may import only the standard library before its crash screen
is ready; a test keeps the two alike."""

from __future__ import annotations

VERSION = "0.1.0"
