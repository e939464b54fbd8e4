"""A network bot in its own process, for tests that kill a client:
`python tests/support/net_client_proc.py ADDRESS NAME [--seed N] [--token T] [--limit S]`.

It joins (or resumes with `--token`), accepts the owner's rules, plays its seat as a
NetworkBot and prints one line per milestone, flushed at once:
`welcome seat=S token=T`, `hand N`, `ended N`, `session_ended`. It ends by itself after
`--limit` seconds so that it can never outlive a test for long.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from client.net import Address, Connection, client_keys
from client.netbot import NetworkBot
from shared.actions import AcceptRules
from shared.events import HandEnded, HandStarted, SessionEnded
from shared.protocol import EventMessage, Welcome


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("address")
    p.add_argument("name")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--token", default="")
    p.add_argument("--limit", type=float, default=60.0)
    p.add_argument("--keys", default="", help="the install's folder for its key pair")
    args = p.parse_args()
    keys = client_keys(Path(args.keys)) if args.keys else None
    conn = Connection(Address.parse(args.address), args.name, resume_token=args.token, keys=keys)
    original = conn.receive

    def take(message):  # type: ignore[no-untyped-def]
        passed = original(message)
        if isinstance(message, Welcome):
            print(f"welcome seat={message.seat} token={message.resume_token}", flush=True)
        elif isinstance(message, EventMessage):
            event = message.event
            if isinstance(event, HandStarted):
                print(f"hand {event.hand_number}", flush=True)
            elif isinstance(event, HandEnded):
                print(f"ended {len(conn.results)}", flush=True)
            elif isinstance(event, SessionEnded):
                print("session_ended", flush=True)
        return passed

    conn.receive = take  # type: ignore[method-assign]
    conn.connect()
    bot = NetworkBot(conn, "competent", args.seed)
    accepted = False
    end = time.monotonic() + args.limit
    while time.monotonic() < end:
        bot.step(5)
        lobby = conn.lobby
        if not accepted and lobby is not None and lobby.options is not None and conn.welcome:
            seat = conn.welcome.seat
            occupant = lobby.seats[seat] if seat is not None else None
            if occupant is not None and not occupant.accepted:
                conn.send(AcceptRules())
                accepted = True
        if conn.session_end is not None:
            # Stay a little so the host sees the end acknowledged, then say goodbye.
            for _ in range(20):
                conn.poll(5)
            break
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
