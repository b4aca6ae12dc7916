"""Verdicts of two commits' Knight Fight and Cheversi engines, compared: every answer the same.

Run by hand (not a test)::

    python bench/knight_cheversi_verdicts.py --old cb63e21 --games 1000 --positions 2000

It builds, with this checkout, the inputs: for each game, the positions of seeded random
games from the start (the game's own playout, Knight Fight on a layout drawn per game,
Cheversi in a notation drawn among its six, tagged or not), each given as the record's
tags, its move texts and the number of them that reach it, and random setups (a ``FEN``
tag of random pieces, knights and inaccessible squares, legal or not); for each a set of
move texts (every legal move in every notation, and random texts). Then the ``--old``
commit (extracted with ``git archive``) and this checkout, each in its own process, answer
every input: the setup's refusal or the tags written back, the legal moves written out,
the outcome and the scores, for each text the move and the tags after it or the code and
message of its refusal, a tenth of the positions' text diagrams, the notation a record
without a ``Notation`` tag is read in; and ``notation validate --format jsonl`` of every
record file of ``samples/`` and ``tests/`` and of an archive of the random games, a third
of them with a ply replaced by a random text. The answers must be identical, line for
line; the first difference found is printed. Prints the counts compared.
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
GAMES = ("knight-fight", "cheversi")


def _random_text(name: str, rng: random.Random) -> str:
    """A random move text of the game's shapes (mostly), legal or not."""
    if name == "knight-fight":
        square = f"{rng.choice('ABCDEFGHIJabcdefghij')}{rng.randint(0, 11)}"
        number = f"{rng.randint(0, 99):02d}"
        text = rng.choice((square, number, f"{square}/{rng.choice('ABCJ')}{rng.randint(1, 10)}"))
        if rng.random() < 0.3:
            text += f"/{rng.randint(0, 99):02d}"
        return rng.choice((text, text, text, "x" + text, text + " "))
    pieces = "KQRBNDTFCLSФЛСКТ♔♕♖♗♘♚♛♜♝♞♙P"
    piece = rng.choice(pieces) + ("р" if rng.random() < 0.1 else "")
    square = f"{rng.choice('abcdefghiавсе')}{rng.randint(0, 9)}"
    return rng.choice((piece + square, piece + square, square, piece + square + "+"))


def _texts(game: Any, name: str, position: Any, rng: random.Random) -> list[str]:
    """Every legal move in every notation, and a dozen random texts."""
    texts = {
        game.format_move(position, move, notation)
        for move in game.legal_moves(position)
        for notation in game.notations
    }
    texts.update(_random_text(name, rng) for _ in range(12))
    return sorted(texts)


