"""Indexing: incremental runs over files that changed, grew, shrank or vanished; the
writer's lock; an index of another schema version."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import hashlib
import json
import os
import pickle
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import notation.index.build
from notation.index import tagged
from notation.index.build import entries_of_piece
from notation.index.schema import VERSION, open_index
from notation.index.store import Entry
from notation.record.model import Record

from .archive import AFTER_FOUR, CLUB, OPEN, found, positions_held, run, write

EXTRA = """\
[Event "Open"]
[White "Fabio Neri"]
[Black "Gil Rocha"]
[Result "0-2"]
[GameType "26"]

1. 23-18 12-16 2. 21-17 9-13 3. 24-20 0-2
"""

SALT = bytes(range(16))
"""An index's secret, fixed."""


def indexed(db: str, *paths: str | Path) -> str:
    """Run ``notation index``; its summary line."""
    result = run("index", "--db", db, *map(str, paths))
    assert result.exit_code == 0, result.stderr
    return result.stderr


def places(db: str, *filters: str) -> list[tuple[str, int, int]]:
    return [
        (Path(str(g["path"])).name, int(g["index"]), int(g["line"])) for g in found(db, *filters)
    ]


def test_a_file_that_changed_grew_shrank_or_vanished_is_read_again(
    tmp_path: Path, target: str
) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    write(folder, club=CLUB, open=OPEN)
    db = target
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
    # No row is left of a game removed.
    opened = open_index(db)
    try:
        games = {row[0] for row in opened.execute("SELECT id FROM games")}
        assert tagged.games(opened.execute("SELECT first, games FROM tagged")) == games
        held = positions_held(opened)
        assert set(held) <= games
        assert sum(len(rows) for rows in held.values()) == 7
    finally:
        opened.close()


def test_prune_drops_the_files_not_given(tmp_path: Path, target: str) -> None:
    write(tmp_path, club=CLUB, open=OPEN)
    db = target
    indexed(db, tmp_path / "club.pdn", tmp_path / "open.pdn")
    assert indexed(db, tmp_path / "club.pdn") == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n"
    )
    assert len(found(db)) == 5
    result = run("index", "--db", db, "--prune", str(tmp_path / "club.pdn"))
    assert result.stderr == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 3 removed, 2 unchanged\n"
    )
    assert len(found(db)) == 2


def test_another_game_setting_reads_the_files_again(tmp_path: Path, target: str) -> None:
    write(tmp_path, plain="1. 22-18 11-15 *\n")
    db = target
    indexed(db, tmp_path / "plain.pdn")
    assert places(db, "--game", "russian") == [("plain.pdn", 1, 1)]
    result = run("index", "--db", db, "--game", "brazilian", str(tmp_path / "plain.pdn"))
    assert result.stderr == (
        "1 file indexed (0 as they were): 0 games added, 1 updated, 0 removed, 0 unchanged\n"
    )
    assert places(db, "--game", "brazilian") == [("plain.pdn", 1, 1)]
    assert places(db, "--game", "russian") == []


def test_a_file_judged_by_other_code_is_judged_again(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, club=CLUB)
    db = target
    indexed(db, tmp_path / "club.pdn")
    again = run("index", "--db", db, str(tmp_path / "club.pdn"))
    assert again.stderr == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n"
    )
    monkeypatch.setattr(notation.index.build, "code_version", lambda: "0.1.0+another")
    judged = run("index", "--db", db, str(tmp_path / "club.pdn"))
    assert judged.stderr == (
        "1 file indexed (0 as they were): 0 games added, 2 updated, 0 removed, 0 unchanged\n"
    )


def test_an_unreadable_input_exits_2_and_the_rest_is_indexed(tmp_path: Path, target: str) -> None:
    write(tmp_path, club=CLUB)
    db = target
    result = run("index", "--db", db, str(tmp_path / "club.pdn"), str(tmp_path / "no.pdn"))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged"
    )
    assert "PDN106" in result.stderr.splitlines()[0]


def test_a_second_writer_waits_then_refuses_naming_the_first(tmp_path: Path, target: str) -> None:
    write(tmp_path, club=CLUB)
    db = target
    first = open_index(db, create=True)
    # The first writer is inside a file's transaction: the second, giving up, waited for
    # it as it closed (SQLite's 30 s for a lock), to copy a log it never wrote.
    began = time.monotonic()
    with first.writer(1.0), first.transaction():
        result = run("index", "--db", db, "--wait", "0.2", str(tmp_path / "club.pdn"))
    assert time.monotonic() - began < 10
    assert result.exit_code == 2
    # SQLite names the process; PostgreSQL, the session the server shows.
    holder = (
        r"notation index, process \d+ on \S+"
        if target.endswith(".sqlite")
        else r"notation, process \d+ on \S+ \(server process \d+\)"
    )
    assert re.fullmatch(
        f"notation: {re.escape(db)}: the index is being written by {holder}; "
        r"waited 0\.2 s \(run again once it ends, or give --wait SECONDS\)\n",
        result.stderr,
    ), result.stderr

    def release() -> None:
        time.sleep(0.5)
        lock.__exit__(None, None, None)

    lock = first.writer(1.0)
    lock.__enter__()
    thread = threading.Thread(target=release)
    thread.start()
    result = run("index", "--db", db, "--wait", "20", str(tmp_path / "club.pdn"))
    thread.join()
    first.close()
    assert result.exit_code == 0, result.stderr
    assert len(found(db)) == 2


