"""The index over ``samples/``: every game of the eight indexed as validate judges it,
``find --position`` answering exactly what ``select --position`` selects, and a run with
worker processes storing what a serial run stores."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from notation.archive.select import Filters, Selector
from notation.check.validator import validate_record
from notation.games.registry import GAMES
from notation.index.build import Settings, index
from notation.index.db import Database
from notation.index.query import Query, find
from notation.index.schema import open_index
from notation.read.sources import read_paths

from .archive import positions_held, run

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

GAMES_ROWS = (
    "SELECT f.path, g.number, g.line, g.game, g.result, g.codes, g.illegal, "
    "g.replayed, g.text FROM games g JOIN files f ON f.id = g.file ORDER BY f.path, g.number"
)
"""Every game as stored, where it is first."""


def position_rows(opened: Database) -> list[tuple[str, int, int, int, str | None]]:
    """Every position stored, with its game's place and the move played from it."""
    places = {
        id_: (path, number)
        for id_, path, number in opened.execute(
            "SELECT g.id, f.path, g.number FROM games g JOIN files f ON f.id = g.file"
        )
    }
    return sorted(
        (*places[game], ply, key, move)
        for game, rows in positions_held(opened).items()
        for key, ply, move in rows
    )


@pytest.fixture(scope="module")
def samples(module_index: Callable[[], str]) -> str:
    """The samples indexed serially, once for the module on each database."""
    db = module_index()
    opened = open_index(db, create=True)
    summary = index([str(SAMPLES)], opened, Settings())
    opened.close()
    assert summary.status == 0
    return db


def serial_files(db: str) -> list[str]:
    """The files the index at ``db`` holds."""
    opened = open_index(db)
    try:
        return [row[0] for row in opened.execute("SELECT path FROM files")]
    finally:
        opened.close()


def verdicts() -> dict[tuple[str, int], tuple[str | None, int]]:
    """Each sample game's game and error count as validate judges it."""
    found = {}
    for item in read_paths([str(SAMPLES)]):
        if isinstance(item, tuple):
            path, record = item
            report = validate_record(record, path=path, suggest=False)
            found[(path, record.index)] = (report.game, report.errors)
    return found


@pytest.mark.slow
def test_every_game_of_the_eight_is_indexed_with_validates_verdict(samples: str) -> None:
    expected = verdicts()
    opened = open_index(samples)
    rows = opened.execute(
        "SELECT f.path, g.number, g.game, g.errors FROM games g JOIN files f ON f.id = g.file"
    ).fetchall()
    opened.close()
    assert {(path, number): (game, errors) for path, number, game, errors in rows} == expected
    assert set(GAMES) <= set(Counter(game for game, _ in expected.values()))


def positions_to_ask() -> list[str]:
    """A position after ply 6 of the first game of each sample file that has one, in the
    FEN its game writes, and each game's start."""
    from notation.check.identity import main_line

    fens = {
        game.setup_tags(game.start({})).get("FEN", "")
        for game in GAMES.values()
        if game.name != "knight-fight"
    }
    for folder in sorted(SAMPLES.iterdir()):
        for item in read_paths(sorted(str(p) for p in folder.glob("*.pdn"))):
            if isinstance(item, tuple) and item[1].index == 1:
                line = main_line(None, item[1])
                if line is not None and len(line.moves) > 6:
                    fens.add(line.game.setup_tags(line.moves[6][0])["FEN"])
    return sorted(fens)


@pytest.mark.slow
def test_find_position_answers_what_select_position_selects(samples: str) -> None:
    opened = open_index(samples)
    records = [item for item in read_paths([str(SAMPLES)]) if isinstance(item, tuple)]
    asked = positions_to_ask()
    assert len(asked) > 20
    for fen in asked:
        selector = Selector(Filters(position=fen))
        selected = [(p, r.index) for p, r in records if selector.matches(r, p)]
        answered = [(hit.path, hit.index) for hit in find(opened, Query(position=fen)).games]
        assert sorted(answered) == sorted(selected), fen
        assert selected, fen
    opened.close()


@pytest.mark.slow
def test_find_opening_answers_what_select_opening_selects(samples: str) -> None:
    opened = open_index(samples)
    records = [item for item in read_paths([str(SAMPLES)]) if isinstance(item, tuple)]
    openings = ["22-18", "c3-d4 f6-g5", "32-28", "11-15 23-19", "e3-f4 b6-a5", "gf4 ba5"]
    for moves in openings:
        wanted = tuple(moves.split())
        selector = Selector(Filters(opening=wanted))
        selected = [(p, r.index) for p, r in records if selector.matches(r, p)]
        answered = [(hit.path, hit.index) for hit in find(opened, Query(opening=wanted)).games]
        assert sorted(answered) == sorted(selected), moves
        assert selected, moves
    opened.close()


@pytest.mark.slow
def test_worker_processes_store_what_a_serial_run_stores(
    samples: str, module_index: Callable[[], str]
) -> None:
    opened = open_index(module_index(), create=True)
    summary = index([str(SAMPLES)], opened, Settings(jobs=2))
    assert summary.status == 0
    serial = open_index(samples)
    assert opened.execute(GAMES_ROWS).fetchall() == serial.execute(GAMES_ROWS).fetchall()
    assert position_rows(opened) == position_rows(serial)
    opened.close()
    serial.close()


@pytest.mark.slow
def test_a_dask_cluster_stores_what_a_serial_run_stores(
    samples: str, module_index: Callable[[], str], tmp_path: Path
) -> None:
    import distributed
    from daskkit import cluster

    db = module_index()
    with (
        cluster(tmp_path, workers=2) as running,
        distributed.Client(running.address, set_as_default=False) as client,
        distributed.get_task_stream(client) as stream,
    ):
        result = run("index", "--db", db, "--scheduler", running.address, str(SAMPLES))
    assert result.exit_code == 0, result.stderr
    # Every piece was replayed there: one task per file of the samples.
    tasks = [task for task in stream.data if "entries_of_piece" in str(task["key"])]
    assert len(tasks) == len(serial_files(samples))
    opened, serial = open_index(db), open_index(samples)
    assert opened.execute(GAMES_ROWS).fetchall() == serial.execute(GAMES_ROWS).fetchall()
    assert position_rows(opened) == position_rows(serial)
    opened.close()
    serial.close()
