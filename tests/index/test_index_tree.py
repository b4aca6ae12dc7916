"""``notation tree``: moves, games and results from a position reached by any move order,
each game counted once, numeric and alphanumeric records in one tree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .archive import AFTER_FOUR, CLUB, OPEN, run, write


@pytest.fixture
def db(tmp_path: Path, target: str) -> str:
    write(tmp_path, club=CLUB, open=OPEN)
    result = run("index", "--db", target, str(tmp_path / "club.pdn"), str(tmp_path / "open.pdn"))
    assert result.exit_code == 0, result.stderr
    return target


def test_tree_after_a_transposition_counts_each_game_once(db: str) -> None:
    result = run("tree", "--db", db, "--game", "brazilian", "--position", AFTER_FOUR)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (
        f"{AFTER_FOUR}: 4 games\n"
        "opening 21-I, IDF Drawing Table 64 (Brazilian)\n"
        "24-20             3 games  2-0 1  0-2 1  1-1 1\n"
        "18-14             1 game   0-2 1\n"
        "1 game of brazilian with errors left out\n"
    )


def test_moves_in_either_order_and_notation_reach_the_same_tree(db: str) -> None:
    asked = ("tree", "--db", db, "--game", "brazilian", "-f", "json")
    by_position = json.loads(run(*asked, "--position", AFTER_FOUR).stdout)
    assert by_position == {
        "position": AFTER_FOUR,
        "opening": {"code": "21-I", "name": None},
        "games": 4,
        "moves": [
            {"move": "24-20", "games": 3, "results": {"0-2": 1, "1-1": 1, "2-0": 1}},
            {"move": "18-14", "games": 1, "results": {"0-2": 1}},
        ],
        "summary": {"ended": 0, "left_out_for_errors": 1},
    }
    assert json.loads(run(*asked, "--moves", "23-18 12-16 21-17 9-13").stdout) == by_position
    assert json.loads(run(*asked, "--moves", "a3-b4 h6-g5 e3-d4 b6-a5").stdout) == by_position


def test_moves_written_in_the_notation_asked_for(db: str) -> None:
    result = run(
        "tree",
        "--db",
        db,
        "--game",
        "brazilian",
        "--moves",
        "21-17 12-16 23-18 9-13",
        "-n",
        "alphanumeric",
        "-f",
        "json",
    )
    document = json.loads(result.stdout)
    assert [m["move"] for m in document["moves"]] == ["g3-h4", "d4-c5"]
    assert document["position"] == (
        "W:Wb4,d4,c3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,d6,f6,a5,g5"
    )


def test_the_start_counts_every_game_that_replays_from_it(db: str) -> None:
    result = run("tree", "--db", db, "--game", "brazilian", "-f", "json")
    document = json.loads(result.stdout)
    assert document["games"] == 5
    assert document["moves"] == [
        {"move": "21-17", "games": 4, "results": {"0-2": 1, "1-1": 1, "2-0": 2}},
        {"move": "23-18", "games": 1, "results": {"0-2": 1}},
    ]
    assert document["summary"] == {"ended": 0, "left_out_for_errors": 0}


def test_a_position_the_game_cannot_read_is_a_usage_error(db: str) -> None:
    result = run("tree", "--db", db, "--game", "brazilian", "--moves", "21-16")
    assert result.exit_code == 2
    assert "Invalid value for --moves" in result.stderr


REPEATED = """\
[Event "Endgame"]
[White "Ana Souza"]
[Black "Hugo Paz"]
[Result "1-1"]
[GameType "26"]
[FEN "W:WK32:BK5"]

