"""Every limit the host enforces, in one place."""

from shared.names import NAME_MAX_COLUMNS
from shared.nesting import MAX_NESTING
from shared.protocol import LOST_AFTER_SECONDS, MAX_FRAME_BYTES, PING_SECONDS

__all__ = [
    "ADDRESS_BURST",
    "ADDRESS_RATE_PER_SECOND",
    "CONTRIBUTION_SECONDS",
    "ERROR_REPLIES_PER_SECOND",
    "FLOOD_PAUSE_MAX_SECONDS",
    "FLOOD_ROUND_DROPS",
    "FLOOD_SHARE",
    "HEARTBEAT_IVL_MS",
    "HEARTBEAT_TIMEOUT_MS",
    "JOIN_DEADLINE_SECONDS",
    "KNOWN_RESERVE",
    "LOST_AFTER_SECONDS",
    "MAX_CLIENTS",
    "MAX_CLIENTS_PER_ADDRESS",
    "MAX_DROPPED_PEERS",
    "MAX_FRAME_BYTES",
    "MAX_JOURNAL_BYTES",
    "MAX_NESTING",
    "MAX_RECORDS_DAY_BYTES",
    "MAX_SCORES_BYTES",
    "MAX_TABLES",
    "MAX_UNJOINED_PER_ADDRESS",
    "NAME_MAX_COLUMNS",
    "PEER_FRAMES_PER_TICK",
    "PEER_QUEUE_FRAMES",
    "PING_SECONDS",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "REFUSAL_LOG_SECONDS",
    "REFUSAL_REPLIES_PER_SECOND",
    "RESUME_RESERVE",
    "UNBUDGETED_ADDRESSES",
]

RATE_PER_SECOND = 200.0
"""Messages a second one connection may send on average."""
RATE_BURST = 400
"""Messages one connection may send at once before the rate applies."""
ADDRESS_RATE_PER_SECOND = 800.0
"""Messages a second all the connections from one source address may send together
(server/budget.py): a whole table of four behind one NAT at the per-connection rate,
far more than people playing send (a ping a second and a few actions each)."""
ADDRESS_BURST = 1600
"""Messages one address may send at once before its rate applies."""
UNBUDGETED_ADDRESSES = ("127.0.0.1", "::1")
"""The host's own machine has no address budget: it is the hosting player's own game
(and a program there could stop the host anyway); no other machine can send from these.
Every other 127.x.y.z address (another "machine" in the tests) has one."""
FLOOD_SHARE = 0.25
"""Under a flood faster than the host drops it (a read round cut short by FLOOD_ROUND_DROPS
frames over an address's budget) reading takes about this share of the host's time: it
pauses three times as long as the round took."""
FLOOD_PAUSE_MAX_SECONDS = 0.005
"""The longest such pause: what another table's message may wait on it at most."""
FLOOD_ROUND_DROPS = 256
"""A read round ends after dropping this many frames over a budget (then the pause), so
that one round under a flood stays short (well under a millisecond)."""
PEER_QUEUE_FRAMES = 64
"""Frames one peer (an address; a connection of the host's own machine) may have waiting
to be served (server/fair_queue.py); more are dropped unread, as over its budget. A player
sends a few a second: only a flood has this many waiting."""
PEER_FRAMES_PER_TICK = 4
"""Frames of one peer served in one tick at most, so that what a flooding peer costs a
quiet one is bounded: the quiet peer's frame waits for at most this many of each other
peer's (and is served first: the fewest waiting go first)."""
ERROR_REPLIES_PER_SECOND = 4.0
"""Error replies one connection gets at most; a flood is not answered frame by frame."""
HEARTBEAT_IVL_MS = 1000
HEARTBEAT_TIMEOUT_MS = 4000
"""ZeroMQ's own heartbeats close a dead TCP connection after this long."""
MAX_CLIENTS = 512
"""Connections the host keeps track of at once, joined or not (fewer when the open-file
limit is lower: server/open_files.py)."""
HANDSHAKE_SECONDS = 5.0
"""A TCP connection that has not completed ZeroMQ's (CurveZMQ) handshake by then is closed
(ZeroMQ's default is 30 s, long enough for a flood of raw connections to use up every
file descriptor)."""
RESUME_RESERVE = 64
"""Of MAX_CLIENTS, the last this many are only for a `hello` that resumes a seated
player (a known resume token): a seated player who drops can always come back
(server/admission.py; an eighth of the cap at most, when the open-file limit lowers it)."""
KNOWN_RESERVE = 64
"""Of MAX_CLIENTS, this many more (before RESUME_RESERVE) are only for keys this host has
seen (a score here) and resumes: strangers share the rest (server/admission.py; an eighth
of the cap at most)."""
MAX_CLIENTS_PER_ADDRESS = 64
"""Connections from one source IP address at once, joined or not yet (one dropped at its
join deadline no longer counts). Loopback tests all come from 127.0.0.1: it is large
enough for them. A resume of a seated player is let in over it."""
MAX_UNJOINED_PER_ADDRESS = 16
"""Strangers' connections from one source IP address waiting for a welcome at once: a
few addresses' pingers cannot fill the strangers' share (a table behind one NAT says
hello within a second). Keys with a score here, resumes, and the host's own machine
(UNBUDGETED_ADDRESSES) are not held to it."""
JOIN_DEADLINE_SECONDS = 5.0
"""A connection that has no welcome this long after its first message is dropped,
whatever it sends (pings do not keep it): answered `join_timeout`, then ignored, and no
longer counted against any limit."""
MAX_DROPPED_PEERS = 4096
"""Dropped connections remembered (to ignore what they still send), oldest forgotten first."""
REFUSAL_REPLIES_PER_SECOND = 20.0
"""Answers to refused new connections (`host_full`, `too_many_connections`), host-wide."""
REFUSAL_LOG_SECONDS = 5.0
"""Refused and dropped connections are logged at most once this often (with counts)."""
CONTRIBUTION_SECONDS = 5.0
"""How long the host waits for the seated people's contributions to a hand's deal before
the dealer may roll (PROTOCOL.md §15.2, server/deal_window.py). A client sends its
contribution the moment the commitment arrives, a few ms on a LAN: this is generous, since
a player whose contribution is left out sees the deal fail its check; a dead client costs
the table this much once a hand."""
MAX_TABLES = 128
"""Tables a host runs besides its own (`HostConfig.name`), which is never refused."""

MAX_SCORES_BYTES = 16 * 1024 * 1024
"""The scores file (about 150 bytes a player: some 100,000 players); a larger one, or one
that is not a regular file, is not read (machine.files.read_limited) but kept aside."""
MAX_JOURNAL_BYTES = 64 * 1024 * 1024
"""A table's journal (a session of a few hundred hands is a few megabytes)."""
MAX_RECORDS_DAY_BYTES = 64 * 1024 * 1024
"""A day's file of hand records (a few kilobytes a hand: some ten thousand hands)."""
