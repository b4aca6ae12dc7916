"""Verdicts of two commits' draughts engines, compared: every answer the same.

Run by hand (not a test)::

    python bench/layouts.py --old 88418c6 --games 2000 --positions 20000

It builds, with this checkout, the inputs: the positions of seeded random games of
Brazilian, international, Russian and English draughts from the start and of random
positions with kings (each written as a FEN tag), and for each a set of move texts (every
legal move in each notation, whole path and start-end forms, and random texts of squares
near its pieces). Then the ``--old`` commit (extracted with ``git archive``) and this
checkout, each in its own process, answer every input in a form that no board layout
enters: the FEN written back, the legal moves written out, the outcome, for each text the
move and the FEN after it or the code and message of its refusal, and for every tenth
position the text diagram; and ``notation validate --format jsonl`` of every record file
of ``samples/`` and ``tests/``. The answers must be identical, line for line; the first
difference found is printed. Prints the counts compared.

With ``--speed``, it times instead each commit's replay of the main lines of ``--games``
random games of each game (``Game.advance`` from the start over every move text, nothing
else): each commit in its own process, the two taking turns ``--rounds`` times, each
process keeping its best CPU time (user + sys) of three passes; printed per game, with the
ratio old / new.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from verdictkit import compare, old_tree, records

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve()
"""This script, run again with ``--answer`` under each commit's package."""
GAMES = ("brazilian", "international", "russian", "english")


def _texts(game: Any, position: Any, rng: random.Random) -> list[str]:
    """The move texts asked of ``position``: each legal move in every notation, whole and by
    its ends, and random texts between squares near the pieces."""
    texts: set[str] = set()
    moves = game.legal_moves(position)
    for move in moves:
        for notation in game.notations:
            texts.add(game.write(move, notation, True))
            texts.add(game.write(move, notation, False))
    engine = game.engine
    squares = list(engine.squares)
    pieces = engine.squares_in(position.white | position.black) or squares
    for _ in range(12):
        start = rng.choice(pieces)
        end = rng.choice(squares)
        kind = rng.choice("-x")
        notation = rng.choice(game.notations)
        if notation == "numeric":
            texts.add(f"{start}{kind}{end}")
            if rng.random() < 0.3:
                texts.add(f"{start}x{end}x{rng.choice(squares)}")
        else:
            texts.add(f"{engine.name[start]}{kind}{engine.name[end]}")
            texts.add(f"{engine.name[start][0]}{engine.name[end]}")
    return sorted(texts)


