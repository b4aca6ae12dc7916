"""Benchmark: validating a seeded archive of random international draughts games, against
py-draughts' ``StandardBoard`` (with ``--game russian``: Russian draughts against
``RussianBoard``; with ``--game english``: English draughts against ``AmericanBoard``).

Run by hand (not a test)::

    python bench/international.py --games 3000 --rounds 5
    python bench/international.py --game russian --games 3000
    python bench/international.py --game english --games 3000

It builds an archive of random legal games (GameType 20 in numeric notation, 25 in
alphanumeric notation for Russian draughts, 21 for English; full tags) and
times, in one process and over the same games: notation's full validation (split, parse,
replay, result checks) and py-draughts' ``StandardBoard.from_pdn`` replaying each game
(given each game's text already split out), as ``bench/brazilian.py`` times Brazilian
draughts against ``BrazilianBoard``: the two take turns, each timed lap by lap (a lap is
the next ``--lap`` games), a work's time being the sum over laps of its best time for
that lap over ``--rounds`` rounds. It prints each time and the ratio of the two.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from benchkit import (
    announce,
    arguments,
    best_seconds,
    build_archive,
    clock,
    print_rates,
    validate,
)

BOARDS = {
    "international": ("20", "StandardBoard"),
    "russian": ("25", "RussianBoard"),
    "english": ("21", "AmericanBoard"),
}
"""Each game measured: its GameType and the py-draughts board class that replays it."""


MOVE = re.compile(r"\b[0-9]+(?:[-x][0-9]+)+\b")
"""A move of a movetext in numeric notation (or a result: :data:`RESULTS`)."""

RESULTS = ("1-0", "0-1")


def mirrored(text: str) -> str:
    """An English game's text with each square n of its moves as 33 - n: py-draughts'
    ``AmericanBoard`` numbers the squares from the other side (its first mover's men on
    21..32). Done before timing."""
    movetext = text.index("\n\n")
    moves = MOVE.sub(
        lambda move: (
            move[0]
            if move[0] in RESULTS
            else re.sub(r"[0-9]+", lambda n: str(33 - int(n[0])), move[0])
        ),
        text[movetext:],
    )
    return text[:movetext] + moves


def pydraughts(texts: list[str], name: str = "international") -> Iterator[object]:
    """Replay each game's text with py-draughts' board of ``name``, yielding each board."""
    import draughts

    board = getattr(draughts, BOARDS[name][1])
    for text in texts:
        yield board.from_pdn(text)


def main() -> None:
    parser = arguments(__doc__.split("\n")[0], 3000)
    parser.add_argument("--game", choices=sorted(BOARDS), default="international")
    args = parser.parse_args()
    try:
        import draughts  # noqa: F401
    except ImportError:
        raise SystemExit("py-draughts is not installed: pip install py-draughts") from None
    args.out.mkdir(exist_ok=True)
    archive = args.out / f"{args.game}-{args.games}-{args.seed}.pdn"
    gametype = BOARDS[args.game][0]
    games, plies = build_archive(
        archive, args.games, args.seed, args.game, gametype, (40, 120), "*"
    )
    _, size, texts = announce(archive, games, plies)
    if args.game == "english":
        texts = [mirrored(text) for text in texts]
    reference = f"py-draughts {BOARDS[args.game][1]}.from_pdn"
    works = {
        "notation: full validation": (lambda: validate(archive), args.lap, args.rounds),
        reference: (lambda: pydraughts(texts, args.game), args.lap, args.rounds),
    }
    best = best_seconds(works, clock(args.cpu))
    kind = "CPU time" if args.cpu else "time"
    print(f"best {kind} of each {args.lap}-game lap; the works take turns, {args.rounds} rounds:")
    print_rates(best, games, plies, size)
    ours, theirs = best["notation: full validation"], best[reference]
    print(f"full validation / py-draughts: {theirs / ours:.2f}x games/s")


if __name__ == "__main__":
    main()
