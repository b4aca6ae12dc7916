"""Benchmark: validating a seeded archive of random international draughts games, against
py-draughts' ``StandardBoard`` (with ``--game russian``: Russian draughts against
``RussianBoard``).

Run by hand (not a test)::

    python bench/international.py --games 3000 --rounds 5
    python bench/international.py --game russian --games 3000

It builds an archive of random legal games (GameType 20 in numeric notation, or 25 in
alphanumeric notation for Russian draughts; full tags) and
times, in one process and over the same games: notation's full validation (split, parse,
replay, result checks) and py-draughts' ``StandardBoard.from_pdn`` replaying each game
(given each game's text already split out), as ``bench/brazilian.py`` times Brazilian
draughts against ``BrazilianBoard``: the two take turns, each timed lap by lap (a lap is
the next ``--lap`` games), a work's time being the sum over laps of its best time for
that lap over ``--rounds`` rounds. It prints each time and the ratio of the two.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import re
from collections.abc import Iterator
from pathlib import Path

from notation.games.playout import playout
from notation.games.registry import get_game

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("bench_brazilian", HERE / "brazilian.py")
assert _spec is not None and _spec.loader is not None
brazilian = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(brazilian)

BOARDS = {"international": ("20", "StandardBoard"), "russian": ("25", "RussianBoard")}
"""Each game measured: its GameType and the py-draughts board class that replays it."""


def build_archive(
    path: Path, games: int, seed: int, name: str = "international"
) -> tuple[int, int]:
    """Write ``games`` seeded random games of ``name`` to ``path``; (games, plies)."""
    game = get_game(name)
    gametype = BOARDS[name][0]
    start = game.start({})
    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as out:
        for index in range(1, games + 1):
            played = playout(game, start, rng, max_plies=rng.randrange(40, 120))
            plies += len(played.moves)
            outcome = played.outcome
            result = "*" if outcome is None else game.result_for(outcome)[0]
            out.write(
                f'[Event "Bench {seed}"]\n[Round "{index}"]\n[White "Player {index % 97}"]\n'
                f'[Black "Player {index % 89}"]\n[GameType "{gametype}"]\n[Result "{result}"]\n\n'
            )
            words = []
            for number, text in enumerate(played.texts):
                words.append(f"{number // 2 + 1}. {text}" if number % 2 == 0 else text)
            words.append(result)
            out.write(brazilian._wrap(" ".join(words)) + "\n\n")
    return games, plies


def pydraughts(texts: list[str], name: str = "international") -> Iterator[object]:
    """Replay each game's text with py-draughts' board of ``name``, yielding each board."""
    import draughts

    board = getattr(draughts, BOARDS[name][1])
    for text in texts:
        yield board.from_pdn(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(BOARDS), default="international")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lap", type=int, default=500, help="games per timed lap")
    args = parser.parse_args()
    try:
        import draughts  # noqa: F401
    except ImportError:
        raise SystemExit("py-draughts is not installed: pip install py-draughts") from None
    args.out.mkdir(exist_ok=True)
    archive = args.out / f"{args.game}-{args.games}-{args.seed}.pdn"
    games, plies = build_archive(archive, args.games, args.seed, args.game)
    text = archive.read_text(encoding="utf-8")
    size = len(text.encode())
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(
        f"archive: {games} games, {plies} plies ({plies / games:.1f} per game), {size / 1e6:.2f} MB"
    )
    texts = [t for t in re.split(r"\n\n(?=\[)", text) if t.strip()]
    reference = f"py-draughts {BOARDS[args.game][1]}.from_pdn"
    works = {
        "notation: full validation": (lambda: brazilian.validate(archive), args.lap, args.rounds),
        reference: (lambda: pydraughts(texts, args.game), args.lap, args.rounds),
    }
    best = brazilian.best_seconds(works)
    print(f"best time of each {args.lap}-game lap; the works take turns, {args.rounds} rounds:")
    for label, seconds in best.items():
        print(
            f"{label:<36} {seconds:7.2f} s {games / seconds:8.0f} games/s "
            f"{plies / seconds:9.0f} plies/s {size / seconds / 1e6:6.2f} MB/s"
        )
    ours, theirs = best["notation: full validation"], best[reference]
    print(f"full validation / py-draughts: {theirs / ours:.2f}x games/s")


if __name__ == "__main__":
    main()
