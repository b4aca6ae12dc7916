"""Verdicts of two commits' Keny and Kavaleria engines, compared: every answer the same.

Run by hand (not a test)::

    python bench/kk_verdicts.py --old cb63e21 --games 300 --positions 3000

It builds, with this checkout, the inputs: the positions of seeded random games of Keny
and Kavaleria (the games' own playout, :mod:`notation.games.playout`) from the start under
random rule options, and random positions (each written as its ``FEN`` and ``Rules``
tags), and for each a set of move texts (every legal move in each notation and random
texts between points near its pieces). Then the ``--old`` commit (extracted with ``git
archive``) and this checkout, each in its own process, answer every input in a form that
no internal layout enters: the setup tags written back, the legal moves written out, the
outcome, for each text the move and the setup tags after it or the code and message of its
refusal, and for every tenth position the text diagram; and ``notation validate --format
jsonl`` of every record file of ``samples/`` and ``tests/``. The answers must be
identical, line for line; the first difference found is printed. Prints the counts
compared.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from verdictkit import compare, records

SCRIPT = Path(__file__).resolve()
"""This script, run again with ``--answer`` under each commit's package."""
GAMES = ("keny", "kavaleria")
OPTIONS = {
    "keny": ("optional-capture", "single-jump", "promote-in-capture", "draw=6", "draw=40"),
    "kavaleria": ("no-backward", "extra-turn"),
}


def _rules(name: str, rng: random.Random) -> dict[str, str]:
    """A ``Rules`` tag of random options (none half the time)."""
    if rng.random() < 0.5:
        return {}
    options = OPTIONS[name]
    chosen = [o for o in options if rng.random() < 0.4 and not o.startswith("draw")]
    if name == "keny" and rng.random() < 0.3:
        chosen.append(rng.choice(("draw=6", "draw=40")))
    return {"Rules": ",".join(chosen)} if chosen else {}


def _names(name: str) -> tuple[list[str], list[str]]:
    """The square names of a game in each of its two notations (Keny: both alike)."""
    if name == "keny":
        from notation.games.keny import SQUARE_NAMES

        return list(SQUARE_NAMES), list(SQUARE_NAMES)
    from notation.games.kavaleria import POINT_NAMES

    return list(POINT_NAMES), [str(p + 1) for p in range(len(POINT_NAMES))]


def _texts(name: str, game: Any, position: Any, rng: random.Random) -> list[str]:
    """The move texts asked of ``position``: each legal move in every notation, and random
    texts of one to three segments between random squares."""
    texts: set[str] = set()
    for move in game.legal_moves(position):
        for notation in game.notations:
            texts.add(game.format_move(position, move, notation))
    first, second = _names(name)
    signs = "-x:" if name == "keny" else "-x"
    for _ in range(12):
        names = rng.choice((first, second))
        count = rng.choice((2, 2, 2, 3, 4))
        sign = rng.choice(signs)
        texts.add(sign.join(rng.choice(names) for _ in range(count)))
    return sorted(texts)


def _random_tags(name: str, rng: random.Random) -> dict[str, str]:
    """The ``FEN`` (and maybe ``Rules``) tags of a random position."""
    if name == "keny":
        from notation.games.keny import SQUARE_NAMES

        squares = rng.sample(range(64), rng.randint(2, 24))
        lists: list[list[str]] = [[], []]
        for sq in squares:
            side = rng.randrange(2)
            far = 7 if side == 0 else 0
            king = sq // 8 == far or rng.random() < 0.3
            lists[side].append(("K" if king else "") + SQUARE_NAMES[sq])
        turn = rng.choice("WB")
        quiet = f":H{rng.randrange(25)}" if rng.random() < 0.3 else ""
        fen = f"{turn}:W{','.join(lists[0])}:B{','.join(lists[1])}{quiet}"
    else:
        from notation.games.kavaleria import POINT_NAMES, POINT_ROW

        points = rng.sample(range(len(POINT_NAMES)), rng.randint(2, 24))
        lists = [[], []]
        voivodes = [rng.random() < 0.9, rng.random() < 0.9]
        if not any(voivodes):
            voivodes[rng.randrange(2)] = True
        for p in points:
            side = rng.randrange(2)
            far = 6 if side == 0 else 0
            if voivodes[side]:
                letter, voivodes[side] = "V", False
            else:
                letter = "S" if POINT_ROW[p] == far or rng.random() < 0.3 else ""
            lists[side].append(letter + POINT_NAMES[p])
        if any(voivodes):
            return _random_tags(name, rng)
        turn = rng.choice("WB")
        fen = f"{turn}:W{','.join(lists[0])}:B{','.join(lists[1])}"
    return {"FEN": fen, **_rules(name, rng)}


