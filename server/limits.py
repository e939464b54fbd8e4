"""Every limit the host enforces, in one place."""

from shared.protocol import LOST_AFTER_SECONDS, MAX_FRAME_BYTES, PING_SECONDS

__all__ = [
    "ERROR_REPLIES_PER_SECOND",
    "HEARTBEAT_IVL_MS",
    "HEARTBEAT_TIMEOUT_MS",
    "LOST_AFTER_SECONDS",
    "MAX_CLIENTS",
    "MAX_FRAME_BYTES",
    "MAX_TABLES",
    "PING_SECONDS",
    "RATE_BURST",
    "RATE_PER_SECOND",
]

RATE_PER_SECOND = 200.0
"""Messages a second one connection may send on average."""
RATE_BURST = 400
"""Messages one connection may send at once before the rate applies."""
ERROR_REPLIES_PER_SECOND = 4.0
"""Error replies one connection gets at most; a flood is not answered frame by frame."""
HEARTBEAT_IVL_MS = 1000
HEARTBEAT_TIMEOUT_MS = 4000
"""ZeroMQ's own heartbeats close a dead TCP connection after this long."""
MAX_CLIENTS = 512
MAX_TABLES = 128
