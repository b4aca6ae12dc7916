"""Benchmark: validating a seeded archive of random games, for each of the five games.

Run by hand (not a test)::

    python bench/games.py --games 2000 --rounds 5

For each game (every game of the registry: the draughts games, international and English
included) it writes an archive of random legal games from the standard start (Knight
Fight: a layout drawn per record), then times notation's full validation of it (split,
parse, replay, result checks) and prints games/s, plies/s and MB/s: the games take turns,
round after round, and each keeps its best time over ``--rounds`` rounds (on a shared
machine, a run slowed by other work is beaten by another round's). Then the games of
``--pair`` (default: Keny and Brazilian draughts) are validated again taking turns, timed
lap by lap, each lap's best time over ``--rounds`` kept (bench/README.md's method), and the
ratio of each one's plies/s to the last one's is printed. With ``--cpu`` every time is the
process's CPU seconds (user+sys) instead of wall seconds.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path

from benchkit import clock, machine

from notation.check.validator import validate_file
from notation.games.base import AnyGame
from notation.games.playout import playout
from notation.games.registry import GAMES
from notation.record.model import Record, Tag
from notation.record.reader import read_string
from notation.record.writer import write_record

_spec = importlib.util.spec_from_file_location(
    "bench_brazilian", Path(__file__).parent / "brazilian.py"
)
assert _spec is not None and _spec.loader is not None
brazilian = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(brazilian)


def record_of(game: AnyGame, index: int, rng: random.Random) -> tuple[Record, int]:
    """A random legal game as a record, and its number of plies."""
    tags = game.new_tags(seed=index)
    start = game.start(tags)
    played = playout(game, start, rng, max_plies=rng.randrange(30, 120))
    result = "*" if played.outcome is None else game.result_for(played.outcome)[0]
    text = " ".join(
        f"{i // 2 + 1}. {move}" if i % 2 == 0 else move for i, move in enumerate(played.texts)
    )
    header = [Tag("Event", "Bench"), Tag("Round", str(index)), Tag("Result", result)]
    header += [Tag(name, value) for name, value in tags.items()]
    (record,) = read_string(f"{text} {result}\n")
    record.tags = header
    return record, len(played.moves)


def build(game: AnyGame, path: Path, games: int, seed: int) -> int:
    """Write the archive; return its number of plies."""
    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for index in range(1, games + 1):
            record, count = record_of(game, index, rng)
            plies += count
            out.write(write_record(record) + "\n")
    return plies


def validate_seconds(path: Path, now: Callable[[], float] = time.perf_counter) -> float:
    """Seconds (by the clock ``now``) taken by one full validation of ``path`` (a bug if it
    finds an error)."""
    began = now()
    errors = sum(report.errors for report in validate_file(path))
    seconds = now() - began
    if errors:
        raise SystemExit(f"{path.name}: the benchmark archive has {errors} errors: a bug")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument(
        "--pair",
        nargs="+",
        default=["keny", "brazilian"],
        metavar="GAME",
        help="games timed taking turns, each against the last (at least two)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each timing")
    parser.add_argument("--lap", type=int, default=200, help="games per timed lap")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds instead of wall")
    args = parser.parse_args()
    if len(args.pair) < 2:
        parser.error("--pair needs at least two games")
    now = clock(args.cpu)
    args.out.mkdir(exist_ok=True)
    print(f"{machine()}, {args.games} games each")
    archives: dict[str, tuple[Path, int]] = {}
    for name, game in GAMES.items():
        path = args.out / f"{name}-{args.games}-{args.seed}.pdn"
        archives[name] = (path, build(game, path, args.games, args.seed))
    best = {name: float("inf") for name in archives}
    for _ in range(args.rounds):
        for name, (path, _plies) in archives.items():
            best[name] = min(best[name], validate_seconds(path, now))
    print(f"best {'CPU ' if args.cpu else ''}time of {args.rounds} rounds, the games taking turns:")
    for name, (path, plies) in archives.items():
        seconds, size = best[name], path.stat().st_size
        print(
            f"{name:<13} {plies / args.games:6.1f} plies/game {args.games / seconds:8.0f} games/s "
            f"{plies / seconds:9.0f} plies/s {size / seconds / 1e6:6.2f} MB/s"
        )
    pair(archives, args.pair, args.lap, args.rounds, now)


def pair(
    archives: dict[str, tuple[Path, int]],
    names: list[str],
    lap: int,
    rounds: int,
    now: Callable[[], float],
) -> None:
    """Time the games' validation taking turns, best of laps; print each one's ratio to
    the last one's plies/s."""
    works = {
        name: (lambda path=archives[name][0]: brazilian.validate(path), lap, rounds)
        for name in names
    }
    seconds = brazilian.best_seconds(works, now)
    rates = {name: archives[name][1] / seconds[name] for name in names}
    for name in names:
        print(f"{name:<13} {rates[name]:9.0f} plies/s (taking turns, best of {rounds} rounds)")
    reference = names[-1]
    for name in names[:-1]:
        print(f"{name} / {reference} plies/s: {rates[name] / rates[reference]:.2f}x")


if __name__ == "__main__":
    main()
