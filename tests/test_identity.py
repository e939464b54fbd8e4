"""Scores belong to a player, not to a typed name (PROTOCOL.md §4 "Who a player is").

The expectations come from the issue: a stranger who joins as "Indie" must not get Indie's
score (`name_taken`); Indie's key gets the score back under a new name too; a version-1
scores file (name → score) is migrated, its scores claimed once by the first player to join
under each name; an insecure host goes by the hello's client id; the desktop client asks
for another name in place.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import zmq

from server.limits import LOST_AFTER_SECONDS
from server.room import AlreadyHere, NameTaken, Room, RoomConfig
from server.store import ScoreStore
from shared.actions import AddBot, SetRules, StartGame
from shared.events import HandEnded, SessionStarted
from shared.protocol import (
    Bye,
    Error,
    EventMessage,
    HostMessage,
    Snapshot,
    SnapshotRequest,
    Welcome,
    decode_host,
    encode,
)
from shared.ruleset import TableOptions
from tests.support.net import (
    FAST_OPTIONS,
    NetHost,
    NetPlayer,
    RawClient,
    close_all,
    hand_results,
    hello,
    make_player,
    play_session,
    pump,
    saved_scores,
    setup_table,
    start_host,
    wait_until_saved,
)

INDIE = "key:" + "I" * 40
STRANGER = "key:" + "S" * 40
OPTIONS = TableOptions(turn_seconds=0, claim_seconds=0)


def room_with(tmp_path: Path, store: ScoreStore) -> Room:
    from server.store import RecordLog

    return Room("T", "", store, RecordLog(tmp_path / "records"), RoomConfig(bot_delay=0.0))


def start_scores(room: Room, owner: int) -> tuple[int, ...]:
    """The scores the session starts with, the owner alone with three computer players."""
    for seat in range(4):
        if room.lobby.seats[seat] is None:
            room.act(owner, AddBot(seat), 0.0)
    room.act(owner, SetRules(OPTIONS), 0.0)
    out = room.act(owner, StartGame(), 0.0)
    started = [m.event for _, m in out if isinstance(m, EventMessage)]
    return next(e for e in started if isinstance(e, SessionStarted)).scores


# --- the store and the room ---------------------------------------------------------------


def test_a_stranger_under_indies_name_is_refused_and_indie_keeps_the_score(
    tmp_path: Path,
) -> None:
    store = ScoreStore(tmp_path / "scores.json")
    store.update({INDIE: ("Indie", 1500)})
    room = room_with(tmp_path, store)
    for name in ("Indie", "INDIE", "Ｉｎｄｉｅ"):  # look-alikes are the same name
        with pytest.raises(NameTaken, match="belongs to another player"):
            room.join(1, name, False, 0.0, identity=STRANGER)
    assert not room.members, "the refused stranger is not at the table"
    # Indie, under a new name: the score is theirs, the new name is the one shown.
    room.join(2, "Indie 2", False, 0.0, identity=INDIE)
    assert room.lobby.seats[0] is not None and room.lobby.seats[0].name == "Indie 2"
    assert start_scores(room, 2)[0] == 1500


def test_indies_score_is_saved_by_key_under_the_name_played(tmp_path: Path) -> None:
    path = tmp_path / "scores.json"
    store = ScoreStore(path)
    store.update({INDIE: ("Indie", 1500)})
    room = room_with(tmp_path, store)
    room.join(2, "Indie 2", False, 0.0, identity=INDIE)
    start_scores(room, 2)
    room.lost(2, 0.0)  # Indie drops: a computer player plays the seat, the hand for Indie
    ended: list[HandEnded] = []
    now = 0.0
    while not ended and now < 2000:
        now += 1.0
        events = [m.event for _, m in room.tick(now) if isinstance(m, EventMessage)]
        ended += [e for e in events if isinstance(e, HandEnded)]
    assert ended, "the hand did not end"
    assert store.writer.flush(5)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 2
    score = ended[-1].scores[0]  # (a tick may play through more than one hand)
    assert saved["players"] == {INDIE: {"name": "Indie 2", "score": score}}
    # "Indie" is free again (nobody's saved name): a stranger may take it, at the starting
    # score (1000 × base, the default), not Indie's.
    other = room_with(tmp_path / "other", ScoreStore(path))
    other.join(5, "Indie", False, 0.0, identity=STRANGER)
    assert start_scores(other, 5)[0] == 1000


def test_a_name_at_the_table_is_taken_and_one_player_is_one_member(tmp_path: Path) -> None:
    room = room_with(tmp_path, ScoreStore(tmp_path / "scores.json"))
    room.join(1, "Indie", False, 0.0, identity=INDIE)
    with pytest.raises(NameTaken, match="already at this table"):
        room.join(2, "indie", True, 0.0, identity=STRANGER)
    with pytest.raises(AlreadyHere):
        room.join(3, "Someone else", False, 0.0, identity=INDIE)


def test_a_resume_token_is_no_use_to_another_player(tmp_path: Path) -> None:
    room = room_with(tmp_path, ScoreStore(tmp_path / "scores.json"))
    room.join(1, "Indie", False, 0.0, identity=INDIE)
    token = room.members[1].token
    assert room.returning(token, INDIE) is room.members[1]
    assert room.returning(token, STRANGER) is None


def test_a_dropped_player_gets_the_seat_back_by_key_without_the_token(tmp_path: Path) -> None:
    room = room_with(tmp_path, ScoreStore(tmp_path / "scores.json"))
    room.join(1, "Indie", False, 0.0, identity=INDIE)
    start_scores(room, 1)
    room.lost(1, 1.0)
    assert 0 in room.autoplay, "a computer player plays the seat"
    member = room.returning("", INDIE)
    assert member is not None and member.seat == 0
    room.resume(member, 9, 2.0)
    assert 0 not in room.autoplay and room.members[9].seat == 0
    assert room.returning("", STRANGER) is None


def test_a_version_1_file_is_migrated_and_each_score_claimed_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "scores.json"
    old = {"Annie": 1234, "Bo": 870}
    path.write_text(json.dumps(old), encoding="utf-8")
    store = ScoreStore(path)
    (backup,) = tmp_path.glob("scores.json.v1-*")
    assert json.loads(backup.read_text(encoding="utf-8")) == old, "the old file is kept"
    migrated = json.loads(path.read_text(encoding="utf-8"))
    assert migrated == {"version": 2, "players": {}, "unclaimed": old}

    room = room_with(tmp_path, store)
    room.join(1, "ANNIE", False, 0.0, identity=INDIE)  # look-alike-equal: claims "Annie"
    assert start_scores(room, 1)[0] == 1234
    assert store.writer.flush(5)
    claimed = json.loads(path.read_text(encoding="utf-8"))
    assert claimed["players"] == {INDIE: {"name": "ANNIE", "score": 1234}}
    assert claimed["unclaimed"] == {"Bo": 870}
    again = ScoreStore(path)  # a restart: the claim stands, nothing migrated twice
    assert again.get(INDIE, 0) == 1234 and len(list(tmp_path.glob("scores.json.v1-*"))) == 1
    with pytest.raises(NameTaken):
        room_with(tmp_path / "b", again).join(2, "Annie", False, 0.0, identity=STRANGER)
    # Indie has a score now: Bo's old one is not theirs to take as well.
    with pytest.raises(NameTaken, match="older version"):
        room_with(tmp_path / "c", again).join(3, "Bo", False, 0.0, identity=INDIE)


def test_bad_players_in_a_version_2_file_are_left_out_and_the_file_kept(
    tmp_path: Path,
) -> None:
    path = tmp_path / "scores.json"
    original = {
        "version": 2,
        "players": {
            INDIE: {"name": "Indie", "score": 1500},
            "Indie": {"name": "Indie", "score": 99},  # a name is not an identity
            STRANGER: {"name": "S", "score": 10**30},
        },
        "unclaimed": {"Old": 5, "Bad": "x"},
    }
    path.write_text(json.dumps(original), encoding="utf-8")
    store = ScoreStore(path)
    assert list(store.players) == [INDIE] and store.unclaimed == {"Old": 5}
    (kept,) = tmp_path.glob("scores.json.corrupt-*")
    assert json.loads(kept.read_text(encoding="utf-8")) == original


# --- real processes -----------------------------------------------------------------------


def welcome_or_error(
    host: NetHost, keys: tuple[bytes, bytes] | None, **fields: object
) -> Welcome | Error:
    """What a fresh connection (with `keys`, that install's) hears for its hello; a
    welcomed one then says bye (it leaves the table)."""
    raw = RawClient(host.address, keys=keys)
    try:
        raw.send_message(hello(**fields))  # type: ignore[arg-type]
        got = raw.wait_for(lambda m: isinstance(m, Welcome | Error), 5)
        assert isinstance(got, Welcome | Error), got
        if isinstance(got, Welcome):
            raw.send_message(Bye())
            time.sleep(0.2)  # the bye reaches the host before the socket closes
        return got
    finally:
        raw.close()


def start_alone(owner: NetPlayer) -> SessionStarted:
    """The owner, with the host's three computer players, sets the rules and starts."""
    setup_table([owner], FAST_OPTIONS)
    pump(
        [owner],
        lambda: any(isinstance(e, SessionStarted) for e in owner.events()),
        10,
        what="the session starts",
    )
    return next(e for e in owner.events() if isinstance(e, SessionStarted))


def test_two_installs_key_pairs_at_a_real_host(tmp_path: Path) -> None:
    """gdmj-host on a version-1 file: Indie's install claims "Indie", plays a session and
    leaves; a stranger's install asking for "Indie" is refused; Indie's comes back as
    "Indie 2" with the score of the session."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "scores.json").write_text(json.dumps({"Indie": 1500}), encoding="utf-8")
    host = start_host(data, "Identity table", bots=3)
    indie_keys, stranger_keys = zmq.curve_keypair(), zmq.curve_keypair()
    players = []
    try:
        indie = make_player(host.address, "Indie", keys=indie_keys)
        players = [indie]
        pump(players, lambda: indie.conn.lobby is not None, 10, what="Indie is welcomed")
        started = start_alone(indie)
        assert started.scores[indie.seat or 0] == 1500, "the version-1 score, claimed"
        play_session(players, 90)
        final = indie.conn.session_end
        assert final is not None
        score = final.scores[indie.seat or 0]
        indie.conn.close()  # bye: Indie is gone from the table
        wait_until_saved(data, {"Indie": score}, len(hand_results(indie)))
        on_disk = json.loads((data / "scores.json").read_text(encoding="utf-8"))
        key = f"key:{indie_keys[0].decode()}"
        assert list(on_disk["players"]) == [key] and on_disk["unclaimed"] == {}
        assert on_disk["players"][key] == {"name": "Indie", "score": score}

        refused = welcome_or_error(host, stranger_keys, name="indie")
        assert isinstance(refused, Error) and refused.code == "name_taken", refused
        assert "belongs to another player" in refused.reason

        back = make_player(host.address, "Indie 2", keys=indie_keys)
        players = [back]
        pump(players, lambda: back.conn.lobby is not None, 10, what="Indie 2 is welcomed")
        again = start_alone(back)
        assert again.scores[back.seat or 0] == score, "Indie's key has its score back"
    finally:
        close_all(players)
        host.stop()


def test_a_dropped_player_gets_the_seat_back_by_key_at_a_real_host(tmp_path: Path) -> None:
    """Dan's game stops mid-session (no bye, the token lost with it); started again on the
    same install, it joins under another name without the token and gets Dan's seat back,
    under Dan's name. Meanwhile a stranger cannot take the name."""
    # Computer players who take half a second a move: the hand is still on when Dan is back.
    host = start_host(tmp_path / "data", "Return table", bots=3, extra=["--bot-delay", "0.5"])
    dan_keys = zmq.curve_keypair()
    players = []
    try:
        dan = make_player(host.address, "Dan", keys=dan_keys)
        players = [dan]
        pump(players, lambda: dan.conn.lobby is not None, 10, what="Dan is welcomed")
        start_alone(dan)
        seat = dan.seat
        dan.conn.close(say_bye=False)  # the game is gone: no bye
        time.sleep(LOST_AFTER_SECONDS + 1)  # the host counts Dan as dropped
        refused = welcome_or_error(host, None, name="Dan")
        assert isinstance(refused, Error) and refused.code == "name_taken", refused

        again = make_player(host.address, "Danny", keys=dan_keys)  # no resume token
        players = [again]
        pump(players, lambda: again.conn.lobby is not None, 10, what="Dan is back")
        assert again.seat == seat, "the seat comes back to the same key"
        assert again.conn.name == "Dan", "under the name it had at the table"
        assert again.conn.lobby is not None
        names = [s.name for s in again.conn.lobby.seats if s is not None and not s.bot]
        assert names == ["Dan"], names
    finally:
        close_all(players)
        host.stop()


def dealer(host: NetHost, routing_id: bytes) -> zmq.Socket[bytes]:
    """A CurveZMQ DEALER with a key pair of its own that chooses its routing id (any
    ZeroMQ peer may)."""
    assert host.address.key is not None
    sock: zmq.Socket[bytes] = zmq.Context.instance().socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.ROUTING_ID, routing_id)
    sock.curve_serverkey = host.address.key.encode()
    sock.curve_publickey, sock.curve_secretkey = zmq.curve_keypair()
    sock.connect(f"tcp://{host.address.host}:{host.address.port}")
    return sock


