"""A hostile client at a real host: garbage, truncated and oversized frames, wrong types,
unknown messages, actions out of turn, floods — while four network bots play a session.

The host must refuse each with an `Error` to the sender only, never stop, and the game
must end as usual. The frames the host sends are also read with the independent `msgpack`
package: plain MessagePack maps tagged by "type".
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import msgpack
import msgspec
import pytest
import zmq

from shared.actions import (
    AcceptRules,
    Discard,
    SetRules,
    StartGame,
    Timeout,
)
from shared.protocol import (
    MAX_FRAME_BYTES,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Error,
    EventMessage,
    Ping,
    Pong,
    Snapshot,
    SnapshotRequest,
    Welcome,
    decode_host,
    encode,
)
from tests.support.net import (
    FAST_OPTIONS,
    NetHost,
    NetPlayer,
    RawClient,
    check_records_match,
    close_all,
    hand_in_play,
    hand_results,
    hello,
    make_players,
    play_session,
    pump,
    session_ends,
    settle,
    setup_table,
    start_host,
    wait_until_saved,
    waits_on,
)

NAMES = ["Ace", "Bea", "Cal", "Dee"]
FLOOD_FRAMES = 10_000


@pytest.fixture
def host(net_host: Callable[..., NetHost]) -> NetHost:
    return net_host("Hostile table")


def packed(obj: object) -> bytes:
    """MessagePack from the independent `msgpack` package (not msgspec)."""
    return msgpack.packb(obj, use_bin_type=True)


def hostile_frame(rng: random.Random) -> bytes | list[bytes]:
    """One random hostile message: a single frame (bytes) or a multipart message (list)."""
    valid = [
        encode(hello("Rogue")),
        encode(Act(Discard(0))),
        encode(Act(Timeout())),
        encode(SnapshotRequest()),
        encode(Ping(1)),
    ]
    kind = rng.randrange(14)
    if kind == 0:
        return rng.randbytes(rng.randrange(0, 300))
    if kind == 1:
        frame = rng.choice(valid)
        return frame[: rng.randrange(0, len(frame))]
    if kind == 2:
        return packed(rng.choice([[1, 2, 3], 7, "hello", None, 3.5, {1: 2}, [{"type": "ping"}]]))
    if kind == 3:
        return packed({"type": rng.choice(["launch", "", "HELLO", "welcome", "error", "🀄"])})
    if kind == 4:
        return packed({"type": "hello", "protocol": rng.choice(["1", None, [1], 1.5]), "name": 1})
    if kind == 5:
        return packed({"type": "act", "action": {"type": rng.choice(["discard", "nope"]), "t": -1}})
    if kind == 6:  # a string near the limit, or just over it
        size = rng.choice([MAX_FRAME_BYTES - 64, MAX_FRAME_BYTES + 200])
        return packed({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "x" * size})
    if kind == 7:
        return [rng.choice(valid) for _ in range(rng.randrange(2, 5))]
    if kind == 8:
        return encode(Act(Timeout()))
    if kind == 9:
        return encode(Act(rng.choice([StartGame(), AcceptRules(), SetRules(FAST_OPTIONS)])))
    if kind == 10:
        return encode(Act(Discard(rng.randrange(42))))
    if kind == 11:
        return rng.choice(valid)
    if kind == 12:
        return bytes([rng.choice([0xC1, 0xDF, 0xDD, 0xDB, 0xC6])]) + b"\xff\xff\xff\xff"
    return packed({"type": "ping", "sent_ms": rng.choice([2**64 - 1, -(2**63), 0])})


# --- probes: one hostile message each, on a fresh connection, with the expected answer ----

PROBES: list[tuple[str, object, set[str]]] = [
    ("random bytes", b"\xc1\x00\xff garbage", {"bad_frame"}),
    ("empty frame", b"", {"bad_frame"}),
    ("truncated valid frame", encode(hello("Trunc"))[:-5], {"bad_frame"}),
    ("map header claiming 4G entries", b"\xdf\xff\xff\xff\xff", {"bad_frame"}),
    ("msgpack array", packed([1, 2, 3]), {"bad_field"}),
    ("msgpack int", packed(7), {"bad_field"}),
    ("deeply nested arrays", b"\x91" * 60_000 + b"\x00", {"bad_field", "bad_frame"}),
    ("wrong field type", packed({"type": "hello", "protocol": "1", "name": "X"}), {"bad_field"}),
    ("unknown type", packed({"type": "launch_missiles"}), {"unknown_message"}),
    ("no type at all", packed({"name": "x"}), {"unknown_message", "bad_field"}),
    ("unknown field", packed({"type": "ping", "sent_ms": 1, "evil": 1}), {"bad_field"}),
    (
        "unknown action",
        packed({"type": "act", "action": {"type": "nuke"}}),
        {"unknown_message", "bad_field"},
    ),
    (
        "string just under 64 KiB",
        packed({"type": "hello", "protocol": 1, "name": "x" * (MAX_FRAME_BYTES - 64)}),
        {"bad_field"},
    ),
    (
        "frame just over 64 KiB",
        packed({"type": "hello", "protocol": 1, "name": "x" * (MAX_FRAME_BYTES + 100)}),
        {"too_large"},
    ),
    ("multipart message", [encode(Ping(1)), encode(Ping(2))], {"bad_frame"}),
    ("act before hello", encode(Act(Discard(0))), {"not_joined"}),
    ("timeout before hello", encode(Act(Timeout())), {"not_joined"}),
    ("snapshot before hello", encode(SnapshotRequest()), {"not_joined"}),
    ("bye before hello", encode(Bye()), {"not_joined"}),
    ("a seated player's name", encode(hello(NAMES[1])), {"name_taken"}),
]


def run_probes(host: NetHost) -> dict[str, list[str]]:
    """Each probe on its own connection; the codes it got back."""
    got: dict[str, list[str]] = {}
    for label, payload, _ in PROBES:
        raw = RawClient(host.address)
        try:
            raw.send(payload)  # type: ignore[arg-type]
            error = raw.wait_error(5)
            got[label] = [error.code] if error else []
        finally:
            raw.close()
    return got


def joined_rogue(host: NetHost, name: str) -> RawClient:
    """A rogue that said a proper hello (as a spectator, the session being in play)."""
    raw = RawClient(host.address)
    raw.send_message(hello(name))
    welcome = raw.wait_for(lambda m: isinstance(m, Welcome), 5)
    assert isinstance(welcome, Welcome), raw.messages()
    assert welcome.seat is None, "mid-session, a newcomer only watches"
    return raw


def probe_joined(host: NetHost) -> dict[str, list[str]]:
    """Hostile acts of a connection that did join (a spectator)."""
    got: dict[str, list[str]] = {}
    for label, payload in [
        ("a timeout from a client", encode(Act(Timeout()))),
        ("a spectator discards", encode(Act(Discard(0)))),
        ("lobby action mid-session", encode(Act(StartGame()))),
        ("set rules mid-session", encode(Act(SetRules(FAST_OPTIONS)))),
        ("a second hello", encode(hello("Again"))),
    ]:
        raw = joined_rogue(host, f"Spy {len(got)}")
        try:
            raw.send(payload)
            error = raw.wait_error(5)
            got[label] = [error.code] if error else []
        finally:
            raw.close()
    return got


class Rogue(threading.Thread):
    """Sends FLOOD_FRAMES hostile frames from many connections as fast as it can."""

    def __init__(self, host: NetHost, seed: int, sockets: int = 12) -> None:
        super().__init__(daemon=True)
        self.host = host
        self.rng = random.Random(seed)
        self.context = zmq.Context()
        self.sockets = sockets
        self.clients: list[RawClient] = []
        self.error: BaseException | None = None
        self.finished_at: float | None = None

    @property
    def sent(self) -> int:
        return sum(c.sent for c in self.clients)

    def run(self) -> None:
        try:
            self.clients = [RawClient(self.host.address, self.context) for _ in range(self.sockets)]
            # Half of them join (as spectators) so their hostile acts reach the room.
            for i, client in enumerate(self.clients[: self.sockets // 2]):
                client.send_message(hello(f"Rogue {i}"))
            while self.sent < FLOOD_FRAMES - 1000:  # and 2000 more in the flood
                client = self.rng.choice(self.clients)
                client.send(hostile_frame(self.rng))
                if self.sent % 200 == 0:
                    for c in self.clients:
                        c.receive(0)
            # A flood from a fresh connection: far over its rate (RATE_BURST, then
            # RATE_PER_SECOND), for longer than the host's pause between error replies.
            # It joins first, so that its pings are answered (not refused) until it floods:
            # the first refusal it earns is then for its rate.
            flooder = RawClient(self.host.address, self.context)
            self.clients.append(flooder)
            flooder.send_message(hello("Flooder", spectate=True))
            flooder.wait_for(lambda m: isinstance(m, Welcome), 5)
            for _ in range(2000):
                flooder.send(encode(Ping(2)))
            self.finished_at = time.monotonic()
            end = time.monotonic() + 3
            while time.monotonic() < end:
                for c in self.clients:
                    c.receive(5)
        except BaseException as exc:
            self.error = exc

    def close(self) -> None:
        for client in self.clients:
            client.close()
        self.context.term()


def assert_host_healthy(host: NetHost) -> None:
    """Alive, answering a newcomer (hello, then ping), and nothing went wrong in its log."""
    assert host.alive, "the host process died:\n" + host.log_text()[-3000:]
    raw = RawClient(host.address)
    try:
        raw.send_message(hello(f"Checker {time.monotonic_ns() % 10**6}", spectate=True))
        welcome = raw.wait_for(lambda m: isinstance(m, Welcome), 5)
        assert isinstance(welcome, Welcome), (
            f"the host did not welcome a newcomer: {raw.messages()}"
        )
        raw.send_message(Ping(42))
        pong = raw.wait_for(lambda m: isinstance(m, Pong), 5)
        assert isinstance(pong, Pong) and pong.sent_ms == 42, "the host stopped answering"
    finally:
        raw.close()
    log = host.log_text()
    for bad in ("Traceback", "error while handling a frame", "error in table"):
        assert bad not in log, f"the host logged {bad!r}:\n" + log[log.index(bad) - 500 :][:3000]


def test_hostile_client_during_a_session(host: NetHost) -> None:
    players: list[NetPlayer] = []
    rogue: Rogue | None = None
    try:
        players = make_players(host.address, NAMES)
        setup_table(players)
        pump(
            players,
            lambda: (hand_in_play(players[0]) or (0, 0)) >= (1, 2),
            20,
            play=True,
            what="hand 1 under way",
        )

        # A seated player's own illegal moves: a tile it holds out of turn, a tile nobody
        # holds, a timeout. The bots stop answering first, so the host waits for one seat
        # and every other seat with no prompt has nothing to do. (One move at a time: the
        # host answers a few errors a second at most.)
        pump(players, lambda: any(waits_on(p) for p in players), 10, what="a seat to act")
        settle(players, 0.3)  # every prompt on its way has arrived
        seated = next(p for p in players if not p.conn.legal)
        assert seated.conn.view is not None and seated.conn.view.hand
        for n, action in enumerate((Discard(seated.conn.view.hand[0]), Discard(41), Timeout())):
            time.sleep(0.3)  # more than 1 / ERROR_REPLIES_PER_SECOND since the last refusal
            seated.conn.send(action)
            pump(players, lambda n=n: len(seated.conn.errors) > n, 5, what=f"refusal of {action}")
        assert [e.code for e in seated.conn.errors] == ["illegal_action"] * 3

        probes = run_probes(host)
        joined = probe_joined(host)
        wrong = {
            label: (probes.get(label), expected)
            for label, _, expected in PROBES
            if not set(probes.get(label, [])) <= expected or not probes.get(label)
        }
        assert wrong == {}, f"unexpected answers (got, expected): {wrong}"
        assert joined == {
            "a timeout from a client": ["illegal_action"],
            "a spectator discards": ["illegal_action"],
            "lobby action mid-session": ["illegal_action"],
            "set rules mid-session": ["illegal_action"],
            "a second hello": ["already_joined"],
        }, joined

        rogue = Rogue(host, seed=20261130)
        rogue.start()

        def slow_down() -> None:
            if rogue is not None and rogue.is_alive() and rogue.finished_at is None:
                time.sleep(0.004)  # the bots play on, slower, while the flood goes on

        hands_before_flood = len(hand_results(players[0]))
        stalled = None
        try:
            play_session(players, 30, each=slow_down)
        except AssertionError as exc:  # checked last, after what does not need the end
            stalled = exc
        ended_at = time.monotonic()
        rogue.join(15)
        assert not rogue.is_alive()
        assert rogue.error is None, repr(rogue.error)
        assert rogue.sent >= FLOOD_FRAMES
        assert rogue.finished_at is not None

        codes = Counter(e.code for c in rogue.clients for e in c.errors())
        codes.update(code for got in (*probes.values(), *joined.values()) for code in got)
        for needed in ("bad_frame", "not_joined", "too_large", "illegal_action", "rate_limited"):
            assert codes[needed] > 0, f"no {needed!r} error seen: {codes}"
        assert codes["unknown_message"] + codes["bad_field"] > 0, codes
        flood_codes = Counter(e.code for c in rogue.clients for e in c.errors())
        assert flood_codes["rate_limited"] > 0, flood_codes
        assert_host_healthy(host)
        check_frames_with_msgpack(rogue)
        for player in players:
            assert all(e.code == "illegal_action" for e in player.conn.errors), player.conn.errors

        if stalled is not None:
            raise AssertionError(
                "the session did not finish under the hostile client (the host itself stayed "
                f"up and answered every check above):\n{stalled}"
            )
        assert rogue.finished_at < ended_at, "the flood was over only after the session"
        assert session_ends(players[0])[0].reason == "rounds_complete"
        assert len(hand_results(players[0])) > hands_before_flood
        # Every seat saw the same hands; the scores and records are whole.
        results = hand_results(players[0])
        for player in players:
            assert hand_results(player) == results
        expected = {n: results[-1].scores[s] for s, n in enumerate(NAMES)}
        assert wait_until_saved(host.data_dir, expected, len(results)) == expected
        check_records_match(host.data_dir, results)
    finally:
        if rogue is not None:
            rogue.join(10)
            rogue.close()
        close_all(players)


def check_frames_with_msgpack(rogue: Rogue) -> None:
    """Real frames from the host read by `msgpack`: maps with a "type" string, all of them."""
    frames = [parts for c in rogue.clients for parts in c.frames]
    assert len(frames) > 50
    types: Counter[str] = Counter()
    for parts in frames:
        assert len(parts) == 1, "the host sends one frame per message"
        data = msgpack.unpackb(parts[0], raw=False, strict_map_key=False)
        assert isinstance(data, dict) and isinstance(data.get("type"), str), data
        types[data["type"]] += 1
        message = decode_host(parts[0])
        if data["type"] == "event":
            assert isinstance(data["event"], dict) and isinstance(data["event"]["type"], str)
            assert isinstance(message, EventMessage)
        assert msgspec.json.decode(msgspec.json.encode(message)) == data
    for expected in ("welcome", "snapshot", "event", "error", "pong"):
        assert types[expected] > 0, f"no {expected!r} frame captured: {types}"


@pytest.mark.parametrize("insecure", [False, True], ids=["curve", "insecure"])
def test_host_reads_msgpack_from_an_independent_encoder(tmp_path: Path, insecure: bool) -> None:
    """A client written with another MessagePack library can play: hello, act, ping; on an
    encrypted host, and on an --insecure one (plain TCP, an address without a key)."""
    host = start_host(tmp_path / "data", "Packed table", insecure=insecure)
    raw = RawClient(host.address)
    try:
        assert (host.address.key is None) is insecure, host.ready_line
        who = {"client_id": "an-independent-client"} if insecure else {}  # (PROTOCOL.md §4)
        raw.send(packed({"type": "hello", "protocol": PROTOCOL_VERSION, "name": "Packed", **who}))
        welcome = raw.wait_for(lambda m: isinstance(m, Welcome), 5)
        assert isinstance(welcome, Welcome) and welcome.seat == 0
        raw.send(packed({"type": "act", "action": {"type": "add_bot", "seat": 1}}))
        raw.send(packed({"type": "ping", "sent_ms": 5}))
        assert raw.wait_for(lambda m: isinstance(m, Pong) and m.sent_ms == 5, 5)
        lobby = [
            m.event.seats
            for m in raw.messages()
            if isinstance(m, EventMessage) and hasattr(m.event, "seats")
        ]
        assert lobby and lobby[-1][1] is not None and lobby[-1][1].bot, lobby
        assert not raw.errors(), raw.errors()
        assert isinstance(raw.messages()[1], Snapshot)
        # Garbage gets the same answer either way.
        raw.send(b"\xc1")
        assert raw.wait_for(lambda m: isinstance(m, Error) and m.code == "bad_frame", 5)
    finally:
        raw.close()
        host.stop()


def test_oversized_and_transport_garbage_leave_the_host_standing(host: NetHost) -> None:
    """Frames over ZeroMQ's size cap, a plain (non-Curve) peer, raw TCP junk: no harm."""
    import socket

    players = make_players(host.address, NAMES)
    raw_plain = None
    try:
        # Far over the cap: ZeroMQ drops such a peer without a word.
        big = RawClient(host.address)
        big.send(b"\x00" * (MAX_FRAME_BYTES * 4))
        assert big.wait_error(1) is None
        big.close()
        # A peer without CurveZMQ cannot even talk to a secure host.
        raw_plain = RawClient(type(host.address)(host.address.host, host.address.port))
        raw_plain.send_message(hello("Plain"))
        assert raw_plain.wait_for(lambda m: True, 1) is None
        # Not ZeroMQ at all: junk bytes, a bogus greeting, a half-open connection.
        junk_rng = random.Random(5)
        for payload in (
            junk_rng.randbytes(5000),
            b"\xff" + b"\x00" * 8 + b"\x7f\x03\x00" + b"NULL" + b"\x00" * 16,
            b"GET / HTTP/1.0\r\n\r\n",
            b"",
        ):
            with socket.create_connection(("127.0.0.1", host.address.port), timeout=2) as s:
                s.sendall(payload)
                time.sleep(0.05)
        setup_table(players)
        play_session(players, 60)
        assert session_ends(players[0])[0].reason == "rounds_complete"
        assert_host_healthy(host)
    finally:
        if raw_plain is not None:
            raw_plain.close()
        close_all(players)
