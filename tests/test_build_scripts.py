"""The packaging scripts: icons from our tile art, the PyInstaller spec, build.py's checks.

The real PyInstaller build runs in .ci/run (it takes a while and needs the build extra);
here the parts that do not need it are checked.
"""

from __future__ import annotations

import importlib.util
import json
import plistlib
import struct
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest

from client.main import VERSION
from client.voice import CALLOUTS, VOICES, clip_path
from machine import licence_texts, notices
from shared.protocol import SERVICE_TYPE
from shared.records import RECORD_SUFFIX

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "build_scripts"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"build_scripts_{name}", SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


make_icons = _load("make_icons")
build = _load("build")


def _png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(PNG_SIGNATURE)
    width, height = struct.unpack(">II", png[16:24])
    return width, height


# --- icons -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def icons(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("icons")
    make_icons.make_icons(folder)
    return folder


def test_ico_holds_one_png_per_size(icons: Path):
    data = (icons / "gdmj.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        png = data[offset : offset + length]
        side = w or 256
        assert (w, h, planes, bpp) == (side % 256, side % 256, 1, 32)
        assert _png_size(png) == (side, side)
        sizes.append(side)
    assert sorted(sizes) == sorted(make_icons.ICO_SIZES)


def test_icns_elements_are_pngs_of_their_type_size(icons: Path):
    data = (icons / "gdmj.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    found = {}
    at = 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        found[kind] = _png_size(data[at + 8 : at + length])
        at += length
    assert at == len(data)
    assert found == {kind: (size, size) for kind, size in make_icons.ICNS_TYPES}


def test_the_icon_is_a_tile_on_a_transparent_square(icons: Path):
    import pygame

    image = pygame.image.load(str(icons / "gdmj.png"))
    assert image.get_size() == (256, 256)
    assert image.get_at((2, 2)).a == 0  # the margin
    assert image.get_at((128, 128)).a == 255  # the tile
    # The 中 is red: some pixel near the middle has much more red than green.
    middle = [image.get_at((x, 120)) for x in range(100, 156)]
    assert any(c.r > 150 and c.g < 90 for c in middle)


def test_an_icon_too_small_to_draw_is_refused():
    with pytest.raises(ValueError, match="at least 16 pixels"):
        make_icons.icon_png(8)


def test_make_icons_refuses_a_file_as_its_folder(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SystemExit):
        make_icons.main([str(blocker)])


# --- the spec ------------------------------------------------------------------------------


class _Recorder:
    """Stands in for PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE: keeps the call."""

    calls: ClassVar[dict[str, dict[str, Any]]] = {}
    binaries: ClassVar[list[tuple[str, str, str]]] = []
    """What the fake Analysis collected besides Python modules (dest, source, kind)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs
        type(self).calls[type(self).__name__] = {"args": args, **kwargs}
        self.pure, self.scripts, self.datas = [], [], []
        self.binaries = list(_Recorder.binaries)


def _exec_spec(
    platform: str,
    icons: Path,
    monkeypatch: pytest.MonkeyPatch,
    binaries: list[tuple[str, str, str]] | None = None,
) -> dict[str, dict[str, Any]]:
    _Recorder.calls = {}
    _Recorder.binaries = binaries or []
    names = {n: type(n, (_Recorder,), {}) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", ["gdmj.spec", "--icons", str(icons), "--app-version", "1.2.3"])
    # PyInstaller (the build extra) may not be installed where the tests run
    monkeypatch.setattr(notices, "distributions_of", lambda modules: ([], []))
    # Nor are the licence texts fetched from PyPI here (no network in a unit test, and the
    # minimum-versions leg's pygame-ce is not the manifest's): a stand-in text for each id.
    monkeypatch.setattr(licence_texts, "version_problems", lambda manifest: [])
    monkeypatch.setattr(licence_texts, "texts", lambda manifest, cache: {
        text_id: (f"{archive.file}: {member.path}", "Licence text.")
        for archive in manifest.archives for text_id, member in archive.texts.items()
    })  # fmt: skip
    spec = SCRIPTS / "gdmj.spec"
    workpath = icons.parent / "pyinstaller"
    workpath.mkdir(exist_ok=True)
    namespace = {"SPECPATH": str(SCRIPTS), "workpath": str(workpath), **names}
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace)
    _Recorder.calls["analysis"] = {"datas": namespace["analysis"].datas}
    return _Recorder.calls


def test_the_mac_app_may_use_the_local_network(icons: Path, monkeypatch: pytest.MonkeyPatch):
    calls = _exec_spec("darwin", icons, monkeypatch)
    bundle = calls["BUNDLE"]
    assert bundle["name"] == "GDMahjong.app"
    assert bundle["icon"].endswith("gdmj.icns")
    plist = bundle["info_plist"]
    assert plist["NSBonjourServices"] == [SERVICE_TYPE.removesuffix(".local.")]
    assert plist["NSBonjourServices"] == ["_gdmahjong._tcp"]
    assert "local network" in plist["NSLocalNetworkUsageDescription"]
    assert plist["CFBundleShortVersionString"] == "1.2.3"
    assert calls["EXE"]["console"] is False
    assert calls["EXE"]["strip"] is False  # stripping would break the ad-hoc signature


def test_the_mac_app_states_the_macos_it_needs(icons: Path, monkeypatch: pytest.MonkeyPatch):
    """macOS 11.0: every Apple-silicon binary the app bundles is built for 11.0 (pyzmq's
    Intel one for 10.15), so an older Mac must be told so rather than crash on a library.
    The README gives the same figure."""
    plist = _exec_spec("darwin", icons, monkeypatch)["BUNDLE"]["info_plist"]
    assert plist["LSMinimumSystemVersion"] == "11.0"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "macOS 11.0 or newer" in readme


def test_the_mac_app_opens_hand_records(icons: Path, monkeypatch: pytest.MonkeyPatch):
    """Finder knows a .gdmjrec as the game's document and hands it over as an argument."""
    calls = _exec_spec("darwin", icons, monkeypatch)
    plist = calls["BUNDLE"]["info_plist"]
    plistlib.loads(plistlib.dumps(plist))  # PyInstaller writes it with plistlib
    (declared,) = plist["UTExportedTypeDeclarations"]
    assert declared["UTTypeTagSpecification"]["public.filename-extension"] == ["gdmjrec"]
    assert RECORD_SUFFIX == ".gdmjrec"
    assert "public.data" in declared["UTTypeConformsTo"]
    (document,) = plist["CFBundleDocumentTypes"]
    assert document["CFBundleTypeRole"] == "Viewer"
    assert document["LSItemContentTypes"] == [declared["UTTypeIdentifier"]]
    assert declared["UTTypeIdentifier"].startswith(calls["BUNDLE"]["bundle_identifier"])
    assert calls["EXE"]["argv_emulation"] is True
    # elsewhere a file arrives in argv already
    assert _exec_spec("linux", icons, monkeypatch)["EXE"]["argv_emulation"] is False


def test_the_linux_bundle_is_gdmj_with_the_font(icons: Path, monkeypatch: pytest.MonkeyPatch):
    calls = _exec_spec("linux", icons, monkeypatch)
    assert "BUNDLE" not in calls
    assert calls["EXE"]["name"] == calls["COLLECT"]["name"] == "gdmj"
    assert calls["EXE"]["console"] is True
    datas = calls["Analysis"]["datas"]
    fonts = ROOT / "assets" / "fonts"
    assert (str(fonts / "NotoSansSC-Subset.otf"), "assets/fonts") in datas
    assert (str(fonts / "OFL.txt"), "assets/fonts") in datas
    assert not any("Droid" in source for source, _ in datas)
    for voice in VOICES:
        for callout in CALLOUTS:
            assert (str(clip_path(voice, callout)), f"assets/voice/{voice}") in datas
    assert (str(ROOT / "assets" / "voice" / "README.md"), "assets/voice") in datas
    assert Path(calls["Analysis"]["args"][0][0]).is_file()
    # the compiled catalogues, where client.i18n looks for them in a bundle
    for folder in ("zh_Hans", "zh_Hant", "en"):
        mo = ROOT / "client" / "locale" / folder / "LC_MESSAGES" / "gdmj.mo"
        assert (str(mo), f"client/locale/{folder}/LC_MESSAGES") in datas
    assert "babel" in calls["Analysis"]["excludes"]


def test_every_bundle_carries_the_notices_of_what_it_holds(
    icons: Path, monkeypatch: pytest.MonkeyPatch
):
    sdl = "pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10"
    calls = _exec_spec("win32" if sys.platform == "win32" else "linux", icons, monkeypatch,
                       [(sdl, "/site/pygame_ce.libs/x", "BINARY")])  # fmt: skip
    [(name, source, kind)] = calls["analysis"]["datas"]
    assert (name, kind) == (notices.FILE_NAME, "DATA")
    text = Path(source).read_text("utf-8")
    assert "GDMahjong 1.2.3" in text and "libSDL2-2-50d19f93.0.so.0.3200.10" in text
    assert notices.check(text, [], [Path(sdl).name]) == []


def test_the_spec_stops_on_a_native_library_nobody_has_looked_at(
    icons: Path, monkeypatch: pytest.MonkeyPatch
):
    with pytest.raises(SystemExit, match=r"native library libmystery\.so\.2: no known project"):
        _exec_spec("linux", icons, monkeypatch, [("libmystery.so.2", "/x", "BINARY")])


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_no_bundle_carries_openssl(icons: Path, monkeypatch: pytest.MonkeyPatch, platform: str):
    """The game does no TLS: without _ssl and _hashlib PyInstaller takes neither libssl
    nor libcrypto (5.3 MB on Linux), on any OS (build.py's self-test still passes)."""
    excludes = _exec_spec(platform, icons, monkeypatch)["Analysis"]["excludes"]
    assert {"ssl", "_ssl", "_hashlib"} <= set(excludes)


def test_hashlib_needs_no_openssl():
    """What the game hashes with (sha256) is CPython's builtin, there without _hashlib
    (`_sha2` from Python 3.12, `_sha256` before)."""
    try:
        from _sha2 import sha256  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from _sha256 import sha256  # type: ignore[import-not-found,unused-ignore]

    # `printf gdmj | sha256sum`
    digest = "bf81bb085d1e54f5c5fd000563d3eb49cbff62e5aac05415b683a08bb3f0aae4"
    assert sha256(b"gdmj").hexdigest() == digest


def test_the_bundle_reads_its_texts_where_the_spec_puts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from client import i18n

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert i18n.locale_dir() == tmp_path / "client" / "locale"


def test_the_spec_names_a_missing_voice_clip(icons: Path, monkeypatch: pytest.MonkeyPatch):
    real_is_file = Path.is_file
    missing = ROOT / "assets" / "voice" / "cmn" / "kong.ogg"
    monkeypatch.setattr(Path, "is_file", lambda self: self != missing and real_is_file(self))
    with pytest.raises(SystemExit, match=r"assets/voice/cmn/kong\.ogg is missing"):
        _exec_spec("linux", icons, monkeypatch)


def test_the_spec_names_missing_icons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    with pytest.raises(SystemExit, match=r"gdmj\.ico is missing"):
        _exec_spec("linux", tmp_path, monkeypatch)


# --- build.py ------------------------------------------------------------------------------


def test_the_target_for_this_os_names_an_archive_with_the_version():
    target = build.this_target()
    archive = target.archive(VERSION)
    assert archive.parent == ROOT / "dist"
    assert archive.name.startswith(f"gdmahjong-{VERSION}-{target.system}-{target.arch}")
    assert archive.name.endswith((".zip", ".tar.gz"))


def test_checking_without_an_archive_says_to_build_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    monkeypatch.setattr(build, "DIST_DIR", tmp_path)
    assert build.main(["--check-only"]) == 1


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="a Windows symlink may need a privilege to make, and lstat() gives it no size; "
    "only the macOS and Linux bundles hold symlinks",
)
def test_unpacked_size_counts_files_and_symlinks_once(tmp_path: Path):
    (tmp_path / "a").write_bytes(b"x" * 1000)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b").write_bytes(b"y" * 500)
    (tmp_path / "link").symlink_to(tmp_path / "a")
    size, files = build.unpacked_size(tmp_path)
    assert files == 3
    assert 1500 < size < 1500 + 200  # the symlink is its own few bytes, not another 1000


def test_the_report_ends_with_one_json_line_and_marks_missed_targets():
    figures = build.Figures(
        archive=Path("dist/gdmahjong-0.1.0-linux-x86_64.tar.gz"),
        archive_mb=20.0,
        bundle_mb=75.0,
        files=170,
        version_line="gdmj 0.1.0",
        self_test_s=[1.0, 4.0, 3.5],
        self_test_line="gdmj self-test: ok - ...",
        notices_line="8 distributions, Python, 36 native libraries",
    )
    text = build.report(
        figures, build.Target("linux", "x86_64", "gdmj", "gdmj/gdmj", ".tar.gz"), 30.0
    )
    summary = json.loads(text.splitlines()[-1])
    assert summary["bundle_mb"] == 75.0
    assert summary["self_test_s"] == 3.5
    assert summary["targets"]["bundle_mb"]["result"] == "MISS"
    assert summary["targets"]["self_test_s"]["result"] == "MISS"
    assert "≤ 60 MB MISS" in text


def test_the_build_checks_the_font_covers_the_game_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    assert "has every character the game draws" in build.check_font()
    monkeypatch.setattr(build, "ROOT", tmp_path)
    with pytest.raises(build.BuildError, match=r"font coverage: .*NotoSansSC-Subset\.otf"):
        build.check_font()


def test_the_build_checks_the_texts_are_complete_and_compiled(monkeypatch: pytest.MonkeyPatch):
    assert build.check_texts() == "the texts of en, zh-Hans, zh-Hant are complete and compiled"
    real = build._sibling

    def with_a_gap(name: str) -> object:
        module = real(name)
        monkeypatch.setattr(module, "problems", lambda: ["zh-Hant: no translation of 'x.y'"])
        return module

    monkeypatch.setattr(build, "_sibling", with_a_gap)
    with pytest.raises(build.BuildError, match=r"the texts: zh-Hant: no translation of 'x\.y'"):
        build.check_texts()
