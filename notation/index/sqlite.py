"""The SQLite adapter of :mod:`notation.index.db`: an index in one file, no server.

The writer puts the file in WAL mode (:func:`notation.index.schema.open_index`) while it
writes, so readers (``find``, ``tree``), which open it read-only and never write it, never
wait for the writer nor block it, and a transaction is either whole in the file or absent
from it, whatever kills the writer. A statement that meets another connection's lock waits up to
:data:`BUSY_SECONDS`. The writer's lock is an advisory lock (``flock``) on the database
file itself, held for a whole ``index`` run; the process holding it is named in the
``meta`` table, so that a second writer that gives up can say which one it waited for.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, Literal
from urllib.parse import quote

from notation.index.db import IndexBusy, IndexDamaged, IndexUnusable, Rows
from notation.io.files import kind_of, shown_name, why

BUSY_SECONDS = 30.0
"""How long a statement waits for another connection's lock before failing."""

WRITER_CACHE_KIB = 65536
"""The writer's page cache, KiB (SQLite's default is 2,000)."""

WRITER_CHECKPOINT_PAGES = 25000
"""The writer's log (WAL) pages between checkpoints (SQLite's default is 1,000)."""

LEAVE_WAL_SECONDS = 2.0
"""How long a writer ending its run tries to leave WAL mode while other connections have
the file open."""

BLOCK_ROWS = 256
"""Rows a statement's rows are read by at a time when they are iterated."""

WRITER_KEY = "writer"
"""The ``meta`` key naming the process that holds the writer's lock."""


