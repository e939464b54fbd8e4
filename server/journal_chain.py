"""The journal's hash chain: each line carries a hash of itself and of every line before,
so a line edited, reordered, lost from the middle or the end's cut-off half-line is found
on reading, at the exact line, and only the lines before it are trusted.

A line is its entry's JSON object with one more member last, `"chain"`: the hex SHA-256
of the previous line's chain (32 bytes; the first line's is `CHAIN_START`) followed by the
entry's own JSON as written without that member. Reading strips the member and hashes
exactly the bytes written, so no re-encoding is involved.

The chain shows damage and edits made without recomputing it; it is no signature (whoever
can write the file can rewrite the chain too), and a journal cut at a line's end is a
shorter journal, whole: restore.py finds that cut from the records already written.
"""

from __future__ import annotations

import hashlib
import re

CHAIN_START = hashlib.sha256(b"gdmj journal chain").digest()
"""The chain value before a journal's first line."""

_SEAL = re.compile(rb',"chain":"([0-9a-f]{64})"\}\Z')


class ChainBroken(ValueError):
    """A line that does not follow the one before it; the message says how."""


def seal(body: bytes, previous: bytes) -> tuple[bytes, bytes]:
    """The line (without its newline) for an entry's JSON object `body` following the line
    whose chain value is `previous`, and this line's chain value."""
    chain = hashlib.sha256(previous + body).digest()
    return body[:-1] + b',"chain":"' + chain.hex().encode() + b'"}', chain


def is_sealed(line: bytes) -> bool:
    """Whether the line carries a chain member (a journal from before chaining does not)."""
    return _SEAL.search(line) is not None


def unseal(line: bytes, previous: bytes) -> tuple[bytes, bytes]:
    """The entry's JSON of a line and the line's chain value; ChainBroken if the line does
    not carry the chain that follows `previous`."""
    found = _SEAL.search(line)
    if found is None:
        raise ChainBroken("it carries no chain hash")
    body = line[: found.start()] + b"}"
    chain = hashlib.sha256(previous + body).digest()
    if chain.hex().encode() != found.group(1):
        raise ChainBroken(
            "its chain hash does not follow from the lines before it "
            "(the line was changed, moved, or lines before it were lost)"
        )
    return body, chain
