"""The pure table engine: lobby, session, hand, claims, wall, live views and bots.

No sockets, threads, files or clocks, and nothing imported but `shared` and the standard
library's pure modules (tests/test_boundaries.py holds it to that): `(state, action) →
(state, events)`, all chance from seeds, so an action log replays a hand exactly. The
host (`server/host.py`, `room.py`, …) wraps it with transport, timers and storage.
"""
