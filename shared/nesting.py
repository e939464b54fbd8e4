"""How deep untrusted MessagePack and JSON may nest, checked before msgspec decodes them.

msgspec decodes nested maps and arrays by recursing and has no depth option: a frame or a
file nested thousands deep ends in a RecursionError (a traceback, or a crashed game)
rather than a refusal. `check_msgpack` and `check_json` measure the depth without
recursing and raise `TooDeep`, a msgspec.DecodeError, so every reader's existing "not
valid" path says the problem. Both return at once when the data has too few brackets or
container headers to reach the limit: a normal frame or file costs one pass in C.
"""

from __future__ import annotations

import re
from itertools import accumulate

import msgspec

MAX_NESTING = 32
"""Maps and arrays inside each other, at most: every message and file of the game nests
under 10 deep (a record file: the file, its hand, its actions, one action, its fields)."""

MAX_FRAME_ITEMS = 256
"""Values one client frame may hold, keys and containers counted (the largest, a `hello`
or a table's options, holds under 50): bounds the depth check's own work on a 64 KiB
frame to about 0.1 ms."""


class TooDeep(msgspec.DecodeError):
    """Data nested deeper than MAX_NESTING (or holding more values than allowed)."""


_CONTAINER_HEADERS = bytes([*range(0x80, 0xA0), *range(0xDC, 0xE0)])
"""First bytes of a MessagePack map or array (fixmap, fixarray, array 16/32, map 16/32)."""
_NOT_CONTAINER_HEADER = bytes(b for b in range(256) if b not in _CONTAINER_HEADERS)

_SKIP = {
    **dict.fromkeys((0xC0, 0xC2, 0xC3), 0),  # nil, false, true
    0xCA: 4,  # float 32
    0xCB: 8,  # float 64
    0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8,  # uint 8-64
    0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8,  # int 8-64
    0xD4: 2, 0xD5: 3, 0xD6: 5, 0xD7: 9, 0xD8: 17,  # fixext 1-16 (and its type byte)
}  # fmt: skip
"""Bytes after the first of a fixed-size MessagePack value."""
_SIZED = {
    0xC4: (1, 0), 0xC5: (2, 0), 0xC6: (4, 0),  # bin 8/16/32
    0xC7: (1, 1), 0xC8: (2, 1), 0xC9: (4, 1),  # ext 8/16/32 (and the type byte)
    0xD9: (1, 0), 0xDA: (2, 0), 0xDB: (4, 0),  # str 8/16/32
}  # fmt: skip
"""(bytes of the length, bytes between it and the data) of a sized MessagePack value."""
_COUNTED = {0xDC: (2, 1), 0xDD: (4, 1), 0xDE: (2, 2), 0xDF: (4, 2)}
"""(bytes of the count, values per entry) of array 16/32 and map 16/32."""


def check_msgpack(data: bytes, max_items: int | None = None) -> None:
    """Raise TooDeep if `data` nests maps and arrays more than MAX_NESTING deep (or holds
    more than `max_items` values). Malformed bytes are left for the decoder to name."""
    if len(data.translate(None, _NOT_CONTAINER_HEADER)) <= MAX_NESTING:
        return  # not enough containers to be too deep, whatever the bytes mean
    end = len(data)
    pos = 0
    items = 0
    left = 1  # values still to read in the innermost open container (first: the message)
    open_: list[int] = []  # `left` of each enclosing container
    while True:
        while left == 0:
            if not open_:
                return
            left = open_.pop()
        if pos >= end:
            return  # cut short: the decoder says so
        first = data[pos]
        pos += 1
        left -= 1
        items += 1
        if max_items is not None and items > max_items:
            raise TooDeep(f"more than {max_items} values in one message")
        if first < 0x80 or first >= 0xE0:
            continue  # fixint
        if first < 0xA0:  # fixmap, fixarray
            count = (first & 0x0F) * (2 if first < 0x90 else 1)
        elif first < 0xC0:  # fixstr
            pos += first & 0x1F
            continue
        elif first in _SKIP:
            pos += _SKIP[first]
            continue
        elif first in _SIZED:
            width, extra = _SIZED[first]
            pos += width + extra + int.from_bytes(data[pos : pos + width], "big")
            continue
        elif first in _COUNTED:
            width, per_entry = _COUNTED[first]
            count = int.from_bytes(data[pos : pos + width], "big") * per_entry
            pos += width
        else:
            return  # 0xC1, never used: the decoder refuses it
        if len(open_) >= MAX_NESTING:
            raise TooDeep(f"maps and arrays nested more than {MAX_NESTING} deep")
        if count:
            open_.append(left)
            left = count


_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def check_json(data: bytes) -> None:
    """Raise TooDeep if the JSON `data` nests objects and arrays more than MAX_NESTING
    deep (brackets inside strings do not count). Malformed JSON is left to the decoder."""
    if data.count(b"[") + data.count(b"{") <= MAX_NESTING:
        return
    brackets = _JSON_STRING.sub(b"", data).translate(None, _NOT_BRACKET)
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > MAX_NESTING:
        raise TooDeep(f"objects and arrays nested more than {MAX_NESTING} deep")