@pytest.mark.parametrize("old", ["0", "5", "6", "7", "8", "9"])
def test_an_index_of_another_version_is_refused(tmp_path: Path, target: str, old: str) -> None:
    # Schema 5's position keys were BLAKE2b digests, schema 6's Zobrist keys of fixed
    # numbers, schema 7's Zobrist keys of numbers drawn from each index's own secret;
    # schema 8 answers find --player from its tags, without a table of players; schema
    # 9 keeps the games of each tag value by chunk; schema 10 knows files by their own
    # names.
    write(tmp_path, club=CLUB)
    db = target
    indexed(db, tmp_path / "club.pdn")
    opened = open_index(db, create=True)
    opened.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (old,))
    opened.close()
    # A URL is named without its password (the test server takes any).
    named, rebuild = db, "delete it"
    if not db.endswith(".sqlite"):
        db, named = db + "&password=hush", db + "&password=***"
        rebuild = "drop its tables (or give another database)"
    for args in (("find",), ("index", str(tmp_path / "club.pdn"))):
        result = run(*args, "--db", db)
        assert result.exit_code == 2
        assert result.stderr == (
            f"notation: {named}: the index was written by another version of notation "
            f"(schema {old}, this one reads {VERSION}); rebuild it: {rebuild} and run notation "
            "index again\n"
        )


def test_find_without_an_index_says_how_to_make_one(target: str) -> None:
    for args in (("find",), ("tree", "--game", "brazilian")):
        result = run(*args, "--db", target)
        assert result.exit_code == 2
        assert (
            result.stderr == f"notation: {target}: no index there; make one with notation index\n"
        )
    # Nothing was made: no file, no table.
    if target.endswith(".sqlite"):
        assert not Path(target).exists()
    else:
        import psycopg

        with psycopg.connect(target) as connection:
            tables = connection.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchone()
        assert tables == (0,)


def test_an_index_name_is_shown_escaped_where_there_is_none(tmp_path: Path) -> None:
    # A name could forge a line, or colour the terminal.
    named = str(tmp_path / "a\nb\x1b[31m.sqlite")
    shown = str(tmp_path / "a\\x0ab\\x1b[31m.sqlite")
    for args in (("find",), ("tree", "--game", "brazilian")):
        result = run(*args, "--db", named)
        assert (result.exit_code, result.stderr) == (
            2,
            f"notation: {shown}: no index there; make one with notation index\n",
        )


def test_the_index_is_named_by_the_environment_or_the_configuration(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB)
    (tmp_path / "notation.toml").write_text('db = "keep/games.sqlite"\n', encoding="utf-8")
    (tmp_path / "keep").mkdir()
    indexed_here = run("index", "club.pdn")
    assert indexed_here.exit_code == 0, indexed_here.stderr
    assert (tmp_path / "keep" / "games.sqlite").exists()
    monkeypatch.setenv("NOTATION_DB", target)
    assert run("index", "club.pdn").exit_code == 0
    assert len(found(target)) == 2


def test_the_index_is_the_option_else_the_environment_else_the_configuration_else_here(
    tmp_path: Path,
) -> None:
    from notation.index.target import index_target
    from notation.run.config import NO_CONFIG, load_config

    (tmp_path / "notation.toml").write_text('db = "keep/games.sqlite"\n', encoding="utf-8")
    config = load_config(tmp_path / "notation.toml")
    environ = {"NOTATION_DB": "postgresql://archive@db.example/games"}
    assert index_target("given.sqlite", config, environ) == "given.sqlite"
    assert index_target(None, config, environ) == "postgresql://archive@db.example/games"
    assert index_target(None, config, {}) == str(tmp_path / "keep" / "games.sqlite")
    assert index_target(None, config, {"NOTATION_DB": ""}) == str(tmp_path / "keep/games.sqlite")
    assert index_target(None, NO_CONFIG, {}) == "notation.sqlite"
    (tmp_path / "notation.toml").write_text(
        'db = "postgresql://archive@db.example/club"\n', encoding="utf-8"
    )
    url = index_target(None, load_config(tmp_path / "notation.toml"), {})
    assert url == "postgresql://archive@db.example/club"


def test_find_and_tree_open_the_index_index_writes(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB)
    (tmp_path / "notation.toml").write_text('db = "keep/games.sqlite"\n', encoding="utf-8")
    asked = (("find",), ("tree", "--game", "brazilian"))

    def missing(where: Path | str) -> str:
        return f"notation: {where}: no index there; make one with notation index\n"

    for args in asked:
        assert run(*args).stderr == missing(tmp_path / "keep" / "games.sqlite")
        assert run(*args, "--isolated").stderr == missing("notation.sqlite")
    monkeypatch.setenv("NOTATION_DB", str(tmp_path / "elsewhere.sqlite"))
    for args in asked:
        assert run(*args).stderr == missing(tmp_path / "elsewhere.sqlite")
    assert indexed(target, "club.pdn").startswith("1 file indexed")
    club = "club.pdn:1: game 1, opening 21-I\nclub.pdn:9: game 2, opening 21-I\n"
    assert run("find", "--db", target).stdout == club
    assert run("tree", "--db", target, "--game", "brazilian").exit_code == 0
    monkeypatch.setenv("NOTATION_DB", target)
    assert run("find").stdout == club
    assert run("tree", "--game", "brazilian").stdout.splitlines()[1:3] == [
        "21-17             1 game   2-0 1",
        "23-18             1 game   0-2 1",
    ]
    assert not (tmp_path / "keep").exists()
    assert not (tmp_path / "notation.sqlite").exists()


UNTAGGED = '[Event "Club"]\n\n1. 22-18 11-15 2. 18x11 8x15 *\n'
"""A record that names no game: legal in Brazilian draughts, illegal at ply 1 in English."""


