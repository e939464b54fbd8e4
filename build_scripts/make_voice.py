"""Make the spoken call-outs, ``assets/voice/<voice>/<callout>.ogg``, and their manifest.

    python build_scripts/make_voice.py [--out assets/voice]   # write the clips
    python build_scripts/make_voice.py --check                # remake them and compare

Needs espeak-ng and SoX with its Ogg Vorbis format, from Debian's packages:
``apt-get install espeak-ng sox libsox-fmt-base``. The game itself needs neither: the clips
are committed, and so is the manifest (``README.md`` beside them) naming the texts, the
readings they must have, the tools' versions and this command.

For each call-out in each language: espeak-ng's reading of the text (``-x``) is compared
with the phonemes written below, which were checked by hand against the jyutping or pinyin
(the script stops, naming the clip, if a different espeak-ng reads it otherwise); then
espeak-ng speaks it into a WAV file, the silence around the word is cut, the loudness is
matched to the claim chime of ``client/audio.py`` (same RMS, peaks kept below
`PEAK_LIMIT`), and SoX encodes it as Ogg Vorbis in its repeatable mode (``-R``: a fixed
stream serial number), so the same tools make the same bytes. ``--check`` makes them in a
temporary folder and names every file that differs from the committed one.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import wave
from array import array
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from client.audio import synthesize  # noqa: E402  (after the path is set)
from client.voice import CALLOUTS, CLIP_SUFFIX, VOICES, clip_info  # noqa: E402

DEFAULT_OUT = ROOT / "assets" / "voice"
MANIFEST = "README.md"


@dataclass(frozen=True)
class Line:
    text: str
    """What espeak-ng is given: characters, or phonemes in [[…]] where it misreads them."""
    reading: str
    """What a player must hear, in jyutping (Cantonese) or pinyin with tone numbers."""
    phonemes: str
    """espeak-ng's own reading of `text` (``espeak-ng -v VOICE -q -x TEXT``)."""
    note: str = ""


LINES: dict[str, dict[str, Line]] = {
    "yue": {
        "pung": Line("碰", "pung3", "p'ung3_|"),
        "chow": Line("上", "soeng5", "s'oeng5_|", "Cantonese tables say 上 for a chow"),
        "kong": Line("槓", "gong3", "g'ong3_|", "the Cantonese character; 杠 reads the same"),
        "win": Line("食糊", "sik6 wu4", "s'i6k_| w'u4_|", "espeak-ng writes the tone before -k"),
        "self_drawn": Line(
            "[[z'i6 m'o1]]",
            "zi6 mo1",
            "z'i6_| m'o1_|",
            "given as phonemes: espeak-ng reads 自摸 as zi6 mo2",
        ),
    },
    "cmn": {
        "pung": Line("碰", "peng4", "ph'@51N_|"),
        "chow": Line("吃", "chi1", "ts.h'i.55_|"),
        "kong": Line("杠", "gang4", "k'a51N_|"),
        "win": Line("胡", "hu2", "X'u35_|", "和了 would be read he2 le"),
        "self_drawn": Line("自摸", "zi4 mo1", "ts'i[51_| m'o55_|"),
    },
}

ESPEAK_VOICES = {"yue": "yue", "cmn": "cmn-latn-pinyin"}
"""espeak-ng's voice for each language. Its plain `cmn` voice reads Latin as English and,
in 1.51, the pinyin its dictionary gives for most characters too ("peng four");
`cmn-latn-pinyin` is the same Mandarin voice reading them as pinyin."""
ESPEAK_OPTIONS = ("-s", "175", "-p", "50", "-a", "100")
"""espeak-ng's defaults (words a minute, pitch, amplitude), written out so that a changed
default elsewhere cannot change the clips."""
VORBIS_QUALITY = "3"
"""SoX's -C for Vorbis: about 6 KB a clip; lower qualities save a few hundred bytes."""

TRIM_LEVEL = 1 / 50
"""Samples below this share of the clip's peak (-34 dB) at either end count as silence."""
LEAD_S, TAIL_S = 0.012, 0.04
"""Kept before the first and after the last sound above TRIM_LEVEL: the onset of a
consonant and the decay of the vowel, so the word is never clipped."""
FADE_IN_S, FADE_OUT_S = 0.003, 0.02
PEAK_LIMIT = 0.85
"""Peaks at most this share of full scale: Vorbis may overshoot a little when decoded."""


class VoiceError(RuntimeError):
    """A tool is missing or espeak-ng reads a text otherwise than written above."""


@dataclass(frozen=True)
class Made:
    voice: str
    callout: str
    path: Path
    seconds: float
    size: int


