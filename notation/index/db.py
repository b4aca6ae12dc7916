"""The database an index lives in: the one interface the SQLite and PostgreSQL adapters
both give, and :func:`open_database` to open either.

SQL is written once, in the common subset of SQLite (3.35 and later) and PostgreSQL (13
and later), with ``?`` placeholders; ``BLOB`` columns hold bytes on both. A
``WITHOUT ROWID`` clause is written only through :data:`WITHOUT_ROWID`, which the
PostgreSQL adapter drops from the DDL it runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

WITHOUT_ROWID = " WITHOUT ROWID"
"""The clause a table's DDL ends with when it is clustered on its primary key (SQLite)."""


class IndexBusy(Exception):
    """Another writer holds the index past the deadline; the message names it."""


class IndexVersionError(Exception):
    """The index was written by another schema version; the message says to rebuild it."""


class IndexUnusable(Exception):
    """An index that cannot be opened or used (a bad target, a database that fails)."""


class IndexDenied(IndexUnusable):
    """An index the database's role may not use: the server refuses it a privilege."""


class IndexDamaged(IndexUnusable):
    """An index that holds what it never wrote (its file damaged, its tables changed by
    another program): the message names the index, says what was found damaged, and says
    to make it again."""

    def __init__(self, db: Database, what: str) -> None:
        first = "delete it first" if db.kind == "sqlite" else "drop its tables first"
        super().__init__(
            f"{db.where}: the index is damaged ({what}): make it again with notation index "
            f"({first})"
        )

    def __reduce__(self) -> tuple[Callable[[str], IndexDamaged], tuple[str]]:
        # Pickled as its message: the index it names is no part of it.
        return _damaged, (str(self),)


def _damaged(message: str) -> IndexDamaged:
    """The :class:`IndexDamaged` error whose message is ``message`` (unpickled)."""
    error = IndexDamaged.__new__(IndexDamaged)
    IndexUnusable.__init__(error, message)
    return error


class Malformed(ValueError):
    """Stored bytes that are not as the index writes them, from the function that decodes
    them; its caller, which knows the index, raises :class:`IndexDamaged`."""


class Rows(Protocol):
    """What :meth:`Database.execute` returns."""

    def fetchone(self) -> tuple[Any, ...] | None: ...

    def fetchall(self) -> list[tuple[Any, ...]]: ...

    def __iter__(self) -> Iterator[tuple[Any, ...]]: ...


class Database(Protocol):
    """A connection to the database an index lives in."""

    kind: Literal["sqlite", "postgresql"]
    where: str
    """The index as messages name it (a file's path as shown, a URL without its
    password)."""

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        """Run one statement; its rows, if it gives any."""
        ...

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each of ``rows``."""
        ...

    def transaction(self) -> AbstractContextManager[None]:
        """A transaction: committed when the block ends, rolled back on an error."""
        ...

    def writer(self, deadline: float) -> AbstractContextManager[None]:
        """The one writer's lock, held for the block: waits up to ``deadline`` seconds
        for another writer to finish, then raises :class:`IndexBusy` naming it."""
        ...

    def close(self) -> None:
        """Close the connection."""
        ...


def shown(url: str) -> str:
    """``url`` with its password, if any, replaced by ``***``, to be named in a message."""
    url = re.sub(r"^([a-z]+://[^:/@?]*):[^@/?]*@", r"\1:***@", url)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", url)
