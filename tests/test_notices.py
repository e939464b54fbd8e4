"""machine.notices and machine.native_libraries: THIRD_PARTY_NOTICES names every bundled
distribution and native library with its licence, and the check says what a file lacks.

Fake distributions are .dist-info folders in a temporary directory, read through
importlib.metadata as the real ones are; the build's own check over the unpacked bundle
is build_scripts/build.py's (run by .ci/run)."""

from __future__ import annotations

import importlib.metadata as metadata
from pathlib import Path

import pytest

from machine import notices
from machine.native_libraries import component_of, is_native_library, plain_name
from shared import confusables_table
from shared.carried_data import CARRIED, UNICODE_CONFUSABLES

ROOT = Path(__file__).resolve().parent.parent
LICENSE = ROOT / "LICENSE"
MIT_TEXT = "Permission is hereby granted, free of charge, to any person..."


def fake_dist(
    where: Path, name: str, meta: str = "", files: dict[str, str] | None = None
) -> metadata.Distribution:
    """A distribution `name` 1.0 with these metadata lines and files (path → text)."""
    info = where / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.4\nName: {name}\nVersion: 1.0\n{meta}")
    for path, text in (files or {}).items():
        (where / path).parent.mkdir(parents=True, exist_ok=True)
        (where / path).write_text(text)
    (info / "RECORD").write_text("".join(f"{path},,\n" for path in files or {}))
    return metadata.PathDistribution(info)


def test_a_distribution_without_a_licence_text_is_a_problem(tmp_path: Path):
    bare = fake_dist(tmp_path, "bare", "License-Expression: MIT\n", {"bare/__init__.py": ""})
    found = notices.build_notices([bare], {}, LICENSE, "0.1.0")
    assert found.problems == ["bare 1.0 ships no licence text"]


def test_the_licence_files_the_metadata_names_are_given_in_full(tmp_path: Path):
    dist = fake_dist(
        tmp_path,
        "named",
        "License-Expression: MIT\nLicense-File: LICENSE\n",
        {"named-1.0.dist-info/licenses/LICENSE": MIT_TEXT},
    )
    found = notices.build_notices([dist], {}, LICENSE, "0.1.0")
    text = found.render("0.1.0")
    assert found.problems == [] and MIT_TEXT in text
    assert notices.check(text, ["named"], []) == []


def test_a_licence_file_inside_the_package_is_found_when_the_metadata_names_none(
    tmp_path: Path,
):
    """pygame-ce's wheel names no License-File but carries pygame/docs/generated/LGPL.txt."""
    dist = fake_dist(
        tmp_path, "game-lib", "License: LGPL v2.1\n", {"game_lib/docs/LGPL.txt": "GNU LESSER"}
    )
    [section] = notices.build_notices([dist], {}, LICENSE, "0.1.0").sections[2:]
    assert section.licence == "LGPL v2.1"
    assert section.texts == [("game-lib: game_lib/docs/LGPL.txt", "GNU LESSER")]
    assert "https://pypi.org/project/game-lib/1.0/#files" in section.render()


def test_the_check_names_a_distribution_missing_or_without_its_text(tmp_path: Path):
    dist = fake_dist(
        tmp_path, "kept", "License-File: COPYING\n", {"kept-1.0.dist-info/COPYING": MIT_TEXT}
    )
    text = notices.build_notices([dist], {}, LICENSE, "0.1.0").render("0.1.0")
    assert notices.check(text, ["kept", "other"], []) == ["distribution other: not in the notices"]
    stripped = text.replace(MIT_TEXT, "")
    assert notices.check(stripped, ["kept"], []) == [
        "distribution kept: no licence text in the notices"
    ]


def test_the_unicode_data_names_carry_their_licence_and_the_check_wants_it():
    """Players' names are compared by Unicode's confusables (shared/confusables_table.py),
    data under the Unicode License V3: its text travels in the notices."""
    text = notices.build_notices([], {}, LICENSE, "0.1.0", carried=CARRIED).render("0.1.0")
    title = UNICODE_CONFUSABLES.title
    section = notices.sections_of(text)[title]
    assert "Licence: Unicode-3.0" in section and "UNICODE LICENSE V3" in section
    assert "shared/confusables_table.py" in notices.files_of(section)[0]
    assert notices.check(text, [], [], [title]) == []
    stripped = text.replace(confusables_table.LICENCE, "")
    assert notices.check(stripped, [], [], [title]) == [
        f"{title}: no licence text in the notices"
    ]


def test_an_unknown_native_library_stops_the_notices_naming_it():
    found = notices.build_notices([], {"libmystery.so.3": Path("/x")}, LICENSE, "0.1.0")
    assert len(found.problems) == 1 and "libmystery.so.3" in found.problems[0]


def test_a_native_library_not_named_in_the_notices_fails_the_check():
    libraries = {"libSDL2-2-50d19f93.0.so.0.3200.10": Path("/nowhere")}
    sdl = {"sdl2": ("LICENSE.sdl2.txt", "Sam Lantinga, zlib")}
    text = notices.build_notices([], libraries, LICENSE, "0.1.0", sdl).render("0.1.0")
    assert notices.check(text, [], libraries) == []
    assert notices.check(text, [], ["libzmq-2f02442c.so.5.2.5"]) == [
        "native library libzmq-2f02442c.so.5.2.5: not in the notices"
    ]


