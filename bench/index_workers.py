"""Benchmark: the CPU of indexing's workers alone, this checkout against a commit (issue 27).

Run by hand (not a test), over an archive that ``bench/index_archive.py --build-only``
wrote::

    python bench/index_workers.py --archive bench/out/index-20000-1 --games 4000 --old main

A worker of ``notation index --jobs N`` replays a piece of a file and makes each game's
entry: its verdict, its moves written out, its positions' keys, its opening
(:func:`notation.index.build.entries_of_piece`). This times that call over the first
``--games`` games of the archive's first file, in CPU seconds (user and system), each
run a fresh process keeping its best of three passes, this checkout's and, with ``--old``,
that commit's package (extracted as ``bench/verdictkit.py`` extracts it, on
``PYTHONPATH``) taking turns ``--rounds`` times; it prints each run with the load before
it, then each one's best and median and the ratio of the commit's to this checkout's.
``--python`` runs this checkout with another interpreter (the compiled build's
environment), ``--old-python`` the commit as installed in another environment (a compiled
install of it) instead of its extracted package::

    python bench/index_workers.py --archive DIR --games 10000 --old main \\
        --python .venv-compiled/bin/python --old-python MAIN_VENV/bin/python

No writer, no database: what ``bench/index_cpu.py`` measures with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from verdictkit import interpreter_options, old_tree

RUN = """
import sys, time
from notation.index.build import entries_of_piece
path, games = sys.argv[1], int(sys.argv[2])
with open(path, encoding="utf-8") as handle:
    piece = "\\n\\n[Event".join(handle.read().split("\\n\\n[Event")[:games])
best = None
for _ in range(3):
    before = time.process_time()
    entries = entries_of_piece(path, 1, piece, None, frozenset(), bytes(range(16)))
    spent = time.process_time() - before
    best = spent if best is None else min(best, spent)
print(best, len(entries))
"""


def cpu_of(path: Path, games: int, python: str, tree: Path | None) -> tuple[float, int]:
    """The best CPU seconds of three passes of the entries of ``games`` games of ``path``
    run by the interpreter ``python`` (the package of ``tree``, else the one installed in
    its environment), and how many entries were made. ``-P``: the current folder (the
    project's root) does not come first, before ``tree``."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run(
        [python, "-P", "-c", RUN, str(path), str(games)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    best, count = done.stdout.split()
    return float(best), int(count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--archive", type=Path, required=True)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--old", help="a commit whose workers run too, turn about")
    interpreter_options(parser)
    args = parser.parse_args()
    first = min(args.archive.resolve().glob("*.pdn"))
    with tempfile.TemporaryDirectory() as scratch:
        runs: dict[str, tuple[str, Path | None]] = {"this": (args.python, None)}
        if args.old_python:
            runs[args.old or "old"] = (args.old_python, None)
        elif args.old:
            runs[args.old] = (args.python, old_tree(args.old, Path(scratch)))
        times: dict[str, list[float]] = {name: [] for name in runs}
        names = list(runs)
        for round_ in range(args.rounds):
            shift = round_ % len(names)
            for name in names[shift:] + names[:shift]:
                load = os.getloadavg()[0]
                cpu, count = cpu_of(first, args.games, *runs[name])
                times[name].append(cpu)
                shown = f"{cpu:.3f} s CPU, {count} games (load {load:.1f})"
                print(f"round {round_ + 1}: {name}: {shown}")
        print(f"load now {os.getloadavg()[0]:.1f}")
        for name, cpus in times.items():
            print(f"{name}: best {min(cpus):.3f} s, median {statistics.median(cpus):.3f} s")
        if len(names) > 1:
            old, new = times[names[1]], times["this"]
            print(
                f"{names[1]} / this: best {min(old) / min(new):.2f}x, "
                f"median {statistics.median(old) / statistics.median(new):.2f}x"
            )


if __name__ == "__main__":
    main()