def _run(*command: str) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise VoiceError(
            f"{command[0]} is not installed: apt-get install espeak-ng sox libsox-fmt-base"
        ) from None
    if done.returncode != 0:
        raise VoiceError(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return done.stdout


def tool_versions() -> dict[str, str]:
    """espeak-ng's and SoX's versions (and the Debian package of espeak-ng, if any)."""
    espeak = re.search(r"text-to-speech:\s*(\S+)", _run("espeak-ng", "--version"))
    sox = re.search(r"v(\d\S*)", _run("sox", "--version"))
    if espeak is None or sox is None:
        raise VoiceError("cannot tell the versions of espeak-ng and sox")
    versions = {"espeak-ng": espeak.group(1), "sox": sox.group(1)}
    if shutil.which("dpkg-query"):
        package = subprocess.run(
            ("dpkg-query", "-W", "-f", "${Version}", "espeak-ng-data"),
            capture_output=True,
            text=True,
            check=False,
        )
        if package.returncode == 0 and package.stdout:
            versions["espeak-ng-data (Debian)"] = package.stdout.strip()
    return versions


def phonemes(voice: str, text: str) -> str:
    return _run("espeak-ng", "-v", ESPEAK_VOICES[voice], *ESPEAK_OPTIONS, "-q", "-x", text).strip()


def _read_wav(path: Path) -> tuple[list[float], int]:
    with wave.open(str(path), "rb") as wav:
        if wav.getsampwidth() != 2 or wav.getnchannels() != 1:
            raise VoiceError(f"espeak-ng wrote {path.name} in an unexpected format")
        rate = wav.getframerate()
        pcm = array("h", wav.readframes(wav.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return [v / 32768 for v in pcm], rate


def _write_wav(path: Path, samples: list[float], rate: int) -> None:
    pcm = array("h", (round(max(-1.0, min(1.0, v)) * 32767) for v in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(pcm.tobytes())


def _rms(samples: list[float]) -> float:
    return math.sqrt(sum(v * v for v in samples) / len(samples)) if samples else 0.0


def loudness_target(rate: int) -> float:
    """The RMS the clips are brought to: the claim chime's, which they play beside."""
    return _rms(synthesize("claim", rate))


def shape(samples: list[float], rate: int) -> list[float]:
    """The word without the silence around it, at the claim chime's loudness, faded at
    both ends (no click)."""
    peak = max((abs(v) for v in samples), default=0.0)
    loud = [i for i, v in enumerate(samples) if abs(v) >= TRIM_LEVEL * peak]
    if not loud:
        raise VoiceError("espeak-ng said nothing")
    start = max(0, loud[0] - round(LEAD_S * rate))
    end = min(len(samples), loud[-1] + 1 + round(TAIL_S * rate))
    word = samples[start:end]
    top = max(abs(v) for v in word)
    gain = min(loudness_target(rate) / _rms(word), PEAK_LIMIT / top)
    word = [v * gain for v in word]
    rise, fall = round(FADE_IN_S * rate), round(FADE_OUT_S * rate)
    for i in range(min(rise, len(word))):
        word[i] *= i / rise
    for i in range(min(fall, len(word))):
        word[len(word) - 1 - i] *= i / fall
    return word


def make_clip(voice: str, callout: str, out: Path, work: Path) -> Made:
    line = LINES[voice][callout]
    heard = phonemes(voice, line.text)
    if heard != line.phonemes:
        raise VoiceError(
            f"{voice}/{callout}: espeak-ng reads {line.text!r} as {heard!r}, "
            f"not {line.phonemes!r} ({line.reading}); choose another text"
        )
    raw, shaped = work / f"{voice}-{callout}.wav", work / f"{voice}-{callout}-shaped.wav"
    _run("espeak-ng", "-v", ESPEAK_VOICES[voice], *ESPEAK_OPTIONS, "-w", str(raw), line.text)
    samples, rate = _read_wav(raw)
    _write_wav(shaped, shape(samples, rate), rate)
    target = out / voice / f"{callout}{CLIP_SUFFIX}"
    target.parent.mkdir(parents=True, exist_ok=True)
    _run("sox", "-R", "-V1", str(shaped), "-C", VORBIS_QUALITY, str(target))
    data = target.read_bytes()
    return Made(voice, callout, target, clip_info(data).seconds, len(data))


def _vorbis_vendor(data: bytes) -> str:
    """The encoder named in a Vorbis comment header (e.g. "Xiph.Org libVorbis I 20200704")."""
    at = data.find(b"\x03vorbis")
    if at < 0:
        return "unknown"
    length = int.from_bytes(data[at + 7 : at + 11], "little")
    return data[at + 11 : at + 11 + length].decode("utf-8", "replace")


def _cell(text: str) -> str:
    """Text for a Markdown table cell: its `|` escaped (espeak-ng ends words with `_|`)."""
    return text.replace("|", "\\|")


def manifest(made: list[Made], versions: dict[str, str], vendor: str) -> str:
    rows = []
    for clip in made:
        line = LINES[clip.voice][clip.callout]
        rows.append(
            f"| `{clip.voice}/{clip.path.name}` | {line.text} | {line.reading} | "
            f"`{_cell(line.phonemes)}` | {clip.seconds:.2f} s | {clip.size:,} B | {line.note} |"
        )
    tools = ", ".join(f"{name} {version}" for name, version in versions.items())
    total = sum(clip.size for clip in made)
    voices = ", ".join(f"`{voice}`: espeak-ng's `{ESPEAK_VOICES[voice]}`" for voice in VOICES)
    made_with = (
        f"Made with {tools}; Vorbis encoder: {vendor}. Voices: {voices}; espeak-ng options"
        f" `{' '.join(ESPEAK_OPTIONS)}`. Each clip is trimmed to the word (below"
        f" {TRIM_LEVEL:.0%} of its peak counts as silence; {LEAD_S * 1000:.0f} ms kept"
        f" before, {TAIL_S * 1000:.0f} ms after), brought to the RMS of the claim chime"
        f" of `client/audio.py` ({loudness_target(22050):.3f} of full scale at 22,050 Hz)"
        f" with peaks at most {PEAK_LIMIT}, and encoded by SoX (`-R`, Vorbis quality"
        f" {VORBIS_QUALITY}): mono, at espeak-ng's 22,050 Hz."
    )
    return "\n".join(
        [
            "# Voice call-outs",
            "",
            "Made by `build_scripts/make_voice.py`, which also writes this file: edit the",
            "script, not this page. `yue` is Cantonese (粤语), `cmn` Mandarin (普通话).",
            "",
            "| file | text given to espeak-ng | heard as | espeak-ng's phonemes | length"
            " | size | note |",
            "| --- | --- | --- | --- | --- | --- | --- |",
            *rows,
            "",
            f"{len(made)} files, {total:,} bytes in all.",
            "",
            *textwrap.wrap(made_with, width=88),
            "",
            "The phonemes are what `espeak-ng -v VOICE -q -x TEXT` prints; the script refuses",
            "to make a clip whose reading differs from the one written in it.",
            "",
            "To make them again (Debian or Ubuntu):",
            "",
            "    apt-get install espeak-ng sox libsox-fmt-base",
            "    python build_scripts/make_voice.py          # writes assets/voice/",
            "    python build_scripts/make_voice.py --check  # remakes them elsewhere, compares",
            "",
            "## Licence",
            "",
            "espeak-ng is free software under the GNU General Public License, version 3 or",
            "later. The game neither includes, runs nor links it: only these clips, its",
            "output, are in the repository and the builds. The output of a program is not,",
            "in general, covered by the copyright on the program's code; it is only where",
            "the program copies part of itself into the output (the FSF's GPL FAQ, \"In what",
            "cases is the output of a GPL program covered by the GPL too?\"). espeak-ng",
            "computes speech from its rules and phoneme tables; the part of itself a clip",
            "can hold is a few milliseconds of the short consonant waveforms in its phoneme",
            "data, scaled and mixed into the word. Beyond that the clips are the project's",
            "own generated files, offered with the game under its MIT licence.",
            "",
        ]
    )


def render(out: Path) -> list[Made]:
    """Every clip and the manifest into `out` (``out/<voice>/<callout>.ogg``)."""
    versions = tool_versions()
    with tempfile.TemporaryDirectory(prefix="gdmj-voice-") as folder:
        made = [make_clip(v, c, out, Path(folder)) for v in VOICES for c in CALLOUTS]
    vendor = _vorbis_vendor(made[0].path.read_bytes())
    (out / MANIFEST).write_text(manifest(made, versions, vendor), encoding="utf-8")
    return made


def differences(out: Path, committed: Path) -> list[str]:
    """The files in `committed` that differ from (or are missing in) a fresh `out`."""
    names = [f"{v}/{c}{CLIP_SUFFIX}" for v in VOICES for c in CALLOUTS] + [MANIFEST]
    differ = []
    for name in names:
        fresh, kept = out / name, committed / name
        if not kept.is_file() or fresh.read_bytes() != kept.read_bytes():
            differ.append(name)
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    parser.add_argument(
        "--check", action="store_true", help="remake in a temporary folder, compare with --out"
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            with tempfile.TemporaryDirectory(prefix="gdmj-voice-check-") as folder:
                render(Path(folder))
                differ = differences(Path(folder), args.out)
            if differ:
                print(f"make_voice.py: differ from a fresh make: {', '.join(differ)}")
                return 1
            print(f"make_voice.py: {args.out} is what these tools make")
            return 0
        made = render(args.out)
    except VoiceError as exc:
        print(f"make_voice.py: {exc}", file=sys.stderr)
        return 1
    total = sum(clip.size for clip in made)
    longest = max(clip.seconds for clip in made)
    print(f"wrote {len(made)} clips to {args.out} ({total:,} bytes, longest {longest:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
