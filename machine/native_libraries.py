"""Which project each native library in a bundle comes from, under which licence.

Wheels vendor shared libraries (pygame-ce: SDL and its codecs; pyzmq: libzmq and libsodium)
and PyInstaller adds the ones Python itself links to; their file names say little
(`libSDL2-2-50d19f93.0.so.0.3200.10`). `component_of` names the project behind a file, so
that THIRD_PARTY_NOTICES can give its licence, its text and where its source is, and a
library no one has looked at yet stops the build (`None`) instead of shipping unexplained.
A project's `texts` are ids of licence texts the build reads from PyPI
(machine/licence_sources.json, machine/licence_texts.py) for wheels that ship none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Component:
    """A native project: its name, its licence (SPDX), where its source and licence live,
    the licence file a wheel ships for it (distribution, file name), if any, and the ids
    of its licence texts in machine/licence_sources.json."""

    name: str
    licence: str
    home: str
    text_in: tuple[str, str] | None = None
    texts: tuple[str, ...] = ()
    in_python_licence: str | None = None
    """A phrase of Python's LICENSE.txt that shows it carries this project's licence (the
    Windows build's appends its externals' and the C runtime's): a copy of it taken with
    Python is covered by Python's section where that text holds the phrase."""

    @property
    def lesser_gpl(self) -> bool:
        """LGPL: the notices must say where its source is found."""
        return "LGPL" in self.licence


def _c(name: str, licence: str, home: str, *texts: str) -> Component:
    return Component(name, licence, home, texts=texts)


XIPH = "BSD-3-Clause"
LGPL = "lgpl-2.1"
"""The LGPL 2.1's text (pygame-ce's docs/LGPL.txt): the whole licence of libsndfile and
alsa-lib, whose COPYING files are that text."""
LIBSDL = "https://github.com/libsdl-org"
SDL = _c("SDL 2", "Zlib", f"{LIBSDL}/SDL", "sdl2")
VORBIS = _c("Vorbis", XIPH, "https://gitlab.xiph.org/xiph/vorbis", "ogg-vorbis")
WEBP = _c("libwebp", "BSD-3-Clause", "https://chromium.googlesource.com/webm/libwebp", "webp")
"""sharpyuv is part of libwebp's tree, under its COPYING."""
BROTLI = _c("Brotli", "MIT", "https://github.com/google/brotli", "brotli")
JPEG = _c(
    "libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", "https://libjpeg-turbo.org", "libjpeg-turbo"
)
OPENSSL = _c("OpenSSL", "Apache-2.0", "https://www.openssl.org/source/")
ZLIB = _c("zlib", "Zlib", "https://zlib.net", "zlib")
PYTHON = _c("Python (libpython)", "PSF-2.0", "https://www.python.org/downloads/source/")
GCC = _c(
    "GCC runtime libraries",
    "GPL-3.0-or-later WITH GCC-exception-3.1",
    "https://gcc.gnu.org",
)
MSVC = Component(
    "Microsoft Visual C++ runtime",
    "Microsoft Visual C++ Redistributable licence",
    "https://visualstudio.microsoft.com/license-terms/",
    in_python_licence="Microsoft Distributable Code",
)

COMPONENTS: dict[str, Component] = {
    # pygame-ce's wheels: SDL and the libraries SDL_image, SDL_mixer and SDL_ttf use
    "sdl2": SDL,
    "sdl2_image": _c("SDL_image 2", "Zlib", f"{LIBSDL}/SDL_image", "sdl2_image"),
    "sdl2_mixer": _c("SDL_mixer 2", "Zlib", f"{LIBSDL}/SDL_mixer", "sdl2_mixer"),
    "sdl2_ttf": _c("SDL_ttf 2", "Zlib", f"{LIBSDL}/SDL_ttf", "sdl2_ttf"),
    "flac": _c("FLAC", XIPH, "https://github.com/xiph/flac", "flac"),
    "asound": _c(
        "ALSA library", "LGPL-2.1-or-later", "https://github.com/alsa-project/alsa-lib", LGPL
    ),
    "brotlicommon": BROTLI,
    "brotlidec": BROTLI,
    "brotlienc": BROTLI,
    "fluidsynth": _c(
        "FluidSynth", "LGPL-2.1-or-later", "https://github.com/FluidSynth/fluidsynth", "fluidsynth"
    ),
    "freetype": _c("FreeType", "FTL OR GPL-2.0-or-later", "https://freetype.org", "freetype"),
    "harfbuzz": _c(
        "HarfBuzz", "MIT-Modern-Variant", "https://github.com/harfbuzz/harfbuzz", "harfbuzz"
    ),
    "jpeg": JPEG,
    "turbojpeg": JPEG,
    "mpg123": _c("mpg123", "LGPL-2.1-only", "https://www.mpg123.de", "mpg123"),
    "ogg": _c("Ogg", XIPH, "https://gitlab.xiph.org/xiph/ogg", "ogg-vorbis"),
    "opus": _c("Opus", XIPH, "https://opus-codec.org", "opus"),
    "opusfile": _c("opusfile", XIPH, "https://gitlab.xiph.org/xiph/opusfile", "opusfile"),
    "png16": _c("libpng", "libpng-2.0", "http://www.libpng.org/pub/png/libpng.html", "png"),
    "portmidi": _c("PortMidi", "MIT", "https://github.com/PortMidi/portmidi", "portmidi"),
    "sharpyuv": WEBP,
    "webp": WEBP,
    "webpdemux": WEBP,
    "webpmux": WEBP,
    "sndfile": _c(
        "libsndfile", "LGPL-2.1-or-later", "https://github.com/libsndfile/libsndfile", LGPL
    ),
    "tiff": _c("LibTIFF", "libtiff", "https://libtiff.gitlab.io/libtiff/", "tiff"),
    "vorbis": VORBIS,
    "vorbisenc": VORBIS,
    "vorbisfile": VORBIS,
    "wavpack": _c("WavPack", XIPH, "https://github.com/dbry/WavPack", "wavpack"),
    "xmp": _c("libxmp", "MIT", "https://github.com/libxmp/libxmp", "xmp"),
    "modplug": _c(
        "libmodplug", "LicenseRef-Public-Domain", "https://modplug-xmms.sourceforge.net", "modplug"
    ),
    # pygame-ce's macOS wheels: zlib-ng built in zlib-compatible mode (libz.1.3.1.zlib-ng.dylib)
    "zlib-ng": _c("zlib-ng", "Zlib", "https://github.com/zlib-ng/zlib-ng", "zlib-ng"),
    # pyzmq's wheels, which ship both licence texts
    "zmq": Component(
        "ZeroMQ (libzmq)",
        "MPL-2.0",
        "https://github.com/zeromq/libzmq",
        ("pyzmq", "LICENSE.zeromq.txt"),
    ),
    "sodium": Component(
        "libsodium",
        "ISC",
        "https://github.com/jedisct1/libsodium",
        ("pyzmq", "LICENSE.libsodium.txt"),
    ),
    # Python and what it links to, from the build machine (Linux) or Python's own build
    "python": PYTHON,
    "ffi": Component(
        "libffi", "MIT", "https://github.com/libffi/libffi", in_python_licence="libffi"
    ),
    "ssl": OPENSSL,
    "crypto": OPENSSL,
    "z": ZLIB,
    "zlib": ZLIB,
    "zlib1": ZLIB,
    "bz2": _c("bzip2", "bzip2-1.0.6", "https://sourceware.org/bzip2/"),
    "lzma": _c("XZ Utils (liblzma)", "0BSD OR LicenseRef-Public-Domain", "https://tukaani.org/xz/"),
    "uuid": _c("util-linux libuuid", "BSD-3-Clause", "https://github.com/util-linux/util-linux"),
    "mpdec": _c("mpdecimal", "BSD-2-Clause", "https://www.bytereef.org/mpdecimal/"),
    "expat": _c("Expat", "MIT", "https://github.com/libexpat/libexpat"),
    "sqlite3": _c("SQLite", "blessing", "https://www.sqlite.org"),
    "stdc++": GCC,
    "gcc_s": GCC,
    "gomp": GCC,  # GCC's OpenMP runtime: pyzmq 26.0's wheels vendor it
    "gcc_s_seh": GCC,
    "winpthread": _c("MinGW-w64 winpthreads", "MIT AND BSD-3-Clause", "https://www.mingw-w64.org"),
    "vcruntime140": MSVC,
    "vcruntime140_1": MSVC,
    "msvcp140": MSVC,
    "concrt140": MSVC,
}
"""Each library's plain name (`plain_name`) → its project."""

EXTENSION_MODULE = re.compile(r"\.(cpython-[^.]+|abi3|cp\d+-[^.]+)\.(so|pyd)$|\.pyd$")
"""A Python extension module: covered by its distribution's notice, not here."""
_NATIVE = re.compile(r"(\.so(\.[\d.]+)?|\.dylib|\.dll)$", re.IGNORECASE)
_CUT = re.compile(r"\.(so|dylib|dll)(\.|$)", re.IGNORECASE)
_VENDOR_HASH = re.compile(r"-[0-9a-f]{8}(?:[0-9a-f]{24})?(?=[.-]|$)")
"""The hash auditwheel and delvewheel put into a vendored library's name."""
_ARCH = re.compile(r"-(x64|x86|arm64|amd64)$")
_VERSION = re.compile(r"([-._]\d+)+$")
_PYTHON = re.compile(r"python\d*(\.\d+)?$")
_TAGGED = re.compile(r"[\w+]+(\.\d+)+\.(?P<tag>[a-z][\w-]*)$")
"""A build variant named after the version: `libz.1.3.1.zlib-ng.dylib` is zlib-ng."""


def is_native_library(file_name: str) -> bool:
    """A shared library to name in the notices: .so/.dylib/.dll, not an extension module;
    `Python` is the macOS framework's libpython."""
    if file_name == "Python":
        return True
    return bool(_NATIVE.search(file_name)) and not EXTENSION_MODULE.search(file_name)


def plain_name(file_name: str) -> str:
    """`libSDL2-2-50d19f93.0.so.0.3200.10` → `sdl2`: lower case, no `lib`, no vendoring
    hash, no suffix, no version, no architecture."""
    name = _VENDOR_HASH.sub("", file_name.lower())
    name = _CUT.split(name, maxsplit=1)[0]
    name = name.removeprefix("lib")
    name = _ARCH.sub("", name)
    if _PYTHON.fullmatch(name):
        return "python"
    tagged = _TAGGED.fullmatch(name)
    if tagged:
        return tagged["tag"]
    return _VERSION.sub("", name)


def component_of(file_name: str) -> Component | None:
    """The project a native library comes from; None for one not in the table."""
    name = plain_name(file_name)
    return COMPONENTS.get(name) or COMPONENTS.get(name.split("-")[0])
