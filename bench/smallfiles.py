"""Benchmark: `notation validate --jobs 2` against `--jobs 1` over many one-game files.

Run by hand (not a test)::

    python bench/smallfiles.py --files 5000

It writes a seeded folder of ``--files`` files of one random legal game each (the five
games taking turns, the records bench/games.py makes) and one file holding the same games,
then runs ``notation validate --jobs 1`` and ``--jobs 2`` over each, every run in a fresh
process, the runs taking turns round after round; each run's time is its best over the
rounds. It prints those times and the ratio of ``--jobs 1``'s time to ``--jobs 2``'s (the
speed-up) for the folder and for the single file, and checks that both runs gave the
same report.
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from notation.games.registry import GAMES
from notation.record.writer import write_record

sys.path.append(str(Path(__file__).parent))
from games import record_of


def build(folder: Path, single: Path, files: int, seed: int) -> None:
    """Write ``files`` one-game files into ``folder`` and all their games into ``single``."""
    rng = random.Random(seed)
    makers = list(GAMES.values())
    folder.mkdir(parents=True, exist_ok=True)
    with single.open("w", encoding="utf-8") as out:
        for index in range(1, files + 1):
            record, _ = record_of(makers[index % len(makers)], index, rng)
            text = write_record(record) + "\n"
            (folder / f"game-{index:06d}.pdn").write_text(text, encoding="utf-8")
            out.write(text)


def validate(path: Path, jobs: int) -> tuple[float, bytes]:
    """(seconds, report) of one ``validate --format jsonl`` run in a fresh process."""
    command = [
        *(
            sys.executable,
            "-m",
            "notation.cli",
            "validate",
            "--no-cache",
            "-f",
            "jsonl",
            "-j",
            str(jobs),
        ),
        str(path),
    ]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        began = time.perf_counter()
        done = subprocess.run(command, stdout=out, stderr=err)
        seconds = time.perf_counter() - began
        out.seek(0)
        err.seek(0)
        if done.returncode != 0:
            raise SystemExit(f"validate exited {done.returncode} on {path}: {err.read()!r}")
        return seconds, out.read()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    args = parser.parse_args()
    folder = args.out / f"small-{args.files}-{args.seed}"
    single = args.out / f"small-{args.files}-{args.seed}.pdn"
    if not (folder.is_dir() and single.exists()):
        build(folder, single, args.files, args.seed)
    print(f"{platform.machine()}, Python {platform.python_version()}, {args.files} games")
    for name, path in ((f"{args.files} files", folder), ("one file", single)):
        best = {1: float("inf"), 2: float("inf")}
        reports = {}
        for _ in range(args.rounds):
            for jobs in (1, 2):
                seconds, reports[jobs] = validate(path, jobs)
                best[jobs] = min(best[jobs], seconds)
        if reports[1] != reports[2]:
            raise SystemExit(f"{name}: --jobs 2 gave another report than --jobs 1, a bug")
        print(
            f"  {name:>12}: --jobs 1 {best[1]:6.2f} s, --jobs 2 {best[2]:6.2f} s, "
            f"speed-up {best[1] / best[2]:4.2f}x (best of {args.rounds})"
        )


if __name__ == "__main__":
    main()
