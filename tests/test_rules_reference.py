"""The rules reference, shared/RULES.md: the project's copy follows the reference kept beside
the checkout (../shared/RULES.md; its digest is recorded in tests/data/rules_reference.sha256,
so a fresh clone, without the reference, checks its copy too), ships with the package, and
every section the code, the docs and the tests cite ("RULES.md §N", "§N.M", "§3–§6",
"RULES.md §2 'Scores'", "§6.4 step 4") is one it has.

Sections are the reference's `## N. Title` and `### N.M Title` headings. Quoted words right
after a section number (`§2 'Scores'`, `§2, "The dealer is always East"`) are the start of
one of its `###` headings (numbered or not) or words of its text; "step K" is an item of its
numbered list. A bare "§N" counts as a citation of RULES.md everywhere except in
shared/PROTOCOL.md and RULES.md itself, whose bare "§N" are their own sections; a "§N" right
after another document's name ("PROTOCOL.md §10") is not one either.
"""

from __future__ import annotations

import fnmatch
import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "shared" / "RULES.md"
REFERENCE = ROOT.parent / "shared" / "RULES.md"
"""The rules reference itself, beside the checkout (CI keeps a copy of shared/ there)."""
RECORDED_DIGEST = ROOT / "tests" / "data" / "rules_reference.sha256"
"""The reference's SHA-256 as last copied, so a fresh clone checks its copy too."""

SCANNED_DIRS = ("shared", "machine", "server", "client", "tests", "build_scripts", "assets", "docs")
SCANNED_SUFFIXES = (".py", ".md")
OWN_SECTIONS = {"shared/PROTOCOL.md", "shared/RULES.md"}
"""Documents whose bare "§N" are their own sections, not the rules reference's."""

S = "\N{SECTION SIGN}"  # spelled out so that this file's own examples are not citations
_NUMBER = r"\d+(?:\.\d+)?"
_QUOTED = r"(?:'([^'\n]+)'|\"([^\"\n]+)\"|‘([^’\n]+)’|“([^”\n]+)”)"
_QUALIFIER = rf"(?:[,:]?\s+{_QUOTED}|\s+step\s+(\d+))?"
_CITED = re.compile(rf"{S}({_NUMBER}){_QUALIFIER}")
_RUN = re.compile(
    rf"(?:\b([A-Za-z][A-Za-z_]*)(\.md)?\s+)?"  # the word before the run: a document's name?
    rf"{S}{_NUMBER}{_QUALIFIER}"
    rf"(?:\s*(?:,|–|-|—|/|and|or|to)\s*{S}{_NUMBER}{_QUALIFIER})*"
)


@dataclass(frozen=True)
class Section:
    number: str
    title: str
    subsections: tuple[str, ...]
    """Titles of its `###` headings, numbered or not, without their numbers."""
    body: str


def sections(text: str) -> dict[str, Section]:
    """The numbered sections of a rules text, by number ("6", "6.4")."""
    found: dict[str, Section] = {}
    current: list[tuple[str, str, list[str], list[str]]] = []  # the open ## and ### sections

    def close(keep: int) -> None:
        while len(current) > keep:
            number, title, subs, body = current.pop()
            found[number] = Section(number, title, tuple(subs), "\n".join(body))

    for line in text.splitlines():
        top = re.match(r"## (\d+)\.\s+(.*)", line)
        sub = re.match(r"### (?:(\d+\.\d+)\s+)?(.*)", line)
        if top:
            close(0)
            current.append((top[1], top[2].strip(), [], []))
            continue
        if sub and current:
            close(1)
            current[0][2].append(sub[2].strip())
            if sub[1]:
                current.append((sub[1], sub[2].strip(), [], []))
            continue
        for _, _, _, body in current:
            body.append(line)
    close(0)
    return found


def _plain(text: str) -> str:
    """Text without Markdown's bold and code marks, its white space collapsed."""
    return " ".join(text.replace("**", "").replace("`", "").split())


def problem(cite: re.Match[str], known: dict[str, Section]) -> str | None:
    """Why one cited section (a match of `_CITED`) is not in the reference, or None."""
    number = cite[1]
    section = known.get(number)
    if section is None:
        return f"{S}{number} is not a section of RULES.md"
    name = next((g for g in cite.groups()[1:5] if g), None)
    if (
        name is not None
        and not any(t.casefold().startswith(name.casefold()) for t in section.subsections)
        and _plain(name) not in _plain(section.body)
    ):
        return (
            f"{S}{number} has no heading {name!r} (it has {list(section.subsections)}),"
            " nor those words"
        )
    step = cite[6]
    if step is not None and not re.search(rf"^{step}\. ", section.body, re.MULTILINE):
        return f"{S}{number} has no step {step}"
    return None


def citations(text: str, own_sections: bool = False) -> list[tuple[int, re.Match[str]]]:
    """(line number, match of `_CITED`) for every section of RULES.md a text cites."""
    found = []
    for lineno, line in enumerate(text.splitlines(), 1):
        for run in _RUN.finditer(line):
            word, md = run[1], run[2]
            document = word if word is not None and (md or word.isupper()) else None
            if document is not None and document != "RULES":
                continue  # a section of another document, as in PROTOCOL.md's own
            if document is None and own_sections:
                continue  # a bare section number in a document with sections of its own
            found.extend((lineno, cite) for cite in _CITED.finditer(run[0]))
    return found


