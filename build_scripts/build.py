"""Build the stand-alone game for this OS, pack it, and prove the packed build plays.

    python build_scripts/build.py                # icons, PyInstaller, archive, check
    python build_scripts/build.py --no-check     # icons, PyInstaller, archive
    python build_scripts/build.py --check-only   # check the archive already in dist/

Needs the build extra (`pip install -e ".[build]"`). Writes to `build/` (work files) and
`dist/` (the bundle and its archive) at the repository root:

* Windows: `dist/gdmahjong-VERSION-windows-ARCH.zip` holding `GDMahjong/GDMahjong.exe`;
* macOS: `dist/gdmahjong-VERSION-macos-ARCH.zip` holding `GDMahjong.app` (packed with
  `ditto`, which keeps the bundle's symlinks and signature);
* Linux and others: `dist/gdmahjong-VERSION-linux-ARCH.tar.gz` holding `gdmj/gdmj`.

The check unpacks the archive into a temporary folder, as a player would, and runs the
bundled executable there: `--version` must name this version and `--self-test` must pass
(three runs). Its THIRD_PARTY_NOTICES.txt must give the licence text of every distribution
whose modules are in the bundle, of Python, and of every native library in it. It
prints a table of the figures (unpacked size, seconds from start to self-test done) and,
as its last line, one JSON object. Exit status 0 only when the build
(and the check, unless skipped) succeeded; missing a size or time target is reported, not
an error.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "build_scripts"
SPEC = SCRIPTS / "gdmj.spec"
BUILD_DIR = ROOT / "build"
DIST_DIR = ROOT / "dist"
ICONS_DIR = BUILD_DIR / "icons"
MIN_PYINSTALLER = (6, 13)
"""6.13 gives each macOS executable its own Mach-O UUID, which the Local Network
permission is keyed by (else all PyInstaller apps share one)."""

COMPILED_LINE = "engine: compiled (mypyc)"
"""What the bundle's `--version` must say on its second line (shared.accelerator)."""
TARGET_BUNDLE_MB = 60.0
TARGET_SELF_TEST_S = 3.0
SELF_TEST_RUNS = 3
RUN_LIMIT_S = 120

sys.path.insert(0, str(ROOT))

from machine import native_libraries, notices  # noqa: E402  (the checkout's, from the line above)
from shared.carried_data import CARRIED  # noqa: E402


class BuildError(Exception):
    """A step failed; the message says which and why."""


@dataclass(frozen=True)
class Target:
    """What this OS builds: the bundle's name, the archive, the executable inside it."""

    system: str
    arch: str
    bundle: str
    """The folder (or .app) PyInstaller leaves in dist/."""
    executable: str
    """The executable, relative to the unpacked archive's top level."""
    archive_suffix: str

    def archive(self, version: str) -> Path:
        return DIST_DIR / f"gdmahjong-{version}-{self.system}-{self.arch}{self.archive_suffix}"


def this_target() -> Target:
    arch = {"amd64": "x64", "x86_64": "x86_64", "aarch64": "arm64"}.get(
        platform.machine().lower(), platform.machine().lower() or "unknown"
    )
    if sys.platform == "win32":
        return Target("windows", arch, "GDMahjong", "GDMahjong/GDMahjong.exe", ".zip")
    if sys.platform == "darwin":
        app = "GDMahjong.app"
        return Target("macos", arch, app, f"{app}/Contents/MacOS/GDMahjong", ".zip")
    return Target(sys.platform.rstrip("0123456789"), arch, "gdmj", "gdmj/gdmj", ".tar.gz")


def app_version() -> str:
    from client.main import VERSION

    return VERSION


# --- building --------------------------------------------------------------------------


def check_pyinstaller() -> str:
    try:
        import PyInstaller
    except ImportError:
        raise BuildError('PyInstaller is not installed: pip install -e ".[build]"') from None
    found = tuple(int(p) for p in PyInstaller.__version__.split(".")[:2] if p.isdigit())
    if found < MIN_PYINSTALLER:
        wanted = ".".join(map(str, MIN_PYINSTALLER))
        raise BuildError(f"PyInstaller {PyInstaller.__version__} is too old; need {wanted}+")
    return PyInstaller.__version__


