"""The host's open-file budget: every connection is a file descriptor.

A desktop often starts programs with a soft limit of 1,024 open files (macOS: 256), far
below what the OS allows. The host raises its soft limit to the hard one at start (where
the OS allows; Windows has no such limit to raise), then sizes its connection cap from
what it got, keeping descriptors in reserve for its own files (scores, records, logs),
zeroconf and ZeroMQ's own. Raw TCP connections that never complete a handshake are
closed by ZeroMQ after `HANDSHAKE_SECONDS` (limits.py), so a flood of them drains away.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)

FILES_IN_RESERVE = 64
"""Descriptors kept for the host's own files, zeroconf and ZeroMQ's internals."""
MACOS_OPEN_MAX = 10240
"""macOS refuses a soft limit above OPEN_MAX even when the hard limit is 'unlimited'."""


def raise_open_file_limit() -> int | None:
    """Raise the soft open-file limit as far as allowed; the limit in force after, or None
    where there is none to read (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = [hard] if hard != resource.RLIM_INFINITY else []
    wanted += [MACOS_OPEN_MAX]
    for target in wanted:
        if target <= soft and soft != resource.RLIM_INFINITY:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            continue
        log.info("open-file limit raised from %d to %d", soft, target)
        return target
    return None if soft == resource.RLIM_INFINITY else soft


def connection_cap(wanted: int, open_files: int | None) -> int:
    """How many connections the host tracks: `wanted`, or fewer when the open-file limit
    leaves less room once FILES_IN_RESERVE are set aside (at least a table's worth)."""
    if open_files is None:
        return wanted
    return max(8, min(wanted, open_files - FILES_IN_RESERVE))
