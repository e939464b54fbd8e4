"""Admission by identity (server/admission.py, PROTOCOL.md §1 "Limits"): resumes, keys
with a score here and strangers each have their share; one address's unwelcomed strangers
are capped; whatever is let go stops counting; the host's own table is never refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.admission import Admission
from server.host import Host, HostConfig
from server.limits import (
    KNOWN_RESERVE,
    MAX_CLIENTS,
    MAX_CLIENTS_PER_ADDRESS,
    MAX_TABLES,
    MAX_UNJOINED_PER_ADDRESS,
    RESUME_RESERVE,
)


def fill_with_strangers(admission: Admission, addresses: int) -> int:
    """Strangers from `addresses` addresses, each welcomed once let in, until refused."""
    let_in = 0
    for n in range(MAX_CLIENTS):
        address = f"10.0.{n % addresses}.1"
        if admission.refusal("stranger", address) is not None:
            break
        admission.count(address, stranger=True)
        admission.welcomed(address, stranger=True)
        let_in += 1
    return let_in


def test_strangers_share_leaves_room_for_known_keys_and_resumes() -> None:
    admission = Admission(MAX_CLIENTS)
    strangers = fill_with_strangers(admission, addresses=64)
    assert strangers == MAX_CLIENTS - RESUME_RESERVE - KNOWN_RESERVE == 384
    refused = admission.refusal("stranger", "10.9.9.9")
    assert refused is not None and refused.code == "host_full"
    assert "only for players it knows" in refused.reason
    for n in range(KNOWN_RESERVE):
        assert admission.refusal("known", f"10.1.{n}.1") is None
        admission.count(f"10.1.{n}.1", stranger=False)
    known = admission.refusal("known", "10.2.0.1")
    assert known is not None and known.code == "host_full"
    for _ in range(RESUME_RESERVE):
        assert admission.refusal("resume", "10.3.0.1") is None
        admission.count("10.3.0.1", stranger=False)
    full = admission.refusal("resume", "10.3.0.1")
    assert full is not None and full.code == "host_full"


def test_one_address_may_keep_only_a_few_strangers_waiting() -> None:
    admission = Admission(MAX_CLIENTS)
    for _ in range(MAX_UNJOINED_PER_ADDRESS):
        assert admission.refusal("stranger", "10.0.0.7") is None
        admission.count("10.0.0.7", stranger=True)
    refused = admission.refusal("stranger", "10.0.0.7")
    assert refused is not None and refused.code == "too_many_connections"
    # Other addresses, and known keys from this one, are not held to it.
    assert admission.refusal("stranger", "10.0.0.8") is None
    assert admission.refusal("known", "10.0.0.7") is None
    # A welcome frees a waiting place (the connection still counts for the address).
    admission.welcomed("10.0.0.7", stranger=True)
    assert admission.refusal("stranger", "10.0.0.7") is None
    assert admission.per_address["10.0.0.7"] == MAX_UNJOINED_PER_ADDRESS


def test_the_hosts_own_machine_may_keep_more_waiting() -> None:
    """Its own player's game (and tests' probes), as for the address budget."""
    admission = Admission(MAX_CLIENTS)
    for _ in range(MAX_CLIENTS_PER_ADDRESS):
        assert admission.refusal("stranger", "127.0.0.1") is None
        admission.count("127.0.0.1", stranger=True)
    refused = admission.refusal("stranger", "127.0.0.1")
    assert refused is not None and refused.code == "too_many_connections"


def test_a_connection_let_go_counts_against_nobody() -> None:
    """Dropped at the join deadline (never welcomed), or gone after joining: every count
    it took is given back."""
    admission = Admission(MAX_CLIENTS)
    for _ in range(MAX_UNJOINED_PER_ADDRESS):
        admission.count("10.0.0.7", stranger=True)
    for _ in range(MAX_UNJOINED_PER_ADDRESS):
        admission.release("10.0.0.7", stranger=True, joined=False)
    admission.count("10.0.0.8", stranger=True)
    admission.welcomed("10.0.0.8", stranger=True)
    admission.release("10.0.0.8", stranger=True, joined=True)
    admission.count("10.0.0.9", stranger=False)
    admission.release("10.0.0.9", stranger=False, joined=False)
    assert (admission.total, admission.strangers) == (0, 0)
    assert not admission.per_address and not admission.unjoined


def test_every_address_has_its_cap_whoever_comes() -> None:
    admission = Admission(MAX_CLIENTS)
    for _ in range(MAX_CLIENTS_PER_ADDRESS):
        admission.count("10.0.0.7", stranger=False)
    refused = admission.refusal("known", "10.0.0.7")
    assert refused is not None and refused.code == "too_many_connections"
    assert admission.refusal("resume", "10.0.0.7") is None


@pytest.mark.parametrize("cap", [8, 100])
def test_a_low_open_file_limit_shrinks_the_reserves_not_the_strangers_to_nothing(
    cap: int,
) -> None:
    admission = Admission(cap)
    strangers = fill_with_strangers(admission, addresses=64)
    assert strangers == cap - 2 * (cap // 8) > 0
    assert admission.refusal("known", "10.1.0.1") is None


def test_the_hosts_own_table_is_never_refused(tmp_path: Path) -> None:
    """Strangers open MAX_TABLES tables first: the host's own table is still made."""
    host = Host(HostConfig(name="Home table", data_dir=tmp_path, advertise=False))
    try:
        for n in range(MAX_TABLES):
            assert host._room(f"stranger {n}") is not None
        assert host._room(f"stranger {MAX_TABLES}") is None
        assert host._room("Home table") is not None
        assert host._room("") is host.rooms["Home table"]
    finally:
        host._ctx.term()
