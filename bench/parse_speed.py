"""Benchmark: record parsing speed (no replay) against a bare ``re.finditer`` tokenizer.

Run by hand (not a test)::

    python bench/parse_speed.py [--games 4000] [FILE_OR_FOLDER ...]

Measures, over the same text, the MB/s of a bare tokenizer and of
:func:`notation.record.reader.read_string` (split, parse, build records), on the PDN
standard corpus (``shared/corpora/pdn-standard/succeed`` beside the project, when
present), on a synthetic archive of numeric games of about 50 plies, and on any files
named on the command line.
"""

from __future__ import annotations

import argparse
import io
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from notation.record.reader import read_records, read_string

TOKEN = re.compile(r"\[[^\]]*\]|\{[^}]*\}|\d+\.(?:\.\.)?|[0-9a-hx:-]+|\$\d+|[()*]|1/2-1/2|\S")
"""A bare PDN tokenizer: the speed floor any parser is compared with."""

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "pdn-standard" / "succeed"


def synthetic_archive(games: int, seed: int = 1) -> str:
    """An archive of ``games`` tagged numeric games of about 50 plies (syntax only)."""
    rng = random.Random(seed)
    out: list[str] = []
    for index in range(1, games + 1):
        out.append(f'[Event "Synthetic {index}"]\n[Site "Bench"]\n[Date "2024.01.01"]\n')
        out.append(
            f'[White "Player {rng.randrange(100)}"]\n[Black "Player {rng.randrange(100)}"]\n'
        )
        result = rng.choice(("1-0", "0-1", "1/2-1/2"))
        out.append(f'[Result "{result}"]\n[GameType "26"]\n\n')
        tokens: list[str] = []
        for ply in range(rng.randrange(44, 57)):
            if ply % 2 == 0:
                tokens.append(f"{ply // 2 + 1}.")
            start, end = rng.sample(range(1, 33), 2)
            tokens.append(f"{start}{rng.choice('-x')}{end}")
        tokens.append(result)
        line: list[str] = []
        for token in tokens:
            if sum(len(t) + 1 for t in line) + len(token) > 79:
                out.append(" ".join(line) + "\n")
                line = []
            line.append(token)
        out.append(" ".join(line) + "\n\n")
    return "".join(out)


def best_of(runs: int, action: Callable[[], object]) -> float:
    """The shortest CPU time of ``runs`` calls of ``action`` (the machine may be shared)."""
    best = float("inf")
    for _ in range(runs):
        began = time.process_time()
        action()
        best = min(best, time.process_time() - began)
    return best


def stream(text: str) -> int:
    """Read every record of ``text`` one by one, as a validator does; return the count."""
    return sum(1 for _ in read_records(io.StringIO(text)))


def speed(text: str, runs: int = 5) -> dict[str, float]:
    """MB/s of the bare tokenizer, of the streaming reader and of ``read_string``."""
    size = len(text.encode("utf-8")) / 1e6
    return {
        "games": stream(text),
        "tokenizer": size / best_of(runs, lambda: sum(1 for _ in TOKEN.finditer(text))),
        "stream": size / best_of(runs, lambda: stream(text)),
        "list": size / best_of(runs, lambda: read_string(text)),
    }


def report(name: str, text: str) -> None:
    """Print the speeds measured over ``text``."""
    got = speed(text)
    print(
        f"{name}: {len(text.encode('utf-8')) / 1e6:.2f} MB, {got['games']:.0f} games; "
        f"tokenizer {got['tokenizer']:.1f} MB/s; reader streaming {got['stream']:.2f} MB/s "
        f"(1/{got['tokenizer'] / got['stream']:.1f}), read_string {got['list']:.2f} MB/s "
        f"(1/{got['tokenizer'] / got['list']:.1f})"
    )


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}")
    if CORPUS.is_dir():
        files = sorted(CORPUS.glob("*.pdn"))
        text = "\n".join(f.read_bytes().decode("utf-8", "replace") for f in files)
        report(f"pdn-standard/succeed ({len(files)} files)", text)
    report(f"synthetic archive ({args.games} games)", synthetic_archive(args.games))
    for path in args.paths:
        files = sorted(path.glob("*.pdn")) if path.is_dir() else [path]
        text = "\n".join(f.read_bytes().decode("utf-8", "replace") for f in files)
        report(str(path), text)


if __name__ == "__main__":
    main()
