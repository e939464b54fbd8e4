"""Over-deep MessagePack (issue #31): a map 10,000 levels deep inside `act.action` got no
reply and a traceback in the host's log. The host now answers `bad_field` and carries on;
shared/nesting.py measures the depth without recursing, checked here against depths
counted from the data itself."""

from __future__ import annotations

import json
from collections.abc import Callable

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.actions import Discard
from shared.errors import ProtocolError
from shared.nesting import MAX_FRAME_ITEMS, MAX_NESTING, TooDeep, check_json, check_msgpack
from shared.protocol import Act, Ping, Pong, Welcome, decode_client, decode_host, encode
from tests.support.net import NetHost, RawClient, hello

DEEP = 10_000


def deep_action(depth: int) -> bytes:
    """`{"type": "act", "action": {"a": {"a": ...}}}`, `depth` maps inside the action,
    built as bytes (a Python object that deep could not be packed)."""
    return b"\x82\xa4type\xa3act\xa6action" + b"\x81\xa1a" * depth + b"\x80"


def depth_of(value: object) -> int:
    """Maps and lists inside each other, counted on the Python value (the expectation)."""
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    return 0


leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=40)
    | st.binary(max_size=300)
)
nested = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=60,
)


def wrapped(value: object, levels: int) -> object:
    for _ in range(levels):
        value = [value, "[{"]
    return value


@settings(max_examples=150, deadline=None)
@given(nested, st.integers(0, 40))
def test_msgpack_depth_is_the_datas_own(value: object, levels: int) -> None:
    value = wrapped(value, levels)
    data = msgpack.packb(value, use_bin_type=True)
    if depth_of(value) > MAX_NESTING:
        with pytest.raises(TooDeep):
            check_msgpack(data)
    else:
        check_msgpack(data)


@settings(max_examples=150, deadline=None)
@given(nested, st.integers(0, 40))
def test_json_depth_is_the_datas_own(value: object, levels: int) -> None:
    value = wrapped(value, levels)
    data = json.dumps(value, default=bytes.hex).encode()  # NaN too: brackets only count
    if depth_of(value) > MAX_NESTING:
        with pytest.raises(TooDeep):
            check_json(data)
    else:
        check_json(data)


def test_deep_frames_are_refused_by_name() -> None:
    for frame in (deep_action(DEEP), deep_action(MAX_NESTING)):
        with pytest.raises(ProtocolError, match=f"nested more than {MAX_NESTING} deep"):
            decode_client(frame)
    with pytest.raises(ProtocolError, match="nested more than"):
        decode_host(b"\x91" * 100_000 + b"\xc0")
    with pytest.raises(ProtocolError, match=f"more than {MAX_FRAME_ITEMS} values"):
        decode_client(b"\xdc" + (60_000).to_bytes(2, "big") + b"\x90" * 60_000)
    # A shallow one goes on to the usual checks; a real action is read as ever.
    with pytest.raises(ProtocolError, match="missing required field"):
        decode_client(deep_action(3))
    assert decode_client(encode(Act(Discard(5)))) == Act(Discard(5))


def test_a_host_answers_deep_frames_and_carries_on(net_host: Callable[..., NetHost]) -> None:
    host = net_host("Deep table")
    rogue = RawClient(host.address)
    try:
        rogue.send_message(hello("Rogue"))
        assert isinstance(rogue.wait_for(lambda m: isinstance(m, Welcome), 10), Welcome)
        for _ in range(200):
            rogue.send(deep_action(DEEP))
        error = rogue.wait_error(10)
        assert error is not None, "no reply to a frame nested 10,000 deep"
        assert error.code == "bad_field" and "nested more than" in error.reason, error
        # A burst past the peer's queue (server/fair_queue.py) is dropped unread, so a ping
        # sent at once may go with it: the host carries on if a later one is answered.
        pong = None
        for attempt in range(20):
            rogue.send_message(Ping(attempt))
            pong = rogue.wait_for(lambda m: isinstance(m, Pong), 0.5)
            if pong is not None:
                break
        assert isinstance(pong, Pong), "the host stopped answering"
    finally:
        rogue.close()
    assert host.alive
    log = host.log_text()
    assert "Traceback" not in log and "RecursionError" not in log, log[-3000:]
    assert log.count("nested more than") < 20, "each of 200 frames logged"
