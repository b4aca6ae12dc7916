"""Benchmark: the archive index (issue 27) over a large generated archive.

Run by hand (not a test)::

    python bench/index_archive.py --games 1000000
    python bench/index_archive.py --games 2000 --build-only

It writes (or, with ``--keep``, reuses) a seeded archive of real legal games in a folder of
files of ``--per-file`` games: mostly Brazilian and international draughts, some of every
other game (:data:`MIX`), played out by the games' own move generation. The first plies
follow a "book" (the first legal move, more often than not) so that early positions are
shared by many games, as in a real archive; players and events repeat as in one. Chunks of
games are played in ``--jobs`` processes, each game from a seed of its own, and written in
order as they come: the games depend on ``--games`` and ``--seed`` only (``--per-file``
splits them), and memory stays flat. Beside it, ``samples.tsv`` keeps what the queries
ask: positions met (the book positions, reached by the most games, and positions drawn
from random games), players and tag values.

Then, each command a fresh process, it times ``notation validate --jobs N`` (the
reference), ``select --position`` over the archive (what ``find --position`` replaces),
``notation index --jobs N`` over the archive and over its first tenth (peak memory must
not grow with the archive), ``index`` again with nothing changed, and ``find
--position``, ``find --tag``, ``find --player`` and ``tree`` over ``--queries`` samples
each (p50 and p99), against ``python -c pass`` and ``notation --version`` (start-up
references of the same run); it prints the peak memory of each command (VmHWM, and the
largest of its workers), the index's size against the archive's, and the machine and its
load. Commands the toolkit does not have yet are reported as
such and the rest goes on. With ``--reuse-index`` only the queries are timed, over the
index an earlier run left in the archive's ``work`` folder (an idle moment's p50 and p99
without indexing again).
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import platform
import random
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from notation.games.base import Move, Position
from notation.games.playout import playout
from notation.games.registry import get_game

MIX: tuple[tuple[str, int], ...] = (
    ("brazilian", 45),
    ("international", 35),
    ("russian", 6),
    ("english", 6),
    ("keny", 2),
    ("kavaleria", 2),
    ("knight-fight", 2),
    ("cheversi", 2),
)
"""Each game and its share of the archive, in percent."""

CHUNK = 500
"""Games played by one task (each game is played from a seed of its own)."""

BOOK_PLIES = 4
BOOK_SHARE = 0.6
"""For its first BOOK_PLIES plies a game plays the first legal move this often."""

SITES = 10
"""Sites taking turns: a ``find --tag Site=...`` answers a tenth of the archive."""

SAMPLE_EVERY = 997
"""One game in this many gives a sampled position, player and event."""

POSITION_GAMES = ("brazilian", "international", "russian", "english", "keny")
"""The games whose positions a ``FEN`` alone sets up (find --position, tree)."""

RUN = """
import resource, sys
from notation.cli.main import app
status = 0
try:
    app(sys.argv[1:])
except SystemExit as done:
    status = done.code
with open("/proc/self/status") as own:
    peak = next(line.split()[1] for line in own if line.startswith("VmHWM:"))
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print("BENCH", status, peak, children.ru_maxrss, file=sys.stderr)
"""
"""Runs the CLI in this process and reports its exit status, its own peak resident memory
(VmHWM, KiB) and the largest peak of its worker processes (KiB)."""


# The archive ---------------------------------------------------------------------------


Chooser = Callable[[Position, list[Move], random.Random], Move]


def _book() -> Chooser:
    """A ``choose`` for :func:`playout`: the first legal move BOOK_SHARE of the time for
    the first BOOK_PLIES plies, then any legal move."""
    plies = itertools.count()

    def choose(position: Position, legal: list[Move], rng: random.Random) -> Move:
        if next(plies) < BOOK_PLIES and rng.random() < BOOK_SHARE:
            return legal[0]
        return legal[rng.randrange(len(legal))]

    return choose


def _player(rng: random.Random) -> str:
    """A player's name: some play thousands of games, most a few, as in a real archive."""
    return f"Player {1 + int(rng.expovariate(1 / 600))}"


