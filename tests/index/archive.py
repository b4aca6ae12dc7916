"""Hand-made archives for the index tests, and a command runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from notation.cli.main import app
from notation.games.base import AnyGame, Position
from notation.games.registry import GAMES
from notation.index import postings
from notation.index.db import Database
from notation.index.keys import nth_id, position_key, unpack_ids
from notation.index.schema import salt

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


SALT = bytes(16)
"""A fixed secret: keys made from it compare between indexes (each has its own)."""


def positions_held(opened: Database) -> dict[int, list[tuple[int, int, str | None]]]:
    """Each game's positions as the index holds them, by game id: (key, ply, the move its
    main line plays there, in the game's first notation; ``None`` at its end), by ply. The
    key is checked to be the index's key of the position the main line reaches at that
    ply, and given as :data:`SALT` makes it, so that two indexes' positions compare (a key
    of a game the index does not hold is given as held)."""
    secret = salt(opened)
    games = {
        id_: (GAMES[name], json.loads(tags), bytes(line))
        for id_, name, tags, line in opened.execute(
            "SELECT g.id, g.game, s.tags, g.mainline FROM games g JOIN setups s ON s.id = g.setup"
        )
    }
    texts = dict(opened.execute("SELECT id, text FROM moves").fetchall())
    reached: dict[int, list[Position]] = {}
    held: dict[int, list[tuple[int, int, str | None]]] = {}
    for game, ply, key in postings.every(opened):
        move = None
        if game in games:
            kind, tags, line = games[game]
            if game not in reached:
                reached[game] = _line(kind, tags, [texts[m] for m in unpack_ids(line)])
            position = reached[game][ply]
            assert position_key(kind, position, secret) == key, (game, ply)
            key = position_key(kind, position, SALT)
            move = nth_id(line, ply)
        held.setdefault(game, []).append((key, ply, None if move is None else texts[move]))
    for rows in held.values():
        rows.sort(key=lambda row: row[1])
    return held


def _line(game: AnyGame, tags: dict[str, str], words: list[str]) -> list[Position]:
    """The positions of a main line of ``words`` from the start ``tags`` set up."""
    untagged = {name: value for name, value in tags.items() if name != "Notation"}
    positions = [game.start_record(untagged, words)]
    for word in words:
        positions.append(game.advance(positions[-1], word)[1])
    return positions
