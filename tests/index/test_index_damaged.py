"""A damaged index (its file overwritten in places, its rows changed by another program):
``find``, ``tree`` and ``index`` end with one line naming it and exit status 2, never a
traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from notation.index.db import shown
from notation.index.keys import pack_ids, unpack_ids
from notation.index.schema import open_database
from notation.index.target import index_file

from .archive import AFTER_FOUR, run

LINES = (
    ("1. 21-17 12-16 2. 23-18 9-13 3. 24-20 16-19 2-0", "2-0"),
    ("1. 23-18 12-16 2. 21-17 9-13 3. 18-14 0-2", "0-2"),
    ("1. 21-17 12-16 2. 23-18 9-13 3. 24-20 16-20 0-2", "0-2"),
)
"""Brazilian main lines, each reaching :data:`AFTER_FOUR`, and their results."""

FEW = 12
"""Games enough for the index to summarize the start (:data:`notation.index.summaries.LEAST`
of a chunk)."""

MANY = 1000
"""Games enough for the index to compress texts with a dictionary
(:data:`notation.index.texts.SAMPLES`), and for its games to fill many pages."""


def league(count: int) -> str:
    """An archive of ``count`` Brazilian games, each with its own players."""
    return "\n".join(
        f'[Event "League"]\n[Round "{n}"]\n[White "Player {n}"]\n[Black "Player {n + 1}"]\n'
        f'[Result "{LINES[n % 3][1]}"]\n[GameType "26"]\n\n{LINES[n % 3][0]}\n'
        for n in range(1, count + 1)
    )


def indexed(folder: Path, target: str, count: int = FEW) -> None:
    """Index an archive of ``count`` games (:func:`league`) into ``target``."""
    archive = folder / "league.pdn"
    archive.write_text(league(count), encoding="utf-8")
    result = run("index", "--db", target, str(archive))
    assert result.exit_code == 0, result.stderr


def damage(target: str, sql: str, params: tuple[object, ...] = ()) -> None:
    """Run ``sql`` on the index ``target`` as another program would."""
    db = open_database(target)
    try:
        db.execute(sql, params)
    finally:
        db.close()


def refused(target: str, what: str, *command: str) -> None:
    """``notation COMMAND --db TARGET`` ends with the one line saying the index is
    damaged (``what``), and exit status 2."""
    local = index_file(target) is not None
    where = target if local else shown(target)
    first = "delete it first" if local else "drop its tables first"
    result = run(*command, "--db", target)
    assert result.exit_code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr == (
        f"notation: {where}: the index is damaged ({what}): make it again with notation index "
        f"({first})\n"
    )


FIND_POSITION = ("find", "--position", AFTER_FOUR)
FIND_MATERIAL = ("find", "--material", "W=11")
TREE = ("tree", "-g", "brazilian")


@pytest.mark.parametrize("command", [("find",), FIND_POSITION, ("find", "--player", "Player 1")])
def test_places_that_cannot_be_read(tmp_path: Path, target: str, command: tuple[str]) -> None:
    indexed(tmp_path, target)
    damage(target, "UPDATE places SET data = ?", (b"\x03" * 12,))
    refused(target, "a row of places cannot be read", *command)


def test_a_text_that_cannot_be_read(tmp_path: Path, target: str) -> None:
    indexed(tmp_path, target)
    damage(target, "UPDATE games SET text = ?", (bytes(20),))
    refused(target, "a game's text cannot be read", "find", "--format", "pdn")


def test_texts_whose_dictionary_is_gone(tmp_path: Path, target: str) -> None:
    indexed(tmp_path, target, MANY)
    damage(target, "DELETE FROM dictionaries")
    refused(target, "dictionary 1 of the games' texts is missing", "find", "--format", "pdn")


@pytest.mark.parametrize("command", [FIND_POSITION, FIND_MATERIAL, TREE])
@pytest.mark.parametrize(
    ("sql", "params"),
    [("UPDATE games SET mainline = ?", (bytes(7),)), ("DELETE FROM moves", ())],
)
def test_main_lines_naming_moves_the_index_does_not_hold(
    tmp_path: Path, target: str, sql: str, params: tuple[object, ...], command: tuple[str]
) -> None:
    indexed(tmp_path, target)
    damage(target, sql, params)
    refused(target, "a move of its games is missing", *command)


@pytest.mark.parametrize("command", [FIND_POSITION, FIND_MATERIAL])
def test_a_main_line_that_cannot_be_replayed(
    tmp_path: Path, target: str, command: tuple[str]
) -> None:
    indexed(tmp_path, target)
    db = open_database(target)
    try:
        row = db.execute("SELECT mainline FROM games WHERE id = 1").fetchone()
        assert row is not None
        first = unpack_ids(bytes(row[0]))[0]
        # The first move played again by the other side.
        db.execute("UPDATE games SET mainline = ? WHERE id = 1", (pack_ids([first, first]),))
    finally:
        db.close()
    refused(target, "a game's main line cannot be replayed", *command)


@pytest.mark.parametrize(
    "command", [("find", "--player", "Player 1"), ("find", "--tag", "Event=League")]
)
def test_tagged_games_that_cannot_be_read(tmp_path: Path, target: str, command: tuple[str]) -> None:
    indexed(tmp_path, target)
    damage(target, "UPDATE tagged SET games = ?", (b"\x01\x02\x03",))
    refused(target, "a row of tagged cannot be read", *command)


@pytest.mark.parametrize("counts", [b"\x01" * 5, b"\x01\x07\x01\x00"])
def test_summaries_that_cannot_be_read(tmp_path: Path, target: str, counts: bytes) -> None:
    indexed(tmp_path, target)
    damage(target, "UPDATE summaries SET counts = ?", (counts,))
    refused(target, "a row of summaries cannot be read", *TREE)


@pytest.mark.parametrize("command", [FIND_POSITION, TREE, ("index", "more.pdn")])
def test_a_secret_that_cannot_be_read(tmp_path: Path, target: str, command: tuple[str]) -> None:
    indexed(tmp_path, target)
    (tmp_path / "more.pdn").write_text(league(1), encoding="utf-8")
    damage(target, "UPDATE meta SET value = 'zz' WHERE key = 'salt'")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        refused(target, "its secret cannot be read", *command)


def test_a_next_game_id_that_cannot_be_read(tmp_path: Path, target: str) -> None:
    indexed(tmp_path, target)
    (tmp_path / "more.pdn").write_text(league(1), encoding="utf-8")
    damage(target, "UPDATE meta SET value = 'abc' WHERE key = 'next_game'")
    refused(target, "its next game id cannot be read", "index", str(tmp_path / "more.pdn"))


@pytest.mark.parametrize("command", [FIND_MATERIAL, ("find", "--format", "pdn")])
def test_pages_overwritten_in_the_file(tmp_path: Path, command: tuple[str]) -> None:
    """SQLite finds the file corrupt while the rows of a statement are read, past its
    first."""
    target = str(tmp_path / "index.sqlite")
    indexed(tmp_path, target, MANY)
    db = sqlite3.connect(target)
    try:
        pages = db.execute(
            "SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf' ORDER BY pageno"
        ).fetchall()
        size = db.execute("PRAGMA page_size").fetchone()[0]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table")
    finally:
        db.close()
    assert len(pages) > 2
    with open(target, "r+b") as file:
        file.seek((pages[-1][0] - 1) * size)
        file.write(b"\x00\x01" * (size // 2))
    refused(target, "database disk image is malformed", *command)
