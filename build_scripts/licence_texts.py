"""The native libraries' licence texts the build takes from PyPI (machine/licence_texts.py).

    python build_scripts/licence_texts.py            # fetch, check the hashes, list the texts
    python build_scripts/licence_texts.py refresh    # after upgrading pygame-ce

`refresh` moves each archive marked `installed` (pygame-ce's sdist) to the installed
version, looks up every archive's address and sha256 in PyPI's index (the JSON form of
its simple API, the one pip reads), checks every text is still there, and rewrites
machine/licence_sources.json. Read the diff: a member that moved or a library pygame-ce
added (gdmj.spec stops naming it) is for a person to settle in the manifest and in
machine/native_libraries.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "licence-texts"
INDEX = "https://pypi.org/simple/{name}/"
INDEX_JSON = "application/vnd.pypi.simple.v1+json"

sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from machine import licence_texts  # noqa: E402


def index_entry(distribution: str, file: str) -> tuple[str, str]:
    """(url, sha256) of one file of a distribution, from PyPI's index."""
    address = INDEX.format(name=distribution)
    request = urllib.request.Request(address, headers={"Accept": INDEX_JSON})
    with urllib.request.urlopen(request, timeout=licence_texts.DOWNLOAD_LIMIT_S) as answer:
        files = json.load(answer)["files"]
    for entry in files:
        if entry["filename"] == file:
            return entry["url"], entry["hashes"]["sha256"]
    raise licence_texts.LicenceTextError(f"PyPI lists no {file} for {distribution}")


def refreshed(archive: licence_texts.Archive) -> licence_texts.Archive:
    version = archive.version
    if archive.installed:
        version = licence_texts.installed_version(archive.distribution) or version
    file = archive.file.replace(archive.version, version)
    texts = {
        text: msgspec.structs.replace(member, path=member.path.replace(archive.version, version))
        for text, member in archive.texts.items()
    }
    url, sha256 = index_entry(archive.distribution, file)
    return msgspec.structs.replace(
        archive, version=version, file=file, url=url, sha256=sha256, texts=texts
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", choices=["fetch", "refresh"], default="fetch")
    options = parser.parse_args(argv)
    try:
        manifest = licence_texts.load()
        if options.command == "refresh":
            manifest.archives = [refreshed(archive) for archive in manifest.archives]
        problems = licence_texts.version_problems(manifest)
        if problems:
            raise licence_texts.LicenceTextError("; ".join(problems))
        found = licence_texts.texts(manifest, CACHE)
    except licence_texts.LicenceTextError as error:
        print(f"licence_texts: {error}", file=sys.stderr)
        return 1
    if options.command == "refresh":
        encoded = msgspec.json.format(msgspec.json.encode(manifest), indent=2)
        licence_texts.MANIFEST.write_bytes(encoded + b"\n")
        print(f"wrote {licence_texts.MANIFEST.relative_to(ROOT)}")
    for text_id, (where, text) in sorted(found.items()):
        print(f"{text_id:<14} {len(text.splitlines()):>4} lines  {where}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