def _random_fen(game: Any, rng: random.Random) -> str:
    """A FEN of a random position with men and kings of both sides (no man on the row
    where it is crowned)."""
    engine = game.engine
    squares = list(engine.squares)
    count = rng.randint(2, len(squares) // 2)
    chosen = rng.sample(squares, count)
    lists: list[list[str]] = [[], []]
    for square in chosen:
        side = rng.randrange(2)
        king = rng.random() < 0.3 or engine.promotion[side] & engine.bit[square]
        lists[side].append(("K" if king else "") + str(square))
    if not lists[0] or not lists[1]:
        return _random_fen(game, rng)
    turn = rng.choice("WB")
    return f"{turn}:W{','.join(lists[0])}:B{','.join(lists[1])}"


def inputs(games: int, positions: int, seed: int) -> Iterator[dict[str, Any]]:
    """The positions asked (game, FEN, texts), built with this checkout's engines."""
    from notation.games.playout import playout
    from notation.games.registry import get_game

    rng = random.Random(seed)
    for name in GAMES:
        game = get_game(name)
        first = game.notations[0]
        start = game.start({})
        for _ in range(games):
            played = playout(game, start, rng, max_plies=rng.randrange(20, 160))
            position = start
            for move in played.moves:
                fen = game.write_fen(position, first)
                yield {"game": name, "fen": fen, "texts": _texts(game, position, rng)}
                position = game.play(position, move)
            yield {"game": name, "fen": game.write_fen(position, first), "texts": []}
        for _ in range(positions):
            fen = _random_fen(game, rng)
            position = game.parse_fen(fen)
            yield {"game": name, "fen": fen, "texts": _texts(game, position, rng)}


def answer(path: Path, out: Path) -> None:
    """Answer each input of ``path`` (JSON lines) with the engine imported here."""
    from notation.games.base import IllegalMove
    from notation.games.registry import get_game

    with path.open(encoding="utf-8") as lines, out.open("w", encoding="utf-8") as answers:
        for number, line in enumerate(lines):
            asked = json.loads(line)
            game = get_game(asked["game"])
            first = game.notations[0]
            position = game.parse_fen(asked["fen"])
            legal = [game.write(m, first, True) for m in game.legal_moves(position)]
            outcome = game.outcome(position)
            said = [game.write_fen(position, first), legal, repr(outcome)]
            if number % 10 == 0:
                said.append([game.render_text(position, None, n) for n in game.notations])
            for text in asked["texts"]:
                try:
                    move, after = game.advance(position, text)
                except IllegalMove as error:
                    said.append([text, error.code, str(error), error.show_legal])
                else:
                    said.append([text, game.write(move, first, True), game.write_fen(after)])
            answers.write(json.dumps(said) + "\n")


def replays(games: int, seed: int) -> dict[str, list[list[str]]]:
    """The main lines' move texts of ``games`` random games of each game, from the start."""
    from notation.games.playout import playout
    from notation.games.registry import get_game

    rng = random.Random(seed)
    lines: dict[str, list[list[str]]] = {}
    for name in GAMES:
        game = get_game(name)
        start = game.start({})
        lines[name] = [
            list(playout(game, start, rng, max_plies=rng.randrange(40, 120)).texts)
            for _ in range(games)
        ]
    return lines


def time_replays(path: Path, out: Path) -> None:
    """Write the best CPU seconds of three replays of each game's lines of ``path``."""
    from notation.games.registry import get_game

    lines = json.loads(path.read_text(encoding="utf-8"))
    best = {}
    for name, games in lines.items():
        game = get_game(name)
        start, advance = game.start({}), game.advancer()
        seconds = []
        for _ in range(4):  # the first pass fills the move texts' cache
            began = time.process_time()
            for texts in games:
                position = start
                for text in texts:
                    _, position = advance(position, text)
            seconds.append(time.process_time() - began)
        best[name] = min(seconds[1:])
    out.write_text(json.dumps(best), encoding="utf-8")


def speed(old: Path, games: int, rounds: int, seed: int, folder: Path) -> None:
    """Time the two trees' replays, taking turns; print each game's best and the ratio."""
    asked = folder / "lines.json"
    lines = replays(games, seed)
    asked.write_text(json.dumps(lines), encoding="utf-8")
    script = str(Path(__file__).resolve())
    best: dict[str, dict[str, float]] = {"old": {}, "new": {}}
    for _ in range(rounds):
        for label, tree in (("old", old), ("new", ROOT)):
            out = folder / f"{label}.json"
            env = {**os.environ, "PYTHONPATH": str(tree)}
            subprocess.run(
                [sys.executable, script, "--time", str(asked), str(out)], check=True, env=env
            )
            for name, seconds in json.loads(out.read_text(encoding="utf-8")).items():
                best[label][name] = min(best[label].get(name, seconds), seconds)
    print(f"{platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()}")
    for name in GAMES:
        plies = sum(len(texts) for texts in lines[name])
        before, after = best["old"][name], best["new"][name]
        print(
            f"{name:<13} {plies:8,} plies  old {before:6.3f} s  new {after:6.3f} s CPU"
            f"  ({before / plies * 1e6:.2f} -> {after / plies * 1e6:.2f} us a ply)"
            f"  old / new {before / after:.2f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the commit whose engine is compared with this checkout's")
    parser.add_argument("--games", type=int, default=200, help="random games of each game")
    parser.add_argument("--positions", type=int, default=2000, help="random positions of each")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--speed", action="store_true", help="time the replays instead")
    parser.add_argument("--rounds", type=int, default=3, help="turns of each commit (--speed)")
    parser.add_argument("--answer", nargs=2, type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--time", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.answer:
        answer(*args.answer)
        return
    if args.time:
        time_replays(*args.time)
        return
    if not args.old:
        parser.error("--old COMMIT is required")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if args.speed:
            speed(old_tree(args.old, folder), args.games, args.rounds, args.seed, folder)
            return
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
