"""Who a player is: the key of an encrypted connection, or an insecure hello's client id.

Scores, names and seats belong to an identity (PROTOCOL.md §4 "Who a player is"), never to
a typed name. On an encrypted host it is the CurveZMQ public key the client proved it
holds in the handshake; libzmq tells the host that key only when a ZAP handler runs, so
the host runs one that lets every key in. On an insecure host it is the `client_id` a
hello carries: anyone who reads (or guesses) it can pose as that player, as anyone who
reads a resume token there can take the seat.
"""

from __future__ import annotations

import logging
from typing import Annotated

import msgspec
import zmq
import zmq.asyncio
import zmq.auth
from zmq.auth.asyncio import AsyncioAuthenticator

_Z85 = r"[0-9A-Za-z.:+=^!/*?&<>()\[\]{}@%$#-]"
Identity = Annotated[str, msgspec.Meta(pattern=rf"^(key:{_Z85}{{40}}|id:[!-~]{{16,64}})$")]
"""A player's identity on a host: `key:` and the connection's public key (Z85) on an
encrypted host, `id:` and the hello's `client_id` on an insecure one. The prefixes keep
the two apart: a client id typed to look like someone's public key is not them (a host's
data folder may serve both modes)."""


def player_identity(insecure: bool, key: str, client_id: str) -> str | None:
    """The identity of a hello sent over a connection with `key` ("" when not known);
    None when there is nothing to go by (an insecure hello without a client id)."""
    if insecure:
        return f"id:{client_id}" if client_id else None
    return f"key:{key}" if key else None


def peer_key(frame: zmq.Frame) -> str:
    """The CurveZMQ public key (Z85) the sender of a received frame proved it holds ("" if
    ZeroMQ does not say): libzmq attaches it as User-Id once `start_key_reader` runs."""
    try:
        return str(frame.get("User-Id"))
    except (zmq.ZMQError, KeyError, UnicodeDecodeError):
        return ""


def start_key_reader(context: zmq.asyncio.Context) -> AsyncioAuthenticator:
    """A ZAP handler on `context`'s event loop that lets every client key in (anyone may
    join a table; the table code is the gate), so that each connection's key is known.
    Start it before the socket binds (a handshake without a handler carries no key);
    `stop()` it before the context is terminated."""
    auth = AsyncioAuthenticator(context, log=logging.getLogger("server.zap"))
    auth.start()
    auth.configure_curve(domain="*", location=zmq.auth.CURVE_ALLOW_ANY)
    return auth
