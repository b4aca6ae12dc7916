"""Benchmark: what validating a game costs before its first ply, for each game.

Run by hand (not a test)::

    python bench/pergame.py --games 2000 --cpu

For each game of the registry it writes an archive of ``--games`` records of no ply: the
tags ``bench/games.py`` gives its records (Knight Fight: a layout drawn per record) and the
result ``*``. Validating such a record is all the work a game costs besides its plies:
reading the record and its tags, setting up the start position, and the validator's
per-game work (the result, repetition and draw checks). It times reading alone
(``read_records``) and full validation (``validate_file``) of each archive, the games
taking turns, each figure its best over ``--rounds`` rounds, in microseconds a game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from benchkit import clock, machine

from notation.check.validator import validate_file
from notation.games.base import AnyGame
from notation.games.registry import GAMES
from notation.record.model import Record, Tag
from notation.record.reader import read_records
from notation.record.writer import write_record


def build(game: AnyGame, path: Path, games: int) -> None:
    """Write ``games`` records of ``game`` that have tags and a result but no ply."""
    with path.open("w", encoding="utf-8") as out:
        for index in range(1, games + 1):
            tags = [Tag("Event", "Bench"), Tag("Round", str(index)), Tag("Result", "*")]
            tags += [Tag(name, value) for name, value in game.new_tags(seed=index).items()]
            out.write(write_record(Record(tags=tags, result="*")) + "\n")


def read_seconds(path: Path, now: Callable[[], float]) -> float:
    """Seconds (by the clock ``now``) taken to read every record of ``path``."""
    began = now()
    for _ in read_records(path):
        pass
    return now() - began


def validate_seconds(path: Path, now: Callable[[], float]) -> float:
    """Seconds (by the clock ``now``) taken to validate ``path`` (a bug if it finds a
    problem)."""
    began = now()
    problems = sum(len(report.diagnostics) for report in validate_file(path))
    seconds = now() - began
    if problems:
        raise SystemExit(f"{path.name}: the benchmark archive has {problems} problems: a bug")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="records of each game")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each timing")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds instead of wall")
    args = parser.parse_args()
    now = clock(args.cpu)
    args.out.mkdir(exist_ok=True)
    print(f"{machine()}, {args.games} records of no ply each")
    archives = {}
    for name, game in GAMES.items():
        path = args.out / f"pergame-{name}-{args.games}.pdn"
        build(game, path, args.games)
        archives[name] = path
    reading = {name: float("inf") for name in archives}
    validating = dict(reading)
    for _ in range(args.rounds):
        for name, path in archives.items():
            reading[name] = min(reading[name], read_seconds(path, now))
            validating[name] = min(validating[name], validate_seconds(path, now))
    kind = "CPU " if args.cpu else ""
    print(f"best {kind}time of {args.rounds} rounds, the games taking turns, us a game:")
    print(f"{'game':<13} {'reading':>8} {'validation':>11}")
    for name in archives:
        print(
            f"{name:<13} {reading[name] / args.games * 1e6:8.1f} "
            f"{validating[name] / args.games * 1e6:11.1f}"
        )


if __name__ == "__main__":
    main()
