"""THIRD_PARTY_NOTICES: the licence of everything the game carries, with its text.

Written at build time from what PyInstaller put into the bundle (gdmj.spec), and, from a
source checkout, from the installed dependencies (the About screen): the installed
distributions' own metadata and licence files, Python's LICENSE, the Unicode data the
game carries (shared/confusables_table.py) with its licence, and for each native library
the project it comes from (machine.native_libraries) with the licence file its wheel
ships, the Debian copyright file of a library taken from the build machine, or the texts
the build read from PyPI for it (machine.licence_texts); from source, without those,
a plain statement of where the licence is. LGPL parts say where their source is found.
`check` reads a notices file back and names what it lacks: a bundle's every distribution
and native library, and the Unicode data, need their licence text there.
"""

from __future__ import annotations

import importlib.metadata as metadata
import os
import platform
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from machine.native_libraries import Component, component_of, is_native_library

FILE_NAME = "THIRD_PARTY_NOTICES.txt"
GAME = "gdmahjong"
"""Our own distribution: its licence is the LICENSE file, first in the notices."""
GAME_TITLE = "GDMahjong"
RULE = "=" * 78
TEXT_MARK = "--- licence text: "
"""Starts the line before each licence text, naming where the text was read."""
POINTER = re.compile(r"^Licence text: in the section of (.+?) above", re.MULTILINE)
"""A section whose text is another's, already given (the same file, once)."""
FILES_MARK = "Files:"
LICENCE_FILE = re.compile(r"^(licen[cs]e|copying|notice|lgpl|gpl|copyright)", re.IGNORECASE)
BOOTLOADER_MODULES = re.compile(r"^(pyimod\d|pyiboot\d|pyi_rth_)")
"""PyInstaller's own modules in every bundle (with its bootloader)."""
OUR_PACKAGES = frozenset({"client", "server", "shared", "machine", "gdmj_launcher"})
SOURCE_LABELS = ("source", "source code", "repository", "homepage", "home")


@dataclass
class Section:
    """One component: its title, its licence, facts (source, files), its licence texts."""

    title: str
    licence: str
    facts: list[str] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)
    """(where the text was read, the text)."""

    def render(self) -> str:
        lines = [RULE, self.title, f"Licence: {self.licence}", *self.facts]
        for where, text in self.texts:
            lines += ["", f"{TEXT_MARK}{where}", "", text.strip("\n"), ""]
        return "\n".join(lines)


@dataclass
class Notices:
    sections: list[Section]
    problems: list[str]
    """What is missing (a distribution without a licence text, an unknown library): the
    build stops on any."""

    def render(self, version: str) -> str:
        index = [f"  {s.title:<44}  {s.licence}" for s in self.sections]
        head = [
            f"{GAME_TITLE} {version}: third-party notices",
            "",
            f"{GAME_TITLE} is free software under the MIT licence (first below). It carries",
            "the software of others, each under its own licence: this file gives each one's",
            "licence, its text and, for the LGPL parts, where their source is found.",
            "",
            *index,
        ]
        body = [section.render() for section in self.sections]
        return "\n".join([*head, *body, ""])


# --- Python distributions ----------------------------------------------------------------


def dist_name(dist: metadata.Distribution) -> str:
    return str(dist.metadata["Name"])


