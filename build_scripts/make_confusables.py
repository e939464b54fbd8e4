"""Write shared/confusables_table.py: Unicode's look-alike prototypes (UTS #39) for names.

    python build_scripts/make_confusables.py ICU_SOURCE   # the unpacked ICU source tree

The host refuses a player's name whose UTS #39 skeleton is another's (shared/names.py).
No maintained Python library computes that skeleton without a native ICU build
(confusable-homoglyphs and confusables match characters, not skeletons), so the game
carries the data itself: every mapping of `confusables.txt` and the
`Default_Ignorable_Code_Point` ranges of `DerivedCoreProperties.txt`, which the skeleton
drops, with the Unicode License V3 they are under. ICU's source carries all three files
(`apt-get source icu` on Debian: `source/data/unidata/` and the head of `LICENSE`);
Unicode publishes the same two data files under Public/security/ and Public/UCD/.
The module is plain data, zlib-compressed; tests/test_confusables.py reads it back.
"""

from __future__ import annotations

import base64
import hashlib
import re
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "shared" / "confusables_table.py"
UNIDATA = Path("source") / "data" / "unidata"
LICENCE_END = "SPDX-License-Identifier: Unicode-3.0"


def header_field(text: str, name: str) -> str:
    """A `# Name: value` line of a Unicode data file's header."""
    found = re.search(rf"^# {name}: (.+)$", text, re.MULTILINE)
    if found is None:
        raise SystemExit(f"make_confusables: no '# {name}:' line in the file's header")
    return found.group(1).strip()


def mappings(text: str) -> list[str]:
    """confusables.txt's lines `source ; prototype ; MA`, as `SOURCE PROTO…` in hex."""
    rows = []
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, prototype, kind = (f.strip() for f in data.split(";")[:3])
        if kind != "MA":
            raise SystemExit(f"make_confusables: unexpected mapping type {kind!r}")
        rows.append(f"{source} {prototype}")
    return rows


def ignorable(text: str) -> list[str]:
    """The Default_Ignorable_Code_Point ranges, as `FIRST..LAST` (or one code point)."""
    return [
        line.split(";")[0].strip()
        for line in text.splitlines()
        if line.split("#", 1)[0].strip().endswith("; Default_Ignorable_Code_Point")
    ]


def packed(rows: list[str]) -> str:
    return base64.b64encode(zlib.compress("\n".join(rows).encode("ascii"), 9)).decode("ascii")


def wrapped(value: str, width: int = 88) -> str:
    return "\n".join(f'    "{value[i : i + width]}"' for i in range(0, len(value), width))


def wrapped_words(words: list[str], per_line: int = 8) -> str:
    """Space-separated words as implicitly joined string lines, `per_line` a line."""
    lines = [" ".join(words[i : i + per_line]) for i in range(0, len(words), per_line)]
    ends = [" "] * (len(lines) - 1) + [""]
    return "\n".join(f'    "{line}{end}"' for line, end in zip(lines, ends, strict=True))


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    icu = Path(sys.argv[1])
    confusables = (icu / UNIDATA / "confusables.txt").read_text("utf-8-sig")
    properties = (icu / UNIDATA / "DerivedCoreProperties.txt").read_text("utf-8")
    licence_file = (icu / "LICENSE").read_text("utf-8")
    if not licence_file.startswith("UNICODE LICENSE V3") or LICENCE_END not in licence_file:
        raise SystemExit("make_confusables: LICENSE does not start with the Unicode License V3")
    licence = licence_file[: licence_file.index(LICENCE_END) + len(LICENCE_END)]
    version = header_field(confusables, "Version")
    if f"DerivedCoreProperties-{version}.txt" not in properties:
        raise SystemExit(f"make_confusables: DerivedCoreProperties.txt is not Unicode {version}")
    rows, ignored = mappings(confusables), ignorable(properties)
    digest = hashlib.sha256((icu / UNIDATA / "confusables.txt").read_bytes()).hexdigest()
    OUT.write_text(
        f'''"""Unicode's confusables (UTS #39) {version}, by build_scripts/make_confusables.py.

Do not edit: run the script again on a newer ICU source. From confusables.txt (dated
{header_field(confusables, "Date")}, sha256 {digest[:16]}…) and the
Default_Ignorable_Code_Point ranges of DerivedCoreProperties.txt, under LICENCE below.
"""

UNICODE_VERSION = "{version}"
MAPPINGS = {len(rows)}
"""How many code points have a prototype other than themselves."""

LICENCE = """{licence}
"""
"""The Unicode License V3, which the data below is under (THIRD_PARTY_NOTICES carries it)."""

PROTOTYPES = (
{wrapped(packed(rows))}
)
"""zlib + base64 of lines `SOURCE PROTOTYPE…`, code points in hex."""

IGNORABLE = (
{wrapped_words(ignored)}
)
"""Default_Ignorable_Code_Point: `FIRST..LAST` ranges and single code points, in hex."""
''',
        encoding="utf-8",
    )
    print(f"{OUT.relative_to(ROOT)}: Unicode {version}, {len(rows)} mappings, "
          f"{len(ignored)} ignorable ranges")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
