"""How fast the desktop client draws and how little it costs when nothing happens.

Run from the repository root:

    python tests/bench/bench_client.py [--frames N] [--idle-seconds S] [--starts K]

Three measures, all with SDL's dummy video and audio drivers (no window, no GPU: pure
software drawing, what the client does on any machine before the flip):

- **frame**: the table scene in a late-game position (a seeded hand played by bots on
  `server/engine/table.py`, seat 0's events applied to its view with no network) drawn at
  1920×1080, `--frames` full frames (events, update, draw, flip): median and p99;
- **idle CPU**: the app's own loop (`App.run`) on that table for `--idle-seconds` with
  nothing changing: process CPU time over wall time;
- **first frame**: a fresh `python -m client.main` (what `gdmj` runs) until it has drawn
  and flipped its first frame (it exits there when `GDMJ_EXIT_AFTER_FIRST_FRAME` is set):
  best and median of `--starts` starts.

Prints a table with PASS/MISS and, as its last line, one JSON object. It always exits 0.
Not a pytest test; tests/test_bench_client_smoke.py runs it with tiny sizes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
_HOME = tempfile.mkdtemp(prefix="bench_client_")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")

import pygame  # noqa: E402

from client.app import EXIT_AFTER_FIRST_FRAME, App  # noqa: E402
from client.settings import Settings  # noqa: E402

TARGETS = {"frame_p99_ms": 8.0, "idle_cpu_percent": 3.0, "first_frame_s": 1.5}
"""Upper bounds."""
SIZE = (1920, 1080)


def table_app(seed: int, language: str) -> App:
    """An app showing the table scene of a late-game hand, settled (dice and callouts over)."""
    from client.scenes.table import TableScene
    from tests.support.gui import late_game_connection

    app = App(Settings(language=language, window_size=SIZE))  # type: ignore[arg-type]
    app.connection = late_game_connection(seed)  # type: ignore[assignment]
    app.push(TableScene(app))
    settle = time.monotonic() + 2.0
    while time.monotonic() < settle:
        app.frame(0.05)
        time.sleep(0.01)
    return app


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure_frames(app: App, frames: int) -> list[float]:
    """Milliseconds of each full frame drawn from scratch."""
    times = []
    for _ in range(frames):
        app.dirty = True
        start = time.perf_counter()
        app.frame(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure_idle(app: App, seconds: float) -> float:
    """Percent of one core the app's loop uses while nothing changes."""
    # Closing the window at a running table asks first; closing it again is the answer:
    # two QUITs, half the time apart (the question is drawn once, then all is still again).
    pygame.time.set_timer(pygame.QUIT, max(1, int(seconds * 500)), loops=2)
    wall = time.perf_counter()
    cpu = time.process_time()
    app.run()  # ends at the second QUIT the timer posts
    return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)


def measure_first_frame(starts: int) -> list[float]:
    """Seconds from starting `python -m client.main` to its first flipped frame."""
    env = dict(os.environ)
    env[EXIT_AFTER_FIRST_FRAME] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    seconds = []
    for _ in range(starts):
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "client.main"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("first frame"):
                seconds.append(time.perf_counter() - start)
                break
        proc.wait(timeout=30)
    return seconds


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=600, help="frames timed (default 600)")
    p.add_argument("--idle-seconds", type=float, default=10.0, help="idle loop (default 10)")
    p.add_argument("--starts", type=int, default=3, help="client starts timed (default 3)")
    p.add_argument("--seed", type=int, default=7, help="seed of the late-game hand")
    p.add_argument("--lang", default="zh-Hans", choices=["zh-Hans", "zh-Hant", "en"])
    args = p.parse_args(argv)
    began = time.perf_counter()

    app = table_app(args.seed, args.lang)
    measure_frames(app, max(1, args.frames // 10))  # warm: tile art and text per size
    frames = measure_frames(app, args.frames)
    idle = measure_idle(app, args.idle_seconds)
    starts = measure_first_frame(args.starts)

    result = {
        "frame_p50_ms": round(statistics.median(frames), 3),
        "frame_p99_ms": round(percentile(frames, 0.99), 3),
        "frame_max_ms": round(max(frames), 3),
        "idle_cpu_percent": round(idle, 2),
        "first_frame_s": round(min(starts), 3) if starts else None,
        "first_frame_median_s": round(statistics.median(starts), 3) if starts else None,
        "frames": args.frames,
        "idle_seconds": args.idle_seconds,
        "starts": len(starts),
        "size": list(SIZE),
        "seed": args.seed,
        "lang": args.lang,
    }
    result["targets"] = {
        key: ("PASS" if result[key] is not None and result[key] < bound else "MISS")
        for key, bound in TARGETS.items()
    }
    result["seconds"] = round(time.perf_counter() - began, 1)

    print(f"client at {SIZE[0]}×{SIZE[1]}, late-game table (seed {args.seed}, {args.lang})")
    rows = [
        ("frame p50", f"{result['frame_p50_ms']:.2f} ms", None),
        ("frame p99", f"{result['frame_p99_ms']:.2f} ms", "frame_p99_ms"),
        ("frame max", f"{result['frame_max_ms']:.2f} ms", None),
        ("idle CPU", f"{result['idle_cpu_percent']:.2f} % of a core", "idle_cpu_percent"),
        ("first frame (best)", f"{result['first_frame_s']} s", "first_frame_s"),
        ("first frame (median)", f"{result['first_frame_median_s']} s", None),
    ]
    for label, value, key in rows:
        verdict = f"{result['targets'][key]} (< {TARGETS[key]:g})" if key else ""
        print(f"  {label:<22}{value:>22}   {verdict}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
