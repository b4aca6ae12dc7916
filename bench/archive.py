"""Benchmark: `notation validate` over a large mixed archive, serial and parallel.

Run by hand (not a test)::

    python bench/archive.py --games 100000

It writes a seeded archive of random legal games of all five games in turn (the same
records as bench/games.py makes), then runs ``notation validate --jobs 1`` and
``--jobs 2`` on it and on its first tenth, each in a fresh process (``--rounds`` times,
taking turns, the fastest run of each kept), and prints games/s, the speed-up, the peak
memory of the validating process and of its largest worker, and the CPU seconds (user
and system) of the main process and of its workers. On a shared machine the wall-clock
speed-up carries the other work; the CPU seconds much less. With ``main`` and
``workers`` of the ``--jobs 2`` run, ``(main + workers) / max(main, workers / 2)`` is the
speed-up at most when the main process has a core of its own beside the two workers';
on two cores, which the three share, it is at most ``serial / max(main, (main +
workers) / 2)``, ``serial`` the CPU seconds of the ``--jobs 1`` run.
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from notation.games.registry import GAMES
from notation.record.writer import write_record

sys.path.insert(0, str(Path(__file__).parent))
from games import record_of

RUN = """
import resource, sys
from notation.cli.main import app
try:
    app(sys.argv[1:])
except SystemExit as done:
    status = done.code
with open("/proc/self/status") as own:
    peak = next(line.split()[1] for line in own if line.startswith("VmHWM:"))
own = resource.getrusage(resource.RUSAGE_SELF)
children = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime
print(status, peak, children.ru_maxrss, *cpu, file=sys.stderr)
"""
"""Runs the CLI in this process and reports its exit status, its own peak resident memory
(VmHWM, kB), the largest peak of its worker processes (kB) and the CPU seconds of this
process and of its workers."""


def build(path: Path, games: int, seed: int) -> None:
    """Write ``games`` records, the five games taking turns."""
    rng = random.Random(seed)
    makers = list(GAMES.values())
    with path.open("w", encoding="utf-8") as out:
        for index in range(1, games + 1):
            record, _ = record_of(makers[index % len(makers)], index, rng)
            out.write(write_record(record) + "\n")


@dataclass(frozen=True)
class Run:
    """One validate run."""

    seconds: float
    peak: int
    """Peak resident memory of the validating process, KiB."""
    worker_peak: int
    """The largest peak of its workers, KiB."""
    main_cpu: float
    """CPU seconds (user and system) of the validating process."""
    workers_cpu: float
    """CPU seconds of its workers, all together."""


def validate(path: Path, jobs: int) -> Run:
    """One validate run in a fresh process."""
    command = [sys.executable, "-c", RUN, "validate", "--no-cache", "--jobs", str(jobs), str(path)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    status, peak, workers, main_cpu, workers_cpu = done.stderr.strip().splitlines()[-1].split()
    if status != "0":
        raise SystemExit(f"validate exited {status} on {path}: the archive has errors, a bug")
    return Run(seconds, int(peak), int(workers), float(main_cpu), float(workers_cpu))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument(
        "--keep", action="store_true", help="reuse archives already written (same size, seed)"
    )
    parser.add_argument("--build-only", action="store_true", help="write the archives, no runs")
    parser.add_argument(
        "--rounds", type=int, default=1, help="runs of each, taking turns; the fastest is kept"
    )
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
        best: dict[int, Run] = {}
        for _ in range(args.rounds):
            for jobs in (1, 2):
                run = validate(path, jobs)
                if jobs not in best or run.seconds < best[jobs].seconds:
                    best[jobs] = run
        for jobs, run in best.items():
            cpu = f"CPU main {run.main_cpu:5.2f} s"
            if jobs > 1:
                total = run.main_cpu + run.workers_cpu
                bound = total / max(run.main_cpu, run.workers_cpu / jobs)
                cores = best[1].main_cpu / max(run.main_cpu, total / jobs)
                cpu += (
                    f", workers {run.workers_cpu:5.2f} s, bound {bound:4.2f}x"
                    f" ({cores:4.2f}x on {jobs} cores)"
                )
            print(
                f"  --jobs {jobs}: {run.seconds:7.1f} s {games / run.seconds:7.0f} games/s "
                f"speed-up {best[1].seconds / run.seconds:4.2f}x  peak {run.peak / 1024:6.1f} MiB"
                + (f", largest worker {run.worker_peak / 1024:6.1f} MiB" if jobs > 1 else "")
                + f"  {cpu}"
            )


if __name__ == "__main__":
    main()
