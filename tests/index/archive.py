"""Hand-made archives for the index tests, and a command runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from notation.cli.main import app
from notation.index import postings
from notation.index.db import Database
from notation.index.keys import nth_id

runner = CliRunner()

CLUB = """\
[Event "Club"]
[White "Ana Souza"]
[Black "Bruno Lima"]
[Result "2-0"]
[GameType "26"]

1. 21-17 12-16 2. 23-18 9-13 3. 24-20 16-19 2-0

[Event "Club"]
[White "Bruno Lima"]
[Black "Carla Dias"]
[Result "0-2"]
[GameType "26"]

1. 23-18 12-16 2. 21-17 9-13 3. 18-14 0-2
"""
"""Two Brazilian games reaching one position (:data:`AFTER_FOUR`) by two move orders."""

OPEN = """\
[Event "Open"]
[White "Carla Dias"]
[Black "ANA SOUZA"]
[Result "1-1"]
[GameType "26"]

1. a3-b4 h6-g5 2. e3-d4 b6-a5 3. g3-h4 g5-f4 1-1

[Event "Open"]
[White "Dan Reis"]
[Black "Ana Souza"]
[Result "0-2"]
[GameType "26"]

1. 21-17 12-16 2. 23-18 9-13 3. 24-20 16-20 0-2

[Event "Open"]
[White "Eva Melo"]
[Black "Bruno Lima"]
[Result "2-0"]
[GameType "26"]

1. 21-17 12-16 2. 21-17 2-0
"""
"""Game 1: the first game of :data:`CLUB` in the alphanumeric notation; game 2 reaches
:data:`AFTER_FOUR` and has an illegal ply 6; game 3 has an illegal ply 3."""

AFTER_FOUR = "W:W17,18,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,13,16"
"""The Brazilian position after 21-17 12-16 23-18 9-13 (or 23-18 12-16 21-17 9-13)."""


def write(folder: Path, **files: str) -> None:
    """Write each text to ``folder``/name.pdn."""
    for name, text in files.items():
        (folder / f"{name}.pdn").write_text(text, encoding="utf-8")


def run(*args: str) -> Result:
    """``notation ARGS`` in this process."""
    return runner.invoke(app, list(args))


def found(db: str | Path, *filters: str) -> list[dict[str, object]]:
    """The games ``find`` answers, as its JSON lists them."""
    result = run("find", "--db", str(db), "--format", "json", *filters)
    assert result.exit_code == 0, result.stderr
    games: list[dict[str, object]] = json.loads(result.stdout)["games"]
    return games


def positions_held(opened: Database) -> dict[int, list[tuple[int, int, str | None]]]:
    """Each game's positions as the index holds them, by game id: (key, ply, the move its
    main line plays there, in the game's first notation; ``None`` at its end), by ply."""
    lines = dict(opened.execute("SELECT id, mainline FROM games").fetchall())
    texts = dict(opened.execute("SELECT id, text FROM moves").fetchall())
    held: dict[int, list[tuple[int, int, str | None]]] = {}
    for game, ply, key in postings.every(opened):
        line = lines.get(game)
        move = None if line is None else nth_id(bytes(line), ply)
        held.setdefault(game, []).append((key, ply, None if move is None else texts[move]))
    for rows in held.values():
        rows.sort(key=lambda row: row[1])
    return held