def replies(sock: zmq.Socket[bytes], seconds: float) -> list[HostMessage]:
    end = time.monotonic() + seconds
    got: list[HostMessage] = []
    while time.monotonic() < end:
        if sock.poll(50):
            got.append(decode_host(sock.recv()))
    return got


def test_another_key_under_a_gone_connections_routing_id_is_not_that_player(
    tmp_path: Path,
) -> None:
    """Vic's connection goes (no bye); before the host forgets it, a peer with another key
    connects under the same routing id (libzmq's are predictable) and asks for Vic's
    snapshot. It gets nothing of Vic's: the host goes by the key, not the routing id."""
    host = start_host(tmp_path / "data", "Impostor table")
    try:
        victim = dealer(host, b"seat-of-vic")
        victim.send(encode(hello("Vic")))
        assert any(isinstance(m, Welcome) for m in replies(victim, 2)), "Vic is welcomed"
        victim.close(0)
        # The host's ROUTER takes an id again only once it has let go of it (the TCP
        # connection closed); until then libzmq ignores the newcomer, so a loaded machine
        # gets another try rather than a failure.
        got: list[HostMessage] = []
        deadline = time.monotonic() + 20
        while not got and time.monotonic() < deadline:
            time.sleep(0.3)
            impostor = dealer(host, b"seat-of-vic")
            impostor.send(encode(SnapshotRequest()))
            impostor.send(encode(SnapshotRequest()))
            got = replies(impostor, 2)
            impostor.close(0)
        assert not any(isinstance(m, Snapshot) for m in got), got
        assert [m.code for m in got if isinstance(m, Error)] == ["not_joined"], got
    finally:
        host.stop()
    assert "routing_id_of_another_key" in host.log_text()


