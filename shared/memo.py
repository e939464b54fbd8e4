"""Bounded memos: a plain dict emptied when it is full, so that a long session's memory
stays flat (the hot questions repeat within a hand, seldom across hands). One helper for
every such cache; reads stay the dict's own `get` (the hot path, compiled or not). The
module-level memos are named here with their limits, so a benchmark can report their
sizes (`memo_sizes`)."""

from __future__ import annotations

from typing import Any, Final, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_NAMED: Final[dict[str, tuple[dict[Any, Any], int]]] = {}


def named_memo(name: str, memo: dict[K, V], limit: int) -> dict[K, V]:
    """`memo`, listed under `name` with its `limit` for `memo_sizes`; for module-level
    memos only (a listed dict lives as long as the process)."""
    if name in _NAMED:
        raise ValueError(f"a memo named {name!r} is listed already")
    _NAMED[name] = (memo, limit)
    return memo


def remember(memo: dict[K, V], limit: int, key: K, value: V) -> V:
    """Keep `value` under `key` in `memo`, emptying it first when it holds `limit` entries;
    return `value`."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


def memo_sizes() -> dict[str, tuple[int, int]]:
    """Each named memo's entries now and its limit, by name."""
    return {name: (len(memo), limit) for name, (memo, limit) in _NAMED.items()}
