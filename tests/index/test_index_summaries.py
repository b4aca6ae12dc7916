"""The trees a chunk's summaries answer (:mod:`notation.index.summaries`): the same as the
games read back, and still exact after a file changed, shrank or vanished."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from notation.index import summaries
from notation.index.keys import unpack_ids
from notation.index.schema import open_index

from .archive import AFTER_FOUR, CLUB, OPEN, run, write

Tree = dict[str, object]


def tree(db: str, *asked: str) -> Tree:
    result = run("tree", "--db", db, "--game", "brazilian", "-f", "json", *asked)
    assert result.exit_code == 0, result.stderr
    document: Tree = json.loads(result.stdout)
    return document


def index(db: str, folder: Path) -> None:
    result = run("index", "--db", db, str(folder))
    assert result.exit_code == 0, result.stderr


def summarized(db: str) -> list[tuple[str, int, str, int, int]]:
    """What ``summaries`` holds: the move (its text; ``-`` for a main line's end), the
    chunk's first game, the result, the games and those with an error."""
    opened = open_index(db)
    try:
        texts = dict(opened.execute("SELECT id, text FROM moves").fetchall())
        held = []
        for _, first, results, counts in opened.execute("SELECT * FROM summaries"):
            named, numbers = json.loads(results), unpack_ids(bytes(counts))
            for at in range(0, len(numbers), 4):
                move, result, games, errors = numbers[at : at + 4]
                held.append((texts.get(move, "-"), first, named[result], games, errors))
        return sorted(held)
    finally:
        opened.close()


def moves(document: Tree) -> list[tuple[str, int, dict[str, int]]]:
    listed = document["moves"]
    assert isinstance(listed, list)
    return [(m["move"], m["games"], m["results"]) for m in listed]


def test_a_chunk_counts_each_key_its_games_reach_often_enough(tmp_path: Path) -> None:
    tally = summaries.Tally(first=10)
    for place in range(summaries.LEAST):
        # Every game reaches 1 and 2 (2 twice, counted at its first ply); half reach 3.
        keys = (1, 2, 3, 2) if place % 2 else (1, 2, 4, 2)
        tally.add(keys, (7, 8 + place % 2, 9), "2-0" if place < 2 else "", place == 0)
    db = open_index(str(tmp_path / "index.sqlite"), create=True)
    try:
        with db.transaction():
            summaries.store(db, tally.rows())
        assert db.execute("SELECT key, first FROM summaries ORDER BY key").fetchall() == [
            (1, 10),
            (2, 10),
        ]
        one, two = summaries.counted(db, 1), summaries.counted(db, 2)
        assert (one.chunks, one.moves, one.games, one.errors) == (
            {10},
            {7: {"*": 6, "2-0": 2}},
            8,
            1,
        )
        assert (two.moves, two.games, two.errors) == (
            {8: {"*": 3, "2-0": 1}, 9: {"*": 3, "2-0": 1}},
            8,
            1,
        )
        with db.transaction():
            summaries.drop(db, 10, 10)
        assert summaries.counted(db, 1).games == 0
    finally:
        db.close()


def test_summaries_answer_as_the_games_do_after_changes(
    tmp_path: Path, new_index: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    counted, read_back = new_index(), new_index()

    def trees() -> tuple[Tree, Tree]:
        index(counted, folder)
        with monkeypatch.context() as patched:
            patched.setattr(summaries, "LEAST", 10**9)
            index(read_back, folder)
        asked = tree(counted), tree(counted, "--position", AFTER_FOUR)
        assert (tree(read_back), tree(read_back, "--position", AFTER_FOUR)) == asked
        assert summarized(read_back) == []
        return asked

    # Four copies of the club's two games (8 games reaching the start and AFTER_FOUR),
    # then the open's three (an alphanumeric copy, an illegal ply 6, an illegal ply 3).
    write(folder, many=CLUB * 4 + "\n" + OPEN, other=CLUB)
    start, after = trees()
    assert (start["games"], moves(start)) == (
        13,
        [
            ("21-17", 8, {"2-0": 6, "0-2": 1, "1-1": 1}),
            ("23-18", 5, {"0-2": 5}),
        ],
    )
    assert (after["games"], after["summary"]) == (12, {"ended": 0, "left_out_for_errors": 1})
    assert moves(after) == [
        ("24-20", 7, {"2-0": 5, "0-2": 1, "1-1": 1}),
        ("18-14", 5, {"0-2": 5}),
    ]
    assert summarized(counted) == [
        ("18-14", 1, "0-2", 4, 0),
        ("21-17", 1, "0-2", 1, 1),
        ("21-17", 1, "1-1", 1, 0),
        ("21-17", 1, "2-0", 5, 1),
        ("23-18", 1, "0-2", 4, 0),
        ("24-20", 1, "0-2", 1, 1),
        ("24-20", 1, "1-1", 1, 0),
        ("24-20", 1, "2-0", 4, 0),
        # After 21-17 12-16 23-18, or 23-18 12-16 21-17: 10 games.
        ("9-13", 1, "0-2", 5, 1),
        ("9-13", 1, "1-1", 1, 0),
        ("9-13", 1, "2-0", 4, 0),
    ]

    # Changed: the club's first game is drawn in every copy.
    drawn = CLUB.replace('"2-0"', '"1-1"').replace("16-19 2-0", "16-19 1-1")
    write(folder, many=drawn * 4 + "\n" + OPEN)
    start, after = trees()
    assert moves(after) == [
        ("24-20", 7, {"2-0": 1, "0-2": 1, "1-1": 5}),
        ("18-14", 5, {"0-2": 5}),
    ]
    assert start["games"] == 13

    # Shrank: the open's games go, and the club's copies fall below LEAST in the file.
    write(folder, many=CLUB * 3)
    start, after = trees()
    assert (after["games"], moves(after)) == (
        8,
        [("18-14", 4, {"0-2": 4}), ("24-20", 4, {"2-0": 4})],
    )
    assert after["summary"] == {"ended": 0, "left_out_for_errors": 0}
    assert summarized(counted) == []

    # Vanished: the other file is all that is left.
    (folder / "many.pdn").unlink()
    start, after = trees()
    assert (after["games"], moves(after)) == (
        2,
        [("18-14", 1, {"0-2": 1}), ("24-20", 1, {"2-0": 1})],
    )
    assert start["games"] == 2
