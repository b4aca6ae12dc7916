"""The index's database on a real PostgreSQL server (:mod:`pgserver`, no mock): SQL written
once for SQLite runs as written, with the same answers; transactions, the one writer and a
writer killed mid-transaction; a database that cannot be reached or used, a connection
lost mid-run and a missing driver are each one plain error. (The schema version is checked
by the schema, the same way on both databases.)"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pgserver
import pytest

from notation.index.db import IndexBusy, IndexUnusable
from notation.index.schema import open_database

if importlib.util.find_spec("psycopg") is None:
    pgserver.unavailable(f"psycopg is not installed: {pgserver.INSTALL}", whole_module=True)

import psycopg

from notation.index.postgres import PostgresDatabase, translate

HOST = socket.gethostname()

SCHEMA = [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE games (id BIGINT PRIMARY KEY, path TEXT NOT NULL, line INTEGER NOT NULL,"
    " result TEXT, moves BLOB)",
    "CREATE TABLE positions (key BLOB NOT NULL, game BIGINT NOT NULL, ply INTEGER NOT NULL,"
    " PRIMARY KEY (key, game, ply)) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS games_path ON games (path, line)",
    "CREATE INDEX IF NOT EXISTS games_path ON games (path, line)",
]
"""Tables as an index writes them: every column type of the common subset, a table
without a rowid on SQLite, an index created twice."""

GAMES = [
    (1, "b.pdn", 3, "1-0", b"\x00\x01\xfe\xff"),
    (2, "B.pdn", 40, "0-1", bytes(range(256))),
    (3, "é.pdn", 7, "1/2-1/2", b""),
    (2**62, "a.pdn", 2**31 - 1, None, None),
]


@pytest.fixture
def db(postgres_url: str) -> Iterator[PostgresDatabase]:
    """A new, empty database, open."""
    opened = PostgresDatabase(postgres_url)
    yield opened
    opened.close()


def _games(db: PostgresDatabase) -> None:
    for statement in SCHEMA:
        db.execute(statement)
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?)", GAMES)


def test_translate_placeholders_outside_literals_names_and_comments() -> None:
    sql = "SELECT '?', \"a?\", x FROM t -- why?\nWHERE y = ? /* ? */ AND z LIKE 'a%' || ?"
    assert translate(sql) == (
        "SELECT '?', \"a?\", x FROM t -- why?\nWHERE y = %s /* ? */ AND z LIKE 'a%%' || %s"
    )
    assert translate("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', %s"


def test_translate_column_types_and_table_options() -> None:
    assert translate(SCHEMA[2]) == (
        "CREATE TABLE positions (key BYTEA NOT NULL, game BIGINT NOT NULL, ply INTEGER NOT NULL,"
        " PRIMARY KEY (key, game, ply))"
    )
    assert translate('CREATE TABLE t ("text" text, b Blob) without  ROWID;') == (
        'CREATE TABLE t ("text" text COLLATE "C", b BYTEA);'
    )
    assert translate("ALTER TABLE t ADD COLUMN c TEXT") == (
        'ALTER TABLE t ADD COLUMN c TEXT COLLATE "C"'
    )
    # Outside table definitions, and in a cast, a type is left as written.
    assert translate("SELECT CAST(x AS TEXT), 'BLOB' FROM text") == (
        "SELECT CAST(x AS TEXT), 'BLOB' FROM text"
    )
    assert translate("CREATE INDEX i ON t (blob)") == "CREATE INDEX i ON t (blob)"


def test_placeholders_and_a_question_mark_in_a_literal(db: PostgresDatabase) -> None:
    assert db.execute("SELECT '?', ?, 'x%', ? || '%'", ("a", "b")).fetchall() == [
        ("?", "a", "x%", "b%")
    ]
    assert db.execute("SELECT 'no parameters %'").fetchone() == ("no parameters %",)


def test_bytes_integers_and_text_round_trip(db: PostgresDatabase) -> None:
    _games(db)
    assert db.execute("SELECT * FROM games ORDER BY id").fetchall() == GAMES
    assert list(db.execute("SELECT moves FROM games WHERE moves = ?", (bytes(range(256)),))) == [
        (bytes(range(256)),)
    ]


def test_a_statement_without_rows_gives_none(db: PostgresDatabase) -> None:
    rows = db.execute("CREATE TABLE t (a INTEGER)")
    assert (rows.fetchone(), rows.fetchall(), list(rows)) == (None, [], [])


def test_a_transaction_commits_or_rolls_back_whole(db: PostgresDatabase) -> None:
    _games(db)
    with db.transaction():
        db.execute("UPDATE games SET result = ? WHERE id = ?", ("0-1", 1))
    with pytest.raises(IndexUnusable) as refused, db.transaction():
        db.execute("UPDATE games SET result = ? WHERE id = ?", ("1-0", 2))
        db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?)", GAMES[2])
    assert str(refused.value) == (
        f'{db.url}: duplicate key value violates unique constraint "games_pkey"'
        " DETAIL: Key (id)=(3) already exists."
    )
    with pytest.raises(ZeroDivisionError), db.transaction():
        db.execute("DELETE FROM games")
        raise ZeroDivisionError
    assert db.execute("SELECT id, result FROM games ORDER BY id").fetchall() == [
        (1, "0-1"),
        (2, "0-1"),
        (3, "1/2-1/2"),
        (2**62, None),
    ]


def test_the_second_writer_waits_then_is_refused_naming_the_first(postgres_url: str) -> None:
    first = PostgresDatabase(postgres_url)
    second = PostgresDatabase(postgres_url)
    (server_pid,) = first.execute("SELECT pg_backend_pid()").fetchall()[0]
    try:
        with first.writer(1):
            start = time.monotonic()
            with pytest.raises(IndexBusy) as busy, second.writer(0.4):
                pass
            assert time.monotonic() - start >= 0.4
            assert str(busy.value) == (
                f"{postgres_url}: the index is being written by notation, process {os.getpid()}"
                f" on {HOST} (server process {server_pid}); waited 0.4 s (run again once it"
                " ends, or give --wait SECONDS)"
            )
            # One that waits long enough gets it once the first is done.
            release = threading.Timer(0.3, first.close)
            release.start()
            start = time.monotonic()
            with second.writer(10):
                assert 0.25 < time.monotonic() - start < 5
            release.join()
        with second.writer(0):
            pass
    finally:
        first.close()
        second.close()


CHILD = textwrap.dedent(
    """
    import sys, time
    from notation.index.schema import open_database
    db = open_database(sys.argv[1])
    with db.writer(10), db.transaction():
        db.execute("UPDATE games SET result = ? WHERE id = ?", ("0-1", 1))
        db.execute("DELETE FROM games WHERE id = ?", (2,))
        db.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?)", (9, "new.pdn", 1, "*", b"x"))
        print("written", flush=True)
        time.sleep(600)
    """
)


def test_a_writer_killed_mid_transaction_leaves_the_data_as_before(
    db: PostgresDatabase, postgres_url: str
) -> None:
    _games(db)
    before = db.execute("SELECT * FROM games ORDER BY id").fetchall()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, postgres_url], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "written\n"
        with (
            pytest.raises(
                IndexBusy, match=re.escape(f"written by notation, process {child.pid} on {HOST} ")
            ),
            db.writer(0),
        ):
            pass
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with db.writer(10):
        assert db.execute("SELECT * FROM games ORDER BY id").fetchall() == before


def test_a_connection_lost_mid_transaction_is_one_plain_error(
    db: PostgresDatabase, postgres_url: str
) -> None:
    _games(db)
    (server_pid,) = db.execute("SELECT pg_backend_pid()").fetchall()[0]
    with contextlib.closing(PostgresDatabase(postgres_url)) as other:
        with pytest.raises(IndexUnusable) as lost, db.writer(1), db.transaction():
            db.execute("DELETE FROM games")
            other.execute("SELECT pg_terminate_backend(?)", (server_pid,))
            db.execute("DELETE FROM positions")
        # libpq's own words around the server's vary with its version.
        message = str(lost.value)
        assert message.startswith(f"{postgres_url}: ")
        assert "terminating connection due to administrator command" in message
        assert "\n" not in message
        with other.writer(0):
            assert other.execute("SELECT * FROM games ORDER BY id").fetchall() == GAMES


def test_a_database_that_is_not_utf8_is_refused(postgres_server: str) -> None:
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute("CREATE DATABASE latin ENCODING 'LATIN1' TEMPLATE template0")
    url = postgres_server.replace("/postgres?", "/latin?")
    try:
        with pytest.raises(IndexUnusable) as refused:
            open_database(url)
        assert str(refused.value) == (
            f"{url}: its database is encoded in LATIN1, and an index needs UTF8 (create the"
            " database with ENCODING 'UTF8')"
        )
    finally:
        with psycopg.connect(postgres_server, autocommit=True) as admin:
            admin.execute("DROP DATABASE latin WITH (FORCE)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_a_missing_database_is_one_plain_error(postgres_server: str) -> None:
    url = postgres_server.replace("/postgres?", "/nowhere?")
    with pytest.raises(IndexUnusable) as refused:
        open_database(url)
    message = str(refused.value)
    assert message.startswith(f"{url}: cannot open the index: ")
    assert message.endswith('FATAL: database "nowhere" does not exist')
    assert "\n" not in message


def test_a_host_where_no_server_listens_is_one_plain_error_without_the_password() -> None:
    url = f"postgresql://arbiter:s3cret@127.0.0.1:{_free_port()}/index?connect_timeout=5"
    with pytest.raises(IndexUnusable) as refused:
        open_database(url)
    message = str(refused.value)
    shown = url.replace(":s3cret@", ":***@")
    assert message.startswith(f"{shown}: cannot open the index: ")
    assert "Connection refused" in message
    assert "s3cret" not in message
    assert "\n" not in message


def test_a_malformed_url_is_one_plain_error() -> None:
    with pytest.raises(IndexUnusable) as refused:
        open_database("postgresql://arbiter@/index?port=eleven&password=s3cret")
    assert str(refused.value).startswith(
        "postgresql://arbiter@/index?port=eleven&password=***: cannot open the index: "
    )


def test_without_psycopg_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "notation.index.postgres")
    with pytest.raises(IndexUnusable) as refused:
        open_database("postgresql://arbiter@host/index")
    assert str(refused.value) == (
        "postgresql://arbiter@host/index: a PostgreSQL index needs psycopg: "
        "pip install 'notation[postgres]'"
    )


QUERIES = [
    ("SELECT path FROM games ORDER BY path", ()),
    ("SELECT path, line FROM games WHERE path > ? ORDER BY path DESC", ("B",)),
    ("SELECT COUNT(*), SUM(line), SUM(id), MIN(path), MAX(line) FROM games", ()),
    ("SELECT AVG(line), AVG(id) > ? FROM games WHERE id < ?", (1, 4)),
    ("SELECT line = ?, path < ? FROM games ORDER BY id", (3, "a")),
    # PostgreSQL puts nulls last, SQLite first, unless told.
    ("SELECT result, COUNT(*) FROM games GROUP BY result ORDER BY result NULLS FIRST", ()),
    ("SELECT g.id, p.ply FROM games g JOIN positions p ON p.game = g.id ORDER BY p.key", ()),
    ("SELECT key, ply FROM positions WHERE key = ? AND ply BETWEEN ? AND ?", (b"\x01", 0, 9)),
    ("SELECT value FROM meta WHERE key = 'schema'", ()),
]
"""Queries whose answers depend on the database: the order of text (SQLite compares it by
code point), sums and averages of 64-bit integers, comparisons, bytes."""


def test_the_same_sql_gives_the_same_answers_on_sqlite_and_postgresql(
    db: PostgresDatabase, tmp_path: Path
) -> None:
    lite = sqlite3.connect(tmp_path / "index.sqlite", isolation_level=None)
    writes = [
        *((statement, ()) for statement in SCHEMA),
        *(("INSERT INTO games VALUES (?, ?, ?, ?, ?)", game) for game in GAMES),
        ("INSERT INTO positions VALUES (?, ?, ?)", (b"\x01", 1, 0)),
        ("INSERT INTO positions VALUES (?, ?, ?)", (b"\x00", 2, 4)),
        (
            "INSERT INTO positions VALUES (?, ?, ?) ON CONFLICT (key, game, ply) DO NOTHING",
            (b"\x00", 2, 4),
        ),
        ("INSERT INTO meta VALUES (?, ?)", ("schema", "0")),
        (
            "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            ("schema", "1"),
        ),
        ("UPDATE games SET line = line + ? WHERE path = ?", (1, "B.pdn")),
    ]
    for statement, params in writes:
        lite.execute(statement, params)
        db.execute(statement, params)
    for query, params in QUERIES:
        expected = lite.execute(query, params).fetchall()
        answer = db.execute(query, params).fetchall()
        assert [tuple(map(type, row)) for row in answer] == [
            tuple(map(type, row)) for row in expected
        ], query
        assert answer == expected, query
    assert lite.execute(QUERIES[0][0]).fetchall() == [
        ("B.pdn",),
        ("a.pdn",),
        ("b.pdn",),
        ("é.pdn",),
    ]
    lite.close()


def test_a_role_that_may_not_read_the_index_is_told_so_not_that_there_is_none(
    postgres_url: str, tmp_path: Path
) -> None:
    # The standard catalogue shows a role only the tables it may use: one without SELECT
    # was told "no index there; make one with notation index".
    from .archive import CLUB, run, write

    write(tmp_path, club=CLUB)
    assert run("index", "--db", postgres_url, str(tmp_path / "club.pdn")).exit_code == 0
    role = f"reader_{os.getpid()}"
    reader = postgres_url.replace("postgresql://postgres@", f"postgresql://{role}@", 1)
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
    try:
        for command in (("find",), ("tree", "--game", "brazilian")):
            result = run(*command, "--db", reader)
            assert (result.exit_code, result.stdout, result.stderr) == (
                2,
                "",
                f"notation: {reader}: permission denied for table meta\n",
            )
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
        allowed = run("find", "--db", reader)
        assert (allowed.exit_code, allowed.stderr) == (0, "2 games found\n")
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f"DROP OWNED BY {role}")
            admin.execute(f"DROP ROLE {role}")
