"""Indexing: incremental runs over files that changed, grew, shrank or vanished; the
writer's lock; an index of another schema version."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from notation.index.schema import open_index
from tests.index.archive import AFTER_FOUR, CLUB, OPEN, found, run, write

EXTRA = """\
[Event "Open"]
[White "Fabio Neri"]
[Black "Gil Rocha"]
[Result "0-2"]
[GameType "26"]

1. 23-18 12-16 2. 21-17 9-13 3. 24-20 0-2
"""


def indexed(db: Path, *paths: str | Path) -> str:
    """Run ``notation index``; its summary line."""
    result = run("index", "--db", str(db), *map(str, paths))
    assert result.exit_code == 0, result.stderr
    return result.stderr


def places(db: Path, *filters: str) -> list[tuple[str, int, int]]:
    return [
        (Path(str(g["path"])).name, int(g["index"]), int(g["line"])) for g in found(db, *filters)
    ]


def test_a_file_that_changed_grew_shrank_or_vanished_is_read_again(tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    write(folder, club=CLUB, open=OPEN)
    db = tmp_path / "index.sqlite"
    assert indexed(db, folder) == (
        "2 files indexed (0 as they were): 5 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    assert indexed(db, folder) == (
        "2 files indexed (2 as they were): 0 games added, 0 updated, 0 removed, 5 unchanged\n"
    )
    # Changed: the second club game now ends in a draw.
    write(folder, club=CLUB.replace('"0-2"', '"1-1"').replace("18-14 0-2", "18-14 1-1"))
    assert indexed(db, folder) == (
        "2 files indexed (1 as they were): 0 games added, 2 updated, 0 removed, 3 unchanged\n"
    )
    assert places(db, "--result", "1-1") == [("club.pdn", 2, 9), ("open.pdn", 1, 1)]
    # Grew: a game that transposes into the position too.
    write(folder, open=OPEN + "\n" + EXTRA)
    assert indexed(db, folder) == (
        "2 files indexed (1 as they were): 1 game added, 3 updated, 0 removed, 2 unchanged\n"
    )
    assert places(db, "--position", AFTER_FOUR, "--player", "gil rocha") == [("open.pdn", 4, 25)]
    # Shrank: the club keeps its first game.
    write(folder, club=CLUB.split("\n\n[Event")[0] + "\n")
    assert indexed(db, folder) == (
        "2 files indexed (1 as they were): 0 games added, 1 updated, 1 removed, 4 unchanged\n"
    )
    assert places(db, "--player", "carla dias") == [("open.pdn", 1, 1)]
    # Vanished: its games go.
    (folder / "open.pdn").unlink()
    assert indexed(db, folder) == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 4 removed, 1 unchanged\n"
    )
    assert places(db, "--position", AFTER_FOUR) == [("club.pdn", 1, 1)]
    # No row is left of a game removed: its positions were found again from its text.
    with sqlite3.connect(db) as connection:
        for table in ("positions", "players"):
            left = connection.execute(
                f"SELECT count(*) FROM {table} t "
                "WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = t.game)"
            ).fetchone()
            assert left == (0,), table
        assert connection.execute("SELECT count(*) FROM positions").fetchone() == (7,)


def test_prune_drops_the_files_not_given(tmp_path: Path) -> None:
    write(tmp_path, club=CLUB, open=OPEN)
    db = tmp_path / "index.sqlite"
    indexed(db, tmp_path / "club.pdn", tmp_path / "open.pdn")
    assert indexed(db, tmp_path / "club.pdn") == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n"
    )
    assert len(found(db)) == 5
    result = run("index", "--db", str(db), "--prune", str(tmp_path / "club.pdn"))
    assert result.stderr == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 3 removed, 2 unchanged\n"
    )
    assert len(found(db)) == 2


def test_another_game_setting_reads_the_files_again(tmp_path: Path) -> None:
    write(tmp_path, plain="1. 22-18 11-15 *\n")
    db = tmp_path / "index.sqlite"
    indexed(db, tmp_path / "plain.pdn")
    assert places(db, "--variant", "russian") == [("plain.pdn", 1, 1)]
    result = run("index", "--db", str(db), "--game", "brazilian", str(tmp_path / "plain.pdn"))
    assert result.stderr == (
        "1 file indexed (0 as they were): 0 games added, 1 updated, 0 removed, 0 unchanged\n"
    )
    assert places(db, "--variant", "brazilian") == [("plain.pdn", 1, 1)]
    assert places(db, "--variant", "russian") == []


def test_an_unreadable_input_exits_2_and_the_rest_is_indexed(tmp_path: Path) -> None:
    write(tmp_path, club=CLUB)
    db = tmp_path / "index.sqlite"
    result = run("index", "--db", str(db), str(tmp_path / "club.pdn"), str(tmp_path / "no.pdn"))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged"
    )
    assert "PDN106" in result.stderr.splitlines()[0]


def test_a_second_writer_waits_then_refuses_naming_the_first(tmp_path: Path) -> None:
    write(tmp_path, club=CLUB)
    db = tmp_path / "index.sqlite"
    first = open_index(str(db), create=True)
    with first.writer(1.0):
        result = run("index", "--db", str(db), "--wait", "0.2", str(tmp_path / "club.pdn"))
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"notation: {db}: the index is being written by notation index, process "
    )
    assert result.stderr.endswith(
        "; waited 0.2 s (run again once it ends, or give --wait SECONDS)\n"
    )

    def release() -> None:
        time.sleep(0.5)
        lock.__exit__(None, None, None)

    lock = first.writer(1.0)
    lock.__enter__()
    thread = threading.Thread(target=release)
    thread.start()
    result = run("index", "--db", str(db), "--wait", "20", str(tmp_path / "club.pdn"))
    thread.join()
    first.close()
    assert result.exit_code == 0, result.stderr
    assert len(found(db)) == 2


def test_an_index_of_another_version_is_refused(tmp_path: Path) -> None:
    write(tmp_path, club=CLUB)
    db = tmp_path / "index.sqlite"
    indexed(db, tmp_path / "club.pdn")
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema'")
    for args in (("find",), ("index", str(tmp_path / "club.pdn"))):
        result = run(*args, "--db", str(db))
        assert result.exit_code == 2
        assert result.stderr == (
            f"notation: {db}: the index was written by another version of notation "
            "(schema 0, this one reads 1); rebuild it: delete it and run notation index again\n"
        )


def test_find_without_an_index_says_how_to_make_one(tmp_path: Path) -> None:
    result = run("find", "--db", str(tmp_path / "none.sqlite"))
    assert result.exit_code == 2
    assert result.stderr == (
        f"notation: {tmp_path / 'none.sqlite'}: no index there; make one with notation index\n"
    )
    assert not (tmp_path / "none.sqlite").exists()


def test_the_index_is_named_by_the_environment_or_the_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB)
    (tmp_path / "notation.toml").write_text('db = "keep/games.sqlite"\n', encoding="utf-8")
    (tmp_path / "keep").mkdir()
    indexed_here = run("index", "club.pdn")
    assert indexed_here.exit_code == 0, indexed_here.stderr
    assert (tmp_path / "keep" / "games.sqlite").exists()
    monkeypatch.setenv("NOTATION_DB", str(tmp_path / "other.sqlite"))
    assert run("index", "club.pdn").exit_code == 0
    assert (tmp_path / "other.sqlite").exists()


def test_standard_input_and_a_file_that_is_no_index_are_refused(tmp_path: Path) -> None:
    write(tmp_path, club=CLUB)
    club = tmp_path / "club.pdn"
    result = run("index", "--db", str(tmp_path / "index.sqlite"), "-")
    assert result.exit_code == 2
    assert result.stderr == (
        "notation: an index holds files: standard input (-) cannot be indexed\n"
    )
    result = run("find", "--db", str(club))
    assert result.exit_code == 2
    assert result.stderr == f"notation: {club}: cannot open the index: file is not a database\n"
    assert club.read_text(encoding="utf-8") == CLUB


def test_texts_read_back_exactly_before_and_after_the_dictionary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation.index import texts

    monkeypatch.setattr(texts, "SAMPLES", 10)
    many = "\n".join(CLUB.replace('"Club"', f'"Club {n}"') for n in range(6))
    write(tmp_path, many=many)
    db = tmp_path / "index.sqlite"
    indexed(db, tmp_path / "many.pdn")
    with sqlite3.connect(db) as connection:
        packings = connection.execute("SELECT packing FROM games ORDER BY id").fetchall()
    assert packings == [(0,)] * 9 + [(1,)] * 3
    result = run("find", "--db", str(db), "-f", "pdn")
    assert result.stdout == many


def test_a_file_that_fails_part_way_keeps_what_the_index_held(tmp_path: Path) -> None:
    import gzip

    write(tmp_path, club=CLUB)
    whole = gzip.compress(OPEN.encode())
    (tmp_path / "open.pdn.gz").write_bytes(whole[: len(whole) - 12])
    db = tmp_path / "index.sqlite"
    result = run(
        "index", "--db", str(db), str(tmp_path / "open.pdn.gz"), str(tmp_path / "club.pdn")
    )
    assert result.exit_code == 2
    assert "PDN106" in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged"
    )
    # The moves the abandoned file added to the index went with it: the tree of the
    # club's games names each move it counts.
    tree = run("tree", "--db", str(db), "--variant", "brazilian")
    assert tree.stdout.splitlines()[1:3] == [
        "21-17             1 game   2-0 1",
        "23-18             1 game   0-2 1",
    ]
