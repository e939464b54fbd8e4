"""Player names at the host: NFC, no control / format / private-use characters, a width
limit, look-alikes (case, fullwidth) are the same name; untrusted text in the log quoted."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.names import clean_name, name_key, name_width
from shared.protocol import Error, EventMessage, Welcome
from tests.support.net import NetHost, RawClient, close_all, hello, make_players, start_host


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("  Ann ", "Ann"),
        ("e\u0301", "\u00e9"),  # decomposed é becomes one code point (NFC)
        ("龍" * 12, "龍" * 12),  # 24 columns
        ("x" * 24, "x" * 24),
        ("阿明 2", "阿明 2"),
        ("Zoë 🀄", "Zoë 🀄"),
    ],
)
def test_names_that_pass(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("   ", "not only spaces"),
        ("Bob\nINFO forged", "control"),
        ("a\x07b", "control"),
        ("\u202eevil", "format"),  # right-to-left override
        ("a\u200bb", "format"),  # zero-width space
        ("a\u200db", "format"),  # zero-width joiner
        ("\ufeffAnn", "format"),
        ("\ue000", "private-use"),
        ("a\u2028b", "line separator"),
        ("龍" * 13, "columns"),  # 26 columns
        ("Ａ" * 13, "columns"),  # fullwidth letters count 2
    ],
)
def test_names_refused(raw: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        clean_name(raw)


def test_look_alikes_share_a_key() -> None:
    assert name_key("Ann") == name_key("ANN") == name_key("Ａｎｎ") == name_key("ａnn")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Ann") != name_key("Anne")
    assert name_width("龍a") == 3 and name_width("e\u0301") == 1


def first_answer(host: NetHost, **fields: object) -> Welcome | Error | None:
    raw = RawClient(host.address)
    try:
        raw.send_message(hello(**fields))  # type: ignore[arg-type]
        got = raw.wait_for(lambda m: isinstance(m, Welcome | Error), 5)
        return got if isinstance(got, Welcome | Error) else None
    finally:
        raw.close()


def code_of(answer: Welcome | Error | None) -> str:
    return answer.code if isinstance(answer, Error) else type(answer).__name__


def test_the_host_checks_names_and_quotes_them_in_its_log(tmp_path: Path) -> None:
    host = start_host(tmp_path / "data", "Names table", insecure=True)
    players = []
    try:
        players = make_players(host.address, ["Ann"])
        assert code_of(first_answer(host, name="ANN")) == "name_taken"
        assert code_of(first_answer(host, name="Ａｎｎ")) == "name_taken"  # fullwidth
        assert code_of(first_answer(host, name=" ann ", spectate=True)) == "name_taken"
        assert code_of(first_answer(host, name="阿明")) == "Welcome"  # no bots here
        forged = first_answer(host, name="Bob\nINFO Eve joined x")
        assert isinstance(forged, Error) and forged.code == "bad_field", forged
        assert "control character" in forged.reason
        for bad in ("\u202eevil", "a\u200bb", "\ue000x", "龍" * 13):
            assert code_of(first_answer(host, name=bad)) == "bad_field", bad

        # NFC: a decomposed é is the same name as a precomposed one, and shown composed.
        raw = RawClient(host.address)
        raw.send_message(hello("Jose\u0301"))
        assert isinstance(raw.wait_for(lambda m: isinstance(m, Welcome), 5), Welcome)
        assert code_of(first_answer(host, name="Jos\u00e9")) == "name_taken"
        players[0].poll(200)
        lobby = [m.event for m in players[0].received if isinstance(m, EventMessage)]
        seats = [s.name for e in lobby if hasattr(e, "seats") for s in e.seats if s]
        assert "Jos\u00e9" in seats and "Jose\u0301" not in seats, seats
        raw.close()

        # A table name is untrusted text too: quoted in the log, no forged line.
        assert code_of(first_answer(host, name="Cid", table="Back\nFORGED line")) == "Welcome"
    finally:
        close_all(players)
        host.stop()
    log = host.log_text()
    assert "Cid" in log, log[-2000:]
    lines = log.splitlines()
    assert not any(line.startswith(("FORGED", "INFO Eve")) for line in lines), log[-2000:]
    assert "'Back\\nFORGED line'" in log, log[-2000:]