def run(command: list[str], what: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run a build step; a failure raises BuildError with the step's own output."""
    done = subprocess.run(command, text=True, capture_output=True, check=False, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()[-4000:]
        raise BuildError(f"{what} failed (exit {done.returncode}):\n{output}")
    return done


def check_font() -> str:
    """The bundled font must draw every character the game shows (fontTools reads its
    cmap); a gap fails the build, naming the characters."""
    make_font = _sibling("make_font")
    try:
        count = make_font.check_coverage(ROOT / "assets" / "fonts" / make_font.FONT_NAME)
    except ImportError:
        raise BuildError('fontTools is not installed: pip install -e ".[build]"') from None
    except make_font.FontError as exc:
        raise BuildError(f"font coverage: {exc}") from None
    return f"{make_font.FONT_NAME} has every character the game draws ({count} in all)"


def check_texts() -> str:
    """Every shipped language must have every text, compiled (build_scripts/translations.py
    check): the bundle ships the .mo files as they are committed."""
    try:
        translations = _sibling("translations")
    except ImportError:
        raise BuildError('Babel is not installed: pip install -e ".[build]"') from None
    found = translations.problems()
    if found:
        raise BuildError("the texts: " + "; ".join(found[:10]))
    return f"the texts of {', '.join(translations.languages())} are complete and compiled"


def _sibling(name: str) -> ModuleType:
    """A module next to this script (build_scripts is no package)."""
    spec = importlib.util.spec_from_file_location(f"build_scripts_{name}", SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def build(target: Target, version: str) -> Path:
    """Icons, the compiled engine, then PyInstaller; returns the bundle in dist/.

    The compiled modules (build_scripts/compile.py) are built beside their sources for
    PyInstaller to take, and removed again after, unless a current build was there
    already (then it is the developer's, and stays).
    """
    run([sys.executable, str(ROOT / "build_scripts" / "make_icons.py"), str(ICONS_DIR)], "icons")
    from shared import accelerator

    ours = accelerator.mode() != "compiled" or accelerator.stale()
    if ours:
        run([sys.executable, str(SCRIPTS / "compile.py")], "compile.py (mypyc)")
    try:
        return _bundle(target, version)
    finally:
        if ours:
            run([sys.executable, str(SCRIPTS / "compile.py"), "--clean"], "compile.py --clean")


def _bundle(target: Target, version: str) -> Path:
    bundle = DIST_DIR / target.bundle
    run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(SPEC),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST_DIR),
            "--workpath",
            str(BUILD_DIR / "pyinstaller"),
            "--",
            "--icons",
            str(ICONS_DIR),
            "--app-version",
            version,
        ],
        "PyInstaller",
        cwd=ROOT,
    )
    if not bundle.exists():
        raise BuildError(f"PyInstaller finished but {bundle} is not there")
    if target.system != "macos":  # beside the executable, where a player looks (macOS:
        # in the app's Resources, where the game opens it; a copy would break the signature)
        shutil.copy2(notices_in(bundle)[0], bundle / notices.FILE_NAME)
    if target.system == "macos":
        # PyInstaller signs ad hoc; a broken signature would stop the app on Apple silicon.
        run(["codesign", "--verify", "--deep", "--strict", str(bundle)], "codesign --verify")
    return bundle


def pack(target: Target, bundle: Path, version: str) -> Path:
    archive = target.archive(version)
    archive.unlink(missing_ok=True)
    if target.system == "macos":
        run(["ditto", "-c", "-k", "--keepParent", str(bundle), str(archive)], "ditto (zip)")
    elif target.archive_suffix == ".zip":
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for path in sorted(bundle.rglob("*")):
                out.write(path, path.relative_to(bundle.parent))
    else:
        with tarfile.open(archive, "w:gz", compresslevel=9) as out:
            out.add(bundle, arcname=bundle.name)
    return archive


