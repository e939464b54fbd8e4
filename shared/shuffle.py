"""The verifiable shuffle (PROTOCOL.md §15): a wall and dice anyone can derive again.

The host commits to a secret before a hand (`commitment`), every seated player adds a
random contribution, and the wall and the dice come from the secret and every contribution
(`derive_deal`): a Fisher–Yates shuffle driven by SHA-256 in counter mode, specified to the
byte in PROTOCOL.md §15 so that another program can check a hand from the document alone.
Python's own `random` is not used: its Mersenne Twister shuffle is no thing to ask another
program to reproduce. Pure: no I/O, no clock; the randomness comes in as arguments.
"""

from __future__ import annotations

import hashlib
import re

SHUFFLE_V1 = "sha256-fisher-yates-v1"
"""The name of this derivation, kept in records (`HandRecord.deal.shuffle`)."""

SECRET_BYTES = 32
"""The host's secret and each contribution are 32 bytes."""

NO_CONTRIBUTION = bytes(SECRET_BYTES)
"""What a seat contributes when it sends nothing in time, and what a computer seat
contributes: 32 zero bytes (documented, so a dead client cannot stall the table)."""

HEX_PATTERN = r"^[0-9a-f]{64}$"
"""32 bytes on the wire: 64 lowercase hexadecimal digits."""

_HEX = re.compile(HEX_PATTERN)
_COMMIT_TAG = b"gdmj-commit-v1\x00"
_WALL_TAG = b"gdmj-wall-v1\x00"
_HAND_SECRET_TAG = b"gdmj-hand-secret-v1\x00"
_SESSION_TAG_TAG = b"gdmj-session-tag-v1\x00"
_WORD = 2**32


def from_hex(text: str, what: str) -> bytes:
    """32 bytes from their 64 lowercase hex digits; ValueError naming `what` otherwise."""
    if not _HEX.match(text):
        raise ValueError(f"{what} must be 64 lowercase hexadecimal digits, not {text[:80]!r}")
    return bytes.fromhex(text)


def commitment(session_tag: str, hand_number: int, secret: bytes) -> str:
    """The hash the host announces before the deal (hex): it binds the secret to this
    session and hand, so it cannot be changed once the contributions are seen."""
    tag = session_tag.encode("ascii")
    data = _COMMIT_TAG + bytes([len(tag)]) + tag + hand_number.to_bytes(4, "big") + secret
    return hashlib.sha256(data).hexdigest()


def hand_secret(deal_key: bytes, hand_number: int) -> bytes:
    """The host's secret for one hand, from its session's private key (the host's own
    business: a verifier only ever sees the revealed secret). One-way, so a revealed hand's
    secret tells nothing of the next."""
    return hashlib.sha256(_HAND_SECRET_TAG + deal_key + hand_number.to_bytes(4, "big")).digest()


def session_tag(deal_key: bytes) -> str:
    """The session's public name in every commitment (32 hex digits), from its key."""
    return hashlib.sha256(_SESSION_TAG_TAG + deal_key).hexdigest()[:32]


class _Stream:
    """SHA-256 in counter mode: block i is SHA-256(key ‖ i as 8 bytes big-endian), read as
    32-bit big-endian words in order."""

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.counter = 0
        self.words: list[int] = []

    def word(self) -> int:
        if not self.words:
            block = hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
            self.counter += 1
            self.words = [int.from_bytes(block[i : i + 4], "big") for i in range(28, -1, -4)]
        return self.words.pop()

    def below(self, n: int) -> int:
        """An unbiased integer in [0, n): words at or above the largest multiple of n
        below 2³² are thrown away and the next word is taken."""
        limit = _WORD - _WORD % n
        while True:
            value = self.word()
            if value < limit:
                return value % n


def wall_key(secret: bytes, contributions: tuple[bytes, ...], hand_number: int) -> bytes:
    """The key of the hand's stream: every input, in a fixed layout (PROTOCOL.md §15)."""
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"the host's secret is {len(secret)} bytes, not {SECRET_BYTES}")
    if len(contributions) != 4 or any(len(c) != SECRET_BYTES for c in contributions):
        raise ValueError(f"a deal takes four contributions of {SECRET_BYTES} bytes")
    data = _WALL_TAG + hand_number.to_bytes(4, "big") + secret + b"".join(contributions)
    return hashlib.sha256(data).digest()


def full_set(flowers: bool) -> list[int]:
    """The 136 tiles (144 with flowers) before the shuffle: each kind 0–33 four times in
    order (0,0,0,0,1,1,1,1,…), then the flowers 34–41 once each."""
    tiles = [kind for kind in range(34) for _ in range(4)]
    if flowers:
        tiles.extend(range(34, 42))
    return tiles


def derive_deal(
    secret: bytes, contributions: tuple[bytes, ...], hand_number: int, flowers: bool
) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(the wall in draw order, the dice) of a hand: a Fisher–Yates shuffle of the full
    set from its last place down, each swap partner `below(i + 1)`; then the two dice,
    each `below(6) + 1`, from the same stream."""
    stream = _Stream(wall_key(secret, contributions, hand_number))
    tiles = full_set(flowers)
    for i in range(len(tiles) - 1, 0, -1):
        j = stream.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    dice = (stream.below(6) + 1, stream.below(6) + 1)
    return tuple(tiles), dice
