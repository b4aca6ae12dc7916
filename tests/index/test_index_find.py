"""``notation index`` and ``notation find`` on hand-made archives: exact answers."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from notation.index.schema import open_index
from tests.index.archive import AFTER_FOUR, CLUB, OPEN, found, run, write


@pytest.fixture
def indexed(tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The club and open archives, in the test's folder, the current folder, indexed into
    ``notation.sqlite`` there (the default), or into the PostgreSQL index ``NOTATION_DB``
    names."""
    monkeypatch.chdir(tmp_path)
    if target.endswith(".sqlite"):
        monkeypatch.delenv("NOTATION_DB", raising=False)
        target = str(tmp_path / "notation.sqlite")
    else:
        monkeypatch.setenv("NOTATION_DB", target)
    write(tmp_path, club=CLUB, open=OPEN)
    result = run("index", "club.pdn", "open.pdn")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == (
        "2 files indexed (0 as they were): 5 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    return target


def test_position_found_by_either_move_order_at_its_ply(indexed: str) -> None:
    result = run("find", "--position", AFTER_FOUR)
    assert result.exit_code == 0
    assert result.stdout == (
        "club.pdn:1: game 1, ply 4, opening 21-I\n"
        "club.pdn:9: game 2, ply 4, opening 21-I\n"
        "open.pdn:1: game 1, ply 4, opening 21-I\n"
        "open.pdn:9: game 2, ply 4, opening 21-I\n"
    )
    assert result.stderr == "4 games found\n"


def test_json_lists_path_line_index_and_ply(indexed: str) -> None:
    result = run("find", "--position", AFTER_FOUR, "--variant", "brazilian", "-f", "json")
    document = json.loads(result.stdout)
    assert document["games"][0] == {
        "path": "club.pdn",
        "line": 1,
        "index": 1,
        "ply": 4,
        "opening": {"code": "21-I", "name": None},
    }
    assert document["summary"] == {"games": 4, "changed": []}


def test_player_of_either_colour_case_ignored(indexed: str) -> None:
    games = found(indexed, "--player", "ana souza")
    assert [(g["path"], g["index"], g["ply"]) for g in games] == [
        ("club.pdn", 1, None),
        ("open.pdn", 1, None),
        ("open.pdn", 2, None),
    ]
    assert [g["index"] for g in found(indexed, "--player", "*lima")] == [1, 2, 3]


def test_filters_combine(indexed: str) -> None:
    assert [(g["path"], g["index"]) for g in found(indexed, "--result", "0-2")] == [
        ("club.pdn", 2),
        ("open.pdn", 2),
    ]
    assert [g["index"] for g in found(indexed, "--tag", "Event=op*", "--no-errors")] == [1]
    assert [g["index"] for g in found(indexed, "--errors")] == [2, 3]
    assert [(g["path"], g["line"]) for g in found(indexed, "--code", "BR202")] == [("open.pdn", 17)]
    assert [g["index"] for g in found(indexed, "--plies", "5:5")] == [2]


def test_opening_in_any_notation(indexed: str) -> None:
    numeric = found(indexed, "--opening", "1. 21-17 12-16 2. 23-18")
    assert [(g["path"], g["index"]) for g in numeric] == [
        ("club.pdn", 1),
        ("open.pdn", 1),
        ("open.pdn", 2),
    ]
    assert found(indexed, "--opening", "a3-b4 h6-g5 e3-d4") == numeric


def test_pdn_gives_the_texts_as_indexed_and_a_notice_when_a_file_changed(
    indexed: str,
) -> None:
    club = Path("club.pdn")
    club.write_text(CLUB.replace("Ana Souza", "Ana S."), encoding="utf-8")
    os.utime(club, ns=(1, 1))
    result = run("find", "--player", "ana souza", "--result", "2-0", "-f", "pdn")
    assert result.exit_code == 0
    assert result.stdout == CLUB.split("\n\n[Event")[0] + "\n"
    assert result.stderr == (
        "notation: club.pdn changed since it was indexed; the index answers as it was\n"
        "1 game found\n"
    )


BALLOTS = """\
[Event "Ballots"]
[GameType "21"]
[Result "*"]

1. 9-13 22-18 2. 6-9 25-22 3. 1-6 *

[Event "Ballots"]
[GameType "21"]
[Result "*"]

1. 11-15 22-17 2. 9-14 *

[Event "Ballots"]
[GameType "21"]
[Result "*"]

1. 11-15 23-19 *
"""
"""English games: ACF #5 (Dreaded Edinburgh) and two more moves, ACF #38 (no name) by a
transposition, and a line shorter than any ballot."""


def test_each_game_shows_the_opening_found_when_it_was_indexed(tmp_path: Path, target: str) -> None:
    write(tmp_path, ballots=BALLOTS)
    assert run("index", "--db", target, str(tmp_path / "ballots.pdn")).exit_code == 0
    result = run("find", "--db", target)
    name = tmp_path / "ballots.pdn"
    assert result.stdout == (
        f"{name}:1: game 1, opening 5 (Dreaded Edinburgh)\n"
        f"{name}:7: game 2, opening 38\n"
        f"{name}:13: game 3\n"
    )
    assert [g["opening"] for g in found(target)] == [
        {"code": "5", "name": "Dreaded Edinburgh"},
        {"code": "38", "name": None},
        None,
    ]
    # Stored once per game at index time, by its table, code and name.
    opened = open_index(target)
    try:
        rows = opened.execute(
            "SELECT g.number, o.game, o.source, o.code, o.name FROM games g "
            "JOIN openings o ON o.id = g.opening ORDER BY g.number"
        ).fetchall()
    finally:
        opened.close()
    assert rows == [
        (1, "english", "ACF three-move ballots", "5", "Dreaded Edinburgh"),
        (2, "english", "ACF three-move ballots", "38", None),
    ]