def test_an_insecure_host_goes_by_the_client_id(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "scores.json").write_text(json.dumps({"Xu": 1300}), encoding="utf-8")
    host = start_host(data, "Plain table", insecure=True)
    xu, other = secrets.token_hex(16), secrets.token_hex(16)
    try:
        first = welcome_or_error(host, None, name="Xu", client_id=xu)
        assert isinstance(first, Welcome), first
        deadline = time.monotonic() + 5
        while saved_scores(data) != {"Xu": 1300} and time.monotonic() < deadline:
            time.sleep(0.05)
        on_disk = json.loads((data / "scores.json").read_text(encoding="utf-8"))
        assert on_disk["players"] == {f"id:{xu}": {"name": "Xu", "score": 1300}}

        taken = welcome_or_error(host, None, name="Xu", client_id=other)
        assert isinstance(taken, Error) and taken.code == "name_taken", taken
        # Anyone who sends Xu's client id is Xu: that is what insecure means (documented).
        assert isinstance(welcome_or_error(host, None, name="Xu", client_id=xu), Welcome)
        missing = welcome_or_error(host, None, name="Nobody", client_id="")
        assert isinstance(missing, Error) and missing.code == "bad_field", missing
        assert "client_id" in missing.reason
        short = welcome_or_error(host, None, name="Shorty", client_id="abc")
        assert isinstance(short, Error) and short.code == "bad_field", short
    finally:
        host.stop()


