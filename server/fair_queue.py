"""Fair service: what was read from the socket, queued by peer and served in turn.

Measured (docs/decisions/0006-host-under-flood.md): a flooding address used a fifth of a
core, yet another table's round trip waited up to 100 ms; the host handled frames in the
order it read them, so a quiet player's frame waited behind every flood frame read before
it in the same round, and its reply behind theirs on the way out. Now a tick reads what has
arrived into a queue per peer (PEER_QUEUE_FRAMES at most; the excess of a flood is dropped
unread), then serves the queues round-robin, one frame per peer a pass, the peers with the
fewest frames waiting first, and at most PEER_FRAMES_PER_TICK per peer; the rest waits for
the next tick (zguide's fair-queuing and load-balancing patterns, per peer). So a quiet
peer's frame is served, and answered, in the first pass of the tick that read it, ahead of
any flooder's, however long the flooder's backlog; the `rate_limited` answers to what was
dropped while reading go out after the service (Host._drain), not ahead of it.

A peer is a source address (one machine, whatever its connections), except the host's own
machine (server/limits.py UNBUDGETED_ADDRESSES), where each connection is its own peer.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

from server.limits import PEER_FRAMES_PER_TICK, PEER_QUEUE_FRAMES

T = TypeVar("T")


class FairQueues(Generic[T]):
    """Queues of frames by peer, served round-robin with a per-peer budget each tick."""

    def __init__(
        self, queue_frames: int = PEER_QUEUE_FRAMES, frames_per_tick: int = PEER_FRAMES_PER_TICK
    ) -> None:
        self.queue_frames = queue_frames
        self.frames_per_tick = frames_per_tick
        self._queues: dict[Hashable, deque[T]] = {}
        self.waiting = 0
        """Frames queued, all peers together."""

    def put(self, peer: Hashable, frame: T) -> bool:
        """Queue `frame` from `peer`; False (the frame dropped) when its queue is full."""
        queue = self._queues.get(peer)
        if queue is None:
            queue = self._queues[peer] = deque()
        elif len(queue) >= self.queue_frames:
            return False
        queue.append(frame)
        self.waiting += 1
        return True

    def tick(self) -> Iterator[tuple[Hashable, T]]:
        """One tick's frames in serving order: passes of one frame per peer, the peers with
        the fewest frames waiting first, each peer at most `frames_per_tick`. What is left
        stays queued for the next tick. Taking from it while it runs (a frame's handling
        may queue nothing: frames come from the socket only) is safe."""
        order = sorted(self._queues, key=lambda peer: len(self._queues[peer]))
        for _ in range(self.frames_per_tick):
            if not order:
                break
            still = []
            for peer in order:
                queue = self._queues[peer]
                frame = queue.popleft()
                self.waiting -= 1
                if queue:
                    still.append(peer)
                else:
                    del self._queues[peer]
                yield peer, frame
            order = still

    def backlog(self, peer: Hashable) -> int:
        """Frames `peer` has waiting."""
        queue = self._queues.get(peer)
        return len(queue) if queue is not None else 0

    def __len__(self) -> int:
        return self.waiting
