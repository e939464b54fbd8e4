"""A deal that does not verify is a warning banner on the table (PROTOCOL.md §15.5), drawn
under the dummy driver at 1280×720 and 1920×1080 in 简体, 繁體 and English; a verified
deal shows nothing. A contribution the host refused or left out is said at once, while the
hand is played, and again over the result. The words for a record's verdict exist in
every language."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import msgspec
import pygame

from client.app import App
from client.deal_banner import verdict_text
from client.i18n import LANGUAGES, set_language, t
from client.notice_banner import NOTICE_SECONDS
from shared.actions import DeclareWin
from shared.records import DealVerification
from shared.verification import LEFT_OUT, REFUSED, DealVerdict
from tests.support.gui import SEAT, claim_on_every_kind, late_turn_with_melds, show_table
from tests.support.screens import save

SHOTS = [(size, lang) for size in ((1280, 720), (1920, 1080)) for lang in LANGUAGES]
CHECK = DealVerification(
    seat=SEAT, hand_number=1, session_tag="0" * 32, commitment="1" * 64, contributed="2" * 64,
    secret="3" * 64, contributions=("2" * 64,) * 4, dice=(3, 5), taken=(), known=(), held=(),
)
MISMATCH = msgspec.structs.replace(
    CHECK, problems=("the revealed secret does not match the commitment made before the deal",)
)


def warning_is_shown(screen: pygame.Surface) -> bool:
    """The banner's amber edge across the top (the felt is green there)."""
    w, h = screen.get_size()
    for y in range(int(h * 0.01), int(h * 0.2)):
        r, g, b = screen.get_at((w // 2, y))[:3]
        if r > 230 and 170 < g < 220 and b < 120:
            return True
    return False


@pytest.fixture
def app(app: App) -> App:
    app.settings = msgspec.structs.replace(app.settings, animation_speed="off")
    return app


@pytest.mark.parametrize("shot", SHOTS, ids=[f"{w}x{h}-{lang}" for (w, h), lang in SHOTS])
def test_a_deal_that_does_not_verify_is_a_warning(
    app: App, shots_dir: Path, shot: tuple[tuple[int, int], str]
) -> None:
    size, language = shot
    set_language(language)
    app.screen = pygame.display.set_mode(size)
    hand = claim_on_every_kind(late_turn_with_melds())
    hand.step(SEAT, DeclareWin())
    hand.pass_claims()
    conn = hand.connection()
    show_table(app, conn)
    conn.deals.checks.append((time.monotonic(), CHECK))
    app.dirty = True
    app.frame(0.016)
    assert not warning_is_shown(app.screen), "a verified deal shows no warning"
    conn.deals.checks.append((time.monotonic(), MISMATCH))
    save(app, shots_dir, "deal-warning", language)
    assert warning_is_shown(app.screen)
    # Another hand's check is not this result's: no warning.
    other = msgspec.structs.replace(MISMATCH, hand_number=MISMATCH.hand_number + 1)
    conn.deals.checks.append((time.monotonic(), other))
    app.dirty = True
    app.frame(0.016)
    assert not warning_is_shown(app.screen)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_contribution_is_said_at_once_while_the_hand_is_played(
    app: App, shots_dir: Path, language: str
) -> None:
    set_language(language)
    app.screen = pygame.display.set_mode((1280, 720))
    conn = late_turn_with_melds().connection()
    show_table(app, conn)
    assert conn.view is not None and conn.view.phase != "ended"
    app.dirty = True
    app.frame(0.016)
    assert not warning_is_shown(app.screen), "a deal with our part in it shows nothing"
    observer = conn.deals.observer
    observer.hand_number, observer.contributed = conn.view.hand_number, "ab" * 32
    conn.deals.refused("too late: the contributions to hand 1 are closed")
    assert conn.deals.alarm(conn.view.hand_number) == REFUSED
    save(app, shots_dir, "deal-refused", language)
    assert warning_is_shown(app.screen)
    # Told; then it gives the opposite seat's tiles back (the result says it again).
    conn.deals.raised = (conn.view.hand_number, time.monotonic() - NOTICE_SECONDS - 1)
    app.dirty = True
    app.frame(0.016)
    assert not warning_is_shown(app.screen)


def test_a_contribution_left_out_is_said_over_the_result(app: App, shots_dir: Path) -> None:
    set_language("zh-Hant")
    app.screen = pygame.display.set_mode((1280, 720))
    hand = claim_on_every_kind(late_turn_with_melds())
    hand.step(SEAT, DeclareWin())
    hand.pass_claims()
    conn = hand.connection()
    show_table(app, conn)
    left_out = msgspec.structs.replace(CHECK, problems=(LEFT_OUT,))
    conn.deals.checks.append((time.monotonic(), left_out))
    save(app, shots_dir, "deal-left-out", "zh-Hant")
    assert warning_is_shown(app.screen)
    set_language("en")


def test_every_verdict_has_its_words_in_every_language() -> None:
    for language in LANGUAGES:
        set_language(language)
        words = {verdict_text(DealVerdict(s)) for s in ("verified", "mismatch", "unverifiable")}
        assert len(words) == 3 and all(words)
        assert t("deal.mismatch") and t("deal.mismatch_detail")
        assert t("deal.refused") and t("deal.left_out") and t("deal.refused_detail")
    set_language("en")