def normal(name: str) -> str:
    """A distribution's name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def licence_of(dist: metadata.Distribution) -> str:
    """The licence the metadata states: its SPDX expression, else its License field when
    that is a name (not a whole text), else its classifiers."""
    meta = dist.metadata
    for value in (meta["License-Expression"], meta["License"]):
        if value and "\n" not in value.strip() and len(value) < 100:
            return str(value).strip()
    classifiers = [
        c.split(" :: ")[-1] for c in meta.get_all("Classifier") or [] if c.startswith("License")
    ]
    return ", ".join(classifiers) or "not stated in its metadata"


def licence_texts(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """The licence files the distribution ships: those its metadata names (License-File),
    else those of its files named like one (LICENSE, COPYING, LGPL.txt…), in its
    .dist-info folder first."""
    texts = []
    for name in dist.metadata.get_all("License-File") or []:
        text = dist.read_text(f"licenses/{name}") or dist.read_text(name)
        if text and text.strip():
            texts.append((f"{dist_name(dist)}: {name}", text))
    if texts:
        return texts
    files = [f for f in dist.files or [] if LICENCE_FILE.match(f.name)]
    in_info = [f for f in files if f.parts[0].endswith(".dist-info")]
    for file in in_info or files:
        text = Path(str(dist.locate_file(file))).read_text("utf-8", errors="replace")
        if text.strip():
            texts.append((f"{dist_name(dist)}: {file.as_posix()}", text))
    return texts


def source_of(dist: metadata.Distribution) -> str:
    """Where the distribution's source is: its project's source URL and the release's
    files on PyPI."""
    meta = dist.metadata
    urls = {}
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        urls[label.strip().lower()] = url.strip()
    home = next((urls[k] for k in SOURCE_LABELS if k in urls), meta["Home-page"])
    release = f"https://pypi.org/project/{dist_name(dist)}/{dist.version}/#files"
    return f"{home} (this release's source: {release})" if home else release


def distribution_section(dist: metadata.Distribution, problems: list[str]) -> Section:
    title = f"{dist_name(dist)} {dist.version}"
    section = Section(title, licence_of(dist), [f"Source: {source_of(dist)}"])
    section.texts = licence_texts(dist)
    if not section.texts:
        problems.append(f"{title} ships no licence text")
    return section


def distributions_of(modules: Iterable[str]) -> tuple[list[metadata.Distribution], list[str]]:
    """The distributions the bundled modules come from (top-level names), without Python's
    own modules and ours; problems name a module no installed distribution provides."""
    owners = metadata.packages_distributions()
    names: set[str] = set()
    problems = []
    for module in sorted({m.split(".")[0] for m in modules}):
        if module in sys.stdlib_module_names or module.startswith("_sysconfigdata"):
            continue
        if BOOTLOADER_MODULES.match(module):
            names.add("pyinstaller")
        elif module in OUR_PACKAGES:
            continue
        elif module in owners:
            names.update(owners[module])
        else:
            problems.append(f"module {module}: no installed distribution provides it")
    dists = []
    for name in sorted(names, key=normal):
        try:
            dists.append(metadata.distribution(name))
        except metadata.PackageNotFoundError:
            problems.append(f"distribution {name}: not installed here")
    return [d for d in dists if normal(dist_name(d)) != GAME], problems


def extension_module(path: str) -> str:
    """The top-level module of an extension module's file in a bundle:
    `pygame/base.cpython-311-x86_64-linux-gnu.so` → `pygame`; the standard library's
    (`python3.11/lib-dynload/_ssl…`, a top-level `_ssl.pyd`) → their own, standard name."""
    parts = Path(path).parts
    if parts[0].startswith("python3") or "lib-dynload" in parts:
        parts = parts[-1:]
    return parts[0].split(".")[0]


def runtime_distributions(root: str = GAME) -> list[metadata.Distribution]:
    """The installed distributions `root` needs to run (its requirements, theirs, and so
    on, without extras): what the game uses when run from source."""
    found: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        for requirement in metadata.requires(todo.pop()) or []:
            name, _, marker = requirement.partition(";")
            if "extra" in marker:
                continue
            name = re.split(r"[\s\[<>=!~(]", name.strip(), maxsplit=1)[0]
            try:
                dist = metadata.distribution(name)
            except metadata.PackageNotFoundError:
                continue  # a requirement for another platform or Python
            if normal(name) not in found:
                found[normal(name)] = dist
                todo.append(name)
    return sorted(found.values(), key=lambda d: normal(dist_name(d)))


# --- Python itself -----------------------------------------------------------------------


def python_licence() -> Path | None:
    """CPython's LICENSE.txt where this Python was installed (the standard library's folder
    on Linux and macOS, the installation's top on Windows)."""
    places = [Path(os.__file__).parent, Path(sys.base_prefix)]
    return next((p / "LICENSE.txt" for p in places if (p / "LICENSE.txt").is_file()), None)


def python_section(problems: list[str]) -> Section:
    version = platform.python_version()
    section = Section(
        f"Python {version}",
        "PSF-2.0",
        [f"Source: https://www.python.org/downloads/release/python-{version.replace('.', '')}/"],
    )
    found = python_licence()
    if found is None:
        problems.append(f"Python {version}: its LICENSE.txt is not where it was installed")
    else:
        section.texts.append((f"Python {version}: LICENSE.txt", found.read_text("utf-8")))
    return section


def covered_by_python(component: Component) -> bool:
    """Whether this Python's LICENSE.txt carries the licence of `component`, a library
    taken with Python (its `in_python_licence` phrase is in that text)."""
    phrase = component.in_python_licence
    found = python_licence()
    if phrase is None or found is None:
        return False
    return phrase.lower() in found.read_text("utf-8", errors="replace").lower()


# --- native libraries --------------------------------------------------------------------


def debian_copyright(library: Path) -> tuple[str, str] | None:
    """The copyright file of the Debian package a system library belongs to (on Debian and
    Ubuntu, where a build takes libraries from the system): (package, text)."""
    if shutil.which("dpkg") is None:
        return None
    real = library.resolve()
    candidates = {str(real), str(library)}
    candidates |= {c.replace("/usr/lib/", "/lib/", 1) for c in candidates}
    candidates |= {c.replace("/lib/", "/usr/lib/", 1) for c in candidates if c.startswith("/lib/")}
    for path in sorted(candidates):
        done = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            package = done.stdout.split(":")[0].strip()
            copyright = Path("/usr/share/doc") / package / "copyright"
            if copyright.is_file():
                return package, copyright.read_text("utf-8", errors="replace")
    return None


