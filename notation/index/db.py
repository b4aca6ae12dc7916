"""The index's database, one interface over SQLite (a file) and PostgreSQL (a server).

SQL is written once, in the common subset of SQLite (3.35 and later) and PostgreSQL (13 and
later), with ``?`` placeholders; each adapter turns it into its database's dialect.
:func:`open_database` picks the adapter from the target and imports PostgreSQL's driver
only for a ``postgresql://`` URL.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

SCHEMA_VERSION = "1"
"""The version of the index's tables this notation reads and writes (``meta``'s
``schema``)."""

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""How a target that names a PostgreSQL database begins."""

POSTGRES_INSTALL = "pip install 'notation[postgres]'"
"""How to install what a PostgreSQL index needs."""


class IndexBusy(Exception):
    """Another writer holds the index past the deadline; the message names it."""


class IndexVersionError(Exception):
    """The index was written by another schema version: rebuild it."""


class DatabaseError(Exception):
    """The index's database cannot be opened or used: a malformed target, a server that
    does not answer or refuses, a lost connection, a missing driver; the message says why,
    in a line."""


class Rows(Protocol):
    """The rows a statement gives (none for a statement that gives no rows)."""

    def fetchone(self) -> tuple[Any, ...] | None: ...

    def fetchall(self) -> list[tuple[Any, ...]]: ...

    def __iter__(self) -> Iterator[tuple[Any, ...]]: ...


class Database(Protocol):
    """An open index database."""

    kind: Literal["sqlite", "postgresql"]

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        """Run one statement; outside :meth:`transaction`, it is committed at once."""
        ...

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement once for each row of parameters."""
        ...

    def transaction(self) -> AbstractContextManager[None]:
        """A transaction: committed when the block ends, rolled back when it raises."""
        ...

    def writer(self, deadline: float) -> AbstractContextManager[None]:
        """The index's one writer for the block: waits up to ``deadline`` seconds for
        another writer to finish, then raises :class:`IndexBusy` naming it."""
        ...

    def close(self) -> None:
        """Close the connection."""
        ...


def open_database(target: str) -> Database:
    """The database at ``target``: a ``postgresql://`` URL (PostgreSQL, through psycopg
    from the ``notation[postgres]`` extra) or a file path (SQLite).
    :class:`DatabaseError` when it cannot be opened, :class:`IndexVersionError` when it
    holds an index of another schema version."""
    if target.startswith(POSTGRES_SCHEMES):
        return _open_postgres(target)
    raise DatabaseError(f"{target}: not a postgresql:// URL")


def _open_postgres(url: str) -> Database:
    """The PostgreSQL database at ``url``."""
    try:
        from notation.index.postgres import PostgresDatabase
    except ImportError:
        raise DatabaseError(
            f"an index on PostgreSQL needs psycopg, which is not installed: {POSTGRES_INSTALL}"
        ) from None
    return PostgresDatabase(url, schema=SCHEMA_VERSION)
