"""The CurveZMQ key pair an install keeps on disk: the host's (`host.key`) and the game's
(`client.key`), each checked when it is loaded."""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

import zmq

from machine.files import FileRefused, atomic_write, read_limited

log = logging.getLogger(__name__)

KEY_FILE_BYTES = 1024
"""A key file holds 40 characters; a larger one (or no regular file) is damaged unread."""


class KeyPairError(ValueError):
    """The key files are there but do not make a working pair; the message says what to do."""


def load_or_make_keys(folder: Path, name: str) -> tuple[bytes, bytes]:
    """A CurveZMQ key pair (public, secret) kept in `folder`; made on first use.

    The pair is checked: a public key that is not the secret key's (or a damaged file)
    raises KeyPairError rather than serving under a key nobody can connect with. A pair
    made where a key had been (one file gone, or the data of an earlier start) is a
    WARNING, since friends then need the new address."""
    public_path = folder / f"{name}.key"
    secret_path = folder / f"{name}.key_secret"
    if public_path.exists() and secret_path.exists():
        try:
            public = read_limited(public_path, KEY_FILE_BYTES).strip()
            secret = read_limited(secret_path, KEY_FILE_BYTES).strip()
        except FileRefused:
            public = secret = b""  # damaged, as below
        if len(public) != 40 or len(secret) != 40:
            raise KeyPairError(
                f"the key files {public_path.name} and {secret_path.name} in {folder} are "
                "damaged; move both away to make a new pair (friends then need the new address)"
            )
        try:
            matches = zmq.curve_public(secret) == public
        except (zmq.ZMQError, ValueError):
            matches = False
        if not matches:
            raise KeyPairError(
                f"{public_path.name} in {folder} is not the public key of {secret_path.name}; "
                "put back the pair that belongs together, or move both away to make a new "
                "one (friends then need the new address)"
            )
        return public, secret
    earlier = public_path.exists() or secret_path.exists() or (folder / "scores.json").exists()
    public, secret = zmq.curve_keypair()
    atomic_write(secret_path, secret)
    with contextlib.suppress(OSError):
        os.chmod(secret_path, 0o600)
    atomic_write(public_path, public)
    if earlier:
        log.warning(
            "made a new key pair in %s (a key file was missing): the address has changed, "
            "so friends need the new one",
            str(folder),
        )
    else:
        log.info("made a key pair in %s", str(folder))
    return public, secret
