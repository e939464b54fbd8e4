"""The licence texts of native libraries whose wheels ship none, read from the registry.

pygame-ce's wheels vendor SDL and some twenty-five libraries it uses, with no licence file
for any of them; their licences (BSD, MIT, zlib, libpng, LGPL) ask for the text to travel
with the binary. The texts are in archives on PyPI: pygame-ce's own sdist (docs/licenses/,
docs/LGPL.txt) and wheels of other projects that carry the same upstream files. The
manifest (`licence_sources.json`, beside this file) names each archive, its sha256 and the
members to take, under text ids that machine.native_libraries gives each project; `texts`
downloads each archive once into a cache folder, checks its hash, and reads them.
`build_scripts/licence_texts.py refresh` rewrites the manifest for a new pygame-ce.
"""

from __future__ import annotations

import hashlib
import importlib.metadata as metadata
import io
import tarfile
import urllib.request
import zipfile
from collections.abc import Callable
from pathlib import Path

import msgspec

from machine.files import atomic_write

MANIFEST = Path(__file__).with_name("licence_sources.json")
REFRESH = "python build_scripts/licence_texts.py refresh"
DOWNLOAD_LIMIT_S = 120


class LicenceTextError(Exception):
    """A text cannot be had as the manifest says; the message names the archive and why."""


class Member(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A file in an archive, or the part of it between two lines: from the first line
    starting with `start`, up to the next starting with `stop` (left out; the end of the
    file if there is none) or through the first starting with `through` (kept)."""

    path: str
    start: str | None = None
    stop: str | None = None
    through: str | None = None


class Archive(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    """A file on PyPI: the distribution and version it belongs to, its name, address and
    sha256, and the licence texts in it (text id → member). `installed`: its version must
    be the installed distribution's (pygame-ce's sdist, whose wheel is in the bundle)."""

    distribution: str
    version: str
    installed: bool = False
    why: str = ""
    file: str
    url: str
    sha256: str
    texts: dict[str, Member]


class Manifest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    about: str = ""
    archives: list[Archive]


Fetched = dict[str, tuple[str, str]]
"""Text id → (where it was read, the text)."""
Download = Callable[[str], bytes]


def load(path: Path = MANIFEST) -> Manifest:
    try:
        manifest = msgspec.json.decode(path.read_bytes(), type=Manifest)
    except (OSError, msgspec.ValidationError, msgspec.DecodeError) as error:
        raise LicenceTextError(f"{path.name}: {error}") from None
    ids = [text for archive in manifest.archives for text in archive.texts]
    repeated = sorted({text for text in ids if ids.count(text) > 1})
    if repeated:
        raise LicenceTextError(f"{path.name}: text ids given twice: {', '.join(repeated)}")
    return manifest


def installed_version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def version_problems(
    manifest: Manifest, installed: Callable[[str], str | None] = installed_version
) -> list[str]:
    """Archives that must match the installed distribution and do not: the texts would be
    another release's."""
    problems = []
    for archive in manifest.archives:
        if not archive.installed:
            continue
        found = installed(archive.distribution)
        if found != archive.version:
            problems.append(
                f"{archive.distribution} {found or '(not installed)'} is installed but "
                f"{MANIFEST.name} takes its licence texts from {archive.version}: run {REFRESH}"
            )
    return problems


def download(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=DOWNLOAD_LIMIT_S) as answer:
        data: bytes = answer.read()
        return data


def fetch(archive: Archive, cache: Path, get: Download = download) -> Path:
    """The archive in the cache, downloaded if it is not there yet; either way its sha256
    must be the manifest's, else LicenceTextError naming both."""
    path = cache / archive.file
    if path.is_file() and _sha256(path.read_bytes()) == archive.sha256:
        return path
    try:
        data = get(archive.url)
    except OSError as error:
        raise LicenceTextError(f"{archive.file}: cannot download {archive.url}: {error}") from None
    found = _sha256(data)
    if found != archive.sha256:
        raise LicenceTextError(
            f"{archive.file}: its sha256 is {found}, the manifest says {archive.sha256} "
            f"(downloaded from {archive.url})"
        )
    atomic_write(path, data)
    return path


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_member(path: Path, member: Member) -> str:
    """A member of a .tar.gz or a wheel/zip, cut to its markers."""
    try:
        if path.name.endswith((".tar.gz", ".tgz")):
            with tarfile.open(path) as archive:
                file = archive.extractfile(member.path)
                if file is None:
                    raise KeyError(member.path)
                data = file.read()
        else:
            with zipfile.ZipFile(path) as archive:
                data = archive.read(member.path)
    except KeyError:
        raise LicenceTextError(f"{path.name} holds no {member.path}") from None
    return cut(io.TextIOWrapper(io.BytesIO(data), "utf-8", errors="replace").read(), member)


def cut(text: str, member: Member) -> str:
    lines = text.splitlines()
    first = 0 if member.start is None else _line(lines, member.start, 0, member)
    last = len(lines)
    if member.stop is not None:
        last = next(
            (n for n in range(first + 1, len(lines)) if lines[n].startswith(member.stop)),
            len(lines),
        )
    elif member.through is not None:
        last = _line(lines, member.through, first, member) + 1
    found = "\n".join(lines[first:last]).strip("\n")
    if not found.strip():
        raise LicenceTextError(f"{member.path}: the text is empty")
    return found + "\n"


def _line(lines: list[str], prefix: str, after: int, member: Member) -> int:
    for number in range(after, len(lines)):
        if lines[number].startswith(prefix):
            return number
    raise LicenceTextError(f"{member.path}: no line starts with {prefix!r}")


def where(archive: Archive, member: Member) -> str:
    """How a text is named in the notices: enough to find the same bytes again."""
    return f"{archive.file} (PyPI, sha256 {archive.sha256}): {member.path}"


def texts(manifest: Manifest, cache: Path, get: Download = download) -> Fetched:
    """Every text the manifest names, by id, from archives whose hashes match."""
    found: Fetched = {}
    for archive in manifest.archives:
        path = fetch(archive, cache, get)
        for text_id, member in archive.texts.items():
            found[text_id] = (where(archive, member), read_member(path, member))
    return found
