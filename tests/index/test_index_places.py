"""``find --position`` answered from the postings and the chunks' places
(:mod:`notation.index.places`): exact answers with chunks of two games and of the
default size, a game reaching the position again, setups of several games reading one
``FEN``, other filters combined, and the places rows themselves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from notation.index import places, postings
from notation.index.query import Hit, Query, find
from notation.index.schema import open_index

from .archive import AFTER_FOUR, CLUB, OPEN, found, run, write

MIXED = """\
[Event "Mixed"]
[White "Rus One"]
[Black "Rus Two"]
[Result "1-0"]
[GameType "25"]

1. a3-b4 h6-g5 2. e3-d4 b6-a5 3. g3-h4 1-0

[Event "Mixed"]
[White "Kim"]
[Black "Lee"]
[Result "*"]
[GameType "26"]
[FEN "W:WK32:BK4"]

1. 32-28 4-8 2. 28-32 8-4 3. 32-28 *

[Event "Mixed"]
[White "Bra One"]
[Black "Bra Two"]
[Result "0-2"]
[GameType "26"]

1. 21-17 12-16 2. 23-18 9-13 0-2
"""
"""Game 1: Russian, reaching :data:`AFTER_FOUR` read as a Russian position; game 2: two
Brazilian kings set up by a ``FEN``, back at their start after four plies and after one
ply again at ply 5; game 3: Brazilian, reaching :data:`AFTER_FOUR`."""

AGAIN = "B:WK28:BK4"
"""The position after the first ply of game 2 of :data:`MIXED`, reached again at ply 5."""


@pytest.fixture(params=[2, postings.CHUNK], ids=["chunks-of-2", "chunks-default"])
def mixed(
    request: pytest.FixtureRequest, tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> str:
    """The club, mixed and open archives indexed, in chunks of ``request.param`` games."""
    monkeypatch.setattr(postings, "CHUNK", request.param)
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB, mixed=MIXED, open=OPEN)
    result = run("index", "--db", target, "club.pdn", "mixed.pdn", "open.pdn")
    assert result.exit_code == 0, result.stderr
    return target


def _places(mixed: str, *filters: str) -> list[tuple[object, ...]]:
    return [(g["path"], g["line"], g["index"], g["ply"]) for g in found(mixed, *filters)]


def test_a_position_reached_again_is_shown_at_the_first_ply(mixed: str) -> None:
    result = run("find", "--db", mixed, "--position", AGAIN)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "mixed.pdn:9: game 2, ply 1\n",
        "1 game found\n",
    )
    assert _places(mixed, "--position", "W:WK32:BK4", "--game", "brazilian") == [
        ("mixed.pdn", 9, 2, 0)
    ]


def test_each_setup_reads_the_position_and_keys_of_several_games_merge(mixed: str) -> None:
    result = run("find", "--db", mixed, "--position", AFTER_FOUR)
    assert result.stdout == (
        "club.pdn:1: game 1, ply 4, opening 21-I\n"
        "club.pdn:9: game 2, ply 4, opening 21-I\n"
        "mixed.pdn:1: game 1, ply 4, opening 21-I\n"
        "mixed.pdn:18: game 3, ply 4, opening 21-I\n"
        "open.pdn:1: game 1, ply 4, opening 21-I\n"
        "open.pdn:9: game 2, ply 4, opening 21-I\n"
    )
    assert result.stderr == "6 games found\n"
    assert _places(mixed, "--position", AFTER_FOUR, "--game", "russian") == [("mixed.pdn", 1, 1, 4)]
    assert [g[:3] for g in _places(mixed, "--position", AFTER_FOUR, "--game", "brazilian")] == [
        ("club.pdn", 1, 1),
        ("club.pdn", 9, 2),
        ("mixed.pdn", 18, 3),
        ("open.pdn", 1, 1),
        ("open.pdn", 9, 2),
    ]
    # The default setup and game 2's set up by a FEN read the kings' position as one.
    assert _places(mixed, "--position", AGAIN, "--game", "brazilian") == [("mixed.pdn", 9, 2, 1)]


@pytest.mark.parametrize(
    ("filters", "games"),
    [
        (("--result", "0-2"), [("club.pdn", 2), ("mixed.pdn", 3), ("open.pdn", 2)]),
        (("--player", "ana*souza"), [("club.pdn", 1), ("open.pdn", 1), ("open.pdn", 2)]),
        (("--tag", "Event=mixed"), [("mixed.pdn", 1), ("mixed.pdn", 3)]),
        (("--errors",), [("open.pdn", 2)]),
        (("--plies", "0:5"), [("club.pdn", 2), ("mixed.pdn", 1), ("mixed.pdn", 3)]),
        (
            ("--no-errors", "--game", "brazilian"),
            [("club.pdn", 1), ("club.pdn", 2), ("mixed.pdn", 3), ("open.pdn", 1)],
        ),
        (("--code", "BR203"), [("open.pdn", 2)]),
        (("--code", "BR202"), []),
        (("--game", "russian", "--result", "0-2"), []),
    ],
)
def test_a_position_combines_with_the_other_filters(
    mixed: str, filters: tuple[str, ...], games: list[tuple[str, int]]
) -> None:
    answered = found(mixed, "--position", AFTER_FOUR, *filters)
    assert [(g["path"], g["index"]) for g in answered] == games
    assert {g["ply"] for g in answered} <= {4}


def test_the_places_answer_what_the_games_rows_answer(mixed: str) -> None:
    opened = open_index(mixed)
    try:
        for fen in (AFTER_FOUR, AGAIN, "W:WK32:BK4", "B:W17,22,23,24,25,26,27,28,29,30,31,32:B1"):
            for variant in (None, "brazilian", "russian"):
                alone = find(opened, Query(position=fen, variant=variant))
                # A filter every game passes: answered from the rows of ``games``.
                read = find(opened, Query(position=fen, variant=variant, plies=(0, None)))
                assert (alone.games, alone.changed) == (read.games, read.changed)
    finally:
        opened.close()


BY_IDS = [
    Query(),
    Query(tags=(("Event", "mixed"),)),
    Query(tags=(("Event", "*"), ("Black", "*o*"))),
    Query(tags=(("Event", "none"),)),
    Query(player="ana*souza"),
    Query(player="bruno lima", tags=(("Event", "club"),)),
    Query(opening=("21-17", "12-16")),
    Query(opening=("21-17",), player="*"),
]
"""Questions only of filters that name games by id: answered from the chunks' places."""


