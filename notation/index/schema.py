"""The tables of an index, made or checked when it is opened.

``files``: each input file indexed (path as given and shown, the file's own name as
bytes, which is its key: two names shown alike are two files; content digest, its stamp:
size, modification time, inode change time, inode number,
:data:`notation.index.keys.Stamp`; the settings it was read with).
``games``: each game (file, line, number in the file, game, setup, result, verdict, the
record's text as read, compressed, and its main line's moves as ids in ``moves``,
:func:`notation.index.keys.pack_ids`; no setup and no main line for a game of a type not
supported or whose setup is invalid: it has no position to match).
``positions``: every position of each main line, by a 64-bit key
(:func:`notation.index.keys.position_key`), with its game and ply, packed by runs of games
and key buckets (:mod:`notation.index.postings`); the move played from it is the main
line's. ``summaries`` keeps, by chunk of games, the moves played from the positions
many of its games reach, with their games and results (:mod:`notation.index.summaries`),
so that ``tree`` does not read those games back. ``places`` keeps, by chunk, its file
and each game's line, number, setup and opening as arrays (:mod:`notation.index.places`),
so that ``find`` lists many games without reading their rows.
``tagged`` holds, by chunk, the games of each tag name and value (case folded, an id in
``tagvalues``; :mod:`notation.index.tagged`), for ``find --tag``, and ``find --player``
(its ``White`` and ``Black`` rows); a game's tags in full are those of its text.
``setups``, ``moves``, ``openings`` (each game's opening by its table's code and name,
:func:`notation.index.openings.opening_of`, found once when it is indexed) and
``tagvalues`` are dictionaries that keep the large tables made of integers. ``named``
keeps the opening tables' positions by key, read once when the index is made. ``meta`` holds
the schema version (key ``schema``), the secret every key of the index is made from (key
``salt``, drawn when the index is made: :func:`notation.index.keys.new_salt`) and the
next game id (key ``next_game``: ids are never given twice, so that no row left of a game
removed can be taken for a later game's).
"""

from __future__ import annotations

import importlib.util

from notation.index.db import (
    WITHOUT_ROWID,
    Database,
    IndexDamaged,
    IndexDenied,
    IndexUnusable,
    IndexVersionError,
    shown,
)
from notation.index.keys import SALT_BYTES, new_salt
from notation.index.target import index_file
from notation.io.files import shown_name

VERSION = "10"
"""The schema version this code writes; an index of another is refused."""

