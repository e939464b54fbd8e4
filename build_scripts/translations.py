"""The game's texts as gettext catalogues: extract, update, compile, check, import, init.

    python build_scripts/translations.py extract      # the keys the code uses → gdmj.pot
    python build_scripts/translations.py update       # gdmj.pot → every language's .po
    python build_scripts/translations.py compile      # every .po → its .mo (what the game reads)
    python build_scripts/translations.py check        # untranslated, unknown, stale: exit 1
    python build_scripts/translations.py import client/i18n_feature.py [--replace]
    python build_scripts/translations.py init fr      # a new language's .po, from gdmj.pot

The catalogues live in ``client/locale/<language>/LC_MESSAGES/gdmj.po`` (``zh_Hans``,
``zh_Hant``, ``en``), compiled beside them to ``gdmj.mo``, which the game reads with the
standard library's `gettext` (client/i18n.py). Message ids are the keys the code passes to
``t()`` ("table.tiles_left"), and English is the reference catalogue that says which keys
exist: client/LOCALES.md says why, and how to add a text or a language.

Babel does the reading and writing of .po/.mo files and the extraction of the keys used in
``client/``; it is a build-time tool (the ``i18n`` extra), never imported by the game.
``import`` reads a module in the catalogue's old form, a dict ``*_TEXTS`` of key →
(简体, 繁體, English) like the ones other branches add, and writes its texts into the three
.po files; then it updates the rest and compiles.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import importlib.util
import io
import re
import string
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import IO

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "client" / "locale"
DOMAIN = "gdmj"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
REFERENCE = "en"
"""The language whose catalogue defines the keys (and the template's comments)."""
OLD_ORDER = ("zh-Hans", "zh-Hant", "en")
"""The languages of an old-form text tuple, in its order (简体, 繁體, English)."""
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "t": None,
    "t_plural": (1,),
    "translate": (2,),
    "has_text": None,
}
"""The functions whose literal first (translate: second) argument is a key."""
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""The header's dates: fixed, so that the files change only when a text does."""
HEADER = (
    "# The texts of Guangdong Mahjong (gdmahjong).\n"
    "# Message ids are the keys the code uses; English is the reference catalogue.\n"
    "# How to add a text or a language: client/LOCALES.md.\n"
    "#"
)
WIDTH = 100
"""Line width of the .po files (the code's own)."""


class TranslationsError(Exception):
    """A catalogue or a module to import is not what the game needs; the message says why."""


# --- the files -----------------------------------------------------------------------------


def folder_of(code: str) -> str:
    """"zh-Hans" → "zh_Hans": BCP 47 codes (the settings') → gettext's locale folders."""
    return code.replace("-", "_")


def po_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / folder_of(code) / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return po_path(code, locale_dir).with_suffix(".mo")


def languages(locale_dir: Path = LOCALE_DIR) -> list[str]:
    """The codes of the languages with a .po file, the reference first."""
    found = sorted(
        path.parent.parent.name.replace("_", "-")
        for path in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
    )
    return sorted(found, key=lambda code: code != REFERENCE)


def read(code: str, locale_dir: Path = LOCALE_DIR) -> Catalog:
    path = po_path(code, locale_dir)
    try:
        with path.open("rb") as f:
            return read_po(f, locale=folder_of(code), domain=DOMAIN)
    except FileNotFoundError:
        raise TranslationsError(f"{path} does not exist (no catalogue for {code})") from None
    except Exception as exc:
        raise TranslationsError(f"{path} cannot be read as a .po file: {exc}") from exc


def new_catalogue(code: str | None) -> Catalog:
    return Catalog(
        locale=None if code is None else folder_of(code),
        domain=DOMAIN,
        header_comment=HEADER,
        project="gdmahjong",
        version="1",
        copyright_holder="the gdmahjong authors",
        msgid_bugs_address="the project's issue tracker",
        last_translator="the gdmahjong authors",
        language_team="the gdmahjong authors",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )


