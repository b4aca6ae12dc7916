"""Benchmark: validating a seeded archive of random Brazilian draughts games.

Run by hand (not a test)::

    python bench/brazilian.py --games 10000

It builds an archive of random legal games (numeric notation, full tags) and times, in one
process and over the same games: notation's full validation (split, parse, replay, result
checks), notation's parsing without replay, a bare ``re.finditer`` tokenization of the same
text, and py-draughts' ``BrazilianBoard.from_pdn`` replaying each game (when installed;
it is given each game's text already split out). Peak memory of full validation is measured
in child processes for a fifth of the archive and for all of it, to show it stays flat.
"""

from __future__ import annotations

import argparse
import platform
import random
import re
import subprocess
import sys
import time
from pathlib import Path

from notation.games.registry import get_game
from notation.playout import playout
from notation.record.reader import read_records
from notation.validator import validate_file

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


def time_it(label: str, work, size: int, games: int, plies: int) -> float:
    """Run ``work`` once, print its rates, and return games/s."""
    began = time.perf_counter()
    work()
    seconds = time.perf_counter() - began
    print(
        f"{label:<34} {seconds:8.2f} s {games / seconds:10.0f} games/s "
        f"{plies / seconds:11.0f} plies/s {size / seconds / 1e6:7.2f} MB/s"
    )
    return games / seconds


def tokenize(text: str) -> None:
    for _ in TOKEN.finditer(text):
        pass


def parse_only(path: Path) -> None:
    for _ in read_records(path):
        pass


def validate(path: Path) -> None:
    errors = sum(report.errors for report in validate_file(path))
    if errors:
        raise SystemExit(f"the benchmark archive has {errors} errors: a bug")


def pydraughts(texts: list[str]) -> None:
    from draughts import BrazilianBoard

    for text in texts:
        BrazilianBoard.from_pdn(text)


def peak_memory(path: Path) -> int:
    """Peak resident memory (KiB) of a child process validating ``path``."""
    code = (
        "import resource, sys\n"
        "from notation.validator import validate_file\n"
        "for _ in validate_file(sys.argv[1]): pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True)
    return int(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out")
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
    tokenizer = time_it("bare re.finditer tokenizer", lambda: tokenize(text), size, games, plies)
    parsing = time_it("notation: parse only", lambda: parse_only(archive), size, games, plies)
    ours = time_it("notation: full validation", lambda: validate(archive), size, games, plies)
    try:
        texts = [t for t in re.split(r"\n\n(?=\[)", text) if t.strip()]
        theirs = time_it(
            "py-draughts BrazilianBoard.from_pdn", lambda: pydraughts(texts), size, games, plies
        )
        print(f"full validation / py-draughts: {ours / theirs:.2f}x games/s")
    except ImportError:
        print("py-draughts is not installed: no comparison (pip install py-draughts)")
    print(f"parse only / bare tokenizer: {parsing / tokenizer:.2f}x MB/s")
    low, high = peak_memory(small), peak_memory(archive)
    print(
        f"peak memory validating {args.games // 5} games: {low / 1024:.1f} MiB; "
        f"{args.games} games: {high / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