# --- the desktop client -------------------------------------------------------------------


def test_the_game_asks_for_another_name_in_place_and_joins_under_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from client.app import App
    from client.net import Address, Connection, client_keys
    from client.scenes.connect import ConnectingScene
    from client.scenes.lobby import LobbyScene
    from client.scenes.menu import MenuScene
    from client.settings import Settings
    from client.starting import connect
    from server.host import HostConfig
    from server.local import LocalHost

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    app = App(Settings(language="en", player_name="Indie"))
    app.data_dir = tmp_path / "data"
    app.config_dir = tmp_path / "config"
    local = LocalHost(
        HostConfig(port=0, bind="127.0.0.1", advertise=False, data_dir=tmp_path / "hostdata")
    )
    host = local.start()
    address = Address("127.0.0.1", host.port, host.key_text)
    other = Connection(address, "Indie")  # another install (its own key) sits as Indie
    try:
        other.connect()
        deadline = time.monotonic() + 10
        while other.welcome is None and time.monotonic() < deadline:
            other.poll(20)
        assert other.welcome is not None, other.errors
        app.push(MenuScene(app))
        connect(app, address)
        scene = app.scene
        assert isinstance(scene, ConnectingScene)
        deadline = time.monotonic() + 10
        while scene.name_field is None and time.monotonic() < deadline:
            app.frame(0.016)
            time.sleep(0.01)
        assert app.scene is scene and scene.name_field is not None, app.notice
        assert scene.name_field.text == "Indie"
        scene.name_field.text = ""
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Indie 2"))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        deadline = time.monotonic() + 10
        while not isinstance(app.scene, LobbyScene) and time.monotonic() < deadline:
            app.frame(0.016)
            time.sleep(0.01)
        assert isinstance(app.scene, LobbyScene), app.notice
        conn = app.connection
        assert conn is not None and conn.lobby is not None
        assert [s.name for s in conn.lobby.seats if s] == ["Indie", "Indie 2"]
        assert app.settings.player_name == "Indie 2", "the new name is kept"
        # The connection went as this install: its own key pair, kept in its folder.
        assert conn.keys == client_keys(tmp_path / "config")
    finally:
        app.disconnect()
        other.close()
        local.stop()


def test_an_install_keeps_one_client_id_and_sends_it_to_insecure_hosts(tmp_path: Path) -> None:
    from client.net import Address, Connection, client_id
    from shared.protocol import Hello, decode_client

    first = client_id(tmp_path)
    assert client_id(tmp_path) == first and len(first) == 32
    assert (tmp_path / "client.id").read_text(encoding="ascii") == first
    (tmp_path / "client.id").write_text("bad id", encoding="ascii")  # damaged: a new one
    remade = client_id(tmp_path)
    assert remade != first and len(remade) == 32

    context = zmq.Context()
    router = context.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    conn = None
    try:
        port = router.bind_to_random_port("tcp://127.0.0.1")
        conn = Connection(Address("127.0.0.1", port), "Xu", client_id=remade, context=context)
        sent = []
        for _ in range(2):  # the first hello, then a reconnect's: the same id again
            conn.connect()
            assert router.poll(5000), "no hello arrived"
            sent.append(decode_client(router.recv_multipart()[-1]))
        assert all(isinstance(m, Hello) and m.client_id == remade for m in sent), sent
    finally:
        if conn is not None:
            conn.close(say_bye=False)
        router.close(0)
        context.term()