TABLES = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE IF NOT EXISTS files ("
    "id INTEGER PRIMARY KEY, path TEXT NOT NULL, source BLOB NOT NULL UNIQUE, "
    "digest BLOB NOT NULL, "
    "size BIGINT NOT NULL, mtime BIGINT NOT NULL, ctime BIGINT NOT NULL, "
    "inode BIGINT NOT NULL, settings TEXT NOT NULL, "
    "games INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS setups ("
    "id INTEGER PRIMARY KEY, game TEXT NOT NULL, tags TEXT NOT NULL, UNIQUE (game, tags))",
    "CREATE TABLE IF NOT EXISTS moves ("
    "id INTEGER PRIMARY KEY, game TEXT NOT NULL, text TEXT NOT NULL, UNIQUE (game, text))",
    "CREATE TABLE IF NOT EXISTS games ("
    "id INTEGER PRIMARY KEY, file INTEGER NOT NULL, line INTEGER NOT NULL, "
    "number INTEGER NOT NULL, game TEXT, setup INTEGER, result TEXT NOT NULL, "
    "errors INTEGER NOT NULL, codes TEXT NOT NULL, illegal INTEGER, "
    "plies INTEGER NOT NULL, replayed INTEGER NOT NULL, text BLOB, packing INTEGER NOT NULL, "
    "opening INTEGER, mainline BLOB)",
    "CREATE TABLE IF NOT EXISTS openings ("
    "id INTEGER PRIMARY KEY, game TEXT NOT NULL, source TEXT NOT NULL, code TEXT NOT NULL, "
    "name TEXT, UNIQUE (game, source, code))",
    "CREATE TABLE IF NOT EXISTS dictionaries (id INTEGER PRIMARY KEY, data BLOB NOT NULL)",
    "CREATE INDEX IF NOT EXISTS games_file ON games (file, number)",
    "CREATE INDEX IF NOT EXISTS games_errors ON games (game) WHERE errors > 0",
    "CREATE TABLE IF NOT EXISTS positions ("
    "bits INTEGER NOT NULL, bucket INTEGER NOT NULL, first BIGINT NOT NULL, "
    "entries BLOB NOT NULL)",
    "CREATE INDEX IF NOT EXISTS positions_bucket ON positions (bits, bucket)",
    "CREATE INDEX IF NOT EXISTS positions_first ON positions (first)",
    "CREATE TABLE IF NOT EXISTS summaries ("
    "key BIGINT NOT NULL, first BIGINT NOT NULL, results TEXT NOT NULL, counts BLOB NOT NULL, "
    "PRIMARY KEY (key, first))" + WITHOUT_ROWID,
    "CREATE INDEX IF NOT EXISTS summaries_first ON summaries (first)",
    "CREATE TABLE IF NOT EXISTS places ("
    "first BIGINT PRIMARY KEY, file INTEGER NOT NULL, data BLOB NOT NULL)" + WITHOUT_ROWID,
    "CREATE TABLE IF NOT EXISTS tagvalues ("
    "id INTEGER PRIMARY KEY, name TEXT NOT NULL, value TEXT NOT NULL, UNIQUE (name, value))",
    "CREATE TABLE IF NOT EXISTS tagged ("
    "value INTEGER NOT NULL, first BIGINT NOT NULL, games BLOB NOT NULL, "
    "PRIMARY KEY (value, first))" + WITHOUT_ROWID,
    "CREATE INDEX IF NOT EXISTS tagged_first ON tagged (first)",
    "CREATE TABLE IF NOT EXISTS named ("
    "game TEXT NOT NULL, key BIGINT NOT NULL, code TEXT NOT NULL, name TEXT, "
    "moves TEXT NOT NULL, source TEXT NOT NULL, note TEXT NOT NULL, setup TEXT, "
    "PRIMARY KEY (game, key))" + WITHOUT_ROWID,
)


def prepare(db: Database, where: str) -> None:
    """Make the tables of an empty index, or check the version of an existing one
    (:class:`IndexVersionError` naming ``where`` when it is another)."""
    version = _schema(db)
    if version is not None:
        if version != VERSION:
            rebuild = (
                "delete it" if db.kind == "sqlite" else "drop its tables (or give another database)"
            )
            raise IndexVersionError(
                f"{where}: the index was written by another version of notation "
                f"(schema {version}, this one reads {VERSION}); rebuild it: {rebuild} and "
                "run notation index again"
            )
        return
    with db.transaction():
        for statement in TABLES:
            db.execute(statement)
        db.execute(
            "INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO NOTHING",
            (VERSION,),
        )
        db.execute(
            "INSERT INTO meta (key, value) VALUES ('salt', ?) ON CONFLICT (key) DO NOTHING",
            (new_salt().hex(),),
        )
        _name_positions(db)


def salt(db: Database) -> bytes:
    """The secret the keys of the index ``db`` are made from (meta key ``salt``);
    :class:`IndexDamaged` when it is not one :func:`prepare` writes."""
    row = db.execute("SELECT value FROM meta WHERE key = 'salt'").fetchone()
    assert row is not None  # written with the schema version
    try:
        secret = bytes.fromhex(row[0])
    except (TypeError, ValueError):
        secret = b""
    if len(secret) != SALT_BYTES:
        raise IndexDamaged(db, "its secret cannot be read")
    return secret


def _name_positions(db: Database) -> None:
    """Keep the opening tables' positions (:func:`notation.index.openings.positions`)
    in ``named``, with the digest of the tables they were read from (meta key
    ``openings``): ``tree`` then names a position without replaying the tables."""
    from notation.index import openings

    if db.execute("SELECT count(*) FROM named").fetchone() != (0,):
        return
    db.executemany(
        "INSERT INTO named (game, key, code, name, moves, source, note, setup) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game, key, o.code, o.name, " ".join(o.moves), o.source, o.note, o.setup)
            for game in openings.TABLE_FILES
            for key, o in openings.positions(game, salt(db)).items()
        ],
    )
    db.execute(
        "INSERT INTO meta (key, value) VALUES ('openings', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (openings.digest(),),
    )


