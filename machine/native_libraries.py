"""Which project each native library in a bundle comes from, under which licence.

Wheels vendor shared libraries (pygame-ce: SDL and its codecs; pyzmq: libzmq and libsodium)
and PyInstaller adds the ones Python itself links to; their file names say little
(`libSDL2-2-50d19f93.0.so.0.3200.10`). `component_of` names the project behind a file, so
that THIRD_PARTY_NOTICES can give its licence and where its source is, and a library no one
has looked at yet stops the build (`None`) instead of shipping unexplained.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Component:
    """A native project: its name, its licence (SPDX), where its source and licence live,
    and the licence file a wheel ships for it (distribution, file name), if any."""

    name: str
    licence: str
    home: str
    text_in: tuple[str, str] | None = None

    @property
    def lesser_gpl(self) -> bool:
        """LGPL: the notices must say where its source is found."""
        return "LGPL" in self.licence


def _c(name: str, licence: str, home: str, text_in: tuple[str, str] | None = None) -> Component:
    return Component(name, licence, home, text_in)


XIPH = "BSD-3-Clause"
SDL = _c("SDL 2", "Zlib", "https://github.com/libsdl-org/SDL")
VORBIS = _c("Vorbis", XIPH, "https://gitlab.xiph.org/xiph/vorbis")
WEBP = _c("libwebp", "BSD-3-Clause", "https://chromium.googlesource.com/webm/libwebp")
BROTLI = _c("Brotli", "MIT", "https://github.com/google/brotli")
JPEG = _c("libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", "https://libjpeg-turbo.org")
OPENSSL = _c("OpenSSL", "Apache-2.0", "https://www.openssl.org/source/")
ZLIB = _c("zlib", "Zlib", "https://zlib.net")
PYTHON = _c("Python (libpython)", "PSF-2.0", "https://www.python.org/downloads/source/")
GCC = _c(
    "GCC runtime libraries",
    "GPL-3.0-or-later WITH GCC-exception-3.1",
    "https://gcc.gnu.org",
)
MSVC = _c(
    "Microsoft Visual C++ runtime",
    "Microsoft Visual C++ Redistributable licence",
    "https://visualstudio.microsoft.com/license-terms/",
)

COMPONENTS: dict[str, Component] = {
    # pygame-ce's wheels: SDL and the libraries SDL_image, SDL_mixer and SDL_ttf use
    "sdl2": SDL,
    "sdl2_image": _c("SDL_image 2", "Zlib", "https://github.com/libsdl-org/SDL_image"),
    "sdl2_mixer": _c("SDL_mixer 2", "Zlib", "https://github.com/libsdl-org/SDL_mixer"),
    "sdl2_ttf": _c("SDL_ttf 2", "Zlib", "https://github.com/libsdl-org/SDL_ttf"),
    "flac": _c("FLAC", XIPH, "https://github.com/xiph/flac"),
    "asound": _c("ALSA library", "LGPL-2.1-or-later", "https://github.com/alsa-project/alsa-lib"),
    "brotlicommon": BROTLI,
    "brotlidec": BROTLI,
    "brotlienc": BROTLI,
    "fluidsynth": _c("FluidSynth", "LGPL-2.1-or-later", "https://github.com/FluidSynth/fluidsynth"),
    "freetype": _c("FreeType", "FTL OR GPL-2.0-or-later", "https://freetype.org"),
    "harfbuzz": _c("HarfBuzz", "MIT-Modern-Variant", "https://github.com/harfbuzz/harfbuzz"),
    "jpeg": JPEG,
    "turbojpeg": JPEG,
    "mpg123": _c("mpg123", "LGPL-2.1-only", "https://www.mpg123.de"),
    "ogg": _c("Ogg", XIPH, "https://gitlab.xiph.org/xiph/ogg"),
    "opus": _c("Opus", XIPH, "https://opus-codec.org"),
    "opusfile": _c("opusfile", XIPH, "https://gitlab.xiph.org/xiph/opusfile"),
    "png16": _c("libpng", "libpng-2.0", "http://www.libpng.org/pub/png/libpng.html"),
    "portmidi": _c("PortMidi", "MIT", "https://github.com/PortMidi/portmidi"),
    "sharpyuv": WEBP,
    "webp": WEBP,
    "webpdemux": WEBP,
    "webpmux": WEBP,
    "sndfile": _c("libsndfile", "LGPL-2.1-or-later", "https://github.com/libsndfile/libsndfile"),
    "tiff": _c("LibTIFF", "libtiff", "https://libtiff.gitlab.io/libtiff/"),
    "vorbis": VORBIS,
    "vorbisenc": VORBIS,
    "vorbisfile": VORBIS,
    "wavpack": _c("WavPack", XIPH, "https://github.com/dbry/WavPack"),
    "xmp": _c("libxmp", "MIT", "https://github.com/libxmp/libxmp"),
    "modplug": _c("libmodplug", "LicenseRef-Public-Domain", "https://modplug-xmms.sourceforge.net"),
    # pyzmq's wheels, which ship both licence texts
    "zmq": _c(
        "ZeroMQ (libzmq)",
        "MPL-2.0",
        "https://github.com/zeromq/libzmq",
        ("pyzmq", "LICENSE.zeromq.txt"),
    ),
    "sodium": _c(
        "libsodium",
        "ISC",
        "https://github.com/jedisct1/libsodium",
        ("pyzmq", "LICENSE.libsodium.txt"),
    ),
    # Python and what it links to, from the build machine (Linux) or Python's own build
    "python": PYTHON,
    "ffi": _c("libffi", "MIT", "https://github.com/libffi/libffi"),
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
    "gcc_s_seh": GCC,
    "winpthread": _c("MinGW-w64 winpthreads", "MIT AND BSD-3-Clause", "https://www.mingw-w64.org"),
    "vcruntime140": MSVC,
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
    return _VERSION.sub("", name)


def component_of(file_name: str) -> Component | None:
    """The project a native library comes from; None for one not in the table."""
    name = plain_name(file_name)
    return COMPONENTS.get(name) or COMPONENTS.get(name.split("-")[0])