def scanned_files() -> list[Path]:
    files = sorted(ROOT.glob("*.md"))
    for folder in SCANNED_DIRS:
        files += sorted(
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in SCANNED_SUFFIXES and p.is_file() and "__pycache__" not in p.parts
        )
    return files


def problems_in_text(
    text: str, name: str, known: dict[str, Section], own_sections: bool = False
) -> tuple[int, list[str]]:
    """(citations found, "name:line: why" for each citation of a missing section)."""
    cited = citations(text, own_sections)
    bad = [
        f"{name}:{lineno}: {why}"
        for lineno, cite in cited
        if (why := problem(cite, known)) is not None
    ]
    return len(cited), bad


def problems_in(path: Path, known: dict[str, Section]) -> tuple[int, list[str]]:
    rel = path.relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    return problems_in_text(text, rel, known, own_sections=rel in OWN_SECTIONS)


@pytest.fixture(scope="module")
def known() -> dict[str, Section]:
    return sections(RULES.read_text(encoding="utf-8"))


def test_the_reference_has_the_sections_the_code_relies_on(known):
    # Also a check of `sections` itself: what it reads from the reference as it stands.
    assert {str(n) for n in range(1, 9)} | {f"6.{m}" for m in range(1, 6)} <= set(known)
    assert any(t.startswith("Scores") for t in known["2"].subsections)
    assert re.search(r"^5\. ", known["6.4"].body, re.MULTILINE)


def test_every_cited_section_exists(known):
    total = 0
    bad: list[str] = []
    for path in scanned_files():
        count, wrong = problems_in(path, known)
        total += count
        bad += wrong
    assert total >= 60, f"only {total} citations found: is the scan still finding them?"
    assert not bad, "citations of sections RULES.md does not have:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        (f"The notation of RULES.md {S}1.", ["1"]),
        (f"Settlement of RULES.md {S}6.5 and {S}7: who pays", ["6.5", "7"]),
        (f"One hand (RULES.md {S}3–{S}6).", ["3", "6"]),
        (f"presets (RULES.md {S}6, {S}8)", ["6", "8"]),
        (f"a bonus fan (RULES {S}8)", ["8"]),
        (f"# {S}6.4 step 5: min_fan", ["6.4"]),
        (f"as in {S}6.4's worked examples", ["6.4"]),
        (f"the lobby (RULES.md {S}2 'Scores')", ["2"]),
        (f'the winds (RULES.md {S}2, "The dealer is always East")', ["2"]),
        (f'# {S}6.5: "each winner\'s fan has a floor of 3" — the result box', ["6.5"]),
        (f"the table field picks one (PROTOCOL.md {S}10.1)", []),
        (f"see PROTOCOL {S}12 and {S}13", []),
    ],
)
def test_citations_are_found_in_every_form(text, wanted, known):
    cited = citations(text)
    assert [cite[1] for _, cite in cited] == wanted
    assert [problem(cite, known) for _, cite in cited] == [None] * len(wanted)


@pytest.mark.parametrize(
    "text",
    [
        f"the tiles (RULES.md {S}19)",
        f"how fan is counted (RULES.md {S}6.6)",
        f"One hand (RULES.md {S}3–{S}21).",
        f"presets (RULES.md {S}6, {S}20)",
        f"the lobby (RULES.md {S}2 'Seating')",
        f"the lobby (RULES.md {S}2 “Scores and more”)",
        f'the winds (RULES.md {S}2, "The dealer is always South")',
        f"# {S}6.4 step 9: min_fan",
        f"as {S}0 says",
    ],
)
def test_a_citation_of_a_missing_section_is_reported(text, known):
    count, bad = problems_in_text(f'"""{text}"""\n', "cites.py", known)
    assert count >= 1
    assert bad and bad[0].startswith("cites.py:1: "), bad


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_project_copy_is_the_reference():
    """Runs from a fresh clone too: the repository records the reference's SHA-256, so an
    edit of the copy is caught without ../shared/RULES.md; where the reference is beside
    the checkout, it is held to that record as well, so a new reference is noticed."""
    recorded = RECORDED_DIGEST.read_text(encoding="ascii").split()[0]
    assert _sha256(RULES) == recorded, (
        "shared/RULES.md is not the rules reference tests/data/rules_reference.sha256 records: "
        "it is a byte copy of ../shared/RULES.md, never edited here"
    )
    if REFERENCE.is_file():
        assert _sha256(REFERENCE) == recorded, (
            "the rules reference ../shared/RULES.md changed: copy it again (cp "
            "../shared/RULES.md shared/RULES.md), record its digest (sha256sum "
            "shared/RULES.md > tests/data/rules_reference.sha256), then update what cites a "
            "changed section"
        )


def test_the_package_ships_the_reference():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["shared"]
    assert any(fnmatch.fnmatch(RULES.name, p) for p in patterns), patterns
