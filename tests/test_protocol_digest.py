"""PROTOCOL.md §11 gives the default ruleset's encoding whole: hashing that text gives the
digest it names, and the host computes the same (so another client can check itself)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from shared.ruleset import make_ruleset

PROTOCOL = Path(__file__).resolve().parents[1] / "shared" / "PROTOCOL.md"


def test_the_documented_encoding_hashes_to_the_documented_digest() -> None:
    section = PROTOCOL.read_text(encoding="utf-8").split("## 11. The ruleset digest", 1)[1]
    section = section.split("## 12.", 1)[0]
    named = re.search(
        r"currently `([0-9a-f]{16})`, the SHA-256 of exactly these (\d+) bytes", section
    )
    assert named, "PROTOCOL.md §11 no longer names the default digest and its length"
    block = re.search(r"```\n(\{.*?\})\n```", section, re.DOTALL)
    assert block, "PROTOCOL.md §11 no longer shows the encoding"
    data = block.group(1).encode("utf-8")
    assert len(data) == int(named.group(2))
    assert hashlib.sha256(data).hexdigest()[:16] == named.group(1)
    assert make_ruleset().digest == named.group(1), "the rules changed: update PROTOCOL.md §11"