def _schema(db: Database) -> str | None:
    """The schema version of the index ``db`` holds; ``None`` when it holds none: no
    ``meta`` table, or one without the rows an index writes with its tables (``schema``
    and ``salt``), another application's."""
    if not _has_meta(db):
        return None
    try:
        rows = db.execute("SELECT key, value FROM meta WHERE key IN ('schema', 'salt')").fetchall()
    except (IndexDamaged, IndexDenied):
        raise
    except IndexUnusable:
        return None  # a meta table without these columns
    held = {str(key): str(value) for key, value in rows}
    if set(held) != {"schema", "salt"}:
        return None
    return held["schema"]


def _has_meta(db: Database) -> bool:
    """Whether the database has a ``meta`` table (in the current schema only: another
    schema's table is another index), whether or not this role may read it."""
    return _tables(db, "meta") > 0


def _has_tables(db: Database) -> bool:
    """Whether the database has any table (in the current schema only), whether or not
    this role may read it."""
    return _tables(db) > 0


def _tables(db: Database, name: str | None = None) -> int:
    """How many tables (views included), or tables called ``name``, SQLite's catalogue
    holds, else PostgreSQL's own in the current schema: the standard catalogue shows a
    role only the tables it has a privilege on, and an index this role may not read is not
    one that is not there."""
    if db.kind == "sqlite":
        query = "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
        named = " AND name = ?"
    else:
        query = (
            "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n "
            "ON n.oid = c.relnamespace WHERE n.nspname = current_schema() "
            "AND c.relkind IN ('r', 'p', 'v', 'm', 'f')"
        )
        named = " AND c.relname = ?"
    row = db.execute(query + ("" if name is None else named), () if name is None else (name,))
    found = row.fetchone()
    return int(found[0]) if found else 0


def open_database(target: str, *, read_only: bool = False) -> Database:
    """The database at ``target``: a ``postgresql://`` URL (a server, through
    :mod:`notation.index.postgres`), else a file path (SQLite, created if absent, or with
    ``read_only`` opened read-only, never made nor written). :class:`IndexUnusable` when
    it cannot be opened."""
    if index_file(target) is None:
        if importlib.util.find_spec("psycopg") is None:
            raise IndexUnusable(
                f"{shown(target)}: a PostgreSQL index needs psycopg: "
                "pip install 'notation[postgres]'"
            )
        from notation.index import postgres  # type: ignore[attr-defined, unused-ignore]

        opened: Database = postgres.connect(target)
        return opened
    from notation.index.sqlite import connect

    return connect(target, read_only=read_only)


def open_index(target: str, *, create: bool = False) -> Database:
    """The index at ``target`` (see :func:`open_database`), its tables
    checked (made when ``create``; else the index is only read: an SQLite file is opened
    read-only); :class:`~notation.index.db.IndexUnusable` when there is none and
    ``create`` is false, or when the database holds tables and no index (another
    application's: it is left as it is)."""
    import os

    from notation.index.sqlite import SQLite

    local = index_file(target) is not None
    where = shown_name(target) if local else shown(target)
    missing = f"{where}: no index there; make one with notation index"
    if local and not create and not os.path.lexists(target):
        raise IndexUnusable(missing)
    db = open_database(target, read_only=not create)
    try:
        if _schema(db) is None:
            if _has_tables(db):
                raise IndexUnusable(
                    f"{where}: not a notation index: it holds tables of its own "
                    "(give a new file, or an empty database)"
                )
            if not create:
                raise IndexUnusable(missing)
        if create and isinstance(db, SQLite):
            # WAL mode while the writer writes: readers neither wait for it nor block it
            # (the writer leaves it as it ends, SQLite.close).
            db.enter_wal()
        prepare(db, where)
    except BaseException:
        db.close()
        raise
    return db
