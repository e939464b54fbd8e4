"""machine.licence_texts: the native libraries' licence texts taken from archives on PyPI,
checked against the manifest's sha256, and cut to the part that is the licence.

No network: each test builds a small fake sdist (or wheel) in a temporary folder and hands
`texts` a download function that returns its bytes."""

from __future__ import annotations

import hashlib
import io
import re
import tarfile
import zipfile
from pathlib import Path

import pytest

from machine import licence_texts as lt

ROOT = Path(__file__).resolve().parent.parent

SDL_TEXT = "Simple DirectMedia Layer\nCopyright (C) 1997-2025 Sam Lantinga\n"
LGPL_TEXT = "GNU LESSER GENERAL PUBLIC LICENSE\nVersion 2.1, February 1999\n"
BUNDLE_LICENCE = (
    "The wheel's own licence\n\n"
    "===== brotli-1.2.0 =====\n\nCopyright (c) the Brotli Authors.\n\n"
    "===== harfbuzz-14.5.0 =====\n\nHarfBuzz is licensed under the Old MIT licence.\n"
)
HEADER = "/*\n  SDL_ttf: fonts\n  Copyright (C) 2001-2025 Sam Lantinga\n*/\n\n#ifndef SDL_TTF_H\n"


def fake_sdist(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def fake_wheel(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
    return out.getvalue()


SDIST = fake_sdist(
    {
        "game_ce-2.0/docs/licenses/LICENSE.sdl2.txt": SDL_TEXT,
        "game_ce-2.0/docs/LGPL.txt": LGPL_TEXT,
        "game_ce-2.0/src/main.c": "int main(void) { return 0; }\n",
    }
)
WHEEL = fake_wheel(
    {"other-1.0.dist-info/licenses/LICENSE": BUNDLE_LICENCE, "other/SDL_ttf.h": HEADER}
)
SDIST_URL = "https://files.example/game_ce-2.0.tar.gz"
WHEEL_URL = "https://files.example/other-1.0-py3-none-any.whl"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def manifest(sdist_sha: str = sha256(SDIST)) -> lt.Manifest:
    licence = "other-1.0.dist-info/licenses/LICENSE"
    return lt.Manifest(
        archives=[
            lt.Archive(
                distribution="game-ce",
                version="2.0",
                installed=True,
                file="game_ce-2.0.tar.gz",
                url=SDIST_URL,
                sha256=sdist_sha,
                texts={
                    "sdl2": lt.Member("game_ce-2.0/docs/licenses/LICENSE.sdl2.txt"),
                    "lgpl-2.1": lt.Member("game_ce-2.0/docs/LGPL.txt"),
                },
            ),
            lt.Archive(
                distribution="other",
                version="1.0",
                file="other-1.0-py3-none-any.whl",
                url=WHEEL_URL,
                sha256=sha256(WHEEL),
                texts={
                    "brotli": lt.Member(licence, start="===== brotli-", stop="===== "),
                    "harfbuzz": lt.Member(licence, start="===== harfbuzz-", stop="===== "),
                    "sdl2_ttf": lt.Member("other/SDL_ttf.h", through="*/"),
                },
            ),
        ]
    )


class Registry:
    """The download function: the fake archives by address, counting the requests."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, url: str) -> bytes:
        self.asked.append(url)
        return {SDIST_URL: SDIST, WHEEL_URL: WHEEL}[url]


def test_the_texts_are_taken_from_the_archives_and_cut_to_their_part(tmp_path: Path):
    found = lt.texts(manifest(), tmp_path, Registry())
    assert found["sdl2"][1] == SDL_TEXT
    assert found["lgpl-2.1"][1] == LGPL_TEXT
    assert found["brotli"][1] == ("===== brotli-1.2.0 =====\n\nCopyright (c) the Brotli Authors.\n")
    assert found["harfbuzz"][1].startswith("===== harfbuzz-14.5.0 =====")
    assert found["harfbuzz"][1].endswith("Old MIT licence.\n")
    assert found["sdl2_ttf"][1] == HEADER.split("\n\n")[0] + "\n"
    where = found["sdl2"][0]
    assert "game_ce-2.0.tar.gz" in where and sha256(SDIST) in where
    assert where.endswith("game_ce-2.0/docs/licenses/LICENSE.sdl2.txt")


def test_each_archive_is_downloaded_once_then_read_from_the_cache(tmp_path: Path):
    registry = Registry()
    lt.texts(manifest(), tmp_path, registry)
    lt.texts(manifest(), tmp_path, registry)
    assert registry.asked == [SDIST_URL, WHEEL_URL]
    assert (tmp_path / "game_ce-2.0.tar.gz").read_bytes() == SDIST


def test_an_archive_whose_hash_differs_from_the_manifest_stops_naming_both(tmp_path: Path):
    wrong = "0" * 64
    with pytest.raises(lt.LicenceTextError) as raised:
        lt.texts(manifest(sdist_sha=wrong), tmp_path, Registry())
    message = str(raised.value)
    assert "game_ce-2.0.tar.gz" in message and wrong in message and sha256(SDIST) in message
    assert not (tmp_path / "game_ce-2.0.tar.gz").exists()


def test_a_changed_file_in_the_cache_is_downloaded_again(tmp_path: Path):
    (tmp_path / "game_ce-2.0.tar.gz").write_bytes(b"not the sdist")
    registry = Registry()
    lt.texts(manifest(), tmp_path, registry)
    assert SDIST_URL in registry.asked
    assert (tmp_path / "game_ce-2.0.tar.gz").read_bytes() == SDIST


def test_a_member_not_in_the_archive_is_named(tmp_path: Path):
    broken = manifest()
    broken.archives[0].texts["tiff"] = lt.Member("game_ce-2.0/docs/licenses/LICENSE.tiff.txt")
    with pytest.raises(lt.LicenceTextError, match=r"game_ce-2\.0\.tar\.gz holds no .*tiff"):
        lt.texts(broken, tmp_path, Registry())


def test_a_marker_not_in_the_member_is_named(tmp_path: Path):
    broken = manifest()
    licence = "other-1.0.dist-info/licenses/LICENSE"
    broken.archives[1].texts["xmp"] = lt.Member(licence, start="===== libxmp-", stop="===== ")
    with pytest.raises(lt.LicenceTextError, match="no line starts with '===== libxmp-'"):
        lt.texts(broken, tmp_path, Registry())


def test_an_installed_version_other_than_the_manifests_stops_naming_it():
    problems = lt.version_problems(manifest(), {"game-ce": "2.1", "other": "9"}.get)
    assert problems == [
        f"game-ce 2.1 is installed but {lt.MANIFEST.name} takes its licence texts from 2.0: "
        f"run {lt.REFRESH}"
    ]
    assert lt.version_problems(manifest(), {"game-ce": "2.0"}.get) == []


def test_the_manifest_is_read_with_clear_errors(tmp_path: Path):
    bad = tmp_path / "sources.json"
    bad.write_text('{"archives": [{"distribution": "x"}]}')
    with pytest.raises(lt.LicenceTextError, match=r"sources\.json: Object missing required field"):
        lt.load(bad)


def test_the_committed_manifest_covers_every_text_the_table_names():
    """Each text id in machine/native_libraries.py is in the manifest."""
    from machine.native_libraries import COMPONENTS

    ids = {text for archive in lt.load().archives for text in archive.texts}
    wanted = {text for component in COMPONENTS.values() for text in component.texts}
    assert wanted <= ids, sorted(wanted - ids)


def test_the_manifest_follows_the_release_lock():
    """The release builds install build_scripts/release-lock.txt and stop on a pygame-ce
    other than the manifest's: refresh the one with the other."""
    lock = (ROOT / "build_scripts" / "release-lock.txt").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^ \\\n]+)", lock, re.MULTILINE))
    for archive in lt.load().archives:
        if archive.installed:
            assert pinned.get(archive.distribution) == archive.version, (
                f"release-lock.txt pins {archive.distribution} "
                f"{pinned.get(archive.distribution)}; run {lt.REFRESH} with it installed"
            )