class SQLite:
    """An index in an SQLite file (:class:`notation.index.db.Database`)."""

    kind: Literal["sqlite", "postgresql"] = "sqlite"

    def __init__(self, path: str, *, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        shown = self.where = shown_name(path)
        if path == "-":
            # NOTATION_DB=-: "-" names a standard stream everywhere else, never a file to make.
            raise IndexUnusable("-: not an index: name an SQLite file or a postgresql:// URL")
        try:
            mode = os.stat(path).st_mode
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(path):
                raise IndexUnusable(
                    f"{shown}: not an index: it is a symbolic link to a file that does not "
                    "exist (name the file itself)"
                ) from None
            mode = stat.S_IFREG
        except (OSError, ValueError) as error:
            raise IndexUnusable(f"{shown}: cannot open the index: {why(error)}") from None
        if not stat.S_ISREG(mode):
            # SQLite would read a device or a FIFO, and write its journal beside it.
            raise IndexUnusable(f"{shown}: not an index: it is {kind_of(mode)}")
        # Always a URI of the file's own path: an SQLite built to read URIs would read a
        # name such as file:x.sqlite as one. Read-only, SQLite neither makes the file nor
        # writes it (not even its header).
        uri = "file://" + quote(os.fsencode(os.path.abspath(path)))
        try:
            self._connection = sqlite3.connect(
                uri + ("?mode=ro" if read_only else "?mode=rwc"),
                timeout=BUSY_SECONDS,
                isolation_level=None,
                check_same_thread=False,
                uri=True,
            )
            self._connection.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as error:
            raise IndexUnusable(f"{shown}: cannot open the index: {error}") from None
        self._depth = 0
        self._lock: int | None = None
        self._wal = False
        """Whether this connection put the file in WAL mode (:meth:`enter_wal`): only then
        does it leave it as it closes, so a database it refused is left as it is."""

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        """Run one statement; its rows."""
        try:
            return _Rows(self._connection.execute(sql, params), self._failed)
        except sqlite3.Error as error:
            raise self._failed(error) from error

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run one statement for each of ``rows``."""
        try:
            self._connection.executemany(sql, rows)
        except sqlite3.Error as error:
            raise self._failed(error) from error

    def _failed(self, error: sqlite3.Error) -> IndexUnusable:
        """What SQLite's ``error`` ends the command with: :class:`IndexDamaged` when
        SQLite found the file corrupt."""
        code = getattr(error, "sqlite_errorcode", None)  # not the module's own errors
        if code is not None and code & 0xFF == sqlite3.SQLITE_CORRUPT:
            return IndexDamaged(self, str(error))
        return IndexUnusable(f"{self.where}: {error}")

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """A transaction (``BEGIN IMMEDIATE``: it takes the write lock at once); a
        transaction inside another joins it."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield
        except BaseException:
            self._depth = 0
            with contextlib.suppress(sqlite3.Error):
                self._connection.execute("ROLLBACK")
            raise
        self._depth = 0
        self.execute("COMMIT")

    @contextlib.contextmanager
    def writer(self, deadline: float) -> Iterator[None]:
        """The writer's lock on the file, for the block (see the module's notes)."""
        if self._lock is None:
            # Kept open until the connection is closed: closing a descriptor of the file
            # would drop the locks SQLite holds on it through its own.
            try:
                self._lock = os.open(self.path, os.O_RDONLY)
            except OSError as error:
                raise IndexUnusable(f"{self.where}: {error.strerror}") from None
        give_up = time.monotonic() + deadline
        while True:
            try:
                fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= give_up:
                    raise IndexBusy(self._busy(deadline)) from None
                time.sleep(0.05)
        try:
            # Each file's transaction touches leaves all over the index's B-trees (keys
            # are spread uniformly), as many more as the index is large: with SQLite's
            # 2 MB cache and a checkpoint every 4 MB of log they were read and written
            # again and again (3.2 s of system CPU a 100,000 games added to a million,
            # 0.8 s to an empty index). A bounded cache and a longer log keep that flat.
            self.execute(f"PRAGMA cache_size=-{WRITER_CACHE_KIB}")
            self.execute(f"PRAGMA wal_autocheckpoint={WRITER_CHECKPOINT_PAGES}")
            holder = f"notation index, process {os.getpid()} on {os.uname().nodename}"
            with self.transaction():
                self._note(holder)
            try:
                yield
            finally:
                with contextlib.suppress(IndexUnusable), self.transaction():
                    self._note(None)
        finally:
            fcntl.flock(self._lock, fcntl.LOCK_UN)

    def _note(self, holder: str | None) -> None:
        if holder is None:
            self.execute("DELETE FROM meta WHERE key = ?", (WRITER_KEY,))
        else:
            self.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (WRITER_KEY, holder),
            )

    def _busy(self, deadline: float) -> str:
        row = self.execute("SELECT value FROM meta WHERE key = ?", (WRITER_KEY,)).fetchone()
        holder = row[0] if row else "another notation index"
        return (
            f"{self.where}: the index is being written by {holder}; "
            f"waited {deadline:g} s "
            "(run again once it ends, or give --wait SECONDS)"
        )

    def close(self) -> None:
        """Close the connection; one that put the file in WAL mode first copies the log
        into the file and puts the file back in rollback-journal mode (:meth:`_leave_wal`),
        unless another writer holds the writer's lock (it would wait for that one's
        transaction)."""
        held = self._alone() if self._wal else None
        if held is not None:
            try:
                self._leave_wal()
            finally:
                fcntl.flock(held, fcntl.LOCK_UN)
        self._connection.close()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def enter_wal(self) -> None:
        """Put the file in WAL mode while this writer writes (left as it closes)."""
        self.execute("PRAGMA journal_mode=WAL")
        self._wal = True

    def _alone(self) -> int | None:
        """The writer's lock, taken, when no other writer holds it; else ``None``."""
        try:
            if self._lock is None:
                self._lock = os.open(self.path, os.O_RDONLY)
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return None
        return self._lock

    def _leave_wal(self) -> None:
        """Copy the log into the file and empty it (waiting for readers still reading
        it), then leave WAL mode, so that the file alone holds the whole index and a
        read-only reader, which cannot delete a log, makes none. Another connection open
        on the file (a ``find`` at that moment) forbids the change of mode: it is tried
        again for :data:`LEAVE_WAL_SECONDS`, then left in WAL mode, its log empty."""
        give_up = time.monotonic() + LEAVE_WAL_SECONDS
        with contextlib.suppress(sqlite3.Error):
            self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            while True:
                with contextlib.suppress(sqlite3.OperationalError):
                    row = self._connection.execute("PRAGMA journal_mode=DELETE").fetchone()
                    if row is not None and str(row[0]).lower() != "wal":
                        return
                if time.monotonic() >= give_up:
                    return
                time.sleep(0.05)


class _Rows:
    """The rows of one statement, read a block at a time; an error SQLite meets while it
    reads them is turned as :meth:`SQLite.execute` turns one."""

    __slots__ = ("_cursor", "_failed")

    def __init__(
        self, cursor: sqlite3.Cursor, failed: Callable[[sqlite3.Error], IndexUnusable]
    ) -> None:
        self._cursor = cursor
        self._failed = failed

    def fetchone(self) -> tuple[Any, ...] | None:
        try:
            row: tuple[Any, ...] | None = self._cursor.fetchone()
        except sqlite3.Error as error:
            raise self._failed(error) from error
        return row

    def fetchall(self) -> list[tuple[Any, ...]]:
        try:
            return self._cursor.fetchall()
        except sqlite3.Error as error:
            raise self._failed(error) from error

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        # The rows of each block handed on by chain, in C: no Python code runs for each row.
        return chain.from_iterable(iter(self._block, []))

    def _block(self) -> list[tuple[Any, ...]]:
        try:
            return self._cursor.fetchmany(BLOCK_ROWS)
        except sqlite3.Error as error:
            raise self._failed(error) from error


def connect(path: str, *, read_only: bool = False) -> SQLite:
    """The SQLite index in the file ``path``, created if absent; opened read-only with
    ``read_only`` (never made nor written)."""
    return SQLite(path, read_only=read_only)
