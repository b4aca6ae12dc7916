"""Benchmark: `notation validate` over a folder of many files, with and without its cache.

Run by hand (not a test)::

    python bench/cache.py --games 100000

It writes a seeded folder of random legal Brazilian draughts games (the games of
``bench/brazilian.py``), ``--per-file`` games to a file, and runs ``notation validate`` on
it, each run in a fresh process: without the cache (``--no-cache``, the reference), a
first run into an empty cache folder, and a re-run answered from that cache. The three take
turns, round after round, and each one's best time is kept (bench/README.md's method). It
checks that the three reports are the same, and prints each time and the ratios: the
re-run against the first run (aim: at least 10) and against the reference, and what
writing the cache costs a first run.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchkit import HERE, build_archive


def build(folder: Path, games: int, per_file: int, seed: int) -> tuple[int, int]:
    """Write ``games`` seeded games into ``folder``, ``per_file`` to a file; (files, plies)."""
    folder.mkdir(parents=True, exist_ok=True)
    whole = folder.with_suffix(".pdn")
    _, plies = build_archive(whole, games, seed)
    texts = whole.read_text(encoding="utf-8").split("\n\n[Event ")
    whole.unlink()
    files = 0
    for first in range(0, len(texts), per_file):
        part = [
            t if i + first == 0 else "[Event " + t for i, t in enumerate(texts[first:][:per_file])
        ]
        sub = folder / f"{files // 100:03d}"
        sub.mkdir(exist_ok=True)
        (sub / f"games-{files:05d}.pdn").write_text("\n\n".join(part).rstrip("\n") + "\n\n")
        files += 1
    return files, plies


def validate(folder: Path, *options: str) -> tuple[float, str]:
    """(seconds, report) of one ``notation validate`` run in a fresh process."""
    command = [sys.executable, "-m", "notation.cli", "validate", *options, str(folder)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"validate exited {done.returncode}: {done.stderr.strip()}")
    return seconds, done.stdout + done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--per-file", type=int, default=100, help="games in each file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--keep", action="store_true", help="reuse a folder already written")
    args = parser.parse_args()
    folder = args.out / f"cache-{args.games}-{args.per_file}-{args.seed}"
    if not (args.keep and folder.is_dir()):
        shutil.rmtree(folder, ignore_errors=True)
        began = time.perf_counter()
        files, plies = build(folder, args.games, args.per_file, args.seed)
        print(
            f"wrote {args.games:,} games ({plies:,} plies) in {files:,} files in "
            f"{time.perf_counter() - began:.0f} s"
        )
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {platform.system()}"
    )
    best = {"no cache": float("inf"), "first run": float("inf"), "re-run": float("inf")}
    reports = set()
    for number in range(1, args.rounds + 1):
        with tempfile.TemporaryDirectory() as cache:
            laps = {
                "no cache": validate(folder, "--no-cache"),
                "first run": validate(folder, "--cache-dir", cache),
                "re-run": validate(folder, "--cache-dir", cache),
            }
        for name, (seconds, report) in laps.items():
            best[name] = min(best[name], seconds)
            reports.add(report)
        print(f"round {number}: " + ", ".join(f"{n} {s:.2f} s" for n, (s, _) in laps.items()))
    if len(reports) != 1:
        raise SystemExit("the reports differ between runs: a bug")
    for name, seconds in best.items():
        print(f"{name:<10} {seconds:8.2f} s  {args.games / seconds:12,.0f} games/s")
    print(f"re-run against first run: {best['first run'] / best['re-run']:.1f}x faster")
    print(f"re-run against no cache:  {best['no cache'] / best['re-run']:.1f}x faster")
    print(f"first run against no cache: {best['first run'] / best['no cache']:.3f}x the time")


if __name__ == "__main__":
    main()
