"""Console output that cannot crash on the console's encoding.

The commands print Chinese (`gdmj --help` describes 广东麻将, `gdmj-score` prints fan
names). A Windows console, or output redirected to a file there, often encodes cp1252 or
GBK, and Python's stdout is strict: one character it cannot encode raises
UnicodeEncodeError out of `--help` itself. Each command's `main()` calls
`make_console_safe()` first, so such characters come out as `\\u5e7f` escapes instead.
"""

from __future__ import annotations

import codecs
import sys
from typing import TextIO

UNICODE_ENCODINGS = frozenset({"utf-8", "utf-16", "utf-32", "utf-8-sig", "gb18030"})
"""Encodings that can write every character: a stream in one of them is left alone."""

LENIENT_ERRORS = frozenset({"replace", "backslashreplace", "xmlcharrefreplace", "namereplace"})
"""Error handlers that never raise on a character the encoding lacks."""


def make_console_safe() -> None:
    """Make stdout and stderr write what their encoding lacks as escapes, not raise."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not can_write_anything(stream):
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:  # a TextIOWrapper; a test's StringIO needs nothing
                reconfigure(errors="backslashreplace")


def can_write_anything(stream: TextIO) -> bool:
    """Whether `stream` can be given any text: its encoding covers all of Unicode, or its
    error handler replaces what it lacks."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True  # a StringIO: it holds str, nothing is encoded
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        name = encoding
    return name in UNICODE_ENCODINGS or getattr(stream, "errors", None) in LENIENT_ERRORS
