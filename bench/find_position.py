"""``find --position`` on a large index against a reference: the same positions asked of
this checkout's ``notation`` and of another checkout's (an older commit, with its own
index of the same archive), each a fresh process, taking turns position by position.

The positions are those of the archive's ``samples.tsv`` (``bench/index_archive.py``):
the book positions (the most games), then ``--others`` of the random ones. For each
checkout and form (``--forms``, ``text`` and ``json``) it prints the p50 and p99 of wall
time and of CPU time (user and system, which a loaded machine does not inflate), the peak
resident memory (VmHWM), the largest answer, the load before and after, and whether both
checkouts wrote the same bytes for every question (they must).

    python bench/find_position.py --archive ARCHIVE --db NEW.sqlite \\
        --reference-tree OLD --reference-db OLD.sqlite
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import random
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

RUN = """
import sys
from notation.cli.main import app
status = 0
try:
    app(sys.argv[1:])
except SystemExit as done:
    status = done.code
with open("/proc/self/status") as own:
    peak = next(line.split()[1] for line in own if line.startswith("VmHWM:"))
print("BENCH", status, peak, file=sys.stderr)
"""
"""Runs the CLI in this process and reports its exit status and peak memory (KiB)."""


@dataclass(frozen=True, slots=True)
class Run:
    """One ``find`` process: wall and CPU seconds, peak KiB, answer's digest and size."""

    wall: float
    cpu: float
    peak: int
    digest: str
    size: int
    status: str


def run(tree: Path, args: list[str]) -> Run:
    """``notation ARGS`` of the checkout ``tree`` in a fresh process, its output read
    through a pipe as a caller's script reads it (started in ``tree``: ``-c`` puts the
    current folder first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], capture_output=True, cwd=tree, env=env, check=False
    )
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    report = [line for line in done.stderr.decode().splitlines() if line.startswith("BENCH ")]
    status, peak = report[-1].split()[1:] if report else (str(done.returncode), "0")
    digest = hashlib.blake2b(done.stdout, digest_size=8).hexdigest()
    return Run(wall, cpu, int(peak), digest, len(done.stdout), status)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def positions(archive: Path, others: int, seed: int) -> list[tuple[str, str]]:
    """(game, FEN) of the book positions of the samples, then ``others`` random ones."""
    book: list[tuple[str, str]] = []
    rest: list[tuple[str, str]] = []
    for line in (archive / "samples.tsv").read_text(encoding="utf-8").splitlines():
        kind, game, value, *_ = line.split("\t")
        if kind == "common":
            book.append((game, value))
        elif kind == "position":
            rest.append((game, value))
    random.Random(seed).shuffle(rest)
    return book + rest[:others]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archive", type=Path, required=True, help="holds samples.tsv")
    parser.add_argument("--db", required=True, help="this checkout's index of the archive")
    parser.add_argument("--reference-tree", type=Path, required=True)
    parser.add_argument("--reference-db", required=True, help="the reference's index")
    parser.add_argument("--others", type=int, default=20, help="random positions asked")
    parser.add_argument("--forms", default="text,json")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    trees = {"reference": (args.reference_tree, args.reference_db), "this": (here, args.db)}
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print("load before:", " ".join(f"{value:.2f}" for value in os.getloadavg()))
    asked = positions(args.archive, args.others, args.seed)
    runs: dict[tuple[str, str], list[Run]] = {}
    differ = 0
    for form in args.forms.split(","):
        for game, fen in asked:
            done = {}
            for name, (tree, db) in trees.items():
                command = ["find", "--db", db, "--game", game, "--position", fen, "-f", form]
                done[name] = run(tree, command)
                runs.setdefault((name, form), []).append(done[name])
            differ += done["reference"].digest != done["this"].digest
    print("load after:", " ".join(f"{value:.2f}" for value in os.getloadavg()))
    print(f"{len(asked)} positions; answers that differ: {differ}")
    for (name, form), done_runs in runs.items():
        walls = [r.wall for r in done_runs]
        cpus = [r.cpu for r in done_runs]
        print(
            f"{name:9} {form:4}  wall p50 {percentile(walls, 0.5):.3f} s, "
            f"p99 {percentile(walls, 0.99):.3f} s; CPU p50 {percentile(cpus, 0.5):.3f} s, "
            f"p99 {percentile(cpus, 0.99):.3f} s; peak {max(r.peak for r in done_runs) / 1024:.1f}"
            f" MiB; largest answer {max(r.size for r in done_runs) / 1e6:.1f} MB; "
            f"statuses {sorted({r.status for r in done_runs})}"
        )


if __name__ == "__main__":
    main()