def po_bytes(catalog: Catalog, template: bool = False) -> bytes:
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=WIDTH,
        no_location=True,  # locations change with every edit of the code: merge noise
        omit_header=False,
        sort_output=True,
        ignore_obsolete=True,
    )
    data = buffer.getvalue()
    # Babel stamps its own version in; a different Babel must not rewrite every file
    data = re.sub(rb'"Generated-By: Babel [^"\\]*\\n"\n', b"", data)
    return data


def write(code: str, catalog: Catalog, locale_dir: Path = LOCALE_DIR) -> Path:
    path = po_path(code, locale_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(po_bytes(catalog))
    return path


def is_translated(message: Message) -> bool:
    """Every form of the message has a text, and no tool marked it to be checked."""
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return not message.fuzzy and bool(forms) and all(form for form in forms)


def key_of(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple) else message.id)


def entries(catalog: Catalog) -> Iterator[Message]:
    """The catalogue's messages, without the header."""
    return (message for message in catalog if message.id)


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalogue; untranslated and fuzzy messages are left out (the game then
    shows English, or the key: the check below fails on them first)."""
    clean = new_catalogue(None)
    clean.mime_headers = catalog.mime_headers
    for message in entries(catalog):
        if is_translated(message):
            clean[message.id] = message
    buffer = io.BytesIO()
    write_mo(buffer, clean)
    return buffer.getvalue()


# --- what the code uses --------------------------------------------------------------------


def fields(template: str) -> set[str]:
    """The `str.format` field names of a template (as client.i18n.fields)."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


