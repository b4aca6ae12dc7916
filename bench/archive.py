"""Benchmark: `notation validate` over a large mixed archive, serial and parallel.

Run by hand (not a test)::

    python bench/archive.py --games 100000

It writes a seeded archive of random legal games of all five games in turn (the same
records as bench/games.py makes), then runs ``notation validate --jobs 1`` and
``--jobs 2`` on it and on its first tenth, each in a fresh process, and prints games/s,
the speed-up, and the peak memory of the validating process and of its largest worker.
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

from notation.games.registry import GAMES
from notation.record.writer import write_record

sys.path.insert(0, str(Path(__file__).parent))
from games import record_of

RUN = """
import resource, sys
from cli.main import app
try:
    app(sys.argv[1:])
except SystemExit as done:
    status = done.code
with open("/proc/self/status") as own:
    peak = next(line.split()[1] for line in own if line.startswith("VmHWM:"))
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(status, peak, workers, file=sys.stderr)
"""
"""Runs the CLI in this process and reports its exit status, its own peak resident memory
(VmHWM, kB) and the largest peak of its worker processes (kB)."""


def build(path: Path, games: int, seed: int) -> None:
    """Write ``games`` records, the five games taking turns."""
    rng = random.Random(seed)
    makers = list(GAMES.values())
    with path.open("w", encoding="utf-8") as out:
        for index in range(1, games + 1):
            record, _ = record_of(makers[index % len(makers)], index, rng)
            out.write(write_record(record) + "\n")


def validate(path: Path, jobs: int) -> tuple[float, int, int]:
    """(seconds, own peak KiB, largest worker peak KiB) of one validate run."""
    command = [sys.executable, "-c", RUN, "validate", "--no-cache", "--jobs", str(jobs), str(path)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    status, peak, workers = done.stderr.strip().splitlines()[-1].split()
    if status != "0":
        raise SystemExit(f"validate exited {status} on {path}: the archive has errors, a bug")
    return seconds, int(peak), int(workers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument(
        "--keep", action="store_true", help="reuse archives already written (same size, seed)"
    )
    parser.add_argument("--build-only", action="store_true", help="write the archives, no runs")
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    sizes = (args.games // 10, args.games)
    print(f"{platform.machine()}, Python {platform.python_version()}")
    for games in sizes:
        path = args.out / f"mixed-{games}-{args.seed}.pdn"
        if not (args.keep and path.exists()):
            build(path, games, args.seed)
        print(f"{games} games, {path.stat().st_size / 1e6:.1f} MB")
        if args.build_only:
            continue
        serial = None
        for jobs in (1, 2):
            seconds, peak, workers = validate(path, jobs)
            serial = serial or seconds
            print(
                f"  --jobs {jobs}: {seconds:7.1f} s {games / seconds:7.0f} games/s "
                f"speed-up {serial / seconds:4.2f}x  peak {peak / 1024:6.1f} MiB"
                + (f", largest worker {workers / 1024:6.1f} MiB" if jobs > 1 else "")
            )


if __name__ == "__main__":
    main()
