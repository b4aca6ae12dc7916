"""Benchmark: validating a seeded archive of random Brazilian draughts games.

Run by hand (not a test)::

    python bench/brazilian.py --games 10000

It builds an archive of random legal games (numeric notation, full tags) and times, in one
process and over the same games: notation's full validation (split, parse, replay, result
checks), notation's parsing without replay (the reader keeps a plain movetext's plies as
text until they are asked for), the same parsing with every record's ``Ply`` objects made,
a bare ``re.finditer`` tokenization of the same text, and py-draughts'
``BrazilianBoard.from_pdn`` replaying each game (when installed; it is given each game's
text already split out). Peak memory of full validation is measured
in child processes for a fifth of the archive and for all of it, to show it stays flat.

A shared machine's speed drifts, in spells of a second or more. So each work runs whole,
the works taking turns, and is timed lap by lap (a lap is the next ``--lap`` games); a
work's time is the sum over laps of its best time for that lap. The two light works, the
tokenizer and parsing, get three times ``--rounds`` rounds; the two heavy ones, whose
ratio is taken together, get ``--rounds``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

# bench/games.py loads this file for best_seconds and validate.
from benchkit import (
    Work,
    announce,
    arguments,
    best_seconds,
    build_archive,
    clock,
    peak_memory,
    print_rates,
    validate,
)

from notation.record.reader import read_records

TOKEN = re.compile(r"\[[^\]]*\]|\{[^}]*\}|\d+\.(?:\.\.)?|[0-9a-hx:-]+|\$\d+|[()*]|1/2-1/2|\S")
"""A bare PDN tokenizer: the speed floor any parser is compared with."""


def tokenize(text: str, laps: list[tuple[int, int]]) -> Iterator[None]:
    """Tokenize each lap (a span) of ``text``, yielding after each."""
    for start, end in laps:
        for _ in TOKEN.finditer(text, start, end):
            pass
        yield None


def parse_plies(path: Path) -> Iterator[object]:
    """Read each record of ``path`` and make its main line's ``Ply`` objects."""
    for record in read_records(path):
        yield record.moves.plies


def pydraughts(texts: list[str]) -> Iterator[object]:
    """Replay each game's text with py-draughts, yielding each board."""
    from draughts import BrazilianBoard

    for text in texts:
        yield BrazilianBoard.from_pdn(text)


def main() -> None:
    args = arguments(__doc__.split("\n")[0], 10_000).parse_args()
    args.out.mkdir(exist_ok=True)
    archive = args.out / f"brazilian-{args.games}-{args.seed}.pdn"
    small = args.out / f"brazilian-{args.games // 5}-{args.seed}.pdn"
    games, plies = build_archive(archive, args.games, args.seed)
    build_archive(small, args.games // 5, args.seed)
    text, size, texts = announce(archive, games, plies)
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.MULTILINE)][:: args.lap]
    laps = list(zip(starts, [*starts[1:], len(text)], strict=True))
    light, heavy = args.rounds * 3, args.rounds
    works: dict[str, tuple[Work, int, int]] = {
        "bare re.finditer tokenizer": (lambda: tokenize(text, laps), 1, light),
        "notation: parse only": (lambda: read_records(archive), args.lap, light),
        "notation: parse, plies made": (lambda: parse_plies(archive), args.lap, light),
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
    best = best_seconds(works, clock(args.cpu))
    print(
        f"best {'CPU ' if args.cpu else ''}time of each {args.lap}-game lap; "
        f"the works take turns, {heavy} rounds "
        f"({light} for the tokenizer and the two parsings):"
    )
    print_rates(best, games, plies, size)
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