def extract_keys(
    fileobj: IO[bytes], keywords: Mapping[str, object], comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method: the literal keys of the keyword calls in a Python file.

    Babel's own "python" method joins the pieces of ``t("level." + name)`` or of
    ``t("a" if x else "b")`` into one made-up key and warns on every f-string; keys are
    whole literals or built on purpose, so only a call whose key argument is one string
    literal counts (a built key is checked by the tests of the families it belongs to)."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name | ast.Attribute):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
        if name not in keywords:
            continue
        spec = KEYWORDS.get(name)
        position = spec[0] - 1 if spec else 0
        if len(node.args) > position:
            arg = node.args[position]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                # as "t": the key is then the first (only) message Babel takes from it
                yield node.lineno, "t", arg.value, []


def used_keys(source: Path = ROOT / "client") -> dict[str, list[str]]:
    """Key → where ("client/x.py:12") for every literal key the code passes to t(),
    t_plural(), translate() or has_text(), found by Babel's extraction with
    `extract_keys`."""
    found: dict[str, list[str]] = {}
    for filename, lineno, message, _, _ in extract_from_dir(
        source,
        method_map=[("**.py", extract_keys)],  # type: ignore[list-item]
        keywords=KEYWORDS,
        comment_tags=(),
        strip_comment_tags=True,
    ):
        key = message[0] if isinstance(message, tuple) else message
        if key:
            where = f"{source.name}/{Path(filename).as_posix()}:{lineno}"
            found.setdefault(key, []).append(where)
    return found


def unknown_keys(reference: Catalog, source: Path = ROOT / "client") -> list[str]:
    """"client/x.py:12: no text 'a.b'" for each key used in the code but not catalogued."""
    known = {key_of(message) for message in entries(reference)}
    return [
        f"{where}: no text {key!r}"
        for key, places in sorted(used_keys(source).items())
        if key not in known
        for where in places
    ]


def unused_keys(reference: Catalog, source: Path = ROOT / "client") -> list[str]:
    """Catalogued keys the code seems not to use: no string literal in `source` is the key,
    starts it as "literal." ("settings.animation" + "." + value), or matches an f-string
    that begins with a literal (f"preset.{name}.about"). A guess, so `extract` only lists
    them: a key built another way would be listed too."""
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for path in sorted(source.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant):
                pieces = [
                    re.escape(str(part.value)) if isinstance(part, ast.Constant) else ".+"
                    for part in node.values
                ]
                patterns.append(re.compile("".join(pieces)))
    prefixes = tuple(f"{literal}." for literal in literals if literal)
    return sorted(
        key
        for key in (key_of(message) for message in entries(reference))
        if key not in literals
        and not key.startswith(prefixes)
        and not any(pattern.fullmatch(key) for pattern in patterns)
    )


# --- template, update, check ---------------------------------------------------------------


def template_of(reference: Catalog) -> Catalog:
    """The .pot: every key of the reference, with its English text as the comment a
    translator reads (key ids say where, the comment says what)."""
    pot = new_catalogue(None)
    pot.locale = None
    for message in entries(reference):
        english = message.string if isinstance(message.string, tuple) else (message.string,)
        pot.add(
            message.id,
            string=("",) * len(message.id) if isinstance(message.id, tuple) else "",
            auto_comments=[f"English: {text}" for text in dict.fromkeys(english)],
            flags=message.flags - {"fuzzy"},
        )
    return pot


def update(catalog: Catalog, pot: Catalog) -> Catalog:
    """`catalog` brought to the template's keys: new keys empty, gone keys dropped, the
    English comments refreshed. Never fuzzy-matched: two keys with alike names are
    different texts, and a guessed translation would pass for a real one."""
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    for message in entries(catalog):
        message.auto_comments = list(pot[message.id].auto_comments)
    catalog.obsolete.clear()
    return catalog


def problems(locale_dir: Path = LOCALE_DIR, source: Path = ROOT / "client") -> list[str]:
    """Everything that would show a player a key or a stale text, one line each: a key
    with no translation (or a fuzzy one) in a shipped language, a key a language has that
    the reference lacks, a translation whose format fields differ from English's, a key
    used in the code but not catalogued, a .mo file older than its .po, a stale template."""
    found: list[str] = []
    codes = languages(locale_dir)
    if REFERENCE not in codes:
        return [f"no reference catalogue {po_path(REFERENCE, locale_dir)}"]
    reference = read(REFERENCE, locale_dir)
    english = {key_of(m): m for m in entries(reference)}
    for code in codes:
        catalog = read(code, locale_dir)
        have = {key_of(m): m for m in entries(catalog)}
        for key in sorted(english.keys() - have.keys()):
            found.append(f"{code}: no translation of {key!r}")
        for key in sorted(have.keys() - english.keys()):
            found.append(f"{code}: {key!r} is not in the {REFERENCE} catalogue")
        for key, message in sorted(have.items()):
            if key not in english:
                continue
            if not is_translated(message):
                found.append(f"{code}: no translation of {key!r}")
                continue
            want = _forms(english[key])
            forms = _forms(message)
            if isinstance(message.id, tuple) != isinstance(english[key].id, tuple):
                found.append(f"{code}: {key!r} is counted in one language and not the other")
            elif isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
                found.append(f"{code}: {key!r} has {len(forms)} forms, its Plural-Forms "
                             f"{catalog.num_plurals}")
            elif any(fields(form) != fields(want[0]) for form in forms):
                found.append(f"{code}: {key!r} has fields {sorted(fields(forms[0]))}, "
                             f"English {sorted(fields(want[0]))}")
        found.extend(f"{code}: {line}" for line in stale_mo(code, catalog, locale_dir))
    found.extend(unknown_keys(reference, source))
    template = locale_dir / f"{DOMAIN}.pot"
    if not template.exists() or template.read_bytes() != po_bytes(template_of(reference)):
        found.append(f"{template.name} is not the template of the {REFERENCE} catalogue; "
                     "run: python build_scripts/translations.py extract")
    return found


def _forms(message: Message) -> tuple[str, ...]:
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return tuple(str(form or "") for form in forms)


def stale_mo(code: str, catalog: Catalog, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Why the committed .mo is not the compiled .po (compared as gettext reads them, so
    another Babel's byte order does not count), or nothing."""
    path = mo_path(code, locale_dir)
    if not path.exists():
        return [f"{path.name} is missing; run: python build_scripts/translations.py compile"]
    with path.open("rb") as f:
        shipped = _Read(f)
    wanted = _Read(io.BytesIO(mo_bytes(catalog)))
    if shipped.messages() != wanted.messages() or shipped.plural_forms != wanted.plural_forms:
        return [f"{path.name} is older than its .po; run: python build_scripts/translations.py "
                "compile"]
    return []


class _Read(gettext.GNUTranslations):
    """A .mo file as the game's gettext reads it."""

    plural_forms = ""

    def messages(self) -> dict[object, str]:
        return {k: v for k, v in self._catalog.items() if k != ""}  # type: ignore[attr-defined]

    def _parse(self, fp: IO[bytes]) -> None:  # type: ignore[override]
        super()._parse(fp)
        self.plural_forms = self.info().get("plural-forms", "")


# --- import an old-form module -------------------------------------------------------------


@dataclass(frozen=True)
class Imported:
    added: list[str]
    replaced: list[str]
    unchanged: list[str]


def load_module(where: str) -> ModuleType:
    """A module by file path (client/i18n_feature.py) or dotted name (client.i18n_feature)."""
    path = Path(where)
    if path.suffix == ".py" or path.exists():
        if not path.is_file():
            raise TranslationsError(f"{where} is not a file")
        spec = importlib.util.spec_from_file_location(f"_imported_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise TranslationsError(f"{where} cannot be imported")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return importlib.import_module(where)


def old_texts(module: ModuleType) -> dict[str, tuple[str, str, str]]:
    """Every `*_TEXTS` dict of the module, checked: key → three non-empty texts with the
    same format fields."""
    tables = {
        name: value
        for name, value in vars(module).items()
        if name.endswith("_TEXTS") and isinstance(value, dict)
    }
    if not tables:
        raise TranslationsError(f"{module.__name__} has no dict named *_TEXTS")
    texts: dict[str, tuple[str, str, str]] = {}
    bad: list[str] = []
    for table in tables.values():
        for key, value in table.items():
            if not isinstance(key, str) or not key:
                bad.append(f"{key!r}: a key must be a non-empty string")
            elif (
                not isinstance(value, tuple)
                or len(value) != len(OLD_ORDER)
                or not all(isinstance(text, str) and text.strip() for text in value)
            ):
                bad.append(f"{key!r}: not three non-empty texts (简体, 繁體, English)")
            elif len({frozenset(fields(text)) for text in value}) != 1:
                bad.append(f"{key!r}: the three texts have different format fields")
            else:
                texts[key] = value
    if bad:
        raise TranslationsError("cannot import:\n  " + "\n  ".join(bad))
    return texts


def import_texts(
    texts: dict[str, tuple[str, str, str]],
    replace: bool = False,
    locale_dir: Path = LOCALE_DIR,
) -> Imported:
    """Write old-form texts into the three languages' .po files. A key already there with
    other texts is refused unless `replace` (then its texts are the module's)."""
    catalogs = {code: read(code, locale_dir) for code in OLD_ORDER}
    added, replaced, unchanged, clashes = [], [], [], []
    for key, value in texts.items():
        old = [catalogs[code].get(key) for code in OLD_ORDER]
        if all(m is not None for m in old):
            same = all(
                m is not None and m.string == text for m, text in zip(old, value, strict=True)
            )
            if same:
                unchanged.append(key)
                continue
            if not replace:
                clashes.append(key)
                continue
            replaced.append(key)
        elif any(m is not None and isinstance(m.id, tuple) for m in old):
            clashes.append(key)
            continue
        else:
            added.append(key)
        for code, text in zip(OLD_ORDER, value, strict=True):
            if key in catalogs[code]:
                del catalogs[code][key]  # Babel's [key] = keeps an existing message's text
            catalogs[code][key] = Message(key, text)
    if clashes:
        raise TranslationsError(
            "these keys are already catalogued with other texts (use --replace to take the "
            "module's): " + ", ".join(sorted(clashes))
        )
    for code, catalog in catalogs.items():
        write(code, catalog, locale_dir)
    return Imported(added, replaced, unchanged)


# --- the commands --------------------------------------------------------------------------


def extract(locale_dir: Path = LOCALE_DIR, source: Path = ROOT / "client") -> Path:
    """Check the keys the code uses are all catalogued and write the template."""
    reference = read(REFERENCE, locale_dir)
    unknown = unknown_keys(reference, source)
    if unknown:
        raise TranslationsError("keys used in the code but not catalogued:\n  "
                                + "\n  ".join(unknown))
    template = locale_dir / f"{DOMAIN}.pot"
    template.write_bytes(po_bytes(template_of(reference)))
    return template


def update_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """The template written again and merged into every other language's .po."""
    pot = template_of(read(REFERENCE, locale_dir))
    (locale_dir / f"{DOMAIN}.pot").write_bytes(po_bytes(pot))
    return [
        write(code, update(read(code, locale_dir), pot), locale_dir)
        for code in languages(locale_dir)
        if code != REFERENCE
    ]


def compile_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    written = []
    for code in languages(locale_dir):
        path = mo_path(code, locale_dir)
        path.write_bytes(mo_bytes(read(code, locale_dir)))
        written.append(path)
    return written


def init(code: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """A new language's .po: every key of the template, untranslated."""
    if not re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*", code):
        raise TranslationsError(f"{code!r} is not a language code like fr, pt-BR or zh-Hant")
    if po_path(code, locale_dir).exists():
        raise TranslationsError(f"{po_path(code, locale_dir)} exists already")
    pot = template_of(read(REFERENCE, locale_dir))
    try:
        catalog = new_catalogue(code)
    except Exception as exc:  # Babel knows no such locale, so no plural rule either
        raise TranslationsError(f"Babel knows no locale {code!r}: {exc}") from exc
    for message in entries(pot):
        catalog.add(message.id, message.string, auto_comments=message.auto_comments,
                    flags=message.flags)
    return write(code, catalog, locale_dir)


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("extract", help="check the keys the code uses; write gdmj.pot")
    commands.add_parser("update", help="merge gdmj.pot into every language's .po")
    commands.add_parser("compile", help="compile every .po to its .mo")
    commands.add_parser("check", help="list untranslated, unknown and stale texts; exit 1")
    importing = commands.add_parser("import", help="write an old-form *_TEXTS module's texts")
    importing.add_argument("module", help="a file (client/i18n_x.py) or module (client.i18n_x)")
    importing.add_argument("--replace", action="store_true",
                           help="take the module's texts for keys catalogued already")
    starting = commands.add_parser("init", help="start a new language's .po from gdmj.pot")
    starting.add_argument("code", help="its code, as the settings will name it: fr, pt-BR")
    args = parser.parse_args(None if argv is None else list(argv))
    try:
        if args.command == "extract":
            print(f"wrote {extract().relative_to(ROOT)}")
            unused = unused_keys(read(REFERENCE))
            if unused:
                print(f"{len(unused)} keys the code seems not to use (a built key shows here "
                      "too; check before deleting): " + ", ".join(unused))
        elif args.command == "update":
            for path in update_all():
                print(f"updated {path.relative_to(ROOT)}")
        elif args.command == "compile":
            for path in compile_all():
                print(f"compiled {path.relative_to(ROOT)}")
        elif args.command == "check":
            found = problems()
            for line in found:
                print(line)
            print(f"{len(found)} problem(s)" if found else "the catalogues are complete")
            return 1 if found else 0
        elif args.command == "import":
            sys.path.insert(0, str(ROOT))
            done = import_texts(old_texts(load_module(args.module)), replace=args.replace)
            update_all()
            compile_all()
            print(f"imported {args.module}: {len(done.added)} added, {len(done.replaced)} "
                  f"replaced, {len(done.unchanged)} already there; now delete the module and "
                  "its import and update lines in client/i18n.py")
        elif args.command == "init":
            path = init(args.code)
            print(f"wrote {path.relative_to(ROOT)}: translate it, then run update and compile")
    except TranslationsError as exc:
        print(f"translations: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