def inputs(games: int, positions: int, seed: int) -> Iterator[dict[str, Any]]:
    """The positions asked (game, setup tags, texts), built with this checkout's engines."""
    from notation.games.playout import playout
    from notation.games.registry import get_game

    rng = random.Random(seed)
    for name in GAMES:
        game = get_game(name)
        for _ in range(games):
            start = game.start(_rules(name, rng))
            played = playout(game, start, rng, max_plies=rng.randrange(20, 200))
            for position in played.positions:
                tags = game.setup_tags(position)
                yield {"game": name, "tags": tags, "texts": _texts(name, game, position, rng)}
        for _ in range(positions):
            tags = _random_tags(name, rng)
            try:
                position = game.start(tags)
            except ValueError:
                yield {"game": name, "tags": tags, "texts": []}
                continue
            yield {"game": name, "tags": tags, "texts": _texts(name, game, position, rng)}


def answer(path: Path, out: Path) -> None:
    """Answer each input of ``path`` (JSON lines) with the engines imported here."""
    from notation.games.base import IllegalMove, SetupError
    from notation.games.registry import get_game

    with path.open(encoding="utf-8") as lines, out.open("w", encoding="utf-8") as answers:
        for number, line in enumerate(lines):
            asked = json.loads(line)
            game = get_game(asked["game"])
            try:
                position = game.start(asked["tags"])
            except SetupError as error:
                answers.write(json.dumps(["setup", error.tag, str(error)]) + "\n")
                continue
            legal = [
                [game.format_move(position, m, n) for n in game.notations]
                for m in game.legal_moves(position)
            ]
            said: list[Any] = [game.setup_tags(position), legal, repr(game.outcome(position))]
            if number % 10 == 0:
                said.append([game.render_text(position, None, n) for n in game.notations])
            advance = game.advancer()
            for text in asked["texts"]:
                try:
                    move, after = game.advance(position, text)
                except IllegalMove as error:
                    said.append([text, error.code, str(error), error.show_legal])
                    continue
                again = advance(position, text)
                if again != (move, after) or game.play(position, move) != after:
                    said.append([text, "advance, advancer and play disagree"])
                said.append(
                    [
                        text,
                        [game.format_move(position, move, n) for n in game.notations],
                        game.setup_tags(after),
                        repr(game.outcome(after)),
                    ]
                )
            answers.write(json.dumps(said) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the commit whose engines are compared with this checkout's")
    parser.add_argument("--games", type=int, default=200, help="random games of each game")
    parser.add_argument("--positions", type=int, default=2000, help="random positions of each")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--answer", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.answer:
        answer(*args.answer)
        return
    if not args.old:
        parser.error("--old COMMIT is required")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        asked = folder / "inputs.jsonl"
        counts = {"positions": 0, "texts": 0}
        with asked.open("w", encoding="utf-8") as out:
            for item in inputs(args.games, args.positions, args.seed):
                counts["positions"] += 1
                counts["texts"] += len(item["texts"])
                out.write(json.dumps(item) + "\n")
        files = records()
        said = (
            f"{counts['positions']:,} positions, {counts['texts']:,} (position, text) pairs, "
            f"{len(files)} record files"
        )
        compare(SCRIPT, args.old, asked, folder, files, said)


if __name__ == "__main__":
    main()