def unpack(target: Target, archive: Path, into: Path) -> None:
    if target.system == "macos":
        run(["ditto", "-x", "-k", str(archive), str(into)], "ditto (unzip)")
    elif archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as source:
            source.extractall(into)
    else:
        with tarfile.open(archive) as source:
            if hasattr(tarfile, "tar_filter"):  # Python 3.11.4+: refuse paths out of `into`
                source.extractall(into, filter="tar")
            else:
                source.extractall(into)


# --- checking ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    archive: Path
    archive_mb: float
    bundle_mb: float
    files: int
    version_line: str
    self_test_s: list[float]
    self_test_line: str
    notices_line: str

    @property
    def median_s(self) -> float:
        return statistics.median(self.self_test_s)


def unpacked_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) under `folder`; symlinks count as themselves, not what they point at."""
    total = files = 0
    for path in folder.rglob("*"):
        info = path.lstat()
        if path.is_symlink() or path.is_file():
            total += info.st_size
            files += 1
    return total, files


def check(target: Target, version: str) -> Figures:
    archive = target.archive(version)
    if not archive.is_file():
        raise BuildError(f"{archive} is not there: build first (without --check-only)")
    with tempfile.TemporaryDirectory(prefix="gdmj-unpacked-") as folder:
        where = Path(folder)
        unpack(target, archive, where)
        size, files = unpacked_size(where)
        executable = where / target.executable
        if not executable.is_file():
            raise BuildError(f"the archive holds no {target.executable}")
        notices_line = check_notices(where, executable)
        # A clean environment: no checkout on the path, no display, home in the temp dir.
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL"))}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        version_line, *engine = _bundle_run(executable, "--version", where, env)[0].splitlines()
        if version_line != f"gdmj {version}":
            raise BuildError(f"--version printed {version_line!r}, wanted 'gdmj {version}'")
        # Every release bundle ships the compiled engine (compile.py ran before PyInstaller).
        if engine != [COMPILED_LINE]:
            raise BuildError(f"--version says {engine!r}, wanted {COMPILED_LINE!r}")
        seconds, lines = [], []
        for _ in range(SELF_TEST_RUNS):
            line, elapsed = _bundle_run(executable, "--self-test", where, env)
            if not line.startswith("gdmj self-test: ok"):
                raise BuildError(f"--self-test exited 0 but printed {line!r}")
            seconds.append(elapsed)
            lines.append(line)
    return Figures(
        archive=archive,
        archive_mb=archive.stat().st_size / 1e6,
        bundle_mb=size / 1e6,
        files=files,
        version_line=version_line,
        self_test_s=seconds,
        self_test_line=lines[0],
        notices_line=notices_line,
    )


def notices_in(folder: Path) -> list[Path]:
    return sorted(folder.rglob(notices.FILE_NAME))


def bundled_modules(folder: Path, executable: Path) -> list[str]:
    """The modules in an unpacked bundle: those in the executable's archive (PyInstaller's
    reader) and the extension modules beside it."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(executable))
    modules = [name for name in archive.toc if not name.endswith(".pyz")]
    for name in archive.toc:
        if name.endswith(".pyz"):
            modules += archive.open_embedded_archive(name).toc
    [base_library] = folder.rglob("base_library.zip")
    top = base_library.parent
    modules += [
        notices.extension_module(path.relative_to(top).as_posix())
        for path in top.rglob("*")
        if native_libraries.EXTENSION_MODULE.search(path.name)
    ]
    return modules


def check_notices(folder: Path, executable: Path) -> str:
    """THIRD_PARTY_NOTICES.txt covers what the unpacked bundle holds: every distribution
    its modules come from (and PyInstaller, whose bootloader starts it), Python, every
    native library by file name, each with its licence text. Returns the report's line."""
    found = notices_in(folder)
    if not found:
        raise BuildError(f"the bundle holds no {notices.FILE_NAME}")
    dists, problems = notices.distributions_of(bundled_modules(folder, executable))
    names = {notices.dist_name(d) for d in dists} | {"pyinstaller"}
    libraries = {p.name for p in folder.rglob("*") if notices.is_native_library(p.name)}
    carried_titles = [data.title for data in CARRIED]
    for path in found:
        text = path.read_text("utf-8")
        problems += [f"{path.relative_to(folder)}: {p}" for p in
                     notices.check(text, names, libraries, carried_titles)]  # fmt: skip
    if problems:
        raise BuildError("the notices: " + "; ".join(problems))
    return f"{len(names)} distributions, Python, {len(libraries)} native libraries, all with texts"


