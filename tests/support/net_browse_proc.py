"""Browse the LAN for tables from another process (another network namespace, say):
`python tests/support/net_browse_proc.py NAME [--limit S] [--join PLAYER] [--code C] [--rounds N]
[--until-gone]`.

Prints one JSON line each time the table named NAME changes as the browser sees it
({"round", "seconds", "name", "host", "port", "key", "seats_free", "code_required",
"protocol", "addresses"}). With `--rounds N` it browses N times, each time with a new
browser, and prints the table as first found each time. With `--join` it then joins
at the address found and prints {"welcome_seat": ..., "errors": [...]}. With
`--until-gone`, it prints {"gone": seconds} once the table is withdrawn. Each round ends
after `--limit` seconds at most. Prints {"error": ...} if the browser cannot start.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from client.discovery import TableBrowser, TableInfo
from client.net import Connection
from shared.protocol import SERVICE_TYPE


def advertised_addresses(browser: TableBrowser, name: str) -> list[str]:
    """Every address in the table's advert, in the order the record gives them."""
    with browser._lock:
        service = next((k for k, t in browser._tables.items() if t.name == name), None)
    if service is None:
        return []
    info = browser._zeroconf.get_service_info(SERVICE_TYPE, service, timeout=1000)
    return list(info.parsed_addresses()) if info else []


def browse(args: argparse.Namespace, round_: int) -> TableInfo | None:
    """One browser, from scratch: print the table each time it changes; the last seen."""
    start = time.monotonic()
    try:
        browser = TableBrowser()
    except Exception as exc:
        print(json.dumps({"error": f"browser: {exc!r}"}), flush=True)
        return None
    last = None
    found = None
    try:
        while time.monotonic() - start < args.limit:
            table = next((t for t in browser.tables() if t.name == args.name), None)
            if table is not None and table != last:
                last = found = table
                print(
                    json.dumps(
                        {
                            "round": round_,
                            "seconds": round(time.monotonic() - start, 3),
                            "name": table.name,
                            "host": table.address.host,
                            "port": table.address.port,
                            "key": table.address.key,
                            "seats_free": table.seats_free,
                            "code_required": table.code_required,
                            "protocol": table.protocol,
                            "addresses": advertised_addresses(browser, table.name),
                        }
                    ),
                    flush=True,
                )
                if args.join or args.rounds > 1:
                    break
            if args.until_gone and found is not None and table is None:
                print(json.dumps({"gone": round(time.monotonic() - start, 3)}), flush=True)
                break
            time.sleep(0.02)
    finally:
        browser.close()
    return found


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("name")
    p.add_argument("--limit", type=float, default=10.0)
    p.add_argument("--join", default="")
    p.add_argument("--code", default="")
    p.add_argument("--until-gone", action="store_true", help="once found, wait until withdrawn")
    p.add_argument("--rounds", type=int, default=1, help="browse anew this many times")
    args = p.parse_args()
    found = None
    for round_ in range(args.rounds):
        found = browse(args, round_)
        if found is None:
            break
    if args.join and found is not None:
        conn = Connection(found.address, args.join, code=args.code)
        conn.connect()
        end = time.monotonic() + 4
        while conn.welcome is None and not conn.errors and time.monotonic() < end:
            conn.poll(20)
        print(
            json.dumps(
                {
                    "welcome_seat": conn.welcome.seat if conn.welcome else None,
                    "errors": [e.code for e in conn.errors],
                }
            ),
            flush=True,
        )
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