def vendored_by(dists: Iterable[metadata.Distribution]) -> dict[str, metadata.Distribution]:
    """Library file name → the distribution whose wheel carries it."""
    return {
        file.name: dist
        for dist in dists
        for file in dist.files or []
        if is_native_library(file.name)
    }


def native_sections(
    libraries: dict[str, Path],
    dists: list[metadata.Distribution],
    texts_shipped: set[tuple[str, str]],
    problems: list[str],
    fetched: Mapping[str, tuple[str, str]] | None = None,
) -> list[Section]:
    """One section a native project: its files (`libraries`: name in the bundle → where it
    was taken from), where they are from, its licence text or where that is; unknown
    libraries are problems. With `fetched` (text id → (where, text): a build's), so is a
    library left without a text."""
    carriers = vendored_by(dists)
    grouped: dict[Component, list[str]] = {}
    for name in sorted(libraries):
        component = component_of(name)
        if component is None:
            problems.append(f"native library {name}: no known project (add it to "
                            "machine/native_libraries.py with its licence)")  # fmt: skip
        else:
            grouped.setdefault(component, []).append(name)
    sections = []
    given: dict[str, str] = {}
    """Text id → the title of the section that holds it."""
    for component, names in sorted(grouped.items(), key=lambda kv: kv[0].name.lower()):
        section = Section(f"{component.name} (native library)", component.licence)
        section.facts.append(FILES_MARK)
        section.facts += [f"  {name}" for name in names]
        carrier = next((carriers[n] for n in names if n in carriers), None)
        origin = f"{dist_name(carrier)} {carrier.version}" if carrier else None
        if origin:
            section.facts.append(f"From: the {origin} wheel, built from {component.home}")
        else:
            section.facts.append(f"From: the system the bundle was built on; project: "
                                 f"{component.home}")  # fmt: skip
        if component.lesser_gpl:
            build = f"; the version {origin} builds is named in its build scripts" if origin else ""
            section.facts.append(f"Source (LGPL): {component.home}{build}")
        _native_text(section, component, libraries[names[0]], origin, texts_shipped,
                     fetched or {}, given)  # fmt: skip
        if fetched is not None and not (section.texts or POINTER.search(section.render())):
            missing = [t for t in component.texts if t not in fetched]
            why = (f"{', '.join(missing)} not fetched" if missing else
                   "machine/native_libraries.py names no text for it")  # fmt: skip
            problems += [f"native library {name} ({component.name}): no licence text ({why})"
                         for name in names]  # fmt: skip
        sections.append(section)
    return sections


def _native_text(
    section: Section,
    component: Component,
    library: Path,
    origin: str | None,
    texts_shipped: set[tuple[str, str]],
    fetched: Mapping[str, tuple[str, str]],
    given: dict[str, str],
) -> None:
    """Its licence text, or where it is: never a silent gap. A text an earlier section
    holds is pointed to, not repeated."""
    if component.text_in and component.text_in in texts_shipped:
        dist, name = component.text_in
        section.facts.append(f"Licence text: in the section of {dist} above ({name}).")
        return
    if component.licence == "PSF-2.0":
        section.facts.append("Licence text: in the section of Python above.")
        return
    if origin is None:
        found = debian_copyright(library)
        if found is not None:
            package, text = found
            section.texts.append((f"Debian package {package}: /usr/share/doc/{package}/copyright",
                                  text))  # fmt: skip
            return
        if covered_by_python(component):
            section.facts.append("Licence text: in the section of Python above.")
            return
    if component.texts and all(text_id in fetched for text_id in component.texts):
        for text_id in component.texts:
            if text_id in given:
                section.facts.append(
                    f"Licence text: in the section of {given[text_id]} above ({text_id})."
                )
            else:
                section.texts.append(fetched[text_id])
                given[text_id] = section.title
        return
    from_where = f"The {origin} wheel" if origin else "The system it was taken from"
    section.facts.append(
        f"Licence text: {from_where} ships none for it; its licence ({component.licence}) "
        f"is in its source, at {component.home}."
    )


# --- the whole -----------------------------------------------------------------------------


def game_section(licence: Path, version: str) -> Section:
    section = Section(f"{GAME_TITLE} {version}", "MIT")
    section.texts.append(("LICENSE", licence.read_text("utf-8")))
    return section


