"""Benchmark: the CPU of indexing an archive against validating it (issue 27).

Run by hand (not a test), over an archive that ``bench/index_archive.py --build-only``
wrote::

    python bench/index_cpu.py --archive bench/out/index-20000-1 --rounds 3 --old main

Each round runs, each a fresh process started in a scratch folder, ``notation validate
ARCHIVE --jobs N --no-cache`` and ``notation index ARCHIVE --db NEW --jobs N`` into a fresh
index, of this checkout and, with ``--old COMMIT``, of that commit's package (extracted as
``bench/verdictkit.py`` extracts it, on ``PYTHONPATH``; with ``--old-python``, that
interpreter's install of it instead, a compiled build's), this checkout's run by this
interpreter (``.venv-compiled/bin/python bench/index_cpu.py ...`` times the compiled
build); the order of the runs turns from round to round. It prints each run's CPU seconds
(user and system, of the process and its workers: what a loaded machine does not
inflate), and those of its main process alone (reading, and for ``index`` the one
writer), with the load before it, then the best and the median of each command and their
ratios to validation's.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from verdictkit import interpreter_options, old_tree

RUN = (
    "import os, resource, sys\n"
    "from notation.cli.main import main\n"
    "try:\n"
    "    sys.exit(main())\n"
    "finally:\n"
    "    own = resource.getrusage(resource.RUSAGE_SELF)\n"
    "    with open(os.environ['INDEX_CPU_OWN'], 'w') as out:\n"
    "        out.write(str(own.ru_utime + own.ru_stime))\n"
)
"""A fresh process running ``notation``: it writes its own CPU seconds (its workers'
left out) to the file ``INDEX_CPU_OWN`` names as it ends."""


def cpu_of(
    args: list[str], cwd: Path, tree: Path | None, python: str = sys.executable
) -> tuple[float, float]:
    """CPU seconds of ``notation ARGS`` (the package of ``tree``, else the one ``python``
    imports) in a fresh process of ``python``, its workers included, and those of the
    process alone."""
    env = dict(os.environ)
    own = cwd / "own-cpu"
    env["INDEX_CPU_OWN"] = str(own)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [python, "-c", RUN, *args],
        cwd=cwd,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    alone = float(own.read_text())
    own.unlink()
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, alone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--old", help="a commit whose index runs too, turn about")
    interpreter_options(parser)
    args = parser.parse_args()
    archive = str(args.archive.resolve())
    jobs = str(args.jobs)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        here = args.python
        commands: list[tuple[str, Path | None, str, bool]] = [
            ("validate", None, here, False),
            ("index (this)", None, here, True),
        ]
        if args.old_python:
            commands.append((f"index ({args.old or 'old'})", None, args.old_python, True))
        elif args.old:
            commands.append((f"index ({args.old})", old_tree(args.old, folder), here, True))
        times: dict[str, list[float]] = {name: [] for name, _, _, _ in commands}
        mains: dict[str, list[float]] = {name: [] for name, _, _, _ in commands}
        for round_ in range(args.rounds):
            shift = round_ % len(commands)
            for name, tree, python, indexing in commands[shift:] + commands[:shift]:
                db = folder / f"{round_}-{len(times[name])}-{name[7:12]}.sqlite"
                if indexing:
                    asked = ["index", archive, "--db", str(db), "--jobs", jobs]
                else:
                    asked = ["validate", archive, "--jobs", jobs, "--no-cache"]
                load = os.getloadavg()[0]
                cpu, alone = cpu_of(asked, folder, tree, python)
                times[name].append(cpu)
                mains[name].append(alone)
                print(
                    f"round {round_ + 1}: {name}: {cpu:.2f} s CPU, main process {alone:.2f} s "
                    f"(load {load:.1f})"
                )
                for stale in folder.glob(f"{db.name}*"):
                    stale.unlink()
        base_best = min(times["validate"])
        base_median = statistics.median(times["validate"])
        print(f"load now {os.getloadavg()[0]:.1f}")
        for name, cpus in times.items():
            best, median = min(cpus), statistics.median(cpus)
            print(
                f"{name}: best {best:.2f} s ({best / base_best:.2f}x validate), "
                f"median {median:.2f} s ({median / base_median:.2f}x); main process: best "
                f"{min(mains[name]):.2f} s, median {statistics.median(mains[name]):.2f} s"
            )


if __name__ == "__main__":
    main()
