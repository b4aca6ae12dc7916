"""The archive index on a PostgreSQL server, through psycopg 3 (the ``notation[postgres]``
extra): :class:`PostgresDatabase`, the :class:`notation.index.db.Database` of a
``postgresql://`` URL.

The index's SQL is written once for SQLite and PostgreSQL; :func:`translate` turns it into
PostgreSQL's: ``%s`` placeholders for ``?``, ``BYTEA`` for ``BLOB``, text columns compared
by code point as SQLite compares them, no ``WITHOUT ROWID``. Results come back as SQLite
gives them: a sum of integers as an integer, an average as a float, a comparison as 0 or 1.
One writer at a time holds a session advisory lock, which the server releases when the
writer's connection ends, however it ends.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import socket
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal

import psycopg
from psycopg.adapt import Buffer, Loader

from notation.index.db import IndexBusy, IndexDenied, IndexUnusable, shown
from notation.lazy import compiled

CONNECT_TIMEOUT = 10
"""Seconds to wait for the server to answer, unless the URL says otherwise."""

WRITER_LOCK = (0x6E6F7461, 0x696E6478)
"""The advisory lock key (two 32-bit integers) that the index's writer holds; advisory
locks are the database's own, so indexes in other databases of a server do not share it."""

_TOKEN = compiled(
    r"""
    '(?:[^']|'')*'           # a string literal
    | "(?:[^"]|"")*"         # a quoted identifier
    | --[^\n]*               # a comment to the end of the line
    | /\*.*?\*/              # a comment between /* and */
    | [A-Za-z_][A-Za-z0-9_$]*
    | \s+
    | .
    """,
    re.DOTALL | re.VERBOSE,
)

_DEFINES = frozenset({"CREATE", "ALTER"})
"""The first words of the statements whose column types :func:`translate` rewrites."""


@functools.lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """``sql``, written for both databases with ``?`` placeholders, as psycopg runs it on
    PostgreSQL: each ``?`` outside string literals, quoted names and comments becomes
    ``%s`` and each ``%`` becomes ``%%``; in ``CREATE`` and ``ALTER`` statements a
    ``BLOB`` column becomes ``BYTEA``, a ``TEXT`` column compares in the ``"C"``
    collation (by code point, as SQLite's ``BINARY``), and ``WITHOUT ROWID`` goes."""
    tokens = _TOKEN.findall(sql)
    words = [token.upper() for token in tokens if _is_word(token)]
    defines = bool(words) and words[0] in _DEFINES
    out: list[str] = []
    previous = ""  # the last token that is not blank or a comment, upper-cased
    without = 0  # where in ``out`` the last WITHOUT is
    for token in tokens:
        upper = token.upper()
        if token == "?":
            out.append("%s")
        elif "%" in token:
            out.append(token.replace("%", "%%"))
        elif defines and upper == "ROWID" and previous == "WITHOUT":
            del out[without:]
            while out and out[-1].isspace():
                out.pop()
        elif defines and upper in {"BLOB", "TEXT"} and _names_column(previous):
            out.append("BYTEA" if upper == "BLOB" else f'{token} COLLATE "C"')
        else:
            out.append(token)
        if upper == "WITHOUT":
            without = len(out) - 1
        if not (token.isspace() or token.startswith(("--", "/*"))):
            previous = upper
    return "".join(out)


def _is_word(token: str) -> bool:
    """Whether ``token`` is a bare word (a keyword or an unquoted name)."""
    return token[0].isalpha() or token[0] == "_"


def _names_column(previous: str) -> bool:
    """Whether a type name after ``previous`` is a column's type: it follows the column's
    name (not ``AS``, as in a cast)."""
    return previous not in {"", "AS"} and (_is_word(previous) or previous.startswith('"'))


class _Number(Loader):
    """PostgreSQL's ``numeric`` (a sum of 64-bit integers, an average) as SQLite gives it:
    an integer when it has no fractional part written, a float otherwise."""

    def load(self, data: Buffer) -> int | float:
        text = bytes(data).decode("ascii")
        return int(text) if text.lstrip("-").isdigit() else float(text)


class _Truth(Loader):
    """A boolean (a comparison's value) as SQLite gives it: 1 or 0."""

    def load(self, data: Buffer) -> int:
        return 1 if bytes(data) == b"t" else 0


def _line(error: BaseException) -> str:
    """The message of ``error`` in one line."""
    return " ".join(str(error).split())