def _chunk(task: tuple[int, int, int]) -> tuple[list[str], list[str], Counter[str]]:
    """The texts of games ``first`` to ``first + count - 1`` of the archive of ``seed``,
    the sample lines they give and how many games of each game they hold."""
    seed, first, count = task
    names, weights = zip(*MIX, strict=True)
    parts: list[str] = []
    samples: list[str] = []
    made: Counter[str] = Counter()
    for index in range(first, first + count):
        rng = random.Random(f"{seed}:{index}")
        name = rng.choices(names, weights)[0]
        game = get_game(name)
        made[name] += 1
        tags = game.new_tags(seed=index)
        start = game.start(tags)
        played = playout(game, start, rng, max_plies=rng.randrange(30, 110), choose=_book())
        result = "*" if played.outcome is None else game.result_for(played.outcome)[0]
        white, black = _player(rng), _player(rng)
        head = {
            "Event": f"Bench event {index // 400}",
            "Site": f"Bench site {index % SITES}",
            "Date": f"{2000 + index % 25}.{index % 12 + 1:02d}.{index % 28 + 1:02d}",
            "Round": str(index % 13 + 1),
            "White": white,
            "Black": black,
            "Result": result,
            **tags,
        }
        words = [f"{n // 2 + 1}. {t}" if n % 2 == 0 else t for n, t in enumerate(played.texts)]
        parts.append(
            "".join(f'[{key} "{value}"]\n' for key, value in head.items())
            + "\n"
            + _wrap(" ".join([*words, result]))
            + "\n\n"
        )
        if index % SAMPLE_EVERY == 0:
            samples.append(f"player\t\t{white}")
            samples.append(f"tag\t\tEvent={head['Event']}")
            if name in POSITION_GAMES and len(played.positions) > 1:
                ply = rng.randrange(1, len(played.positions))
                fen = game.setup_tags(played.positions[ply])["FEN"]
                samples.append(f"position\t{name}\t{fen}")
    return parts, samples, made


def _wrap(text: str, width: int = 79) -> str:
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def book_positions(name: str) -> Iterator[tuple[int, str]]:
    """(ply, FEN) of the positions the book line of game ``name`` reaches."""
    game = get_game(name)
    position = game.start({})
    for ply in range(1, BOOK_PLIES + 1):
        legal = game.legal_moves(position)
        if not legal:
            return
        position = game.play(position, legal[0])
        yield ply, game.setup_tags(position)["FEN"]


def build(folder: Path, games: int, seed: int, per_file: int, jobs: int) -> Counter[str]:
    """Write the archive into ``folder`` (files of ``per_file`` games) and its samples."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    tasks = [(seed, first, min(CHUNK, games - first + 1)) for first in range(1, games + 1, CHUNK)]
    made: Counter[str] = Counter()
    with (folder / "samples.tsv").open("w", encoding="utf-8") as samples:
        for name, _ in MIX:
            if name in POSITION_GAMES:
                for ply, fen in book_positions(name):
                    samples.write(f"common\t{name}\t{fen}\tbook ply {ply}\n")
        samples.write(f"tag\t\tSite=Bench site {seed % SITES}\n")
        out = None
        written = 0
        with multiprocessing.Pool(jobs) as pool:
            for texts, lines, counted in pool.imap(_chunk, tasks):
                for text in texts:
                    if written % per_file == 0:
                        if out is not None:
                            out.close()
                        out = (folder / f"games-{written // per_file + 1:05d}.pdn").open(
                            "w", encoding="utf-8"
                        )
                    assert out is not None
                    out.write(text)
                    written += 1
                made += counted
                samples.writelines(line + "\n" for line in lines)
        if out is not None:
            out.close()
    (folder / "made.json").write_text(json.dumps({"games": games, "seed": seed, **made}))
    return made


# Timing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One command, run in a fresh process."""

    seconds: float
    status: int | str
    peak: int
    """Peak resident memory of the command's process, KiB (0 if unknown)."""
    workers: int
    """The largest peak of its worker processes, KiB."""
    error: str
    """The last line of its standard error when it failed."""
    cpu: float = 0.0
    """User and system CPU seconds of the process and its workers: on a loaded machine,
    what the command cost, where ``seconds`` also counts the waits for a core."""

    @property
    def ok(self) -> bool:
        return self.status == 0


def run(args: list[str], cwd: Path) -> Run:
    """``notation ARGS`` in a fresh process started in ``cwd``."""
    began = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # Standard output is read as bytes and never decoded: decoding the 40 MB of the
    # largest answer, inside the timed span, would count this script's work as the
    # command's.
    done = subprocess.run([sys.executable, "-c", RUN, *args], cwd=cwd, capture_output=True)
    seconds = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    lines = done.stderr.decode(errors="replace").strip().splitlines()
    report = [line for line in lines if line.startswith("BENCH ")]
    if not report:
        return Run(seconds, done.returncode, 0, 0, lines[-1] if lines else "", cpu)
    _, status, peak, workers = report[-1].split()
    said = [line.strip(" │╭╮╰╯─") for line in lines if not line.startswith("BENCH ")]
    error = next((line for line in reversed(said) if any(c.isalpha() for c in line)), "")
    code: int | str = int(status) if status.lstrip("-").isdigit() else status
    return Run(seconds, code, int(peak), int(workers), error if code != 0 else "", cpu)


