"""``find`` and ``tree`` on a large index against a reference: the same questions asked of
this checkout's ``notation`` and of another checkout's (an older commit, run from its own
tree, over its own index of the same archive or this one), each a fresh process reading
its output through a pipe, the two taking turns question by question.

The questions come from the archive's ``samples.tsv`` (``bench/index_archive.py``):
``find --position`` and ``tree`` of the book positions (the most games), then ``--others``
random positions; ``find --tag`` of the archive's first Site (a tenth of its games), then
``--others`` random events; ``find --player`` of ``--others`` random players. Each is
asked in every form of ``--forms`` its command has (``find``: text, json, pdn; ``tree``:
text, json). For each kind, form and checkout it prints p50 and p99 of wall and of CPU
seconds (user and system, which a loaded machine does not inflate), the peak resident
memory (VmHWM), the largest answer, the load before and after, and how many answers
differ between the two checkouts (they must not): the same bytes, and for ``json`` the
same document as ``json.loads`` reads it (its whitespace is not compared).

    python bench/find_queries.py --archive ARCHIVE --db NEW.sqlite --reference-tree OLD
"""

from __future__ import annotations

import argparse
import hashlib
import json
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

FORMS = {"find": ("text", "json", "pdn"), "tree": ("text", "json")}
"""The forms each command writes."""


@dataclass(frozen=True, slots=True)
class Run:
    """One process: wall and CPU seconds, peak KiB, the answer's digest and size."""

    wall: float
    cpu: float
    peak: int
    digest: str
    size: int
    status: str


def run(tree: Path, args: list[str], form: str) -> Run:
    """``notation ARGS`` of the checkout ``tree`` in a fresh process, its output read
    through a pipe as a caller's script reads it (started in ``tree``: ``-c`` puts the
    current folder first on the path). A JSON answer's digest is of its document."""
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
    said = done.stderr.decode().splitlines()
    report = [line for line in said if line.startswith("BENCH ")]
    status, peak = report[-1].split()[1:] if report else (str(done.returncode), "0")
    answer = done.stdout
    if form == "json" and status == "0":
        answer = json.dumps(json.loads(answer), sort_keys=True).encode()
    # Standard error's lines too (a count, a notice), less the bench's own.
    answer += "\n".join(line for line in said if not line.startswith("BENCH ")).encode()
    digest = hashlib.blake2b(answer, digest_size=8).hexdigest()
    return Run(wall, cpu, int(peak), digest, len(done.stdout), status)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def questions(archive: Path, others: int, seed: int, kinds: list[str]) -> list[list[str]]:
    """The arguments of each question of ``kinds`` (``position``, ``tag``, ``player``,
    ``tree``) the samples give, the largest answers first."""
    samples: dict[str, list[tuple[str, str]]] = {}
    for line in (archive / "samples.tsv").read_text(encoding="utf-8").splitlines():
        kind, game, value, *_ = line.split("\t")
        samples.setdefault(kind, []).append((game, value))
    rng = random.Random(seed)
    for kind in ("position", "player", "tag"):
        rng.shuffle(samples.setdefault(kind, []))
    positions = samples.get("common", []) + samples["position"][:others]
    sites = [value for _, value in samples["tag"] if value.startswith("Site=")]
    events = [value for _, value in samples["tag"] if not value.startswith("Site=")]
    asked: dict[str, list[list[str]]] = {
        "position": [["find", "--game", g, "--position", fen] for g, fen in positions],
        "tag": [["find", "--tag", value] for value in sites[:1] + events[:others]],
        "player": [["find", "--player", value] for _, value in samples["player"][:others]],
        "tree": [["tree", "--game", g, "--position", fen] for g, fen in positions],
    }
    return [command for kind in kinds for command in asked[kind]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archive", type=Path, required=True, help="holds samples.tsv")
    parser.add_argument("--db", required=True, help="this checkout's index of the archive")
    parser.add_argument("--reference-tree", type=Path, required=True)
    parser.add_argument("--reference-db", help="the reference's index (default: --db)")
    parser.add_argument("--kinds", default="position,tag,player,tree")
    parser.add_argument("--forms", default="text,json,pdn")
    parser.add_argument("--others", type=int, default=20, help="random questions of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    trees = {
        "reference": (args.reference_tree, args.reference_db or args.db),
        "this": (here, args.db),
    }
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print("load before:", " ".join(f"{value:.2f}" for value in os.getloadavg()))
    forms = args.forms.split(",")
    asked = questions(args.archive, args.others, args.seed, args.kinds.split(","))
    runs: dict[tuple[str, str, str], list[Run]] = {}
    differ: dict[tuple[str, str], int] = {}
    turn = 0
    for command in asked:
        kind = "tree" if command[0] == "tree" else command[-2].removeprefix("--")
        for form in (f for f in forms if f in FORMS[command[0]]):
            done = {}
            order = list(trees) if turn % 2 == 0 else list(reversed(trees))
            turn += 1
            for name in order:
                tree, db = trees[name]
                line = [command[0], "--db", db, *command[1:], "--format", form]
                done[name] = run(tree, line, form)
                runs.setdefault((kind, form, name), []).append(done[name])
            differ[kind, form] = differ.get((kind, form), 0) + (
                done["reference"].digest != done["this"].digest
            )
    print("load after:", " ".join(f"{value:.2f}" for value in os.getloadavg()))
    for (kind, form, name), done_runs in sorted(runs.items(), key=lambda item: item[0]):
        walls = [r.wall for r in done_runs]
        cpus = [r.cpu for r in done_runs]
        print(
            f"{kind:8} {form:4} {name:9} {len(done_runs):3} asked; wall p50 "
            f"{percentile(walls, 0.5):.3f} s, p99 {percentile(walls, 0.99):.3f} s; CPU p50 "
            f"{percentile(cpus, 0.5):.3f} s, p99 {percentile(cpus, 0.99):.3f} s; peak "
            f"{max(r.peak for r in done_runs) / 1024:.1f} MiB; largest answer "
            f"{max(r.size for r in done_runs) / 1e6:.1f} MB; statuses "
            f"{sorted({r.status for r in done_runs})}"
        )
    for (kind, form), count in differ.items():
        ratios = []
        for share in (0.5, 0.99):
            old, new = (percentile([r.cpu for r in runs[kind, form, n]], share) for n in trees)
            ratios.append(f"p{round(share * 100)} {old / new:.2f}x")
        print(
            f"{kind:8} {form:4} reference's CPU over this one's: {', '.join(ratios)}; answers "
            f"that differ: {count} of {len(runs[kind, form, 'this'])}"
        )


if __name__ == "__main__":
    main()