1. 32-28 5-1 2. 28-32 1-5 3. 32-27 1-1
"""
"""A game back at its start after ply 4, which then plays another move."""


def test_a_position_reached_twice_counts_its_game_once_at_the_first(
    tmp_path: Path, target: str
) -> None:
    write(tmp_path, repeated=REPEATED)
    db = target
    assert run("index", "--db", db, str(tmp_path / "repeated.pdn")).exit_code == 0
    result = run("tree", "--db", db, "--game", "brazilian", "--position", "W:WK32:BK5")
    assert result.stdout == (
        "W:WK32:BK5: 1 game\n"
        "32-28             1 game   1-1 1\n"
        "0 games of brazilian with errors left out\n"
    )
    found = run("find", "--db", db, "--position", "W:WK32:BK5")
    assert found.stdout == f"{tmp_path / 'repeated.pdn'}:1: game 1, ply 0\n"


def test_the_position_asked_is_named_by_its_ballot(tmp_path: Path, target: str) -> None:
    write(tmp_path, edinburgh='[GameType "21"]\n\n1. 9-13 22-18 2. 6-9 25-22 *\n')
    assert run("index", "--db", target, str(tmp_path / "edinburgh.pdn")).exit_code == 0
    asked = ("tree", "--db", target, "--game", "english", "--moves")
    result = run(*asked, "9-13 22-18 6-9")
    assert result.stdout == (
        "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13: 1 game\n"
        "opening 5 (Dreaded Edinburgh), ACF three-move ballots\n"
        "25-22             1 game   * 1\n"
        "0 games of english with errors left out\n"
    )
    # A position no table names has none.
    document = json.loads(run(*asked, "9-13 22-18", "-f", "json").stdout)
    assert document["opening"] is None


def _knight_fight(tmp_path: Path, target: str) -> tuple[str, str]:
    """Knight Fight games of two layouts indexed into ``target``: layout A's games open
    D1 and E1, layout B's D1; the two layouts."""
    from notation.games.knight_fight import random_layout

    first, second = random_layout(1), random_layout(2)
    games = [(first, "D1"), (first, "E1"), (second, "D1")]
    (tmp_path / "kf.pdn").write_text(
        "\n".join(
            f'[Variant "knight-fight"]\n[Layout "{layout}"]\n[Result "*"]\n\n1. {move} *\n'
            for layout, move in games
        ),
        encoding="utf-8",
    )
    result = run("index", "--db", target, str(tmp_path / "kf.pdn"))
    assert (result.exit_code, result.stderr) == (
        0,
        "1 file indexed (0 as they were): 3 games added, 0 updated, 0 removed, 0 unchanged\n",
    )
    return first, second


def test_knight_fight_needs_its_layout_and_moves_and_position_agree(
    tmp_path: Path, target: str
) -> None:
    # Each layout is a start of its own, and a FEN does not name the layout: the tree of
    # D1 lumped the two layouts' games under one FEN, which --position then did not find.
    first, second = _knight_fight(tmp_path, target)
    asked = ("tree", "--db", target, "-g", "knight-fight")
    for extra in ((), ("--moves", "D1")):
        result = run(*asked, *extra)
        assert result.exit_code == 2
        assert (
            "Invalid value for --layout: Knight Fight has no single start: each game's Layout "
            "tag sets its own, and a position is one of a layout; give the layout of the games "
            "to look at"
        ) in " ".join(result.stderr.replace("│", " ").split())
    start = run(*asked, "--layout", first)
    assert (start.exit_code, start.stdout) == (
        0,
        "W:W-:B-:S0,0:X: 2 games\n"
        "D1                1 game   * 1\n"
        "E1                1 game   * 1\n"
        "0 games of knight-fight with errors left out\n",
    )
    # The start is written as a FEN too (no knight placed), and reads back as the start.
    at_start = json.loads(run(*asked, "--layout", first, "-f", "json").stdout)
    assert (at_start["position"], at_start["games"]) == ("W:W-:B-:S0,0:X", 2)
    again = run(*asked, "--layout", first, "--position", at_start["position"], "-f", "json")
    assert json.loads(again.stdout) == at_start
    # D1 is square 51 in layout A, 63 in layout B; the square left dead differs too.
    for layout, fen in ((first, "B:WD1:B-:S51,0:XE10"), (second, "B:WD1:B-:S63,0:XE4")):
        by_moves = run(*asked, "--layout", layout, "--moves", "D1", "-f", "json")
        assert by_moves.exit_code == 0, by_moves.stderr
        tree = json.loads(by_moves.stdout)
        assert (tree["position"], tree["games"]) == (fen, 1)
        by_position = run(*asked, "--layout", layout, "--position", tree["position"], "-f", "json")
        assert json.loads(by_position.stdout) == tree
    result = run("tree", "--db", target, "-g", "brazilian", "--layout", first)
    assert result.exit_code == 2
    assert (
        "Invalid value for --layout: Brazilian draughts has a single start: no layout is given "
        "for it"
    ) in " ".join(result.stderr.replace("│", " ").split())
