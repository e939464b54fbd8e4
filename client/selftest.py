"""`gdmj --self-test`: prove that this build (a checkout or a frozen bundle) plays.

Headless and self-contained: a host runs on loopback in a thread of this process (CurveZMQ
on, keys and records in a throw-away folder), four network bots join over real sockets,
one plays the owner, and they play one full hand with the per-act timers off. The hand's
result must be zero-sum, every seat's new score must be its starting score plus its
change, all four players must have seen the same result, and the host must have written
those scores and the hand's record to disk. Before the hand, the bundled font must draw
a Chinese tile name, every language's texts must be there (the compiled gettext catalogues,
each with every key), every voice clip must be there and whole, and zeroconf (used to find
tables on the LAN) must import, so a bundle that left any out fails here rather than on a
friend's machine.

Nothing here touches the player's settings, scores or records.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from client.net import Address, Connection
from client.netbot import NetworkBot
from server.host import HostConfig
from server.local import LocalHost, read_saved_scores
from shared.actions import AcceptRules, SetRules, StartGame
from shared.events import HandEnded
from shared.ruleset import TableOptions

SELF_TEST_OPTIONS = TableOptions(rounds=1, turn_seconds=0, claim_seconds=0)
"""One round and no per-act timers: the bots act as fast as they can."""
PLAYER_NAMES = ("东家测试", "南家测试", "西家测试", "北家测试")
BOT_SEED = 20240601
"""Fixed seeds for the bots' choices; the deal itself is the host's and differs each run."""


class SelfTestFailed(Exception):
    """The build does not play: the message says what went wrong."""


@dataclass(frozen=True)
class SelfTestReport:
    kind: str
    winners: tuple[int, ...]
    deltas: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    port: int
    seconds: float

    def line(self) -> str:
        """The one line `gdmj --self-test` prints."""
        winners = ",".join(str(seat) for seat in self.winners) or "none"
        deltas = " ".join(f"{d:+d}" for d in self.deltas)
        return (
            f"gdmj self-test: ok - one hand over CurveZMQ on 127.0.0.1:{self.port} by four "
            f"network bots: {self.kind}, winners {winners}, deltas {deltas} (sum 0), "
            f"scores settled, {self.seconds:.2f} s"
        )


def run_self_test(limit_s: float = 60.0) -> SelfTestReport:
    """Play one hand as described above; raise SelfTestFailed naming the first problem."""
    started = time.monotonic()
    _check_font()
    _check_texts()
    _check_voice()
    _check_zeroconf()
    with tempfile.TemporaryDirectory(prefix="gdmj-self-test-") as folder:
        data_dir = Path(folder)
        local = LocalHost(
            HostConfig(
                name="self-test",
                port=0,
                bind="127.0.0.1",
                bots=0,
                advertise=False,
                data_dir=data_dir,
                bot_delay=0.0,
            )
        )
        try:
            host = local.start()
        except RuntimeError as exc:
            raise SelfTestFailed(str(exc)) from None
        address = Address("127.0.0.1", host.port, host.key_text)
        bots: list[NetworkBot] = []
        try:
            deadline = started + limit_s
            for seat, name in enumerate(PLAYER_NAMES):
                bots.append(_join(address, name, BOT_SEED + seat, bots, deadline))
            _start_table(bots, deadline)
            _pump(
                bots,
                lambda: all(b.table.results for b in bots),
                deadline,
                play=True,
                what="the hand to end",
            )
            result = _agreed_result(bots)
            _check_settled(result, bots, data_dir, deadline)
        finally:
            for bot in bots:
                bot.connection.close()
            local.stop()
        return SelfTestReport(
            kind=result.kind,
            winners=tuple(w.seat for w in result.winners),
            deltas=result.deltas,
            scores=result.scores,
            port=host.port,
            seconds=time.monotonic() - started,
        )


def _check_font() -> None:
    """The bundled Chinese font exists and draws 中 (pygame's font module needs no window)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from client import assets

    try:
        path = assets.check_font()
    except assets.FontUnusable as exc:
        raise SelfTestFailed(str(exc)) from None
    if not assets.has_glyph("中"):
        raise SelfTestFailed(f"the font {path.name} does not draw 中")


def _check_texts() -> None:
    """Every shipped language's compiled catalogue is there, with every key English has
    and the counted texts in the forms of its Plural-Forms (client/i18n.py)."""
    try:
        from client import i18n
    except RuntimeError as exc:  # i18n.CatalogueMissing: a .mo file left out or damaged
        raise SelfTestFailed(str(exc)) from None
    if set(i18n.LANGUAGES) < {"zh-Hans", "zh-Hant", "en"}:
        raise SelfTestFailed(f"the texts of only {', '.join(i18n.LANGUAGES)} are bundled")
    every = set(i18n.CATALOGUE[i18n.REFERENCE_LANGUAGE])
    for code, texts in i18n.CATALOGUE.items():
        if every - set(texts):
            raise SelfTestFailed(f"the {code} texts lack {len(every - set(texts))} keys")
    if i18n.t_plural("join.seats_free", 1, "en") != "1 seat free":
        raise SelfTestFailed("the English counted texts do not follow their plural rule")


def _check_voice() -> None:
    """Every call-out clip is bundled and a whole Ogg Vorbis file (read without a mixer:
    a headless machine has none, and the game would only have fallen silent)."""
    from client.voice import CALLOUTS, VOICES, clip_fault, clip_path

    for voice in VOICES:
        for callout in CALLOUTS:
            fault = clip_fault(clip_path(voice, callout))
            if fault is not None:
                raise SelfTestFailed(f"the voice clip {fault}")


def _check_zeroconf() -> None:
    try:
        import zeroconf.asyncio  # noqa: F401  (hosting announces the table with it)

        import client.discovery  # noqa: F401  (joining lists tables with it)
    except ImportError as exc:
        raise SelfTestFailed(f"finding tables on the LAN cannot work: {exc}") from None


def _join(
    address: Address, name: str, seed: int, others: list[NetworkBot], deadline: float
) -> NetworkBot:
    """Connect one player (after the ones before it, so the first one owns the table)."""
    bot = NetworkBot(Connection(address, name), "competent", seed)
    bot.connection.connect()
    _pump(
        [*others, bot],
        lambda: bot.table.welcome is not None,
        deadline,
        play=False,
        what=f"{name} to be welcomed",
    )
    return bot


def _start_table(bots: list[NetworkBot], deadline: float) -> None:
    owner, *others = bots
    owner.connection.send(SetRules(SELF_TEST_OPTIONS))
    _pump(
        bots,
        lambda: all(_rules_shown(b) for b in bots),
        deadline,
        play=False,
        what="every player to see the rules",
    )
    for bot in others:
        bot.connection.send(AcceptRules())
    _pump(bots, lambda: _can_start(owner), deadline, play=False, what="the table to be ready")
    owner.connection.send(StartGame())


def _rules_shown(bot: NetworkBot) -> bool:
    lobby = bot.table.lobby
    return lobby is not None and lobby.options is not None


def _can_start(bot: NetworkBot) -> bool:
    lobby = bot.table.lobby
    return lobby is not None and lobby.can_start


def _pump(
    bots: Sequence[NetworkBot],
    until: Callable[[], bool],
    deadline: float,
    *,
    play: bool,
    what: str,
) -> None:
    """Let every bot take in messages (and act, with `play`) until `until()` or the deadline."""
    while not until():
        for bot in bots:
            errors = bot.table.errors
            if errors and errors[-1].code != "rate_limited":
                raise SelfTestFailed(
                    f"the host refused {bot.connection.name}: {errors[-1].code} "
                    f"({errors[-1].reason})"
                )
            if play:
                bot.step(1)
            else:
                bot.connection.poll(1)
        if time.monotonic() > deadline:
            raise SelfTestFailed(f"timed out waiting for {what}")


def _agreed_result(bots: list[NetworkBot]) -> HandEnded:
    result = bots[0].table.results[0]
    for bot in bots[1:]:
        if bot.table.results[0] != result:
            raise SelfTestFailed(f"{bot.connection.name} saw a different hand result")
    if sum(result.deltas) != 0:
        raise SelfTestFailed(f"the hand is not zero-sum: deltas {result.deltas}")
    if (result.kind == "draw") != (not result.winners):
        raise SelfTestFailed(f"a {result.kind} with winners {result.winners}")
    return result


def _check_settled(
    result: HandEnded, bots: list[NetworkBot], data_dir: Path, deadline: float
) -> None:
    """New scores are the starting ones plus the changes, and the host saved them."""
    rules = bots[0].table.rules
    if rules is None:
        raise SelfTestFailed("the players never learnt the table's rules")
    expected = tuple(rules.starting_score + delta for delta in result.deltas)
    if result.scores != expected:
        raise SelfTestFailed(f"scores {result.scores} are not start + deltas {expected}")
    by_seat = {_seat(bot): bot.connection for bot in bots}
    if sorted(by_seat) != [0, 1, 2, 3]:
        raise SelfTestFailed(f"the players do not hold the four seats: {sorted(by_seat)}")
    # Saved by player: each connection's key, with the name it played under.
    wanted = {
        _identity(by_seat[seat]): (by_seat[seat].name, result.scores[seat]) for seat in range(4)
    }
    scores_file = data_dir / "scores.json"
    records = data_dir / "records"
    while True:
        saved = read_saved_scores(scores_file)
        recorded = any(records.glob("*.jsonl")) if records.is_dir() else False
        if saved == wanted and recorded:
            return
        if time.monotonic() > deadline:
            raise SelfTestFailed(
                f"the host saved scores {saved} (wanted {wanted}); hand record saved: {recorded}"
            )
        time.sleep(0.01)


def _seat(bot: NetworkBot) -> int:
    lobby = bot.table.lobby
    if lobby is not None:
        for seat, occupant in enumerate(lobby.seats):
            if occupant is not None and occupant.name == bot.connection.name:
                return seat
    raise SelfTestFailed(f"{bot.connection.name} has no seat")


def _identity(connection: Connection) -> str:
    assert connection.keys is not None  # the self-test's host is encrypted
    return f"key:{connection.keys[0].decode()}"