def test_an_lgpl_library_says_where_its_source_is_and_a_missing_text_says_so(tmp_path: Path):
    carrier = fake_dist(
        tmp_path,
        "carrier",
        "License-File: L\n",
        {"carrier-1.0.dist-info/L": MIT_TEXT, "carrier.libs/libsndfile-b31f7dcd.so.1.0.37": ""},
    )
    libraries = {"libsndfile-b31f7dcd.so.1.0.37": tmp_path / "carrier.libs/x"}
    section = notices.build_notices([carrier], libraries, LICENSE, "0.1.0").sections[-1]
    rendered = section.render()
    assert "Source (LGPL): https://github.com/libsndfile/libsndfile" in rendered
    assert "From: the carrier 1.0 wheel" in rendered
    assert "The carrier 1.0 wheel ships none for it" in rendered


def test_a_library_whose_text_a_wheel_ships_points_to_it(tmp_path: Path):
    pyzmq = fake_dist(
        tmp_path,
        "pyzmq",
        "License-File: licenses/LICENSE.zeromq.txt\n",
        {"pyzmq-1.0.dist-info/licenses/licenses/LICENSE.zeromq.txt": "Mozilla Public License"},
    )
    libraries = {"libzmq-2f02442c.so.5.2.5": tmp_path / "pyzmq.libs/libzmq.so"}
    found = notices.build_notices([pyzmq], libraries, LICENSE, "0.1.0")
    assert "in the section of pyzmq above (LICENSE.zeromq.txt)" in found.sections[-1].render()


@pytest.mark.parametrize(
    ("file_name", "plain"),
    [
        ("libSDL2-2-50d19f93.0.so.0.3200.10", "sdl2"),
        ("libpng16-fefdc88d.so.16.58.0", "png16"),
        ("libpython3.11.so.1.0", "python"),
        ("libstdc++.so.6", "stdc++"),
        ("SDL2.dll", "sdl2"),
        ("libcrypto-3-x64.dll", "crypto"),
        ("VCRUNTIME140_1.dll", "vcruntime140"),
        ("libSDL2-2.0.0.dylib", "sdl2"),
        ("libpng16.16.dylib", "png16"),
        ("Python", "python"),
    ],
)
def test_plain_names(file_name: str, plain: str):
    assert is_native_library(file_name) and plain_name(file_name) == plain
    assert component_of(file_name) is not None


@pytest.mark.parametrize(
    "file_name",
    ["base.cpython-311-x86_64-linux-gnu.so", "_ssl.pyd", "_zmq.abi3.so", "OFL.txt"],
)
def test_extension_modules_and_data_are_no_native_libraries(file_name: str):
    assert not is_native_library(file_name)


@pytest.mark.parametrize(
    ("path", "module"),
    [
        ("pygame/base.cpython-311-x86_64-linux-gnu.so", "pygame"),
        ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "_ssl"),
        ("_hashlib.pyd", "_hashlib"),
        ("zmq/backend/cython/_zmq.cpython-311-x86_64-linux-gnu.so", "zmq"),
    ],
)
def test_extension_module(path: str, module: str):
    assert notices.extension_module(path) == module


def test_modules_map_to_their_distributions():
    dists, problems = notices.distributions_of(
        ["os", "pygame.base", "zmq", "client.main", "_ssl", "nosuchthing"]
    )
    assert {notices.dist_name(d) for d in dists} == {"pygame-ce", "pyzmq"}
    assert problems == ["module nosuchthing: no installed distribution provides it"]


def test_the_installed_game_has_every_licence():
    """From source: every distribution the game needs, as installed here, has its text."""
    found = notices.source_notices(LICENSE, "0.1.0", CARRIED)
    assert found.problems == []
    names = [notices.dist_name(d) for d in notices.runtime_distributions()]
    assert {"pygame-ce", "pyzmq", "msgspec", "zeroconf"} <= set(names)
    titles = [data.title for data in CARRIED]
    assert notices.check(found.render("0.1.0"), names, [], titles) == []


# --- licence texts from the registry (machine.licence_texts) ---------------------------------

SNDFILE = "libsndfile-b31f7dcd.so.1.0.37"
ASOUND = "libasound-2b3a3662.so.2.0.0"
SDL2 = "libSDL2-2-50d19f93.0.so.0.3200.10"
FETCHED = {
    "lgpl-2.1": ("pygame_ce-2.5.8.tar.gz: docs/LGPL.txt", "GNU LESSER GENERAL PUBLIC LICENSE"),
    "sdl2": ("pygame_ce-2.5.8.tar.gz: docs/licenses/LICENSE.sdl2.txt", "Sam Lantinga, zlib"),
}