class _Rows:
    """The rows of one statement, none for a statement that gives none (as SQLite)."""

    def __init__(self, cursor: psycopg.Cursor[tuple[Any, ...]]) -> None:
        self._cursor = cursor
        self._rows = cursor.description is not None

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._cursor.fetchone() if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self._cursor.fetchall() if self._rows else []

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._cursor) if self._rows else iter(())


class PostgresDatabase:
    """The index database at a ``postgresql://`` URL. A statement outside
    :meth:`transaction` is committed at once. :class:`IndexUnusable` when the server does
    not answer or refuses the connection, when the database is not encoded in UTF-8, and
    when a statement fails (the connection lost, the server stopping it, an error in it)."""

    kind: Literal["sqlite", "postgresql"] = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = shown(url)
        # The server shows the name to whoever waits for this connection's writer lock.
        name = f"notation, process {os.getpid()} on {socket.gethostname()}"
        try:
            given = psycopg.conninfo.conninfo_to_dict(url)
            defaults: dict[str, str | int] = {
                "connect_timeout": CONNECT_TIMEOUT,
                "application_name": name[:63],
                "client_encoding": "UTF8",
            }
            extra = {key: value for key, value in defaults.items() if key not in given}
            conninfo = psycopg.conninfo.make_conninfo(url, **extra)
            self._connection = psycopg.connect(conninfo, autocommit=True)
        except psycopg.Error as error:
            raise IndexUnusable(f"{self.where}: cannot open the index: {_line(error)}") from None
        self._connection.adapters.register_loader("numeric", _Number)
        self._connection.adapters.register_loader("bool", _Truth)
        encoding = self._connection.info.parameter_status("server_encoding")
        if encoding != "UTF8":
            self._connection.close()
            raise IndexUnusable(
                f"{self.where}: its database is encoded in {encoding}, and an index needs "
                "UTF8 (create the database with ENCODING 'UTF8')"
            )

    @contextlib.contextmanager
    def _plainly(self) -> Iterator[None]:
        """Turn psycopg's errors (a lost connection, a statement the server stops or
        refuses) into :class:`IndexUnusable`, as the SQLite adapter turns SQLite's."""
        try:
            yield
        except psycopg.errors.InsufficientPrivilege as error:
            raise IndexDenied(f"{self.where}: {_line(error)}") from error
        except psycopg.Error as error:
            raise IndexUnusable(f"{self.where}: {_line(error)}") from error

    def execute(self, sql: str, params: Sequence[object] = ()) -> _Rows:
        """Run one statement, written with ``?`` placeholders."""
        with self._plainly():
            return _Rows(self._connection.execute(translate(sql), tuple(params)))

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once for each row of parameters."""
        with self._plainly(), self._connection.cursor() as cursor:
            cursor.executemany(translate(sql), (tuple(row) for row in rows))

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """A transaction (a savepoint inside another): committed when the block ends,
        rolled back when it raises."""
        with self._plainly(), self._connection.transaction():
            yield

    @contextlib.contextmanager
    def writer(self, deadline: float) -> Iterator[None]:
        """The index's one writer for the block, across transactions: waits up to
        ``deadline`` seconds for another writer, then raises :class:`IndexBusy` naming
        it."""
        end = time.monotonic() + deadline
        while not self._lock():
            left = end - time.monotonic()
            if left <= 0:
                raise IndexBusy(
                    f"{self.where}: the index is being written by {self._holder()}; "
                    f"waited {deadline:g} s (run again once it ends, or give --wait SECONDS)"
                )
            time.sleep(min(0.05, left))
        try:
            yield
        finally:
            # A connection that cannot unlock has lost its session, and the lock with it.
            with contextlib.suppress(IndexUnusable):
                self.execute("SELECT pg_advisory_unlock(?, ?)", WRITER_LOCK)

    def _lock(self) -> bool:
        """Take the writer's lock if no other session holds it."""
        return bool(self.execute("SELECT pg_try_advisory_lock(?, ?)", WRITER_LOCK).fetchall()[0][0])

    def _holder(self) -> str:
        """Who holds the writer's lock, as far as the server lets this session see."""
        row = self.execute(
            "SELECT l.pid, a.application_name FROM pg_locks l"
            " LEFT JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ? AND l.objid = ?"
            " AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database"
            " WHERE datname = current_database())",
            WRITER_LOCK,
        ).fetchone()
        if row is None:
            return "another notation index"
        pid, name = row
        return f"{name} (server process {pid})" if name else f"server process {pid}"

    def close(self) -> None:
        """Close the connection (a writer's lock goes with it)."""
        self._connection.close()


def connect(url: str) -> PostgresDatabase:
    """The index database at the ``postgresql://`` URL ``url``."""
    return PostgresDatabase(url)
