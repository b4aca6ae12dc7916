"""Benchmark: validating a seeded archive of random Brazilian draughts games.

Run by hand (not a test)::

    python bench/brazilian.py --games 10000

It builds an archive of random legal games (numeric notation, full tags) and times, in one
process and over the same games: notation's full validation (split, parse, replay, result
checks), notation's parsing without replay, a bare ``re.finditer`` tokenization of the same
text, and py-draughts' ``BrazilianBoard.from_pdn`` replaying each game (when installed;
it is given each game's text already split out). Peak memory of full validation is measured
in child processes for a fifth of the archive and for all of it, to show it stays flat.

A shared machine's speed drifts, in spells of a second or more. So each work runs whole,
the works taking turns, and is timed lap by lap (a lap is the next ``--lap`` games); a
work's time is the sum over laps of its best time for that lap. The two light works, the
tokenizer and parsing, get three times ``--rounds`` rounds; the two heavy ones, whose
ratio is taken together, get ``--rounds``.
"""

from __future__ import annotations

import argparse
import platform
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from notation.check.validator import validate_file
from notation.games.playout import playout
from notation.games.registry import get_game
from notation.record.reader import read_records

TOKEN = re.compile(r"\[[^\]]*\]|\{[^}]*\}|\d+\.(?:\.\.)?|[0-9a-hx:-]+|\$\d+|[()*]|1/2-1/2|\S")
"""A bare PDN tokenizer: the speed floor any parser is compared with."""


def build_archive(path: Path, games: int, seed: int) -> tuple[int, int]:
    """Write ``games`` seeded random games to ``path``; return (games, plies)."""
    game = get_game("brazilian")
    start = game.start({})
    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for index in range(1, games + 1):
            played = playout(game, start, rng, max_plies=rng.randrange(30, 90))
            plies += len(played.moves)
            outcome = played.outcome
            result = "1-1" if outcome is None else game.result_for(outcome)[0]
            out.write(
                f'[Event "Bench {seed}"]\n[Round "{index}"]\n[White "Player {index % 97}"]\n'
                f'[Black "Player {index % 89}"]\n[GameType "26"]\n[Result "{result}"]\n\n'
            )
            words = []
            for number, text in enumerate(played.texts):
                words.append(f"{number // 2 + 1}. {text}" if number % 2 == 0 else text)
            words.append(result)
            out.write(_wrap(" ".join(words)) + "\n\n")
    return games, plies


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


Work = Callable[[], Iterator[object]]
"""A work: called, it does its job and yields once per game (or per lap of text)."""


def lap_times(units: Iterator[object], size: int) -> list[float]:
    """Seconds taken by each successive ``size`` units of ``units`` (the last lap may be
    shorter)."""
    laps: list[float] = []
    count = 0
    began = time.perf_counter()
    for _ in units:
        count += 1
        if count == size:
            now = time.perf_counter()
            laps.append(now - began)
            began, count = now, 0
    if count:
        laps.append(time.perf_counter() - began)
    return laps


def best_seconds(works: dict[str, tuple[Work, int, int]]) -> dict[str, float]:
    """Each work's time: the sum over its laps of the lap's best time over its rounds.

    A work is given with its lap size in units and its number of rounds; the works take
    turns in each round, as long as they have rounds left.
    """
    best: dict[str, list[float]] = {}
    for round_ in range(max(rounds for _, _, rounds in works.values())):
        for label, (work, size, rounds) in works.items():
            if round_ < rounds:
                laps = lap_times(work(), size)
                kept = best.setdefault(label, laps)
                best[label] = [min(old, new) for old, new in zip(kept, laps, strict=True)]
    return {label: sum(laps) for label, laps in best.items()}


def tokenize(text: str, laps: list[tuple[int, int]]) -> Iterator[None]:
    """Tokenize each lap (a span) of ``text``, yielding after each."""
    for start, end in laps:
        for _ in TOKEN.finditer(text, start, end):
            pass
        yield None


def validate(path: Path) -> Iterator[object]:
    """Validate every game of ``path``, yielding each game's report."""
    for report in validate_file(path):
        if report.errors:
            raise SystemExit(f"the benchmark archive has errors in game {report.index}: a bug")
        yield report


def pydraughts(texts: list[str]) -> Iterator[object]:
    """Replay each game's text with py-draughts, yielding each board."""
    from draughts import BrazilianBoard

    for text in texts:
        yield BrazilianBoard.from_pdn(text)


PEAK = """
import sys
from notation.check.validator import validate_file
for _ in validate_file(sys.argv[1]):
    pass
with open("/proc/self/status") as status:
    print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))
"""
"""Child process measuring its own peak resident memory (kB). VmHWM, not getrusage: on
Linux a child's ru_maxrss keeps the parent's size from before exec."""


def peak_memory(path: Path) -> int:
    """Peak resident memory (KiB) of a child process validating ``path`` (Linux only)."""
    done = subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True, text=True)
    return int(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lap", type=int, default=500, help="games per timed lap")
    args = parser.parse_args()
    args.out.mkdir(exist_ok=True)
    archive = args.out / f"brazilian-{args.games}-{args.seed}.pdn"
    small = args.out / f"brazilian-{args.games // 5}-{args.seed}.pdn"
    games, plies = build_archive(archive, args.games, args.seed)
    build_archive(small, args.games // 5, args.seed)
    text = archive.read_text(encoding="utf-8")
    size = len(text.encode())
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(
        f"archive: {games} games, {plies} plies ({plies / games:.1f} per game), {size / 1e6:.2f} MB"
    )
    texts = [t for t in re.split(r"\n\n(?=\[)", text) if t.strip()]
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.MULTILINE)][:: args.lap]
    laps = list(zip(starts, [*starts[1:], len(text)], strict=True))
    light, heavy = args.rounds * 3, args.rounds
    works: dict[str, tuple[Work, int, int]] = {
        "bare re.finditer tokenizer": (lambda: tokenize(text, laps), 1, light),
        "notation: parse only": (lambda: read_records(archive), args.lap, light),
        "notation: full validation": (lambda: validate(archive), args.lap, heavy),
    }
    try:
        import draughts  # noqa: F401

        works["py-draughts BrazilianBoard.from_pdn"] = (
            lambda: pydraughts(texts),
            args.lap,
            heavy,
        )
    except ImportError:
        print("py-draughts is not installed: no comparison (pip install py-draughts)")
    best = best_seconds(works)
    print(
        f"best time of each {args.lap}-game lap; the works take turns, {heavy} rounds "
        f"({light} for the tokenizer and parsing):"
    )
    for label, seconds in best.items():
        print(
            f"{label:<36} {seconds:7.2f} s {games / seconds:8.0f} games/s "
            f"{plies / seconds:9.0f} plies/s {size / seconds / 1e6:6.2f} MB/s"
        )
    ours = best["notation: full validation"]
    theirs = best.get("py-draughts BrazilianBoard.from_pdn")
    if theirs is not None:
        print(f"full validation / py-draughts: {theirs / ours:.2f}x games/s")
    tokenizer, parsing = best["bare re.finditer tokenizer"], best["notation: parse only"]
    print(f"parse only / bare tokenizer: {tokenizer / parsing:.2f}x MB/s")
    low, high = peak_memory(small), peak_memory(archive)
    print(
        f"peak memory validating {args.games // 5} games: {low / 1024:.1f} MiB; "
        f"{args.games} games: {high / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