def _by_ids_as_by_rows(target: str) -> None:
    opened = open_index(target)
    try:
        for query in BY_IDS:
            alone = find(opened, query)
            # A filter every game passes: answered from the rows of ``games``.
            read = find(opened, replace(query, plies=(0, None)))
            assert (alone.games, alone.changed) == (read.games, read.changed)
    finally:
        opened.close()


def test_filters_by_id_answer_from_the_places_what_the_games_rows_answer(mixed: str) -> None:
    assert [g.index for g in find_all(mixed, Query())] == [1, 2, 1, 2, 3, 1, 2, 3]
    assert [g.index for g in find_all(mixed, Query(player="ana*souza"))] == [1, 1, 2]
    _by_ids_as_by_rows(mixed)
    # A file changed: its games are indexed again under new ids, the old ones gone.
    Path("mixed.pdn").write_text(MIXED.split("\n\n[Event")[0] + "\n", encoding="utf-8")
    Path("club.pdn").write_text(CLUB + "\n" + OPEN, encoding="utf-8")
    assert run("index", "--db", mixed, "club.pdn", "mixed.pdn", "open.pdn").exit_code == 0
    assert [g.index for g in find_all(mixed, Query())] == [1, 2, 3, 4, 5, 1, 1, 2, 3]
    _by_ids_as_by_rows(mixed)


def find_all(target: str, query: Query) -> list[Hit]:
    """The games ``find`` answers ``query`` with."""
    opened = open_index(target)
    try:
        return find(opened, query).games
    finally:
        opened.close()


def _held(target: str) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Each game's (id, file, line, number, setup, opening) as the places rows give it and
    as its row of ``games`` does (0 for none)."""
    opened = open_index(target)
    try:
        rows = opened.execute("SELECT first, file, data FROM places").fetchall()
        given = []
        for first, file, data in rows:
            chunk = places.unpack(file, bytes(data))
            columns = zip(chunk.lines, chunk.numbers, chunk.setups, chunk.openings, strict=True)
            given.extend((first + i, file, *row) for i, row in enumerate(columns))
        games = opened.execute(
            "SELECT id, file, line, number, setup, opening FROM games ORDER BY id"
        ).fetchall()
    finally:
        opened.close()
    return sorted(given), [(*row[:4], row[4] or 0, row[5] or 0) for row in games]


def test_the_places_rows_hold_every_game_and_follow_a_changed_file(mixed: str) -> None:
    given, games = _held(mixed)
    assert given == games
    assert len(games) == 8
    Path("mixed.pdn").write_text(MIXED.split("\n\n[Event")[0] + "\n", encoding="utf-8")
    assert run("index", "--db", mixed, "club.pdn", "mixed.pdn", "open.pdn").exit_code == 0
    given, games = _held(mixed)
    assert given == games
    assert len(games) == 6
    result = run("find", "--db", mixed, "--position", AFTER_FOUR, "--game", "russian")
    assert result.stdout == "mixed.pdn:1: game 1, ply 4, opening 21-I\n"
    assert run("find", "--db", mixed, "--position", AGAIN).stdout == ""