def test_each_game_is_judged_as_validate_judges_it_with_the_configurations_overrides(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for folder in ("brazilian", "english"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "g.pdn").write_text(UNTAGGED, encoding="utf-8")
    config = tmp_path / "notation.toml"
    override = '[[overrides]]\npath = "english/*.pdn"\ngame = "{}"\n'
    config.write_text('game = "brazilian"\n' + override.format("english"), encoding="utf-8")
    judged = run("validate", "--format", "json", "brazilian", "english")
    report = json.loads(judged.stdout)
    validated = [
        (
            game["path"],
            game["index"],
            game["line"],
            game["game"],
            game["errors"],
            " ".join(
                sorted(
                    {
                        d["code"]
                        for d in report["diagnostics"]
                        if (d["path"], d["game"]) == (game["path"], game["index"])
                    }
                )
            ),
        )
        for game in report["games"]
    ]
    assert validated == [
        ("brazilian/g.pdn", 1, 1, "brazilian", 0, ""),
        ("english/g.pdn", 1, 1, "english", 1, "EN202"),
    ]
    assert indexed(target, "brazilian", "english") == (
        "2 files indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    assert stored(target) == [(*game, None if game[4] == 0 else 1) for game in validated]
    # Another game for the override's files: those are read again, and only those.
    config.write_text('game = "brazilian"\n' + override.format("russian"), encoding="utf-8")
    assert indexed(target, "brazilian", "english") == (
        "2 files indexed (1 as they were): 0 games added, 1 updated, 0 removed, 1 unchanged\n"
    )
    assert stored(target)[1] == ("english/g.pdn", 1, 1, "russian", 0, "", None)


def stored(db: str) -> list[tuple[object, ...]]:
    """Each game's place and verdict as the index holds it."""
    opened = open_index(db)
    try:
        return opened.execute(
            "SELECT f.path, g.number, g.line, g.game, g.errors, g.codes, g.illegal "
            "FROM games g JOIN files f ON f.id = g.file ORDER BY f.path, g.number"
        ).fetchall()
    finally:
        opened.close()


def test_standard_input_and_a_file_that_is_no_index_are_refused(
    tmp_path: Path, target: str
) -> None:
    write(tmp_path, club=CLUB)
    club = tmp_path / "club.pdn"
    result = run("index", "--db", target, "-")
    assert result.exit_code == 2
    assert result.stderr == (
        "notation: an index holds files: standard input (-) cannot be indexed\n"
    )
    result = run("find", "--db", str(club))
    assert result.exit_code == 2
    assert result.stderr == f"notation: {club}: cannot open the index: file is not a database\n"
    assert club.read_text(encoding="utf-8") == CLUB


@pytest.mark.parametrize("command", [("index", "club.pdn"), ("find",), ("tree", "-g", "brazilian")])
def test_an_index_that_is_a_device_a_folder_or_a_fifo_is_refused_unopened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    # SQLite would read the device or FIFO and write its journal beside it (/dev/null-journal).
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB)
    (tmp_path / "folder.sqlite").mkdir()
    os.mkfifo(tmp_path / "fifo.sqlite")
    before = sorted(os.listdir("/dev"))
    for db, kind in [
        ("/dev/null", "a device"),
        ("folder.sqlite", "a folder"),
        ("fifo.sqlite", "a FIFO"),
    ]:
        result = run(command[0], "--db", db, *command[1:])
        assert result.exit_code == 2
        assert result.stderr == f"notation: {db}: not an index: it is {kind}\n"
    assert sorted(os.listdir("/dev")) == before
    assert sorted(os.listdir(tmp_path)) == ["club.pdn", "fifo.sqlite", "folder.sqlite"]
    # A link to nothing is not followed to make its target, as an output's is not.
    (tmp_path / "link.sqlite").symlink_to(tmp_path / "target.sqlite")
    result = run(command[0], "--db", "link.sqlite", *command[1:])
    assert (result.exit_code, result.stderr) == (
        2,
        "notation: link.sqlite: not an index: it is a symbolic link to a file that does not "
        "exist (name the file itself)\n",
    )
    assert not (tmp_path / "target.sqlite").exists()


def test_an_index_named_as_an_sqlite_uri_is_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SQLite built to read URIs took file:x.sqlite as the file x.sqlite (and kept the
    # writer's lock on another).
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB)
    indexed("file:x.sqlite?mode=memory", "club.pdn")
    assert sorted(os.listdir(tmp_path)) == ["club.pdn", "file:x.sqlite?mode=memory"]
    assert places("file:x.sqlite?mode=memory") == [("club.pdn", 1, 1), ("club.pdn", 2, 9)]


def test_a_fifo_or_a_device_is_refused_unread_and_the_rest_is_indexed(
    tmp_path: Path, target: str
) -> None:
    write(tmp_path, club=CLUB)
    fifo = tmp_path / "stream.pdn"
    os.mkfifo(fifo)
    result = run("index", "--db", target, str(fifo), "/dev/zero", str(tmp_path / "club.pdn"))
    assert result.exit_code == 2
    assert result.stderr == (
        f"{fifo}:1:1: error PDN106 cannot read {fifo}: it is a FIFO, not a file "
        "(an index holds files it can read again)\n"
        "/dev/zero:1:1: error PDN106 cannot read /dev/zero: it is a device, not a file "
        "(an index holds files it can read again)\n"
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged\n"
    )


def test_texts_read_back_exactly_before_and_after_the_dictionary(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation.index import texts

    monkeypatch.setattr(texts, "SAMPLES", 10)
    many = "\n".join(CLUB.replace('"Club"', f'"Club {n}"') for n in range(6))
    write(tmp_path, many=many)
    db = target
    indexed(db, tmp_path / "many.pdn")
    opened = open_index(db)
    packings = opened.execute("SELECT packing FROM games ORDER BY id").fetchall()
    opened.close()
    assert packings == [(0,)] * 9 + [(1,)] * 3
    result = run("find", "--db", db, "-f", "pdn")
    assert result.stdout == many


def test_a_file_that_fails_part_way_keeps_what_the_index_held(tmp_path: Path, target: str) -> None:
    import gzip

    write(tmp_path, club=CLUB)
    whole = gzip.compress(OPEN.encode())
    (tmp_path / "open.pdn.gz").write_bytes(whole[: len(whole) - 12])
    db = target
    result = run("index", "--db", db, str(tmp_path / "open.pdn.gz"), str(tmp_path / "club.pdn"))
    assert result.exit_code == 2
    assert "PDN106" in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged"
    )
    # The moves the abandoned file added to the index went with it: the tree of the
    # club's games names each move it counts.
    tree = run("tree", "--db", db, "--game", "brazilian")
    assert tree.stdout.splitlines()[1:3] == [
        "21-17             1 game   2-0 1",
        "23-18             1 game   0-2 1",
    ]


def test_an_index_run_starts_all_its_worker_processes_with_its_first_piece() -> None:
    import multiprocessing
    import os

    from notation.index.build import replayers
    from notation.run.batch import usable_cpus
    from notation.run.settings import Settings

    if usable_cpus() < 2:
        pytest.skip("one CPU: an index run replays in this process")
    # A file of one piece comes first: the workers must not be only as many as it needs,
    # as the files after it may be large.
    with replayers(Settings(jobs=2)) as workers:
        assert workers is not None
        before = set(multiprocessing.active_children())
        assert workers.call(os.getpid).result() != os.getpid()
        assert len(set(multiprocessing.active_children()) - before) == 2


def test_the_writer_keeps_a_bounded_number_of_ids_and_writes_the_same_index(
    tmp_path: Path, new_index: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation.index import store

    bounded, unbounded = new_index(), new_index()
    assert indexed_twice(unbounded, tmp_path / "a", store.KEPT_IDS, monkeypatch) == 14
    assert indexed_twice(bounded, tmp_path / "b", 3, monkeypatch) == 3
    assert tables(bounded) == tables(unbounded)
    assert [g["index"] for g in found(bounded, "--player", "dora reis")] == [2]
    assert [g["index"] for g in found(bounded, "--player", "carla dias")] == [1]


def indexed_twice(db: str, folder: Path, kept: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Index the club and open games, then the club's again with its second game
    changed, the writer keeping at most ``kept`` ids of each dictionary; the most it
    kept."""
    from notation.index import store

    largest = 0
    keep = store.Ids._keep

    def kept_at_most(ids: store.Ids, value: tuple[str, str], found: int) -> None:
        nonlocal largest
        keep(ids, value, found)
        largest = max(largest, len(ids._kept))

    with monkeypatch.context() as patched:
        patched.setattr(store, "KEPT_IDS", kept)
        patched.setattr(store.Ids, "_keep", kept_at_most)
        folder.mkdir()
        write(folder, club=CLUB, open=OPEN)
        indexed(db, folder)
        # Its players and result change: its rows are dropped by the ids of its old tag
        # values, then written again.
        write(folder, club=CLUB.replace("Carla Dias", "Dora Reis").replace('"0-2"', '"1-1"'))
        indexed(db, folder)
    return largest


def tables(db: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the index's dictionaries, games and tags, in order."""
    opened = open_index(db)
    try:
        return {
            name: opened.execute(f"SELECT * FROM {name} ORDER BY {order}").fetchall()
            for name, order in (
                ("setups", "id"),
                ("moves", "id"),
                ("tagvalues", "id"),
                ("tagged", "value, first"),
                ("games", "id"),
            )
        }
    finally:
        opened.close()


def test_an_entry_comes_back_whole_from_a_worker() -> None:
    """An entry pickled (as a worker sends it) comes back with every field it had."""
    entry = Entry(
        number=3,
        line=41,
        game="brazilian",
        setup='{"FEN": "W:W31:B1"}',
        result="2-0",
        tags=(("event", "club"), ("White", "ann")),
        errors=1,
        codes="PDN201 PDN305",
        illegal=7,
        plies=9,
        moves="32-28 19-23",
        keys=bytes(range(24)),
        text='[Event "Club"]\n1. 32-28 19-23 *',
        opening=("brazilian", "A1", None),
    )
    back = pickle.loads(pickle.dumps(entry))
    assert [getattr(back, f.name) for f in dataclasses.fields(Entry)] == [
        getattr(entry, f.name) for f in dataclasses.fields(Entry)
    ]
    fields = dataclasses.fields(Entry)
    assert len({repr(getattr(entry, f.name)) for f in fields}) == len(fields)


def test_a_worker_keeps_none_of_the_records_it_indexed() -> None:
    """Once a worker has made a piece's entries, none of its records is held: the
    compiled build's replay that kept the main line in the report kept a reference to
    each record it judged, so that a worker's memory (and each of the collector's walks
    through it) grew with the archive."""
    gc.collect()
    before = sum(type(item) is Record for item in gc.get_objects())
    entries = entries_of_piece("a.pdn", 1, (CLUB + "\n" + OPEN) * 10, None, frozenset(), SALT)
    gc.collect()
    assert [entry.illegal for entry in entries[:5]] == [None, None, None, 6, 3]
    assert sum(type(item) is Record for item in gc.get_objects()) == before


def test_a_file_or_folder_of_no_games_is_an_error_unless_allowed_empty(
    tmp_path: Path, target: str
) -> None:
    """An input that holds no game is PDN108, exit 2, as in ``validate``, every time
    (it is not stored; a second run took it as indexed, exit 0); with
    ``--allow-empty`` (which the message names) it is indexed with no games, and the
    index answers with none."""
    write(tmp_path, empty="; no game here\n")
    (tmp_path / "bare").mkdir()
    inputs = [str(tmp_path / "empty.pdn"), str(tmp_path / "bare")]
    refused = run("index", "--db", target, *inputs)
    assert refused.exit_code == 2
    assert refused.stderr.endswith(
        "0 files indexed (0 as they were): 0 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    # Not stored: a second run says the same.
    assert run("index", "--db", target, *inputs).stderr == refused.stderr
    assert [line.split(" ", 3)[1:3] for line in refused.stderr.splitlines()[:2]] == [
        ["error", "PDN108"],
        ["error", "PDN108"],
    ]
    assert "(--allow-empty accepts it)" in refused.stderr
    allowed = run("index", "--db", target, "--allow-empty", *inputs)
    assert (allowed.exit_code, allowed.stderr) == (
        0,
        "1 file indexed (0 as they were): 0 games added, 0 updated, 0 removed, 0 unchanged\n",
    )


def test_the_collector_is_paused_only_while_games_are_stored_or_entries_made(
    tmp_path: Path,
) -> None:
    """The writer pauses the cyclic collector while it stores a file's games and a worker
    while it makes a piece's entries; each starts it again after, when storing fails part
    way too, and leaves a collector its caller paused paused."""
    from notation.index.store import Store

    entries = entries_of_piece("a.pdn", 1, CLUB + "\n" + OPEN, None, frozenset(), SALT)
    assert gc.isenabled()
    gc.disable()
    try:
        assert len(entries_of_piece("a.pdn", 1, CLUB, None, frozenset(), SALT)) == 2
        assert not gc.isenabled()
    finally:
        gc.enable()
    seen: list[bool] = []

    def lost() -> Iterator[Entry]:
        for entry in entries:
            seen.append(gc.isenabled())
            yield entry
        raise RuntimeError("a worker was lost")

    db = open_index(str(tmp_path / "a.sqlite"), create=True)
    try:
        store = Store(db)
        with pytest.raises(RuntimeError, match="a worker was lost"), db.transaction():
            store.add_games(
                store.add_file("a.pdn", b"a.pdn", b"digest", (1, 1, 1, 1), "settings"), lost()
            )
        assert (gc.isenabled(), seen) == (True, [False] * 5)
        assert db.execute("SELECT count(*) FROM games").fetchone() == (0,)
    finally:
        db.close()


def test_the_next_files_pieces_are_replayed_while_the_writer_ends_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workers are given the next file's pieces before the writer commits a file, so
    that they do not wait at each file's end; the index is the one a serial run makes."""
    import contextlib
    from typing import Any

    from notation.index import build
    from notation.index.sqlite import SQLite
    from notation.run.batch import Processes

    write(tmp_path, a=CLUB, b=OPEN)
    said: list[str] = []

    class Recording:
        def __init__(self, processes: Processes) -> None:
            self.processes = processes
            self.width = processes.width

        def call(self, task: Callable[..., Any], /, *args: Any) -> Any:
            said.append(f"hand {Path(args[0]).name}")
            return self.processes.call(task, *args)

    @contextlib.contextmanager
    def replayers(settings: object) -> Iterator[Recording]:
        with Processes(2, eager=True) as processes:
            yield Recording(processes)

    execute = SQLite.execute

    def recorded(self: SQLite, sql: str, params: Any = ()) -> Any:
        if sql == "COMMIT":
            said.append("commit")
        return execute(self, sql, params)

    monkeypatch.setattr(build, "replayers", replayers)
    monkeypatch.setattr(SQLite, "execute", recorded)
    files = [str(tmp_path / "a.pdn"), str(tmp_path / "b.pdn")]
    parallel = str(tmp_path / "parallel.sqlite")
    assert run("index", "--db", parallel, *files).exit_code == 0
    assert [line for line in said if line != "commit"] == ["hand a.pdn", "hand b.pdn"]
    assert "commit" not in said[said.index("hand a.pdn") : said.index("hand b.pdn")]
    monkeypatch.undo()
    serial = str(tmp_path / "serial.sqlite")
    assert run("index", "--db", serial, "--jobs", "1", *files).exit_code == 0
    assert places(parallel) == places(serial)


def test_the_workers_are_handed_pieces_enough_to_replay_on_while_the_writer_commits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An index run keeps twice its workers' width of pieces in flight (and one more):
    the writer takes the first piece's entries once that many are handed out, then hands
    one out for each it takes; the index is the one a serial run makes."""
    import contextlib
    from typing import Any

    from notation.index import build
    from notation.run.batch import Processes

    write(tmp_path, many="\n".join([CLUB, OPEN] * 4))
    said: list[str] = []

    class Taken:
        def __init__(self, pending: Any) -> None:
            self.pending = pending

        def result(self) -> Any:
            said.append("take")
            return self.pending.result()

    class Recording:
        def __init__(self, processes: Processes) -> None:
            self.processes = processes
            self.width = processes.width

        def call(self, task: Callable[..., Any], /, *args: Any) -> Any:
            said.append("hand")
            return Taken(self.processes.call(task, *args))

    @contextlib.contextmanager
    def replayers(settings: object) -> Iterator[Recording]:
        with Processes(2, eager=True) as processes:
            yield Recording(processes)

    monkeypatch.setattr(build, "replayers", replayers)
    monkeypatch.setattr(build, "PIECE_GAMES", 1)
    many = str(tmp_path / "many.pdn")
    parallel = str(tmp_path / "parallel.sqlite")
    assert run("index", "--db", parallel, many).exit_code == 0
    ahead = 2 * 4 + 1
    assert said[: ahead + 2] == ["hand"] * ahead + ["take", "hand"]
    assert said.count("hand") == said.count("take") == 20
    monkeypatch.undo()
    serial = str(tmp_path / "serial.sqlite")
    assert run("index", "--db", serial, "--jobs", "1", many).exit_code == 0
    assert places(parallel) == places(serial)


def test_a_json_document_that_cannot_be_read_is_not_stored_and_fails_every_run(
    tmp_path: Path, target: str
) -> None:
    write(tmp_path, club=CLUB, open=OPEN)
    bad = tmp_path / "bad.json"
    document = json.loads(run("convert", "--to", "json", str(tmp_path / "club.pdn")).stdout)
    document["records"][0]["tags"][0]["value"] = "Cl\ud800ub"
    bad.write_text(json.dumps(document), "utf-8")
    said = (
        f"{bad}:1:1: error PDN106 cannot read {bad}: document.records[0].tags[0].value: a "
        "string holding a lone surrogate, U+D800, which no text file holds"
    )
    for _ in range(2):
        # The second run said 0 errors and exit 0: the document was stored with no game.
        result = run("index", "--db", target, str(bad), str(tmp_path / "open.pdn"))
        assert result.exit_code == 2
        assert result.stderr.splitlines()[0] == said
    assert result.stderr.splitlines()[1] == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 3 unchanged"
    )


def test_a_folder_given_that_is_gone_keeps_its_files_games(tmp_path: Path, target: str) -> None:
    # A disk not mounted, a folder renamed: nothing under it is known to be gone.
    folder = tmp_path / "archive"
    folder.mkdir()
    write(folder, club=CLUB, open=OPEN)
    indexed(target, folder)
    folder.rename(tmp_path / "elsewhere")
    result = run("index", "--db", target, str(folder))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{folder}:1:1: error PDN106 cannot read {folder}: no such file or directory",
        "0 files indexed (0 as they were): 0 games added, 0 updated, 0 removed, 0 unchanged",
    ]
    assert len(found(target)) == 5
    # A file of a folder that is there, gone, is dropped as ever.
    (tmp_path / "elsewhere").rename(folder)
    (folder / "open.pdn").unlink()
    assert indexed(target, folder).endswith("0 games added, 0 updated, 3 removed, 2 unchanged\n")


def test_one_file_named_two_ways_in_a_run_is_read_once(tmp_path: Path, target: str) -> None:
    write(tmp_path, club=CLUB)
    (tmp_path / "sub").mkdir()
    again = tmp_path / "sub" / ".." / "club.pdn"
    assert indexed(target, tmp_path / "club.pdn", again, tmp_path / "club.pdn") == (
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    # Indexed under one name, then read under another first: held once, under that one.
    (tmp_path / "link.pdn").symlink_to(tmp_path / "club.pdn")
    indexed(target, tmp_path / "link.pdn", tmp_path / "club.pdn")
    assert {Path(str(g["path"])).name for g in found(target)} == {"link.pdn"}
    assert len(found(target)) == 2


def test_quiet_leaves_out_the_summary_lines_of_index_and_find(tmp_path: Path, target: str) -> None:
    write(tmp_path, club=CLUB)
    done = run("index", "-q", "--db", target, str(tmp_path / "club.pdn"))
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    answer = run("find", "-q", "--db", target, "--player", "ana*")
    assert answer.exit_code == 0
    assert answer.stderr == ""
    assert answer.stdout == f"{tmp_path / 'club.pdn'}:1: game 1, opening 21-I\n"


def test_a_run_that_names_no_file_makes_no_index_file(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    (tmp_path / "bare").mkdir()
    result = run("index", "--db", str(db), str(tmp_path / "nowhere.pdn"), str(tmp_path / "bare"))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        f"{tmp_path / 'nowhere.pdn'}:1:1: error PDN106 cannot read {tmp_path / 'nowhere.pdn'}: "
        "no such file or directory"
    )
    assert result.stderr.splitlines()[2:] == [
        "0 files indexed (0 as they were): 0 games added, 0 updated, 0 removed, 0 unchanged",
        f"{db}: no index made: no file was given to store",
    ]
    allowed = run("index", "--db", str(db), "--allow-empty", str(tmp_path / "bare"))
    assert (allowed.exit_code, allowed.stderr.splitlines()[-1]) == (
        0,
        f"{db}: no index made: no file was given to store",
    )
    assert os.listdir(tmp_path) == ["bare"]
    # An index there is opened as ever: the games of a file given that is gone are dropped.
    write(tmp_path, club=CLUB)
    indexed(str(db), tmp_path / "club.pdn")
    (tmp_path / "club.pdn").unlink()
    gone = run("index", "--db", str(db), str(tmp_path / "club.pdn"))
    assert gone.stderr.splitlines()[-1] == (
        "0 files indexed (0 as they were): 0 games added, 0 updated, 2 removed, 0 unchanged"
    )


@pytest.mark.parametrize("missing", ["nowhere/", "no-such-*.pdn"])
def test_prune_removes_nothing_when_an_input_cannot_be_read(
    tmp_path: Path, target: str, missing: str
) -> None:
    write(tmp_path, club=CLUB, open=OPEN)
    db = target
    indexed(db, tmp_path / "club.pdn", tmp_path / "open.pdn")
    result = run(
        "index", "--db", db, "--prune", str(tmp_path / "club.pdn"), str(tmp_path / missing)
    )
    assert result.exit_code == 2
    reason = "no such file or directory" if missing == "nowhere/" else "no file matches the pattern"
    assert result.stderr == (
        f"{tmp_path / missing}:1:1: error PDN106 cannot read {tmp_path / missing}: {reason}\n"
        "--prune skipped: an input could not be read, so no file was dropped for not being "
        "given\n"
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n"
    )
    assert len(found(db)) == 5


def test_two_files_whose_shown_names_are_one_are_two_files(tmp_path: Path, target: str) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "a\nb.pdn").write_text(CLUB)
    (folder / "a\\x0ab.pdn").write_text(OPEN)
    db = target
    assert indexed(db, folder) == (
        "2 files indexed (0 as they were): 5 games added, 0 updated, 0 removed, 0 unchanged\n"
    )
    assert indexed(db, folder) == (
        "2 files indexed (2 as they were): 0 games added, 0 updated, 0 removed, 5 unchanged\n"
    )
    assert sorted(places(db)) == [
        ("a\\x0ab.pdn", 1, 1),
        ("a\\x0ab.pdn", 1, 1),
        ("a\\x0ab.pdn", 2, 9),
        ("a\\x0ab.pdn", 2, 9),
        ("a\\x0ab.pdn", 3, 17),
    ]
    (folder / "a\nb.pdn").unlink()
    assert indexed(db, folder) == (
        "1 file indexed (1 as they were): 0 games added, 0 updated, 2 removed, 3 unchanged\n"
    )
    assert len(found(db, "--player", "carla dias")) == 1


def test_a_file_given_twice_is_read_once(tmp_path: Path, target: str) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    write(folder, club=CLUB, open=OPEN)
    club = folder / "club.pdn"
    db = target
    result = run("index", "--db", db, str(club), str(club), str(folder / "open.pdn"))
    assert (result.exit_code, result.stderr) == (
        0,
        "2 files indexed (0 as they were): 5 games added, 0 updated, 0 removed, 0 unchanged\n",
    )
    write(folder, club=CLUB.split("\n\n[Event")[0] + "\n")
    result = run("index", "--db", db, str(folder), str(club), f"{folder}/./club.pdn")
    assert (result.exit_code, result.stderr) == (
        0,
        "2 files indexed (1 as they were): 0 games added, 1 updated, 1 removed, 3 unchanged\n",
    )
    assert places(db) == [
        ("club.pdn", 1, 1),
        ("open.pdn", 1, 1),
        ("open.pdn", 2, 9),
        ("open.pdn", 3, 17),
    ]


def _create_table(target: str, sql: str) -> None:
    """Run ``sql`` in the database ``target`` (an SQLite file or a PostgreSQL URL)."""
    if target.endswith(".sqlite"):
        import sqlite3

        with contextlib.closing(sqlite3.connect(target)) as connection:
            connection.execute(sql)
            connection.commit()
        return
    import psycopg

    with psycopg.connect(target) as connection:
        connection.execute(sql)


@pytest.mark.parametrize(
    "tables",
    [
        ["CREATE TABLE accounts (id INTEGER)"],
        # A table named meta, as the index's own, is no index without the index's rows.
        [
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
            "INSERT INTO meta VALUES ('schema', '3')",
            "CREATE TABLE accounts (id INTEGER)",
        ],
        ["CREATE TABLE meta (key TEXT, value TEXT)", "CREATE TABLE accounts (id INTEGER)"],
        ["CREATE TABLE meta (name TEXT)", "CREATE TABLE accounts (id INTEGER)"],
    ],
)
def test_a_database_of_another_application_is_refused_untouched(
    tmp_path: Path, target: str, tables: list[str]
) -> None:
    write(tmp_path, club=CLUB)
    for sql in tables:
        _create_table(target, sql)
    before = Path(target).read_bytes() if target.endswith(".sqlite") else b""
    from notation.index.db import shown

    where = target if target.endswith(".sqlite") else shown(target)
    refused = (
        f"notation: {where}: not a notation index: it holds tables of its own "
        "(give a new file, or an empty database)\n"
    )
    result = run("index", "--db", target, str(tmp_path / "club.pdn"))
    assert (result.exit_code, result.stderr) == (2, refused)
    # find and tree, which only read, say the same: making an index there is refused.
    for command in (("find",), ("tree", "-g", "brazilian")):
        answer = run(*command, "--db", target)
        assert (answer.exit_code, answer.stdout, answer.stderr) == (2, "", refused)
    if target.endswith(".sqlite"):
        assert Path(target).read_bytes() == before
        assert sorted(os.listdir(tmp_path)) == ["club.pdn", Path(target).name]
    else:
        import psycopg

        with psycopg.connect(target) as connection:
            held = connection.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchall()
        made = {sql.split()[2] for sql in tables if sql.startswith("CREATE")}
        assert {name for (name,) in held} == made


@pytest.mark.parametrize("command", [("find",), ("tree", "-g", "brazilian")])
def test_find_and_tree_never_write_the_file_at_db(tmp_path: Path, command: tuple[str, ...]) -> None:
    write(tmp_path, club=CLUB)
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    other = str(tmp_path / "other.sqlite")
    _create_table(other, "CREATE TABLE accounts (id INTEGER)")
    index = str(tmp_path / "index.sqlite")
    indexed(index, tmp_path / "club.pdn")

    def contents() -> dict[str, str]:
        return {
            name: hashlib.sha256((tmp_path / name).read_bytes()).hexdigest()
            for name in sorted(os.listdir(tmp_path))
        }

    before = contents()
    result = run(*command, "--db", str(empty))
    assert (result.exit_code, result.stderr) == (
        2,
        f"notation: {empty}: no index there; make one with notation index\n",
    )
    result = run(*command, "--db", other)
    assert (result.exit_code, result.stderr) == (
        2,
        f"notation: {other}: not a notation index: it holds tables of its own "
        "(give a new file, or an empty database)\n",
    )
    assert contents() == before
    result = run(*command, "--db", index)
    assert result.exit_code == 0, result.stderr
    assert contents() == before
    assert before["empty.sqlite"] == hashlib.sha256(b"").hexdigest()


def test_a_writer_ending_while_a_reader_is_open_leaves_the_whole_index_in_the_file(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "index.sqlite")
    writer = open_index(path, create=True)
    with writer.transaction():
        writer.execute("INSERT INTO meta (key, value) VALUES ('probe', 'written')")
    reader = open_index(path)
    assert reader.execute("SELECT value FROM meta WHERE key = 'probe'").fetchall() == [("written",)]
    writer.close()  # the reader is still open: the file cannot leave WAL mode
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "index.sqlite").write_bytes(Path(path).read_bytes())
    copied = sqlite3.connect(alone / "index.sqlite")
    try:
        assert copied.execute("SELECT value FROM meta WHERE key = 'probe'").fetchall() == [
            ("written",)
        ]
    finally:
        copied.close()
    assert (tmp_path / "index.sqlite-wal").stat().st_size == 0
    reader.close()
    open_index(path, create=True).close()  # the next writer, alone, leaves WAL mode
    assert sorted(os.listdir(tmp_path)) == ["alone", "index.sqlite"]


def test_the_index_file_is_never_read_as_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An index named *.pdn in the folder indexed was read as a record file: PDN106 (a
    # binary file) at every run, exit 2.
    monkeypatch.chdir(tmp_path)
    os.mkdir("archive")
    write(tmp_path / "archive", club=CLUB)
    first = run("index", "--db", "archive/games.pdn", "archive")
    assert (first.exit_code, first.stderr) == (
        0,
        "1 file indexed (0 as they were): 2 games added, 0 updated, 0 removed, 0 unchanged\n",
    )
    os.symlink("games.pdn", "archive/link.pdn")
    again = run("index", "--db", "archive/link.pdn", "archive")
    assert (again.exit_code, again.stderr) == (
        0,
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n",
    )
    named = run("index", "--db", "archive/games.pdn", "archive", "archive/games.pdn")
    assert (named.exit_code, named.stderr) == (
        2,
        "archive/games.pdn:1:1: error PDN106 cannot read archive/games.pdn: it is the index "
        "this run writes, not a record\n"
        "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged\n",
    )
    assert [game["path"] for game in found("archive/games.pdn")] == [
        "archive/club.pdn",
        "archive/club.pdn",
    ]


@pytest.mark.parametrize("name", ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "in.pdn"])
def test_a_name_of_standard_input_is_refused_as_minus_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # /dev/stdin was indexed under that name, which a later find cannot read again.
    monkeypatch.chdir(tmp_path)
    write(tmp_path, club=CLUB)
    os.symlink("/dev/stdin", "in.pdn")
    result = run("index", "--db", "games.sqlite", "club.pdn", name)
    assert (result.exit_code, result.stderr) == (
        2,
        f"notation: an index holds files: {name} names a stream of this process, not a file "
        "(standard input cannot be indexed)\n",
    )
    assert sorted(os.listdir()) == ["club.pdn", "in.pdn"]


def _lock_up(tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``archive/old`` a folder whose files cannot be looked at: a folder searched by
    nobody (``chmod 000``, which root passes through; for root, the system's answers to
    this process, ``EACCES`` for the folder and every name under it, stand in for it), or
    a link to itself (whose names the system never resolves, root included)."""
    if how == "chmod 000 (simulated)":
        from typing import Any

        stat, scandir = os.stat, os.scandir
        locked = os.path.join(tmp_path, "archive", "old")

        def refused(path: Any, itself: bool) -> None:
            # The folder itself is looked at through its parent; what it holds, not.
            name = os.fsdecode(os.path.abspath(path))
            if (itself and name == locked) or name.startswith(locked + "/"):
                raise PermissionError(13, "Permission denied", name)

        def looking(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
            refused(path, itself=False)
            return stat(path, *args, **kwargs)

        def listing(path: Any = ".") -> Any:
            refused(path, itself=True)
            return scandir(path)

        monkeypatch.setattr(os, "stat", looking)
        monkeypatch.setattr(os, "scandir", listing)
        return
    if how == "chmod 000":
        if os.geteuid() == 0:
            pytest.skip("root searches a folder of mode 000")
        (tmp_path / "archive" / "old").chmod(0)
        return
    (tmp_path / "archive" / "old").rename(tmp_path / "away")
    os.symlink("old", tmp_path / "archive" / "old")


@pytest.mark.parametrize("how", ["chmod 000", "chmod 000 (simulated)", "a link to itself"])
def test_a_file_that_cannot_be_looked_at_is_not_gone(
    tmp_path: Path, target: str, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    # os.path.exists said no for a file it could not look at: its games were dropped as
    # those of a file gone.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "archive" / "old").mkdir(parents=True)
    write(tmp_path / "archive", club=CLUB)
    write(tmp_path / "archive" / "old", open=OPEN)
    assert run("index", "--db", target, "archive").exit_code == 0
    _lock_up(tmp_path, how, monkeypatch)
    try:
        result = run("index", "--db", target, "archive")
    finally:
        if how == "chmod 000":
            (tmp_path / "archive" / "old").chmod(0o755)
    monkeypatch.undo()
    if how.startswith("chmod 000"):
        # The folder cannot be listed, as validate says; its file cannot be looked at.
        said = [
            "archive/old:1:1: error PDN106 cannot read archive/old: permission denied",
            "archive/old/open.pdn:1:1: error PDN106 cannot read archive/old/open.pdn: "
            "permission denied: its games are kept",
        ]
    else:
        said = [
            "archive/old/open.pdn:1:1: error PDN106 cannot read archive/old/open.pdn: "
            "too many levels of symbolic links: its games are kept"
        ]
    assert (result.exit_code, result.stderr.splitlines()) == (
        2,
        [
            *said,
            "1 file indexed (1 as they were): 0 games added, 0 updated, 0 removed, 2 unchanged",
        ],
    )
    assert [game["path"] for game in found(target)] == 2 * ["archive/club.pdn"] + 3 * [
        "archive/old/open.pdn"
    ]