def _bundle_run(executable: Path, flag: str, cwd: Path, env: dict[str, str]) -> tuple[str, float]:
    """Run the bundled executable with one flag: (its output, seconds from start to exit)."""
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [str(executable), flag],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=RUN_LIMIT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise BuildError(f"the bundle's {flag} did not finish within {RUN_LIMIT_S} s") from None
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()[-3000:]
        raise BuildError(f"the bundle's {flag} exited {done.returncode}:\n{output}")
    return done.stdout.strip(), elapsed


def report(figures: Figures, target: Target, build_s: float | None) -> str:
    """The table for people, then the JSON line; returns the text to print."""
    size_ok = figures.bundle_mb <= TARGET_BUNDLE_MB
    time_ok = figures.median_s <= TARGET_SELF_TEST_S
    runs = ", ".join(f"{s:.2f}" for s in figures.self_test_s)
    rows = [
        ("archive", f"{figures.archive.name} ({figures.archive_mb:.1f} MB)", ""),
        ("bundle unpacked", f"{figures.bundle_mb:.1f} MB in {figures.files} files",
         f"≤ {TARGET_BUNDLE_MB:g} MB {'PASS' if size_ok else 'MISS'}"),
        ("start → self-test done", f"{figures.median_s:.2f} s median ({runs})",
         f"≤ {TARGET_SELF_TEST_S:g} s {'PASS' if time_ok else 'MISS'}"),
        ("--version", figures.version_line, ""),
        (notices.FILE_NAME, figures.notices_line, "all covered"),
    ]  # fmt: skip
    if build_s is not None:
        rows.append(("build time", f"{build_s:.0f} s", ""))
    width = max(len(name) for name, _, _ in rows)
    lines = [f"gdmj bundle for {target.system}-{target.arch}"]
    lines += [f"  {name:<{width}}  {value}  {goal}".rstrip() for name, value, goal in rows]
    lines.append(f"  {figures.self_test_line}")
    summary = {
        "platform": f"{target.system}-{target.arch}",
        "archive": figures.archive.name,
        "archive_mb": round(figures.archive_mb, 1),
        "bundle_mb": round(figures.bundle_mb, 1),
        "files": figures.files,
        "self_test_s": round(figures.median_s, 2),
        "self_test_runs_s": [round(s, 2) for s in figures.self_test_s],
        "build_s": None if build_s is None else round(build_s),
        "targets": {
            "bundle_mb": {"target": TARGET_BUNDLE_MB, "result": "PASS" if size_ok else "MISS"},
            "self_test_s": {
                "target": TARGET_SELF_TEST_S,
                "result": "PASS" if time_ok else "MISS",
            },
        },
    }
    lines.append(json.dumps(summary, ensure_ascii=False))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--no-check", action="store_true", help="build and pack, do not check")
    mode.add_argument("--check-only", action="store_true", help="check the archive in dist/")
    args = parser.parse_args(argv)
    target = this_target()
    version = app_version()
    try:
        build_s = None
        if not args.check_only:
            pyinstaller = check_pyinstaller()
            print(check_font(), flush=True)
            print(check_texts(), flush=True)
            print(f"building gdmj {version} for {target.system}-{target.arch} "
                  f"with PyInstaller {pyinstaller} ...", flush=True)  # fmt: skip
            started = time.perf_counter()
            bundle = build(target, version)
            archive = pack(target, bundle, version)
            build_s = time.perf_counter() - started
            print(f"built {archive.relative_to(ROOT)} in {build_s:.0f} s", flush=True)
        if not args.no_check:
            print(report(check(target, version), target, build_s))
    except BuildError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