def plain(args: list[str]) -> float:
    """Seconds of a fresh process running ``args`` (a start-up reference)."""
    began = time.perf_counter()
    subprocess.run(args, capture_output=True, check=True)
    return time.perf_counter() - began


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def size_of(path: Path) -> int:
    """Bytes of a file or of every file in a folder; the SQLite journal files too."""
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return sum(
        p.stat().st_size
        for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))
        if p.exists()
    )


def queries(folder: Path, count: int, seed: int) -> dict[str, list[list[str]]]:
    """The ``find`` and ``tree`` arguments of each kind of query, from the samples: the
    book positions first (the most games), then random ones."""
    rng = random.Random(seed)
    kinds: dict[str, list[tuple[str, str]]] = {
        "common": [],
        "position": [],
        "player": [],
        "tag": [],
    }
    for line in (folder / "samples.tsv").read_text(encoding="utf-8").splitlines():
        kind, game, value, *_ = line.split("\t")
        kinds[kind].append((game, value))
    for kind in ("position", "player", "tag"):
        rng.shuffle(kinds[kind])
    positions = kinds["common"] + kinds["position"]
    return {
        "find --position": [
            ["find", "--game", game, "--position", fen, "--format", "json"]
            for game, fen in positions[:count]
        ],
        "find --tag": [
            ["find", "--tag", value, "--format", "json"] for _, value in kinds["tag"][:count]
        ],
        "find --player": [
            ["find", "--player", value, "--format", "json"] for _, value in kinds["player"][:count]
        ],
        "tree": [
            ["tree", "--game", game, "--position", fen, "--format", "json"]
            for game, fen in positions[:count]
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-file", type=int, default=10_000, help="games per archive file")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument("--jobs", type=int, default=2, help="processes: building, and --jobs")
    parser.add_argument("--queries", type=int, default=50, help="queries of each kind")
    parser.add_argument(
        "--select-queries",
        type=int,
        default=2,
        help="select --position runs over the archive, the reference find --position replaces",
    )
    parser.add_argument("--keep", action="store_true", help="reuse the archive already written")
    parser.add_argument("--build-only", action="store_true", help="write the archive, no runs")
    parser.add_argument(
        "--reuse-index",
        action="store_true",
        help="time the queries only, over the index an earlier run left beside the archive",
    )
    args = parser.parse_args()
    folder = args.out / f"index-{args.games}-{args.seed}"
    made_file = folder / "made.json"
    began = time.perf_counter()
    if args.reuse_index and not made_file.exists():
        raise SystemExit(f"no archive to reuse: {folder}")
    # Reusing the index keeps the archive it was made of: building would remove both.
    if (args.keep or args.reuse_index) and made_file.exists():
        made = Counter(json.loads(made_file.read_text()))
        made.pop("games", None)
        made.pop("seed", None)
    else:
        made = build(folder, args.games, args.seed, args.per_file, args.jobs)
    archive = folder
    pdn = sum(p.stat().st_size for p in archive.glob("*.pdn"))
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load {load}"
    )
    mix = ", ".join(f"{name} {made[name]}" for name, _ in MIX)
    print(
        f"archive: {args.games} games ({mix}), {pdn / 1e6:.1f} MB in "
        f"{len(list(archive.glob('*.pdn')))} files ({time.perf_counter() - began:.1f} s)"
    )
    if args.build_only:
        return
    measure(args, folder, pdn)


def measure(args: argparse.Namespace, folder: Path, pdn: int) -> None:
    """Time the commands and print the table."""
    work = folder / "work"
    work.mkdir(exist_ok=True)
    db = work / "bench.sqlite"
    if args.reuse_index:
        if not db.exists():
            raise SystemExit(f"no index to reuse: {db}")
    else:
        for stale in [*work.glob("bench.sqlite*"), *work.glob("tenth.sqlite*")]:
            stale.unlink()
    rows: list[tuple[str, str, str, str, str]] = []
    jobs = str(args.jobs)
    python = plain([sys.executable, "-c", "pass"])
    version = run(["--version"], work)
    rows.append(("python -c pass (reference)", f"{python:.3f} s", "", "", ""))
    rows.append(
        ("notation --version (reference)", f"{version.seconds:.3f} s", _mib(version), "", "")
    )
    if args.reuse_index:
        size = size_of(db)
        rows.append(("index size", f"{size / 1e6:.1f} MB", "", f"{size / pdn:.2f}x the PDN", ""))
        rows.extend(query_rows(queries(folder, args.queries, args.seed), db, work, version))
        _print(rows)
        return
    archive = str(folder)
    validate = run(["validate", "--no-cache", "--jobs", jobs, archive], work)
    if validate.status == 1:
        raise SystemExit("validate found errors in the benchmark archive: a bug")
    rows.append(
        (
            f"validate --jobs {jobs} (reference)",
            f"{validate.seconds:.1f} s (CPU {validate.cpu:.1f} s)",
            _mib(validate),
            "",
            _failed(validate),
        )
    )
    plan = queries(folder, args.queries, args.seed)
    scans = [
        run(["select", *command[1:5], "-o", os.devnull, archive], work)
        for command in plan["find --position"][: args.select_queries]
    ]
    failed = next((_failed(scan) for scan in scans if not scan.ok), "")
    if failed:
        rows.append(("select --position (reference)", "", "", "", failed))
    elif scans:
        rows.append(
            (
                f"select --position (reference, {len(scans)} runs)",
                f"p50 {percentile([scan.seconds for scan in scans], 0.5):.1f} s",
                "",
                "",
                "rescans the archive",
            )
        )
    index = run(["index", "--db", str(db), "--jobs", jobs, archive], work)
    ratio = (
        f"{index.seconds / validate.seconds:.2f}x validate (CPU {index.cpu / validate.cpu:.2f}x)"
        if index.ok and validate.cpu
        else ""
    )
    rows.append(
        (
            f"index --jobs {jobs}",
            f"{index.seconds:.1f} s (CPU {index.cpu:.1f} s)",
            _mib(index),
            ratio,
            _failed(index) or "at most 2.00x",
        )
    )
    if index.ok:
        files = sorted(str(path) for path in folder.glob("*.pdn"))
        tenth = files[: max(1, len(files) // 10)]
        small = run(["index", "--db", str(work / "tenth.sqlite"), "--jobs", jobs, *tenth], work)
        rows.append(
            (
                f"index --jobs {jobs}, first {len(tenth)} of {len(files)} files",
                f"{small.seconds:.1f} s",
                _mib(small),
                f"peak {index.peak / max(small.peak, 1):.2f}x this one's" if small.ok else "",
                _failed(small) or "memory flat: peak about 1.00x",
            )
        )
        again = run(["index", "--db", str(db), "--jobs", jobs, archive], work)
        rows.append(
            (
                "index again, nothing changed",
                f"{again.seconds:.1f} s",
                _mib(again),
                "",
                _failed(again),
            )
        )
        size = size_of(db)
        rows.append(
            (
                "index size",
                f"{size / 1e6:.1f} MB",
                "",
                f"{size / pdn:.2f}x the PDN",
                "at most 2.00x",
            )
        )
        rows.extend(query_rows(plan, db, work, version))
    _print(rows)


def _print(rows: list[tuple[str, str, str, str, str]]) -> None:
    """The table of ``rows`` under :data:`HEADER`, in columns."""
    widths = [max(len(row[i]) for row in [*rows, HEADER]) for i in range(5)]
    for row in [HEADER, *rows]:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )


def query_rows(
    plan: dict[str, list[list[str]]], db: Path, work: Path, version: Run
) -> list[tuple[str, str, str, str, str]]:
    """A row for each kind of query of ``plan`` over the index ``db``: p50 and p99 of its
    wall and CPU seconds, its peak memory, against ``notation --version``."""
    rows: list[tuple[str, str, str, str, str]] = []
    for label, commands in plan.items():
        times, cpus, peaks, failed = [], [], [], ""
        for command in commands:
            done = run([command[0], "--db", str(db), *command[1:]], work)
            if not done.ok and done.status != 1:
                failed = _failed(done)
                break
            times.append(done.seconds)
            cpus.append(done.cpu)
            peaks.append(done.peak)
        if failed or not times:
            rows.append((label, "", "", "", failed or "no samples"))
            continue
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        rows.append(
            (
                f"{label} ({len(times)} queries)",
                f"p50 {p50:.3f} s, p99 {p99:.3f} s (CPU p50 "
                f"{percentile(cpus, 0.5):.3f} s, p99 {percentile(cpus, 0.99):.3f} s)",
                f"{max(peaks) / 1024:.1f}",
                f"p50 {p50 / version.seconds:.1f}x --version",
                "at most 0.5 s",
            )
        )
    return rows


HEADER = ("command", "time", "peak MiB", "ratio", "aim / note")


def _mib(done: Run) -> str:
    if not done.peak:
        return ""
    workers = f" (worker {done.workers / 1024:.1f})" if done.workers else ""
    return f"{done.peak / 1024:.1f}{workers}"


def _failed(done: Run) -> str:
    if done.status in (0, 1):
        return ""
    return f"exit {done.status}: {done.error[:70]}"


if __name__ == "__main__":
    main()