def _random_tags(name: str, rng: random.Random) -> dict[str, str]:
    """The tags of a random setup (often one no game reaches: then its refusal is asked)."""
    from notation.games.knight_fight import random_layout

    if name == "knight-fight":
        squares = [f"{f}{r}" for f in "ABCDEFGHIJ" for r in range(1, 11)]
        chosen = rng.sample(squares, rng.randint(2, 40))
        white = chosen[0] if rng.random() < 0.9 else "-"
        black = chosen[1] if rng.random() < 0.9 else "-"
        dead = ",".join(chosen[2:])
        fen = f"{rng.choice('WB')}:W{white}:B{black}:S{rng.randint(0, 300)},{rng.randint(0, 300)}"
        if dead:
            fen += f":X{dead}"
        return {"Layout": random_layout(rng.randrange(10**6)), "FEN": fen}
    board = ["."] * 64
    white = rng.randint(0, 8)
    black = max(0, white - rng.choice((0, 1, 1, 2)))
    for count, pieces in ((white, "KQRRBBNN"), (black, "qrrbbnnk")):
        for piece in rng.sample(pieces, count):
            board[rng.choice([s for s in range(64) if board[s] == "."])] = piece
    ranks = []
    for rank in range(7, -1, -1):
        row, run = "", 0
        for char in board[8 * rank : 8 * rank + 8]:
            if char == ".":
                run += 1
                continue
            row, run = row + (str(run) if run else "") + char, 0
        ranks.append(row + (str(run) if run else ""))
    occupied = [s for s in range(64) if board[s] != "."]
    last = "-" if not occupied else "abcdefgh"[(s := rng.choice(occupied)) % 8] + str(s // 8 + 1)
    turn = "w" if (white + black) % 2 == 0 else "b"
    if rng.random() < 0.1:
        turn = "bw"[turn == "b"]
    tags = {"FEN": f"{'/'.join(ranks)} {turn} {last}"}
    tags["Notation"] = rng.choice(("en", "fr", "de", "ru", "uk", "figurine"))
    return tags


def inputs(games: int, positions: int, seed: int) -> Iterator[dict[str, Any]]:
    """The positions asked (game, tags, the texts reaching them, the texts asked)."""
    from notation.games.playout import playout
    from notation.games.registry import get_game

    rng = random.Random(seed)
    for name in GAMES:
        game = get_game(name)
        for index in range(games):
            tags = game.new_tags(seed=rng.randrange(10**9))
            notation = rng.choice(game.notations)
            if name == "cheversi" and rng.random() < 0.7:
                tags["Notation"] = notation
            start = game.start(tags)
            played = playout(game, start, rng, max_plies=rng.randrange(10, 120), notation=notation)
            position = start
            for ply, move in enumerate(played.moves):
                texts = _texts(game, name, position, rng) if (ply + index) % 3 == 0 else []
                yield {
                    "game": name,
                    "tags": tags,
                    "line": played.texts,
                    "ply": ply,
                    "texts": texts,
                    "record": False,
                }
                position = game.play(position, move)
            yield {
                "game": name,
                "tags": tags,
                "line": played.texts,
                "ply": len(played.texts),
                "texts": _texts(game, name, position, rng),
                "record": True,
            }
        for _ in range(positions):
            tags = _random_tags(name, rng)
            try:
                position = game.start(tags)
            except ValueError:
                texts = []
            else:
                texts = _texts(game, name, position, rng)
            yield {
                "game": name,
                "tags": tags,
                "line": [],
                "ply": 0,
                "texts": texts,
                "record": False,
            }


def _said(game: Any, position: Any, notation: str) -> list[Any]:
    """What is asked of every position: its tags written back, legal moves, outcome, scores."""
    legal = game.describe_moves(position, game.legal_moves(position), notation)
    outcome, scores = repr(game.outcome(position)), repr(game.scores(position))
    return [game.setup_tags(position, notation), legal, outcome, scores]


def answer(path: Path, out: Path) -> None:
    """Answer each input of ``path`` (JSON lines) with the engine imported here."""
    from notation.games.base import IllegalMove, SetupError
    from notation.games.registry import get_game

    with path.open(encoding="utf-8") as lines, out.open("w", encoding="utf-8") as answers:
        for number, line in enumerate(lines):
            asked = json.loads(line)
            game = get_game(asked["game"])
            tags = asked["tags"]
            try:
                position = game.start_record(tags, asked["line"])
            except SetupError as error:
                answers.write(json.dumps(["setup", str(error), error.tag]) + "\n")
                continue
            advance = game.advancer()
            for text in asked["line"][: asked["ply"]]:
                _, position = advance(position, text)
            notation = tags.get("Notation", game.notations[0])
            said = _said(game, position, notation)
            if asked["record"]:
                untagged = {k: v for k, v in tags.items() if k != "Notation"}
                said.append(getattr(game.start_record(untagged, asked["line"]), "notation", None))
            if number % 10 == 0:
                said.append([game.render_text(position, None, n) for n in game.notations])
            for text in asked["texts"]:
                try:
                    move, after = game.advance(position, text)
                except IllegalMove as error:
                    said.append([text, error.code, str(error), error.show_legal])
                else:
                    written = game.format_move(position, move, notation)
                    said.append([text, written, game.setup_tags(after, notation)])
                    if game.parse_move(position, text) != move:
                        said.append("parse_move differs from advance")
            answers.write(json.dumps(said, ensure_ascii=False) + "\n")


def write_archive(asked: Path, folder: Path, seed: int) -> list[str]:
    """The random games of the inputs as record files (a third with a ply replaced by a
    random text), one file per game; their paths."""
    rng = random.Random(seed)
    files: dict[str, list[str]] = {name: [] for name in GAMES}
    with asked.open(encoding="utf-8") as lines:
        for line in lines:
            item = json.loads(line)
            if not item["record"]:
                continue
            texts = list(item["line"])
            if texts and rng.random() < 1 / 3:
                texts[rng.randrange(len(texts))] = _random_text(item["game"], rng).strip() or "x"
            movetext = " ".join(
                f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(texts)
            )
            header = [f'[Variant "{item["game"]}"]', '[Result "*"]']
            header += [f'[{k} "{v}"]' for k, v in item["tags"].items()]
            files[item["game"]].append("\n".join(header) + f"\n\n{movetext} *\n")
    paths = []
    for name, texts in files.items():
        path = folder / f"{name}.pdn"
        path.write_text("\n".join(texts), encoding="utf-8")
        paths.append(str(path))
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the commit whose engines are compared with this checkout's")
    parser.add_argument("--games", type=int, default=300, help="random games of each game")
    parser.add_argument("--positions", type=int, default=1000, help="random setups of each")
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
                out.write(json.dumps(item, ensure_ascii=False) + "\n")
        files = records() + write_archive(asked, folder, args.seed)
        said = (
            f"{counts['positions']:,} positions, {counts['texts']:,} (position, text) pairs, "
            f"{len(files)} record files ({2 * args.games:,} random games among them)"
        )
        compare(SCRIPT, args.old, asked, folder, files, said)


if __name__ == "__main__":
    main()