def pygame_like(where: Path) -> tuple[list[metadata.Distribution], dict[str, Path]]:
    """A wheel carrying SDL, libsndfile and alsa-lib with no licence file for any."""
    names = [SDL2, SNDFILE, ASOUND]
    carrier = fake_dist(
        where,
        "carrier",
        "License-File: L\n",
        {"carrier-1.0.dist-info/L": MIT_TEXT, **{f"carrier.libs/{n}": "" for n in names}},
    )
    return [carrier], {name: where / "carrier.libs" / name for name in names}


def test_fetched_texts_go_into_each_librarys_section_once(tmp_path: Path):
    dists, libraries = pygame_like(tmp_path)
    found = notices.build_notices(dists, libraries, LICENSE, "0.1.0", FETCHED)
    assert found.problems == []
    text = found.render("0.1.0")
    sections = notices.sections_of(text)
    sdl = sections["SDL 2 (native library)"]
    assert "Sam Lantinga, zlib" in sdl and "LICENSE.sdl2.txt" in sdl
    # The LGPL's text once, in the first LGPL library's section; the next points to it.
    assert text.count("GNU LESSER GENERAL PUBLIC LICENSE") == 1
    assert "GNU LESSER" in sections["ALSA library (native library)"]
    assert (
        "Licence text: in the section of ALSA library (native library) above (lgpl-2.1)."
        in sections["libsndfile (native library)"]
    )
    assert notices.check(text, ["carrier"], libraries) == []


def test_a_build_without_a_librarys_text_stops_naming_it(tmp_path: Path):
    dists, libraries = pygame_like(tmp_path)
    found = notices.build_notices(dists, libraries, LICENSE, "0.1.0", {"sdl2": FETCHED["sdl2"]})
    assert found.problems == [
        f"native library {ASOUND} (ALSA library): no licence text (lgpl-2.1 not fetched)",
        f"native library {SNDFILE} (libsndfile): no licence text (lgpl-2.1 not fetched)",
    ]
    # OpenSSL as Python's macOS build carries it: no text known for it anywhere.
    found = notices.build_notices([], {"libcrypto.3.dylib": Path("/x")}, LICENSE, "0.1.0", {})
    assert found.problems == [
        "native library libcrypto.3.dylib (OpenSSL): no licence text "
        "(machine/native_libraries.py names no text for it)"
    ]


def test_the_check_fails_on_a_library_whose_section_has_no_text(tmp_path: Path):
    """A section naming the library and its licence but not holding the text fails, and so
    does one pointing to a section that holds none."""
    dists, libraries = pygame_like(tmp_path)
    text = notices.build_notices(dists, libraries, LICENSE, "0.1.0").render("0.1.0")
    assert notices.check(text, ["carrier"], libraries) == [
        f"native library {SDL2}: no licence text in the notices",
        f"native library {ASOUND}: no licence text in the notices",
        f"native library {SNDFILE}: no licence text in the notices",
    ]
    full = notices.build_notices(dists, libraries, LICENSE, "0.1.0", FETCHED).render("0.1.0")
    emptied = full.replace("GNU LESSER GENERAL PUBLIC LICENSE", "")
    assert notices.check(emptied, ["carrier"], libraries) == [
        f"native library {ASOUND}: no licence text in the notices",
        f"native library {SNDFILE}: no licence text in the notices",
    ]


def test_zlib_ng_on_macos_is_known():
    """pygame-ce's macOS wheels carry zlib-ng in zlib-compatible mode under zlib's name."""
    assert plain_name("libz.1.3.1.zlib-ng.dylib") == "zlib-ng"
    component = component_of("libz.1.3.1.zlib-ng.dylib")
    assert component is not None and component.name == "zlib-ng"


@pytest.mark.parametrize(
    ("python_licence", "covered"),
    [
        ("PSF LICENSE\nThis copy of Python includes a copy of libffi, licensed as below.\n", True),
        ("PSF LICENSE\nNothing more.\n", False),
    ],
)
def test_a_library_taken_with_python_points_to_its_licence_only_if_that_holds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, python_licence: str, covered: bool
):
    """Python's Windows build carries libffi-8.dll and its LICENSE.txt appends libffi's
    licence: the library's section points to Python's then, and only then."""
    licence = tmp_path / "LICENSE.txt"
    licence.write_text(python_licence)
    monkeypatch.setattr(notices, "python_licence", lambda: licence)
    monkeypatch.setattr(notices, "debian_copyright", lambda library: None)
    found = notices.build_notices([], {"libffi-8.dll": Path("/x")}, LICENSE, "0.1.0", {})
    if covered:
        assert found.problems == []
        text = found.render("0.1.0")
        assert notices.check(text, [], {"libffi-8.dll": Path("/x")}) == []
    else:
        assert found.problems == [
            "native library libffi-8.dll (libffi): no licence text "
            "(machine/native_libraries.py names no text for it)"
        ]


def test_the_msvc_runtimes_second_library_is_known():
    assert component_of("vcruntime140_1.dll") == component_of("vcruntime140.dll")


def test_the_openmp_runtime_pyzmq_26_vendors_is_gccs():
    assert component_of("libgomp-a34b3233.so.1.0.0") == component_of("libgcc_s.so.1")