class CarriedData(Protocol):
    """Data the game carries from elsewhere that is no distribution (Unicode's look-alike
    table: shared/carried_data.py), described by its owner: machine imports no `shared`."""

    @property
    def title(self) -> str: ...
    @property
    def licence_id(self) -> str: ...
    @property
    def facts(self) -> Sequence[str]: ...
    @property
    def files(self) -> Sequence[str]: ...
    @property
    def text(self) -> str: ...


def carried_section(data: CarriedData) -> Section:
    """The section of data the game carries: where it came from, its files, its licence."""
    section = Section(data.title, data.licence_id)
    section.facts += [*data.facts, FILES_MARK, *(f"  {name}" for name in data.files)]
    section.texts.append((f"{data.files[0]}: LICENCE", data.text))
    return section


def build_notices(
    dists: list[metadata.Distribution],
    libraries: dict[str, Path],
    licence: Path,
    version: str,
    fetched: Mapping[str, tuple[str, str]] | None = None,
    carried: Sequence[CarriedData] = (),
) -> Notices:
    """The notices for the game, these distributions, Python, and these native libraries
    (name in the bundle → where it was taken from); a build passes the licence texts it
    fetched (machine.licence_texts), and then a library left without one is a problem."""
    problems: list[str] = []
    dists = sorted(dists, key=lambda d: normal(dist_name(d)))
    sections = [game_section(licence, version), *map(carried_section, carried)]
    sections.append(python_section(problems))
    shipped: set[tuple[str, str]] = set()
    for dist in dists:
        section = distribution_section(dist, problems)
        sections.append(section)
        shipped |= {(normal(dist_name(dist)), Path(where).name) for where, _ in section.texts}
    sections += native_sections(libraries, dists, shipped, problems, fetched)
    return Notices(sections, problems)


def source_notices(
    licence: Path, version: str, carried: Sequence[CarriedData] = ()
) -> Notices:
    """The notices for the game run from source: the distributions it needs, as installed,
    and the native libraries their wheels carry."""
    dists = runtime_distributions()
    libraries = {
        file.name: Path(str(dist.locate_file(file)))
        for dist in dists
        for file in dist.files or []
        if is_native_library(file.name)
    }
    return build_notices(dists, libraries, licence, version, carried=carried)


# --- reading it back -----------------------------------------------------------------------


def sections_of(text: str) -> dict[str, str]:
    """Each section's title → the rest of it."""
    found = {}
    for chunk in text.split(f"\n{RULE}\n")[1:]:
        title, _, body = chunk.partition("\n")
        found[title.strip()] = body
    return found


def has_text(body: str) -> bool:
    """A section holds a licence text: a marker line, then something."""
    return any(part.split("\n", 1)[-1].strip() for part in body.split(TEXT_MARK)[1:])


def check(
    text: str,
    distributions: Iterable[str],
    libraries: Iterable[str],
    carried: Iterable[str] = (),
) -> list[str]:
    """What a notices file lacks, for a bundle holding these distributions (names) and
    native libraries (file names): each needs a section with its licence text, each library
    its file named in a section that holds its licence text or points to one that does."""
    sections = sections_of(text)
    by_name = {normal(title.split(" ")[0]): body for title, body in sections.items()}
    problems = []
    python = [body for title, body in sections.items() if title.startswith("Python 3")]
    if not (python and has_text(python[0])):
        problems.append("Python: no licence text in the notices")
    for title in carried:
        if not has_text(sections.get(title, "")):
            problems.append(f"{title}: no licence text in the notices")
    for name in sorted(set(distributions), key=normal):
        body = by_name.get(normal(name))
        if body is None:
            problems.append(f"distribution {name}: not in the notices")
        elif not has_text(body):
            problems.append(f"distribution {name}: no licence text in the notices")
    section_of = {name: body for body in sections.values() for name in files_of(body)}
    for name in sorted(set(libraries)):
        body = section_of.get(name)
        if body is None:
            problems.append(f"native library {name}: not in the notices")
        elif not _holds_text(body, sections):
            problems.append(f"native library {name}: no licence text in the notices")
    return problems


def files_of(body: str) -> list[str]:
    """The file names a section lists under `Files:`."""
    if not body.startswith(f"{FILES_MARK}\n") and f"\n{FILES_MARK}\n" not in body:
        return []
    names = []
    for line in body.split(f"{FILES_MARK}\n", 1)[1].split("\n"):
        if not line.startswith("  "):
            break
        names.append(line.strip())
    return names


def _holds_text(body: str, sections: dict[str, str]) -> bool:
    """A section's own licence text, or every section it points to has one."""
    if has_text(body):
        return True
    pointed = POINTER.findall(body)
    return bool(pointed) and all(
        any(
            (title == name or title.startswith(f"{name} ")) and has_text(other)
            for title, other in sections.items()
        )
        for name in pointed
    )
